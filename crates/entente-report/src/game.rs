//! A hosted game in judge form: the echo of a sheet, the status (who is in, who is missing),
//! each adjudicated phase with every sheet line's fate, the players. What the command line
//! prints, and what the server, the mail gateway and the DAIDE server will send.

use crate::{phase_listing_in, phase_title, Arg, English, Words};
use entente_host::{line_results, Echo, Reading, Session};
use entente_judge::{PhaseKind, PhaseResult};
use entente_map::{Map, PowerId};
use std::fmt::Write;

/// Powers by name, `none` for none.
pub fn powers_list(map: &Map, ps: &[PowerId]) -> String {
    if ps.is_empty() {
        return "none".into();
    }
    ps.iter()
        .map(|&p| map.power(p).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each line of a movement phase's sheet as understood, with what is wrong with it (see
/// [`echo_lines_in`] for the other phases).
pub fn echo_lines(echoes: &[Echo], out: &mut String) {
    echo_lines_in(PhaseKind::Movement, echoes, out);
}

/// What becomes of a line that could not be read, in a phase of this kind: in a movement
/// phase the unit holds; in a retreat or adjustment phase the line is ignored (a unit with
/// no retreat order is disbanded; a build not ordered is waived, a removal not ordered is
/// chosen by the rules).
fn unreadable_fate(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Movement => "counts as Hold",
        PhaseKind::Retreat | PhaseKind::Adjustment => "ignored",
    }
}

/// Each line of a sheet for a phase of this kind as understood, with what is wrong with it.
pub fn echo_lines_in(kind: PhaseKind, echoes: &[Echo], out: &mut String) {
    for e in echoes {
        let echo = match (&e.line.reading, &e.problem) {
            (Reading::Order { canonical, .. }, None) => canonical.to_string(),
            (Reading::Order { canonical, .. }, Some(why)) => {
                format!("{canonical} (*will not be carried out: {why}*)")
            }
            (Reading::Unreadable(why), _) => {
                format!("(*unreadable: {why}; {}*)", unreadable_fate(kind))
            }
        };
        let _ = writeln!(out, "  {:<28} => {echo}", e.line.text);
    }
}

/// Who is in and who is missing in the current phase, the deadline, the game's options;
/// or how the game ended.
pub fn game_status(file: &str, s: &Session) -> String {
    let map = s.map();
    let g = s.game();
    let mut out = String::new();
    if let Some(end) = s.end_text() {
        let _ = writeln!(out, "{file}: game over. {end}.");
        return out;
    }
    let st = s.status();
    let _ = writeln!(out, "{file}: {}", phase_title(map, st.phase));
    if let Some(d) = s.deadline() {
        let _ = writeln!(out, "Deadline: {d}");
    }
    if s.is_paused() {
        let _ = writeln!(out, "Paused by the game master.");
    }
    let _ = writeln!(out, "Orders in: {}", powers_list(map, &st.received));
    let _ = writeln!(out, "Missing: {}", powers_list(map, &st.missing));
    if !st.civil_disorder.is_empty() {
        let _ = writeln!(
            out,
            "Civil disorder: {}",
            powers_list(map, &st.civil_disorder)
        );
    }
    let neutral: Vec<PowerId> = map.power_ids().filter(|&p| g.is_neutral(p)).collect();
    if !neutral.is_empty() {
        let _ = writeln!(out, "Neutral: {}", powers_list(map, &neutral));
    }
    if s.options().gunboat {
        let _ = writeln!(out, "Gunboat: no press.");
    }
    if s.options().anonymous {
        let _ = writeln!(
            out,
            "Anonymous: who plays which power is not told; press comes without its sender."
        );
    }
    out
}

/// The judge-form listing of history entry `i`: each phase's orders and results, the lines
/// that were not read or not counted, disbands, positions and centres.
pub fn game_phase(s: &Session, i: usize, out: &mut String) {
    game_phase_in(&English, s, i, out);
}

/// [`game_phase`] in the words of `w`.
pub fn game_phase_in(w: &dyn Words, s: &Session, i: usize, out: &mut String) {
    let map = s.map();
    let h = &s.game().history()[i];
    let sheets = &s.phase_sheets()[i];
    let ctx = &s.phase_contexts()[i];
    let mut extra = Vec::new();
    for (p, line, r) in line_results(sheets, ctx, h.result.orders()) {
        match (&line.reading, r) {
            (Reading::Unreadable(why), _) => {
                let why = w.unreadable(map, &line.text, why);
                let fate = match h.phase.kind {
                    PhaseKind::Movement => "unreadable-holds",
                    _ => "unreadable-ignored",
                };
                extra.push((
                    p,
                    format!(
                        "\"{}\" (*{}*)",
                        line.text,
                        w.text(fate, &[("why", Arg::S(&why))])
                    ),
                ))
            }
            (Reading::Order { canonical, .. }, None) => extra.push((
                p,
                format!(
                    "{canonical}. (*{}*)",
                    w.word(if ctx.neutral.contains(&p) {
                        "ignored-neutral"
                    } else {
                        "ignored-civil-disorder"
                    })
                ),
            )),
            _ => {}
        }
    }
    if let PhaseResult::Movement(r) = &h.result {
        // Units of powers that give no orders are disbanded at once, with no retreat phase.
        for (at, d) in &r.dislodged {
            if !d.retreats.is_empty() && h.after.dislodged_at(*at).is_none() {
                let unit = format!("{} {}", w.letter(d.unit.ty), w.loc(map, d.unit.loc));
                let power = w.power(map, d.unit.power);
                extra.push((
                    d.unit.power,
                    w.text(
                        "disbanded-no-orders",
                        &[("unit", Arg::S(&unit)), ("power", Arg::S(&power))],
                    ),
                ));
            }
        }
    }
    phase_listing_in(w, map, h.phase, &h.result, &h.before, &h.after, &extra, out);
    if !ctx.civil_disorder.is_empty() {
        let powers: Vec<String> = ctx
            .civil_disorder
            .iter()
            .map(|&p| w.power(map, p))
            .collect();
        let _ = writeln!(
            out,
            "{}\n",
            w.text(
                "in-civil-disorder",
                &[("powers", Arg::S(&powers.join(", ")))]
            )
        );
    }
}

/// Who plays which powers; in an anonymous game only the players' names.
pub fn game_players(s: &Session, out: &mut String) {
    if s.options().anonymous {
        let names: Vec<&str> = s.players().iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "Players: {}", names.join(", "));
        return;
    }
    for p in s.players() {
        let _ = writeln!(out, "{}: {}", p.name, powers_list(s.map(), &p.powers));
    }
}

/// Escalation's placement in judge form: the number each places and the turn order, each
/// unit placed in the order placed, and who places next. Nothing for another game.
pub fn placement_listing(s: &Session, out: &mut String) {
    placement_listing_in(&English, s, out);
}

/// [`placement_listing`] in the words of `w` (the phrases are English only so far).
pub fn placement_listing_in(w: &dyn Words, s: &Session, out: &mut String) {
    let Some(e) = s.game().escalation() else {
        return;
    };
    let map = s.map();
    let order: Vec<String> = e.order.iter().map(|&p| w.power(map, p)).collect();
    let _ = writeln!(
        out,
        "Placement (Escalation), before {}: {} each, in turn: {}.\n",
        w.phase_title(
            map,
            entente_judge::Phase::new(entente_judge::Season::Spring, e.year, PhaseKind::Movement)
        ),
        w.text("units-count", &[("n", Arg::N(e.units_each as i64))]),
        order.join(", ")
    );
    for u in &e.placed {
        let _ = writeln!(
            out,
            "{}: {} {}.",
            w.power(map, u.power),
            w.word(match u.ty {
                entente_map::UnitType::Army => "unit-army",
                entente_map::UnitType::Fleet => "unit-fleet",
            }),
            w.loc(map, u.loc)
        );
    }
    match s.game().to_place() {
        Some(p) => {
            let _ = writeln!(
                out,
                "\n{} to place: {} of {} placed.\n",
                w.power(map, p),
                e.placed.len(),
                e.order.len() * e.units_each as usize
            );
        }
        None if e.closed => {
            let _ = writeln!(
                out,
                "\nThe placement was ended before every unit was placed.\n"
            );
        }
        None => {
            let _ = writeln!(out);
        }
    }
}

/// Escalation's nominations in judge form: each power's home centres, once nominated (or
/// the nominations received so far, with those awaited). Nothing before the nominations.
pub fn nominations_listing(s: &Session, out: &mut String) {
    nominations_listing_in(&English, s, out);
}

/// [`nominations_listing`] in the words of `w` (the phrases are English only so far).
pub fn nominations_listing_in(w: &dyn Words, s: &Session, out: &mut String) {
    let Some(e) = s.game().escalation() else {
        return;
    };
    if !e.nominating && !e.nominated {
        return;
    }
    let map = s.map();
    let _ = writeln!(
        out,
        "Home centres nominated (Escalation), {}:\n",
        w.phase_title(
            map,
            entente_judge::Phase::new(entente_judge::Season::Winter, e.year, PhaseKind::Adjustment)
        )
    );
    for (p, homes) in &e.nominations {
        if e.nominating {
            // Written down secretly: what was nominated is told once every nomination is in.
            let _ = writeln!(out, "{}: nominated.", w.power(map, *p));
            continue;
        }
        let names: Vec<String> = homes.iter().map(|&h| w.province(map, h)).collect();
        let _ = writeln!(
            out,
            "{}: {}.",
            w.power(map, *p),
            if names.is_empty() {
                w.word("no-centres")
            } else {
                names.join(", ")
            }
        );
    }
    let awaited = s.game().awaited_nominations();
    if !awaited.is_empty() {
        let _ = writeln!(out, "Awaited from: {}.", powers_list(map, &awaited));
    }
    let _ = writeln!(out);
}
