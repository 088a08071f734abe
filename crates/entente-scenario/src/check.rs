//! Comparing what the judge decided with what a case expects.

use crate::file::{Case, Expect, ExpectKind, Reason};
use crate::run::{parse_province, parse_unit, power_of, PhaseRun};
use entente_judge::PhaseResult as PhaseOutcome;
use entente_judge::{Failure, Outcome, Position, Unit};
use entente_map::{Map, PowerId};
use std::collections::{BTreeMap, BTreeSet};

fn unit_text(map: &Map, u: &Unit) -> String {
    format!("{} {}", u.ty.letter(), map.loc_abbr(u.loc))
}

/// A failure as a case would write it: `cut by A boh`, `bounce (standoff) by F nth`.
pub fn reason_text(map: &Map, before: &Position, f: &Failure) -> String {
    let mut t = f.describe().to_string();
    if let Some(c) = f.cause() {
        t.push_str(&format!(" ({c})"));
    }
    if let Some(p) = f.by() {
        let name = match before.unit_at(p) {
            Some(u) => format!("{} {}", u.ty.letter(), map.province(p).abbr),
            None => map.province(p).abbr.clone(),
        };
        t.push_str(&format!(" by {name}"));
    }
    t
}

fn want_text(r: &Reason) -> String {
    let mut t = r.word.clone();
    if let Some(c) = &r.cause {
        t.push_str(&format!(" ({c})"));
    }
    if let Some((letter, p)) = &r.by {
        t.push_str(" by ");
        if let Some(l) = letter {
            t.push(l.to_ascii_uppercase());
            t.push(' ');
        }
        t.push_str(p);
    }
    t
}

/// A reason naming a province the map does not have.
#[derive(Debug, thiserror::Error)]
#[error("unknown province '{0}' after 'by'")]
struct UnknownByProvince(String);

/// Does the failure match the reason a case states? An unknown province is an error.
fn reason_matches(
    map: &Map,
    before: &Position,
    f: &Failure,
    r: &Reason,
) -> Result<bool, UnknownByProvince> {
    if f.describe() != r.word {
        return Ok(false);
    }
    if r.cause.is_some() && f.cause() != r.cause.as_deref() {
        return Ok(false);
    }
    let Some((letter, name)) = &r.by else {
        return Ok(true);
    };
    let p = map
        .lookup_province(name)
        .ok_or_else(|| UnknownByProvince(name.clone()))?;
    if f.by() != Some(p) {
        return Ok(false);
    }
    Ok(match (letter, before.unit_at(p)) {
        (Some(l), Some(u)) => u.ty.letter().eq_ignore_ascii_case(l),
        (Some(_), None) => false,
        (None, _) => true,
    })
}

/// Every difference between the case's expectations and the runs, as readable lines.
pub fn check_case(case: &Case, map: &Map, runs: &[PhaseRun]) -> Vec<String> {
    let mut bad = Vec::new();
    for run in runs {
        let block = &case.phases[run.block];
        for (i, line) in block.orders.iter().enumerate() {
            if line.expect.is_empty() {
                continue;
            }
            let text = format!("line {} '{}'", line.line, line.text);
            let (outcome, dislodged) = match &run.outcome {
                PhaseOutcome::Movement(r) => {
                    let o = r.orders[i];
                    let p = o.order.unit().map(|u| map.province_of(u.loc));
                    let d = p.and_then(|p| r.dislodged.iter().find(|(q, _)| *q == p).map(|x| x.1));
                    (o.outcome, Some(d))
                }
                PhaseOutcome::Retreat(r) => (r.orders[i].outcome, None),
                PhaseOutcome::Adjustment(r) => (r.orders[i].outcome, None),
            };
            let shown = |o: &Outcome| match o {
                Outcome::Succeeded => "succeeded".to_string(),
                Outcome::Failed(f) => format!("failed ({})", reason_text(map, &run.before, f)),
                Outcome::Illegal(w) => format!("illegal ({})", w.describe()),
            };
            // In a retreat phase a unit also "fails" when it is disbanded after a legal order.
            let retreat_disbanded = match &run.outcome {
                PhaseOutcome::Retreat(r) => {
                    let p = r.orders[i].order.unit().map(|u| map.province_of(u.loc));
                    p.is_some_and(|p| r.disbanded.iter().any(|(q, _)| *q == p))
                }
                _ => false,
            };
            let mut wants_dislodged: Option<bool> = if dislodged.is_some() {
                Some(false)
            } else {
                None
            };
            for e in &line.expect {
                match e {
                    Expect::Succeeds => {
                        if !outcome.succeeded() || retreat_disbanded {
                            bad.push(format!(
                                "{text}: expected to succeed, but {}",
                                shown(&outcome)
                            ));
                        }
                    }
                    Expect::Fails => {
                        if outcome.succeeded() && !retreat_disbanded {
                            bad.push(format!("{text}: expected to fail, but it succeeded"));
                        }
                    }
                    Expect::Illegal => {
                        if !outcome.is_illegal() {
                            bad.push(format!(
                                "{text}: expected to be illegal, but {}",
                                shown(&outcome)
                            ));
                        }
                    }
                    Expect::FailsBecause(want) => {
                        let ok = match &outcome {
                            Outcome::Failed(f) => reason_matches(map, &run.before, f, want),
                            _ => Ok(false),
                        };
                        match ok {
                            Ok(true) => {}
                            Ok(false) => bad.push(format!(
                                "{text}: expected to fail ({}), but {}",
                                want_text(want),
                                shown(&outcome)
                            )),
                            Err(e) => bad.push(format!("{text}: {e}")),
                        }
                    }
                    Expect::IllegalBecause(want) => {
                        if !matches!(outcome, Outcome::Illegal(i) if i.describe() == want) {
                            bad.push(format!(
                                "{text}: expected to be illegal ({want}), but {}",
                                shown(&outcome)
                            ));
                        }
                    }
                    Expect::Dislodged => wants_dislodged = Some(true),
                    Expect::NotDislodged => wants_dislodged = Some(false),
                    Expect::RetreatsTo(list) => {
                        wants_dislodged = Some(true);
                        if let Some(Some(d)) = dislodged {
                            let got: BTreeSet<String> = d
                                .retreats
                                .iter()
                                .map(|l| map.loc_abbr(entente_map::Loc(l)))
                                .collect();
                            let mut want = BTreeSet::new();
                            for name in list {
                                let (prov, coast) = match name.split_once('/') {
                                    Some((p, c)) => (p, Some(c)),
                                    None => (name.as_str(), None),
                                };
                                match map.lookup_province(prov) {
                                    Some(p) => {
                                        let l = coast
                                            .and_then(|c| map.lookup_coast(p, c))
                                            .unwrap_or(p.loc());
                                        want.insert(map.loc_abbr(l));
                                    }
                                    None => bad.push(format!(
                                        "{text}: unknown province '{name}' in 'retreats to'"
                                    )),
                                }
                            }
                            if got != want {
                                bad.push(format!(
                                    "{text}: retreat options {got:?}, expected {want:?}"
                                ));
                            }
                        }
                    }
                }
            }
            if let (Some(want), Some(d)) = (wants_dislodged, dislodged) {
                if want != d.is_some() {
                    bad.push(format!(
                        "{text}: expected {}dislodged, but it was{}",
                        if want { "" } else { "not " },
                        if d.is_some() { "" } else { " not" }
                    ));
                }
            }
        }
        for block_exp in &block.expects {
            // Entries of one power may be split over several lines: merge them.
            let mut want: BTreeMap<PowerId, BTreeSet<String>> = BTreeMap::new();
            for (line, who, items) in &block_exp.entries {
                let p = match power_of(map, *line, who) {
                    Ok(p) => p,
                    Err(e) => {
                        bad.push(e.to_string());
                        continue;
                    }
                };
                let set = want.entry(p).or_default();
                for it in items {
                    let r = match block_exp.kind {
                        ExpectKind::Centres => {
                            parse_province(map, *line, it).map(|c| map.province(c).abbr.clone())
                        }
                        _ => parse_unit(map, *line, p, it).map(|u| unit_text(map, &u)),
                    };
                    match r {
                        Ok(s) => {
                            set.insert(s);
                        }
                        Err(e) => bad.push(e.to_string()),
                    }
                }
            }
            for (p, want_set) in want {
                let got: BTreeSet<String> = match block_exp.kind {
                    ExpectKind::Units => {
                        run.after.units_of(p).map(|u| unit_text(map, &u)).collect()
                    }
                    ExpectKind::Centres => map
                        .province_ids()
                        .filter(|&c| map.is_centre(c) && run.after.owner(c) == Some(p))
                        .map(|c| map.province(c).abbr.clone())
                        .collect(),
                    // Every unit dislodged in the phase, also those disbanded at once for
                    // want of a retreat.
                    ExpectKind::Dislodged => match &run.outcome {
                        PhaseOutcome::Movement(r) => r
                            .dislodged
                            .iter()
                            .filter(|(_, d)| d.unit.power == p)
                            .map(|(_, d)| unit_text(map, &d.unit))
                            .collect(),
                        _ => run
                            .after
                            .dislodged()
                            .filter(|(_, d)| d.unit.power == p)
                            .map(|(_, d)| unit_text(map, &d.unit))
                            .collect(),
                    },
                };
                if got != want_set {
                    bad.push(format!(
                        "line {}: {} {:?}: expected {want_set:?}, got {got:?}",
                        block_exp.line,
                        map.power(p).name,
                        block_exp.kind
                    ));
                }
            }
        }
    }
    bad
}
