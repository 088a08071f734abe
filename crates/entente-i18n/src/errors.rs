//! The server's refusals in the reader's language (`locales/LANG/errors.ftl`), by the id an
//! error carries beside its English words (`entente_service::Error::key`).

use crate::Catalog;

/// The refusals' words.
pub static ERRORS: Catalog = Catalog::new("errors");

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
