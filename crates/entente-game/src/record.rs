//! The native game record (`docs/game-record.md`): everything needed to show a game and to
//! go on with it, as JSON. Every phase keeps its position, the sheets as sent (text and
//! canonical order) and the results; loading re-adjudicates each phase from its position
//! and orders and refuses a record whose positions do not follow.

use crate::game::EndOfGame;
use crate::position_record::PositionRecord;
use crate::press::{Message, Recipients};
use crate::session::{
    names, Assignment, CoinToss, GameOptions, PhaseContext, PhaseSheets, Player, Session,
};
use crate::setup::Setup;
use crate::sheet::{SheetLine, StoredLine};
use entente_judge::Phase;
use entente_judge::PhaseResult;
use entente_judge::{OrderResult, Outcome, Rulebook};
use entente_map::{LocSet, Map, PowerId, ProvinceId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The value of the record's `format` field.
pub const FORMAT: &str = "entente-game/1";

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    /// `standard`, or the path of a variant file.
    pub variant: String,
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
}

/// The map of a variant named in a record or on the command line: a built-in variant
/// (`standard`, `ancmed`, ...) or a variant file's path.
pub fn load_variant(name: &str) -> Result<Map, String> {
    if let Some(map) = entente_map::builtin_variant(name) {
        return Ok(map);
    }
    if name.ends_with(".toml") {
        let text = std::fs::read_to_string(name).map_err(|e| format!("{name}: {e}"))?;
        return Map::from_toml(&text).map_err(|e| format!("{name}: {e}"));
    }
    Err(format!(
        "unknown variant '{name}' (built in: {}; or the path of a variant .toml file)",
        entente_map::builtin_variant_names().join(", ")
    ))
}

fn power_names(map: &Map, ps: impl IntoIterator<Item = PowerId>) -> Vec<String> {
    ps.into_iter().map(|p| map.power(p).name.clone()).collect()
}

fn power_of(map: &Map, name: &str) -> Result<PowerId, String> {
    map.lookup_power(name)
        .ok_or_else(|| format!("unknown power '{name}'"))
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

fn context_of(map: &Map, c: &ContextRecord) -> Result<PhaseContext, String> {
    let mut impassable = LocSet::EMPTY;
    for a in &c.impassable {
        let p = map
            .lookup_province(a)
            .ok_or_else(|| format!("unknown province '{a}'"))?;
        impassable.insert(p.0);
    }
    Ok(PhaseContext {
        civil_disorder: c
            .civil_disorder
            .iter()
            .map(|n| power_of(map, n))
            .collect::<Result<_, _>>()?,
        neutral: c
            .neutral
            .iter()
            .map(|n| power_of(map, n))
            .collect::<Result<_, _>>()?,
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
) -> Result<Message, String> {
    if e.seq != seq {
        return Err(format!("press: message {} where {seq} is due", e.seq));
    }
    let phase = parse_phase(&e.phase)?;
    if phase > now || since.is_some_and(|p| phase < p) {
        return Err(format!(
            "press: message {seq} is dated {} out of turn",
            e.phase
        ));
    }
    let to = match &e.to {
        ToRecord::All(a) if a == "all" => Recipients::All,
        ToRecord::All(a) => {
            return Err(format!("press: message {seq} to '{a}' (\"all\" or a list)"))
        }
        ToRecord::Powers(ps) => Recipients::Powers(
            ps.iter()
                .map(|n| power_of(map, n))
                .collect::<Result<_, _>>()?,
        ),
    };
    Ok(Message {
        seq,
        phase,
        from: power_of(map, &e.from)?,
        to,
        text: e.text.clone(),
    })
}

fn result_words(o: &Outcome) -> (String, Option<String>) {
    match o {
        Outcome::Succeeded => ("succeeded".into(), None),
        Outcome::Failed(f) => ("failed".into(), Some(f.describe().into())),
        Outcome::Illegal(i) => ("illegal".into(), Some(i.describe().into())),
    }
}

/// The judge's results of a phase, one per order it was given.
pub fn order_results(result: &PhaseResult) -> &[OrderResult] {
    match result {
        PhaseResult::Movement(r) => &r.orders,
        PhaseResult::Retreat(r) => &r.orders,
        PhaseResult::Adjustment(r) => &r.orders,
    }
}

/// Each sheet line with its result: lines of powers whose orders did not count are
/// `None`; unreadable lines too.
pub fn line_results<'a>(
    sheets: &'a PhaseSheets,
    context: &PhaseContext,
    results: &'a [OrderResult],
) -> Vec<(PowerId, &'a SheetLine, Option<&'a OrderResult>)> {
    let mut next = results.iter();
    sheets
        .iter()
        .map(|(p, l)| {
            let counted = l.order().is_some()
                && !context.civil_disorder.contains(p)
                && !context.neutral.contains(p);
            (*p, l, if counted { next.next() } else { None })
        })
        .collect()
}

impl Session {
    pub fn to_record(&self) -> GameRecord {
        let map = self.map();
        let history = self.game.history();
        let phases = history
            .iter()
            .zip(self.sheets.iter().zip(&self.contexts))
            .map(|(h, (sheets, ctx))| {
                let orders = line_results(sheets, ctx, order_results(&h.result))
                    .into_iter()
                    .map(|(p, l, r)| {
                        let (result, reason) = match (r, l.order()) {
                            (Some(r), _) => {
                                let (a, b) = result_words(&r.outcome);
                                (Some(a), b)
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
                            ),
                            (None, None) => (None, None),
                        };
                        OrderEntry {
                            power: map.power(p).name.clone(),
                            line: StoredLine::from_line(l),
                            result,
                            reason,
                        }
                    })
                    .collect();
                PhaseEntry {
                    phase: h.phase.code(),
                    position: PositionRecord::from_position(map, &h.before),
                    context: context_record(map, ctx),
                    orders,
                }
            })
            .collect();
        let current = CurrentEntry {
            phase: self.game.phase().code(),
            position: PositionRecord::from_position(map, self.game.position()),
            context: context_record(map, &self.context()),
            sheets: self
                .pending
                .iter()
                .map(|(p, lines)| {
                    (
                        map.power(*p).name.clone(),
                        lines.iter().map(StoredLine::from_line).collect(),
                    )
                })
                .collect(),
        };
        let end = self.game.end().map(|e| match e {
            EndOfGame::Victory(p) => EndRecord::Victory {
                powers: power_names(map, [*p]),
            },
            EndOfGame::Side(ps) => EndRecord::Side {
                powers: power_names(map, ps.iter().copied()),
            },
            EndOfGame::Draw(ps) => EndRecord::Draw {
                powers: power_names(map, ps.iter().copied()),
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
            variant: self.variant.clone(),
            rules: *self.game.rules(),
            setup: self.setup,
            first_year: self.first_year,
            seed: self.seed,
            options: self.options.clone(),
            assignment: self.assignment.clone(),
            players: self
                .players
                .iter()
                .map(|p| PlayerRecord {
                    name: p.name.clone(),
                    powers: names(map, &p.powers),
                })
                .collect(),
            coin_toss: self.coin_toss.map(|t| CoinTossRecord {
                power: map.power(t.power).name.clone(),
                winner: self.players[t.winner].name.clone(),
            }),
            phases,
            current,
            press: self.press.iter().map(|m| press_entry(map, m)).collect(),
            end,
        }
    }

    /// The record as pretty JSON (the file format).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_record()).expect("records serialize");
        s.push('\n');
        s
    }

    pub fn from_json(text: &str) -> Result<Session, String> {
        let record: GameRecord =
            serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        Session::from_record(&record)
    }

    /// Rebuilds the game by adjudicating every recorded phase again from the start, and
    /// checks that each phase's position is the one recorded.
    pub fn from_record(r: &GameRecord) -> Result<Session, String> {
        if r.format != FORMAT {
            return Err(format!(
                "record format '{}' (this program reads {FORMAT})",
                r.format
            ));
        }
        let map = Arc::new(load_variant(&r.variant)?);
        let mut players = Vec::new();
        for p in &r.players {
            players.push(Player {
                name: p.name.clone(),
                powers: p
                    .powers
                    .iter()
                    .map(|n| power_of(&map, n))
                    .collect::<Result<_, _>>()?,
            });
        }
        let coin_toss = match &r.coin_toss {
            None => None,
            Some(t) => Some(CoinToss {
                power: power_of(&map, &t.power)?,
                winner: players
                    .iter()
                    .position(|p| p.name == t.winner)
                    .ok_or_else(|| format!("coin toss: no player '{}'", t.winner))?,
            }),
        };
        // The players as they started: a power that joined a side later joins again below.
        let final_players = players.clone();
        if let Some(t) = coin_toss {
            players[t.winner].powers.retain(|&p| p != t.power);
        }
        let mut s = Session::new(
            map.clone(),
            &r.variant,
            r.rules,
            r.setup,
            players,
            Some(r.first_year),
            r.options.clone(),
            r.seed,
            r.assignment.clone(),
        )?;
        s.coin_toss = coin_toss;
        let first = r
            .phases
            .first()
            .map_or(&r.current.position, |p| &p.position);
        if first.to_position(&map)? != *s.game.position() {
            return Err("the record does not start from the setup's start position".into());
        }
        for (i, entry) in r.phases.iter().enumerate() {
            if entry.phase != s.game.phase().code() {
                return Err(format!(
                    "record has {} where the game is at {}",
                    entry.phase,
                    s.game.phase().code()
                ));
            }
            let ctx = context_of(&map, &entry.context)?;
            s.set_context(&ctx);
            let mut sheets = PhaseSheets::new();
            for o in &entry.orders {
                sheets.push((power_of(&map, &o.power)?, o.line.to_line(&map)?));
            }
            let phase = s.game.phase();
            s.process(sheets);
            let next = r
                .phases
                .get(i + 1)
                .map_or(&r.current.position, |p| &p.position);
            if next.to_position(&map)? != *s.game.position() {
                return Err(format!(
                    "the record's position after {} is not what its orders give",
                    phase
                ));
            }
        }
        if r.current.phase != s.game.phase().code() {
            return Err(format!(
                "record's current phase is {}, the game is at {}",
                r.current.phase,
                s.game.phase().code()
            ));
        }
        s.set_context(&context_of(&map, &r.current.context)?);
        for (name, lines) in &r.current.sheets {
            let p = power_of(&map, name)?;
            let lines = lines
                .iter()
                .map(|l| l.to_line(&map))
                .collect::<Result<Vec<_>, _>>()?;
            s.pending.insert(p, lines);
        }
        for (i, e) in r.press.iter().enumerate() {
            // Dated from the previous message's phase to the current one.
            let since = s.press.last().map(|m| m.phase);
            let m = message_of(&map, e, i + 1, since, s.game.phase())?;
            s.press.push(m);
        }
        if s.options.gunboat && !s.press.is_empty() {
            return Err("a Gunboat game's record has press".into());
        }
        if let Some(EndRecord::Draw { .. }) = r.end {
            s.game.declare_draw();
        }
        if s.players != final_players {
            return Err("the record's players do not match its coin toss".into());
        }
        Ok(s)
    }

    fn set_context(&mut self, c: &PhaseContext) {
        let ids: Vec<PowerId> = self.map().power_ids().collect();
        for p in ids {
            self.game
                .set_civil_disorder(p, c.civil_disorder.contains(&p));
            self.game.set_neutral(p, c.neutral.contains(&p));
        }
        self.game.set_impassable(c.impassable);
    }
}

/// The phase named by a record's code.
pub fn parse_phase(code: &str) -> Result<Phase, String> {
    Phase::parse(code).ok_or_else(|| format!("'{code}' is not a phase"))
}

impl GameRecord {
    /// The record's phases for [`crate::replay`]: each with its position, the orders that
    /// were read, and its context; the current phase last.
    pub fn recorded_phases(&self, map: &Map) -> Result<Vec<crate::replay::RecordedPhase>, String> {
        let mut out = Vec::new();
        for e in &self.phases {
            let mut orders = Vec::new();
            for o in &e.orders {
                let line = o.line.to_line(map)?;
                if let Some(order) = line.order() {
                    orders.push((power_of(map, &o.power)?, order));
                }
            }
            out.push(crate::replay::RecordedPhase {
                name: e.phase.clone(),
                phase: Some(parse_phase(&e.phase)?),
                position: e.position.to_position(map)?,
                orders,
                context: context_of(map, &e.context)?,
            });
        }
        out.push(crate::replay::RecordedPhase {
            name: self.current.phase.clone(),
            phase: Some(parse_phase(&self.current.phase)?),
            position: self.current.position.to_position(map)?,
            orders: Vec::new(),
            context: context_of(map, &self.current.context)?,
        });
        Ok(out)
    }
}
