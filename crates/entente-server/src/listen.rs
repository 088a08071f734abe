//! The HTTP listener: the accept loop and each connection's limits, so that no client can
//! hold the server for everyone (a "slow-loris" that opens connections and never finishes
//! a request, a client that opens more connections than the process has file descriptors).
//!
//! - a request's headers must arrive within [`Limits::header_timeout`] (hyper's
//!   `header_read_timeout`, which also runs while a kept-alive connection waits for its next
//!   request), or the connection is closed;
//! - a connection on which nothing was read or written for [`Limits::idle_timeout`] (a body
//!   that stopped arriving, a reader that stopped reading) is closed;
//! - at most [`Limits::max_connections`] connections at once, and fewer when the process
//!   may open fewer files (its `RLIMIT_NOFILE` less [`FD_RESERVE`] for the database and the
//!   other listeners): beyond, new connections wait in the kernel's queue;
//! - at most [`Limits::max_per_address`] connections from one address (an IPv6 /64 counts
//!   as one): beyond, the connection is answered `503` with a JSON error and closed;
//! - the accept loop survives running out of file descriptors (`EMFILE`): it waits a
//!   moment and listens on.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// File descriptors kept for everything but the HTTP connections (the database's pool and
/// files, the mail and DAIDE listeners, logs).
pub const FD_RESERVE: usize = 64;

/// A connection's limits (docs/server.md, "Limits").
#[derive(Clone, Debug)]
pub struct Limits {
    /// The time a request's headers may take to arrive, and a kept-alive connection may
    /// wait for its next request.
    pub header_timeout: Duration,
    /// The time a connection may go without a byte read or written.
    pub idle_timeout: Duration,
    /// Connections at once.
    pub max_connections: usize,
    /// Connections at once from one address.
    pub max_per_address: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 1024,
            max_per_address: 64,
        }
    }
}

/// The connections this process can hold: `max` or, when the file descriptors allowed are
/// fewer, those less [`FD_RESERVE`].
pub fn connection_room(max: usize) -> usize {
    let files = open_files_allowed().unwrap_or(usize::MAX);
    max.min(files.saturating_sub(FD_RESERVE)).max(1)
}

#[cfg(unix)]
fn open_files_allowed() -> Option<usize> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into `r`, a valid rlimit.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0;
    (ok && r.rlim_cur != libc::RLIM_INFINITY)
        .then(|| usize::try_from(r.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(not(unix))]
fn open_files_allowed() -> Option<usize> {
    None
}

/// The address a connection counts against: the IP address, or an IPv6 address's /64.
fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One connection counted against its address, given back when dropped.
struct AddressSlot {
    counts: Counts,
    key: IpAddr,
}

impl AddressSlot {
    fn take(counts: &Counts, ip: IpAddr, max: usize) -> Option<AddressSlot> {
        let key = address_key(ip);
        let mut map = counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            counts: counts.clone(),
            key,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` ends; then stops accepting,
/// lets the requests under way finish (ten seconds at most) and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let total = connection_room(limits.max_connections);
    let permits = Arc::new(Semaphore::new(total));
    let counts: Counts = Arc::default();
    let (stop, stopping) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = permits.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        match AddressSlot::take(&counts, peer.ip(), limits.max_per_address) {
            Some(slot) => {
                let conn = connection(stream, peer, app.clone(), limits.clone(), stopping.clone());
                tokio::spawn(async move {
                    conn.await;
                    drop((slot, permit));
                });
            }
            None => {
                tokio::spawn(refuse(stream, permit));
            }
        }
    }
    let _ = stop.send(true);
    let all = u32::try_from(total).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(10), permits.acquire_many(all)).await;
    Ok(())
}

/// After a failed accept: a connection that failed before it was accepted is forgotten; out
/// of file descriptors or memory, the loop waits a moment (the connections open meanwhile
/// wait in the kernel's queue) and listens on.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::*;
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    ) {
        return;
    }
    tracing::warn!("accepting a connection: {e}; listening on in 100 ms");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// The answer to a connection beyond its address's limit.
async fn refuse(mut stream: TcpStream, permit: OwnedSemaphorePermit) {
    let body = r#"{"error":"too-many-connections","message":"too many connections from your address at once; close some and try again"}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    // Half a second at most, so that refusals hold few file descriptors: the answer, then
    // what the client sent read until it closes, so that closing does not reset the
    // connection before the answer is read.
    let _ = tokio::time::timeout(Duration::from_millis(500), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    })
    .await;
    drop(permit);
}

/// One connection served by hyper, within its timeouts.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    let io = Watched::new(stream);
    let last = io.last.clone();
    let started = io.started;
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        // The address each request comes from (the sign-in and sign-up limits).
        req.extensions_mut().insert(ConnectInfo(peer));
        tower_service::Service::call(&mut app.clone(), req)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = http.serve_connection(TokioIo::new(io), service);
    tokio::pin!(conn);
    let idle = limits.idle_timeout;
    let mut stopped = false;
    loop {
        tokio::select! {
            r = conn.as_mut() => {
                if let Err(e) = r {
                    tracing::debug!("connection from {peer}: {e}");
                }
                return;
            }
            _ = idle_for(&last, started, idle) => {
                tracing::debug!("connection from {peer}: idle for {idle:?}; closed");
                return;
            }
            changed = stopping.changed(), if !stopped => {
                stopped = true;
                if changed.is_ok() {
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

/// Ends once nothing was read or written for `idle` (`last`: milliseconds after `started`
/// of the last byte).
async fn idle_for(last: &AtomicU64, started: Instant, idle: Duration) {
    loop {
        let at = started + Duration::from_millis(last.load(Ordering::Relaxed)) + idle;
        if Instant::now() >= at {
            return;
        }
        tokio::time::sleep_until(at.into()).await;
    }
}

/// A connection's stream that notes when a byte last went through it.
struct Watched {
    stream: TcpStream,
    started: Instant,
    last: Arc<AtomicU64>,
}

impl Watched {
    fn new(stream: TcpStream) -> Watched {
        Watched {
            stream,
            started: Instant::now(),
            last: Arc::new(AtomicU64::new(0)),
        }
    }

    fn touch(&self) {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(ms, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let r = Pin::new(&mut this.stream).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.stream).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.touch();
        }
        r
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn address_slots_are_given_back() {
        let counts: Counts = Arc::default();
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let a = AddressSlot::take(&counts, ip, 2).unwrap();
        let _b = AddressSlot::take(&counts, ip, 2).unwrap();
        assert!(AddressSlot::take(&counts, ip, 2).is_none());
        assert!(AddressSlot::take(&counts, "192.0.2.2".parse().unwrap(), 2).is_some());
        drop(a);
        assert!(AddressSlot::take(&counts, ip, 2).is_some());
    }
}
