//! The migrations: one source for both databases (`migrations/`, SQLite's dialect, with
//! PostgreSQL's text derived where the dialects must differ), the checksums every released
//! migration must keep (a database refuses to open when a migration it ran has changed), and
//! the upgrade: a database made by the previous release's migrations, with a game in play,
//! opens under this release and plays on — on SQLite and on PostgreSQL.

use entente_service::auth::{self, Caller, Peer};
use entente_service::gm::{self, GmAct};
use entente_service::migrations::{migrator_upto, postgres_text, texts, DIALECT, SOURCES};
use entente_service::{games, Backend, Db};
use sha2::{Digest, Sha384};
use std::process::Command;

/// SHA-384 of each released migration's SQLite text (sqlx's checksum), as first released.
const SQLITE_RELEASED: &[(&str, &str)] = &[
    ("0001_init.sql", "d35763caf8a09b5b65e735c3c148ca2e6852418b1c8281a129bd51736817f7d0fa3dbfb2583c06f06bd58f859e456d9f"),
    ("0002_account_prefs.sql", "6bae8f5bb0eec6c8ed06c12c5d2de353149f5ae5b88bbe50d2a1562a2dce098df3f1bca384e8cb27c9feefbb449ab01d"),
    ("0003_mail.sql", "287f3f1a75ede106812ff71354ef6050d17065a8c33dffb658466ecb2fae15025ab3522fce4740eabbac7f8feb412a23"),
    ("0004_bots.sql", "584b2fb80630b4f58bc3a154dda058237c3295c8bb634f071b6f6411895734627eec911b299bc06cc18fdde61e9584f4"),
    ("0005_club.sql", "fb1ee18eb0287037c21100ca887f914c9c81cd2f021d47825650c69d1d73c1a3d41b1a8416b13d6bfcb27ccbafe4e6ad"),
    ("0006_club_rules.sql", "98bb5b53a0f44a1c8f3cba61df944386fdd0486f4bd742347e5943664d1241a55c78d35df5cd5009e7123e197008510d"),
    ("0007_accounts_security.sql", "488c3bd99d9235dec9193677a1867bf3419fd071c503e9b83eedad9278cc7c21a77aef53d0f7d61aa7077ceb4548044e"),
    ("0008_mail_exactly_once.sql", "4295d33075c4da895b45bf8fd75e427894aa7a9b5361b0312b3db6e46c5e2731785603c1091a663ac5a63399c436032c"),
    ("0009_press_numbers.sql", "46c80c4fdf739d00d710dbc0c4f00b85cb72a097b863ea61031757aa7970febaaf59dfcf0bac8dda01209019f9675281"),
];

/// SHA-384 of each released migration's PostgreSQL text, as first released (when they were a
/// folder of their own).
const POSTGRES_RELEASED: &[(&str, &str)] = &[
    ("0001_init.sql", "d01d57e6b0a0e84e8fb5cdaa31f3510c67273f0360a39f25e9952f8c8ce590bc386f55a7c7c249e8f14ad4857da663ee"),
    ("0002_account_prefs.sql", "6bae8f5bb0eec6c8ed06c12c5d2de353149f5ae5b88bbe50d2a1562a2dce098df3f1bca384e8cb27c9feefbb449ab01d"),
    ("0003_mail.sql", "2b2f4bd25bc51e6e4029e35cc04a09dba0597baf33ee8f828b06c4b1a0df10245ffb30ef3b2c23ec553826ddefcb5041"),
    ("0004_bots.sql", "584b2fb80630b4f58bc3a154dda058237c3295c8bb634f071b6f6411895734627eec911b299bc06cc18fdde61e9584f4"),
    ("0005_club.sql", "fb1ee18eb0287037c21100ca887f914c9c81cd2f021d47825650c69d1d73c1a3d41b1a8416b13d6bfcb27ccbafe4e6ad"),
    ("0006_club_rules.sql", "d7e2abcee7d9a32fff0e0d4942b6c4c0353b5d95c269ef8d934022432540c89515d79677fbffb63ffba48bef9132da5c"),
    ("0007_accounts_security.sql", "779de14b9e59254c2d167d26118c5a3ca4118d1c35459b539a4517a70bda547b9d92fff7a7558a721372dc0da007c12a"),
    ("0008_mail_exactly_once.sql", "4295d33075c4da895b45bf8fd75e427894aa7a9b5361b0312b3db6e46c5e2731785603c1091a663ac5a63399c436032c"),
    ("0009_press_numbers.sql", "46c80c4fdf739d00d710dbc0c4f00b85cb72a097b863ea61031757aa7970febaaf59dfcf0bac8dda01209019f9675281"),
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn check_released(backend: Backend, released: &[(&str, &str)]) {
    let now = texts(backend);
    for (i, (file, sum)) in released.iter().enumerate() {
        let (version, description, sql) = now
            .get(i)
            .unwrap_or_else(|| panic!("{file}: a released migration is gone"));
        let (v, d) = file.trim_end_matches(".sql").split_once('_').unwrap();
        assert_eq!(*version, v.parse::<i64>().unwrap(), "{file}");
        assert_eq!(*description, d.replace('_', " "), "{file}");
        assert_eq!(
            hex(&Sha384::digest(sql.as_bytes())),
            *sum,
            "{backend:?} {file}: a released migration's text changed; a database that ran it \
             will not open. Write a new migration instead."
        );
    }
}

#[test]
fn every_released_migration_keeps_its_sqlite_checksum() {
    check_released(Backend::Sqlite, SQLITE_RELEASED);
}

#[test]
fn every_released_migration_keeps_its_postgresql_checksum() {
    check_released(Backend::Postgres, POSTGRES_RELEASED);
}

#[test]
fn postgresql_differs_from_the_one_source_only_in_the_dialect_s_lines() {
    assert!(SOURCES.len() >= 9, "{} migrations", SOURCES.len());
    let mut changed = 0;
    for (_, name, sql) in SOURCES {
        let pg = postgres_text(sql);
        assert_eq!(sql.lines().count(), pg.lines().count(), "{name}");
        for (a, b) in sql.lines().zip(pg.lines()) {
            if a != b {
                changed += 1;
                assert!(
                    DIALECT
                        .iter()
                        .any(|(s, p)| s == &a.trim() && p == &b.trim()),
                    "{name}: {a} / {b}"
                );
                assert_eq!(
                    a.len() - a.trim_start().len(),
                    b.len() - b.trim_start().len(),
                    "{name}: the indentation is kept"
                );
            }
        }
        assert_eq!(pg.ends_with('\n'), sql.ends_with('\n'), "{name}");
    }
    assert!(changed >= 10, "{changed} lines of the dialect");
    // A key auto-numbered in SQLite's words never reaches PostgreSQL.
    for (_, name, sql) in SOURCES {
        assert!(!postgres_text(sql).contains("AUTOINCREMENT"), "{name}");
    }
}

/// The databases the upgrade is tried on: an SQLite file, and a fresh PostgreSQL database
/// on `ENTENTE_TEST_POSTGRES` (required when `ENTENTE_REQUIRE_POSTGRES=1`, as in CI).
fn databases(name: &str) -> Vec<(Backend, String)> {
    let dir = std::env::temp_dir().join(format!("entente-upgrade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.db"));
    let _ = std::fs::remove_file(&file);
    let mut out = vec![(Backend::Sqlite, format!("sqlite:{}", file.display()))];
    match std::env::var("ENTENTE_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            let db = format!("t_{name}_{}", std::process::id());
            for sql in [
                format!("DROP DATABASE IF EXISTS {db}"),
                format!("CREATE DATABASE {db}"),
            ] {
                let done = Command::new("psql")
                    .args([admin.as_str(), "-v", "ON_ERROR_STOP=1", "-q", "-c", &sql])
                    .output()
                    .expect("run psql");
                assert!(
                    done.status.success(),
                    "{sql}: {}",
                    String::from_utf8_lossy(&done.stderr)
                );
            }
            let (base, _) = admin.rsplit_once('/').expect("a database URL");
            out.push((Backend::Postgres, format!("{base}/{db}")));
        }
        _ => assert!(
            std::env::var("ENTENTE_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "ENTENTE_REQUIRE_POSTGRES=1 but ENTENTE_TEST_POSTGRES is not set"
        ),
    }
    out
}

const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];
const PASSWORD: &str = "an old release's password";

/// What the previous release left: its schema (every migration but the newest), accounts
/// signed up with it, and a standard game in Spring 1901 with its seven players, written in
/// the columns that schema has.
async fn previous_release(backend: Backend, url: &str) {
    sqlx::any::install_default_drivers();
    let url = match backend {
        Backend::Sqlite => format!("{}?mode=rwc", url.replace("sqlite:", "sqlite://")),
        Backend::Postgres => url.to_string(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let newest = SOURCES.last().unwrap().0;
    migrator_upto(backend, Some(newest - 1))
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    let hash = auth::hash_password(PASSWORD).unwrap();
    let names: Vec<String> = std::iter::once("gm".to_string())
        .chain(POWERS.iter().map(|p| p.to_lowercase()))
        .collect();
    for (i, name) in names.iter().enumerate() {
        sqlx::query("INSERT INTO accounts (id, name, email, password_hash, created_at) VALUES ($1, $2, $3, $4, 1764000000000)")
            .bind(i as i64 + 1)
            .bind(name)
            .bind(format!("{name}@example.org"))
            .bind(&hash)
            .execute(&pool)
            .await
            .unwrap();
    }
    if backend == Backend::Postgres {
        // As the previous release's own sign-ups would have left it.
        sqlx::query("SELECT setval(pg_get_serial_sequence('accounts', 'id'), 8)")
            .execute(&pool)
            .await
            .unwrap();
    }
    let variant = entente_map::Variant::builtin("standard").unwrap();
    let players: Vec<entente_host::Player> = POWERS
        .iter()
        .map(|p| entente_host::Player {
            name: p.to_lowercase(),
            powers: vec![variant.map.lookup_power(p).unwrap()],
        })
        .collect();
    let s = entente_host::Session::new(entente_host::SessionConfig {
        variant,
        rules: entente_judge::Rulebook::default_game(),
        setup: entente_game::Setup::Seven,
        players,
        first_year: None,
        options: entente_host::GameOptions::default(),
        seed: 7,
        assignment: entente_host::Assignment::Given,
    })
    .unwrap();
    let options = serde_json::json!({"title": "from the previous release"}).to_string();
    sqlx::query("INSERT INTO games (id, title, status, options, record, phase, version, created_by, created_at) VALUES ('g1', 'from the previous release', 'active', $1, $2, 'S1901M', 1, 1, 1764000000000)")
        .bind(options)
        .bind(entente_record::record::SessionRecord::to_json(&s))
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO members (game_id, account_id, role, joined_at) VALUES ('g1', 1, 'gm', 1764000000000)")
        .execute(&pool)
        .await
        .unwrap();
    for (i, p) in POWERS.iter().enumerate() {
        sqlx::query("INSERT INTO members (game_id, account_id, role, powers, joined_at) VALUES ('g1', $1, 'player', $2, 1764000000000)")
            .bind(i as i64 + 2)
            .bind(*p)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_previous_release_opens_and_plays_on() {
    for (backend, url) in databases("upgrade") {
        previous_release(backend, &url).await;
        // This release opens it: the newest migration runs over the old rows.
        let db = Db::open(&url)
            .await
            .unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        let peer = Peer("192.0.2.1".into());
        let england = auth::check_password(&db, "england", PASSWORD, &peer)
            .await
            .unwrap_or_else(|e| panic!("{backend:?}: the old account signs in: {e}"));
        let sheet = games::submit(
            &db,
            &england,
            "g1",
            "England",
            "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
        )
        .await
        .unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        assert_eq!(sheet.lines.len(), 3, "{backend:?}");
        let gm = Caller {
            id: 1,
            name: "gm".into(),
        };
        gm::act(&db, &gm, "g1", GmAct::Adjudicate { force: true })
            .await
            .unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        let (_, _, _, s) = games::read_game(&db, Some(gm.clone()), "g1").await.unwrap();
        let s = s.expect("the game's session");
        assert_eq!(s.game().phase().code(), "F1901M", "{backend:?}");
        let record = games::record_for(&s, true).unwrap();
        assert!(record.contains("Nth"), "{backend:?}: {record}");
        // A new account after the old ones: the numbering goes on.
        let newcomer = auth::sign_up(
            &db,
            "newcomer",
            "new@example.org",
            "a newcomer's password",
            &peer,
            0,
        )
        .await
        .unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        assert_eq!(newcomer.id, 9, "{backend:?}");
    }
}
