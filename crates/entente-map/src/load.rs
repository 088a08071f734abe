//! The one variant loader: a variant named by a scenario, a game record or the command line
//! is a built-in variant (or an alias of one) or the path of a variant file. A [`Variant`]
//! keeps the file's text with the compiled map, so a game record can carry it and never
//! depend on the file again.

use crate::{builtin_variant_names, find_builtin_variant, Map, VariantError, BUILTIN_VARIANTS};
use std::sync::{Arc, OnceLock};

/// A loaded variant: its name, the compiled map and the text it was compiled from.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The built-in name (`standard`), or the path or name the file was given by.
    pub name: String,
    pub map: Arc<Map>,
    /// The variant file's text (the embedded file of a built-in variant).
    pub text: Arc<str>,
    /// Whether it is one of [`crate::BUILTIN_VARIANTS`], unchanged.
    pub builtin: bool,
}

/// Why a variant could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(
        "unknown variant '{name}' (built in: {builtins}; or the path of a variant .toml file)"
    )]
    Unknown { name: String, builtins: String },
    #[error("variant file {path}: {message}")]
    Unreadable { path: String, message: String },
    #[error("variant file {path}: {error}")]
    Invalid { path: String, error: VariantError },
}

impl Variant {
    /// The built-in variant called `name` (or an alias of it).
    ///
    /// Each built-in map is compiled once per process and shared (a server reads thousands
    /// of game records naming the same variant).
    pub fn builtin(name: &str) -> Option<Variant> {
        static COMPILED: [OnceLock<Arc<Map>>; BUILTIN_VARIANTS.len()] =
            [const { OnceLock::new() }; BUILTIN_VARIANTS.len()];
        let b = find_builtin_variant(name)?;
        let i = BUILTIN_VARIANTS.iter().position(|v| v.name == b.name)?;
        let map = COMPILED[i].get_or_init(|| {
            // The embedded files are tested in this crate; failing here is a build defect.
            Arc::new(
                b.load()
                    .unwrap_or_else(|e| panic!("embedded variant '{}' is invalid: {e}", b.name)),
            )
        });
        Some(Variant {
            name: b.name.to_string(),
            map: map.clone(),
            text: Arc::from(b.toml),
            builtin: true,
        })
    }

    /// A variant from a file's text (`name`: what to call it, such as its path).
    pub fn from_text(name: &str, text: &str) -> Result<Variant, VariantError> {
        Ok(Variant {
            name: name.to_string(),
            map: Arc::new(Map::from_toml(text)?),
            text: Arc::from(text),
            builtin: false,
        })
    }

    /// A built-in variant's name, or the path of a variant file (`*.toml`, relative to the
    /// working directory).
    pub fn load(name: &str) -> Result<Variant, LoadError> {
        if let Some(v) = Variant::builtin(name) {
            return Ok(v);
        }
        if name.to_lowercase().ends_with(".toml") {
            let text = read_limited(name).map_err(|e| LoadError::Unreadable {
                path: name.to_string(),
                message: e.to_string(),
            })?;
            return Variant::from_text(name, &text).map_err(|error| LoadError::Invalid {
                path: name.to_string(),
                error,
            });
        }
        Err(LoadError::Unknown {
            name: name.to_string(),
            builtins: builtin_variant_names().join(", "),
        })
    }
}

/// The largest variant file read, and the most text [`crate::Map::from_toml`] reads (the
/// standard map's is 23 KB, Imperial's 52 KB).
pub const VARIANT_FILE_LIMIT: u64 = 16 << 20;

/// A variant file's text, at most [`VARIANT_FILE_LIMIT`] bytes of UTF-8.
fn read_limited(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let f = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    f.take(VARIANT_FILE_LIMIT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > VARIANT_FILE_LIMIT {
        return Err(std::io::Error::other(format!(
            "more than {} MiB; refused",
            VARIANT_FILE_LIMIT >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        std::io::Error::other(format!(
            "line {line}: not UTF-8 text; save the file as UTF-8"
        ))
    })
}

/// The map of a built-in variant or a variant file ([`Variant::load`]).
pub fn load_variant(name: &str) -> Result<Map, LoadError> {
    Variant::load(name).map(|v| Arc::unwrap_or_clone(v.map))
}
