//! Our own reader as a judge: the tactical reader (capture, ladder, net, escape), the
//! connection reader (connect, cut), the exact life-and-death search (live, kill) and the
//! exact endgame minimax, all on the rules core.

use super::connection::{can_connect, can_disconnect};
use super::{EndgameChoice, Holds, Judge, JudgeError, Question};
use crate::ai::tactics::{ReadLimits, Reader};
use crate::problems::goal::Goal;
use crate::problems::reading;
use crate::rules::{Color, Coord, Game, Move};

/// Our own reader.
#[derive(Debug)]
pub struct OwnReader {
    tactics: Reader,
}

impl Default for OwnReader {
    fn default() -> OwnReader {
        OwnReader::new()
    }
}

impl OwnReader {
    /// The reader with the limits the shipped problems are proved with: ladders and nets,
    /// 20,000 positions a tactical question.
    pub fn new() -> OwnReader {
        OwnReader {
            tactics: Reader::new(ReadLimits {
                nodes_per_read: 20_000,
                nets: true,
                max_attack_liberties: 3,
            }),
        }
    }

    fn to_move(game: &Game, color: Color) -> Game {
        let mut g = game.clone();
        g.set_to_move(color);
        g
    }

    /// The marked chains of `color` cannot be saved (with their owner to move) or can be
    /// captured (with the attacker to move).
    fn captured(&mut self, q: &Question<'_>, points: &[Coord], owner: Color) -> Holds {
        let chains = q.chains(points, owner);
        if chains.is_empty() {
            return Holds::Yes(None);
        }
        if q.to_move == owner {
            let g = OwnReader::to_move(q.game, owner);
            for &c in &chains {
                if let Some(save) = self.tactics.defend(&g, c) {
                    return Holds::No(Some(save));
                }
            }
            Holds::Yes(None)
        } else {
            let g = OwnReader::to_move(q.game, owner.opponent());
            let mut first = None;
            for &c in &chains {
                match self.tactics.attack(&g, c) {
                    Some(m) => first = first.or(Some(Move::Play(m))),
                    None => return Holds::No(None),
                }
            }
            Holds::Yes(first)
        }
    }
}

impl Judge for OwnReader {
    fn name(&self) -> String {
        "ours".to_string()
    }

    fn holds(&mut self, q: &Question<'_>) -> Result<Holds, JudgeError> {
        let player = q.player;
        let opponent = player.opponent();
        let mine = q.mine();
        let theirs = q.theirs();
        let board = q.game.board();
        Ok(match q.goal {
            Goal::Capture | Goal::Ladder | Goal::Net => self.captured(q, &theirs, opponent),
            Goal::Escape => {
                if mine.is_empty() || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                match self.captured(q, &mine, player) {
                    Holds::Yes(m) => Holds::No(m),
                    Holds::No(m) => Holds::Yes(m),
                    u => u,
                }
            }
            Goal::Connect => {
                if mine.len() < 2 || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                let chains = q.chains(&mine, player);
                let first = chains[0];
                if q.to_move == player {
                    if chains.len() > 2 {
                        return Ok(Holds::Unknown("more than two chains to connect".into()));
                    }
                    let other = *chains.get(1).unwrap_or(&first);
                    match can_connect(q.game, first, other) {
                        Some(m) => Holds::Yes(Some(m)),
                        None => Holds::No(None),
                    }
                } else {
                    let mut out = Holds::Yes(None);
                    // One chain: it must not be capturable; several: none may be cut off.
                    let others: Vec<Coord> = if chains.len() == 1 {
                        vec![first]
                    } else {
                        chains[1..].to_vec()
                    };
                    for &c in &others {
                        if let Some(m) = can_disconnect(q.game, first, c) {
                            out = Holds::No(Some(m));
                            break;
                        }
                    }
                    out
                }
            }
            Goal::Cut => {
                if theirs.len() < 2 {
                    return Ok(Holds::No(None));
                }
                if !q.all_on_board(&theirs, opponent) {
                    // One of them is captured: cut off.
                    return Ok(Holds::Yes(None));
                }
                let chains = q.chains(&theirs, opponent);
                if chains.len() < 2 {
                    return Ok(Holds::No(None));
                }
                let first = chains[0];
                if q.to_move == opponent {
                    // Cut when some chain cannot be joined to the first.
                    let mut proof = None;
                    for &c in &chains[1..] {
                        match can_connect(q.game, first, c) {
                            None => return Ok(Holds::Yes(None)),
                            Some(m) => proof = proof.or(Some(m)),
                        }
                    }
                    Holds::No(proof)
                } else {
                    for &c in &chains[1..] {
                        if let Some(m) = can_disconnect(q.game, first, c) {
                            return Ok(Holds::Yes(Some(m)));
                        }
                    }
                    Holds::No(None)
                }
            }
            Goal::Live => {
                if mine.is_empty() || !q.all_on_board(&mine, player) {
                    return Ok(Holds::No(None));
                }
                if q.to_move == opponent {
                    match reading::killing_moves(board, opponent, &mine) {
                        Some(k) if k.is_empty() => Holds::Yes(None),
                        Some(k) => Holds::No(Some(Move::Play(k[0]))),
                        None => Holds::Unknown(
                            "the group is not enclosed or the reading ran out".into(),
                        ),
                    }
                } else {
                    match reading::dead_with_defender_to_move(board, player, &mine) {
                        Some(true) => Holds::No(None),
                        Some(false) => Holds::Yes(None),
                        None => Holds::Unknown(
                            "the group is not enclosed or the reading ran out".into(),
                        ),
                    }
                }
            }
            Goal::Kill => {
                if theirs.is_empty() {
                    return Ok(Holds::No(None));
                }
                if q.chains(&theirs, opponent).is_empty() {
                    return Ok(Holds::Yes(None));
                }
                if q.to_move == opponent {
                    match reading::dead_with_defender_to_move(board, opponent, &theirs) {
                        Some(true) => Holds::Yes(None),
                        Some(false) => Holds::No(None),
                        None => Holds::Unknown(
                            "the group is not enclosed or the reading ran out".into(),
                        ),
                    }
                } else {
                    match reading::killing_moves(board, player, &theirs) {
                        Some(k) if k.is_empty() => Holds::No(None),
                        Some(k) => Holds::Yes(Some(Move::Play(k[0]))),
                        None => Holds::Unknown(
                            "the group is not enclosed or the reading ran out".into(),
                        ),
                    }
                }
            }
            Goal::Endgame => Holds::Unknown("the endgame is judged by its best moves".into()),
        })
    }

    fn endgame(&mut self, q: &Question<'_>) -> Result<EndgameChoice, JudgeError> {
        Ok(
            match reading::best_region_moves(q.game.board(), q.player, q.region) {
                Some((_, moves)) => EndgameChoice::All(moves),
                None => EndgameChoice::NotJudged("the endgame reading ran out".into()),
            },
        )
    }
}
