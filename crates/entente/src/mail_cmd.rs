//! `entente mail-in`: one mail to the judge, read on standard input (as Postfix or Exim
//! deliver it: `| entente mail-in --database ...`), carried out, and its answer queued in
//! the database for the server to send (crates/entente-mail, docs/mail.md).

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

pub fn run(a: Args) -> CliResult<ExitCode> {
    let mut raw = Vec::new();
    std::io::stdin()
        .take(entente_mail::incoming::MESSAGE_LIMIT as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|e| CliError::from(format!("cannot read the mail on standard input: {e}")))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::from(format!("cannot start the runtime: {e}")))?;
    rt.block_on(async {
        let db = entente_server::Db::open(&a.database)
            .await
            .map_err(|e| CliError::from(format!("the database {}: {e}", a.database)))?;
        let out = entente_mail::handle(&db, &raw)
            .await
            .map_err(|e| CliError::from(e.to_string()))?;
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
