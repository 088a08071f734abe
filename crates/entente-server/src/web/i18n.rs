//! The pages' words in Czech, French, Russian and English: Project Fluent messages
//! (`locales/LANG.ftl`, compiled into the binary), the reader's language chosen from the
//! `entente_lang` cookie, else the browser's `Accept-Language`, else English.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The languages of the pages, English first (the fallback).
pub const LANGS: [&str; 4] = ["en", "cs", "fr", "ru"];

/// Each language's messages, as written.
pub const SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("../../locales/en.ftl")),
    ("cs", include_str!("../../locales/cs.ftl")),
    ("fr", include_str!("../../locales/fr.ftl")),
    ("ru", include_str!("../../locales/ru.ftl")),
];

/// The cookie the chosen language is remembered in.
pub const LANG_COOKIE: &str = "entente_lang";

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static HashMap<&'static str, Bundle> {
    static B: OnceLock<HashMap<&'static str, Bundle>> = OnceLock::new();
    B.get_or_init(|| {
        SOURCES
            .iter()
            .map(|&(lang, text)| {
                let id: unic_langid::LanguageIdentifier = lang.parse().unwrap_or_default();
                let mut b = FluentBundle::new_concurrent(vec![id]);
                // No Unicode isolation marks around arguments: the pages are plain HTML.
                b.set_use_isolating(false);
                let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
                let _ = b.add_resource(res);
                (lang, b)
            })
            .collect()
    })
}

/// The message ids of a language's file, in order: each line that begins with an
/// identifier and `=` (Fluent's messages; terms begin with `-`, attributes with `.`).
pub fn keys(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let (id, _) = l.split_once('=')?;
            let id = id.trim_end();
            let ok = id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            ok.then(|| id.to_string())
        })
        .collect()
}

/// A supported language code for `lang`, if it is one.
pub fn supported(lang: &str) -> Option<&'static str> {
    let primary = lang.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    LANGS.iter().copied().find(|l| *l == primary)
}

/// The reader's language: the cookie's, else the first supported one of
/// `Accept-Language` (by its q-values), else English.
pub fn choose(cookie: Option<&str>, accept: Option<&str>) -> &'static str {
    if let Some(l) = cookie.and_then(supported) {
        return l;
    }
    let mut ranked: Vec<(f32, usize, &'static str)> = accept
        .unwrap_or("")
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut it = part.split(';');
            let lang = supported(it.next()?)?;
            let q = it
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (q > 0.0).then_some((q, i, lang))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map_or("en", |r| r.2)
}

/// A message with arguments in `lang` (falling back to English, then to the id itself).
pub fn tr(lang: &str, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let b = bundles();
    for l in [lang, "en"] {
        let Some(bundle) = b.get(l) else { continue };
        let Some(msg) = bundle.get_message(id) else {
            continue;
        };
        let Some(pattern) = msg.value() else { continue };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, (!args.is_empty()).then_some(&fa), &mut errors);
        return out.into_owned();
    }
    id.to_string()
}

/// The words of one request's language.
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
    use std::collections::BTreeSet;

    #[test]
    fn every_message_exists_in_every_language() {
        let all: Vec<(&str, BTreeSet<String>)> = SOURCES
            .iter()
            .map(|&(l, text)| (l, keys(text).into_iter().collect()))
            .collect();
        let union: BTreeSet<String> = all.iter().flat_map(|(_, k)| k.iter().cloned()).collect();
        let mut missing = Vec::new();
        for (l, k) in &all {
            for id in union.difference(k) {
                missing.push(format!("{l}: {id}"));
            }
        }
        assert!(missing.is_empty(), "messages missing: {missing:?}");
        assert!(union.len() > 50, "only {} messages", union.len());
    }

    #[test]
    fn every_file_parses_without_errors() {
        for (l, text) in SOURCES {
            if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
                panic!("{l}.ftl: {errors:?}");
            }
        }
    }

    #[test]
    fn no_message_is_written_twice() {
        for (l, text) in SOURCES {
            let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            let mut b = FluentBundle::new_concurrent(vec![l.parse().unwrap()]);
            if let Err(errors) = b.add_resource(res) {
                panic!("{l}.ftl: {errors:?}");
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors() {
        let b = bundles();
        for (l, text) in SOURCES {
            for id in keys(text) {
                let bundle = &b[l];
                let msg = bundle.get_message(&id).expect("the message");
                let pattern = msg.value().expect("a value");
                let mut args = FluentArgs::new();
                for k in [
                    "n", "name", "power", "year", "season", "kind", "when", "from", "to", "count",
                    "title", "phase", "players", "seats", "zone", "left", "unit", "target",
                ] {
                    args.set(k, FluentValue::from(1));
                }
                let mut errors = Vec::new();
                bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{l}: {id}: {errors:?}");
            }
        }
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
