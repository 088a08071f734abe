//! `entente serve --smtp ADDR`: mail to the judge received over SMTP, for a host whose MX
//! (or a relay) points at the server. The protocol's state machine is the `mailin` crate's;
//! this is its I/O over tokio. A mail is handed to the gateway ([`crate::gateway::handle`])
//! before the end of its DATA is acknowledged, so a `250` means it is in the database; a
//! failure of the database answers `451` and the sender's server tries again later.

use entente_server::Db;
use mailin::{response, Action, Handler, Response, SessionBuilder};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// The longest line read (RFC 5321 allows 1000; some clients send longer data lines).
const LINE_LIMIT: usize = 64 * 1024;

#[derive(Default)]
struct Received {
    data: Vec<u8>,
    too_large: bool,
    done: Option<Vec<u8>>,
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
        }
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Ok(mut r) = self.0.lock() {
            if r.data.len() + buf.len() > crate::incoming::MESSAGE_LIMIT {
                r.too_large = true;
            } else {
                r.data.extend_from_slice(buf);
            }
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        let Ok(mut r) = self.0.lock() else {
            return response::INTERNAL_ERROR;
        };
        if r.too_large {
            r.data.clear();
            return response::NO_STORAGE;
        }
        let data = std::mem::take(&mut r.data);
        r.done = Some(data);
        response::OK
    }
}

/// Serves SMTP on `listener` for ever, each connection its own task.
pub async fn serve(listener: TcpListener, db: Db, name: String) {
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
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
    loop {
        line.clear();
        let n = (&mut r)
            .take(LINE_LIMIT as u64)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            return Ok(());
        }
        let mut res = session.process(&line);
        // The end of a mail's data: carried out before it is acknowledged.
        let done = received.lock().ok().and_then(|mut r| r.done.take());
        if let Some(mail) = done {
            if let Err(e) = crate::gateway::handle(&db, &mail).await {
                tracing::warn!("smtp: {e}");
                res = response::INTERNAL_ERROR;
            }
        }
        match res.action {
            Action::NoReply => {}
            Action::Close => {
                w.write_all(&res.buffer()?).await?;
                return Ok(());
            }
            _ => w.write_all(&res.buffer()?).await?,
        }
    }
}
