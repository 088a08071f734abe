//! `entente serve --smtp ADDR`: mail to the judge received over SMTP, for a host whose MX
//! (or a relay) points at the server. The protocol's state machine is the `mailin` crate's;
//! this is its I/O over tokio. A mail is handed to the gateway ([`crate::gateway::handle`])
//! before the end of its DATA is acknowledged, so a `250` means it is in the database; a
//! failure of the database answers `451` and the sender's server tries again later.

use entente_service::Db;
use mailin::{response, Action, Handler, Response, SessionBuilder};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// The longest line read (RFC 5321 allows 1000; some clients send longer data lines).
const LINE_LIMIT: usize = 64 * 1024;

/// How long a client may be silent before the session is closed (RFC 5321 4.5.3.2 asks a
/// server to wait at least 5 minutes for a command, and 10 for the data's end).
const IDLE_LIMIT: Duration = Duration::from_secs(600);

#[derive(Default)]
struct Received {
    data: Vec<u8>,
    too_large: bool,
    done: Option<Vec<u8>>,
    /// The mail's data ended but it was over the size limit: answered 552.
    refused: bool,
}

struct Collect(Arc<Mutex<Received>>);

impl Handler for Collect {
    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        _to: &[String],
    ) -> Response {
        if let Ok(mut r) = self.0.lock() {
            r.data.clear();
            r.too_large = false;
            r.refused = false;
        }
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Ok(mut r) = self.0.lock() {
            r.add(buf);
        }
        Ok(())
    }

    /// The state machine is told OK whatever the mail's fate (an error answer would leave
    /// it in the DATA state, reading every later command as data: the session hung after a
    /// 552); the connection writes the real answer ([`Received::refused`], the gateway's).
    fn data_end(&mut self) -> Response {
        let Ok(mut r) = self.0.lock() else {
            return response::OK;
        };
        if r.too_large {
            r.data = Vec::new();
            r.refused = true;
            return response::OK;
        }
        let data = std::mem::take(&mut r.data);
        r.done = Some(data);
        response::OK
    }
}

impl Received {
    /// Keeps a piece of the mail's data, or nothing more once it is over the limit (the rest
    /// of the DATA is read and dropped).
    fn add(&mut self, buf: &[u8]) {
        if self.too_large || self.data.len() + buf.len() > crate::incoming::MESSAGE_LIMIT {
            self.too_large = true;
            self.data = Vec::new();
        } else {
            self.data.extend_from_slice(buf);
        }
    }
}

/// Serves SMTP on `listener` for ever, each connection its own task.
pub async fn serve(listener: TcpListener, db: Db, name: String) {
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            // Out of file descriptors, for one: wait a little rather than spin.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let db = db.clone();
        let name = name.clone();
        tokio::spawn(async move {
            if let Err(e) = connection(stream, peer.ip(), db, &name).await {
                tracing::debug!("smtp {peer}: {e}");
            }
        });
    }
}

fn reply(code: u16, text: &str) -> Vec<u8> {
    format!("{code} {text}\r\n").into_bytes()
}

async fn connection(
    stream: tokio::net::TcpStream,
    ip: std::net::IpAddr,
    db: Db,
    name: &str,
) -> std::io::Result<()> {
    let (r, mut w) = stream.into_split();
    let mut r = BufReader::new(r);
    let received = Arc::new(Mutex::new(Received::default()));
    let mut session = SessionBuilder::new(name).build(ip, Collect(received.clone()));
    w.write_all(&session.greeting().buffer()?).await?;
    let mut line = Vec::new();
    // In the DATA of a mail, and in the middle of a line longer than LINE_LIMIT.
    let (mut in_data, mut mid_line) = (false, false);
    loop {
        line.clear();
        let mut limited = (&mut r).take(LINE_LIMIT as u64);
        let read = limited.read_until(b'\n', &mut line);
        let n = match tokio::time::timeout(IDLE_LIMIT, read).await {
            Ok(n) => n?,
            Err(_) => {
                w.write_all(&reply(421, "4.4.2 idle too long, closing"))
                    .await?;
                return Ok(());
            }
        };
        if n == 0 {
            return Ok(());
        }
        let ends = line.ends_with(b"\n");
        if in_data && mid_line {
            // The rest of an over-long line: data, even if it looks like the data's end.
            if let Ok(mut r) = received.lock() {
                r.add(&line);
            }
            mid_line = !ends;
            continue;
        }
        mid_line = !ends;
        let res = session.process(&line);
        let mut answer = res.buffer()?;
        if res.code == 354 {
            in_data = true;
        }
        // The end of a mail's data: carried out before it is acknowledged.
        let (done, refused) = match received.lock() {
            Ok(mut r) => (r.done.take(), std::mem::take(&mut r.refused)),
            Err(_) => (None, false),
        };
        if refused {
            in_data = false;
            answer = reply(
                552,
                &format!(
                    "5.3.4 message larger than {} KiB, not read",
                    crate::incoming::MESSAGE_LIMIT / 1024
                ),
            );
        }
        if let Some(mail) = done {
            in_data = false;
            answer = match crate::gateway::handle(&db, &mail).await {
                Ok(_) => answer,
                Err(crate::gateway::GatewayError::TryLater(why)) => {
                    tracing::info!("smtp: refused for now: {why}");
                    reply(451, &format!("4.7.1 {why}"))
                }
                Err(e) => {
                    tracing::warn!("smtp: {e}");
                    reply(451, "4.3.0 local error in processing, try again later")
                }
            };
        }
        match res.action {
            Action::NoReply => {}
            Action::Close => {
                w.write_all(&answer).await?;
                return Ok(());
            }
            _ => w.write_all(&answer).await?,
        }
    }
}
