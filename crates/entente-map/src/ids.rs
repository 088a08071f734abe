use std::fmt;

/// The most locations (provinces plus coasts) a variant may have: ids are `u16`, and
/// [`crate::LocSet`] is a fixed mask of this many bits. Every per-location table of fixed size
/// in the workspace uses this constant; the variant compiler refuses a file over it.
pub const MAX_LOCATIONS: usize = 512;

/// A province (space) of the map. Province `i` is also location `i` (see [`Loc`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ProvinceId(pub u16);

/// A place a unit can stand: a whole province (ids `0..provinces`) or one coast of a
/// split-coast province (ids after the provinces). Small and `Copy` so orders stay cheap.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Loc(pub u16);

/// A great power of the variant, in the variant file's order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PowerId(pub u8);

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum UnitType {
    Army,
    Fleet,
}

impl ProvinceId {
    /// The location that stands for the province as a whole.
    pub fn loc(self) -> Loc {
        Loc(self.0)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Loc {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl PowerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl UnitType {
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
    pub fn from_letter(c: char) -> Option<UnitType> {
        match c.to_ascii_uppercase() {
            'A' => Some(UnitType::Army),
            'F' => Some(UnitType::Fleet),
            _ => None,
        }
    }
}

impl fmt::Display for UnitType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
