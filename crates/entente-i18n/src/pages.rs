//! The web pages' words (`locales/LANG/pages.ftl`), also used wherever the service writes
//! a page's words (the club's notices).

use crate::Catalog;
use fluent_bundle::FluentValue;

/// The pages' words.
pub static PAGES: Catalog = Catalog::new("pages");

/// A message with arguments in `lang` (falling back to English, then to the id itself).
pub fn tr(lang: &str, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    PAGES.tr(lang, id, args)
}

/// The words of one reader's language.
#[derive(Clone, Copy, Debug)]
pub struct Tr {
    pub lang: &'static str,
}

impl Tr {
    /// A message without arguments.
    pub fn t(&self, id: &str) -> String {
        tr(self.lang, id, &[])
    }
    /// A message with string arguments.
    pub fn a(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = args
            .iter()
            .map(|(k, v)| (*k, FluentValue::from(*v)))
            .collect();
        tr(self.lang, id, &args)
    }
    /// A message with a number argument `n` (plural forms).
    pub fn n(&self, id: &str, n: i64) -> String {
        tr(self.lang, id, &[("n", FluentValue::from(n))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{choose, keys};

    #[test]
    fn every_message_exists_in_every_language() {
        assert_eq!(PAGES.missing(), Vec::<(&str, String)>::new());
        let n = keys(PAGES.sources()[0].1).len();
        assert!(n > 50, "only {n} messages");
    }

    #[test]
    fn every_file_parses_without_errors_and_writes_each_message_once() {
        assert_eq!(PAGES.parse_errors(), Vec::<(&str, String)>::new());
    }

    #[test]
    fn every_message_formats_without_errors() {
        let args = [
            "n", "name", "power", "powers", "year", "season", "kind", "when", "from", "to",
            "count", "title", "phase", "players", "seats", "zone", "left", "unit", "target",
        ];
        assert_eq!(PAGES.format_errors(&args), Vec::<String>::new());
    }

    #[test]
    fn the_language_comes_from_the_cookie_then_the_browser() {
        assert_eq!(choose(Some("fr"), Some("cs")), "fr");
        assert_eq!(choose(Some("xx"), Some("cs-CZ,cs;q=0.9")), "cs");
        assert_eq!(choose(None, Some("de-DE,ru;q=0.8,fr;q=0.9")), "fr");
        assert_eq!(choose(None, Some("de")), "en");
        assert_eq!(choose(None, None), "en");
        assert_eq!(choose(None, Some("ru;q=0,en;q=0.5")), "en");
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_its_id() {
        assert_eq!(tr("cs", "no-such-message", &[]), "no-such-message");
        assert_eq!(Tr { lang: "ru" }.t("lang-name"), "Русский");
    }
}
