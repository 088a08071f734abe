//! Several `entente serve` processes on one database (PostgreSQL, as a host that outgrew one
//! machine runs it; and one SQLite file in WAL mode) serve the same games: sheets sent
//! through any of them are all kept, and every phase is adjudicated exactly once although
//! every server's scheduler sees the deadlines pass.

mod common;
mod crash_support;
use common::scratch;
use common::server::*;
use crash_support::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Instant;

/// The phase after `phase` when every unit holds (no retreats, no adjustments).
fn next_movement(phase: &str) -> String {
    let year: i32 = phase[1..5].parse().unwrap();
    match &phase[..1] {
        "S" => format!("F{year}M"),
        _ => format!("S{}M", year + 1),
    }
}

/// A sheet the server accepted: game, power, marker.
type Acked = (String, String, String);

fn cluster(db: &str, tag: &str, n_servers: usize, games: usize) {
    let t0 = Instant::now();
    let servers: Vec<Server> = (0..n_servers).map(|_| Server::start(db)).collect();
    let gm = servers[0].account(&format!("{tag}gm"));
    // The players sign up through different servers.
    let players: Vec<Client> = (0..7)
        .map(|i| servers[i % n_servers].account(&format!("{tag}p{i}")))
        .collect();
    let mut ids = Vec::new();
    for i in 0..games {
        let id = to(&gm, &servers[i % n_servers]).ok(
            "/api/v1/games",
            json!({"title": format!("{tag} {i}"), "deadlines": {"kind": "manual"}}),
        )["id"]
            .as_str()
            .unwrap()
            .to_string();
        for (j, p) in players.iter().enumerate() {
            to(p, &servers[(i + j) % n_servers]).ok(
                &format!("/api/v1/games/{id}/join"),
                json!({"role": "player"}),
            );
        }
        ids.push(id);
    }
    eprintln!("{tag}: {games} games set up in {:?}", t0.elapsed());
    let probe = Probe::open(db);
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();

    // Every player sends sheets to every game, each through another server than the last.
    let threads: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(j, p)| {
            let p = p.clone();
            let ids = ids.clone();
            let bases = bases.clone();
            std::thread::spawn(move || {
                let agent = agent();
                let mut acked: Vec<Acked> = Vec::new();
                let mut k = j;
                for pass in 0..3 {
                    for id in &ids {
                        let mut c = p.clone();
                        c.base = bases[k % bases.len()].clone();
                        k += 1;
                        let g = c.read(&format!("/api/v1/games/{id}"));
                        let power = g["my_powers"][0].as_str().unwrap().to_string();
                        let marker = format!("marker {pass} {power} {k}");
                        let sheet = hold_sheet(&g, std::slice::from_ref(&power), &marker);
                        let (st, body) = try_post(
                            &agent,
                            &c,
                            &format!("/api/v1/games/{id}/orders"),
                            json!({"power": power, "orders": sheet}),
                        )
                        .unwrap_or_else(|e| panic!("sheet {marker} to {id}: {e}"));
                        assert_eq!(st, 200, "sheet {marker} to {id}: {body}");
                        assert_eq!(echoed_marker(&body).as_deref(), Some(marker.as_str()));
                        acked.push((id.clone(), power, marker));
                    }
                }
                (j, acked)
            })
        })
        .collect();
    let sent: Vec<(usize, Vec<Acked>)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    eprintln!("{tag}: sheets sent ({:?})", t0.elapsed());
    // Every game shows each power's last sheet, through every server; the sheet log has
    // each sheet once, in the order sent.
    for (j, acked) in &sent {
        let mut by_game: BTreeMap<&str, Vec<&Acked>> = BTreeMap::new();
        for a in acked {
            by_game.entry(a.0.as_str()).or_default().push(a);
        }
        for (id, sheets) in by_game {
            let (_, power, last) = sheets.last().unwrap();
            for s in &servers {
                let shown =
                    to(&players[*j], s).read(&format!("/api/v1/games/{id}/orders?power={power}"));
                assert_eq!(
                    echoed_marker(&shown).as_deref(),
                    Some(last.as_str()),
                    "{tag} {id} {power}"
                );
            }
            let logged: Vec<String> = probe
                .sheet_log(id)
                .into_iter()
                .filter(|(p, _, _)| p == power)
                .map(|(_, _, m)| m)
                .collect();
            let want: Vec<String> = sheets.iter().map(|(_, _, m)| m.clone()).collect();
            assert_eq!(logged, want, "{tag} {id}: {power}'s sheet log");
        }
    }

    // Every game's deadline passes at one moment, on every server's clock; twice.
    let mut phase = "S1901M".to_string();
    let mut want = Vec::new();
    for round in 0..2 {
        let at = jiff::Timestamp::now() + jiff::SignedDuration::from_millis(1000);
        for (i, id) in ids.iter().enumerate() {
            set_deadline(&to(&gm, &servers[i % n_servers]), id, at);
        }
        let next = next_movement(&phase);
        let advanced = || {
            probe
                .phases()
                .iter()
                .filter(|(g, p)| ids.contains(g) && *p == next)
                .count()
        };
        assert!(
            within(60, || advanced() == games),
            "{tag} round {round}: only {} of {games} games adjudicated",
            advanced()
        );
        // Let a late scheduler do its worst.
        std::thread::sleep(std::time::Duration::from_millis(300));
        want.push(phase.clone());
        for (i, id) in ids.iter().enumerate() {
            let c = to(&gm, &servers[(i + round) % n_servers]);
            let g = c.read(&format!("/api/v1/games/{id}"));
            assert_eq!(g["phase"], next.as_str(), "{tag} game {id}");
            assert_eq!(g["history_len"], round + 1, "{tag} game {id}: history");
            assert_eq!(
                adjudications(&c, id),
                want,
                "{tag} game {id}: adjudications logged"
            );
        }
        eprintln!(
            "{tag} round {round}: every game adjudicated once ({:?})",
            t0.elapsed()
        );
        phase = next;
    }
}

#[test]
fn three_servers_on_one_postgresql_adjudicate_each_phase_once_and_keep_every_sheet() {
    let Some(db) = fresh_postgres("cluster_pg") else {
        eprintln!(
            "SKIPPED: no PostgreSQL (set ENTENTE_TEST_POSTGRES to an admin URL such as \
             postgres://entente:entente@127.0.0.1:5432/postgres)"
        );
        return;
    };
    cluster(&db, "cp", 3, 12);
}

#[test]
fn two_servers_on_one_sqlite_file_adjudicate_each_phase_once_and_keep_every_sheet() {
    let dir = scratch("server_cluster", "sqlite");
    let db = format!("sqlite:{}", dir.join("cluster.db").display());
    cluster(&db, "cs", 2, 12);
}

/// On PostgreSQL a server claims a due game with `FOR UPDATE SKIP LOCKED`: a game another
/// server holds (here a psql session holds its row) is passed over, not waited for, so
/// the other due games go on being adjudicated. With one scheduler worker and the locked
/// game due first, a server that waited on the lock would adjudicate nothing.
#[test]
fn a_due_game_locked_by_another_server_is_skipped_not_waited_for() {
    let Some(db) = fresh_postgres("skip_locked") else {
        eprintln!("SKIPPED: no PostgreSQL (set ENTENTE_TEST_POSTGRES)");
        return;
    };
    let server = Server::start_with(&db, &["--workers", "1"]);
    let gm = server.account("skgm");
    let players: Vec<Client> = (0..7).map(|i| server.account(&format!("skp{i}"))).collect();
    let ids: Vec<String> = (0..2)
        .map(|i| {
            let id = gm.ok(
                "/api/v1/games",
                json!({"title": format!("skip {i}"), "deadlines": {"kind": "manual"}}),
            )["id"]
                .as_str()
                .unwrap()
                .to_string();
            for p in &players {
                p.ok(
                    &format!("/api/v1/games/{id}/join"),
                    json!({"role": "player"}),
                );
            }
            id
        })
        .collect();
    let (locked, free) = (&ids[0], &ids[1]);
    let now = jiff::Timestamp::now();
    set_deadline(&gm, locked, now + jiff::SignedDuration::from_millis(1500));
    set_deadline(&gm, free, now + jiff::SignedDuration::from_millis(2500));

    // Another "server" holds the first game's row, as one adjudicating it would.
    let mut psql = std::process::Command::new("psql")
        .args([db.as_str(), "-qtA", "-v", "ON_ERROR_STOP=1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("psql");
    let mut stdin = psql.stdin.take().unwrap();
    use std::io::{BufRead, Write};
    writeln!(
        stdin,
        "BEGIN; SELECT id FROM games WHERE id = '{locked}' FOR UPDATE;"
    )
    .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(psql.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line.trim(), locked, "psql holds the row");

    let probe = Probe::open(&db);
    let phase_of = |id: &str| {
        probe
            .phases()
            .into_iter()
            .find(|(g, _)| g == id)
            .map(|(_, p)| p)
            .unwrap()
    };
    assert!(
        within(20, || phase_of(free) == "F1901M"),
        "the free game was not adjudicated while the other was locked: {}",
        phase_of(free)
    );
    assert_eq!(phase_of(locked), "S1901M", "the locked game was changed");

    // The lock released, the skipped game is adjudicated at a later tick.
    writeln!(stdin, "COMMIT;").unwrap();
    drop(stdin);
    let _ = psql.wait();
    assert!(
        within(20, || phase_of(locked) == "F1901M"),
        "the game skipped while locked was never adjudicated: {}",
        phase_of(locked)
    );
}
