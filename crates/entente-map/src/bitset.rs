/// A set of locations (or provinces, which share the id space) as a fixed 256-bit mask.
///
/// Adjacency tests are the innermost operation of the judge and of legal-order generation;
/// a fixed mask keeps them a shift and an AND with no allocation. 256 is the format's limit
/// on locations (ids are `u8`), checked when a variant loads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct LocSet {
    words: [u64; 4],
}

impl LocSet {
    pub const EMPTY: LocSet = LocSet { words: [0; 4] };

    #[inline]
    pub fn insert(&mut self, i: u8) {
        self.words[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: u8) {
        self.words[(i >> 6) as usize] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn contains(&self, i: u8) -> bool {
        self.words[(i >> 6) as usize] & (1u64 << (i & 63)) != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words == [0; 4]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn union(&self, other: &LocSet) -> LocSet {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a |= b;
        }
        LocSet { words: w }
    }

    #[inline]
    pub fn intersection(&self, other: &LocSet) -> LocSet {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a &= b;
        }
        LocSet { words: w }
    }

    /// Members of `self` that are not in `other`.
    #[inline]
    pub fn difference(&self, other: &LocSet) -> LocSet {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a &= !b;
        }
        LocSet { words: w }
    }

    /// Do the two sets share a member?
    #[inline]
    pub fn intersects(&self, other: &LocSet) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// The raw mask, bit `i % 64` of word `i / 64` for member `i` (for hand-written loops).
    #[inline]
    pub const fn words(&self) -> [u64; 4] {
        self.words
    }

    #[inline]
    pub const fn from_words(words: [u64; 4]) -> LocSet {
        LocSet { words }
    }

    /// The set of one member.
    #[inline]
    pub const fn single(i: u8) -> LocSet {
        let mut words = [0u64; 4];
        words[(i / 64) as usize] = 1 << (i % 64);
        LocSet { words }
    }

    /// Calls `f` on each member in increasing order: the hot loops' form of [`LocSet::iter`]
    /// (a word at a time, no iterator state kept in memory).
    #[inline(always)]
    pub fn for_each(self, mut f: impl FnMut(u8)) {
        for (i, mut w) in self.words.into_iter().enumerate() {
            while w != 0 {
                let b = w.trailing_zeros();
                w &= w - 1;
                f((i as u32 * 64 + b) as u8);
            }
        }
    }

    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros();
                w &= w - 1;
                Some((wi as u32 * 64 + bit) as u8)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_and_for_each_agree_with_insert_and_iter() {
        for i in [0u8, 63, 64, 200, 255] {
            let mut s = LocSet::EMPTY;
            s.insert(i);
            assert_eq!(LocSet::single(i), s);
        }
        let mut s = LocSet::EMPTY;
        for i in [3u8, 64, 130, 255] {
            s.insert(i);
        }
        let mut seen = Vec::new();
        s.for_each(|i| seen.push(i));
        assert_eq!(seen, s.iter().collect::<Vec<_>>());
    }

    #[test]
    fn insert_contains_iter() {
        let mut s = LocSet::EMPTY;
        for i in [0u8, 63, 64, 200, 255] {
            s.insert(i);
        }
        assert!(s.contains(64) && s.contains(255) && !s.contains(1));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 255]);
        assert_eq!(s.len(), 5);
        s.remove(64);
        assert!(!s.contains(64));
    }
}
