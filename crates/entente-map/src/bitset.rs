use crate::ids::MAX_LOCATIONS;

/// How many 64-bit words a [`LocSet`] has.
pub const LOCSET_WORDS: usize = MAX_LOCATIONS / 64;

/// The words a map's sets need: 4 (256 bits) when its locations fit, else [`LOCSET_WORDS`].
/// The hot loops (`entente-legal`) keep their tables at this width: on the standard map a
/// set is then 32 bytes, not 64, and the per-province tables stay in the L1 cache
/// (docs/bench.md, "Sets sized to the map").
pub const NARROW_WORDS: usize = 4;

/// A set of locations (or provinces, which share the id space) as a fixed
/// [`MAX_LOCATIONS`]-bit mask.
///
/// Adjacency tests are the innermost operation of the judge and of legal-order generation;
/// a fixed mask keeps them a shift and an AND with no allocation. [`MAX_LOCATIONS`] is the
/// format's limit on locations, checked when a variant loads.
pub type LocSet = LocBits<LOCSET_WORDS>;

/// A set of location ids below `64 * W`: [`LocSet`] is the map's width; code that is hot
/// enough to care keeps a narrower copy ([`LocBits::narrow`]) for maps that fit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LocBits<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> Default for LocBits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> LocBits<W> {
    pub const EMPTY: LocBits<W> = LocBits { words: [0; W] };
    /// How many ids the set can hold.
    pub const CAPACITY: usize = 64 * W;

    #[inline]
    pub fn insert(&mut self, i: u16) {
        self.words[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: u16) {
        self.words[(i >> 6) as usize] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn contains(&self, i: u16) -> bool {
        self.words[(i >> 6) as usize] & (1u64 << (i & 63)) != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words == [0; W]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn union(&self, other: &Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a |= b;
        }
        LocBits { words: w }
    }

    #[inline]
    pub fn intersection(&self, other: &Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a &= b;
        }
        LocBits { words: w }
    }

    /// Members of `self` that are not in `other`.
    #[inline]
    pub fn difference(&self, other: &Self) -> Self {
        let mut w = self.words;
        for (a, b) in w.iter_mut().zip(other.words.iter()) {
            *a &= !b;
        }
        LocBits { words: w }
    }

    /// Do the two sets share a member?
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// The raw mask, bit `i % 64` of word `i / 64` for member `i` (for hand-written loops).
    #[inline]
    pub const fn words(&self) -> [u64; W] {
        self.words
    }

    #[inline]
    pub const fn from_words(words: [u64; W]) -> Self {
        LocBits { words }
    }

    /// The set of one member.
    #[inline]
    pub const fn single(i: u16) -> Self {
        let mut words = [0u64; W];
        words[(i / 64) as usize] = 1 << (i % 64);
        LocBits { words }
    }

    /// The same members in a set of another width. Members at or above the new width's
    /// capacity are dropped: narrow only a set whose ids fit (a map's sets, when
    /// [`crate::Map::num_locs`] is at most `64 * V`).
    #[inline]
    pub fn narrow<const V: usize>(&self) -> LocBits<V> {
        let mut words = [0u64; V];
        let n = V.min(W);
        words[..n].copy_from_slice(&self.words[..n]);
        debug_assert!(
            self.words[n..].iter().all(|&w| w == 0),
            "a member does not fit {V} words"
        );
        LocBits { words }
    }

    /// Calls `f` on each member in increasing order: the hot loops' form of [`LocBits::iter`].
    ///
    /// One flat loop: zero words are skipped in a tight inner loop, and `f` appears once in
    /// the loop, so nested `for_each` calls are not unrolled word by word into copies of
    /// their bodies (with [`LOCSET_WORDS`] words, nesting two would make 64 of them).
    #[inline(always)]
    pub fn for_each(&self, mut f: impl FnMut(u16)) {
        let mut wi = 0usize;
        let mut w = self.words[0];
        loop {
            while w == 0 {
                wi += 1;
                if wi == W {
                    return;
                }
                w = self.words[wi];
            }
            let b = w.trailing_zeros();
            w &= w - 1;
            f((wi as u32 * 64 + b) as u16);
        }
    }

    /// Members in increasing order.
    pub fn iter(&self) -> Members<'_, W> {
        Members {
            set: self,
            wi: 0,
            w: self.words[0],
        }
    }
}

/// The members of a [`LocBits`] in increasing order ([`LocBits::iter`]).
#[derive(Clone)]
pub struct Members<'a, const W: usize> {
    set: &'a LocBits<W>,
    wi: usize,
    w: u64,
}

impl<const W: usize> Iterator for Members<'_, W> {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.w == 0 {
            if self.wi + 1 >= W {
                return None;
            }
            self.wi += 1;
            self.w = self.set.words[self.wi];
        }
        let b = self.w.trailing_zeros();
        self.w &= self.w - 1;
        Some((self.wi as u32 * 64 + b) as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_and_for_each_agree_with_insert_and_iter() {
        for i in [0u16, 63, 64, 200, 255, 256, 511] {
            let mut s = LocSet::EMPTY;
            s.insert(i);
            assert_eq!(LocSet::single(i), s);
        }
        let mut s = LocSet::EMPTY;
        for i in [3u16, 64, 130, 255, 300, 511] {
            s.insert(i);
        }
        let mut seen = Vec::new();
        s.for_each(|i| seen.push(i));
        assert_eq!(seen, s.iter().collect::<Vec<_>>());
    }

    #[test]
    fn narrow_keeps_the_members_that_fit_and_widens_back() {
        let mut s = LocSet::EMPTY;
        for i in [0u16, 63, 64, 200, 255] {
            s.insert(i);
        }
        let n: LocBits<NARROW_WORDS> = s.narrow();
        assert_eq!(n.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 255]);
        assert_eq!(n.narrow::<LOCSET_WORDS>(), s);
        assert_eq!(LocBits::<NARROW_WORDS>::CAPACITY, 256);
    }

    #[test]
    fn insert_contains_iter() {
        let mut s = LocSet::EMPTY;
        for i in [0u16, 63, 64, 200, 255, 256, 511] {
            s.insert(i);
        }
        assert!(s.contains(64) && s.contains(255) && s.contains(511) && !s.contains(1));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![0, 63, 64, 200, 255, 256, 511]
        );
        assert_eq!(s.len(), 7);
        s.remove(64);
        assert!(!s.contains(64));
    }
}
