//! Counting a finished game, explained to a child step by step on the board (issue 20 item 2:
//! "remove the captured stones" and counting on the 9×9 territory step).
//!
//! Children who never take the captured stones off, or who count stones in the lid, misread
//! territory Go. Under Chinese area counting (数子法, Art. 9) the captured stones (提子) are
//! not counted at all: they matter only because they left the board. So the lesson walks four
//! steps, each drawn on the board by the window: (1) the stones captured during the game, off
//! the board, with where they stood; (2) the dead stones (死子) crossed, then taken off;
//! (3) each side's area shaded, stones plus surrounded empty points, with the counts (数子);
//! (4) the result against half the board and the komi (贴子), as [`crate::rules::score`]
//! decides it.
//!
//! Pure: the numbers are the rules core's [`area_count`] and [`score`]; the dead stones are
//! given by the caller (the estimator's suggestion the game was counted with). Nothing here
//! draws.

use crate::i18n::Lang;
use crate::rules::{
    AreaCount, Color, Coord, Game, GameResult, Komi, Move, area_count, score, write_quarters,
};

/// One step of the lesson, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountStep {
    /// The stones captured during the game are off the board and not counted (提子).
    Captured,
    /// The dead stones are shown, then taken off (死子).
    Dead,
    /// Each side's area: stones plus surrounded empty points (数子).
    Area,
    /// The result against half the board and the komi (贴子).
    Result,
}

impl CountStep {
    /// Every step, in order.
    pub const ALL: [CountStep; 4] = [
        CountStep::Captured,
        CountStep::Dead,
        CountStep::Area,
        CountStep::Result,
    ];

    /// The step's number, from 1.
    pub fn number(self) -> usize {
        match self {
            CountStep::Captured => 1,
            CountStep::Dead => 2,
            CountStep::Area => 3,
            CountStep::Result => 4,
        }
    }

    /// The step after this one, `None` after the last.
    pub fn next(self) -> Option<CountStep> {
        CountStep::ALL.get(self.number()).copied()
    }

    /// The step before this one, `None` before the first.
    pub fn back(self) -> Option<CountStep> {
        self.number()
            .checked_sub(2)
            .and_then(|i| CountStep::ALL.get(i).copied())
    }

    /// Whether the dead stones are already off the board at this step.
    pub fn dead_removed(self) -> bool {
        matches!(self, CountStep::Area | CountStep::Result)
    }

    /// The step's title, with its number ("第1步：提掉的子").
    pub fn title(self, lang: Lang) -> String {
        let n = self.number();
        let (hans, hant, en) = match self {
            CountStep::Captured => (
                "提掉的子（提子）",
                "提掉的子（提子）",
                "the captured stones",
            ),
            CountStep::Dead => ("拿掉死子", "拿掉死子", "take off the dead stones"),
            CountStep::Area => ("数子", "數子", "count"),
            CountStep::Result => ("谁赢了", "誰贏了", "who won"),
        };
        lang.pick(
            format!("第{n}步（共4步）：{hans}"),
            format!("第{n}步（共4步）：{hant}"),
            format!("Step {n} of 4: {en}"),
        )
    }
}

/// Whose a point is once the dead stones are off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// One side's: its live stone, or an empty point only its live stones surround.
    Side(Color),
    /// Between both sides (dame, seki points) or neither: half each.
    Shared,
}

/// The counting lesson of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct CountLesson {
    /// The board size.
    pub size: u8,
    /// The stones on the board at the end, dead ones included.
    pub stones: Vec<(Coord, Color)>,
    /// Stones captured during the game, by their capturer: `[by Black, by White]`.
    pub prisoners: [usize; 2],
    /// Where captured stones stood that is empty at the end, with the captured stone's colour
    /// (the latest capture on a point).
    pub captured_at: Vec<(Coord, Color)>,
    /// The dead stones (whole chains), with their colour, top row first.
    pub dead: Vec<(Coord, Color)>,
    /// Every point's owner once the dead stones are off, top row first.
    pub owners: Vec<(Coord, Owner)>,
    /// The rules core's area count with the dead stones removed.
    pub count: AreaCount,
    /// The result under the game's rules and handicap.
    pub result: GameResult,
    /// The komi.
    pub komi: Komi,
    /// Quarter-stones Black gives back for the handicap (half a stone a stone, Art. 11).
    pub handicap_return_quarters: i64,
    /// The handicap stones placed.
    pub handicap: u8,
}

impl CountLesson {
    /// The lesson of `game` counted with `dead` removed (any stone of a dead chain marks the
    /// chain, as [`area_count`] reads it).
    pub fn new(game: &Game, dead: &[Coord]) -> CountLesson {
        let board = game.board();
        let size = board.size();
        let count = area_count(board, dead);
        let result = score(&count, game.rules(), game.handicap());
        let mut dead_stones: Vec<(Coord, Color)> = Vec::new();
        for &d in dead {
            let Some(color) = board.get(d) else { continue };
            for s in board.chain(d) {
                if !dead_stones.iter().any(|&(c, _)| c == s) {
                    dead_stones.push((s, color));
                }
            }
        }
        dead_stones.sort_by_key(|&(c, _)| (c.y, c.x));
        let owners = owners(game, &dead_stones);
        let rules = game.rules();
        let handicap = game.handicap();
        let handicap_return_quarters = if rules.handicap_komi_return && handicap >= 2 {
            2 * i64::from(handicap)
        } else {
            0
        };
        CountLesson {
            size,
            stones: board.stones(),
            prisoners: [game.captures(Color::Black), game.captures(Color::White)],
            captured_at: captured_points(game),
            dead: dead_stones,
            owners,
            count,
            result,
            komi: rules.komi,
            handicap_return_quarters,
            handicap,
        }
    }

    /// Stones captured during the game by `by`.
    pub fn captured_by(&self, by: Color) -> usize {
        self.prisoners[by.index()]
    }

    /// The dead stones of `color`.
    pub fn dead_of(&self, color: Color) -> usize {
        self.dead.iter().filter(|&&(_, c)| c == color).count()
    }

    /// The stones left once the dead are off.
    pub fn live_stones(&self) -> Vec<(Coord, Color)> {
        self.stones
            .iter()
            .copied()
            .filter(|&(c, _)| !self.dead.iter().any(|&(d, _)| d == c))
            .collect()
    }

    /// The points of `owner`.
    pub fn points_of(&self, owner: Owner) -> Vec<Coord> {
        self.owners
            .iter()
            .filter(|&&(_, o)| o == owner)
            .map(|&(c, _)| c)
            .collect()
    }

    /// `color`'s total in quarter-stones: stones, surrounded points and half the shared ones.
    pub fn total_quarters(&self, color: Color) -> i64 {
        let halves = match color {
            Color::Black => self.count.black_halves(),
            Color::White => self.count.white_halves(),
        };
        2 * i64::from(halves)
    }

    /// Half the board in quarter-stones (40½ on 9×9, 180½ on 19×19).
    pub fn half_board_quarters(&self) -> i64 {
        2 * i64::from(self.size) * i64::from(self.size)
    }

    /// What Black needs to pass to win, in quarter-stones: half the board, the komi and the
    /// handicap's return.
    pub fn black_needs_quarters(&self) -> i64 {
        self.half_board_quarters() + i64::from(self.komi.0) + self.handicap_return_quarters
    }

    /// The lines the child reads at `step`, in `lang`.
    pub fn lines(&self, step: CountStep, lang: Lang) -> Vec<String> {
        match step {
            CountStep::Captured => self.captured_lines(lang),
            CountStep::Dead => self.dead_lines(lang),
            CountStep::Area => self.area_lines(lang),
            CountStep::Result => self.result_lines(lang),
        }
    }

    fn captured_lines(&self, lang: Lang) -> Vec<String> {
        let (by_b, by_w) = (
            self.captured_by(Color::Black),
            self.captured_by(Color::White),
        );
        let mut out = Vec::new();
        if by_b + by_w == 0 {
            out.push(
                lang.pick(
                    "这盘棋没有子被提掉。",
                    "這盤棋沒有子被提掉。",
                    "No stones were captured in this game.",
                )
                .to_owned(),
            );
        } else {
            out.push(
                lang.pick(
                    "这些子被提掉了：它们已经不在棋盘上了。",
                    "這些子被提掉了：它們已經不在棋盤上了。",
                    "These stones were captured: they are off the board.",
                )
                .to_owned(),
            );
            out.push(lang.pick(
                format!("黑棋提了{by_b}个白子，白棋提了{by_w}个黑子。"),
                format!("黑棋提了{by_b}個白子，白棋提了{by_w}個黑子。"),
                format!(
                    "Black captured {by_b} white {}; White captured {by_w} black {}.",
                    stones_word(by_b),
                    stones_word(by_w)
                ),
            ));
            if !self.captured_at.is_empty() {
                out.push(
                    lang.pick(
                        "棋盘上的圆圈：被提的子原来在这里，现在是空的。",
                        "棋盤上的圓圈：被提的子原來在這裡，現在是空的。",
                        "The rings on the board: captured stones stood here; now the points are empty.",
                    )
                    .to_owned(),
                );
            }
        }
        out.push(
            lang.pick(
                "数子的时候不数提掉的子。它们有用，只是因为它们离开了棋盘：空出来的点可以算进围住它的一方。",
                "數子的時候不數提掉的子。它們有用，只是因為它們離開了棋盤：空出來的點可以算進圍住它的一方。",
                "When we count, captured stones do not count. They only matter because they left the board: the empty points they left count for the side around them.",
            )
            .to_owned(),
        );
        out
    }

    fn dead_lines(&self, lang: Lang) -> Vec<String> {
        let (b, w) = (self.dead_of(Color::Black), self.dead_of(Color::White));
        if b + w == 0 {
            return vec![
                lang.pick(
                    "没有死子：棋盘上的子都是活的。",
                    "沒有死子：棋盤上的子都是活的。",
                    "No dead stones: every stone on the board is alive.",
                )
                .to_owned(),
            ];
        }
        vec![
            lang.pick(
                "这些子活不了：我们把它们拿掉。",
                "這些子活不了：我們把它們拿掉。",
                "These stones cannot live: we take them off.",
            )
            .to_owned(),
            lang.pick(
                format!("画叉的是死子：白棋{w}个，黑棋{b}个。"),
                format!("畫叉的是死子：白棋{w}個，黑棋{b}個。"),
                format!("The crossed stones are dead: {w} white, {b} black."),
            ),
            lang.pick(
                "拿掉以后，它们的点算围住它们的一方。",
                "拿掉以後，它們的點算圍住它們的一方。",
                "Once they are off, their points count for the side around them.",
            )
            .to_owned(),
        ]
    }

    fn area_lines(&self, lang: Lang) -> Vec<String> {
        let c = &self.count;
        let mut out = vec![
            lang.pick(
                "每一方的活子，加上它围住的空点，就是它的地盘。",
                "每一方的活子，加上它圍住的空點，就是它的地盤。",
                "Each side's area is its stones on the board plus the empty points it surrounds.",
            )
            .to_owned(),
        ];
        for (color, stones, points) in [
            (Color::Black, c.black_stones, c.black_territory),
            (Color::White, c.white_stones, c.white_territory),
        ] {
            let sum = stones + points;
            out.push(lang.pick(
                format!("{}：{stones}个子 + {points}个空点 = {sum}", side_zh(color)),
                format!("{}：{stones}個子 + {points}個空點 = {sum}", side_zh(color)),
                format!(
                    "{}: {stones} {} + {points} empty {} = {sum}",
                    side_en(color),
                    stones_word(stones as usize),
                    if points == 1 { "point" } else { "points" }
                ),
            ));
        }
        if c.shared > 0 {
            let half = quarters(2 * i64::from(c.shared));
            let s = c.shared;
            out.push(lang.pick(
                format!("中间还有{s}个点谁也没围住：一人一半，各加{half}。"),
                format!("中間還有{s}個點誰也沒圍住：一人一半，各加{half}。"),
                format!(
                    "{s} {} between the two sides belong to nobody: half each, {half} more for each side.",
                    if s == 1 { "point" } else { "points" }
                ),
            ));
        }
        let (b, w) = (
            quarters(self.total_quarters(Color::Black)),
            quarters(self.total_quarters(Color::White)),
        );
        out.push(lang.pick(
            format!("一共：黑棋{b}子，白棋{w}子。"),
            format!("一共：黑棋{b}子，白棋{w}子。"),
            format!("In all: Black {b}, White {w}."),
        ));
        out
    }

    fn result_lines(&self, lang: Lang) -> Vec<String> {
        let points = u32::from(self.size) * u32::from(self.size);
        let half = quarters(self.half_board_quarters());
        let need = quarters(self.black_needs_quarters());
        let komi = self.komi.0;
        let k = quarters(i64::from(komi).abs());
        let kp = f64::from(komi.abs()) / 2.0;
        let mut out = vec![lang.pick(
            format!("棋盘一共{points}个点，一半是{half}子。"),
            format!("棋盤一共{points}個點，一半是{half}子。"),
            format!("The board has {points} points: half of it is {half}."),
        )];
        if self.handicap_return_quarters > 0 {
            let r = quarters(self.handicap_return_quarters);
            let h = self.handicap;
            out.push(lang.pick(
                format!("这是让{h}子的棋：黑棋要还让子数的一半，{r}子。"),
                format!("這是讓{h}子的棋：黑棋要還讓子數的一半，{r}子。"),
                format!("A game with {h} handicap stones: Black gives back half of them, {r}."),
            ));
        }
        out.push(match komi {
            0 => lang.pick(
                format!("这盘棋不贴子，所以黑棋要超过{need}子才赢。"),
                format!("這盤棋不貼子，所以黑棋要超過{need}子才贏。"),
                format!("No komi in this game, so Black needs more than {need} to win."),
            ),
            k_ if k_ > 0 => lang.pick(
                format!("黑棋先下，要贴{k}子（贴子），所以黑棋要超过{need}子才赢。"),
                format!("黑棋先下，要貼{k}子（貼子），所以黑棋要超過{need}子才贏。"),
                format!(
                    "Black moved first and gives White {k} (the komi, {kp} points), so Black needs more than {need} to win."
                ),
            ),
            _ => lang.pick(
                format!("白棋要贴给黑棋{k}子，所以黑棋要超过{need}子才赢。"),
                format!("白棋要貼給黑棋{k}子，所以黑棋要超過{need}子才贏。"),
                format!(
                    "White gives Black {k} (the komi, {kp} points), so Black needs more than {need} to win."
                ),
            ),
        });
        let b = quarters(self.total_quarters(Color::Black));
        let r = &self.result;
        let points_margin = r.margin_points();
        out.push(lang.pick(
            format!("黑棋有{b}子：{}。", r.zh_hans()),
            format!("黑棋有{b}子：{}。", r.zh_hant()),
            if r.winner.is_some() {
                format!("Black has {b}: {} ({points_margin} points).", r.en())
            } else {
                format!("Black has {b}: a draw.")
            },
        ));
        out
    }
}

fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Black => "黑棋",
        Color::White => "白棋",
    }
}

fn side_en(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn stones_word(n: usize) -> &'static str {
    if n == 1 { "stone" } else { "stones" }
}

/// Quarter-stones with ¼ ½ ¾ glyphs ("40½").
pub fn quarters(q: i64) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write_quarters(&mut s, q);
    s
}

/// Every point's owner once `dead` is off: live stones are their side's; an empty region
/// (dead points included) bordering only one side's live stones is that side's, else shared.
/// The same regions [`area_count`] counts.
fn owners(game: &Game, dead: &[(Coord, Color)]) -> Vec<(Coord, Owner)> {
    let board = game.board();
    let n = usize::from(board.size());
    let idx = |c: Coord| usize::from(c.y) * n + usize::from(c.x);
    let mut live: Vec<Option<Color>> = vec![None; n * n];
    for c in board.points() {
        if !dead.iter().any(|&(d, _)| d == c) {
            live[idx(c)] = board.get(c);
        }
    }
    let mut owner: Vec<Option<Owner>> = vec![None; n * n];
    let mut stack = Vec::new();
    for c in board.points() {
        if let Some(color) = live[idx(c)] {
            owner[idx(c)] = Some(Owner::Side(color));
            continue;
        }
        if owner[idx(c)].is_some() {
            continue;
        }
        // Flood the empty region from `c`, noting which live colours border it.
        let mut region = vec![c];
        let mut seen = vec![false; n * n];
        seen[idx(c)] = true;
        stack.push(c);
        let (mut black, mut white) = (false, false);
        while let Some(p) = stack.pop() {
            for q in neighbours(p, board.size()) {
                match live[idx(q)] {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None if !seen[idx(q)] => {
                        seen[idx(q)] = true;
                        region.push(q);
                        stack.push(q);
                    }
                    None => {}
                }
            }
        }
        let o = match (black, white) {
            (true, false) => Owner::Side(Color::Black),
            (false, true) => Owner::Side(Color::White),
            _ => Owner::Shared,
        };
        for p in region {
            owner[idx(p)] = Some(o);
        }
    }
    board
        .points()
        .filter_map(|c| owner[idx(c)].map(|o| (c, o)))
        .collect()
}

fn neighbours(c: Coord, size: u8) -> impl Iterator<Item = Coord> {
    let (x, y) = (c.x, c.y);
    [
        (x > 0).then(|| Coord::new(x - 1, y)),
        (x + 1 < size).then(|| Coord::new(x + 1, y)),
        (y > 0).then(|| Coord::new(x, y - 1)),
        (y + 1 < size).then(|| Coord::new(x, y + 1)),
    ]
    .into_iter()
    .flatten()
}

/// Where stones were captured during `game` and the point is empty at the end, with the
/// captured stone's colour (the latest capture on a point wins).
fn captured_points(game: &Game) -> Vec<(Coord, Color)> {
    let end = game.board();
    let mut g = game.clone();
    let mut out: Vec<(Coord, Color)> = Vec::new();
    while let Some((color, mv)) = g.last_move() {
        let after = g.board().clone();
        let before = g.captures(color);
        if !g.undo() {
            break;
        }
        if !matches!(mv, Move::Play(_)) || g.captures(color) == before {
            continue;
        }
        let victim = color.opponent();
        for c in g.board().points() {
            if g.board().get(c) == Some(victim)
                && after.get(c).is_none()
                && end.get(c).is_none()
                && !out.iter().any(|&(p, _)| p == c)
            {
                out.push((c, victim));
            }
        }
    }
    out.sort_by_key(|&(c, _)| (c.y, c.x));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// A 9×9 game: Black's wall on E, White's on F; White's stone at B8 captured inside
    /// Black's side, Black's at H3 captured inside White's; a white stone left dead at C3 and a
    /// black one at G7. Ends with two passes.
    fn game() -> Game {
        let mut g = Game::new(9, Rules::CHINESE).expect("9x9");
        let mut moves = Vec::new();
        for y in 0..9 {
            moves.push((4, y));
            moves.push((5, y));
        }
        moves.extend([
            (1, 0),
            (1, 1),
            (0, 1),
            (7, 1),
            (2, 1),
            (7, 3),
            (1, 2), // captures B8
            (2, 6),
            (7, 6),
            (6, 6),
            (2, 4),
            (8, 6),
            (0, 4),
            (7, 5),
            (3, 2),
            (7, 7), // captures H3
            (6, 2),
        ]);
        let mut color = Color::Black;
        for (x, y) in moves {
            g.play(color, Move::Play(Coord::new(x, y))).expect("legal");
            color = color.opponent();
        }
        g.play(color, Move::Pass).expect("pass");
        g.play(color.opponent(), Move::Pass).expect("pass");
        g
    }

    #[test]
    fn issue20_the_lesson_counts_as_the_rules_core_does() {
        let g = game();
        let dead = [Coord::new(2, 6), Coord::new(6, 2)];
        let l = CountLesson::new(&g, &dead);
        assert_eq!(l.prisoners, [1, 1]);
        assert_eq!(
            l.captured_at,
            vec![
                (Coord::new(1, 1), Color::White),
                (Coord::new(7, 6), Color::Black)
            ]
        );
        assert_eq!(l.dead_of(Color::White), 1);
        assert_eq!(l.dead_of(Color::Black), 1);
        let count = area_count(g.board(), &dead);
        assert_eq!(l.count, count);
        // The shading covers exactly what the core counts.
        let black = l.points_of(Owner::Side(Color::Black)).len() as u32;
        let white = l.points_of(Owner::Side(Color::White)).len() as u32;
        let shared = l.points_of(Owner::Shared).len() as u32;
        assert_eq!(black, count.black_stones + count.black_territory);
        assert_eq!(white, count.white_stones + count.white_territory);
        assert_eq!(shared, count.shared);
        assert_eq!((black, white, shared), (45, 36, 0));
        assert_eq!(l.result, score(&count, g.rules(), 0));
        assert_eq!(l.result.to_sgf(), "B+1.5");
        // The estimator the teaching board counts with agrees on the dead stones.
        let s = crate::analysis::suggest(
            g.board(),
            g.rules(),
            0,
            &crate::analysis::Settings::default(),
        );
        let mut suggested = s.dead.clone();
        suggested.sort_by_key(|c| (c.y, c.x));
        assert_eq!(suggested, vec![Coord::new(6, 2), Coord::new(2, 6)]);
        assert_eq!(CountLesson::new(&g, &s.dead).result, s.result);
    }

    #[test]
    fn issue20_the_steps_say_the_counts_in_three_languages() {
        let g = game();
        let l = CountLesson::new(&g, &[Coord::new(2, 6), Coord::new(6, 2)]);
        let en = |s| l.lines(s, Lang::En).join(" ");
        let zh = |s| l.lines(s, Lang::ZhHans).join(" ");
        assert!(
            en(CountStep::Captured)
                .contains("Black captured 1 white stone; White captured 1 black stone.")
        );
        assert!(zh(CountStep::Captured).contains("黑棋提了1个白子，白棋提了1个黑子。"));
        assert!(en(CountStep::Dead).contains("The crossed stones are dead: 1 white, 1 black."));
        assert!(zh(CountStep::Dead).contains("这些子活不了：我们把它们拿掉。"));
        assert!(en(CountStep::Area).contains("Black: 16 stones + 29 empty points = 45"));
        assert!(en(CountStep::Area).contains("White: 15 stones + 21 empty points = 36"));
        assert!(zh(CountStep::Area).contains("一共：黑棋45子，白棋36子。"));
        assert!(zh(CountStep::Result).contains("一半是40½子"));
        assert!(zh(CountStep::Result).contains("要贴3¾子"));
        assert!(zh(CountStep::Result).contains("超过44¼子"));
        assert!(zh(CountStep::Result).contains("黑棋有45子：黑胜¾子。"));
        assert!(en(CountStep::Result).contains("Black wins by ¾ stone (1.5 points)"));
        let hant = l.lines(CountStep::Area, Lang::ZhHant).join(" ");
        assert!(hant.contains("個空點"));
    }

    #[test]
    fn issue20_shared_points_and_handicap_return_are_explained() {
        // Black on column D, White on F: column E is shared; two handicap stones' return, the
        // one on White's side (G7) dead.
        let rules = Rules {
            komi: Komi::ZERO,
            ..Rules::CHINESE
        };
        let mut g = Game::new(9, rules).expect("9x9");
        g.place_fixed_handicap(2).expect("handicap");
        let mut color = Color::White;
        let (mut b, mut w) = (0u8, 0u8);
        while b < 9 || w < 9 {
            let (x, y) = match color {
                Color::Black => (3, {
                    b += 1;
                    b - 1
                }),
                Color::White => (5, {
                    w += 1;
                    w - 1
                }),
            };
            if g.board().get(Coord::new(x, y)).is_none() {
                g.play(color, Move::Play(Coord::new(x, y))).expect("legal");
            } else {
                g.play(color, Move::Pass).expect("pass");
            }
            color = color.opponent();
        }
        let dead = [Coord::new(6, 2)];
        assert_eq!(g.board().get(dead[0]), Some(Color::Black));
        let l = CountLesson::new(&g, &dead);
        let count = area_count(g.board(), &dead);
        assert_eq!(l.count, count);
        assert_eq!(l.result, score(&count, g.rules(), 2));
        assert_eq!(l.handicap_return_quarters, 4);
        let area = l.lines(CountStep::Area, Lang::En).join(" ");
        assert!(area.contains("9 points between the two sides"), "{area}");
        assert!(area.contains("half each, 4½ more"), "{area}");
        let result = l.lines(CountStep::Result, Lang::ZhHans).join(" ");
        assert!(result.contains("黑棋要还让子数的一半，1子"), "{result}");
        assert!(result.contains("这盘棋不贴子"), "{result}");
        // Black: 4 columns + 4½ = 40½ against 40½ + 1: White wins by 1.
        assert!(result.contains("黑棋有40½子：白胜1子。"), "{result}");
        assert_eq!((l.dead_of(Color::Black), l.dead_of(Color::White)), (1, 0));
        assert!(l.lines(CountStep::Captured, Lang::En)[0].contains("No stones"));
    }

    #[test]
    fn issue20_the_steps_walk_forward_and_back() {
        assert_eq!(CountStep::Captured.back(), None);
        assert_eq!(CountStep::Captured.next(), Some(CountStep::Dead));
        assert_eq!(CountStep::Result.next(), None);
        assert_eq!(CountStep::Result.back(), Some(CountStep::Area));
        assert_eq!(CountStep::Area.title(Lang::En), "Step 3 of 4: count");
        assert_eq!(
            CountStep::Captured.title(Lang::ZhHans),
            "第1步（共4步）：提掉的子（提子）"
        );
    }
}
