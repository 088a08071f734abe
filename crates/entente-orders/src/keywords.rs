//! The order vocabulary, in one place: every keyword list and coast spelling, and the one
//! word table that both parsers read.
//!
//! Keywords are normalized (lower case, as `normalize_name` leaves them). Entries of several
//! words are matched word by word. Each list: English, then Czech (with and without
//! diacritics), French, Russian.

use entente_map::PackedWordTable;
use std::sync::OnceLock;

/// A keyword list: what a word (or phrase) says in an order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum List {
    Army,
    Fleet,
    Hold,
    /// After a supported unit: "A Mun S A Ber to hold".
    HoldTail,
    Support,
    Convoy,
    /// Words of a move (besides the arrows): "A Par moves to Bur".
    Move,
    /// "via" in "via convoy".
    Via,
    /// "convoy" in "via convoy".
    ConvoyNoun,
    /// A move's "via convoy" in one word.
    Convoyed,
    Retreat,
    /// After the unit: the retreat-phase disband.
    Disband,
    Build,
    /// Before the unit: the adjustment-phase removal ("Remove A Mun", "Disband A Mun").
    RemovePrefix,
    /// After the unit: "A Mun Remove".
    RemovePostfix,
    Waive,
}

impl List {
    /// Every list, each at its own index (`List::ALL[l as usize] == l`).
    pub(crate) const ALL: [List; 16] = [
        List::Army,
        List::Fleet,
        List::Hold,
        List::HoldTail,
        List::Support,
        List::Convoy,
        List::Move,
        List::Via,
        List::ConvoyNoun,
        List::Convoyed,
        List::Retreat,
        List::Disband,
        List::Build,
        List::RemovePrefix,
        List::RemovePostfix,
        List::Waive,
    ];

    /// The entries of the list (normalized; words joined by one space).
    pub(crate) const fn entries(self) -> &'static [&'static str] {
        use lists::*;
        match self {
            List::Army => ARMY,
            List::Fleet => FLEET,
            List::Hold => HOLD,
            List::HoldTail => HOLD_TAIL,
            List::Support => SUPPORT,
            List::Convoy => CONVOY,
            List::Move => MOVE,
            List::Via => VIA,
            List::ConvoyNoun => CONVOY_NOUN,
            List::Convoyed => CONVOYED,
            List::Retreat => RETREAT,
            List::Disband => DISBAND,
            List::Build => BUILD,
            List::RemovePrefix => REMOVE_PREFIX,
            List::RemovePostfix => REMOVE_POSTFIX,
            List::Waive => WAIVE,
        }
    }

    /// The list's bit in [`WordInfo::single`] and [`WordInfo::multi`].
    #[inline]
    const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The end of the longest entry of the list read from the word at token `i`, whose
    /// [`WordInfo`] is `info`; `word_is(j, w)` tells whether the word at token `j` is the
    /// keyword word `w`. Both parsers read keywords with this.
    #[inline(always)]
    pub(crate) fn longest(
        self,
        info: WordInfo,
        i: usize,
        word_is: impl Fn(usize, &str) -> bool,
    ) -> Option<usize> {
        let single = (info.single & self.bit() != 0).then_some(i + 1);
        if info.multi & self.bit() == 0 {
            return single;
        }
        single.max(self.longest_phrase(i, word_is))
    }

    /// The end of the longest entry of several words read from token `i`.
    #[inline(never)]
    fn longest_phrase(self, i: usize, word_is: impl Fn(usize, &str) -> bool) -> Option<usize> {
        let mut best = None;
        for entry in self.entries().iter().filter(|e| e.contains(' ')) {
            let mut j = i;
            let mut ok = true;
            for w in entry.split(' ') {
                if word_is(j, w) {
                    j += 1;
                } else {
                    ok = false;
                    break;
                }
            }
            if ok && best < Some(j) {
                best = Some(j);
            }
        }
        best
    }
}

/// What a word is to the keyword lists and coast spellings (6 bytes: the fast path keeps one
/// per token on the stack).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct WordInfo {
    /// Bit `l` ([`List::bit`]): the word alone is an entry of list `l`.
    pub single: u16,
    /// Bit `l`: the word is the first word of an entry of several words of list `l`.
    pub multi: u16,
    /// The coast the word alone spells: an index into [`COASTS`], plus one (0: none).
    pub coast: u8,
    /// [`WordInfo::KEYWORD`], [`WordInfo::COAST_MULTI`].
    pub flags: u8,
}

impl WordInfo {
    /// The word is some word of some entry of a list (not counting coast spellings).
    pub const KEYWORD: u8 = 1;
    /// The word is the first word of a coast spelling of several words.
    pub const COAST_MULTI: u8 = 2;

    /// Is the word some word of a keyword (any list)?
    #[inline]
    pub fn is_keyword(self) -> bool {
        self.flags & Self::KEYWORD != 0
    }

    /// Does a coast spelling of several words start with the word?
    #[inline]
    pub fn starts_coast(self) -> bool {
        self.flags & Self::COAST_MULTI != 0
    }
}

/// Every word of the keyword lists and coast spellings, with what it is to them. Lookups
/// ignore ASCII case and do not allocate.
pub(crate) fn words() -> &'static PackedWordTable<WordInfo> {
    static TABLE: OnceLock<PackedWordTable<WordInfo>> = OnceLock::new();
    TABLE.get_or_init(build_words)
}

/// What the word `w` is to the keyword lists (nothing, for a word that is in none).
#[inline]
pub(crate) fn word_info(w: &str) -> WordInfo {
    words().get(w).copied().unwrap_or_default()
}

fn build_words() -> PackedWordTable<WordInfo> {
    /// The entry of `w` in `words`, made when new.
    fn entry<'w>(
        words: &'w mut Vec<(&'static str, WordInfo)>,
        w: &'static str,
    ) -> &'w mut WordInfo {
        let i = match words.iter().position(|e| e.0 == w) {
            Some(i) => i,
            None => {
                words.push((w, WordInfo::default()));
                words.len() - 1
            }
        };
        &mut words[i].1
    }
    let mut words: Vec<(&'static str, WordInfo)> = Vec::new();
    for l in List::ALL {
        for e in l.entries() {
            for w in e.split(' ') {
                entry(&mut words, w).flags |= WordInfo::KEYWORD;
            }
            match e.split_once(' ') {
                Some((first, _)) => entry(&mut words, first).multi |= l.bit(),
                None => entry(&mut words, e).single |= l.bit(),
            }
        }
    }
    for (c, (_, spellings)) in COASTS.iter().enumerate() {
        for s in spellings.iter() {
            match s.split_once(' ') {
                Some((first, _)) => entry(&mut words, first).flags |= WordInfo::COAST_MULTI,
                // `coast_code` takes the first list that has the spelling.
                None => {
                    let k = entry(&mut words, s);
                    if k.coast == 0 {
                        k.coast = c as u8 + 1;
                    }
                }
            }
        }
    }
    PackedWordTable::build(words)
}

/// The map's coast code for a coast spelling (normalized, words joined by one space).
pub(crate) fn coast_code(s: &str) -> Option<&'static str> {
    COASTS
        .iter()
        .find(|(_, spellings)| spellings.contains(&s))
        .map(|&(code, _)| code)
}

pub(crate) use lists::COASTS;

#[rustfmt::skip]
mod lists {
    pub const ARMY: &[&str] = &["a", "army", "armáda", "armada", "armée", "armee", "а", "армия"];
    pub const FLEET: &[&str] = &["f", "fleet", "flotila", "flotte", "ф", "флот"];
    pub const HOLD: &[&str] = &[
        "h", "hold", "holds", "hld", "stand", "stands", "hold position", "holds position",
        "drž", "drz", "drží", "drzi", "drž pozici", "drz pozici", "drží pozici", "drzi pozici",
        "stojí", "stoji",
        "tient", "tenir", "tient position", "défend", "defend", "défense", "defense", "reste",
        "стоит", "стоять", "стоит на месте", "держит", "держать", "держит позицию",
        "держать позицию", "удерживает", "удерживать", "оборона",
    ];
    /// After a supported unit: "A Mun S A Ber to hold".
    pub const HOLD_TAIL: &[&str] = &["to hold", "in place"];
    pub const SUPPORT: &[&str] = &[
        "s", "sup", "supp", "support", "supports", "supporting",
        "p", "podporuje", "podpora", "podporovat", "podpořit", "podporit", "podporuj",
        "soutient", "soutien", "soutenir", "soutiens", "supporte",
        "п", "поддерживает", "поддержка", "поддержать", "поддерживать",
    ];
    pub const CONVOY: &[&str] = &[
        "c", "convoy", "convoys", "conv", "cvy", "transports", "transport",
        "k", "konvoj", "konvojuje", "konvojovat", "přepravuje", "prepravuje", "převáží", "prevazi",
        "convoie", "convoi", "convoyer", "convoient", "transporte",
        "к", "конвоирует", "конвой", "конвоировать", "транспортирует", "перевозит",
    ];
    /// Words of a move (besides the arrows): "A Par moves to Bur".
    pub const MOVE: &[&str] = &[
        "to", "move", "moves", "m", "mv", "moving", "attack", "attacks", "into",
        "do", "táhne", "tahne", "jde", "přesun", "presun", "útočí", "utoci", "útok", "utok", "na",
        "vers", "va", "à", "en", "attaque",
        "в", "во", "на", "идёт", "идет", "движется", "атакует", "атака",
    ];
    /// "via" in "via convoy".
    pub const VIA: &[&str] = &[
        "via", "by", "using", "přes", "pres", "pomocí", "pomoci", "par", "через", "с", "со",
    ];
    /// "convoy" in "via convoy".
    pub const CONVOY_NOUN: &[&str] = &[
        "convoy", "c", "konvoj", "konvoje", "konvojem", "convoi", "конвой", "конвоем", "конвоя",
    ];
    /// A move's "via convoy" in one word.
    pub const CONVOYED: &[&str] = &["convoyed", "konvojem", "конвоем"];
    pub const RETREAT: &[&str] = &[
        "r", "retreat", "retreats", "retreating",
        "ústup", "ustup", "ustupuje", "ustoupí", "ustoupi",
        "retraite", "recule",
        "отступает", "отступление", "отступить", "отход", "отходит",
    ];
    /// After the unit: the retreat-phase disband.
    pub const DISBAND: &[&str] = &[
        "d", "disband", "disbands", "disbanded", "destroy", "destroyed",
        "rozpustit", "rozpuštění", "rozpusteni", "rozpuštěna", "rozpustena", "rozpouští",
        "rozpousti", "rozpusť", "rozpust",
        "dissoudre", "dissout", "dissous", "dissolution", "détruit", "detruit",
        "расформировать", "расформирована", "расформирован", "расформирование", "распустить",
        "распущена", "роспуск",
    ];
    pub const BUILD: &[&str] = &[
        "b", "build", "builds", "bld",
        "stavba", "staví", "stavi", "postav", "postavit", "postaví", "postavi", "stavět", "stavet",
        "construit", "construire", "construction", "construis", "crée", "cree", "créer", "creer",
        "строит", "строить", "построить", "постройка", "строительство", "создать",
    ];
    /// Before the unit: the adjustment-phase removal ("Remove A Mun", "Disband A Mun").
    pub const REMOVE_PREFIX: &[&str] = &[
        "remove", "removes", "rem", "disband", "disbands", "destroy",
        "odstranit", "odstraň", "odstran", "odstraňuje", "odstranuje", "rozpustit", "rozpouští",
        "rozpousti", "rozpusť", "rozpust",
        "retire", "retirer", "retrait", "supprime", "supprimer", "dissoudre", "dissout",
        "убрать", "убирает", "удалить", "удаляет", "расформировать", "распустить",
    ];
    /// After the unit: "A Mun Remove".
    pub const REMOVE_POSTFIX: &[&str] = &[
        "remove", "removes", "removed",
        "odstranit", "odstraň", "odstran",
        "retire", "retirer", "retrait", "supprime",
        "убрать", "удалить",
    ];
    pub const WAIVE: &[&str] = &[
        "waive", "waives", "waived", "pass",
        "vzdát", "vzdat", "vzdát se", "vzdat se", "vzdává", "vzdava",
        "renonce", "renoncer",
        "отказ", "отказаться", "пропуск", "пропустить",
    ];

    /// Coast spellings (normalized, words joined by one space) → the map's coast code.
    pub const COASTS: &[(&str, &[&str])] = &[
        ("nc", &["nc", "n", "north", "north coast", "ncs",
                 "severní pobřeží", "severni pobrezi", "sever",
                 "côte nord", "cote nord", "nord",
                 "северный берег", "северное побережье", "север"]),
        ("sc", &["sc", "s", "south", "south coast", "scs",
                 "jižní pobřeží", "jizni pobrezi", "jih",
                 "côte sud", "cote sud", "sud",
                 "южный берег", "южное побережье", "юг"]),
        ("ec", &["ec", "e", "east", "east coast", "ecs",
                 "východní pobřeží", "vychodni pobrezi", "východ", "vychod",
                 "côte est", "cote est", "est",
                 "восточный берег", "восточное побережье", "восток"]),
        ("wc", &["wc", "w", "west", "west coast", "wcs",
                 "západní pobřeží", "zapadni pobrezi", "západ", "zapad",
                 "côte ouest", "cote ouest", "ouest",
                 "западный берег", "западное побережье", "запад"]),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_at_its_own_index() {
        assert!(
            List::ALL.len() <= 16,
            "WordInfo keeps one bit per list in a u16"
        );
        for (i, l) in List::ALL.into_iter().enumerate() {
            assert_eq!(l as usize, i, "{l:?}");
            assert!(!l.entries().is_empty(), "{l:?}");
            for m in List::ALL.into_iter().skip(i + 1) {
                assert!(!std::ptr::eq(l.entries(), m.entries()), "{l:?} and {m:?}");
            }
        }
    }

    #[test]
    fn the_word_table_knows_every_word() {
        for l in List::ALL {
            for e in l.entries() {
                let first = e.split(' ').next().unwrap();
                let info = word_info(first);
                assert!(info.is_keyword(), "{e}");
                if e.contains(' ') {
                    assert!(info.multi & l.bit() != 0, "{e}");
                } else {
                    assert!(info.single & l.bit() != 0, "{e}");
                }
                for w in e.split(' ') {
                    assert!(word_info(w).is_keyword(), "{w} of {e}");
                    assert!(
                        word_info(&w.to_ascii_uppercase()).is_keyword(),
                        "{w} of {e}"
                    );
                }
            }
        }
        for (c, (code, spellings)) in COASTS.iter().enumerate() {
            assert_eq!(coast_code(code), Some(*code));
            for s in spellings.iter() {
                let info = word_info(s.split(' ').next().unwrap());
                if s.contains(' ') {
                    assert!(info.starts_coast(), "{s}");
                } else {
                    assert_eq!(
                        COASTS.get(usize::from(info.coast) - 1).map(|c| c.0),
                        coast_code(s),
                        "{s} (list {c})"
                    );
                }
            }
        }
        assert_eq!(word_info("hold"), word_info("HOLD"));
        assert_eq!(word_info("position").single, 0);
        assert!(word_info("position").is_keyword());
        assert_eq!(word_info("par").single, List::Via.bit());
        assert_eq!(word_info("paris"), WordInfo::default());
        assert!(!word_info("north").is_keyword());
        assert_eq!(word_info("north").coast, 1);
        assert!(word_info("north").starts_coast());
        assert_eq!(std::mem::size_of::<WordInfo>(), 6);
    }

    #[test]
    fn longest_entry() {
        let text = ["holds", "position", "now"];
        let word_is = |j: usize, w: &str| text.get(j) == Some(&w);
        let info = word_info(text[0]);
        assert_eq!(List::Hold.longest(info, 0, word_is), Some(2));
        assert_eq!(List::Support.longest(info, 0, word_is), None);
        let text = ["to", "hold"];
        let word_is = |j: usize, w: &str| text.get(j) == Some(&w);
        let info = word_info(text[0]);
        assert_eq!(List::HoldTail.longest(info, 0, word_is), Some(2));
        assert_eq!(List::Move.longest(info, 0, word_is), Some(1));
    }
}
