//! [`PackedWordTable`]: a read-only table from words to values, looked up ignoring ASCII case
//! without allocating. The map's one-word name index ([`crate::Map::name_word`]) and the order
//! parser's keyword table are both one.

/// A table from words to values for scanners that look every word up: a word of 1 to 15 bytes
/// (nearly all) is packed with its length into a `u128`, lower-casing ASCII letters on the way,
/// and found by open addressing, comparing no strings; longer ones are kept in a short list.
///
/// Lookups ignore the case of ASCII letters only (`"Par"` finds `"par"`, `"PAŘÍŽ"` does not find
/// `"paříž"`) and never allocate. A word given twice to [`PackedWordTable::build`] (ignoring
/// ASCII case) keeps the later value.
#[derive(Clone)]
pub struct PackedWordTable<V> {
    /// A power of two long, at most half full, so that an empty slot ends every probe; key 0
    /// (which no word packs to: the length is in the top byte) marks an empty slot.
    short: Vec<(u128, Option<V>)>,
    /// Words of 16 bytes or more.
    long: Vec<(Box<str>, V)>,
    len: usize,
}

impl<V> PackedWordTable<V> {
    /// The table of `words` and their values.
    pub fn build<W: AsRef<str>>(words: impl IntoIterator<Item = (W, V)>) -> PackedWordTable<V> {
        let words: Vec<(W, V)> = words.into_iter().collect();
        let size = (words.len() * 2).next_power_of_two().max(16);
        let mut t = PackedWordTable {
            short: std::iter::repeat_with(|| (0, None)).take(size).collect(),
            long: Vec::new(),
            len: 0,
        };
        for (word, v) in words {
            t.insert(word.as_ref(), v);
        }
        t
    }

    /// Adds or replaces one word; the table never grows (`build` sized it).
    fn insert(&mut self, word: &str, v: V) {
        let Some(key) = pack(word.as_bytes()) else {
            match self
                .long
                .iter_mut()
                .find(|(w, _)| w.as_bytes().eq_ignore_ascii_case(word.as_bytes()))
            {
                Some(e) => e.1 = v,
                None => {
                    self.long.push((word.into(), v));
                    self.len += 1;
                }
            }
            return;
        };
        let mask = self.short.len() - 1;
        let mut i = slot(key, mask);
        while self.short[i].0 != 0 && self.short[i].0 != key {
            i = (i + 1) & mask;
        }
        if self.short[i].0 == 0 {
            self.len += 1;
        }
        self.short[i] = (key, Some(v));
    }

    /// The value of `word`, ignoring the case of ASCII letters.
    #[inline]
    pub fn get(&self, word: &str) -> Option<&V> {
        self.get_bytes(word.as_bytes())
    }

    /// As [`PackedWordTable::get`], for a word given as bytes (UTF-8 or not).
    #[inline]
    pub fn get_bytes(&self, word: &[u8]) -> Option<&V> {
        let Some(key) = pack(word) else {
            return self.get_long(word);
        };
        let mask = self.short.len().wrapping_sub(1);
        let mut i = slot(key, mask);
        // At most half full: an empty slot always ends the probe.
        while let Some((k, v)) = self.short.get(i) {
            if *k == key {
                return v.as_ref();
            }
            if *k == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// A word that does not pack: empty, or 16 bytes or more (rare, so out of line).
    #[cold]
    #[inline(never)]
    fn get_long(&self, word: &[u8]) -> Option<&V> {
        self.long
            .iter()
            .find(|(w, _)| w.as_bytes().eq_ignore_ascii_case(word))
            .map(|(_, v)| v)
    }

    /// How many words the table holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<V> Default for PackedWordTable<V> {
    fn default() -> Self {
        PackedWordTable::build(std::iter::empty::<(&str, V)>())
    }
}

impl<V> std::fmt::Debug for PackedWordTable<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PackedWordTable({} words)", self.len)
    }
}

/// Byte `i` of the word, ASCII letters lower-cased, at bits `8 i`; the length in the top byte.
/// `None` for an empty word or one of more than 15 bytes.
#[inline]
fn pack(word: &[u8]) -> Option<u128> {
    if word.is_empty() || word.len() > 15 {
        return None;
    }
    let (a, b) = word.split_at(word.len().min(8));
    let le = |k: u64, &c: &u8| k << 8 | u64::from(c.to_ascii_lowercase());
    let lo = a.iter().rev().fold(0, le);
    let hi = b.iter().rev().fold(0, le) | (word.len() as u64) << 56;
    Some(u128::from(hi) << 64 | u128::from(lo))
}

#[inline]
fn slot(key: u128, mask: usize) -> usize {
    let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 32) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_ignoring_ascii_case() {
        let t = PackedWordTable::build([("par", 1), ("bur", 2), ("a", 3)]);
        assert_eq!(t.get("par"), Some(&1));
        assert_eq!(t.get("PaR"), Some(&1));
        assert_eq!(t.get("BUR"), Some(&2));
        assert_eq!(t.get("A"), Some(&3));
        assert_eq!(t.get_bytes(b"bUr"), Some(&2));
        assert_eq!(t.get("mar"), None);
        assert_eq!(t.get("pa"), None);
        assert_eq!(t.get("parr"), None);
        assert_eq!(t.get(""), None);
        assert_eq!(t.len(), 3);
    }

    #[test]
    fn long_and_non_ascii_words() {
        let t = PackedWordTable::build([
            ("fifteen letters", 15),
            ("sixteen letters!", 16),
            ("constantinopolis", 17),
            ("paříž", 5),
            ("поддерживает", 12),
        ]);
        assert_eq!(t.get("FIFTEEN LETTERS"), Some(&15));
        assert_eq!(t.get("Sixteen Letters!"), Some(&16));
        assert_eq!(t.get("ConstantinopoliS"), Some(&17));
        assert_eq!(t.get("constantinopoli"), None);
        assert_eq!(t.get("paříž"), Some(&5));
        assert_eq!(t.get("Paříž"), Some(&5));
        // Only ASCII letters are folded.
        assert_eq!(t.get("PAŘÍŽ"), None);
        assert_eq!(t.get("поддерживает"), Some(&12));
        assert_eq!(t.get("Поддерживает"), None);
        assert_eq!(t.len(), 5);
    }

    #[test]
    fn a_later_duplicate_replaces_the_value() {
        let t = PackedWordTable::build([("par", 1), ("PAR", 2), ("sixteen letters!", 3)]);
        let t2 = PackedWordTable::build([("Sixteen Letters!", 4), ("sixteen letters!", 5)]);
        assert_eq!(t.get("par"), Some(&2));
        assert_eq!(t.len(), 2);
        assert_eq!(t2.get("SIXTEEN LETTERS!"), Some(&5));
        assert_eq!(t2.len(), 1);
    }

    #[test]
    fn many_words_and_empty_tables() {
        let words: Vec<String> = (0..1000).map(|i| format!("w{i}")).collect();
        let t = PackedWordTable::build(words.iter().enumerate().map(|(i, w)| (w, i)));
        for (i, w) in words.iter().enumerate() {
            assert_eq!(t.get(&w.to_uppercase()), Some(&i));
        }
        assert_eq!(t.get("w1000"), None);
        let empty: PackedWordTable<u8> = PackedWordTable::default();
        assert!(empty.is_empty());
        assert_eq!(empty.get("x"), None);
        assert_eq!(format!("{t:?}"), "PackedWordTable(1000 words)");
    }
}
