//! A game: the board, its history, the rules, and the repetition (ko) rules over that history.

use std::collections::HashSet;
use std::sync::Arc;

use super::board::{Board, EMPTY, Outcome, code};
use super::color::Color;
use super::coord::{Coord, Move};
use super::error::{IllegalMove, RulesError};
use super::grid::CellBits;
use super::key_filter::KeyFilter;
use super::settings::{KoRule, Rules};
use super::zobrist::WHITE_TO_MOVE;

/// What a successful [`Game::play`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The opponent stones removed (提子), sorted.
    pub captured: Vec<Coord>,
    /// Under [`KoRule::Simple`] only: the new position equals the one after move N (0 = the
    /// start position or the last setup): a cycle such as a triple ko (Art. 20.3). `None` for
    /// passes and under the superko rules (which forbid such moves).
    pub repeats_after_move: Option<usize>,
}

/// One move of the undo log: enough to take it back.
#[derive(Clone, Copy, Debug)]
struct UndoEntry {
    color: Color,
    /// The cell played, `None` for a pass (kept small: one entry per move of every playout).
    cell: Option<u16>,
    outcome: Outcome,
    /// Where this move's removed cells start in `Game::removed`.
    removed_from: u32,
    to_move_before: Color,
}

/// A position in the repetition history: the board's hash and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    hash: u64,
    to_move: Color,
}

impl Position {
    fn situational_key(self) -> u64 {
        situational_key(self.hash, self.to_move)
    }
}

fn situational_key(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ WHITE_TO_MOVE,
    }
}

/// A game in progress: the board, every move and pass, the rules, captures and handicap.
///
/// Alternation is not enforced (like GNU Go's GTP engine): [`Game::play`] takes the colour.
/// The *repetition baseline* is the start position or the position after the last setup
/// ([`Game::setup`], handicap placement): superko compares against it and every position after
/// it; positions before a setup are forgotten, since a setup is an arbiter's or editor's act
/// that starts a new sequence. Undo stops at the baseline too.
#[derive(Debug)]
pub struct Game {
    board: Board,
    rules: Rules,
    moves: Vec<(Color, Move)>,
    undo_log: Vec<UndoEntry>,
    removed: Vec<u16>,
    captures: [usize; 2],
    handicap: u8,
    to_move: Color,
    /// The board at the baseline; `None` for an empty board, which playouts start from a
    /// million times and need not copy.
    baseline: Option<Board>,
    baseline_move: usize,
    /// `history[i]` is the position after move `baseline_move + i`.
    history: Vec<Position>,
    /// The keys of `history` under the current ko rule ([`Game::key`]), for O(1) lookups.
    seen: KeyFilter,
    /// Positions from before an in-place edit ([`Game::edit_stones`]) that may not recur: an
    /// edit accepts moved stones without resetting the repetition history (Art. 17.3). Empty
    /// (and shared, so cheap to clone) in every game without such an edit.
    prior: Arc<Vec<PriorPosition>>,
    /// Every cell a move has emptied since the baseline (the stones of a capture or of a
    /// suicide), and every cell once there are `prior` positions: the superko filter's sound
    /// shortcut ([`Game::check_repetition`]). It may hold more (an undone capture leaves its
    /// cells in), never less.
    vacated: CellBits,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            board: self.board.clone(),
            rules: self.rules.clone(),
            moves: self.moves.clone(),
            undo_log: self.undo_log.clone(),
            removed: self.removed.clone(),
            captures: self.captures,
            handicap: self.handicap,
            to_move: self.to_move,
            baseline: self.baseline.clone(),
            baseline_move: self.baseline_move,
            history: self.history.clone(),
            seen: self.seen.clone(),
            prior: Arc::clone(&self.prior),
            vacated: self.vacated.clone(),
        }
    }

    /// Copies `source` into this game reusing its buffers: a playout from a position (the Go
    /// player, the tests) starts from a copy thousands of times, and the derived version would
    /// allocate every list anew each time.
    fn clone_from(&mut self, source: &Game) {
        // Every field named, so a new one cannot be forgotten here.
        let Game {
            board,
            rules,
            moves,
            undo_log,
            removed,
            captures,
            handicap,
            to_move,
            baseline,
            baseline_move,
            history,
            seen,
            prior,
            vacated,
        } = source;
        self.board.clone_from(board);
        self.rules.clone_from(rules);
        self.moves.clone_from(moves);
        self.undo_log.clone_from(undo_log);
        self.removed.clone_from(removed);
        self.captures = *captures;
        self.handicap = *handicap;
        self.to_move = *to_move;
        self.baseline.clone_from(baseline);
        self.baseline_move = *baseline_move;
        self.history.clone_from(history);
        self.seen.clone_from(seen);
        self.prior.clone_from(prior);
        self.vacated.clone_from(vacated);
    }
}

/// A position from before an in-place edit, kept whole so a hash hit is confirmed by
/// comparing boards.
#[derive(Clone, Debug)]
struct PriorPosition {
    pos: Position,
    board: Board,
    /// The move after which it stood.
    after_move: usize,
}

impl Game {
    /// A new game on an empty board of `size` lines; Black to move.
    pub fn new(size: u8, rules: Rules) -> Result<Game, RulesError> {
        Ok(Game::from_board(Board::new(size)?, rules, Color::Black))
    }

    /// A new game starting from `board` (a diagram, a problem), `to_move` to play; the
    /// position is the repetition baseline.
    pub fn from_board(board: Board, rules: Rules, to_move: Color) -> Game {
        let mut game = Game {
            baseline: None,
            board,
            rules,
            moves: Vec::new(),
            undo_log: Vec::new(),
            removed: Vec::new(),
            captures: [0; 2],
            handicap: 0,
            to_move,
            baseline_move: 0,
            history: Vec::new(),
            seen: KeyFilter::new(),
            prior: Arc::new(Vec::new()),
            vacated: CellBits::new(),
        };
        game.reset_baseline();
        game
    }

    /// Empties the board and forgets the history, handicap and captures, keeping the size and
    /// the rules (and the allocated buffers: playouts reuse one game).
    pub fn clear(&mut self) {
        self.board.clear();
        self.moves.clear();
        self.captures = [0; 2];
        self.handicap = 0;
        self.to_move = Color::Black;
        self.reset_baseline();
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules; the history is kept, so a new ko rule applies to it at once.
    pub fn set_rules(&mut self, r: Rules) {
        let rebuild = (r.ko == KoRule::Situational) != (self.rules.ko == KoRule::Situational);
        self.rules = r;
        if rebuild {
            self.rebuild_seen();
        }
    }

    /// The stones on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of lines.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The side to move: Black first, White first after handicap stones, then the other side
    /// after each move or pass (whoever made it).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move (SGF `PL`); the current position's side to move changes with it
    /// (situational superko).
    ///
    /// Constant time, so a record with `PL` in every node replays in linear time: the new key
    /// is added to the filter of earlier positions and the old one left there, which can only
    /// make it answer "maybe" where the history then says "no".
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        let Some(last) = self.history.last_mut() else {
            return;
        };
        if last.to_move == color {
            return;
        }
        last.to_move = color;
        let pos = *last;
        let key = self.key(pos);
        self.seen.insert(key);
        if self.seen.crowded() {
            self.rebuild_seen();
        }
    }

    /// The number of moves and passes played since the start.
    pub fn move_number(&self) -> usize {
        self.moves.len()
    }

    /// The number of handicap stones placed (0 in an even game).
    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// The number of stones captured BY `by` (as GNU Go's `captures`).
    pub fn captures(&self, by: Color) -> usize {
        self.captures[by.index()]
    }

    /// The last move or pass and who made it.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// The number of passes at the end of the move list.
    pub fn consecutive_passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|(_, m)| *m == Move::Pass)
            .count()
    }

    /// Every move and pass since the start, in order (tolerant replays record a move on an
    /// occupied point as the pass it became).
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// Whether `color` may play `mv` now; a pass is always legal.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(c) = mv else { return Ok(()) };
        if !c.is_on(self.size()) {
            return Err(IllegalMove::OffBoard);
        }
        self.check_cell(color, self.board.cell(c))
    }

    /// Whether `color` may play on `c` now (a cheaper [`Game::check`] for move generation).
    pub fn is_legal(&self, color: Color, c: Coord) -> bool {
        c.is_on(self.size()) && self.check_cell(color, self.board.cell(c)).is_ok()
    }

    /// Plays `mv` for `color` (alternation is not enforced). On error the game is unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        self.check(color, mv)?;
        let cell = match mv {
            Move::Play(c) => Some(self.board.cell(c)),
            Move::Pass => None,
        };
        let from = self.removed.len();
        let repeats = self.apply(color, cell);
        let mut captured: Vec<Coord> = self.removed[from..]
            .iter()
            .map(|&p| self.board.coord(usize::from(p)))
            .collect();
        captured.sort();
        Ok(Played {
            captured,
            repeats_after_move: repeats,
        })
    }

    /// Plays a stone for `color` on `c` if legal, the fast path of playouts: no result is built.
    /// Returns whether the stone was played; the game is unchanged when not.
    pub fn try_play(&mut self, color: Color, c: Coord) -> bool {
        if !c.is_on(self.size()) {
            return false;
        }
        let p = self.board.cell(c);
        if self.check_cell(color, p).is_err() {
            return false;
        }
        self.apply(color, Some(p));
        true
    }

    /// Takes back the last move or pass, restoring board, hash, captures and history. `false`
    /// when there is none since the repetition baseline (start, handicap or setup).
    pub fn undo(&mut self) -> bool {
        let Some(entry) = self.undo_log.pop() else {
            return false;
        };
        self.moves.pop();
        self.history.pop();
        let own = code(entry.color);
        let removed_color = if entry.outcome.suicide { own } else { 3 - own };
        for &q in &self.removed[entry.removed_from as usize..] {
            self.board.set_raw(usize::from(q), removed_color);
        }
        self.removed.truncate(entry.removed_from as usize);
        if let Some(p) = entry.cell {
            self.board.set_raw(usize::from(p), EMPTY);
            let n = entry.outcome.captured as usize;
            let by = if entry.outcome.suicide {
                entry.color.opponent()
            } else {
                entry.color
            };
            self.captures[by.index()] -= n;
        }
        self.board.rebuild();
        self.to_move = entry.to_move_before;
        // The filter keeps the undone position's key: a stale key can only make it answer
        // "maybe", which the history settles, and not rebuilding keeps an undo independent of
        // the game's length (taking back a long game move by move stays linear).
        true
    }

    /// The game as it stood at the repetition baseline (the start, or the last setup or
    /// handicap placement): what undoing every move gives, but in time independent of the
    /// number of moves. The moves before the baseline stay in [`Game::moves`].
    pub fn at_baseline(&self) -> Game {
        let board = match &self.baseline {
            Some(board) => board.clone(),
            None => {
                let mut board = self.board.clone();
                board.clear();
                board
            }
        };
        let mut captures = self.captures;
        for entry in &self.undo_log {
            let by = if entry.outcome.suicide {
                entry.color.opponent()
            } else {
                entry.color
            };
            captures[by.index()] -= entry.outcome.captured as usize;
        }
        let start = self.history.first().copied().unwrap_or(Position {
            hash: board.hash(),
            to_move: self.to_move,
        });
        let mut game = Game {
            baseline: self.baseline.clone(),
            board,
            rules: self.rules.clone(),
            moves: self
                .moves
                .get(..self.baseline_move)
                .unwrap_or_default()
                .to_vec(),
            undo_log: Vec::new(),
            removed: Vec::new(),
            captures,
            handicap: self.handicap,
            to_move: self
                .undo_log
                .first()
                .map_or(self.to_move, |e| e.to_move_before),
            baseline_move: self.baseline_move,
            history: vec![start],
            seen: KeyFilter::new(),
            prior: Arc::clone(&self.prior),
            vacated: CellBits::new(),
        };
        game.reset_vacated();
        game.rebuild_seen();
        game
    }

    /// Edits the board as SGF `AB`/`AW`/`AE` do: stones are put or removed, nothing is
    /// captured. The result becomes the new repetition baseline (see [`Game`]). Refused, with
    /// the game unchanged, if a point is off the board or in two lists, or if a chain would be
    /// left without liberties.
    pub fn setup(
        &mut self,
        black: &[Coord],
        white: &[Coord],
        empty: &[Coord],
    ) -> Result<(), RulesError> {
        let size = self.size();
        let mut seen = super::coord::PointSet::new();
        for &c in black.iter().chain(white).chain(empty) {
            if !c.is_on(size) {
                return Err(RulesError::OffBoard);
            }
            if !seen.insert(c) {
                return Err(RulesError::DuplicatePoint(c));
            }
        }
        let mut board = self.board.clone();
        let lists = [
            (black, code(Color::Black)),
            (white, code(Color::White)),
            (empty, EMPTY),
        ];
        for (list, v) in lists {
            for &c in list {
                let p = board.cell(c);
                board.set_raw(p, v);
            }
        }
        if let Some(c) = board.rebuild() {
            return Err(RulesError::NoLiberties(c));
        }
        self.board = board;
        self.reset_baseline();
        Ok(())
    }

    // ----- internals -----

    pub(crate) fn set_handicap(&mut self, n: u8) {
        self.handicap = n;
        self.to_move = Color::White;
        self.reset_baseline();
    }

    /// Makes the current position the repetition baseline and forgets the undo log.
    fn reset_baseline(&mut self) {
        if !self.prior.is_empty() {
            self.prior = Arc::new(Vec::new());
        }
        let area = usize::from(self.size()) * usize::from(self.size());
        if self.board.empty_count() == area {
            // Written as a plain `None`: an `Option<Board>` built by `then` is a whole board
            // copied at every playout's start.
            self.baseline = None;
        } else {
            self.baseline = Some(self.board.clone());
        }
        self.baseline_move = self.moves.len();
        self.undo_log.clear();
        self.removed.clear();
        self.history.clear();
        self.history.push(Position {
            hash: self.board.hash(),
            to_move: self.to_move,
        });
        self.reset_vacated();
        self.rebuild_seen();
    }

    /// Starts `vacated` afresh: no cell emptied yet, or every cell when positions from before
    /// an in-place edit must not recur (their stones may stand anywhere).
    fn reset_vacated(&mut self) {
        if self.prior.is_empty() {
            self.vacated.clear();
        } else {
            self.vacated.fill();
        }
    }

    fn rebuild_seen(&mut self) {
        self.seen.reset_for(self.history.len() + self.prior.len());
        for i in 0..self.history.len() {
            let key = self.key(self.history[i]);
            self.seen.insert(key);
        }
        for i in 0..self.prior.len() {
            let key = self.key(self.prior[i].pos);
            self.seen.insert(key);
        }
    }

    /// A position's key in `seen`: situational superko needs the side to move, the other
    /// rules (positional superko, the simple-ko cycle detector) the stones only.
    #[inline]
    fn key(&self, pos: Position) -> u64 {
        match self.rules.ko {
            KoRule::Situational => pos.situational_key(),
            KoRule::Positional | KoRule::Simple => pos.hash,
        }
    }

    pub(crate) fn check_cell(&self, color: Color, p: usize) -> Result<(), IllegalMove> {
        let own = code(color);
        if self.board.at(p) != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        if !self.board.is_not_suicide(p, own) {
            return Err(IllegalMove::Suicide);
        }
        self.check_repetition(color, p)
    }

    /// The repetition half of [`Game::check_cell`], for a `color` stone on the empty cell `p`
    /// that is not a suicide.
    ///
    /// Superko's sound shortcut: the new position has a stone on `p`, so an earlier position
    /// can equal it only if it had a stone on `p` too; `p` is empty now, so that stone must
    /// have been taken off since, and stones leave the board only through a move's captures
    /// (or suicide), which put their cells in `vacated` — or through an in-place edit, after
    /// which `vacated` holds every cell. Undo takes positions off the history with their
    /// stones, so it can only leave `vacated` larger than needed. From a cell not in
    /// `vacated`, then, no repetition is possible and the hash need not even be computed.
    #[inline]
    pub(crate) fn check_repetition(&self, color: Color, p: usize) -> Result<(), IllegalMove> {
        match self.rules.ko {
            KoRule::Positional | KoRule::Situational => {
                if !self.vacated.contains(p) {
                    return Ok(());
                }
                let hash = self.board.hash_after(p, code(color));
                let key = match self.rules.ko {
                    KoRule::Situational => situational_key(hash, color.opponent()),
                    KoRule::Positional | KoRule::Simple => hash,
                };
                if !self.seen.may_contain(key) {
                    return Ok(());
                }
                self.confirm_superko(color, p)
            }
            KoRule::Simple => {
                if self.is_ko_recapture(color, p) {
                    return Err(IllegalMove::Ko {
                        repeats_after_move: self.moves.len() - 1,
                    });
                }
                Ok(())
            }
        }
    }

    /// Settles a "maybe" of the superko filter for a `color` stone on `p`.
    #[cold]
    #[inline(never)]
    fn confirm_superko(&self, color: Color, p: usize) -> Result<(), IllegalMove> {
        let next = color.opponent();
        let accept: fn(Position, Color) -> bool = match self.rules.ko {
            KoRule::Situational => |pos, next| pos.to_move == next,
            KoRule::Positional | KoRule::Simple => |_, _| true,
        };
        // The usual hit, a ko retaken at once, needs no replay: it recreates exactly the
        // position before the opponent's last move, the latest one it can equal.
        let before_last = self
            .history
            .len()
            .checked_sub(2)
            .and_then(|i| self.history.get(i));
        let n = match before_last {
            Some(&pos) if self.is_ko_recapture(color, p) && accept(pos, next) => {
                Some(self.moves.len() - 1)
            }
            _ => self.find_repeat(color, p, |pos| accept(pos, next)),
        };
        match n {
            Some(n) => Err(IllegalMove::Superko {
                repeats_after_move: n,
            }),
            None => Ok(()),
        }
    }

    /// Whether a `color` stone on `p` retakes a ko at once: the opponent's last move (not a
    /// pass) captured exactly the one stone on `p`, and this stone would capture exactly that
    /// lone stone. Exactly then does the new position equal the one before that last move.
    fn is_ko_recapture(&self, color: Color, p: usize) -> bool {
        let Some(last) = self.undo_log.last() else {
            return false;
        };
        let Some(q) = last.cell.map(usize::from) else {
            return false;
        };
        if last.color != color.opponent()
            || last.outcome.suicide
            || last.outcome.captured != 1
            || self
                .removed
                .get(last.removed_from as usize)
                .map(|&r| usize::from(r))
                != Some(p)
        {
            return false;
        }
        let head = self.board.head_of(q);
        if self.board.len_at_head(head) != 1 || !self.board.in_atari(head) {
            return false;
        }
        // No other opponent chain may fall with it.
        let opp = code(color.opponent());
        let stride = usize::from(self.size()) + 1;
        [p - stride, p - 1, p + 1, p + stride].iter().all(|&n| {
            n == q || self.board.at(n) != opp || !self.board.in_atari(self.board.head_of(n))
        })
    }

    /// The latest move N after which the position equals the one a `color` stone on `p` would
    /// make, among the history positions `accept` admits; a hash hit is confirmed here by
    /// replaying the moves since the baseline on a scratch board and comparing boards.
    #[cold]
    #[inline(never)]
    fn find_repeat(
        &self,
        color: Color,
        p: usize,
        accept: impl Fn(Position) -> bool,
    ) -> Option<usize> {
        let own = code(color);
        let hash = self.board.hash_after(p, own);
        // The filter may have answered "maybe" falsely: the history's hashes settle that.
        let in_history = self
            .history
            .iter()
            .any(|&pos| pos.hash == hash && accept(pos));
        let in_prior = self
            .prior
            .iter()
            .any(|q| q.pos.hash == hash && accept(q.pos));
        if !in_history && !in_prior {
            return None;
        }
        let mut target = self.board.clone();
        target.play_at(p, own, &mut Vec::new());
        self.latest_equal(&target, &accept)
            .or_else(|| self.prior_equal(&target, &accept))
    }

    /// The latest position from before an in-place edit that equals `target`, among those
    /// `accept` admits (boards compared, never hashes alone).
    fn prior_equal(&self, target: &Board, accept: impl Fn(Position) -> bool) -> Option<usize> {
        let hash = target.hash();
        self.prior
            .iter()
            .rev()
            .find(|q| q.pos.hash == hash && accept(q.pos) && q.board == *target)
            .map(|q| q.after_move)
    }

    /// Every position since the repetition baseline with its board, oldest first, rebuilt by
    /// walking back from the current board through the undo log.
    fn history_boards(&self) -> Vec<PriorPosition> {
        let mut out = Vec::with_capacity(self.history.len());
        let mut back = self.board.clone();
        let mut removed_end = self.removed.len();
        for i in (0..self.history.len()).rev() {
            let Some(&pos) = self.history.get(i) else {
                break;
            };
            // Only the cells are compared (`Board`'s equality), so no rebuild is needed.
            out.push(PriorPosition {
                pos,
                board: back.clone(),
                after_move: self.baseline_move + i,
            });
            if i == 0 {
                break;
            }
            let Some(entry) = self.undo_log.get(i - 1) else {
                break;
            };
            let own = code(entry.color);
            let removed_color = if entry.outcome.suicide { own } else { 3 - own };
            for &q in self
                .removed
                .get(entry.removed_from as usize..removed_end)
                .unwrap_or(&[])
            {
                back.set_raw(usize::from(q), removed_color);
            }
            removed_end = entry.removed_from as usize;
            if let Some(cell) = entry.cell {
                back.set_raw(usize::from(cell), EMPTY);
            }
        }
        out.reverse();
        out
    }

    /// Edits the stones in place, the arbiter accepting moved stones (Art. 17.3): each change
    /// puts a stone of a colour on a point or empties it; nothing is captured, the side to move
    /// stays, and — unlike [`Game::setup`] — every position before the edit stays in the
    /// repetition history, so none of them may recur. Refused, with the game unchanged, if a
    /// point is off the board or named twice, or if a chain would be left without liberties.
    pub fn edit_stones(&mut self, changes: &[(Coord, Option<Color>)]) -> Result<(), RulesError> {
        let size = self.size();
        let mut seen = HashSet::new();
        let mut board = self.board.clone();
        for &(c, stone) in changes {
            if !c.is_on(size) {
                return Err(RulesError::OffBoard);
            }
            if !seen.insert(c) {
                return Err(RulesError::DuplicatePoint(c));
            }
            let p = board.cell(c);
            board.set_raw(p, stone.map_or(EMPTY, code));
        }
        if let Some(c) = board.rebuild() {
            return Err(RulesError::NoLiberties(c));
        }
        let mut kept: Vec<PriorPosition> = self.prior.iter().cloned().collect();
        kept.extend(self.history_boards());
        self.board = board;
        self.reset_baseline();
        self.prior = Arc::new(kept);
        self.reset_vacated();
        self.rebuild_seen();
        Ok(())
    }

    /// The latest move N after which the board equalled `target`, among the history positions
    /// `accept` admits: hash matches are confirmed by comparing boards, so a hash collision is
    /// never called a repetition. The earlier boards are rebuilt by walking back from the
    /// current one through the undo log, latest first: a repetition is usually a few moves
    /// back (a ko cycle), so the walk stops early, and a game that keeps repeating (a long
    /// cycle under simple ko) does not pay a replay of its whole history at every move.
    #[cold]
    #[inline(never)]
    fn latest_equal(&self, target: &Board, accept: impl Fn(Position) -> bool) -> Option<usize> {
        let hash = target.hash();
        let candidate = |pos: Position| pos.hash == hash && accept(pos);
        // The filter that sent us here is approximate: the exact hashes settle most "maybe"s.
        let earliest_needed = self.history.iter().position(|&pos| candidate(pos))?;
        let mut back = self.board.clone();
        let mut removed_end = self.removed.len();
        for i in (earliest_needed..self.history.len()).rev() {
            if candidate(*self.history.get(i)?) && back == *target {
                return Some(self.baseline_move + i);
            }
            if i == earliest_needed {
                break;
            }
            // Step back over the move that led to position i, as `undo` does, stones only.
            let entry = self.undo_log.get(i - 1)?;
            let own = code(entry.color);
            let removed_color = if entry.outcome.suicide { own } else { 3 - own };
            for &q in self.removed.get(entry.removed_from as usize..removed_end)? {
                back.set_raw(usize::from(q), removed_color);
            }
            removed_end = entry.removed_from as usize;
            if let Some(cell) = entry.cell {
                back.set_raw(usize::from(cell), EMPTY);
            }
        }
        None
    }

    /// Applies a move already known to be on an empty point (or a pass): the one place where
    /// board, history, captures and undo log change. Returns, under [`KoRule::Simple`], the
    /// move after which the new position stood before.
    pub(crate) fn apply(&mut self, color: Color, cell: Option<usize>) -> Option<usize> {
        let removed_from = self.removed.len();
        let outcome = match cell {
            Some(p) => self.board.play_at(p, code(color), &mut self.removed),
            None => Outcome::default(),
        };
        let by = if outcome.suicide {
            color.opponent()
        } else {
            color
        };
        self.captures[by.index()] += outcome.captured as usize;
        if outcome.captured > 0 {
            for &q in &self.removed[removed_from..] {
                self.vacated.insert(usize::from(q));
            }
        }
        let mv = match cell {
            Some(p) => Move::Play(self.board.coord(p)),
            None => Move::Pass,
        };
        let hash = self.board.hash();
        let repeats =
            if self.rules.ko == KoRule::Simple && cell.is_some() && self.seen.may_contain(hash) {
                self.find_position(hash)
            } else {
                None
            };
        self.undo_log.push(UndoEntry {
            color,
            cell: cell.map(|p| p as u16),
            outcome,
            removed_from: removed_from as u32,
            to_move_before: self.to_move,
        });
        self.moves.push((color, mv));
        self.to_move = color.opponent();
        let pos = Position {
            hash,
            to_move: self.to_move,
        };
        self.history.push(pos);
        let key = self.key(pos);
        self.seen.insert(key);
        if self.seen.crowded() {
            self.rebuild_seen();
        }
        repeats
    }

    /// The latest earlier move after which the board equalled the current one (the new
    /// position is not yet in the history).
    #[cold]
    #[inline(never)]
    fn find_position(&self, hash: u64) -> Option<usize> {
        let in_history = self.history.iter().any(|pos| pos.hash == hash);
        let in_prior = self.prior.iter().any(|q| q.pos.hash == hash);
        if !in_history && !in_prior {
            return None;
        }
        self.latest_equal(&self.board, |_| true)
            .or_else(|| self.prior_equal(&self.board, |_| true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An in-place edit empties a point without a capture; positions from before it may not
    /// recur, so the shortcut "no capture ever emptied this point" must not apply after it.
    #[test]
    fn a_move_recreating_a_position_from_before_an_edit_is_refused() {
        let mut g = Game::new(5, Rules::default()).expect("a valid size");
        let (c, d) = (Coord::new(2, 2), Coord::new(0, 0));
        assert!(g.play(Color::Black, Move::Play(c)).is_ok());
        assert!(g.play(Color::White, Move::Play(d)).is_ok());
        assert!(g.edit_stones(&[(c, None)]).is_ok());
        assert_eq!(
            g.check(Color::Black, Move::Play(c)),
            Err(IllegalMove::Superko {
                repeats_after_move: 2
            })
        );
        // Any other point is fine, and so is the same point after an undo-free new baseline.
        assert!(g.check(Color::Black, Move::Play(Coord::new(3, 3))).is_ok());
        assert!(g.setup(&[], &[d], &[]).is_ok());
        assert!(g.check(Color::Black, Move::Play(c)).is_ok());
    }

    /// A capture empties its points for the shortcut; undoing it leaves them marked, which
    /// only costs a look at the filter.
    #[test]
    fn the_shortcut_follows_captures_and_undo() {
        let mut g = Game::new(3, Rules::default()).expect("a valid size");
        let moves = [
            (Color::Black, Coord::new(1, 0)),
            (Color::White, Coord::new(0, 0)),
            (Color::Black, Coord::new(0, 1)),
        ];
        for (color, c) in moves {
            assert!(g.play(color, Move::Play(c)).is_ok());
        }
        let corner = g.board.cell(Coord::new(0, 0));
        assert!(g.vacated.contains(corner), "the capture emptied the corner");
        assert!(!g.vacated.contains(g.board.cell(Coord::new(2, 2))));
        assert!(g.undo());
        assert!(g.vacated.contains(corner));
        assert!(g.check(Color::Black, Move::Play(Coord::new(0, 1))).is_ok());
    }

    /// `clone_from` into a game that was used for something else (another size, a longer
    /// history, an edit, a handicap) gives a game that behaves as `clone` would: same board,
    /// history, captures and turn, every point equally legal for both colours (superko
    /// included), and the same continuation under the same random numbers.
    #[test]
    fn clone_from_behaves_as_clone() {
        use crate::rng::SplitMix64;
        let mut rng = SplitMix64::new(21);
        for (size, ko) in [
            (5u8, KoRule::Positional),
            (9, KoRule::Situational),
            (9, KoRule::Simple),
            (19, KoRule::Positional),
        ] {
            let rules = Rules {
                ko,
                ..Rules::default()
            };
            let mut source = Game::new(size, rules.clone()).expect("a valid size");
            let mut color = Color::Black;
            for _ in 0..3 * usize::from(size) * usize::from(size) {
                source.play_random(color, &mut |n| rng.below(n));
                color = color.opponent();
            }
            let mut used =
                Game::new(if size == 5 { 9 } else { 5 }, Rules::default()).expect("a valid size");
            let mut same_size = Game::new(size, Rules::default()).expect("a valid size");
            for g in [&mut used, &mut same_size] {
                for _ in 0..40 {
                    g.play_random(color, &mut |n| rng.below(n));
                    color = color.opponent();
                }
                let c = Coord::new(1, 1);
                let _ = g.edit_stones(&[(c, None)]);
            }
            let fresh = source.clone();
            for mut copy in [used, same_size] {
                copy.clone_from(&source);
                assert_eq!(copy.board(), fresh.board());
                assert_eq!(copy.board().hash(), fresh.board().hash());
                assert_eq!(copy.moves(), fresh.moves());
                assert_eq!(copy.to_move(), fresh.to_move());
                assert_eq!(copy.captures(Color::Black), fresh.captures(Color::Black));
                assert_eq!(copy.captures(Color::White), fresh.captures(Color::White));
                for c in fresh.board().points().collect::<Vec<_>>() {
                    for who in [Color::Black, Color::White] {
                        assert_eq!(
                            copy.check(who, Move::Play(c)),
                            fresh.check(who, Move::Play(c)),
                            "{size} {ko:?} {c:?}"
                        );
                    }
                }
                let (mut a, mut b) = (fresh.clone(), copy);
                let (mut ra, mut rb) = (SplitMix64::new(5), SplitMix64::new(5));
                let mut turn = a.to_move();
                for _ in 0..200 {
                    let ma = a.play_random(turn, &mut |n| ra.below(n));
                    let mb = b.play_random(turn, &mut |n| rb.below(n));
                    assert_eq!(ma, mb);
                    turn = turn.opponent();
                }
                assert_eq!(a.board(), b.board());
                assert!(a.undo() && b.undo());
                assert_eq!(a.board(), b.board());
            }
        }
    }
}
