//! The variants shipped inside the binary: each is a variant file under `variants/`, embedded
//! with `include_str!`, so a game or a scenario can name one without a data directory.

use crate::names::normalize_name;
use crate::{Map, VariantError};

/// A variant file embedded in the binary.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinVariant {
    /// The name scenarios and the command line use (`variant: ancmed`).
    pub name: &'static str,
    /// Other accepted names (matched as [`normalize_name`] leaves them).
    pub aliases: &'static [&'static str],
    /// The variant file's text.
    pub toml: &'static str,
}

impl BuiltinVariant {
    /// Compiles the embedded file.
    pub fn load(&self) -> Result<Map, VariantError> {
        Map::from_toml(self.toml)
    }
}

/// Every built-in variant, in the order `entente variant list` shows them.
pub const BUILTIN_VARIANTS: &[BuiltinVariant] = &[
    BuiltinVariant {
        name: "standard",
        aliases: &["classic", "classical"],
        toml: crate::STANDARD_TOML,
    },
    BuiltinVariant {
        name: "ancmed",
        aliases: &["ancient", "ancient mediterranean", "ancientmediterranean"],
        toml: include_str!("../variants/ancmed.toml"),
    },
    BuiltinVariant {
        name: "pure",
        aliases: &["pure diplomacy"],
        toml: include_str!("../variants/pure.toml"),
    },
    BuiltinVariant {
        name: "greatwar",
        aliases: &["great war", "the great war", "first world war"],
        toml: include_str!("../variants/greatwar.toml"),
    },
    BuiltinVariant {
        name: "versailles",
        aliases: &["versailles3"],
        toml: include_str!("../variants/versailles.toml"),
    },
    BuiltinVariant {
        name: "escalation",
        aliases: &["escalation diplomacy"],
        toml: include_str!("../variants/escalation.toml"),
    },
    BuiltinVariant {
        name: "imperial",
        aliases: &["imperial diplomacy"],
        toml: include_str!("../variants/imperial.toml"),
    },
];

/// The names of the built-in variants (not their aliases).
pub fn builtin_variant_names() -> Vec<&'static str> {
    BUILTIN_VARIANTS.iter().map(|v| v.name).collect()
}

/// The built-in variant called `name` or one of its aliases (any case, `-`/`_` as spaces).
pub fn find_builtin_variant(name: &str) -> Option<&'static BuiltinVariant> {
    let key = normalize_name(name);
    BUILTIN_VARIANTS
        .iter()
        .find(|v| v.name == key || v.aliases.iter().any(|a| normalize_name(a) == key))
}

/// The compiled map of the built-in variant called `name` (or an alias of it).
pub fn builtin_variant(name: &str) -> Option<Map> {
    // The embedded files are tested in this crate; failing here is a build defect.
    find_builtin_variant(name).map(|v| {
        v.load()
            .unwrap_or_else(|e| panic!("embedded variant '{}' is invalid: {e}", v.name))
    })
}
