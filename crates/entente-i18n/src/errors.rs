//! The server's refusals in the reader's language (`locales/errors/LANG.ftl`), by the id an
//! error carries beside its English words (`entente_service::Error::key`).

use crate::Catalog;

/// The refusals' words.
pub static ERRORS: Catalog = Catalog::new(&[
    ("en", include_str!("../locales/errors/en.ftl")),
    ("cs", include_str!("../locales/errors/cs.ftl")),
    ("fr", include_str!("../locales/errors/fr.ftl")),
    ("ru", include_str!("../locales/errors/ru.ftl")),
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_message_exists_in_every_language_and_formats() {
        assert_eq!(ERRORS.missing(), Vec::<(&str, String)>::new());
        assert_eq!(ERRORS.parse_errors(), Vec::<(&str, String)>::new());
        assert_eq!(ERRORS.format_errors(&["id", "power"]), Vec::<String>::new());
    }
}
