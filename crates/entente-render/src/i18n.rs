//! The words the pictures and the history page show, in the languages `--lang` takes (en, cs,
//! fr, ru). Province and power names come from the variant file; this is everything else.

/// The languages the renderer has words for.
pub const LANGUAGES: &[&str] = &["en", "cs", "fr", "ru"];

/// Why an order did not succeed, as the picture marks it: one mark per kind, each explained in
/// the legend.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum MarkKind {
    /// The move met equal or greater strength (a bounce, a stand-off, a lost head-to-head).
    Bounce,
    /// A support cut by an attack on the supporting unit.
    Cut,
    /// A support or convoy that matches no order of the unit it names.
    Void,
    /// A move by convoy that found no unbroken chain of fleets (or a disrupted convoy).
    NoConvoy,
    /// The ordered unit was dislodged.
    Dislodged,
    /// Paradox, conflicting orders, too many builds or removals, a retreat collision.
    Other,
    /// An order that could not be carried out at all.
    Illegal,
}

impl MarkKind {
    pub const ALL: [MarkKind; 7] = [
        MarkKind::Bounce,
        MarkKind::Cut,
        MarkKind::Void,
        MarkKind::NoConvoy,
        MarkKind::Dislodged,
        MarkKind::Other,
        MarkKind::Illegal,
    ];

    /// The mark's name in the SVG (`href="#m-bounce"`, `data-mark="bounce"`).
    pub fn id(self) -> &'static str {
        match self {
            MarkKind::Bounce => "bounce",
            MarkKind::Cut => "cut",
            MarkKind::Void => "void",
            MarkKind::NoConvoy => "noconvoy",
            MarkKind::Dislodged => "dislodged",
            MarkKind::Other => "other",
            MarkKind::Illegal => "illegal",
        }
    }

    /// What the legend says of the mark.
    pub fn explain(self, lang: &str) -> &'static str {
        let [en, cs, fr, ru] = match self {
            MarkKind::Bounce => ["bounced", "odražen", "repoussé", "отбит"],
            MarkKind::Cut => [
                "support cut",
                "podpora přerušena",
                "soutien coupé",
                "поддержка перерезана",
            ],
            MarkKind::Void => [
                "void: no such order to match",
                "neplatná: chybí takový rozkaz",
                "nul : pas d'ordre correspondant",
                "недействителен: нет такого приказа",
            ],
            MarkKind::NoConvoy => ["no convoy", "bez konvoje", "pas de convoi", "нет конвоя"],
            MarkKind::Dislodged => ["dislodged", "vytlačen", "délogé", "выбит"],
            MarkKind::Other => [
                "failed (paradox, conflict, too many)",
                "neprovedeno (paradox, rozpor, navíc)",
                "échoué (paradoxe, conflit, en trop)",
                "не выполнен (парадокс, конфликт, лишний)",
            ],
            MarkKind::Illegal => [
                "illegal order",
                "nepřípustný rozkaz",
                "ordre illégal",
                "недопустимый приказ",
            ],
        };
        pick(lang, [en, cs, fr, ru])
    }
}

/// Other words, by key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Word {
    CentresUnits,
    Previous,
    Next,
    ZoomIn,
    ZoomOut,
    Fit,
    Results,
    Succeeded,
    DislodgedUnit,
    NoOrders,
    Phase,
}

/// A word in a language; English for a language the renderer does not know.
pub fn word(w: Word, lang: &str) -> &'static str {
    let t = match w {
        Word::CentresUnits => [
            "centres  units",
            "centra  jednotky",
            "centres  unités",
            "центры  войска",
        ],
        Word::Previous => ["◀ previous", "◀ předchozí", "◀ précédente", "◀ назад"],
        Word::Next => ["next ▶", "další ▶", "suivante ▶", "вперёд ▶"],
        Word::ZoomIn => ["zoom in", "přiblížit", "agrandir", "увеличить"],
        Word::ZoomOut => ["zoom out", "oddálit", "réduire", "уменьшить"],
        Word::Fit => ["whole map", "celá mapa", "carte entière", "вся карта"],
        Word::Results => [
            "Orders and results",
            "Rozkazy a výsledky",
            "Ordres et résultats",
            "Приказы и результаты",
        ],
        Word::Succeeded => ["succeeded", "provedeno", "réussi", "выполнен"],
        Word::DislodgedUnit => [
            "dislodged unit, its retreats",
            "vytlačená jednotka, její ústupy",
            "unité délogée, ses retraites",
            "выбитая часть, её отступления",
        ],
        Word::NoOrders => ["no orders", "žádné rozkazy", "aucun ordre", "нет приказов"],
        Word::Phase => ["phase", "fáze", "phase", "фаза"],
    };
    pick(lang, t)
}

fn pick(lang: &str, [en, cs, fr, ru]: [&'static str; 4]) -> &'static str {
    match lang {
        "cs" => cs,
        "fr" => fr,
        "ru" => ru,
        _ => en,
    }
}

/// A phase title as `entente_report::phase_title` writes it ("Spring 1901 movement", "After
/// Fall 1901 retreats", "Spring 1 AD movement") in the language: the season and phase words
/// are translated, everything else is kept.
pub fn translate_title(title: &str, lang: &str) -> String {
    if lang == "en" || !LANGUAGES.contains(&lang) {
        return title.to_string();
    }
    let words: Vec<String> = title
        .split(' ')
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let t = match lower.as_str() {
                "spring" => ["Jaro", "Printemps", "Весна"],
                "fall" | "autumn" => ["Podzim", "Automne", "Осень"],
                "winter" => ["Zima", "Hiver", "Зима"],
                "summer" => ["Léto", "Été", "Лето"],
                "movement" | "movements" => ["pohyby", "mouvements", "ходы"],
                "retreat" | "retreats" => ["ústupy", "retraites", "отступления"],
                "adjustment" | "adjustments" | "builds" => {
                    ["úpravy", "ajustements", "корректировки"]
                }
                "after" => ["Po", "Après", "После"],
                _ => return w.to_string(),
            };
            match lang {
                "cs" => t[0],
                "fr" => t[1],
                _ => t[2],
            }
            .to_string()
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_translate_season_and_phase_words() {
        assert_eq!(
            translate_title("Spring 1901 movement", "cs"),
            "Jaro 1901 pohyby"
        );
        assert_eq!(
            translate_title("After Fall 1901 retreats", "fr"),
            "Après Automne 1901 retraites"
        );
        assert_eq!(
            translate_title("Winter 3 BC adjustments", "ru"),
            "Зима 3 BC корректировки"
        );
        assert_eq!(
            translate_title("Spring 1901 movement", "en"),
            "Spring 1901 movement"
        );
        for k in MarkKind::ALL {
            for l in LANGUAGES {
                assert!(!k.explain(l).is_empty());
            }
            assert_ne!(k.explain("cs"), k.explain("en"));
        }
    }
}
