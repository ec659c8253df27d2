//! The tactical reader: can a chain be captured, can it escape? Ladders (征子), nets (枷) and
//! capture-in-N read move by move on the rules core, so suicide, ko and every capture are
//! exactly the rules' own.
//!
//! Reading is a depth-first AND/OR search after GNU Go's `attack`/`find_defense`: the attacker
//! tries the target's liberties (and, when nets are on, the points next to them while the
//! target has two liberties), the defender tries its liberties, captures of neighbouring chains
//! in atari and counter-ataris. A chain that reaches three liberties after the defender's move
//! has escaped. The search is bounded by a count of positions visited, never by time, so the
//! same question always gets the same answer; when the count runs out the defender is given
//! the benefit of the doubt (the attack is "not proven").

use crate::rules::{Color, Coord, Game, Move};
use crate::teach::chains::neighbours;

/// How far the reader may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// Positions a single question (one attack or defence) may visit.
    pub nodes_per_read: u32,
    /// Whether the attacker also tries nets (geta): points next to the liberties of a chain
    /// with two liberties, in the first moves of a sequence.
    pub nets: bool,
    /// The most liberties a chain may have for the attacker to start reading it (2 or 3).
    pub max_attack_liberties: usize,
}

impl Default for ReadLimits {
    /// Ladders and nets, 3-liberty starts, 600 positions a question.
    fn default() -> ReadLimits {
        ReadLimits {
            nodes_per_read: 600,
            nets: true,
            max_attack_liberties: 3,
        }
    }
}

/// Attacker moves along one line of reading; deeper lines count as escaped. Long enough for
/// a ladder across a 19×19 board.
const MAX_DEPTH: u32 = 48;
/// Nets are tried only in the first attacker moves of a line, where they occur in practice;
/// later the attacker plays on liberties only (a ladder), which keeps the reading narrow.
const NET_DEPTH: u32 = 2;

/// A tactical reader with its limits and a count of the positions it has visited.
#[derive(Clone, Debug)]
pub struct Reader {
    limits: ReadLimits,
    /// Positions visited by the current question.
    nodes: u32,
    /// Positions visited since the reader was made (for statistics and benchmarks).
    total: u64,
    /// Games to read the next position in, one a level of the current line.
    spare: Spares,
}

/// The reader's scratch games: each position read is a copy of the one before with one more
/// move, made with [`Game::clone_from`] into a game kept from an earlier line, which copies
/// only the cells the board uses and reuses the lists' buffers. A fresh `clone` a position
/// copied every array of the largest board and allocated every list, most of the reader's
/// time.
#[derive(Default)]
struct Spares(Vec<Game>);

impl Clone for Spares {
    /// A copied reader starts without scratch games (they hold nothing worth copying).
    fn clone(&self) -> Spares {
        Spares::default()
    }
}

impl std::fmt::Debug for Spares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} spare games", self.0.len())
    }
}

impl Reader {
    /// A reader with these limits.
    pub fn new(limits: ReadLimits) -> Reader {
        Reader {
            limits,
            nodes: 0,
            total: 0,
            spare: Spares::default(),
        }
    }

    /// `game` copied into a scratch game (see [`Spares`]); give it back with
    /// [`Reader::put_back`].
    fn copy_of(&mut self, game: &Game) -> Game {
        match self.spare.0.pop() {
            Some(mut g) => {
                g.clone_from(game);
                g
            }
            None => game.clone(),
        }
    }

    fn put_back(&mut self, game: Game) {
        self.spare.0.push(game);
    }

    /// The limits.
    pub fn limits(&self) -> ReadLimits {
        self.limits
    }

    /// Positions visited since the reader was made.
    pub fn total_nodes(&self) -> u64 {
        self.total
    }

    /// A move with which the opponent of the chain through `target` captures it whatever the
    /// defender does (as far as the reader sees); `None` if there is none, the point is
    /// empty, or the chain has more liberties than the limits allow.
    pub fn attack(&mut self, game: &Game, target: Coord) -> Option<Coord> {
        let defender = game.board().get(target)?;
        if game.board().liberties(target) > self.limits.max_attack_liberties {
            return None;
        }
        self.nodes = 0;
        self.attack_rec(game, target, defender, 0)
    }

    /// With the owner of the chain through `target` to move: `Some(Move::Pass)` if the chain is
    /// safe without a move, `Some(Move::Play(c))` if `c` saves it, `None` if it cannot be saved
    /// (as far as the reader sees). `None` also for an empty point.
    pub fn defend(&mut self, game: &Game, target: Coord) -> Option<Move> {
        let defender = game.board().get(target)?;
        if self.attack(game, target).is_none() {
            return Some(Move::Pass);
        }
        self.nodes = 0;
        self.defend_rec(game, target, defender, 0)
            .map(|c| c.map_or(Move::Pass, Move::Play))
    }

    /// Counts a visited position; false when the question's allowance is spent.
    fn visit(&mut self) -> bool {
        if self.nodes >= self.limits.nodes_per_read {
            return false;
        }
        self.nodes += 1;
        self.total += 1;
        true
    }

    /// Attacker to move against the chain of `defender` through `target`.
    fn attack_rec(
        &mut self,
        game: &Game,
        target: Coord,
        defender: Color,
        depth: u32,
    ) -> Option<Coord> {
        let attacker = defender.opponent();
        let board = game.board();
        let libs = liberty_points(game, target);
        if libs.len() == 1 {
            let at = libs[0];
            return game.is_legal(attacker, at).then_some(at);
        }
        if depth >= MAX_DEPTH || libs.len() > self.limits.max_attack_liberties {
            return None;
        }
        let mut candidates: Vec<(i32, Coord)> = Vec::with_capacity(12);
        for &l in &libs {
            // A stone with room of its own, that leaves the other liberties little room.
            let own_room = empty_neighbours(game, l) as i32;
            let their_room: i32 = libs
                .iter()
                .filter(|&&o| o != l)
                .map(|&o| empty_neighbours(game, o) as i32)
                .sum();
            candidates.push((own_room * 2 - their_room * 3, l));
        }
        if self.limits.nets && libs.len() == 2 && depth < NET_DEPTH {
            for &l in &libs {
                for q in neighbours(l, board.size()) {
                    if board.get(q).is_none()
                        && !libs.contains(&q)
                        && !candidates.iter().any(|&(_, c)| c == q)
                    {
                        candidates.push((-10 + empty_neighbours(game, q) as i32, q));
                    }
                }
            }
        }
        candidates.sort_by_key(|&(score, c)| (-score, c.y, c.x));
        for (_, m) in candidates {
            if !game.is_legal(attacker, m) {
                continue;
            }
            if !self.visit() {
                return None;
            }
            let mut next = self.copy_of(game);
            let captures = 'read: {
                if next.play(attacker, Move::Play(m)).is_err() {
                    break 'read false;
                }
                if next.board().get(target) != Some(defender) {
                    break 'read true;
                }
                // A stone left in atari that captures nothing is taken at once: no attack.
                if next.board().liberties(m) == 1 && !libs.contains(&m) {
                    break 'read false;
                }
                self.defend_rec(&next, target, defender, depth + 1)
                    .is_none()
            };
            self.put_back(next);
            if captures {
                return Some(m);
            }
        }
        None
    }

    /// Defender to move after an attacker's move: `Some(Some(c))` if `c` saves the chain,
    /// `Some(None)` if it is safe already (three liberties, or the reading ran out), `None` if
    /// it cannot be saved.
    fn defend_rec(
        &mut self,
        game: &Game,
        target: Coord,
        defender: Color,
        depth: u32,
    ) -> Option<Option<Coord>> {
        let libs = liberty_points(game, target);
        if libs.len() >= 3 || depth >= MAX_DEPTH {
            return Some(None);
        }
        let mut candidates: Vec<Coord> = Vec::with_capacity(8);
        // Capturing a neighbour in atari first, then counter-ataris, then running.
        let enemies = enemy_neighbours(game, target);
        for &(rep, n_libs) in &enemies {
            if n_libs == 1 {
                candidates.extend(liberty_points(game, rep));
            }
        }
        let mut runs: Vec<Coord> = libs.clone();
        runs.sort_by_key(|&l| (std::cmp::Reverse(empty_neighbours(game, l)), l.y, l.x));
        candidates.extend(runs);
        if libs.len() == 2 {
            for &(rep, n_libs) in &enemies {
                if n_libs == 2 {
                    candidates.extend(liberty_points(game, rep));
                }
            }
        }
        let mut tried: Vec<Coord> = Vec::with_capacity(candidates.len());
        for m in candidates {
            if tried.contains(&m) || !game.is_legal(defender, m) {
                continue;
            }
            tried.push(m);
            if !self.visit() {
                return Some(None);
            }
            let mut next = self.copy_of(game);
            let saves = 'read: {
                if next.play(defender, Move::Play(m)).is_err() {
                    break 'read false;
                }
                if next.board().get(target) != Some(defender) {
                    break 'read false;
                }
                if next.board().liberties(target) >= 3 {
                    break 'read true;
                }
                self.attack_rec(&next, target, defender, depth).is_none()
            };
            self.put_back(next);
            if saves {
                return Some(Some(m));
            }
        }
        None
    }
}

/// The liberties of the chain through `c` (its empty neighbours), in reading order.
pub fn liberty_points(game: &Game, c: Coord) -> Vec<Coord> {
    let board = game.board();
    let size = board.size();
    let mut out: Vec<Coord> = Vec::with_capacity(8);
    for s in board.chain(c) {
        for q in neighbours(s, size) {
            if board.get(q).is_none() && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out.sort_by_key(|c| (c.y, c.x));
    out
}

/// The empty points next to `c`.
fn empty_neighbours(game: &Game, c: Coord) -> usize {
    let board = game.board();
    neighbours(c, board.size())
        .filter(|&q| board.get(q).is_none())
        .count()
}

/// One stone of each chain of the other colour touching the chain through `c`, with its
/// number of liberties.
fn enemy_neighbours(game: &Game, c: Coord) -> Vec<(Coord, usize)> {
    let board = game.board();
    let Some(color) = board.get(c) else {
        return Vec::new();
    };
    let mut out: Vec<(Coord, usize)> = Vec::new();
    let mut seen: Vec<Coord> = Vec::new();
    for s in board.chain(c) {
        for q in neighbours(s, board.size()) {
            if board.get(q) == Some(color.opponent()) && !seen.contains(&q) {
                let chain = board.chain(q);
                out.push((q, board.liberties(q)));
                seen.extend(chain);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Rules};

    fn game(diagram: &str, to_move: Color) -> Game {
        let board = Board::from_diagram(diagram).expect("valid diagram");
        Game::from_board(board, Rules::default(), to_move)
    }

    fn at(gtp: &str, g: &Game) -> Coord {
        Coord::from_gtp(gtp, g.size()).unwrap_or_else(|| panic!("bad vertex {gtp}"))
    }

    fn reader() -> Reader {
        Reader::new(ReadLimits::default())
    }

    /// White D3 with two liberties (D4, E3) against Black C3, D2, E2: a ladder to the upper
    /// right edge.
    const LADDER: &str = ". . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . X O . . . . .
                          . . . X X . . . .
                          . . . . . . . . .";

    /// The same with a white stone at G7 on the ladder's path.
    const BROKEN_LADDER: &str = ". . . . . . . . .
                                 . . . . . . . . .
                                 . . . . . . O . .
                                 . . . . . . . . .
                                 . . . . . . . . .
                                 . . . . . . . . .
                                 . . X O . . . . .
                                 . . . X X . . . .
                                 . . . . . . . . .";

    /// White D4 (liberties D5, E4) against Black C4, C5, D3, E3: both ladders are broken by
    /// White G7, the net at E5 captures.
    const NET: &str = ". . . . . . . . .
                       . . . . . . . . .
                       . . . . . . O . .
                       . . . . . . . . .
                       . . X . . . . . .
                       . . X O . . . . .
                       . . . X X . . . .
                       . . . . . . . . .
                       . . . . . . . . .";

    /// Attack questions: (name, diagram, target, nets on, the capturing move or None).
    #[test]
    fn reader_sees_ladders_and_nets() {
        let cases: &[(&str, &str, &str, bool, Option<&str>)] = &[
            (
                "atari: capture at once",
                ". . . . .
                 . X . . .
                 X O X . .
                 . . . . .
                 . . . . .",
                "B3",
                true,
                Some("B2"),
            ),
            ("ladder works", LADDER, "D3", false, Some("D4")),
            ("ladder breaker", BROKEN_LADDER, "D3", true, None),
            ("net needs nets", NET, "D4", false, None),
            ("net", NET, "D4", true, Some("E5")),
            (
                "four liberties are not read",
                ". . . . .
                 . . . . .
                 . . O . .
                 . . . . .
                 . . . . .",
                "C3",
                true,
                None,
            ),
        ];
        for (name, diagram, target, nets, want) in cases {
            let g = game(diagram, Color::Black);
            let target = at(target, &g);
            let mut r = Reader::new(ReadLimits {
                nets: *nets,
                ..ReadLimits::default()
            });
            let got = r.attack(&g, target);
            assert_eq!(got, want.map(|m| at(m, &g)), "{name}");
        }
    }

    #[test]
    fn defender_escapes_by_capturing_or_running() {
        // White B3 is in atari at B2, and Black A3 is in atari at A4.
        let g = game(
            ". . . . .
             . X . . .
             X O X . .
             O . O . .
             . . . . .",
            Color::White,
        );
        let target = at("B3", &g);
        assert_eq!(g.board().liberties(target), 1);
        let Some(Move::Play(m)) = reader().defend(&g, target) else {
            panic!("White can save B3");
        };
        let mut after = g.clone();
        after.play(Color::White, Move::Play(m)).expect("legal");
        assert_eq!(reader().attack(&after, target), None, "saved by {m:?}");
    }

    #[test]
    fn ladder_defence_depends_on_who_moves() {
        // White to move before the atari: D4 gives four liberties.
        let g = game(LADDER, Color::White);
        assert_eq!(
            reader().defend(&g, at("D3", &g)),
            Some(Move::Play(at("D4", &g)))
        );
        // After Black D4, running along the ladder does not help.
        let mut g = game(LADDER, Color::Black);
        g.play(Color::Black, Move::Play(at("D4", &g)))
            .expect("legal");
        assert_eq!(reader().defend(&g, at("D3", &g)), None);
        // With the breaker it does.
        let mut g = game(BROKEN_LADDER, Color::Black);
        g.play(Color::Black, Move::Play(at("D4", &g)))
            .expect("legal");
        assert_eq!(
            reader().defend(&g, at("D3", &g)),
            Some(Move::Play(at("E3", &g)))
        );
    }

    #[test]
    fn reading_is_bounded_and_deterministic() {
        let g = game(LADDER, Color::Black);
        let target = at("D3", &g);
        let mut a = reader();
        let mut b = reader();
        assert_eq!(a.attack(&g, target), b.attack(&g, target));
        assert_eq!(a.total_nodes(), b.total_nodes());
        let mut tiny = Reader::new(ReadLimits {
            nodes_per_read: 3,
            ..ReadLimits::default()
        });
        assert_eq!(
            tiny.attack(&g, target),
            None,
            "three positions cannot read the ladder"
        );
        assert!(tiny.total_nodes() <= 3);
    }
}
