//! Issue 31: the DAIDE listener outlives running out of file descriptors ("the DAIDE server
//! stopped: Too many open files" ended it for good while HTTP kept answering). A test binary
//! of its own: it lowers this process's limit on descriptors (RLIMIT_NOFILE), which every
//! test running beside it would feel.

use entente_daide::msg::{self, parse_text, text};
use entente_daide::{Board, DaideConfig, TableConfig};
use entente_map::Map;
use std::fs::File;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const IM: [u8; 8] = [0, 0, 0, 4, 0, 1, 0xDA, 0x10];

fn board() -> Board {
    Board::new(Arc::new(Map::standard())).unwrap()
}

fn set_soft_limit(n: libc::rlim_t) -> libc::rlim_t {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the struct given.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim), 0);
        let old = lim.rlim_cur;
        lim.rlim_cur = n.min(lim.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &lim), 0);
        old
    }
}

async fn frame(s: &mut TcpStream, wait: Duration) -> Option<(u8, Vec<u8>)> {
    let mut h = [0u8; 4];
    match tokio::time::timeout(wait, s.read_exact(&mut h)).await {
        Err(_) => panic!("nothing from the server for {wait:?}"),
        Ok(Err(_)) => return None,
        Ok(Ok(_)) => {}
    }
    let mut body = vec![0u8; u16::from_be_bytes([h[2], h[3]]) as usize];
    s.read_exact(&mut body).await.ok()?;
    Some((h[0], body))
}

async fn map_answered(s: &mut TcpStream) {
    let b = msg::to_bytes(&parse_text("MAP", &board()).unwrap());
    let mut f = vec![2, 0, 0, b.len() as u8];
    f.extend(b);
    s.write_all(&f).await.unwrap();
    let (t, body) = frame(s, Duration::from_secs(20)).await.expect("an answer");
    assert_eq!(t, 2);
    assert_eq!(
        text(&msg::from_bytes(&body).unwrap(), &board()),
        "MAP ( 'standard' )"
    );
}

/// A new bot: connects, is sent the representation message, and gets the map.
async fn new_bot_is_served(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(&IM).await.unwrap();
    let (t, _) = frame(&mut s, Duration::from_secs(20))
        .await
        .expect("the representation message");
    assert_eq!(t, 1);
    map_answered(&mut s).await;
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listener_outlives_running_out_of_descriptors() {
    let before = set_soft_limit(256);
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap().to_string();
    let config = DaideConfig {
        initial_timeout: Duration::from_secs(30),
        map: Arc::new(Map::standard()),
        table: TableConfig::default(),
        tick: Duration::from_millis(20),
        hosting: None,
    };
    tokio::spawn(entente_daide::serve(l, config));
    let mut first = new_bot_is_served(&addr).await;

    // Every descriptor taken, but one for the next connection's own end: the connection is
    // made (the kernel completes it) and the server cannot accept it (EMFILE).
    let mut fillers = Vec::new();
    loop {
        match File::open("/dev/null") {
            Ok(f) => fillers.push(f),
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(libc::EMFILE), "{e}");
                break;
            }
        }
    }
    fillers.pop();
    let mut waiting = TcpStream::connect(&addr).await.unwrap();
    waiting
        .write_all(&IM)
        .await
        .expect("the listener is there (a reset: it is gone)");
    // The server tries again and again meanwhile; the line it has is served all along.
    tokio::time::sleep(Duration::from_millis(500)).await;
    map_answered(&mut first).await;
    drop(fillers);
    // Descriptors free again: the waiting connection is taken and served.
    let (t, _) = frame(&mut waiting, Duration::from_secs(20))
        .await
        .expect("the representation message, once accepted");
    assert_eq!(t, 1);
    map_answered(&mut waiting).await;
    new_bot_is_served(&addr).await;

    // The reproduction: 1,100 connections at once under 1,024 descriptors (both ends are in
    // this process: it runs out of them whatever the server's own limits). Then they close,
    // and a new bot is served.
    drop((first, waiting));
    set_soft_limit(1024);
    let mut tasks = Vec::new();
    for _ in 0..1_100 {
        let addr = addr.clone();
        tasks.push(tokio::spawn(async move {
            // (A connection the backlog had no room for is retried by the kernel, a second
            // later, three...: not waited for.)
            let connect = TcpStream::connect(&addr);
            let mut s = tokio::time::timeout(Duration::from_secs(2), connect)
                .await
                .ok()?
                .ok()?;
            let _ = s.write_all(&IM).await;
            Some(s)
        }));
    }
    let mut lines = Vec::new();
    for t in tasks {
        lines.extend(t.await.unwrap());
    }
    assert!(lines.len() > 100, "only {} connections made", lines.len());
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(lines);
    tokio::time::sleep(Duration::from_millis(300)).await;
    new_bot_is_served(&addr).await;
    set_soft_limit(before);
}
