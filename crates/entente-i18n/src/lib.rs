//! The words every front end shares (the web pages, the mail gateway), in Czech, French,
//! Russian and English, as Project Fluent files compiled into the binary: a club adds or
//! corrects a language by editing `.ftl` files, not Rust.
//!
//! - [`Catalog`]: a set of `.ftl` sources, one per language, with English as the fallback;
//!   each front end keeps its own words in one ([`REASONS`] is this crate's).
//! - [`choose`]: the reader's language from a remembered choice and `Accept-Language`.
//! - [`reasons`]: why a line is not an order and why an order will not be carried out,
//!   from the typed reasons of `entente-orders` and `entente-host`.

pub mod errors;
pub mod judge;
pub mod mail;
pub mod pages;
pub mod reasons;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::HashMap;
use std::sync::OnceLock;

pub use fluent_bundle::FluentValue as Value;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The environment variable naming a folder of further languages, read at run time: each
/// folder in it is one language (`de/pages.ftl`, `de/mail.ftl`, ...), as in `locales/`. A
/// language there that is also compiled in replaces it.
pub const LOCALES_VAR: &str = "ENTENTE_LOCALES";

/// One language: its code and its Fluent files by kind of words.
struct Language {
    code: &'static str,
    files: Vec<(&'static str, &'static str)>,
}

/// Every language: those compiled in (`locales/`), then those of [`LOCALES_VAR`].
fn registry() -> &'static [Language] {
    static REGISTRY: OnceLock<Vec<Language>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut langs: Vec<Language> = BUILT_IN
            .iter()
            .map(|(code, files)| Language {
                code,
                files: files.to_vec(),
            })
            .collect();
        if let Some(dir) = std::env::var_os(LOCALES_VAR).filter(|d| !d.is_empty()) {
            for lang in read_languages(std::path::Path::new(&dir)) {
                match langs.iter_mut().find(|l| l.code == lang.code) {
                    Some(l) => *l = lang,
                    None => langs.push(lang),
                }
            }
        }
        langs
    })
}

/// The languages of a folder of language folders (read once, kept for the process's life).
fn read_languages(dir: &std::path::Path) -> Vec<Language> {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("{LOCALES_VAR}={}: not a folder of languages", dir.display());
        return Vec::new();
    };
    let mut dirs: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|d| {
            let code = d.file_name()?.to_str()?.to_ascii_lowercase();
            let mut files: Vec<_> = std::fs::read_dir(&d)
                .ok()?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
                .collect();
            files.sort();
            let files = files
                .into_iter()
                .filter_map(|f| {
                    let kind = f.file_stem()?.to_str()?.to_string();
                    let text = std::fs::read_to_string(&f).ok()?;
                    Some((leak(kind), leak(text)))
                })
                .collect();
            Some(Language {
                code: leak(code),
                files,
            })
        })
        .collect()
}

/// The codes of every language, English first (the fallback): the folders of `locales/`
/// and of [`LOCALES_VAR`].
pub fn languages() -> &'static [&'static str] {
    static CODES: OnceLock<Vec<&'static str>> = OnceLock::new();
    CODES.get_or_init(|| registry().iter().map(|l| l.code).collect())
}

/// The languages of every front end, English first (the fallback): [`languages`], as a
/// constant that reads like a list (`LANGUAGES.contains(&l)`, `for l in LANGUAGES`).
#[derive(Clone, Copy, Debug)]
pub struct Languages;

/// Every language ([`languages`]).
pub const LANGUAGES: Languages = Languages;

impl std::ops::Deref for Languages {
    type Target = [&'static str];
    fn deref(&self) -> &[&'static str] {
        languages()
    }
}

impl IntoIterator for Languages {
    type Item = &'static str;
    type IntoIter = std::iter::Copied<std::slice::Iter<'static, &'static str>>;
    fn into_iter(self) -> Self::IntoIter {
        languages().iter().copied()
    }
}

type Bundle = FluentBundle<FluentResource>;

/// One kind of words (`pages`, `mail`, ...) in each language, from each language's Fluent
/// file of that kind, parsed on first use; a language without the file, or without a
/// message, falls back to English.
pub struct Catalog {
    kind: &'static str,
    sources: OnceLock<Vec<(&'static str, &'static str)>>,
    bundles: OnceLock<HashMap<&'static str, Bundle>>,
}

impl Catalog {
    /// The words of `kind`: each language's `KIND.ftl`.
    pub const fn new(kind: &'static str) -> Catalog {
        Catalog {
            kind,
            sources: OnceLock::new(),
            bundles: OnceLock::new(),
        }
    }

    /// The sources as written, per language: `(language, text)`, English first.
    pub fn sources(&self) -> &[(&'static str, &'static str)] {
        self.sources.get_or_init(|| {
            registry()
                .iter()
                .filter_map(|l| {
                    l.files
                        .iter()
                        .find(|(k, _)| *k == self.kind)
                        .map(|(_, text)| (l.code, *text))
                })
                .collect()
        })
    }

    fn bundles(&self) -> &HashMap<&'static str, Bundle> {
        self.bundles.get_or_init(|| {
            self.sources()
                .iter()
                .map(|&(lang, text)| {
                    let id: unic_langid::LanguageIdentifier = lang.parse().unwrap_or_default();
                    let mut b = FluentBundle::new_concurrent(vec![id]);
                    // No Unicode isolation marks around arguments: pages and mail are plain.
                    b.set_use_isolating(false);
                    let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
                    let _ = b.add_resource(res);
                    (lang, b)
                })
                .collect()
        })
    }

    /// Message `id` with arguments in `lang`, falling back to English, then to the id.
    pub fn tr(&self, lang: &str, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let b = self.bundles();
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
            let out =
                bundle.format_pattern(pattern, (!args.is_empty()).then_some(&fa), &mut errors);
            return out.into_owned();
        }
        id.to_string()
    }

    /// Message `id` in `lang` with string arguments.
    pub fn text(&self, lang: &str, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = args
            .iter()
            .map(|(k, v)| (*k, FluentValue::from(*v)))
            .collect();
        self.tr(lang, id, &args)
    }

    /// Whether `lang` has message `id` (without falling back).
    pub fn has(&self, lang: &str, id: &str) -> bool {
        self.bundles()
            .get(lang)
            .is_some_and(|b| b.get_message(id).is_some())
    }

    /// Every message id of a language's source, in order, and the ids that some language
    /// lacks: `(language, id)` pairs (empty when every language has every message).
    pub fn missing(&self) -> Vec<(&'static str, String)> {
        let mut all: Vec<String> = Vec::new();
        for (_, text) in self.sources() {
            for k in keys(text) {
                if !all.contains(&k) {
                    all.push(k);
                }
            }
        }
        let mut out = Vec::new();
        for (lang, text) in self.sources() {
            let mine = keys(text);
            for k in &all {
                if !mine.contains(k) {
                    out.push((*lang, k.clone()));
                }
            }
        }
        out
    }

    /// Every message of every language formatted with each of `arg_names` set to 1: the
    /// messages that fail (`language: id: errors`), such as a variable left unset.
    pub fn format_errors(&self, arg_names: &[&str]) -> Vec<String> {
        let b = self.bundles();
        let mut out = Vec::new();
        for (lang, text) in self.sources() {
            let Some(bundle) = b.get(lang) else { continue };
            for id in keys(text) {
                let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                    out.push(format!("{lang}: {id}: no value"));
                    continue;
                };
                let mut args = FluentArgs::new();
                for k in arg_names {
                    args.set(*k, FluentValue::from(1));
                }
                let mut errors = Vec::new();
                bundle.format_pattern(pattern, Some(&args), &mut errors);
                if !errors.is_empty() {
                    out.push(format!("{lang}: {id}: {errors:?}"));
                }
            }
        }
        out
    }

    /// Sources that Fluent cannot read or that write a message twice, with the errors.
    pub fn parse_errors(&self) -> Vec<(&'static str, String)> {
        self.sources()
            .iter()
            .filter_map(|(lang, text)| {
                let res = match FluentResource::try_new(text.to_string()) {
                    Ok(r) => r,
                    Err((_, e)) => return Some((*lang, format!("{e:?}"))),
                };
                let mut b = FluentBundle::new_concurrent(vec![lang.parse().ok()?]);
                b.add_resource(res).err().map(|e| (*lang, format!("{e:?}")))
            })
            .collect()
    }
}

/// The message ids of a Fluent source, in order: each line that begins with an identifier
/// and `=` (Fluent's messages; terms begin with `-`, attributes with `.`).
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

/// A supported language code for `lang` (`cs-CZ` → `cs`), if it is one.
pub fn supported(lang: &str) -> Option<&'static str> {
    let primary = lang.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    LANGUAGES.iter().copied().find(|l| *l == primary)
}

/// The reader's language: the remembered choice (the account's, a cookie's), else the first
/// supported one of `Accept-Language` (by its q-values), else English.
pub fn choose(chosen: Option<&str>, accept: Option<&str>) -> &'static str {
    if let Some(l) = chosen.and_then(supported) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_comes_from_the_choice_then_the_browser() {
        assert_eq!(choose(Some("cs"), Some("fr")), "cs");
        assert_eq!(choose(Some("de"), Some("de, fr;q=0.5, ru;q=0.8")), "ru");
        assert_eq!(choose(None, Some("cs-CZ,cs;q=0.9")), "cs");
        assert_eq!(choose(None, Some("de")), "en");
        assert_eq!(choose(None, None), "en");
        assert_eq!(choose(None, Some("fr;q=0, ru")), "ru");
    }

    #[test]
    fn keys_are_the_messages_not_terms_or_attributes() {
        let k = keys("# c\nhello = Hi\n-term = T\n    .attr = x\nbye-now = { hello }\n");
        assert_eq!(k, ["hello", "bye-now"]);
    }
}
