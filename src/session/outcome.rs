//! The one result vocabulary of a game at the board, for the session, the SGF record, the
//! report and the tournament: counted, resignation, time, forfeit (弃权), ruled loss with its
//! article, draw, replay ordered, both lose (Art. 7, 13.1, 23, 25.2).

use crate::rules::{Color, GameResult};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Counted by area after both sides agreed the dead stones (Art. 9, 11); a draw by count
    /// has no winner.
    Counted(GameResult),
    /// The loser resigned (中盘胜 for the winner, Art. 7).
    Resignation {
        /// The winner.
        winner: Color,
    },
    /// The loser exceeded the time limit, byo-yomi included (Art. 23.5).
    Time {
        /// The winner.
        winner: Color,
    },
    /// The loser forfeited (弃权): arrived beyond the late limit (Art. 23.1), or the arbiter
    /// recorded a forfeit.
    Forfeit {
        /// The winner.
        winner: Color,
        /// The article applied, e.g. `23.1`.
        article: String,
    },
    /// The arbiter ruled a loss (判负): two moves in a row (17.1), deliberate moving of stones
    /// (17.3), a second warning (25.2), conduct (24) …
    RuledLoss {
        /// The winner.
        winner: Color,
        /// The article applied.
        article: String,
    },
    /// A draw ordered by the arbiter (17.3, 17.4, 20.3).
    Draw {
        /// The article applied.
        article: String,
    },
    /// The game is to be replayed (17.3, 17.4, 20.3).
    Replay {
        /// The article applied.
        article: String,
    },
    /// Both players lose (Art. 23.2, both late beyond the limit; or as ruled).
    BothLose {
        /// The article applied.
        article: String,
    },
}

/// The kind of an [`Outcome`], as `session show --json` names it in `result_kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeKind {
    /// `counted`.
    Counted,
    /// `resign`.
    Resign,
    /// `time`.
    Time,
    /// `forfeit`.
    Forfeit,
    /// `ruled_loss`.
    RuledLoss,
    /// `draw`.
    Draw,
    /// `replay`.
    Replay,
    /// `both_lose`.
    BothLose,
}

impl OutcomeKind {
    /// The machine name (`result_kind`).
    pub fn name(self) -> &'static str {
        match self {
            OutcomeKind::Counted => "counted",
            OutcomeKind::Resign => "resign",
            OutcomeKind::Time => "time",
            OutcomeKind::Forfeit => "forfeit",
            OutcomeKind::RuledLoss => "ruled_loss",
            OutcomeKind::Draw => "draw",
            OutcomeKind::Replay => "replay",
            OutcomeKind::BothLose => "both_lose",
        }
    }
}

impl Outcome {
    /// Its kind.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::Counted(_) => OutcomeKind::Counted,
            Outcome::Resignation { .. } => OutcomeKind::Resign,
            Outcome::Time { .. } => OutcomeKind::Time,
            Outcome::Forfeit { .. } => OutcomeKind::Forfeit,
            Outcome::RuledLoss { .. } => OutcomeKind::RuledLoss,
            Outcome::Draw { .. } => OutcomeKind::Draw,
            Outcome::Replay { .. } => OutcomeKind::Replay,
            Outcome::BothLose { .. } => OutcomeKind::BothLose,
        }
    }

    /// The winner, if one side won.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Counted(r) => r.winner,
            Outcome::Resignation { winner }
            | Outcome::Time { winner }
            | Outcome::Forfeit { winner, .. }
            | Outcome::RuledLoss { winner, .. } => Some(*winner),
            Outcome::Draw { .. } | Outcome::Replay { .. } | Outcome::BothLose { .. } => None,
        }
    }

    /// The article a ruled result applies, if any.
    pub fn article(&self) -> Option<&str> {
        match self {
            Outcome::Forfeit { article, .. }
            | Outcome::RuledLoss { article, .. }
            | Outcome::Draw { article }
            | Outcome::Replay { article }
            | Outcome::BothLose { article } => Some(article),
            _ => None,
        }
    }

    /// The short result as the session reports it: SGF's `RE` spelling where FF[4] has one
    /// (`B+3.5`, `W+R`, `B+T`, `W+F` for a forfeit and for any ruled loss), and `Draw`,
    /// `Replay`, `LL` (both lose) otherwise. A draw by count is `Draw` too.
    pub fn code(&self) -> String {
        match self {
            Outcome::Counted(r) if r.winner.is_none() => "Draw".to_owned(),
            Outcome::Counted(r) => r.to_sgf(),
            Outcome::Resignation { winner } => format!("{}+R", winner.letter()),
            Outcome::Time { winner } => format!("{}+T", winner.letter()),
            Outcome::Forfeit { winner, .. } | Outcome::RuledLoss { winner, .. } => {
                format!("{}+F", winner.letter())
            }
            Outcome::Draw { .. } => "Draw".to_owned(),
            Outcome::Replay { .. } => "Replay".to_owned(),
            Outcome::BothLose { .. } => "LL".to_owned(),
        }
    }

    /// The SGF `RE` value. FF[4] has no code for "replay ordered" or "both lose": both are
    /// written `Void` (no result), and the record's comment names them.
    pub fn to_sgf(&self) -> String {
        match self {
            Outcome::Counted(r) => r.to_sgf(),
            Outcome::Draw { .. } => "0".to_owned(),
            Outcome::Replay { .. } | Outcome::BothLose { .. } => "Void".to_owned(),
            other => other.code(),
        }
    }

    /// Simplified Chinese, e.g. `黑胜1¾子`, `白中盘胜`, `黑超时胜`, `白胜（黑弃权）`.
    pub fn zh_hans(&self) -> String {
        self.chinese(false)
    }

    /// Traditional Chinese.
    pub fn zh_hant(&self) -> String {
        self.chinese(true)
    }

    fn chinese(&self, traditional: bool) -> String {
        let side = |c: Color| match c {
            Color::Black => "黑",
            Color::White => "白",
        };
        let art = |a: &str| format!("（第{a}条）");
        let (win, mid, time, forfeit, ruled, draw, replay, both) = if traditional {
            (
                "勝",
                "中盤勝",
                "超時勝",
                "棄權",
                "判負",
                "和棋",
                "重賽",
                "雙方判負",
            )
        } else {
            (
                "胜",
                "中盘胜",
                "超时胜",
                "弃权",
                "判负",
                "和棋",
                "重赛",
                "双方判负",
            )
        };
        match self {
            Outcome::Counted(r) if traditional => r.zh_hant(),
            Outcome::Counted(r) => r.zh_hans(),
            Outcome::Resignation { winner } => format!("{}{mid}", side(*winner)),
            Outcome::Time { winner } => format!("{}{time}", side(*winner)),
            Outcome::Forfeit { winner, article } => format!(
                "{}{win}（{}{forfeit}）{}",
                side(*winner),
                side(winner.opponent()),
                art(article)
            ),
            Outcome::RuledLoss { winner, article } => format!(
                "{}{win}（{}{ruled}）{}",
                side(*winner),
                side(winner.opponent()),
                art(article)
            ),
            Outcome::Draw { article } => format!("{draw}{}", art(article)),
            Outcome::Replay { article } => format!("{replay}{}", art(article)),
            Outcome::BothLose { article } => format!("{both}{}", art(article)),
        }
    }

    /// English.
    pub fn en(&self) -> String {
        let side = |c: Color| match c {
            Color::Black => "Black",
            Color::White => "White",
        };
        match self {
            Outcome::Counted(r) => r.en(),
            Outcome::Resignation { winner } => format!("{} wins by resignation", side(*winner)),
            Outcome::Time { winner } => format!("{} wins on time", side(*winner)),
            Outcome::Forfeit { winner, article } => format!(
                "{} wins by forfeit ({} forfeits, Art. {article})",
                side(*winner),
                side(winner.opponent())
            ),
            Outcome::RuledLoss { winner, article } => format!(
                "{} wins: {} loses by ruling (Art. {article})",
                side(*winner),
                side(winner.opponent())
            ),
            Outcome::Draw { article } => format!("Draw by ruling (Art. {article})"),
            Outcome::Replay { article } => format!("Replay ordered (Art. {article})"),
            Outcome::BothLose { article } => format!("Both lose (Art. {article})"),
        }
    }
}
