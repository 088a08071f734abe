//! `entente mail-in`: one mail to the judge, read on standard input (as Postfix or Exim
//! deliver it: `| entente mail-in --database ...`), carried out, and its answer queued in
//! the database for the server to send (crates/entente-mail, docs/mail.md).
//!
//! Exit codes as a mail server reads them (sysexits): 0, the mail was carried out (or
//! answered: a mail too large, over a limit or refused for its content gets the judge's
//! answer, and the mail server has nothing more to do); 75 (`EX_TEMPFAIL`), not now (the
//! database failed, or too many mails from this sender in an hour): nothing of it was
//! done, and Postfix or Exim keeps the mail and tries again later.

use crate::error::{CliError, CliResult};
use clap::Args as ClapArgs;
use std::io::Read;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// The server's database: `sqlite:PATH` or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = "sqlite:entente.db")]
    database: String,
    /// Print the answer queued, after what was done.
    #[arg(long)]
    show_answer: bool,
}

/// `EX_TEMPFAIL` of sysexits.h: the mail server tries again later.
const TEMPFAIL: u8 = 75;

/// The most of a mail read from standard input (and dropped) after its first
/// [`entente_mail::incoming::MESSAGE_LIMIT`] bytes, so that the mail server's writing ends
/// and the mail is answered as too large.
const DRAIN_LIMIT: u64 = 64 * 1024 * 1024;

pub fn run(a: Args) -> CliResult<ExitCode> {
    let mut raw = Vec::new();
    let mut stdin = std::io::stdin().lock();
    (&mut stdin)
        .take(entente_mail::incoming::MESSAGE_LIMIT as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|e| CliError::from(format!("cannot read the mail on standard input: {e}")))?;
    // The rest of a mail too large is read and dropped (not kept in memory).
    let _ = std::io::copy(&mut (&mut stdin).take(DRAIN_LIMIT), &mut std::io::sink());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::from(format!("cannot start the runtime: {e}")))?;
    rt.block_on(async {
        let db = match entente_service::Db::open(&a.database).await {
            Ok(db) => db,
            Err(e) => {
                eprintln!(
                    "entente mail-in: the database {}: {e}; try again later",
                    a.database
                );
                return Ok(ExitCode::from(TEMPFAIL));
            }
        };
        let out = match entente_mail::handle(&db, &raw).await {
            Ok(out) => out,
            Err(e) => {
                // Nothing of the mail was done: the mail server keeps it and tries again.
                match &e {
                    entente_mail::GatewayError::TryLater(why) => {
                        eprintln!("entente mail-in: refused for now: {why}")
                    }
                    e => eprintln!("entente mail-in: {e}; try again later"),
                }
                return Ok(ExitCode::from(TEMPFAIL));
            }
        };
        println!("{}", out.note);
        if a.show_answer {
            if let Some(id) = out.reply_id {
                if let Some(body) = entente_mail::gateway::queued_body(&db, id)
                    .await
                    .map_err(|e| CliError::from(e.to_string()))?
                {
                    println!("{body}");
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}
