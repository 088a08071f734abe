//! Helpers for the server tests: start `entente serve` on loopback (SQLite in a scratch
//! directory, or a fresh database on the PostgreSQL named by `ENTENTE_TEST_POSTGRES`), and a
//! small HTTP client that signs in with an API token.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The password of the tests' account `name` (made by [`Server::account`]): at least 12
/// characters, as the server asks.
pub fn password(name: &str) -> String {
    format!("password-of-{name}")
}

/// A running `entente serve`.
pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    pub database: String,
    /// The first line it printed (where it listens).
    pub first_line: String,
}

impl Server {
    /// Starts a server on `database` with a fast scheduler (ticks of 50 ms).
    pub fn start(database: &str) -> Server {
        Server::start_with(database, &[])
    }

    /// Tests make many accounts from one address: unless `extra` sets `--signup-limit`,
    /// sign-ups are not limited.
    pub fn start_with(database: &str, extra: &[&str]) -> Server {
        let mut args = vec![
            "serve",
            "--database",
            database,
            "--listen",
            "127.0.0.1:0",
            "--tick-ms",
            "50",
            "--poll-ms",
            "50",
        ];
        args.extend_from_slice(extra);
        if !extra.contains(&"--signup-limit") {
            args.extend_from_slice(&["--signup-limit", "0"]);
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_entente"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start entente serve");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the server's first line");
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("the server did not say where it listens: {line:?}"))
            .to_string();
        Server {
            child,
            base,
            database: database.to_string(),
            first_line: line.trim().to_string(),
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn client(&self) -> Client {
        Client {
            base: self.base.clone(),
            token: None,
            agent: agent(),
        }
    }

    /// A new account `name` (password [`password`]), signed in with an API token.
    pub fn account(&self, name: &str) -> Client {
        let c = self.client();
        let (st, body) = c.post(
            "/api/v1/accounts",
            json!({"name": name, "email": format!("{name}@example.org"), "password": password(name)}),
        );
        assert_eq!(st, 201, "sign up {name}: {body}");
        self.sign_in(name)
    }

    /// An API token for an existing account made by [`Server::account`].
    pub fn sign_in(&self, name: &str) -> Client {
        let c = self.client();
        let (st, body) = c.post(
            "/api/v1/tokens",
            json!({"name": name, "password": password(name)}),
        );
        assert_eq!(st, 201, "token for {name}: {body}");
        Client {
            token: Some(body["token"].as_str().unwrap().to_string()),
            ..c
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .build()
}

/// An HTTP client of the API; `token` is sent as a bearer token.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub token: Option<String>,
    agent: ureq::Agent,
}

impl Client {
    fn request(&self, method: &str, path: &str) -> ureq::Request {
        let r = self.agent.request(method, &format!("{}{path}", self.base));
        match &self.token {
            Some(t) => r.set("Authorization", &format!("Bearer {t}")),
            None => r,
        }
    }

    fn answer(r: Result<ureq::Response, ureq::Error>) -> (u16, String) {
        match r {
            Ok(r) => (r.status(), r.into_string().unwrap_or_default()),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
            Err(e) => panic!("HTTP request failed: {e}"),
        }
    }

    fn json(text: &str) -> Value {
        if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
        }
    }

    /// GET; the status and the body (JSON, or a string).
    pub fn get(&self, path: &str) -> (u16, Value) {
        let (st, text) = Client::answer(self.request("GET", path).call());
        (st, Client::json(&text))
    }

    pub fn get_text(&self, path: &str) -> (u16, String) {
        Client::answer(self.request("GET", path).call())
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (st, text) = Client::answer(self.request("POST", path).send_json(body));
        (st, Client::json(&text))
    }

    pub fn patch(&self, path: &str, body: Value) -> (u16, Value) {
        let (st, text) = Client::answer(self.request("PATCH", path).send_json(body));
        (st, Client::json(&text))
    }

    pub fn delete(&self, path: &str) -> (u16, Value) {
        let (st, text) = Client::answer(self.request("DELETE", path).call());
        (st, Client::json(&text))
    }

    /// POST that must answer 2xx; returns the body.
    pub fn ok(&self, path: &str, body: Value) -> Value {
        let (st, b) = self.post(path, body.clone());
        assert!((200..300).contains(&st), "POST {path} {body} -> {st} {b}");
        b
    }

    /// GET that must answer 200; returns the body.
    pub fn read(&self, path: &str) -> Value {
        let (st, b) = self.get(path);
        assert_eq!(st, 200, "GET {path} -> {st} {b}");
        b
    }
}

/// Waits until `check` holds, for at most `secs` seconds.
pub fn wait_for(secs: u64, what: &str, mut check: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if check() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("timed out waiting for {what}");
}

/// The databases a server test runs on: an SQLite file in `dir`, and a fresh database on
/// the PostgreSQL server of `ENTENTE_TEST_POSTGRES` (an admin URL, such as
/// `postgres://entente:entente@127.0.0.1:5432/postgres`) when it is set. With
/// `ENTENTE_REQUIRE_POSTGRES=1` (as in CI) a missing PostgreSQL fails the test.
pub fn databases(dir: &Path, name: &str) -> Vec<String> {
    let mut out = vec![format!(
        "sqlite:{}",
        dir.join(format!("{name}.db")).display()
    )];
    if let Some(pg) = fresh_postgres(name) {
        out.push(pg);
    }
    out
}

/// A new, empty PostgreSQL database for one test (`None` when no server is configured).
pub fn fresh_postgres(name: &str) -> Option<String> {
    let admin = match std::env::var("ENTENTE_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => u,
        _ => {
            assert!(
                std::env::var("ENTENTE_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "ENTENTE_REQUIRE_POSTGRES=1 but ENTENTE_TEST_POSTGRES is not set"
            );
            return None;
        }
    };
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(|| drop_databases_of_ended_tests(&admin));
    let db = format!("t_{}_{}", name.to_lowercase(), std::process::id());
    for sql in [
        format!("DROP DATABASE IF EXISTS {db}"),
        format!("CREATE DATABASE {db}"),
    ] {
        let out = Command::new("psql")
            .args([admin.as_str(), "-v", "ON_ERROR_STOP=1", "-q", "-c", &sql])
            .output()
            .expect("run psql");
        assert!(
            out.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let (base, _) = admin.rsplit_once('/').expect("a database URL");
    Some(format!("{base}/{db}"))
}

/// Drops the databases that test processes which have since ended left on the server (each
/// is named `t_<test>_<pid>`): a test's database outlives its process so that a failure can
/// be looked into, but a developer's server should not gather one per test per run (a
/// machine had gathered 1,405 of them, 12 GB). A database still in use is left alone.
fn drop_databases_of_ended_tests(admin: &str) {
    let Ok(out) = Command::new("psql")
        .args([
            admin,
            "-qtAc",
            "SELECT datname FROM pg_database WHERE datname ~ '^t_[a-z0-9_]+_[0-9]+$'",
        ])
        .output()
    else {
        return;
    };
    let ended: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|db| {
            let pid: u32 = db.rsplit('_').next()?.parse().ok()?;
            let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
            (!alive).then(|| format!("DROP DATABASE IF EXISTS {db};"))
        })
        .collect();
    if !ended.is_empty() {
        // One statement per -c: DROP DATABASE cannot run inside a transaction block.
        let mut cmd = Command::new("psql");
        cmd.arg(admin).arg("-q");
        for sql in &ended {
            cmd.args(["-c", sql]);
        }
        let _ = cmd.output();
    }
}

/// A game of `n` players (setup `setup`) created by a game master `gm` with `options`, and
/// joined by players `p1..pn`; returns the game's id, the GM and the players' clients by
/// the powers they were given.
pub fn full_game(
    server: &Server,
    prefix: &str,
    setup: &str,
    options: Value,
) -> (String, Client, Vec<(Vec<String>, Client)>) {
    let gm = server.account(&format!("{prefix}gm"));
    let mut body = json!({"title": format!("{prefix} game"), "setup": setup});
    if let (Some(b), Some(o)) = (body.as_object_mut(), options.as_object()) {
        for (k, v) in o {
            b.insert(k.clone(), v.clone());
        }
    }
    let id = gm.ok("/api/v1/games", body)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let seats = gm.read(&format!("/api/v1/games/{id}"))["seats"]
        .as_u64()
        .unwrap();
    let mut players = Vec::new();
    for i in 1..=seats {
        let c = server.account(&format!("{prefix}p{i}"));
        c.ok(
            &format!("/api/v1/games/{id}/join"),
            json!({"role": "player"}),
        );
        players.push(c);
    }
    let players = players
        .into_iter()
        .map(|c| {
            let g = c.read(&format!("/api/v1/games/{id}"));
            let powers: Vec<String> = g["my_powers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            (powers, c)
        })
        .collect();
    (id, gm, players)
}

/// The game's phase code (`S1901M`), as the game master reads it.
pub fn phase_of(c: &Client, id: &str) -> String {
    c.read(&format!("/api/v1/games/{id}"))["phase"]
        .as_str()
        .unwrap()
        .to_string()
}
