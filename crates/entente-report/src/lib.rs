//! Results in judge form (the classic e-mail judge listing) and as JSON
//! (`docs/adjudicate-json.md`). Both are written from the judge's outcome values
//! ([`PhaseResult`]), whichever runner produced them (a scenario or a game), so every front
//! end (command line, web, mail, DAIDE) prints the same thing.

pub mod game;
pub mod words;

pub use words::{Arg, English, Words};

use entente_judge::{Failure, Outcome, Phase, PhaseKind, PhaseResult, Position, Season, Unit};
use entente_map::{Loc, Map, PowerId, UnitType};
use entente_orders::{format_order, Order, Target, UnitRef};
use entente_scenario::{Case, PhaseRun};
use serde_json::{json, Value};
use std::fmt::Write;

pub fn year_text(map: &Map, year: i32) -> String {
    if map.year_style_ad {
        format!("{year} AD")
    } else {
        year.to_string()
    }
}

/// "Spring 1901 movement", with the variant's way of writing years ("Spring 1 AD movement").
pub fn phase_title(map: &Map, p: Phase) -> String {
    let text = p.to_string();
    text.replacen(&p.year.to_string(), &year_text(map, p.year), 1)
}

fn unit_word(w: &dyn Words, ty: UnitType) -> String {
    w.word(match ty {
        UnitType::Army => "unit-army",
        UnitType::Fleet => "unit-fleet",
    })
}

/// The unit an order of a phase of this kind names, as the position knows it: its type
/// (when known) and its location with the real coast. In a retreat phase the unit ordered
/// is the dislodged one, not the unit that took its province.
pub fn named_unit(
    map: &Map,
    kind: PhaseKind,
    pos: &Position,
    u: UnitRef,
) -> (Option<UnitType>, Loc) {
    let p = map.province_of(u.loc);
    let on_board = pos.unit_at(p);
    let dislodged = pos.dislodged_at(p).map(|d| d.unit);
    let real = if kind == PhaseKind::Retreat {
        dislodged.or(on_board)
    } else {
        on_board.or(dislodged)
    };
    match real {
        Some(real) => (Some(real.ty), real.loc),
        None => (u.ty, u.loc),
    }
}

/// "A Vienna", with the real unit type when the position knows it ([`named_unit`]).
fn unit_name(w: &dyn Words, map: &Map, kind: PhaseKind, pos: &Position, u: UnitRef) -> String {
    let (ty, loc) = named_unit(map, kind, pos, u);
    match ty {
        Some(t) => format!("{} {}", w.letter(t), w.loc(map, loc)),
        None => w.loc(map, loc),
    }
}

fn target_name(w: &dyn Words, map: &Map, pos: &Position, t: Target) -> String {
    let p = map.province_of(t.loc);
    let ty = pos.unit_at(p).map(|u| u.ty).or(t.ty);
    let who = pos.unit_at(p).map(|u| u.power).or(t.power);
    let mut s = String::new();
    if let Some(who) = who {
        s.push_str(&w.adjective(map, who));
        s.push(' ');
    }
    if let Some(ty) = ty {
        s.push_str(&w.letter(ty));
        s.push(' ');
    }
    s.push_str(&w.loc(map, t.loc));
    s
}

/// An order written out in full names, judge style (a movement or adjustment phase's
/// order: the unit named is the one standing in its province).
pub fn order_text(map: &Map, pos: &Position, o: &Order) -> String {
    order_text_in(map, PhaseKind::Movement, pos, o)
}

/// An order of a phase of this kind written out in full names, judge style: in a retreat
/// phase the unit named is the dislodged one (`F Sevastopol -> Rumania`, not the army that
/// took Sevastopol).
pub fn order_text_in(map: &Map, kind: PhaseKind, pos: &Position, o: &Order) -> String {
    order_words(&English, map, kind, pos, o)
}

/// [`order_text_in`] in the words of `w`.
pub fn order_words(w: &dyn Words, map: &Map, kind: PhaseKind, pos: &Position, o: &Order) -> String {
    let unit = |u: UnitRef| unit_name(w, map, kind, pos, u);
    let target = |t: Target| target_name(w, map, pos, t);
    let to = |l: Loc| w.loc(map, l);
    match *o {
        Order::Hold(u) => w.text("order-hold", &[("unit", Arg::S(&unit(u)))]),
        Order::Move {
            unit: u,
            to: l,
            via_convoy,
        } => w.text(
            if via_convoy {
                "order-move-via-convoy"
            } else {
                "order-move"
            },
            &[("unit", Arg::S(&unit(u))), ("to", Arg::S(&to(l)))],
        ),
        Order::SupportHold { unit: u, target: t } => w.text(
            "order-support-hold",
            &[("unit", Arg::S(&unit(u))), ("target", Arg::S(&target(t)))],
        ),
        Order::SupportMove {
            unit: u,
            target: t,
            to: l,
        } => w.text(
            "order-support-move",
            &[
                ("unit", Arg::S(&unit(u))),
                ("target", Arg::S(&target(t))),
                ("to", Arg::S(&to(l))),
            ],
        ),
        Order::Convoy {
            unit: u,
            target: t,
            to: l,
        } => w.text(
            "order-convoy",
            &[
                ("unit", Arg::S(&unit(u))),
                ("target", Arg::S(&target(t))),
                ("to", Arg::S(&to(l))),
            ],
        ),
        Order::Retreat { unit: u, to: l } => w.text(
            "order-retreat",
            &[("unit", Arg::S(&unit(u))), ("to", Arg::S(&to(l)))],
        ),
        Order::Disband(u) => w.text("order-disband", &[("unit", Arg::S(&unit(u)))]),
        Order::Build { ty, loc } => {
            let what = match ty {
                Some(t) => format!("{} {}", w.letter(t), w.loc(map, loc)),
                None => w.loc(map, loc),
            };
            w.text("order-build", &[("unit", Arg::S(&what))])
        }
        Order::Remove(u) => w.text("order-remove", &[("unit", Arg::S(&unit(u)))]),
        Order::Waive => w.word("order-waive"),
    }
}

/// What the listing says after an order: why it failed (`(*bounce*)`), whether its unit was
/// dislodged as well (`(*bounce, dislodged*)`), and for an illegal order whose unit had no
/// other, that the unit held (`(*illegal: not adjacent*) (holds)`).
fn mark(w: &dyn Words, o: &Outcome, dislodged: bool, held: bool) -> String {
    let failure = |f: &Failure| w.word(words::failure_id(f));
    match o {
        Outcome::Succeeded if dislodged => format!(" (*{}*)", w.word("failure-dislodged")),
        Outcome::Succeeded => String::new(),
        Outcome::Failed(f @ Failure::Dislodged { .. }) => format!(" (*{}*)", failure(f)),
        Outcome::Failed(f) if dislodged => format!(
            " (*{}*)",
            w.text("failed-dislodged", &[("why", Arg::S(&failure(f)))])
        ),
        Outcome::Failed(f) => format!(" (*{}*)", failure(f)),
        Outcome::Illegal(i) => {
            let mut m = format!(
                " (*{}*)",
                w.text("illegal", &[("why", Arg::S(&w.illegal(*i)))])
            );
            match (held, dislodged) {
                (true, true) => m.push_str(&format!(" ({})", w.word("holds-dislodged"))),
                (true, false) => m.push_str(&format!(" ({})", w.word("holds"))),
                _ => {}
            }
            m
        }
    }
}

fn result_word(o: &Outcome) -> (&'static str, Option<&'static str>) {
    match o {
        Outcome::Succeeded => ("succeeded", None),
        Outcome::Failed(f) => ("failed", Some(f.describe())),
        Outcome::Illegal(i) => ("illegal", Some(i.describe())),
    }
}

fn join_or(w: &dyn Words, items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!(
            "{} {} {}",
            items[..n - 1].join(", "),
            w.word("or"),
            items[n - 1]
        ),
    }
}

fn units_line(w: &dyn Words, map: &Map, units: impl Iterator<Item = Unit>) -> String {
    let mut v: Vec<String> = units
        .map(|u| format!("{} {}", w.letter(u.ty), w.loc(map, u.loc)))
        .collect();
    v.sort();
    v.join(", ")
}

fn centres_of(w: &dyn Words, map: &Map, pos: &Position, p: Option<PowerId>) -> Vec<String> {
    let mut v: Vec<String> = map
        .province_ids()
        .filter(|&c| map.is_centre(c) && pos.owner(c) == p)
        .map(|c| w.province(map, c))
        .collect();
    v.sort();
    v
}

fn results(r: &PhaseResult) -> Vec<(PowerId, Order, Outcome)> {
    r.orders()
        .iter()
        .map(|o| (o.power, o.order, o.outcome))
        .collect()
}

/// Were the adjustments due after `phase` final when it ended: the Fall season over (after
/// its retreats, or after its movement when nobody was left to retreat)? Before that,
/// centres have not changed hands and units may still be lost.
pub fn adjustments_final(phase: Phase, after: &Position) -> bool {
    phase.season == Season::Fall && phase.kind != PhaseKind::Adjustment && !after.has_dislodged()
}

/// One phase in judge form: the title, every power's orders (failed ones marked, a unit
/// dislodged as well marked so, an illegal order that left its unit without one marked
/// `(holds)`; then any `extra` lines of that power, such as unreadable orders),
/// dislodgements with their retreat options, disbands and removals, unit positions and
/// centre ownership as they stand after the phase, with the builds and removals due once
/// they are final ([`adjustments_final`]).
pub fn phase_listing(
    map: &Map,
    phase: Phase,
    decided: &PhaseResult,
    before: &Position,
    after: &Position,
    extra: &[(PowerId, String)],
    out: &mut String,
) {
    phase_listing_in(&English, map, phase, decided, before, after, extra, out);
}

/// [`phase_listing`] in the words of `w`.
#[allow(clippy::too_many_arguments)]
pub fn phase_listing_in(
    w: &dyn Words,
    map: &Map,
    phase: Phase,
    decided: &PhaseResult,
    before: &Position,
    after: &Position,
    extra: &[(PowerId, String)],
    out: &mut String,
) {
    let _ = writeln!(out, "{}\n", w.phase_title(map, phase));
    let list = results(decided);
    let kind = decided.kind();
    // Movement: the provinces whose units were dislodged, and the units that held because
    // their only orders were illegal (listed once, with their order).
    let (dislodged_at, unordered): (Vec<entente_map::ProvinceId>, &[_]) = match decided {
        PhaseResult::Movement(r) => (r.dislodged.iter().map(|d| d.0).collect(), &r.unordered),
        _ => (Vec::new(), &[]),
    };
    let unit_of = |p: PowerId, o: &Order| -> Option<entente_map::ProvinceId> {
        let prov = map.province_of(o.unit()?.loc);
        (before.unit_at(prov)?.power == p).then_some(prov)
    };
    let held_after_illegal = |prov: entente_map::ProvinceId, p: PowerId| {
        list.iter()
            .any(|(q, o, outcome)| *q == p && outcome.is_illegal() && unit_of(*q, o) == Some(prov))
    };
    for pw in map.power_ids() {
        let power = w.power(map, pw);
        for (p, o, outcome) in list.iter().filter(|x| x.0 == pw) {
            let own = unit_of(*p, o);
            let dislodged =
                kind == PhaseKind::Movement && own.is_some_and(|prov| dislodged_at.contains(&prov));
            let held = outcome.is_illegal()
                && own.is_some_and(|prov| unordered.iter().any(|x| x.0 == prov));
            let _ = writeln!(
                out,
                "{power}: {}.{}",
                order_words(w, map, kind, before, o),
                mark(w, outcome, dislodged, held)
            );
        }
        for (prov, u, by) in unordered.iter().filter(|x| x.1.power == pw) {
            if held_after_illegal(*prov, pw) {
                continue;
            }
            let unit = format!("{} {}", w.letter(u.ty), w.loc(map, u.loc));
            let _ = writeln!(
                out,
                "{power}: {}. (*{}*)",
                w.text("order-hold", &[("unit", Arg::S(&unit))]),
                w.word(if by.is_some() {
                    "no-order-dislodged"
                } else {
                    "no-order"
                })
            );
        }
        for (_, line) in extra.iter().filter(|x| x.0 == pw) {
            let _ = writeln!(out, "{power}: {line}");
        }
    }
    match decided {
        PhaseResult::Movement(r) if !r.dislodged.is_empty() => {
            let _ = writeln!(out, "\n{}", w.word("dislodged-heading"));
            for (_, d) in &r.dislodged {
                let options: Vec<String> = d.retreats.iter().map(|l| w.loc(map, Loc(l))).collect();
                let adjective = w.adjective(map, d.unit.power);
                let unit = unit_word(w, d.unit.ty);
                let at = w.loc(map, d.unit.loc);
                let args = [
                    ("adjective", Arg::S(&adjective)),
                    ("unit", Arg::S(&unit)),
                    ("at", Arg::S(&at)),
                ];
                if options.is_empty() {
                    let _ = writeln!(out, "{}", w.text("dislodged-destroyed", &args));
                } else {
                    let options = join_or(w, &options);
                    let mut args = args.to_vec();
                    args.push(("options", Arg::S(&options)));
                    let _ = writeln!(out, "{}", w.text("dislodged-can-retreat", &args));
                }
            }
        }
        PhaseResult::Retreat(r) => {
            for (_, u) in &r.disbanded {
                let adjective = w.adjective(map, u.power);
                let unit = unit_word(w, u.ty);
                let at = w.loc(map, u.loc);
                let _ = writeln!(
                    out,
                    "{}",
                    w.text(
                        "retreat-disbanded",
                        &[
                            ("adjective", Arg::S(&adjective)),
                            ("unit", Arg::S(&unit)),
                            ("at", Arg::S(&at)),
                        ]
                    )
                );
            }
        }
        PhaseResult::Adjustment(r) => {
            for (_, u) in &r.civil_disorder {
                let unit = format!("{} {}", w.letter(u.ty), w.loc(map, u.loc));
                let _ = writeln!(
                    out,
                    "{}: {}",
                    w.power(map, u.power),
                    w.text("civil-disorder-removal", &[("unit", Arg::S(&unit))])
                );
            }
            for (p, n) in &r.waived {
                let _ = writeln!(
                    out,
                    "{}: {}",
                    w.power(map, *p),
                    w.text("builds-waived", &[("n", Arg::N(*n as i64))])
                );
            }
        }
        _ => {}
    }
    position_listing_in(w, map, after, adjustments_final(phase, after), out);
}

/// Unit positions and the ownership of supply centres, with builds or removals due: for a
/// position whose Fall season is over (see [`position_listing_with`]).
pub fn position_listing(map: &Map, pos: &Position, out: &mut String) {
    position_listing_with(map, pos, true, out);
}

/// Unit positions and the ownership of supply centres as they stand: each power's centres,
/// its units (and those dislodged, waiting to retreat), and with `adjustments` the builds
/// or removals due (builds only as many as it has owned, vacant home centres to build in).
pub fn position_listing_with(map: &Map, pos: &Position, adjustments: bool, out: &mut String) {
    position_listing_in(&English, map, pos, adjustments, out);
}

/// [`position_listing_with`] in the words of `w`.
pub fn position_listing_in(
    w: &dyn Words,
    map: &Map,
    pos: &Position,
    adjustments: bool,
    out: &mut String,
) {
    let _ = writeln!(out, "\n{}", w.word("positions-heading"));
    for pw in map.power_ids() {
        let units = units_line(w, map, pos.units_of(pw));
        if !units.is_empty() {
            let _ = writeln!(out, "{}: {}.", w.power(map, pw), units);
        }
    }
    let _ = writeln!(out, "\n{}", w.word("centres-heading"));
    for pw in map.power_ids() {
        let c = centres_of(w, map, pos, Some(pw));
        let units = pos.unit_count(pw);
        let waiting = pos.dislodged().filter(|(_, d)| d.unit.power == pw).count();
        if c.is_empty() && units == 0 && waiting == 0 {
            continue;
        }
        let n = |k: &str, n: usize| w.text(k, &[("n", Arg::N(n as i64))]);
        let mut counts = format!(
            "{}, {}",
            n("centres-count", c.len()),
            n("units-count", units)
        );
        if waiting > 0 {
            let _ = write!(counts, ", {}", n("dislodged-count", waiting));
        }
        if adjustments {
            let diff = c.len() as i64 - (units + waiting) as i64;
            let vacant = map
                .build_centres(pw)
                .filter(|&h| pos.owner(h) == Some(pw) && pos.unit_at(h).is_none())
                .count() as i64;
            match diff {
                d if d > 0 && vacant >= d => {
                    let _ = write!(counts, ", {}", w.text("builds", &[("n", Arg::N(d))]));
                }
                d if d > 0 && vacant > 0 => {
                    let _ = write!(
                        counts,
                        ", {}",
                        w.text(
                            "builds-limited",
                            &[
                                ("n", Arg::N(vacant)),
                                ("due", Arg::N(d)),
                                ("vacant", Arg::N(vacant))
                            ]
                        )
                    );
                }
                d if d > 0 => {
                    let _ = write!(counts, ", {}", w.word("no-vacant-home"));
                }
                d if d < 0 => {
                    let _ = write!(counts, ", {}", w.text("removes", &[("n", Arg::N(-d))]));
                }
                _ => {}
            }
        }
        let list = if c.is_empty() {
            w.word("no-centres")
        } else {
            c.join(", ")
        };
        let _ = writeln!(out, "{}: {}. ({counts})", w.power(map, pw), list);
    }
    let unowned = centres_of(w, map, pos, None);
    if !unowned.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            w.text("unowned", &[("centres", Arg::S(&unowned.join(", ")))])
        );
    }
    out.push('\n');
}

/// One phase of a scenario case in judge form.
fn phase_text(map: &Map, run: &PhaseRun, out: &mut String) {
    phase_listing(
        map,
        run.phase,
        &run.outcome,
        &run.before,
        &run.after,
        &[],
        out,
    );
}

pub fn case_text(map: &Map, case: &Case, runs: &[PhaseRun]) -> String {
    let mut out = String::new();
    if !case.title.is_empty() {
        let _ = writeln!(out, "== {} {} ==\n", case.id, case.title);
    }
    for run in runs {
        phase_text(map, run, &mut out);
    }
    out
}

fn position_json(map: &Map, pos: &Position) -> Value {
    let mut units = serde_json::Map::new();
    let mut centres = serde_json::Map::new();
    for pw in map.power_ids() {
        let name = map.power(pw).name.clone();
        let u: Vec<String> = pos
            .units_of(pw)
            .map(|u| format!("{} {}", u.ty.letter(), map.loc_abbr(u.loc)))
            .collect();
        units.insert(name.clone(), json!(u));
        let c: Vec<String> = map
            .province_ids()
            .filter(|&c| map.is_centre(c) && pos.owner(c) == Some(pw))
            .map(|c| map.province(c).abbr.clone())
            .collect();
        centres.insert(name, json!(c));
    }
    let dislodged: Vec<Value> = pos
        .dislodged()
        .map(|(_, d)| {
            json!({
                "power": map.power(d.unit.power).name,
                "unit": format!("{} {}", d.unit.ty.letter(), map.loc_abbr(d.unit.loc)),
                "attacker_from": map.province(d.attacker_from).abbr,
                "retreats": d.retreats.iter().map(|l| map.loc_abbr(Loc(l))).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "units": units, "centres": centres, "dislodged": dislodged })
}

pub fn case_json(map: &Map, case: &Case, runs: &[PhaseRun]) -> Value {
    let phases: Vec<Value> = runs
        .iter()
        .map(|run| {
            let block = &case.phases[run.block];
            let list = results(&run.outcome);
            let orders: Vec<Value> = list
                .iter()
                .zip(block.orders.iter())
                .map(|((p, o, outcome), line)| {
                    let (result, reason) = result_word(outcome);
                    let mut entry = json!({
                        "power": map.power(*p).name,
                        "text": line.text,
                        "order": format_order(map, o),
                        "result": result,
                        "reason": reason,
                    });
                    if let Outcome::Failed(f) = outcome {
                        if let Some(by) = f.by() {
                            entry["by"] = json!(map.province(by).abbr);
                        }
                        if let Some(cause) = f.cause() {
                            entry["cause"] = json!(cause);
                        }
                    }
                    entry
                })
                .collect();
            json!({
                "phase": phase_title(map, run.phase),
                "orders": orders,
                "before": position_json(map, &run.before),
                "after": position_json(map, &run.after),
            })
        })
        .collect();
    json!({
        "id": case.id,
        "title": case.title,
        "variant": map.name,
        "rules": case.rules,
        "phases": phases,
    })
}
