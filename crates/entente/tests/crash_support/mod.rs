//! Helpers of the crash and cluster tests: requests that may meet a dead server, a look
//! into the server's database (the sheet log, the phases), sheets that hold every unit, and
//! a small random source.
// Each test binary uses only part of this module.
#![allow(dead_code)]

use crate::common::server::{Client, Server};
use serde_json::{json, Value};
use sqlx::Row;
use std::time::{Duration, Instant};

/// A POST that may find the server gone: `Err` when no answer came (refused, reset, cut
/// off by a crash).
pub fn try_post(
    agent: &ureq::Agent,
    c: &Client,
    path: &str,
    body: Value,
) -> Result<(u16, Value), String> {
    let mut r = agent.post(&format!("{}{path}", c.base));
    if let Some(t) = &c.token {
        r = r.set("Authorization", &format!("Bearer {t}"));
    }
    let (st, resp) = match r.send_json(body) {
        Ok(resp) => (resp.status(), resp),
        Err(ureq::Error::Status(code, resp)) => (code, resp),
        Err(e) => return Err(e.to_string()),
    };
    // A crash may also cut the answer's body off: no answer then.
    let text = resp.into_string().map_err(|e| e.to_string())?;
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Ok((st, v))
}

pub fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .build()
}

/// The same client, talking to `server` (a restarted server listens on another port).
pub fn to(c: &Client, server: &Server) -> Client {
    let mut c = c.clone();
    c.base = server.base.clone();
    c
}

/// A sheet holding every unit of `powers` in `game` (as `GET /games/{id}` shows it), with
/// a last line `marker` (unreadable: echoed back as such, and kept with the sheet).
pub fn hold_sheet(game: &Value, powers: &[String], marker: &str) -> String {
    let mut out = String::new();
    for p in powers {
        for u in game["position"]["units"][p]
            .as_array()
            .into_iter()
            .flatten()
        {
            out.push_str(u.as_str().unwrap());
            out.push_str(" H\n");
        }
    }
    out.push_str(marker);
    out.push('\n');
    out
}

/// The marker line of a sheet (the line starting with `marker`).
pub fn marker_of(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with("marker"))
        .map(str::to_string)
}

/// The marker of the sheet the server echoes (`SheetOut`).
pub fn echoed_marker(sheet: &Value) -> Option<String> {
    sheet["lines"]
        .as_array()?
        .iter()
        .filter_map(|l| l["text"].as_str())
        .find_map(marker_of)
}

/// A direct look into a server's database.
pub struct Probe {
    rt: tokio::runtime::Runtime,
    pool: sqlx::AnyPool,
}

impl Probe {
    pub fn open(database: &str) -> Probe {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let db = rt
            .block_on(entente_service::Db::open(database))
            .expect("open the server's database");
        Probe { rt, pool: db.pool }
    }

    /// The rows of `sql` (every column cast to text by the query), `$1` bound to `arg`.
    pub fn rows(&self, sql: &str, arg: Option<&str>) -> Vec<Vec<Option<String>>> {
        self.rt.block_on(async {
            let mut q = sqlx::query(sql);
            if let Some(a) = arg {
                q = q.bind(a.to_string());
            }
            let rows = q.fetch_all(&self.pool).await.expect(sql);
            rows.iter()
                .map(|r| {
                    (0..r.len())
                        .map(|i| r.try_get::<Option<String>, _>(i).unwrap())
                        .collect()
                })
                .collect()
        })
    }

    /// The sheet log of a game: (power, phase, marker) in the order received.
    pub fn sheet_log(&self, game: &str) -> Vec<(String, String, String)> {
        self.rows(
            "SELECT power, phase, body FROM sheets WHERE game_id = $1 ORDER BY id",
            Some(game),
        )
        .into_iter()
        .map(|r| {
            let body = r[2].clone().unwrap();
            (
                r[0].clone().unwrap(),
                r[1].clone().unwrap(),
                marker_of(&body).unwrap_or_default(),
            )
        })
        .collect()
    }

    /// Each game's phase, as the games table has it.
    pub fn phases(&self) -> Vec<(String, String)> {
        self.rows("SELECT id, phase FROM games ORDER BY id", None)
            .into_iter()
            .map(|r| (r[0].clone().unwrap(), r[1].clone().unwrap_or_default()))
            .collect()
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        let pool = self.pool.clone();
        self.rt.block_on(pool.close());
    }
}

/// A small random source (xorshift), seeded from the clock; the seed is printed so a
/// failure can be replayed with `ENTENTE_TEST_SEED`.
pub struct Rng(u64);

impl Rng {
    pub fn new(what: &str) -> Rng {
        let seed = std::env::var("ENTENTE_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
            })
            | 1;
        eprintln!("{what}: seed {seed}");
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// In `lo..hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo).max(1)
    }
}

/// Sets the deadline of `game` to `at` (an instant).
pub fn set_deadline(gm: &Client, game: &str, at: jiff::Timestamp) {
    gm.ok(
        &format!("/api/v1/games/{game}/gm"),
        json!({"act": "deadline", "at": at.to_string()}),
    );
}

/// The game's log: the phases of its `adjudicated` events, in order.
pub fn adjudications(c: &Client, game: &str) -> Vec<String> {
    c.read(&format!("/api/v1/games/{game}/log"))
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["act"]["act"] == "adjudicated")
        .map(|e| e["phase"].as_str().unwrap().to_string())
        .collect()
}

/// Waits until `check` holds, for at most `secs` seconds; whether it did.
pub fn within(secs: u64, mut check: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        if check() {
            return true;
        }
        if Instant::now() > end {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
