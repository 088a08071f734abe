//! The JSON-file store: every change a locked, atomic load–change–save. Hammered from many
//! threads at once, written through symlinks, over a stale temporary file, with the record's
//! permissions kept.

use entente_host::{Recipients, Session, SessionConfig};
use entente_map::Variant;
use entente_record::record::SessionRecord;
use entente_store::{ErrorKind, FileStore, GameStore};
use std::path::PathBuf;
use std::sync::Arc;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("entente-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn new_game() -> Session {
    let v = Variant::builtin("standard").unwrap();
    Session::new(SessionConfig::named_after_powers(
        v,
        entente_judge::Rulebook::default_game(),
    ))
    .unwrap()
}

#[test]
fn create_refuses_an_existing_game() {
    let store = FileStore::new(scratch("create"));
    store.create("g.json", &new_game()).unwrap();
    let err = store.create("g.json", &new_game()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Conflict, "{err}");
    assert_eq!(store.list().unwrap(), vec!["g.json".to_string()]);
    assert_eq!(
        store.load("missing.json").err().map(|e| e.kind),
        Some(ErrorKind::NotFound)
    );
}

/// 8 threads × 25 messages, and 8 threads × 25 sheets, all on one game at once: every
/// message and the last sheet of every power are there, numbered without gaps.
#[test]
fn concurrent_writers_lose_no_update() {
    let dir = scratch("concurrent");
    let store = Arc::new(FileStore::new(&dir));
    store.create("g.json", &new_game()).unwrap();
    let powers = [
        "England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey",
    ];
    let mut handles = Vec::new();
    for t in 0..8 {
        let press_store = store.clone();
        handles.push(std::thread::spawn(move || {
            for i in 0..25 {
                press_store
                    .update("g.json", |s| {
                        let from = s.map().lookup_power(powers[t % 7]).unwrap();
                        s.send_press(from, Recipients::All, &format!("t{t} m{i}"))?;
                        Ok(())
                    })
                    .unwrap();
            }
        }));
        let sheet_store = store.clone();
        handles.push(std::thread::spawn(move || {
            for i in 0..25 {
                sheet_store
                    .update("g.json", |s| {
                        let p = s.map().lookup_power(powers[t % 7]).unwrap();
                        let sheet = if i % 2 == 0 {
                            "A Par H\n"
                        } else {
                            "F Lon H\nA Lvp H\n"
                        };
                        s.submit(p, sheet)?;
                        Ok(())
                    })
                    .unwrap();
            }
        }));
    }
    for h in handles {
        h.join().unwrap();
    }
    let s = store.load("g.json").unwrap();
    assert_eq!(s.press().len(), 200, "no message lost");
    for (i, m) in s.press().iter().enumerate() {
        assert_eq!(m.seq, i + 1);
    }
    for t in 0..8 {
        for i in 0..25 {
            let text = format!("t{t} m{i}");
            assert_eq!(
                s.press().iter().filter(|m| m.text == text).count(),
                1,
                "{text} stored once"
            );
        }
    }
    assert_eq!(s.pending().len(), 7, "every power's sheet is there");
    // Nothing left behind but the record and its lock.
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, vec![".g.json.lock".to_string(), "g.json".to_string()]);
}

#[test]
fn a_failed_change_stores_nothing() {
    let store = FileStore::new(scratch("failed"));
    store.create("g.json", &new_game()).unwrap();
    let before = std::fs::read_to_string(store.path("g.json")).unwrap();
    let err = store
        .update("g.json", |s| {
            let p = s.map().lookup_power("France").unwrap();
            s.submit(p, "A Par - Bur\n")?;
            s.send_press(p, Recipients::All, "  ")?; // empty: refused
            Ok(())
        })
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Invalid, "{err}");
    assert_eq!(
        std::fs::read_to_string(store.path("g.json")).unwrap(),
        before
    );
}

#[cfg(unix)]
#[test]
fn a_symlinked_record_stays_a_link_and_keeps_its_permissions() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = scratch("symlink");
    let store = FileStore::new(&dir);
    std::fs::create_dir_all(dir.join("real")).unwrap();
    store.create("real/g.json", &new_game()).unwrap();
    std::fs::set_permissions(
        dir.join("real/g.json"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    symlink(dir.join("real/g.json"), dir.join("link.json")).unwrap();
    // A stale temporary file (a symlink to a file that must not be touched) is never used.
    std::fs::write(dir.join("victim.txt"), "keep me").unwrap();
    symlink(dir.join("victim.txt"), dir.join("link.json.tmp")).unwrap();
    store
        .update("link.json", |s| {
            let p = s.map().lookup_power("France").unwrap();
            s.submit(p, "A Par - Bur\n")?;
            Ok(())
        })
        .unwrap();
    let meta = std::fs::symlink_metadata(dir.join("link.json")).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    let real = store.load("real/g.json").unwrap();
    assert_eq!(
        real.pending().len(),
        1,
        "the change went to the link's target"
    );
    let mode = std::fs::metadata(dir.join("real/g.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "permissions kept");
    assert_eq!(
        std::fs::read_to_string(dir.join("victim.txt")).unwrap(),
        "keep me"
    );
    assert_eq!(real.to_json(), store.load("link.json").unwrap().to_json());
}
