//! The judge form in the reader's language: an [`entente_report::Words`] whose phrases are
//! Fluent messages (`locales/LANG/judge.ftl`) and whose names are the variant's names in
//! that language (`names.cs` of each province and power), English names where it has none.

use crate::{reasons, Catalog};
use entente_judge::{Illegal, Phase, PhaseKind, Season};
use entente_map::{Loc, Map, PowerId, ProvinceId};
use entente_report::{Arg, English, Words};
use fluent_bundle::FluentValue;

/// The judge form's phrases.
pub static JUDGE: Catalog = Catalog::new("judge");

/// The judge form's words in a language (through Fluent, English included).
pub struct JudgeWords {
    pub lang: &'static str,
}

/// The judge form's words for `lang`: the classic English listing for English, Fluent's
/// messages for the others.
pub fn judge_words(lang: &str) -> Box<dyn Words> {
    match crate::supported(lang) {
        Some("en") | None => Box::new(English),
        Some(l) => Box::new(JudgeWords { lang: l }),
    }
}

impl Words for JudgeWords {
    fn text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = args
            .iter()
            .map(|(k, v)| {
                (
                    *k,
                    match v {
                        Arg::S(s) => FluentValue::from(*s),
                        Arg::N(n) => FluentValue::from(*n),
                    },
                )
            })
            .collect();
        JUDGE.tr(self.lang, id, &args)
    }

    fn illegal(&self, i: Illegal) -> String {
        reasons::illegal(self.lang, i)
    }

    fn unreadable(&self, map: &Map, text: &str, stored: &str) -> String {
        reasons::unreadable(self.lang, map, text, stored)
    }

    fn power(&self, map: &Map, p: PowerId) -> String {
        let power = map.power(p);
        if self.lang == "en" {
            return power.name.clone();
        }
        power
            .names
            .iter()
            .find(|(l, _)| l == self.lang)
            .and_then(|(_, n)| n.first())
            .cloned()
            .unwrap_or_else(|| power.name.clone())
    }

    /// The nationality is written as the power's name (`armáda (Rakousko)`): the variant
    /// files give adjectives in one gender only.
    fn adjective(&self, map: &Map, p: PowerId) -> String {
        if self.lang == "en" {
            return map.power(p).adjective.clone();
        }
        self.power(map, p)
    }

    fn province(&self, map: &Map, p: ProvinceId) -> String {
        map.province_name_in(p, self.lang).to_string()
    }

    fn loc(&self, map: &Map, l: Loc) -> String {
        if self.lang == "en" {
            return map.loc_name(l);
        }
        let name = self.province(map, map.province_of(l));
        match map.loc_abbr(l).split_once('/') {
            Some((_, coast)) => format!("{name} ({})", self.word(&format!("coast-{coast}"))),
            None => name,
        }
    }

    fn phase_title(&self, map: &Map, p: Phase) -> String {
        let season = self.word(match p.season {
            Season::Spring => "season-spring",
            Season::Fall => "season-fall",
            Season::Winter => "season-winter",
        });
        let kind = self.word(match p.kind {
            PhaseKind::Movement => "kind-movement",
            PhaseKind::Retreat => "kind-retreat",
            PhaseKind::Adjustment => "kind-adjustment",
        });
        let year = entente_report::year_text(map, p.year);
        self.text(
            "phase-title",
            &[
                ("season", Arg::S(&season)),
                ("year", Arg::S(&year)),
                ("kind", Arg::S(&kind)),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entente_report::words::PHRASES;

    #[test]
    fn every_judge_message_exists_in_every_language() {
        assert_eq!(JUDGE.missing(), Vec::<(&str, String)>::new());
        assert_eq!(JUDGE.parse_errors(), Vec::<(&str, String)>::new());
        let args = [
            "unit",
            "to",
            "target",
            "why",
            "power",
            "powers",
            "adjective",
            "at",
            "options",
            "n",
            "due",
            "vacant",
            "centres",
            "season",
            "year",
            "kind",
        ];
        assert_eq!(JUDGE.format_errors(&args), Vec::<String>::new());
        for (id, _) in PHRASES {
            for lang in crate::LANGUAGES {
                assert!(JUDGE.has(lang, id), "{lang}: {id} missing");
            }
        }
    }

    /// Fluent's English is the report's English, phrase by phrase, for one and for many.
    #[test]
    fn the_english_messages_are_the_reports_words() {
        let en = JudgeWords { lang: "en" };
        for n in [1, 2, 5] {
            for (id, names) in PHRASES {
                let args: Vec<(&str, Arg)> = names
                    .iter()
                    .map(|k| {
                        if ["n", "due", "vacant"].contains(k) {
                            (*k, Arg::N(n))
                        } else {
                            (*k, Arg::S("Xx"))
                        }
                    })
                    .collect();
                assert_eq!(
                    en.text(id, &args),
                    entente_report::words::english(id, &args),
                    "{id} with {n}"
                );
            }
        }
        let map = Map::standard();
        for p in [
            Phase::new(Season::Spring, 1901, PhaseKind::Movement),
            Phase::new(Season::Fall, 1902, PhaseKind::Retreat),
            Phase::new(Season::Winter, 1903, PhaseKind::Adjustment),
        ] {
            assert_eq!(
                en.phase_title(&map, p),
                entente_report::phase_title(&map, p)
            );
        }
    }

    #[test]
    fn czech_plurals_and_names() {
        let cs = JudgeWords { lang: "cs" };
        let n = |k: &str, n: i64| cs.text(k, &[("n", Arg::N(n))]);
        assert_eq!(n("centres-count", 1), "1 centrum");
        assert_eq!(n("centres-count", 3), "3 centra");
        assert_eq!(n("centres-count", 5), "5 center");
        let ru = JudgeWords { lang: "ru" };
        assert_eq!(ru.text("units-count", &[("n", Arg::N(21))]), "21 юнит");
        let map = Map::standard();
        let stp = map.lookup_province("stp").unwrap();
        let scs = map.lookup_coast(stp, "sc").unwrap();
        assert_eq!(cs.loc(&map, scs), "Petrohrad (jižní pobřeží)");
        assert_eq!(
            cs.phase_title(&map, Phase::new(Season::Spring, 1901, PhaseKind::Movement)),
            "Jaro 1901, pohyb"
        );
    }
}
