//! The event as the arbiter keeps it: players, the system, and every published round with its
//! games and results. Everything else (standings, crosstables, exports) is derived from this.

pub use super::late_entry::MissedRound;
use super::rank::{self, Rank};
use std::fmt;

/// A player's number in the event (stable: two players of one name stay two).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The index into [`Tournament::players`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A player's numbers with the rating bodies (empty: none).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerIds {
    /// The European Go Database PIN (8 digits).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub egd_pin: String,
    /// The American Go Association member number.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub aga_id: String,
    /// The Fédération Française de Go licence (7 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ffg_licence: String,
    /// The Chinese Weiqi Association's number.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cn_id: String,
}

impl PlayerIds {
    /// Whether no id is known.
    pub fn is_empty(&self) -> bool {
        self.egd_pin.is_empty()
            && self.aga_id.is_empty()
            && self.ffg_licence.is_empty()
            && self.cn_id.is_empty()
    }
}

/// One player.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// The player's number (= index in the event's list).
    pub id: PlayerId,
    /// The name, unique within the event.
    pub name: String,
    /// The rank, when known.
    pub rank: Option<Rank>,
    /// The club (may be empty).
    #[serde(default)]
    pub club: String,
    /// The team (team events; may be empty).
    #[serde(default)]
    pub team: String,
    /// `Some(0)`: withdrew before the start (Art. 29.1); `Some(n)`: played rounds 1..=n only.
    #[serde(default)]
    pub withdrawn_after_round: Option<u32>,
    /// The number drawn by lot at registration: breaks ties of rank in seeding and numbers the
    /// Berger table.
    #[serde(default)]
    pub lot: u32,
    /// The player's attributes as another program wrote them (OpenGotha's `country`, `rating`,
    /// `egfPin`, its own name split …), written back unchanged on export.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub foreign: std::collections::BTreeMap<String, String>,
    /// The family the player belongs to (same text = same family: siblings, couples, parent
    /// and child), for the director's prohibited pairs.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub family: String,
    /// Country code (`CN`, `FR`), upper case.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub country: String,
    /// City.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub city: String,
    /// Numbers with the rating bodies.
    #[serde(default, skip_serializing_if = "PlayerIds::is_empty")]
    pub ids: PlayerIds,
    /// Rating from the frozen rating list, on the EGD's GoR scale (1d = 2100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// The name in Latin letters for the rating bodies' files (players.csv's `name_latin`),
    /// when the name is written in another script (王磊 → Wang Lei).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name_latin: String,
    /// A late entry (issue 28): the first round the player is paired in (`None`: from the
    /// first). Rounds before it are missed rounds, scored by the event's [`MissedRound`] rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined_in_round: Option<u32>,
}

impl Player {
    /// Whether the player is in the event at all (a withdrawal before the start removes them).
    pub fn entered(&self) -> bool {
        self.withdrawn_after_round != Some(0)
    }

    /// Whether the player may be paired in `round`: entered by then (a late entry joins in
    /// its round) and not withdrawn before it.
    pub fn plays_in(&self, round: u32) -> bool {
        self.withdrawn_after_round.is_none_or(|w| round <= w)
            && self.joined_in_round.is_none_or(|j| round >= j)
    }

    /// Whether `round` is one the player missed because they entered late.
    pub fn missed(&self, round: u32) -> bool {
        self.joined_in_round.is_some_and(|j| round < j)
    }

    /// Strength of the rank for seeding (no rank is weakest).
    pub fn strength(&self) -> i32 {
        rank::strength(self.rank)
    }
}

/// How the event is run (Art. 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum System {
    /// 单循环: everybody plays everybody once (Berger tables).
    RoundRobin,
    /// 双循环: twice, colours reversed in the second cycle.
    DoubleRoundRobin,
    /// 积分编排: Swiss-style pairing by equal or close scores.
    Swiss,
    /// 单败淘汰: knockout, seeded by rank.
    Knockout,
    /// 双败淘汰: out after two losses.
    DoubleKnockout,
    /// 多局决胜制: a match of two players over `games` games; `best_of` stops once one side
    /// has a majority (三局两胜, 五局三胜, 七局四胜), otherwise all are played (十局制).
    Match {
        /// Games of the match.
        games: u32,
        /// Whether the match stops at a majority.
        best_of: bool,
    },
    /// Team round robin, fixed boards ordered by rank (分台定人制).
    TeamRoundRobin,
    /// Team Swiss (积分编排制的团体赛).
    TeamSwiss,
    /// 全队循环制: two teams, each player meets every player of the other team.
    TeamAllPlay,
    /// 擂台赛: one game at a time, the loser is out, the winner meets the other side's next.
    Arena,
    /// McMahon (issue 19): players start with a score from their rank between the floor and the
    /// bar; each round is an optimal weighted matching (see `mcmahon`).
    McMahon,
    /// Multiple elimination (Art. 27.1): out after `lives` losses (3: triple elimination).
    MultiKnockout {
        /// Losses that put a player out (at least 2).
        lives: u32,
    },
    /// 定级赛 / 升级赛: rounds within level groups; ranks awarded by the number of wins as the
    /// organiser's table says (see `exam`).
    RankExam,
}

impl System {
    /// The command-line name.
    pub fn name(self) -> String {
        match self {
            System::RoundRobin => "roundrobin".into(),
            System::DoubleRoundRobin => "double-roundrobin".into(),
            System::Swiss => "swiss".into(),
            System::Knockout => "knockout".into(),
            System::DoubleKnockout => "double-knockout".into(),
            System::Match {
                games: 10,
                best_of: false,
            } => "ten-game".into(),
            System::Match { games, .. } => format!("best-of-{games}"),
            System::TeamRoundRobin => "team-roundrobin".into(),
            System::TeamSwiss => "team-swiss".into(),
            System::TeamAllPlay => "team-allplay".into(),
            System::Arena => "arena".into(),
            System::McMahon => "mcmahon".into(),
            System::MultiKnockout { lives: 2 } => "double-knockout".into(),
            System::MultiKnockout { lives: 3 } => "triple-knockout".into(),
            System::MultiKnockout { lives } => format!("elimination-{lives}"),
            System::RankExam => "rank-exam".into(),
        }
    }

    /// Reads a command-line name.
    pub fn parse(text: &str) -> Option<System> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "roundrobin" | "round-robin" | "rr" => System::RoundRobin,
            "double-roundrobin" | "double-round-robin" => System::DoubleRoundRobin,
            "swiss" => System::Swiss,
            "knockout" | "single-knockout" => System::Knockout,
            "double-knockout" => System::DoubleKnockout,
            "best-of-3" => System::Match {
                games: 3,
                best_of: true,
            },
            "best-of-5" => System::Match {
                games: 5,
                best_of: true,
            },
            "best-of-7" => System::Match {
                games: 7,
                best_of: true,
            },
            "ten-game" | "ten-games" => System::Match {
                games: 10,
                best_of: false,
            },
            "team-roundrobin" | "team-round-robin" => System::TeamRoundRobin,
            "team-swiss" => System::TeamSwiss,
            "team-allplay" | "team-all-play" => System::TeamAllPlay,
            "arena" => System::Arena,
            "mcmahon" | "macmahon" | "mac-mahon" => System::McMahon,
            "triple-knockout" | "triple-elimination" => System::MultiKnockout { lives: 3 },
            "rank-exam" | "exam" | "grading" => System::RankExam,
            other => {
                let lives = other
                    .strip_prefix("elimination-")
                    .or_else(|| other.strip_prefix("knockout-"))?
                    .parse::<u32>()
                    .ok()?;
                match lives {
                    1 => System::Knockout,
                    2 => System::DoubleKnockout,
                    3..=9 => System::MultiKnockout { lives },
                    _ => return None,
                }
            }
        })
    }

    /// Every command-line name, for messages.
    pub const NAMES: &'static str = "roundrobin, double-roundrobin, swiss, mcmahon, knockout, double-knockout, triple-knockout, elimination-N, best-of-3, best-of-5, best-of-7, ten-game, team-roundrobin, team-swiss, team-allplay, arena, rank-exam";

    /// Losses that put a player out of an elimination event (`None`: not one).
    pub fn lives(self) -> Option<u32> {
        match self {
            System::Knockout => Some(1),
            System::DoubleKnockout => Some(2),
            System::MultiKnockout { lives } => Some(lives),
            _ => None,
        }
    }

    /// Whether entrants are teams.
    pub fn is_team(self) -> bool {
        matches!(
            self,
            System::TeamRoundRobin | System::TeamSwiss | System::TeamAllPlay | System::Arena
        )
    }

    /// Whether a bye counts as a win (Swiss-style events only).
    pub fn bye_is_win(self) -> bool {
        matches!(
            self,
            System::Swiss | System::TeamSwiss | System::McMahon | System::RankExam
        )
    }
}

/// The result of one game, as games.csv writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// `B`: Black wins (also a ruled loss of White).
    BlackWins,
    /// `W`: White wins.
    WhiteWins,
    /// `D`: draw (和棋).
    Draw,
    /// `BF`: Black wins by forfeit (弃权).
    BlackWinsByForfeit,
    /// `WF`: White wins by forfeit.
    WhiteWinsByForfeit,
    /// `LL`: both lose (Art. 23.2).
    BothLose,
    /// Empty: the game was not played and counts for nobody.
    NotPlayed,
}

impl Outcome {
    /// Reads `B`, `W`, `D`, `BF`, `WF`, `LL` or the empty text (not played).
    pub fn parse(text: &str) -> Option<Outcome> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "B" => Outcome::BlackWins,
            "W" => Outcome::WhiteWins,
            "D" => Outcome::Draw,
            "BF" => Outcome::BlackWinsByForfeit,
            "WF" => Outcome::WhiteWinsByForfeit,
            "LL" => Outcome::BothLose,
            "" => Outcome::NotPlayed,
            _ => return None,
        })
    }

    /// The games.csv code.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::BlackWins => "B",
            Outcome::WhiteWins => "W",
            Outcome::Draw => "D",
            Outcome::BlackWinsByForfeit => "BF",
            Outcome::WhiteWinsByForfeit => "WF",
            Outcome::BothLose => "LL",
            Outcome::NotPlayed => "",
        }
    }

    /// Points of Black and White (Art. 28.1: win 2, draw 1, loss 0).
    pub fn points(self) -> (i64, i64) {
        match self {
            Outcome::BlackWins | Outcome::BlackWinsByForfeit => (2, 0),
            Outcome::WhiteWins | Outcome::WhiteWinsByForfeit => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::BothLose | Outcome::NotPlayed => (0, 0),
        }
    }

    /// Whether it counts as a game of the two players (everything but "not played"; a forfeit
    /// is a game decided without play and counts everywhere, as Art. 28's wins do).
    pub fn is_game(self) -> bool {
        self != Outcome::NotPlayed
    }
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    /// The table number (1-based).
    pub board: u32,
    /// Black.
    pub black: PlayerId,
    /// White.
    pub white: PlayerId,
    /// The result; `None` while the game is being played.
    pub outcome: Option<Outcome>,
    /// Warnings given to Black in this game (Art. 25.2), for criterion B.
    #[serde(default)]
    pub black_warnings: u32,
    /// Warnings given to White.
    #[serde(default)]
    pub white_warnings: u32,
    /// Handicap stones (0: an even game; 1: no komi, Black first).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub handicap: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Game {
    /// A pairing with no result yet.
    pub fn pairing(board: u32, black: PlayerId, white: PlayerId) -> Game {
        Game {
            board,
            black,
            white,
            outcome: None,
            black_warnings: 0,
            white_warnings: 0,
            handicap: 0,
        }
    }

    /// Whether `p` plays in this game.
    pub fn involves(&self, p: PlayerId) -> bool {
        self.black == p || self.white == p
    }

    /// The other player.
    pub fn opponent_of(&self, p: PlayerId) -> PlayerId {
        if self.black == p {
            self.white
        } else {
            self.black
        }
    }

    /// The outcome, a pending game counting as not played.
    pub fn settled(&self) -> Outcome {
        self.outcome.unwrap_or(Outcome::NotPlayed)
    }

    /// Points of `p` in this game.
    pub fn points_of(&self, p: PlayerId) -> i64 {
        let (b, w) = self.settled().points();
        if self.black == p { b } else { w }
    }

    /// Warnings of `p` in this game.
    pub fn warnings_of(&self, p: PlayerId) -> u32 {
        if self.black == p {
            self.black_warnings
        } else {
            self.white_warnings
        }
    }
}

/// One published round.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    /// The round's number (1-based).
    pub number: u32,
    /// The games, by board.
    pub games: Vec<Game>,
    /// Players with a bye (Swiss: at most one; team events: the members of a team with a bye).
    #[serde(default)]
    pub byes: Vec<PlayerId>,
    /// A play-off round (Art. 28.3): its games decide places among players equal on every
    /// criterion and count for nothing else.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub playoff: bool,
    /// How the pairing was made, so that anyone can re-run it (McMahon rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<super::certificate::Certificate>,
}

impl Round {
    /// The game of `p` in this round.
    pub fn game_of(&self, p: PlayerId) -> Option<&Game> {
        self.games.iter().find(|g| g.involves(p))
    }
}

/// Extra tie-breaks for organisers used to OpenGotha; the Chinese order of Art. 28 is used when
/// none is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Extra {
    /// Sum of opponents' scores.
    Sos,
    /// Sum of the scores of opponents beaten, plus half of those drawn.
    Sodos,
    /// Sum of opponents' SOS.
    Sosos,
}

impl Extra {
    /// Reads `sos`, `sodos`, `sosos`.
    pub fn parse(text: &str) -> Option<Extra> {
        match text.trim().to_ascii_lowercase().as_str() {
            "sos" => Some(Extra::Sos),
            "sodos" => Some(Extra::Sodos),
            "sosos" => Some(Extra::Sosos),
            _ => None,
        }
    }
}

/// How places are decided beyond the articles' defaults.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RankingOptions {
    /// OpenGotha-style tie-breaks used after the score instead of the Chinese order (empty: the
    /// Chinese order).
    #[serde(default)]
    pub extras: Vec<Extra>,
    /// Whether places may be shared (Art. 28.1 C); otherwise lots are drawn (D).
    #[serde(default = "yes")]
    pub shared_places: bool,
}

fn yes() -> bool {
    true
}

impl Default for RankingOptions {
    fn default() -> RankingOptions {
        RankingOptions {
            extras: Vec::new(),
            shared_places: true,
        }
    }
}

/// The whole event: what is saved in the RON file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tournament {
    /// The file format's version.
    #[serde(default = "format_version")]
    pub format: u32,
    /// The event's name.
    #[serde(default)]
    pub name: String,
    /// The system.
    pub system: System,
    /// Rounds planned.
    pub rounds: u32,
    /// The seed of every lot drawn in this event.
    pub seed: u64,
    /// The players (index = id).
    pub players: Vec<Player>,
    /// The published rounds, in order.
    #[serde(default)]
    pub played: Vec<Round>,
    /// Tie-break options.
    #[serde(default)]
    pub ranking: RankingOptions,
    /// OpenGotha's parameter sets as they were read, written back verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opengotha_parameters: Option<String>,
    /// Dates, place, time control and rules (format 2).
    #[serde(default)]
    pub event: super::event::EventInfo,
    /// McMahon settings: bar, floor, handicaps (format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcmahon: Option<super::mcmahon::McMahonSettings>,
    /// The director's weights for pairs to avoid (format 2).
    #[serde(default)]
    pub avoid: super::mcmahon::AvoidWeights,
    /// The rating list snapshot frozen into the event (format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<super::ratings::Snapshot>,
    /// The organiser's promotion table of a rank exam (format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exam: Option<super::exam::ExamTable>,
    /// Lots drawn again (Art. 29.1), each with its new seed and why (format 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redraws: Vec<Redraw>,
    /// Places that must be decided (Art. 28.3): ties for places 1..=N are broken by a
    /// play-off, never shared (format 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub decided_places: u32,
    /// The hall's tables mapped to boards, `(table, board)` (issue 18): table N plays board N
    /// unless listed here. Only the chief arbiter's desk reads it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hall_tables: Vec<(u32, u32)>,
    /// What a McMahon player scores for each round missed before a late entry (issue 28; the
    /// director's choice, as OpenGotha's "absent" value: 0 or ½).
    #[serde(default, skip_serializing_if = "MissedRound::is_zero")]
    pub missed_round: MissedRound,
    /// The pairing settings that were in force for earlier rounds when the director changed
    /// them (issue 28): a round's certificate is checked against the settings of its time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings_log: Vec<super::certificate::SettingsUntil>,
    /// The results the chief arbiter's desk posted, one record per game (issue 18): where
    /// each came from. A game with a result and no record was entered by hand; a record
    /// whose outcome or warnings differ from the game's was corrected by hand. Written only
    /// by the desk (`hall::round_file`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub desk_posts: Vec<DeskPost>,
}

/// A new lot drawn after the event was made (Art. 29.1: a withdrawal before the start).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Redraw {
    /// The seed of the new lot.
    pub seed: u64,
    /// Why it was drawn.
    pub reason: String,
}

/// A result the chief arbiter's desk posted into a round (issue 18): the game, the board's
/// session it came from and what was posted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DeskPost {
    /// The round.
    pub round: u32,
    /// The board of the round's game.
    pub board: u32,
    /// The hall's table that played it.
    pub table: u32,
    /// The board's session id.
    pub session: String,
    /// The session's head (SHA-256 of its last entry, hex) when the result was posted.
    pub head: String,
    /// The outcome posted, as the pairing's colours have it.
    pub outcome: Outcome,
    /// Black's warnings posted.
    pub black_warnings: u32,
    /// White's warnings posted.
    pub white_warnings: u32,
}

fn format_version() -> u32 {
    1
}

/// Refused data: the message says what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentError(pub String);

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TournamentError {}

/// Shorthand for a refusal.
pub fn refuse<T>(message: impl Into<String>) -> Result<T, TournamentError> {
    Err(TournamentError(message.into()))
}

impl Tournament {
    /// A new event with no round played.
    pub fn new(name: &str, system: System, rounds: u32, seed: u64, players: Vec<Player>) -> Self {
        Tournament {
            format: super::file::FORMAT,
            name: name.to_string(),
            system,
            rounds,
            seed,
            players,
            played: Vec::new(),
            ranking: RankingOptions::default(),
            opengotha_parameters: None,
            event: Default::default(),
            mcmahon: None,
            avoid: Default::default(),
            ratings: None,
            exam: None,
            redraws: Vec::new(),
            decided_places: 0,
            hall_tables: Vec::new(),
            desk_posts: Vec::new(),
            missed_round: MissedRound::Zero,
            settings_log: Vec::new(),
        }
    }

    /// The player called `name`.
    pub fn player_named(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().find(|p| p.name == name).map(|p| p.id)
    }

    /// The player with id `id`.
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }

    /// The name of `id` (for messages and exports).
    pub fn name_of(&self, id: PlayerId) -> &str {
        self.players
            .get(id.index())
            .map_or("?", |p| p.name.as_str())
    }

    /// Players in the event (not withdrawn before the start).
    pub fn entered(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| p.entered())
    }

    /// The published round `n`.
    pub fn round(&self, n: u32) -> Option<&Round> {
        self.played.iter().find(|r| r.number == n)
    }

    /// The published round `n`, to change results.
    pub fn round_mut(&mut self, n: u32) -> Option<&mut Round> {
        self.played.iter_mut().find(|r| r.number == n)
    }

    /// Every game of the event with its round number, in round order.
    pub fn games(&self) -> impl Iterator<Item = (u32, &Game)> {
        self.played
            .iter()
            .flat_map(|r| r.games.iter().map(move |g| (r.number, g)))
    }

    /// The highest round that has at least one result entered (the rounds "played so far").
    pub fn rounds_with_results(&self) -> u32 {
        self.played
            .iter()
            .filter(|r| !r.playoff)
            .filter(|r| r.games.iter().any(|g| g.outcome.is_some()) || !r.byes.is_empty())
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// Checks what every operation relies on: ids match indices, names are unique and
    /// non-empty, games name real players, nobody plays twice in a round.
    pub fn validate(&self) -> Result<(), TournamentError> {
        let mut names = std::collections::HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if p.id.index() != i {
                return refuse(format!(
                    "player {:?} has id {} at place {i}",
                    p.name, p.id.0
                ));
            }
            if p.name.trim().is_empty() {
                return refuse(format!("player {} has no name", i + 1));
            }
            if !names.insert(p.name.as_str()) {
                return refuse(format!("two players are named {:?}", p.name));
            }
        }
        let n = self.players.len();
        for r in &self.played {
            let mut seen = std::collections::HashSet::new();
            for p in r
                .games
                .iter()
                .flat_map(|g| [g.black, g.white])
                .chain(r.byes.iter().copied())
            {
                if p.index() >= n {
                    return refuse(format!("round {}: no player number {}", r.number, p.0));
                }
                if !seen.insert(p) {
                    return refuse(format!(
                        "round {}: {} is paired twice",
                        r.number,
                        self.name_of(p)
                    ));
                }
                if let Some(j) = self.players[p.index()].joined_in_round
                    && !r.playoff
                    && r.number < j
                {
                    return refuse(format!(
                        "round {}: {} is paired there but entered in round {j}",
                        r.number,
                        self.name_of(p)
                    ));
                }
            }
        }
        Ok(())
    }
}
