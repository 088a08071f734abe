//! The pages' words in Czech, French, Russian and English: `entente_i18n::pages` (Project
//! Fluent files), the reader's language chosen from the `entente_lang` cookie, else the
//! browser's `Accept-Language`, else English.

pub use entente_i18n::pages::{tr, Tr, PAGES};
pub use entente_i18n::{choose, keys, supported, LANGUAGES as LANGS};

/// The cookie the chosen language is remembered in.
pub const LANG_COOKIE: &str = "entente_lang";
