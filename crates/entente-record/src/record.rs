//! The native game record (`docs/game-record.md`): everything needed to show a game and to
//! go on with it, as JSON. Every phase keeps its position, the sheets as sent (text and
//! canonical order) and the results with their causes; the record carries the variant's
//! text (or, for a built-in variant, its name and the hash of its text), its format and the
//! judge that wrote it. Loading reads the stored positions and results and adjudicates
//! nothing: a game in progress loads whatever later versions of the judge decide (replaying
//! it is `entente replay`'s job). Records of format 1, which kept no causes, are read by
//! adjudicating each phase from its recorded position, the positions kept as recorded.

use crate::position_record::{parse_loc, parse_unit, unit_text, DislodgedRecord, PositionRecord};
use entente_game::{EndOfGame, Error, Escalation, PhaseRecord, Result, Setup};
use entente_host::{
    Assignment, CoinToss, Deadline, Event, GameOptions, LoggedEvent, Message, PhaseContext,
    PhaseSheets, Player, Recipients, Session, SessionConfig, SessionParts, SheetLine, StoredLine,
};
use entente_judge::{
    AdjustmentResult, MovementResult, OrderResult, Outcome, Phase, PhaseKind, PhaseResult,
    Position, RetreatResult, Rulebook, Unit,
};
use entente_map::{LocSet, Map, PowerId, ProvinceId, Variant};
use entente_orders::Order;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The value of the record's `format` field.
pub const FORMAT: &str = "entente-game/2";
/// The first format: the variant by name or path, results without their causes.
pub const FORMAT_1: &str = "entente-game/1";
/// The judge that writes records, as the `judge` field names it.
pub const JUDGE_VERSION: &str = concat!("entente ", env!("CARGO_PKG_VERSION"));

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    /// The program that adjudicated the phases (absent in format 1).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub judge: String,
    pub variant: VariantField,
    pub rules: Rulebook,
    pub setup: Setup,
    pub first_year: i32,
    /// Seeds the lots: power assignment and the First World War coin toss.
    pub seed: u64,
    pub options: GameOptions,
    pub assignment: Assignment,
    pub players: Vec<PlayerRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coin_toss: Option<CoinTossRecord>,
    /// Every adjudicated phase, oldest first.
    pub phases: Vec<PhaseEntry>,
    pub current: CurrentEntry,
    /// The diplomatic messages relayed, in the order received (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub press: Vec<PressEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndRecord>,
    /// The game master's acts, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventEntry>,
    /// When the current phase's orders are due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<DeadlineRecord>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    /// Escalation's placement and nominations (absent in other games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escalation: Option<EscalationRecord>,
}

/// Escalation: the turn order, the units placed in the order they were, the nominations.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EscalationRecord {
    pub units_each: u32,
    /// The powers in their turn order.
    pub order: Vec<String>,
    /// Every unit placed, in the order placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed: Vec<PlacedRecord>,
    /// The first year, after whose Fall home centres are nominated.
    pub year: i32,
    /// The home centres nominated, by power, in the order received.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nominations: Vec<NominationRecord>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nominating: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nominated: bool,
    /// The placement ended before every unit was placed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlacedRecord {
    pub power: String,
    /// `A par`, `F stp/sc`.
    pub unit: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct NominationRecord {
    pub power: String,
    /// Province abbreviations, `par`.
    pub homes: Vec<String>,
}

fn escalation_record(map: &Map, e: &Escalation) -> EscalationRecord {
    EscalationRecord {
        units_each: e.units_each,
        order: names(map, &e.order),
        placed: e
            .placed
            .iter()
            .map(|u| PlacedRecord {
                power: map.power(u.power).name.clone(),
                unit: unit_text(map, u.ty, u.loc),
            })
            .collect(),
        year: e.year,
        nominations: e
            .nominations
            .iter()
            .map(|(p, homes)| NominationRecord {
                power: map.power(*p).name.clone(),
                homes: homes
                    .iter()
                    .map(|&h| map.province(h).abbr.clone())
                    .collect(),
            })
            .collect(),
        nominating: e.nominating,
        nominated: e.nominated,
        closed: e.closed,
    }
}

fn escalation_of(map: &Map, r: &EscalationRecord) -> Result<Escalation> {
    if !map.is_escalation() {
        return Err(Error::unreadable(format!(
            "escalation: {} is not played under the escalation rule",
            map.name
        )));
    }
    let order: Vec<PowerId> = r
        .order
        .iter()
        .map(|n| power_of(map, n))
        .collect::<Result<_>>()?;
    if order.is_empty() || r.placed.len() > order.len() * r.units_each as usize {
        return Err(Error::unreadable(format!(
            "escalation: {} units placed, {} each for {} players",
            r.placed.len(),
            r.units_each,
            order.len()
        )));
    }
    let mut placed = Vec::new();
    for (i, p) in r.placed.iter().enumerate() {
        let power = power_of(map, &p.power)?;
        if power != order[i % order.len()] {
            return Err(Error::unreadable(format!(
                "escalation: unit {} placed by {} out of turn",
                i + 1,
                p.power
            )));
        }
        let (ty, loc) = parse_unit(map, &p.unit)?;
        placed.push(Unit { power, ty, loc });
    }
    let mut nominations = Vec::new();
    for n in &r.nominations {
        let homes = n
            .homes
            .iter()
            .map(|a| {
                map.lookup_province(a)
                    .filter(|&p| map.is_centre(p))
                    .ok_or_else(|| {
                        Error::unreadable(format!("escalation: '{a}' is not a supply centre"))
                    })
            })
            .collect::<Result<Vec<_>>>()?;
        nominations.push((power_of(map, &n.power)?, homes));
    }
    Ok(Escalation {
        units_each: r.units_each,
        order,
        placed,
        year: r.year,
        nominations,
        nominating: r.nominating,
        nominated: r.nominated,
        closed: r.closed,
    })
}

/// The variant: a name (format 1: a built-in name or a file's path), or the variant with
/// its text's hash and, unless built in, the text itself.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum VariantField {
    Name(String),
    Variant(VariantRecord),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct VariantRecord {
    pub name: String,
    /// SHA-256 of the variant file's text, hex.
    pub sha256: String,
    /// The variant file's text; absent for a built-in variant (then `name` is its name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toml: Option<String>,
}

/// One act of the game master, as logged.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EventEntry {
    pub seq: u64,
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<jiff::Timestamp>,
    #[serde(flatten)]
    pub event: Event,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeadlineRecord {
    pub at: jiff::Timestamp,
    pub zone: String,
}

/// One message of the press, with its true sender.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PressEntry {
    pub seq: usize,
    /// The phase current when it was sent, `S1901M`.
    pub phase: String,
    pub from: String,
    pub to: ToRecord,
    pub text: String,
    /// When the game master received it (absent in records from before messages were timed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<jiff::Timestamp>,
}

/// `"all"`, or the powers' names.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ToRecord {
    All(String),
    Powers(Vec<String>),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub name: String,
    pub powers: Vec<String>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CoinTossRecord {
    pub power: String,
    /// The player the power joins.
    pub winner: String,
}

/// Who was in civil disorder or neutral, and which provinces were closed.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct ContextRecord {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub civil_disorder: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub neutral: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub impassable: Vec<String>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PhaseEntry {
    /// `S1901M`, `F1901R`, `W1901A`.
    pub phase: String,
    /// The position the phase started from.
    pub position: PositionRecord,
    #[serde(flatten)]
    pub context: ContextRecord,
    /// Every line of every sheet, in power order, with what became of it.
    pub orders: Vec<OrderEntry>,
    /// Movement: every unit dislodged, also those disbanded at once for want of a retreat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dislodged: Option<Vec<DislodgedRecord>>,
    /// Adjustments: the removals the civil-disorder rule chose, `A mos`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub civil_disorder_removals: Option<Vec<String>>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OrderEntry {
    pub power: String,
    #[serde(flatten)]
    pub line: StoredLine,
    /// `succeeded`, `failed`, `illegal`, or `ignored` (a power in civil disorder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The province of the unit that caused the failure (`Failure::by`): that bounced the
    /// move, cut the support, dislodged the unit, or the convoying fleet that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The cause beyond `reason` (`Failure::cause`): how a move bounced (`held`,
    /// `head-to-head`, `standoff`, `own unit`), why a support or convoy is void. Absent in
    /// records written before causes were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CurrentEntry {
    pub phase: String,
    pub position: PositionRecord,
    #[serde(flatten)]
    pub context: ContextRecord,
    /// Sheets received so far, by power (the last one sent).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sheets: BTreeMap<String, Vec<StoredLine>>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum EndRecord {
    Victory {
        powers: Vec<String>,
    },
    Side {
        powers: Vec<String>,
    },
    Draw {
        powers: Vec<String>,
    },
    ShortGame {
        winners: Vec<String>,
        standings: Vec<(String, usize)>,
    },
    /// Every other power conceded the game to the one power listed.
    Concession {
        powers: Vec<String>,
    },
}

fn power_names(map: &Map, ps: impl IntoIterator<Item = PowerId>) -> Vec<String> {
    ps.into_iter().map(|p| map.power(p).name.clone()).collect()
}

fn power_of(map: &Map, name: &str) -> Result<PowerId> {
    map.lookup_power(name)
        .ok_or_else(|| Error::unreadable(format!("unknown power '{name}'")))
}

fn names(map: &Map, ps: &[PowerId]) -> Vec<String> {
    power_names(map, ps.iter().copied())
}

fn context_record(map: &Map, c: &PhaseContext) -> ContextRecord {
    ContextRecord {
        civil_disorder: power_names(map, c.civil_disorder.iter().copied()),
        neutral: power_names(map, c.neutral.iter().copied()),
        impassable: c
            .impassable
            .iter()
            .map(|p| map.province(ProvinceId(p)).abbr.clone())
            .collect(),
    }
}

fn context_of(map: &Map, c: &ContextRecord) -> Result<PhaseContext> {
    let mut impassable = LocSet::EMPTY;
    for a in &c.impassable {
        let p = map
            .lookup_province(a)
            .ok_or_else(|| Error::unreadable(format!("unknown province '{a}'")))?;
        impassable.insert(p.0);
    }
    Ok(PhaseContext {
        civil_disorder: c
            .civil_disorder
            .iter()
            .map(|n| power_of(map, n))
            .collect::<Result<_>>()?,
        neutral: c
            .neutral
            .iter()
            .map(|n| power_of(map, n))
            .collect::<Result<_>>()?,
        impassable,
    })
}

fn press_entry(map: &Map, m: &Message) -> PressEntry {
    PressEntry {
        seq: m.seq,
        phase: m.phase.code(),
        from: map.power(m.from).name.clone(),
        to: match &m.to {
            Recipients::All => ToRecord::All("all".into()),
            Recipients::Powers(ps) => ToRecord::Powers(names(map, ps)),
        },
        text: m.text.clone(),
        at: m.at,
    }
}

/// The `seq`-th message of a record: dated no earlier than the message before it (`since`)
/// and no later than the game's current phase (`now`).
fn message_of(
    map: &Map,
    e: &PressEntry,
    seq: usize,
    since: Option<Phase>,
    now: Phase,
) -> Result<Message> {
    if e.seq != seq {
        return Err(Error::unreadable(format!(
            "press: message {} where {seq} is due",
            e.seq
        )));
    }
    let phase = parse_phase(&e.phase)?;
    if phase > now || since.is_some_and(|p| phase < p) {
        return Err(Error::unreadable(format!(
            "press: message {seq} is dated {} out of turn",
            e.phase
        )));
    }
    let to = match &e.to {
        ToRecord::All(a) if a == "all" => Recipients::All,
        ToRecord::All(a) => {
            return Err(Error::unreadable(format!(
                "press: message {seq} to '{a}' (\"all\" or a list)"
            )))
        }
        ToRecord::Powers(ps) => {
            Recipients::Powers(ps.iter().map(|n| power_of(map, n)).collect::<Result<_>>()?)
        }
    };
    Ok(Message {
        seq,
        phase,
        from: power_of(map, &e.from)?,
        to,
        text: e.text.clone(),
        at: e.at,
    })
}

/// The phase named by a record's code.
pub fn parse_phase(code: &str) -> Result<Phase> {
    Phase::parse(code).ok_or_else(|| Error::unreadable(format!("'{code}' is not a phase")))
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The record's variant field for a game's variant.
pub fn variant_record(v: &Variant) -> VariantRecord {
    VariantRecord {
        name: v.name.clone(),
        sha256: sha256_hex(&v.text),
        toml: (!v.builtin).then(|| v.text.to_string()),
    }
}

/// The variant a record names: its own text, or the built-in variant of that name (format
/// 1: a name or a file's path).
pub fn record_variant(f: &VariantField) -> Result<Variant> {
    match f {
        VariantField::Name(name) => {
            Variant::load(name).map_err(|e| Error::unreadable(e.to_string()))
        }
        VariantField::Variant(v) => match &v.toml {
            Some(text) => Variant::from_text(&v.name, text)
                .map_err(|e| Error::unreadable(format!("the record's variant: {e}"))),
            None => Variant::builtin(&v.name).ok_or_else(|| {
                Error::unreadable(format!(
                    "the record's variant '{}' is not built in and the record has no text of it",
                    v.name
                ))
            }),
        },
    }
}

/// Writes a game as its record.
pub trait SessionRecord {
    fn to_record(&self) -> GameRecord;
    /// The record as pretty JSON (the file format).
    fn to_json(&self) -> String;
}

impl SessionRecord for Session {
    fn to_record(&self) -> GameRecord {
        let map = self.map();
        let history = self.game().history();
        let phases = history
            .iter()
            .zip(self.phase_sheets().iter().zip(self.phase_contexts()))
            .map(|(h, (sheets, ctx))| phase_entry(map, h, sheets, ctx))
            .collect();
        let current = CurrentEntry {
            phase: self.game().phase().code(),
            position: PositionRecord::from_position(map, self.game().position()),
            context: context_record(map, &self.context()),
            sheets: self
                .pending()
                .iter()
                .map(|(p, lines)| {
                    (
                        map.power(*p).name.clone(),
                        lines.iter().map(StoredLine::from_line).collect(),
                    )
                })
                .collect(),
        };
        let end = self.game().end().map(|e| match e {
            EndOfGame::Victory(p) => EndRecord::Victory {
                powers: power_names(map, [*p]),
            },
            EndOfGame::Side(ps) => EndRecord::Side {
                powers: power_names(map, ps.iter().copied()),
            },
            EndOfGame::Draw(ps) => EndRecord::Draw {
                powers: power_names(map, ps.iter().copied()),
            },
            EndOfGame::Concession(p) => EndRecord::Concession {
                powers: power_names(map, [*p]),
            },
            EndOfGame::ShortGame { standings, winners } => EndRecord::ShortGame {
                winners: power_names(map, winners.iter().copied()),
                standings: standings
                    .iter()
                    .map(|(p, n)| (map.power(*p).name.clone(), *n))
                    .collect(),
            },
        });
        GameRecord {
            format: FORMAT.to_string(),
            judge: JUDGE_VERSION.to_string(),
            variant: VariantField::Variant(variant_record(self.variant())),
            rules: *self.game().rules(),
            setup: self.setup(),
            first_year: self.first_year(),
            seed: self.seed(),
            options: self.options().clone(),
            assignment: self.assignment().clone(),
            players: self
                .players()
                .iter()
                .map(|p| PlayerRecord {
                    name: p.name.clone(),
                    powers: names(map, &p.powers),
                })
                .collect(),
            coin_toss: self.coin_toss().map(|t| CoinTossRecord {
                power: map.power(t.power).name.clone(),
                winner: self.players()[t.winner].name.clone(),
            }),
            phases,
            current,
            press: self.press().iter().map(|m| press_entry(map, m)).collect(),
            end,
            events: self
                .events()
                .iter()
                .map(|e| EventEntry {
                    seq: e.seq,
                    phase: e.phase.code(),
                    at: e.at,
                    event: e.event.clone(),
                })
                .collect(),
            deadline: self.deadline().map(|d| DeadlineRecord {
                at: d.at,
                zone: d.zone.clone(),
            }),
            paused: self.is_paused(),
            escalation: self.game().escalation().map(|e| escalation_record(map, e)),
        }
    }

    fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_record()).expect("records serialize");
        s.push('\n');
        s
    }
}

/// One adjudicated phase as the record keeps it.
fn phase_entry(map: &Map, h: &PhaseRecord, sheets: &PhaseSheets, ctx: &PhaseContext) -> PhaseEntry {
    let orders = entente_host::line_results(sheets, ctx, h.result.orders())
        .into_iter()
        .map(|(p, l, r)| {
            let (result, reason, by, cause) = match (r, l.order()) {
                (Some(r), _) => {
                    let (a, b, by, cause) = result_words(map, &r.outcome);
                    (Some(a), b, by, cause)
                }
                (None, Some(_)) => (
                    Some("ignored".to_string()),
                    Some(
                        if ctx.neutral.contains(&p) {
                            "neutral"
                        } else {
                            "civil disorder"
                        }
                        .to_string(),
                    ),
                    None,
                    None,
                ),
                (None, None) => (None, None, None, None),
            };
            OrderEntry {
                power: map.power(p).name.clone(),
                line: StoredLine::from_line(l),
                result,
                reason,
                by,
                cause,
            }
        })
        .collect();
    let (dislodged, civil_disorder_removals) = match &h.result {
        PhaseResult::Movement(r) => (
            Some(
                r.dislodged
                    .iter()
                    .map(|(_, d)| PositionRecord::dislodged_record(map, d))
                    .collect(),
            ),
            None,
        ),
        PhaseResult::Adjustment(r) => (
            None,
            Some(
                r.civil_disorder
                    .iter()
                    .map(|(_, u)| unit_text(map, u.ty, u.loc))
                    .collect(),
            ),
        ),
        PhaseResult::Retreat(_) => (None, None),
    };
    PhaseEntry {
        phase: h.phase.code(),
        position: PositionRecord::from_position(map, &h.before),
        context: context_record(map, ctx),
        orders,
        dislodged,
        civil_disorder_removals,
    }
}

type ResultWords = (String, Option<String>, Option<String>, Option<String>);

/// `result`, `reason`, `by` and `cause` of an outcome.
fn result_words(map: &Map, o: &Outcome) -> ResultWords {
    match o {
        Outcome::Succeeded => ("succeeded".into(), None, None, None),
        Outcome::Failed(f) => (
            "failed".into(),
            Some(f.describe().into()),
            f.by().map(|p| map.province(p).abbr.clone()),
            f.cause().map(str::to_string),
        ),
        Outcome::Illegal(i) => ("illegal".into(), Some(i.describe().into()), None, None),
    }
}

/// A game from its record's JSON text.
pub fn from_json(text: &str) -> Result<Session> {
    let record: GameRecord = serde_json::from_str(text)
        .map_err(|e| Error::unreadable(format!("not a game record: {e}")))?;
    from_record(&record)
}

/// A game from its record: the stored positions, results, sheets, press and acts, as they
/// are (format 1: each phase's results are adjudicated again from its recorded position).
pub fn from_record(r: &GameRecord) -> Result<Session> {
    let v1 = match r.format.as_str() {
        FORMAT => false,
        FORMAT_1 => true,
        other => {
            return Err(Error::unreadable(format!(
                "record format '{other}' (this program reads {FORMAT} and {FORMAT_1})"
            )))
        }
    };
    let variant = record_variant(&r.variant)?;
    let map = variant.map.clone();
    let mut players = Vec::new();
    for p in &r.players {
        players.push(Player {
            name: p.name.clone(),
            powers: p
                .powers
                .iter()
                .map(|n| power_of(&map, n))
                .collect::<Result<_>>()?,
        });
    }
    let coin_toss = match &r.coin_toss {
        None => None,
        Some(t) => Some(CoinToss {
            power: power_of(&map, &t.power)?,
            winner: players
                .iter()
                .position(|p| p.name == t.winner)
                .ok_or_else(|| Error::unreadable(format!("coin toss: no player '{}'", t.winner)))?,
        }),
    };
    // The players as they started: a power that joined a side later joins again on restore.
    let final_players = players.clone();
    if let Some(t) = coin_toss {
        players[t.winner].powers.retain(|&p| p != t.power);
    }
    let config = SessionConfig {
        variant,
        rules: r.rules,
        setup: r.setup,
        players,
        first_year: Some(r.first_year),
        options: r.options.clone(),
        seed: r.seed,
        assignment: r.assignment.clone(),
    };
    // Each phase's position, then the current one: each read once (a phase ends where the
    // next one starts).
    let positions = r
        .phases
        .iter()
        .map(|p| &p.position)
        .chain([&r.current.position])
        .map(|p| p.to_position(&map))
        .collect::<Result<Vec<Position>>>()?;
    // An Escalation game starts from the board its placements made.
    let start = match &r.escalation {
        Some(e) => {
            let mut pos = Position::empty(&map);
            for u in escalation_of(&map, e)?.placed {
                let p = map.province_of(u.loc);
                if pos.unit_at(p).is_some() {
                    return Err(Error::unreadable(format!(
                        "escalation: two units placed in '{}'",
                        map.province(p).abbr
                    )));
                }
                pos.place(&map, u);
                if map.is_centre(p) {
                    pos.set_owner(p, Some(u.power));
                }
            }
            pos
        }
        None => Position::start(&map),
    };
    if positions[0] != start {
        return Err(Error::unreadable(
            "the record does not start from the setup's start position",
        ));
    }
    let mut history = Vec::with_capacity(r.phases.len());
    let mut sheets_list = Vec::with_capacity(r.phases.len());
    let mut contexts = Vec::with_capacity(r.phases.len());
    let mut positions = positions.into_iter();
    let mut next_before = positions.next();
    for entry in &r.phases {
        let phase = parse_phase(&entry.phase)?;
        let ctx = context_of(&map, &entry.context)?;
        let before = next_before
            .take()
            .expect("one position a phase, and the current");
        next_before = positions.next();
        let after = next_before
            .clone()
            .expect("one position a phase, and the current");
        let mut sheets = PhaseSheets::new();
        for o in &entry.orders {
            sheets.push((power_of(&map, &o.power)?, o.line.to_line(&map)?));
        }
        let judged = judged_orders(&sheets, &ctx);
        let result = if v1 {
            readjudicated(&map, r.rules, phase, &before, &judged, &ctx)
        } else {
            stored_result(&map, phase, &before, &after, entry, &judged)
                .map_err(|e| e.context(format!("phase {}", entry.phase)))?
        };
        history.push(PhaseRecord {
            phase,
            before,
            orders: judged,
            result,
            after,
        });
        sheets_list.push(sheets);
        contexts.push(ctx);
    }
    let current_phase = parse_phase(&r.current.phase)?;
    let current_position = next_before.expect("the current position");
    let mut pending = BTreeMap::new();
    for (name, lines) in &r.current.sheets {
        let p = power_of(&map, name)?;
        let lines = lines
            .iter()
            .map(|l| l.to_line(&map))
            .collect::<Result<Vec<SheetLine>>>()?;
        pending.insert(p, lines);
    }
    let mut press: Vec<Message> = Vec::new();
    for (i, e) in r.press.iter().enumerate() {
        let since = press.last().map(|m| m.phase);
        press.push(message_of(&map, e, i + 1, since, current_phase)?);
    }
    if r.options.gunboat && !press.is_empty() {
        return Err(Error::unreadable("a Gunboat game's record has press"));
    }
    let end = match &r.end {
        None => None,
        Some(e) => Some(end_of(&map, e)?),
    };
    let events = r
        .events
        .iter()
        .map(|e| {
            Ok(LoggedEvent {
                seq: e.seq,
                phase: parse_phase(&e.phase)?,
                at: e.at,
                event: e.event.clone(),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let deadline = r.deadline.as_ref().map(|d| Deadline {
        at: d.at,
        zone: d.zone.clone(),
    });
    let mut s = Session::restore(
        config,
        SessionParts {
            phase: current_phase,
            position: current_position,
            history,
            end,
            coin_toss,
            sheets: sheets_list,
            contexts,
            pending,
            press,
            events,
            deadline,
            paused: r.paused,
        },
    )?;
    s.set_context(&context_of(&map, &r.current.context)?);
    if let Some(e) = &r.escalation {
        s.restore_escalation(escalation_of(&map, e)?);
    }
    if s.players() != final_players.as_slice() {
        return Err(Error::unreadable(
            "the record's players do not match its coin toss",
        ));
    }
    Ok(s)
}

fn end_of(map: &Map, e: &EndRecord) -> Result<EndOfGame> {
    let list = |ps: &[String]| {
        ps.iter()
            .map(|n| power_of(map, n))
            .collect::<Result<Vec<_>>>()
    };
    Ok(match e {
        EndRecord::Victory { powers } => match list(powers)?.as_slice() {
            [p] => EndOfGame::Victory(*p),
            _ => return Err(Error::unreadable("a victory of other than one power")),
        },
        EndRecord::Concession { powers } => match list(powers)?.as_slice() {
            [p] => EndOfGame::Concession(*p),
            _ => return Err(Error::unreadable("a concession to other than one power")),
        },
        EndRecord::Side { powers } => EndOfGame::Side(list(powers)?),
        EndRecord::Draw { powers } => EndOfGame::Draw(list(powers)?),
        EndRecord::ShortGame { winners, standings } => EndOfGame::ShortGame {
            winners: list(winners)?,
            standings: standings
                .iter()
                .map(|(n, c)| Ok((power_of(map, n)?, *c)))
                .collect::<Result<_>>()?,
        },
    })
}

/// The orders the judge was given: the readable lines of powers whose orders counted.
fn judged_orders(sheets: &PhaseSheets, ctx: &PhaseContext) -> Vec<(PowerId, Order)> {
    sheets
        .iter()
        .filter(|(p, _)| !ctx.civil_disorder.contains(p) && !ctx.neutral.contains(p))
        .filter_map(|(p, l)| l.order().map(|o| (*p, o)))
        .collect()
}

/// Format 1: the results of a phase adjudicated again from its recorded position.
fn readjudicated(
    map: &Map,
    rules: Rulebook,
    phase: Phase,
    before: &Position,
    orders: &[(PowerId, Order)],
    ctx: &PhaseContext,
) -> PhaseResult {
    let restrictions = entente_judge::Restrictions {
        impassable: ctx.impassable,
        silent: ctx
            .civil_disorder
            .iter()
            .chain(&ctx.neutral)
            .copied()
            .collect(),
    };
    entente_judge::Engine::new()
        .play(map, &rules, &restrictions, phase, before, orders)
        .result
}

/// The results of a phase from what the record stored: each order's outcome with its cause,
/// the units dislodged, the removals civil disorder chose, and the positions before and after.
fn stored_result(
    map: &Map,
    phase: Phase,
    before: &Position,
    after: &Position,
    entry: &PhaseEntry,
    judged: &[(PowerId, Order)],
) -> Result<PhaseResult> {
    let mut results = Vec::with_capacity(judged.len());
    let mut next = judged.iter();
    for o in &entry.orders {
        let counted = matches!(
            o.result.as_deref(),
            Some("succeeded" | "failed" | "illegal")
        );
        if !counted {
            continue;
        }
        let &(power, order) = next
            .next()
            .ok_or_else(|| Error::unreadable("more results than orders"))?;
        let by = match &o.by {
            Some(a) => Some(map.province_of(parse_loc(map, a)?)),
            None => None,
        };
        let outcome = Outcome::from_words(
            o.result.as_deref().unwrap_or_default(),
            o.reason.as_deref(),
            by,
            o.cause.as_deref(),
        )
        .ok_or_else(|| {
            Error::unreadable(format!(
                "'{}': unknown result {:?} {:?} {:?}",
                o.line.text, o.result, o.reason, o.cause
            ))
        })?;
        results.push(OrderResult {
            power,
            order,
            outcome,
        });
    }
    if next.next().is_some() {
        return Err(Error::unreadable("an order without its result"));
    }
    Ok(match phase.kind {
        PhaseKind::Movement => {
            let mut dislodged = Vec::new();
            for d in entry.dislodged.iter().flatten() {
                let d = PositionRecord::dislodged_of(map, d)?;
                dislodged.push((map.province_of(d.unit.loc), d));
            }
            let mut ordered = LocSet::EMPTY;
            for u in results
                .iter()
                .filter(|r| !r.outcome.is_illegal())
                .filter_map(|r| r.order.unit())
            {
                ordered.insert(map.province_of(u.loc).0);
            }
            let unordered = before
                .units()
                .filter(|(p, _)| !ordered.contains(p.0))
                .map(|(p, u)| {
                    let by = dislodged
                        .iter()
                        .find(|(q, _)| *q == p)
                        .map(|(_, d)| d.attacker_from);
                    (p, u, by)
                })
                .collect();
            PhaseResult::Movement(MovementResult {
                orders: results,
                unordered,
                dislodged,
                next: Some(after.clone()),
            })
        }
        PhaseKind::Retreat => {
            let mut retreated = Vec::new();
            let mut disbanded = Vec::new();
            for (p, d) in before.dislodged() {
                let landed = d.retreats.iter().find_map(|l| {
                    let l = entente_map::Loc(l);
                    let u = Unit { loc: l, ..d.unit };
                    (after.unit_at(map.province_of(l)) == Some(u)).then_some(u)
                });
                match landed {
                    Some(u) => retreated.push((p, u)),
                    None => disbanded.push((p, d.unit)),
                }
            }
            PhaseResult::Retreat(RetreatResult {
                orders: results,
                retreated,
                disbanded,
                next: after.clone(),
            })
        }
        PhaseKind::Adjustment => {
            let mut built = Vec::new();
            let mut removed = Vec::new();
            for r in results.iter().filter(|r| r.outcome.succeeded()) {
                match r.order {
                    Order::Build { loc, .. } => {
                        if let Some(u) = after.unit_at(map.province_of(loc)) {
                            built.push(u);
                        }
                    }
                    Order::Remove(u) | Order::Disband(u) => {
                        let p = map.province_of(u.loc);
                        if let Some(unit) = before.unit_at(p) {
                            removed.push((p, unit));
                        }
                    }
                    _ => {}
                }
            }
            let mut civil_disorder = Vec::new();
            for text in entry.civil_disorder_removals.iter().flatten() {
                let (_, loc) = parse_unit(map, text)?;
                let p = map.province_of(loc);
                let unit = before
                    .unit_at(p)
                    .ok_or_else(|| Error::unreadable(format!("no unit '{text}' to remove")))?;
                civil_disorder.push((p, unit));
            }
            let mut waived = Vec::new();
            for power in map.power_ids() {
                let due = entente_judge::adjustment_due(map, before, power);
                let used = built.iter().filter(|u: &&Unit| u.power == power).count() as i32;
                if due > used {
                    waived.push((power, (due - used) as u32));
                }
            }
            PhaseResult::Adjustment(AdjustmentResult {
                orders: results,
                built,
                removed,
                civil_disorder,
                waived,
                next: after.clone(),
            })
        }
    })
}

impl GameRecord {
    /// The record's phases for [`crate::replay`]: each with its position, the orders that
    /// were read, and its context; the current phase last.
    pub fn recorded_phases(&self, map: &Map) -> Result<Vec<crate::recorded::RecordedPhase>> {
        let mut out = Vec::new();
        for e in &self.phases {
            let mut orders = Vec::new();
            for o in &e.orders {
                let line = o.line.to_line(map)?;
                if let Some(order) = line.order() {
                    orders.push((power_of(map, &o.power)?, order));
                }
            }
            out.push(crate::recorded::RecordedPhase {
                name: e.phase.clone(),
                phase: Some(parse_phase(&e.phase)?),
                position: e.position.to_position(map)?,
                orders,
                context: context_of(map, &e.context)?,
            });
        }
        out.push(crate::recorded::RecordedPhase {
            name: self.current.phase.clone(),
            phase: Some(parse_phase(&self.current.phase)?),
            position: self.current.position.to_position(map)?,
            orders: Vec::new(),
            context: context_of(map, &self.current.context)?,
        });
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use entente_judge::{ParadoxBackup, ParadoxRule, Rulebook};

    #[test]
    fn a_rulebook_written_before_the_paradox_rules_reads_as_szykman_alone() {
        // Records of games adjudicated before the paradox rules were an option: the judge
        // then settled every paradox by the Szykman rule, whatever the edition.
        let old = r#"{"edition":"2000","any_route_disruption_fails":false,
            "adjacent_convoy":"ViaOrOwnFleet","retreat_to_convoy_origin":false,
            "removal_distance":"HomeCentres"}"#;
        let r: Rulebook = serde_json::from_str(old).unwrap();
        assert_eq!(r.paradox_rule, ParadoxRule::None);
        assert_eq!(r.paradox_backup, ParadoxBackup::Szykman);
        let text = serde_json::to_string(&Rulebook::default()).unwrap();
        assert!(text.contains(r#""paradox_rule":"2000""#), "{text}");
        let back: Rulebook = serde_json::from_str(&text).unwrap();
        assert_eq!(back, Rulebook::default());
    }
}
