//! Languages are data: a fifth language, German, from a folder of Fluent files in a test
//! fixture (`tests/fixtures/locales/de/`), named by `ENTENTE_LOCALES` at run time — no Rust
//! file names it. Every kind of words reads it; what it does not translate falls back to
//! English, and the catalogs say what is left to translate.

use entente_i18n::{
    choose, errors::ERRORS, judge::JUDGE, languages, mail::MAIL, pages::PAGES, reasons::REASONS,
    supported, LANGUAGES, LOCALES_VAR,
};

#[test]
fn a_fifth_language_is_a_folder_of_fluent_files() {
    // The one test of this process: the languages are read once, at first use.
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/locales");
    std::env::set_var(LOCALES_VAR, fixture);

    assert_eq!(languages(), ["en", "cs", "fr", "ru", "de"]);
    assert!(LANGUAGES.contains(&"de"));
    assert_eq!(LANGUAGES.into_iter().count(), 5);
    assert_eq!(supported("de-AT"), Some("de"));
    assert_eq!(choose(None, Some("de-DE,de;q=0.9,en;q=0.5")), "de");
    assert_eq!(choose(Some("de"), Some("fr")), "de");

    // Each kind of words, in German where the folder says it.
    assert_eq!(PAGES.tr("de", "lang-name", &[]), "Deutsch");
    assert_eq!(
        ERRORS.text("de", "err-not-your-power", &[("power", "Frankreich")]),
        "Sie spielen nicht Frankreich"
    );
    assert_eq!(
        MAIL.text(
            "de",
            "mail-signed-on",
            &[("power", "England"), ("game", "g1")]
        ),
        "angemeldet als England im Spiel g1."
    );
    assert_eq!(
        JUDGE.text("de", "order-hold", &[("unit", "A Berlin")]),
        "A Berlin HÄLT"
    );
    assert_eq!(
        REASONS.text("de", "parse-at", &[("position", "3"), ("reason", "x")]),
        "an Stelle 3: x"
    );

    // Not translated yet: English, not the id.
    assert_eq!(
        ERRORS.text("de", "err-title", &[]),
        ERRORS.text("en", "err-title", &[])
    );
    // The four languages compiled in are whole; the fixture's gaps are listed, for the
    // club to translate, and German's own messages all parse and format.
    let missing = PAGES.missing();
    assert!(missing.iter().all(|(l, _)| *l == "de"), "{missing:?}");
    assert!(
        missing.len() > 300,
        "{} pages' messages left",
        missing.len()
    );
    assert!(!missing.iter().any(|(_, id)| id == "lang-name"));
    assert_eq!(PAGES.parse_errors(), Vec::<(&str, String)>::new());
    assert_eq!(ERRORS.parse_errors(), Vec::<(&str, String)>::new());
    // The other languages are unchanged.
    assert_eq!(PAGES.tr("cs", "lang-name", &[]), "Čeština");
}
