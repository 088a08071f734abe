//! The words of the judge form, so that a front end can write it in its reader's language:
//! [`Words`] gives each phrase by a message id, with its arguments; [`English`] is the
//! classic judge listing, word for word; `entente-i18n` has the other languages.

use entente_judge::{Failure, Illegal, Phase};
use entente_map::{Loc, Map, PowerId, ProvinceId, UnitType};

/// An argument of a phrase: words, or a number (which chooses plural forms).
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    S(&'a str),
    N(i64),
}

/// A phrase's arguments by name.
pub type Args<'a> = [(&'a str, Arg<'a>)];

fn get<'a>(args: &Args<'a>, k: &str) -> String {
    match args.iter().find(|(n, _)| *n == k).map(|(_, v)| *v) {
        Some(Arg::S(s)) => s.to_string(),
        Some(Arg::N(n)) => n.to_string(),
        None => String::new(),
    }
}

fn num(args: &Args<'_>, k: &str) -> i64 {
    match args.iter().find(|(n, _)| *n == k).map(|(_, v)| *v) {
        Some(Arg::N(n)) => n,
        Some(Arg::S(s)) => s.parse().unwrap_or(0),
        None => 0,
    }
}

fn plural(n: i64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The message ids of the judge form's phrases, each with the argument names it takes
/// (for tests of the translations).
pub const PHRASES: &[(&str, &[&str])] = &[
    ("order-hold", &["unit"]),
    ("order-move", &["unit", "to"]),
    ("order-move-via-convoy", &["unit", "to"]),
    ("order-support-hold", &["unit", "target"]),
    ("order-support-move", &["unit", "target", "to"]),
    ("order-convoy", &["unit", "target", "to"]),
    ("order-retreat", &["unit", "to"]),
    ("order-disband", &["unit"]),
    ("order-build", &["unit"]),
    ("order-remove", &["unit"]),
    ("order-waive", &[]),
    ("unit-army", &[]),
    ("unit-fleet", &[]),
    ("failed-dislodged", &["why"]),
    ("illegal", &["why"]),
    ("holds", &[]),
    ("holds-dislodged", &[]),
    ("no-order", &[]),
    ("no-order-dislodged", &[]),
    ("unreadable-holds", &["why"]),
    ("unreadable-ignored", &["why"]),
    ("ignored-neutral", &[]),
    ("ignored-civil-disorder", &[]),
    ("disbanded-no-orders", &["unit", "power"]),
    ("dislodged-heading", &[]),
    ("dislodged-destroyed", &["adjective", "unit", "at"]),
    (
        "dislodged-can-retreat",
        &["adjective", "unit", "at", "options"],
    ),
    ("retreat-disbanded", &["adjective", "unit", "at"]),
    ("civil-disorder-removal", &["unit"]),
    ("builds-waived", &["n"]),
    ("in-civil-disorder", &["powers"]),
    ("or", &[]),
    ("positions-heading", &[]),
    ("centres-heading", &[]),
    ("centres-count", &["n"]),
    ("units-count", &["n"]),
    ("dislodged-count", &["n"]),
    ("builds", &["n"]),
    ("builds-limited", &["n", "due", "vacant"]),
    ("no-vacant-home", &[]),
    ("removes", &["n"]),
    ("no-centres", &[]),
    ("unowned", &["centres"]),
    ("failure-bounce", &[]),
    ("failure-cut", &[]),
    ("failure-dislodged", &[]),
    ("failure-no-convoy", &[]),
    ("failure-disrupted", &[]),
    ("failure-void", &[]),
    ("failure-paradox", &[]),
    ("failure-conflicting-orders", &[]),
    ("failure-retreat-collision", &[]),
    ("failure-too-many", &[]),
];

/// The English judge listing's phrase `id`.
pub fn english(id: &str, a: &Args<'_>) -> String {
    let g = |k: &str| get(a, k);
    match id {
        "order-hold" => format!("{} HOLD", g("unit")),
        "order-move" | "order-retreat" => format!("{} -> {}", g("unit"), g("to")),
        "order-move-via-convoy" => format!("{} -> {} VIA CONVOY", g("unit"), g("to")),
        "order-support-hold" => format!("{} SUPPORT {}", g("unit"), g("target")),
        "order-support-move" => {
            format!("{} SUPPORT {} -> {}", g("unit"), g("target"), g("to"))
        }
        "order-convoy" => format!("{} CONVOY {} -> {}", g("unit"), g("target"), g("to")),
        "order-disband" => format!("{} DISBAND", g("unit")),
        "order-build" => format!("Build {}", g("unit")),
        "order-remove" => format!("Remove {}", g("unit")),
        "order-waive" => "Waive".into(),
        "unit-army" => "Army".into(),
        "unit-fleet" => "Fleet".into(),
        "failed-dislodged" => format!("{}, dislodged", g("why")),
        "illegal" => format!("illegal: {}", g("why")),
        "holds" => "holds".into(),
        "holds-dislodged" => "holds, dislodged".into(),
        "no-order" => "no order".into(),
        "no-order-dislodged" => "no order, dislodged".into(),
        "unreadable-holds" => format!("unreadable: {}; holds", g("why")),
        "unreadable-ignored" => format!("unreadable: {}; ignored", g("why")),
        "ignored-neutral" => "ignored: neutral".into(),
        "ignored-civil-disorder" => "ignored: civil disorder".into(),
        "disbanded-no-orders" => format!(
            "{} is disbanded: no orders come from {}.",
            g("unit"),
            g("power")
        ),
        "dislodged-heading" => "The following units were dislodged:".into(),
        "dislodged-destroyed" => format!(
            "The {} {} in {} with no valid retreats was destroyed.",
            g("adjective"),
            g("unit"),
            g("at")
        ),
        "dislodged-can-retreat" => format!(
            "The {} {} in {} can retreat to {}.",
            g("adjective"),
            g("unit"),
            g("at"),
            g("options")
        ),
        "retreat-disbanded" => format!(
            "The {} {} in {} was disbanded.",
            g("adjective"),
            g("unit"),
            g("at")
        ),
        "civil-disorder-removal" => format!("Remove {}. (*civil disorder*)", g("unit")),
        "builds-waived" => {
            let n = num(a, "n");
            format!("{n} unused build{} waived.", if n == 1 { "" } else { "s" })
        }
        "in-civil-disorder" => format!("In civil disorder: {}.", g("powers")),
        "or" => "or".into(),
        "positions-heading" => "Unit positions:".into(),
        "centres-heading" => "Ownership of supply centres:".into(),
        "centres-count" => plural(num(a, "n"), "centre"),
        "units-count" => plural(num(a, "n"), "unit"),
        "dislodged-count" => format!("{} dislodged", g("n")),
        "builds" => format!("builds {}", g("n")),
        "builds-limited" => {
            let v = num(a, "vacant");
            format!(
                "builds {} ({} due, {v} vacant home centre{})",
                g("n"),
                g("due"),
                if v == 1 { "" } else { "s" }
            )
        }
        "no-vacant-home" => "no vacant home centre to build in".into(),
        "removes" => format!("removes {}", g("n")),
        "no-centres" => "no centres".into(),
        "unowned" => format!("Unowned: {}.", g("centres")),
        "failure-bounce" => "bounce".into(),
        "failure-cut" => "cut".into(),
        "failure-dislodged" => "dislodged".into(),
        "failure-no-convoy" => "no convoy".into(),
        "failure-disrupted" => "disrupted".into(),
        "failure-void" => "void".into(),
        "failure-paradox" => "paradox".into(),
        "failure-conflicting-orders" => "conflicting orders".into(),
        "failure-retreat-collision" => "bounce, disbanded".into(),
        "failure-too-many" => "too many".into(),
        _ => id.to_string(),
    }
}

/// The message id of a failure's word.
pub fn failure_id(f: &Failure) -> &'static str {
    match f {
        Failure::Bounced(_) => "failure-bounce",
        Failure::Cut { .. } => "failure-cut",
        Failure::Dislodged { .. } => "failure-dislodged",
        Failure::NoConvoy { .. } => "failure-no-convoy",
        Failure::Disrupted => "failure-disrupted",
        Failure::Void(_) => "failure-void",
        Failure::Paradox => "failure-paradox",
        Failure::ConflictingOrders => "failure-conflicting-orders",
        Failure::RetreatCollision => "failure-retreat-collision",
        Failure::TooMany => "failure-too-many",
    }
}

/// The judge form's words: phrases by id, and the map's names.
pub trait Words {
    /// Phrase `id` with its arguments.
    fn text(&self, id: &str, args: &Args<'_>) -> String {
        english(id, args)
    }
    /// Why an order is illegal.
    fn illegal(&self, i: Illegal) -> String {
        i.describe().to_string()
    }
    /// Why a stored line was not read (`stored`: the English words kept in the record).
    fn unreadable(&self, _map: &Map, _text: &str, stored: &str) -> String {
        stored.to_string()
    }
    fn power(&self, map: &Map, p: PowerId) -> String {
        map.power(p).name.clone()
    }
    fn adjective(&self, map: &Map, p: PowerId) -> String {
        map.power(p).adjective.clone()
    }
    fn province(&self, map: &Map, p: ProvinceId) -> String {
        map.province(p).name.clone()
    }
    /// A location's name with its coast (`Spain (north coast)`).
    fn loc(&self, map: &Map, l: Loc) -> String {
        map.loc_name(l)
    }
    /// A unit type's letter (`A`, `F`).
    fn letter(&self, ty: UnitType) -> String {
        ty.letter().to_string()
    }
    fn phase_title(&self, map: &Map, p: Phase) -> String {
        crate::phase_title(map, p)
    }
    /// A phrase without arguments.
    fn word(&self, id: &str) -> String {
        self.text(id, &[])
    }
}

/// The classic English judge listing.
pub struct English;

impl Words for English {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phrase_has_english_words() {
        for (id, args) in PHRASES {
            let a: Vec<(&str, Arg)> = args.iter().map(|k| (*k, Arg::N(2))).collect();
            let s = english(id, &a);
            // Two phrases are their own ids; any other phrase equal to its id has no words.
            assert!(
                s != *id || ["or", "holds"].contains(id),
                "{id} has no English words"
            );
            for k in *args {
                assert!(
                    s.contains('2') || *k == "vacant",
                    "{id}: argument {k} unused: {s}"
                );
            }
        }
    }
}
