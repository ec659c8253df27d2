//! Why a move is not allowed, in words a child understands, with the stones to point at.
//!
//! The reason itself comes from the rules core ([`Game::check`]); this module finds the stones
//! involved and says it in Simplified Chinese, Traditional Chinese and English. A teacher can
//! still read the article ([`IllegalMove::article`]) beside it.

use super::chains::neighbours;
use crate::i18n::Lang;
use crate::rules::{Color, Coord, Game, IllegalMove, Move};

/// The kind of refusal, as a child is told about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// A forbidden point (禁着点): the stone and its chain would have no liberty and capture
    /// nothing.
    Suicide,
    /// Taking back a ko at once (打劫): the opponent has just captured a stone on this point.
    KoRecapture,
    /// The whole board would repeat the position after move `after_move` (全局同形再现).
    Repetition {
        /// The move after which the same position stood (0 = the start).
        after_move: usize,
    },
}

/// A refused move explained: the reason, the point and the stones to highlight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalExplanation {
    /// The rules core's reason (with its article).
    pub reason: IllegalMove,
    /// The kind, as explained to a child.
    pub kind: IllegalKind,
    /// Who tried to play.
    pub color: Color,
    /// Where.
    pub point: Coord,
    /// The stones involved, to highlight: for a forbidden point the chain that would have no
    /// liberty (the new stone's point included); for a ko the opponent's stone that would be
    /// taken back; for a repetition the stones the move would capture; for an occupied point
    /// the stone already there. Row by row from the top.
    pub stones: Vec<Coord>,
}

/// Why `color` may not play `mv` in `game`, explained; `None` when the move is legal.
pub fn explain_illegal(game: &Game, color: Color, mv: Move) -> Option<IllegalExplanation> {
    let reason = game.check(color, mv).err()?;
    let Move::Play(point) = mv else {
        return None;
    };
    let board = game.board();
    let size = board.size();
    let kind = match reason {
        IllegalMove::OffBoard => IllegalKind::OffBoard,
        IllegalMove::Occupied => IllegalKind::Occupied,
        IllegalMove::Suicide => IllegalKind::Suicide,
        IllegalMove::Ko { .. } => IllegalKind::KoRecapture,
        IllegalMove::Superko { repeats_after_move } => {
            if repeats_after_move + 1 == game.move_number()
                && would_capture(game, color, point).len() == 1
            {
                IllegalKind::KoRecapture
            } else {
                IllegalKind::Repetition {
                    after_move: repeats_after_move,
                }
            }
        }
    };
    let mut stones = match kind {
        IllegalKind::OffBoard => Vec::new(),
        IllegalKind::Occupied => board.chain(point).into_iter().take(1).collect(),
        IllegalKind::Suicide => {
            let mut chain = vec![point];
            for q in neighbours(point, size) {
                if board.get(q) == Some(color) && !chain.contains(&q) {
                    chain.extend(board.chain(q));
                }
            }
            chain.sort();
            chain.dedup();
            chain
        }
        IllegalKind::KoRecapture | IllegalKind::Repetition { .. } => {
            would_capture(game, color, point)
        }
    };
    if kind == IllegalKind::Occupied {
        stones = vec![point];
    }
    stones.sort_by_key(|c| (c.y, c.x));
    Some(IllegalExplanation {
        reason,
        kind,
        color,
        point,
        stones,
    })
}

/// The opponent stones a `color` stone on the empty point `p` would capture.
pub(crate) fn would_capture(game: &Game, color: Color, p: Coord) -> Vec<Coord> {
    let board = game.board();
    let mut out: Vec<Coord> = Vec::new();
    for q in neighbours(p, board.size()) {
        if board.get(q) == Some(color.opponent()) && board.liberties(q) == 1 && !out.contains(&q) {
            out.extend(board.chain(q));
        }
    }
    out.sort_by_key(|c| (c.y, c.x));
    out.dedup();
    out
}

impl IllegalExplanation {
    /// The explanation for a child, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let n = self.stones.len();
        match self.kind {
            IllegalKind::OffBoard => lang
                .pick("这一点不在棋盘上。", "這一點不在棋盤上。", "That point is not on the board.")
                .to_owned(),
            IllegalKind::Occupied => lang
                .pick(
                    "这里已经有棋子了，请下在空的交叉点上。",
                    "這裡已經有棋子了，請下在空的交叉點上。",
                    "There is already a stone here. Play on an empty point.",
                )
                .to_owned(),
            IllegalKind::Suicide => {
                if n <= 1 {
                    lang.pick(
                        "这里不能下：棋子下在这里一口气也没有，又提不掉对方的子。这叫禁着点。",
                        "這裡不能下：棋子下在這裡一口氣也沒有，又提不掉對方的子。這叫禁著點。",
                        "You can't play here: your stone would have no liberties (no room to breathe) and would not capture anything. This is a forbidden point.",
                    )
                    .to_owned()
                } else {
                    match lang {
                        Lang::ZhHans => format!(
                            "这里不能下：下了以后，这{n}颗连在一起的棋子一口气也没有，又提不掉对方的子。这叫禁着点。"
                        ),
                        Lang::ZhHant => format!(
                            "這裡不能下：下了以後，這{n}顆連在一起的棋子一口氣也沒有，又提不掉對方的子。這叫禁著點。"
                        ),
                        Lang::En => format!(
                            "You can't play here: these {n} connected stones would have no liberties left (no room to breathe) and nothing would be captured. This is a forbidden point."
                        ),
                    }
                }
            }
            IllegalKind::KoRecapture => lang
                .pick(
                    "这是打劫！对方刚刚在这里提了你的子，你不能马上提回来。先在别的地方下一手，下一轮才可以提。",
                    "這是打劫！對方剛剛在這裡提了你的子，你不能馬上提回來。先在別的地方下一手，下一輪才可以提。",
                    "This is a ko! Your opponent has just captured your stone here, so you can't take back straight away. Play somewhere else first; next turn you may take it back.",
                )
                .to_owned(),
            IllegalKind::Repetition { after_move } => match lang {
                Lang::ZhHans => format!(
                    "这里不能下：下了以后，棋盘会和第{after_move}手以后一模一样。棋局不能回到以前的样子（全局同形再现）。"
                ),
                Lang::ZhHant => format!(
                    "這裡不能下：下了以後，棋盤會和第{after_move}手以後一模一樣。棋局不能回到以前的樣子（全局同形再現）。"
                ),
                Lang::En => format!(
                    "You can't play here: the board would look exactly as it did after move {after_move}. A game may not go back to an earlier position."
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, KoRule, Rules};

    fn game(diagram: &str) -> Game {
        Game::from_board(
            Board::from_diagram(diagram).expect("valid diagram"),
            Rules::default(),
            Color::Black,
        )
    }

    fn at(s: &str, size: u8) -> Coord {
        Coord::from_gtp(s, size).unwrap_or_else(|| panic!("bad vertex {s}"))
    }

    #[test]
    fn legal_moves_need_no_explanation() {
        let g = game(". . .\n. . .\n. . .");
        assert_eq!(
            explain_illegal(&g, Color::Black, Move::Play(at("B2", 3))),
            None
        );
        assert_eq!(explain_illegal(&g, Color::Black, Move::Pass), None);
    }

    #[test]
    fn suicide_names_the_chain_without_liberties() {
        // Black A1 would join B1 and have no liberty: B1 has only A1 left.
        let g = game(
            ". . . . .
             . . . . .
             . . . . .
             O O . . .
             . X O . .",
        );
        let e = explain_illegal(&g, Color::Black, Move::Play(at("A1", 5))).expect("illegal");
        assert_eq!(e.kind, IllegalKind::Suicide);
        assert_eq!(e.stones, vec![at("A1", 5), at("B1", 5)]);
        assert!(e.text(Lang::En).contains("these 2 connected stones"));
        assert!(e.text(Lang::ZhHans).contains("禁着点"));
        assert!(e.text(Lang::ZhHant).contains("禁著點"));
    }

    #[test]
    fn ko_names_the_stone_that_would_be_taken_back() {
        // White takes the ko at C2... set up a ko: Black captures, White may not retake.
        let mut g = game(
            ". . . . .
             . . . . .
             . X O . .
             X O . O .
             . X O . .",
        );
        // Black C2 captures White B2? B2 has liberties: none besides C2 → Black C2 captures.
        g.play(Color::Black, Move::Play(at("C2", 5)))
            .expect("Black takes the ko");
        for rules in [KoRule::Positional, KoRule::Simple] {
            let mut g = g.clone();
            g.set_rules(Rules {
                ko: rules,
                ..Rules::default()
            });
            let e = explain_illegal(&g, Color::White, Move::Play(at("B2", 5))).expect("ko");
            assert_eq!(e.kind, IllegalKind::KoRecapture, "{rules:?}");
            assert_eq!(e.stones, vec![at("C2", 5)]);
            assert!(e.text(Lang::ZhHans).contains("打劫"));
            assert!(e.text(Lang::En).contains("ko"));
        }
    }

    #[test]
    fn occupied_and_off_board() {
        let g = game(". . .\n. X .\n. . .");
        let e = explain_illegal(&g, Color::White, Move::Play(at("B2", 3))).expect("occupied");
        assert_eq!(e.kind, IllegalKind::Occupied);
        assert_eq!(e.stones, vec![at("B2", 3)]);
        let off = explain_illegal(&g, Color::White, Move::Play(Coord::new(5, 5))).expect("off");
        assert_eq!(off.kind, IllegalKind::OffBoard);
        for lang in Lang::ALL {
            assert!(!e.text(lang).is_empty() && !off.text(lang).is_empty());
        }
    }
}
