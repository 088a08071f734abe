use std::fmt;

/// A variant file that cannot be used, with the place that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// 1-based line in the file, when the mistake has one place.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

/// Something in a variant file that is allowed but probably not meant (a start unit outside its
/// power's home centres, a localized name two provinces share). `entente variant check` shows
/// these; loading the file ignores them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantWarning {
    /// 1-based line in the file.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for VariantWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}
