//! `entente serve`: the game master server (crates/entente-server, docs/server.md).

use crate::error::{CliError, CliResult};
use clap::Args as ClapArgs;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

#[derive(ClapArgs)]
pub struct Args {
    /// The database: `sqlite:PATH` (created on first run) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = "sqlite:entente.db")]
    database: String,
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// How often, in milliseconds, the scheduler looks for games whose deadline has passed.
    #[arg(long, default_value_t = 1000)]
    tick_ms: u64,
    /// How often, in milliseconds, a live-update stream looks for new events.
    #[arg(long, default_value_t = 500)]
    poll_ms: u64,
    /// Games adjudicated at once.
    #[arg(long, default_value_t = 4)]
    workers: usize,
    /// Connections to the database (default: 16 on PostgreSQL; on SQLite 8 for reading
    /// beside the one writer).
    #[arg(long)]
    db_connections: Option<u32>,
    /// Seconds a request's headers may take to arrive (and a kept-alive connection may wait
    /// for its next request) before its connection is closed.
    #[arg(long, default_value_t = 10)]
    header_timeout_secs: u64,
    /// Seconds an HTTP connection may go without a byte read or written before it is closed.
    #[arg(long, default_value_t = 60)]
    idle_timeout_secs: u64,
    /// HTTP connections at once (fewer when the process may open fewer files: its
    /// RLIMIT_NOFILE less 64); beyond, new connections wait to be accepted.
    #[arg(long, default_value_t = 1024)]
    max_connections: usize,
    /// HTTP connections at once from one address (an IPv6 /64 counts as one); beyond, a
    /// connection is answered 503.
    #[arg(long, default_value_t = 64)]
    max_connections_per_address: usize,
    /// Receive mail to the judge over SMTP at this address (`127.0.0.1:2525`), beside
    /// `entente mail-in`.
    #[arg(long)]
    smtp: Option<String>,
    /// Send the mail the gateway queues (answers, docs/mail.md) through this relay:
    /// `smtp://HOST:PORT`, `smtp+starttls://HOST:PORT` or `smtps://HOST:PORT`.
    #[arg(long)]
    relay: Option<String>,
    /// The judge's address, the sender of every mail.
    #[arg(long, default_value = "judge@localhost")]
    mail_from: String,
    /// How often, in milliseconds, the queue of mail is looked at.
    #[arg(long, default_value_t = 1000)]
    mail_every_ms: u64,
    /// The first delay, in milliseconds, before a mail the relay refused is tried again
    /// (doubling each time, at most an hour).
    #[arg(long, default_value_t = 30_000)]
    mail_retry_ms: u64,
    /// Remind the players who play by mail and have not sent orders, this many hours
    /// before the deadline (comma-separated; none: no reminders).
    #[arg(long, default_value = "24,1", value_delimiter = ',')]
    mail_remind_hours: Vec<f64>,
    /// Serve DAIDE bots (the Diplomacy AI Development Environment's protocol) at this address
    /// (`127.0.0.1:16713`; port 0: any free port): bots that connect join the oldest game
    /// with a bot seat free, or a game opened for them (docs/daide.md).
    #[arg(long)]
    daide: Option<String>,
    /// Where bots play: `database` (the game master's games, beside people on the web and by
    /// mail; a new game with `--daide-bots` bot seats is opened when none is waiting) or
    /// `memory` (games of bots only, kept in memory while played: the fastest, for research;
    /// powers without a bot are in civil disorder).
    #[arg(long, default_value = "database", value_parser = ["database", "memory"])]
    daide_games: String,
    /// Seats for bots in each new DAIDE game; the others are for people (`database`) or kept
    /// for players, in civil disorder until one comes (`memory`).
    #[arg(long, default_value_t = 7)]
    daide_bots: usize,
    /// Powers of each DAIDE game never given to a bot (`AUS,ENG`: DAIDE's names; `memory`
    /// games: in the database's games powers are given by lot).
    #[arg(long, value_delimiter = ',')]
    daide_human: Vec<String>,
    /// Seconds for a DAIDE game's movement phases (0: no deadline; GOF moves on).
    #[arg(long, default_value_t = 300)]
    daide_move_secs: u32,
    /// Seconds for a DAIDE game's retreat phases.
    #[arg(long, default_value_t = 300)]
    daide_retreat_secs: u32,
    /// Seconds for a DAIDE game's adjustment phases.
    #[arg(long, default_value_t = 300)]
    daide_build_secs: u32,
    /// The press level DAIDE bots may use (0: no press; 10: peace and alliances; 30...).
    #[arg(long, default_value_t = 0)]
    daide_press: u32,
    /// The last year of a DAIDE game (a short game, ended by the rules' standings).
    #[arg(long)]
    daide_last_year: Option<i32>,
    /// The variant DAIDE games are played on: a built-in name (`standard`, `ancmed`, `pure`)
    /// or a variant file; other than the standard map, its powers and provinces are sent in
    /// the representation message.
    #[arg(long, default_value = "standard")]
    daide_variant: String,
    /// DAIDE connections served at once (default: 512, or half the process's open-file limit
    /// if lower); more are told `OFF` and closed (docs/daide.md, "Limits").
    #[arg(long)]
    daide_max_connections: Option<usize>,
    /// DAIDE connections from one address at once (default 64): raise it for a machine that
    /// runs many bots.
    #[arg(long)]
    daide_max_per_address: Option<usize>,
    /// The address people reach the site at (`https://diplomacy.example.org`, usually
    /// through a proxy that ends TLS): when it is https, the session cookie and the sign-in
    /// form's cookie are `Secure`.
    #[arg(long)]
    public_url: Option<String>,
    /// New accounts allowed from one client address in an hour (0: no limit).
    #[arg(long, default_value_t = entente_service::auth::SIGNUPS_PER_ADDRESS)]
    signup_limit: u32,
}

/// A listener of a front end beside the HTTP server, and the address it got.
fn listen(
    rt: &tokio::runtime::Runtime,
    addr: &str,
    what: &str,
) -> CliResult<(tokio::net::TcpListener, String)> {
    let l = rt
        .block_on(tokio::net::TcpListener::bind(addr))
        .map_err(|e| CliError::from(format!("cannot listen for {what} on {addr}: {e}")))?;
    let at = l.local_addr().map(|a| a.to_string()).unwrap_or_default();
    Ok((l, at))
}

pub fn run(a: Args) -> CliResult<ExitCode> {
    if let Some(u) = &a.public_url {
        let lower = u.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"));
        if rest.is_none_or(|r| r.is_empty() || r.starts_with('/')) {
            return Err(CliError::from(format!(
                "--public-url {u}: write the address people reach the site at, as https://HOST (or http://HOST)"
            )));
        }
    }
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::WARN)
        .init();
    let config = entente_server::Config {
        database: a.database.clone(),
        listen: a.listen,
        tick: Duration::from_millis(a.tick_ms.max(10)),
        poll: Duration::from_millis(a.poll_ms.max(10)),
        http_limits: entente_server::listen::Limits {
            header_timeout: Duration::from_secs(a.header_timeout_secs.max(1)),
            idle_timeout: Duration::from_secs(a.idle_timeout_secs.max(1)),
            max_connections: a.max_connections.max(1),
            max_per_address: a.max_connections_per_address.max(1),
        },
        workers: a.workers,
        connections: a.db_connections.map(|n| n.max(1)),
        public_url: a.public_url,
        signup_limit: a.signup_limit,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::from(format!("cannot start the server's runtime: {e}")))?;
    let database = a.database;
    let relay = a.relay.map(|url| entente_mail::sender::Relay {
        url,
        from: a.mail_from,
        retry_ms: a.mail_retry_ms as i64,
    });
    let every = Duration::from_millis(a.mail_every_ms.max(10));
    let remind = a.mail_remind_hours;
    let smtp = a
        .smtp
        .as_deref()
        .map(|at| listen(&rt, at, "SMTP"))
        .transpose()?;
    let smtp_at = smtp
        .as_ref()
        .map(|(_, at)| format!("; mail to the judge on smtp://{at}"))
        .unwrap_or_default();
    let smtp_listener = smtp.map(|(l, _)| l);
    let daide = a
        .daide
        .as_deref()
        .map(|at| listen(&rt, at, "DAIDE"))
        .transpose()?;
    let daide_at = daide
        .as_ref()
        .map(|(_, at)| format!("; DAIDE bots on daide://{at}"))
        .unwrap_or_default();
    let daide_map = match &a.daide {
        Some(_) => entente_map::Variant::load(&a.daide_variant)
            .map_err(|e| CliError::from(format!("--daide-variant: {e}")))?
            .map
            .clone(),
        None => std::sync::Arc::new(entente_map::Map::standard()),
    };
    if daide_map.is_escalation() {
        return Err(CliError::from(format!(
            "--daide-variant {}: DAIDE cannot describe Escalation's placement nor its nominations of home centres, so bots cannot play it (docs/daide.md)",
            a.daide_variant
        )));
    }
    let mut daide_config = entente_daide::DaideConfig {
        initial_timeout: Duration::from_secs(30),
        map: daide_map,
        table: entente_daide::TableConfig {
            bots: a.daide_bots.max(1),
            humans: a
                .daide_human
                .iter()
                .map(|h| h.trim().to_ascii_uppercase())
                .collect(),
            move_secs: a.daide_move_secs,
            retreat_secs: a.daide_retreat_secs,
            build_secs: a.daide_build_secs,
            press_level: a.daide_press,
            end_year: a.daide_last_year,
        },
        tick: Duration::from_millis(200),
        hosting: None,
    };
    if a.daide_games == "database" {
        // What HLO announces: the database game's deadlines (whole minutes; none at all
        // without a movement deadline).
        let t = &mut daide_config.table;
        for secs in [&mut t.move_secs, &mut t.retreat_secs, &mut t.build_secs] {
            *secs = if a.daide_move_secs == 0 {
                0
            } else {
                secs.div_ceil(60).max(1) * 60
            };
        }
    }
    let daide_games = (a.daide_games == "database").then(|| {
        // Minutes in the database's deadlines: seconds are rounded up.
        let minutes = |secs: u32| secs.div_ceil(60);
        let deadlines = if a.daide_move_secs == 0 {
            entente_host::Schedule::Manual
        } else {
            entente_host::Schedule::Every {
                movement_minutes: minutes(a.daide_move_secs),
                retreat_minutes: Some(minutes(a.daide_retreat_secs).max(1)),
                adjustment_minutes: Some(minutes(a.daide_build_secs).max(1)),
            }
        };
        let builtin = entente_map::builtin_variant_names().contains(&a.daide_variant.as_str());
        let new_game = serde_json::json!({
            "title": "Bots over DAIDE",
            "variant": if builtin { a.daide_variant.clone() } else { "variant".to_string() },
            "press": if a.daide_press > 0 { "full" } else { "none" },
            "deadlines": serde_json::to_value(&deadlines).unwrap_or_default(),
            "missed_orders": "hold",
            "bot_seats": a.daide_bots.max(1),
        });
        (new_game, builtin)
    });
    let new_game = match daide_games {
        None => None,
        Some((mut v, builtin)) => {
            if !builtin {
                let text = std::fs::read_to_string(&a.daide_variant)
                    .map_err(|e| CliError::from(format!("--daide-variant: {e}")))?;
                v["variant_file"] = text.into();
            }
            if let Some(y) = a.daide_last_year {
                v["end_year"] = y.into();
            }
            let mut o: entente_service::model::NewGame = serde_json::from_value(v)
                .map_err(|e| CliError::from(format!("the DAIDE games' options: {e}")))?;
            // Checked once, without the bot seats, which are then at most the game's seats.
            let seats = entente_service::games::check_options(&entente_service::model::NewGame {
                bot_seats: 0,
                ..o.clone()
            })
            .map_err(|e| CliError::from(format!("the DAIDE games' options: {e}")))?;
            o.bot_seats = o.bot_seats.min(seats.len() as u32);
            Some(o)
        }
    };
    let daide_poll = Duration::from_millis(a.poll_ms.max(10));
    let (daide_max_connections, daide_max_per_address) =
        (a.daide_max_connections, a.daide_max_per_address);
    let daide_listener = daide.map(|(l, _)| l);
    rt.block_on(entente_server::serve_with(
        config,
        |addr| {
            println!("entente serve: listening on http://{addr} (database {database}){smtp_at}{daide_at}");
            let _ = std::io::stdout().flush();
        },
        |db| {
            if let Some(l) = daide_listener {
                let mut daide_config = daide_config;
                if new_game.is_some() {
                    // Bots' press is not relayed in the database's games (docs/daide.md).
                    daide_config.table.press_level = 0;
                }
                daide_config.hosting = new_game
                    .map(|new_game| entente_daide::Hosting::new(db.clone(), new_game, daide_poll));
                let mut limits = entente_daide::Limits::default();
                if let Some(n) = daide_max_connections {
                    limits.max_connections = n.max(1);
                }
                if let Some(n) = daide_max_per_address {
                    limits.max_per_address = n.max(1);
                }
                tokio::spawn(async move {
                    if let Err(e) = entente_daide::serve_with(l, daide_config, limits).await {
                        tracing::error!("the DAIDE server stopped: {e}");
                    }
                });
            }
            if let Some(l) = smtp_listener {
                tokio::spawn(entente_mail::smtp::serve(
                    l,
                    db.clone(),
                    "entente".to_string(),
                ));
            }
            if let Some(relay) = relay {
                tokio::spawn(entente_mail::sender::run(db.clone(), relay, every));
                tokio::spawn(entente_mail::results::run(db.clone(), remind, every));
            }
        },
    ))?;
    Ok(ExitCode::SUCCESS)
}
