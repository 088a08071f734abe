//! What the API takes and gives: the game's options as the creator sets them, and the views
//! of a game each reader is allowed.

use entente_host::Schedule;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Press in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PressRule {
    /// Private and public messages, the sender named.
    #[default]
    Full,
    /// Messages to all the powers only.
    Public,
    /// No press: Gunboat.
    None,
    /// Grey press: messages arrive without their sender.
    Grey,
}

/// How the powers are given out when the seats are full.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AssignRule {
    /// By lot.
    #[default]
    Random,
    /// By the players' preference lists (appendix 1 of the 1982 rules).
    Preferences,
}

/// When players learn who plays which power.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Reveal {
    /// Only the game master ever knows.
    Never,
    /// When the game is over.
    #[default]
    End,
    /// From the start.
    Start,
}

/// What happens to a power whose orders are missing at the deadline.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MissedRule {
    /// Its units hold (the house rules: unreadable or missing orders hold).
    #[default]
    Hold,
    /// Civil disorder after `missed_limit` missed phases in a row.
    CivilDisorder,
    /// The game waits for the game master, who adjudicates (or acts) by hand.
    GameMaster,
}

/// Who may share a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// Every power with units (draw including all survivors).
    #[default]
    AllSurvivors,
    /// The players may propose a draw among named survivors.
    Named,
}

/// A new game, as its creator (its game master) asks for it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub title: String,
    /// A built-in variant: `standard`, `ancmed`, `pure`.
    #[serde(default = "standard")]
    pub variant: String,
    /// Or the text of a variant file (docs/variant-format.md); `variant` then names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_file: Option<String>,
    /// The number of players: `7` (default) down to `2` on the standard map.
    #[serde(default = "seven")]
    pub setup: String,
    /// Rule edition: `1971`, `1982`, `2000` (default), `2023`.
    #[serde(default = "edition")]
    pub rules: String,
    /// Rule options on top of the edition (docs/rule-options.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rule_options: Vec<String>,
    #[serde(default)]
    pub press: PressRule,
    /// No press during retreats and adjustments.
    #[serde(default)]
    pub press_in_movement_only: bool,
    #[serde(default)]
    pub assignment: AssignRule,
    #[serde(default)]
    pub reveal: Reveal,
    /// Deadlines: `{"kind": "weekly", "weekday": "friday", "time": "24:00", "time_zone":
    /// "Europe/Prague", "retreat_hours": 48, "adjustment_hours": 48}` (the default),
    /// `{"kind": "every", "movement_minutes": 10}` or `{"kind": "manual"}`.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub deadlines: Schedule,
    /// A phase ends as soon as every power with something to decide is marked ready.
    #[serde(default = "yes")]
    pub end_when_ready: bool,
    #[serde(default)]
    pub missed_orders: MissedRule,
    /// Missed phases in a row before civil disorder (`missed_orders: civil-disorder`).
    #[serde(default = "two")]
    pub missed_limit: u32,
    #[serde(default)]
    pub draws: DrawRule,
    /// A short game's last year.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_year: Option<i32>,
    /// Seeds the lots (power assignment); random when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Seats kept for bots playing over DAIDE (`entente serve --daide`, docs/daide.md): only
    /// bot accounts take them, and only people take the others. 0 (the default): no bots.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bot_seats: u32,
    /// The game counts for the club's all-time rating (docs/club.md); a league season's
    /// games always do.
    #[serde(default = "yes")]
    pub rated: bool,
    /// Once the game is over its private press is open to everyone: the club's archive
    /// gives it with the game (docs/club.md). Without it the archive has the public press
    /// only, and the private press stays with the game's members.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open_press_at_end: bool,
    /// Escalation (`variant: escalation`, docs/escalation.md): the units each player places,
    /// if not the rulebook's table's number for the number of players (`setup`, 2 to 7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escalation_units: Option<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn standard() -> String {
    "standard".into()
}
fn seven() -> String {
    "7".into()
}
fn edition() -> String {
    "2000".into()
}
fn yes() -> bool {
    true
}
fn two() -> u32 {
    2
}

/// One line of a sheet as the game master understood it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct EchoLine {
    /// The line as sent.
    pub text: String,
    /// The order understood, written out (`None`: the line was not understood).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// Why the line was not understood, with the nearest names; the unit holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Why the judge will not carry out this order, though understood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// A sheet as received: every line echoed.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SheetOut {
    pub power: String,
    pub phase: String,
    pub lines: Vec<EchoLine>,
    /// What is wrong with the sheet as a whole.
    pub warnings: Vec<String>,
}

/// One sheet as it was sent, in the order received (the last of a phase is the one that
/// counted).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SentSheet {
    pub phase: String,
    /// When the server received it (RFC 3339, UTC).
    pub at: String,
    /// `player` or `game master`: who sent it (never an account's name, which would tell a
    /// replacement player who played the power before).
    pub by: String,
    /// The sheet's text as sent.
    pub text: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PlayerOut {
    pub power: String,
    /// The player's account name, where the reader may know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    pub supply_centres: usize,
    pub units: usize,
    /// Whether the power's sheet for this phase is in (the game master and its player
    /// see this; others see whether it is marked ready).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orders_in: Option<bool>,
    pub ready: bool,
    pub civil_disorder: bool,
}

/// A game as the reader may see it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameOut {
    pub id: String,
    pub title: String,
    /// `forming` (waiting for players), `active`, `finished`.
    pub status: String,
    pub variant: String,
    pub seats: usize,
    pub joined: usize,
    /// The current phase (`S1901M`) and its title (`Spring 1901 movement`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase_title: Option<String>,
    /// The deadline (RFC 3339, UTC) and the game's time zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    pub paused: bool,
    /// `gm`, `player`, `observer`, or `none`.
    pub my_role: String,
    /// The powers the reader plays.
    pub my_powers: Vec<String>,
    pub options: NewGame,
    /// The powers (once the game started).
    pub powers: Vec<PlayerOut>,
    /// The position: units and centres per power (public).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object)]
    pub position: Option<serde_json::Value>,
    /// How the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The number of phases adjudicated.
    pub history_len: usize,
    /// Escalation's placement and nominations (an Escalation game, once started).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escalation: Option<EscalationOut>,
    /// To the game master only: why the club could not record the game's result (it is
    /// missing from the archive, the ratings and the league seasons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_problem: Option<String>,
}

/// Escalation's placement and nominations, as the reader may see them.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct EscalationOut {
    /// The units each player places.
    pub units_each: u32,
    /// The powers in their turn order.
    pub order: Vec<String>,
    /// The units placed, in the order placed (`A par`, `F stp/sc`); the game's members only.
    pub placed: Vec<PlacedOut>,
    /// The power whose turn it is to place (absent once the placement is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_place: Option<String>,
    /// The first Fall is over and home centres are being nominated.
    pub nominating: bool,
    /// Every nomination is in: the nominated centres are the powers' homes.
    pub nominated: bool,
    /// The nominations the reader may see: while they are made, the reader's own (the game
    /// master: all); once all are in, every one (the game's members).
    pub nominations: Vec<NominationOut>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PlacedOut {
    pub power: String,
    /// `A par`, `F stp/sc`.
    pub unit: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct NominationOut {
    pub power: String,
    /// Province abbreviations (`par`).
    pub homes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PressOut {
    /// The message's number among those the reader may read (1, 2, 3, ... oldest first): it
    /// counts no letter the reader was not sent.
    pub seq: usize,
    /// The message's id, the same for each of its readers (the live updates' `press` event
    /// carries it), telling nothing of the game's other messages.
    pub id: String,
    pub phase: String,
    /// The sender (absent: anonymous, in grey press).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// `["all"]` or the recipient powers.
    pub to: Vec<String>,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PhaseOut {
    /// 0 is the first phase played.
    pub index: usize,
    pub phase: String,
    pub title: String,
    /// The results in judge form, as the e-mail judges printed them.
    pub judge_form: String,
    /// The phase as the game record keeps it: position, every sheet line and its result.
    #[schema(value_type = Object)]
    pub record: serde_json::Value,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct LogOut {
    pub seq: u64,
    pub phase: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[schema(value_type = Object)]
    pub act: serde_json::Value,
}
