//! The languages are data: each folder of `locales/` is one language (its code, `cs`, is the
//! folder's name) holding one Fluent file per kind of words (`pages.ftl`, `mail.ftl`,
//! `errors.ftl`, `judge.ftl`, `reasons.ftl`). This lists them for `src/lib.rs`, which
//! compiles them in; adding a language is adding a folder, and nothing else.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut langs: Vec<_> = std::fs::read_dir(&dir)
        .expect("the locales folder")
        .map(|e| e.expect("a language folder").path())
        .filter(|p| p.is_dir())
        .collect();
    // English first: every language falls back to it.
    langs.sort_by_key(|p| {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        (name != "en", name)
    });
    assert!(
        langs.first().is_some_and(|p| p.ends_with("en")),
        "locales/en is the fallback of every language"
    );
    let mut out = String::from(
        "/// Each language compiled in, English first: (code, [(kind of words, Fluent text)]).\n\
         pub(crate) static BUILT_IN: &[(&str, &[(&str, &str)])] = &[\n",
    );
    for lang in langs {
        println!("cargo:rerun-if-changed={}", lang.display());
        let code = lang.file_name().unwrap().to_string_lossy().into_owned();
        let mut files: Vec<_> = std::fs::read_dir(&lang)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
            .collect();
        files.sort();
        writeln!(out, "    ({code:?}, &[").unwrap();
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
            let kind = f.file_stem().unwrap().to_string_lossy().into_owned();
            writeln!(
                out,
                "        ({kind:?}, include_str!({:?})),",
                f.display().to_string()
            )
            .unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(dest, out).expect("writing the list of languages");
}
