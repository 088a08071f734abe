//! Variant data: provinces, coasts, adjacency, powers and start position.
//!
//! A variant is a human-editable TOML file (see `docs/variant-format.md`); [`Map::from_toml`]
//! validates it and compiles it into dense indices (`u16` ids, bitset adjacency) so the judge
//! never touches a string. The standard map ships embedded ([`Map::standard`]), and so do the
//! other built-in variants ([`builtin_variant`]).

mod bitset;
mod builtin;
mod compile;
mod distance;
mod error;
mod file;
mod ids;
mod load;
mod map;
mod names;
mod word_table;

pub use bitset::{LocBits, LocSet, Members, LOCSET_WORDS, NARROW_WORDS};
pub use builtin::{
    builtin_variant, builtin_variant_names, find_builtin_variant, BuiltinVariant, BUILTIN_VARIANTS,
};
pub use compile::MAX_STRAITS;
pub use distance::{Distances, MAX_DISTANCE};
pub use error::{VariantError, VariantWarning};
pub use ids::{Loc, PowerId, ProvinceId, UnitType, MAX_LOCATIONS};
pub use load::{load_variant, LoadError, Variant, VARIANT_FILE_LIMIT};
pub use map::{
    LocInfo, Map, Power, Province, ProvinceKind, Strait, ANY_HOME, ESCALATION, OWN_HOME,
};
pub use names::normalize_name;
pub use word_table::PackedWordTable;

/// The standard map's variant file, embedded so the binary needs no data directory.
pub const STANDARD_TOML: &str = include_str!("../variants/standard.toml");
