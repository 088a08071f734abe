//! Issue 31: no single input takes the DAIDE server down. Each test is one of the
//! reproductions found from outside (or one found while fixing them), over real TCP against a
//! server run in the test on a multi-threaded runtime, whose workers have the 2 MiB stacks
//! of `entente serve`'s.

use entente_daide::msg::{self, parse_text, text};
use entente_daide::server::{serve_with, Limits};
use entente_daide::{Board, DaideConfig, TableConfig};
use entente_map::Map;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const IM: [u8; 8] = [0, 0, 0, 4, 0, 1, 0xDA, 0x10];

/// The standard map's board (made once: a debug build takes a while to make it).
fn board() -> &'static Board {
    static B: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
    B.get_or_init(|| Board::new(Arc::new(Map::standard())).unwrap())
}

fn table(bots: usize) -> TableConfig {
    TableConfig {
        bots,
        move_secs: 0,
        retreat_secs: 0,
        build_secs: 0,
        ..TableConfig::default()
    }
}

fn config(table: TableConfig) -> DaideConfig {
    DaideConfig {
        initial_timeout: Duration::from_secs(30),
        map: Arc::new(Map::standard()),
        table,
        tick: Duration::from_millis(20),
        hosting: None,
    }
}

/// A server with these limits, as `entente serve --daide` runs it otherwise.
async fn start_with(table: TableConfig, limits: Limits) -> String {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap().to_string();
    tokio::spawn(serve_with(l, config(table), limits));
    addr
}

/// A server with `entente serve --daide`'s limits.
async fn start() -> String {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap().to_string();
    tokio::spawn(entente_daide::serve(l, config(table(7))));
    addr
}

/// A line past the initial and representation messages.
async fn line(addr: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(&IM).await.unwrap();
    let (t, _) = frame(&mut s).await.expect("the representation message");
    assert_eq!(t, 1, "the representation message first");
    s
}

/// The next frame (type, body); None when the line closed.
async fn frame(s: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut h = [0u8; 4];
    match tokio::time::timeout(Duration::from_secs(20), s.read_exact(&mut h)).await {
        Err(_) => panic!("nothing from the server for 20 s"),
        Ok(Err(_)) => return None,
        Ok(Ok(_)) => {}
    }
    let mut body = vec![0u8; u16::from_be_bytes([h[2], h[3]]) as usize];
    s.read_exact(&mut body).await.ok()?;
    Some((h[0], body))
}

async fn send_frame(s: &mut TcpStream, kind: u8, body: &[u8]) {
    let mut f = vec![kind, 0];
    f.extend((body.len() as u16).to_be_bytes());
    f.extend(body);
    s.write_all(&f).await.unwrap();
}

async fn send(s: &mut TcpStream, t: &str) {
    send_frame(s, 2, &msg::to_bytes(&parse_text(t, board()).unwrap())).await;
}

/// The next diplomacy message as text (a frame of another type as `frame t [body]`, an
/// unreadable one as `unreadable …`, "" when the line closed).
async fn recv(s: &mut TcpStream) -> String {
    match frame(s).await {
        Some((2, body)) => match msg::from_bytes(&body) {
            Ok(m) => text(&m, board()),
            Err(e) => format!("unreadable {e:?}: {body:?}"),
        },
        Some((t, body)) => format!("frame {t} {body:?}"),
        None => String::new(),
    }
}

async fn until(s: &mut TcpStream, prefix: &str) -> String {
    loop {
        let m = recv(s).await;
        assert!(!m.is_empty(), "closed while waiting for {prefix}");
        if m.starts_with(prefix) {
            return m;
        }
    }
}

/// `depth` open brackets then as many close brackets: BRA is 0x4000, KET 0x4001.
fn nested(depth: usize) -> Vec<u8> {
    let mut b = Vec::with_capacity(depth * 4);
    for _ in 0..depth {
        b.extend([0x40, 0x00]);
    }
    for _ in 0..depth {
        b.extend([0x40, 0x01]);
    }
    b
}

/// The server still answers this line and a new one.
async fn still_serves(addr: &str, s: &mut TcpStream) {
    send(s, "MAP").await;
    assert_eq!(recv(s).await, "MAP ( 'standard' )");
    let mut other = line(addr).await;
    send(&mut other, "MAP").await;
    assert_eq!(recv(&mut other).await, "MAP ( 'standard' )");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_thousand_nested_brackets_after_im_do_not_take_the_server_down() {
    let addr = start().await;
    let mut s = line(&addr).await;
    // 16,000 levels: 64,000 octets, within the 16-bit length of one message.
    send_frame(&mut s, 2, &nested(16_000)).await;
    assert_eq!(recv(&mut s).await, "HUH ( ERR )");
    still_serves(&addr, &mut s).await;
    // The deepest one message can hold (16,383 levels, 65,532 octets), and at the length
    // the server reads (4,096 levels in 16 KiB): HUH each time, the line open.
    let lim = Limits::default().max_message_octets;
    let deepest = Limits::default().max_depth;
    for depth in [16_383, lim / 4, lim / 4 - 1, msg::MAX_DEPTH, deepest + 1] {
        send_frame(&mut s, 2, &nested(depth)).await;
        assert_eq!(recv(&mut s).await, "HUH ( ERR )", "{depth} levels");
    }
    // As deep as allowed: read, and answered as any message (a list at its head: HUH).
    send_frame(&mut s, 2, &nested(deepest)).await;
    let huh = recv(&mut s).await;
    assert!(huh.starts_with("HUH ( ERR ( ( ( ("), "{huh}");
    still_serves(&addr, &mut s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_thousand_nested_brackets_are_refused_even_where_such_long_messages_are_read() {
    // A server reading messages up to the framing's 65,535 octets: the nesting bound alone
    // keeps it up.
    let addr = start_with(
        table(7),
        Limits {
            max_message_octets: 65_535,
            ..Limits::default()
        },
    )
    .await;
    let mut s = line(&addr).await;
    for depth in [16_000, 16_383] {
        send_frame(&mut s, 2, &nested(depth)).await;
        assert_eq!(recv(&mut s).await, "HUH ( ERR )", "{depth} levels");
    }
    // Unbalanced, 32,767 open brackets: PRN would quote more than a frame holds, so the
    // quote is not sent; the line stays.
    let open: Vec<u8> = [0x40, 0x00].repeat(32_767);
    send_frame(&mut s, 2, &open).await;
    still_serves(&addr, &mut s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_thousand_nested_brackets_do_not_take_the_server_down() {
    // More than a message holds: the stream of 100,000 open and 100,000 close brackets,
    // as long messages (each as long as the framing allows); then the same, as one length
    // that lies (the rest of the stream read as headers: an unknown type, cut off).
    let addr = start().await;
    let mut s = line(&addr).await;
    let all = nested(100_000);
    for chunk in all.chunks(65_534) {
        send_frame(&mut s, 2, chunk).await;
        let (t, body) = frame(&mut s).await.unwrap();
        assert_eq!(t, 2);
        // HUH (ERR) for a long one; the last, short and only close brackets, gets PRN.
        let huh = msg::to_bytes(&parse_text("HUH ( ERR )", board()).unwrap());
        assert!(
            body == huh || (chunk.len() < 16_384 && body[..4] == [0x48, 0x13, 0x40, 0x00]),
            "{:?}",
            &body[..body.len().min(8)]
        );
    }
    still_serves(&addr, &mut s).await;
    let mut liar = line(&addr).await;
    let mut bytes = vec![2, 0, 0xFF, 0xFE];
    bytes.extend(&all);
    let _ = liar.write_all(&bytes).await;
    assert_eq!(recv(&mut liar).await, "HUH ( ERR )");
    // 0x40 0x00: a frame of type 0x40, unknown: error 0x08 and the end of the line.
    assert_eq!(recv(&mut liar).await, "frame 4 [0, 8]");
    still_serves(&addr, &mut s).await;
    // And read directly: refused, at any depth, without a tree built.
    assert_eq!(msg::from_bytes(&all), Err(msg::MsgError::TooDeep));
    let deep_text = format!("{}{}", "( ".repeat(100_000), ") ".repeat(100_000));
    assert_eq!(parse_text(&deep_text, board()), Err(msg::MsgError::TooDeep));
    assert_eq!(
        msg::from_bytes(&[0x40, 0x00].repeat(100_000)),
        Err(msg::MsgError::Brackets)
    );
}

#[tokio::test]
async fn a_message_longer_than_the_server_reads_gets_huh_and_the_line_stays() {
    let addr = start().await;
    let mut s = line(&addr).await;
    let lim = Limits::default().max_message_octets;
    // A press message of 'x'·n: one octet over the limit, then at the limit.
    let long = |n: usize| {
        let mut b = msg::to_bytes(&parse_text("ADM ( 'me' )", board()).unwrap());
        b.extend([0x40, 0x00]);
        b.extend([0x4B, b'x'].repeat(n));
        b.extend([0x40, 0x01]);
        b
    };
    let over = long((lim - 14) / 2 + 1);
    assert_eq!(over.len(), lim + 2);
    send_frame(&mut s, 2, &over).await;
    assert_eq!(recv(&mut s).await, "HUH ( ERR )");
    still_serves(&addr, &mut s).await;
}

#[tokio::test]
async fn unbalanced_brackets_get_prn_quoting_the_message() {
    let addr = start().await;
    let mut s = line(&addr).await;
    // NME ( 'a' : one bracket left open.
    send_frame(&mut s, 2, &[0x48, 0x0C, 0x40, 0x00, 0x4B, b'a']).await;
    let (t, body) = frame(&mut s).await.unwrap();
    assert_eq!(t, 2);
    assert_eq!(
        body,
        [0x48, 0x13, 0x40, 0x00, 0x48, 0x0C, 0x40, 0x00, 0x4B, b'a', 0x40, 0x01],
        "PRN ( NME ( 'a' )"
    );
    // A close bracket too many.
    send_frame(&mut s, 2, &[0x48, 0x09, 0x40, 0x01]).await;
    let (_, body) = frame(&mut s).await.unwrap();
    assert_eq!(body[..4], [0x48, 0x13, 0x40, 0x00]);
    still_serves(&addr, &mut s).await;
}

#[tokio::test]
async fn long_strings_and_names_are_refused() {
    let addr = start_with(table(1), Limits::default()).await;
    let mut s = line(&addr).await;
    let lim = Limits::default().max_text_octets;
    let long = "y".repeat(lim + 1);
    send(&mut s, &format!("ADM ( 'me' ) ( '{long}' )")).await;
    assert_eq!(
        recv(&mut s).await,
        format!("HUH ( ADM ( 'me' ) ( ERR '{long}' ) )")
    );
    // A name of 65 octets is refused; one of 64 is taken.
    let name = "n".repeat(entente_daide::table::MAX_NAME_OCTETS + 1);
    send(&mut s, &format!("NME ( '{name}' ) ( '1' )")).await;
    assert_eq!(
        recv(&mut s).await,
        format!("REJ ( NME ( '{name}' ) ( '1' ) )")
    );
    let version = "v".repeat(entente_daide::table::MAX_NAME_OCTETS + 1);
    send(&mut s, &format!("NME ( 'ok' ) ( '{version}' )")).await;
    assert!(recv(&mut s).await.starts_with("REJ ( NME"));
    let name = &name[1..];
    send(&mut s, &format!("NME ( '{name}' ) ( '1' )")).await;
    assert_eq!(
        recv(&mut s).await,
        format!("YES ( NME ( '{name}' ) ( '1' ) )")
    );
}

#[tokio::test]
async fn a_frame_begun_and_not_finished_gets_error_0x09() {
    let addr = start_with(
        table(7),
        Limits {
            frame_timeout: Duration::from_millis(300),
            ..Limits::default()
        },
    )
    .await;
    let mut s = line(&addr).await;
    // A header announcing 10 octets, and 2 of them: "message shorter than expected".
    s.write_all(&[2, 0, 0, 10, 0x48, 0x09]).await.unwrap();
    let t0 = Instant::now();
    assert_eq!(recv(&mut s).await, "frame 4 [0, 9]");
    assert!(t0.elapsed() >= Duration::from_millis(250));
    assert_eq!(recv(&mut s).await, "", "the line is closed");
    // The initial message too: half of it, then nothing.
    let mut s = TcpStream::connect(&addr).await.unwrap();
    s.write_all(&IM[..6]).await.unwrap();
    assert_eq!(recv(&mut s).await, "frame 4 [0, 9]");
}

/// Connections that have sent the initial message, each with what it got first: the
/// representation message (1), or nothing at all yet.
async fn open_lines(addr: &str, n: usize) -> Vec<TcpStream> {
    let mut v = Vec::new();
    for _ in 0..n {
        v.push(line(addr).await);
    }
    v
}

/// A connection over a limit: the representation message, OFF, the final message, closed.
async fn refused(addr: &str) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(&IM).await.unwrap();
    assert_eq!(frame(&mut s).await.map(|f| f.0), Some(1));
    assert_eq!(recv(&mut s).await, "OFF");
    assert_eq!(frame(&mut s).await, Some((3, vec![])));
    assert_eq!(frame(&mut s).await, None);
}

#[tokio::test]
async fn connections_over_the_cap_per_address_are_told_off_and_closed() {
    let addr = start_with(
        table(7),
        Limits {
            max_per_address: 3,
            ..Limits::default()
        },
    )
    .await;
    let mut three = open_lines(&addr, 3).await;
    refused(&addr).await;
    refused(&addr).await;
    // The three are served; once one has gone, a new one is.
    for s in three.iter_mut() {
        send(s, "MAP").await;
        assert_eq!(recv(s).await, "MAP ( 'standard' )");
    }
    drop(three.pop());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut s = TcpStream::connect(&addr).await.unwrap();
        s.write_all(&IM).await.unwrap();
        let _rm = frame(&mut s).await;
        send(&mut s, "MAP").await;
        let m = recv(&mut s).await;
        if m == "MAP ( 'standard' )" {
            break;
        }
        assert_eq!(m, "OFF");
        assert!(
            Instant::now() < deadline,
            "the freed place was not given again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn connections_over_the_cap_in_all_are_told_off_and_closed() {
    let addr = start_with(
        table(7),
        Limits {
            max_connections: 5,
            ..Limits::default()
        },
    )
    .await;
    let mut five = open_lines(&addr, 5).await;
    refused(&addr).await;
    for s in five.iter_mut() {
        send(s, "MAP").await;
        assert_eq!(recv(s).await, "MAP ( 'standard' )");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eleven_hundred_connections_at_once_leave_the_listener_serving() {
    // The reproduction: 1,100 connections at once from one address (each sending the
    // initial message). The process needs two descriptors for each (both ends are here).
    raise_descriptor_limit(2_600);
    let addr = start().await;
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
            s.write_all(&IM).await.ok()?;
            let mut h = [0u8; 4];
            tokio::time::timeout(Duration::from_secs(20), s.read_exact(&mut h))
                .await
                .ok()?
                .ok()?;
            Some(s)
        }));
    }
    let mut lines = Vec::new();
    for t in tasks {
        if let Some(s) = t.await.unwrap() {
            lines.push(s);
        }
    }
    // At most 64 from one address are served: send MAP on each, count the answers.
    let mut served = 0;
    for s in lines.iter_mut() {
        let _ = send_frame_quiet(s, &msg::to_bytes(&parse_text("MAP", board()).unwrap())).await;
    }
    for s in lines.iter_mut() {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), frame(s)).await {
                Ok(Some((2, body))) => {
                    let m = text(&msg::from_bytes(&body).unwrap(), board());
                    if m == "MAP ( 'standard' )" {
                        served += 1;
                        break;
                    }
                }
                Ok(Some(_)) => {}
                _ => break,
            }
        }
    }
    assert_eq!(served, Limits::default().max_per_address, "served at once");
    drop(lines);
    // Then a new bot is served and plays.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut s = line(&addr).await;
    send(&mut s, "MAP").await;
    assert_eq!(recv(&mut s).await, "MAP ( 'standard' )");
}

async fn send_frame_quiet(s: &mut TcpStream, body: &[u8]) -> std::io::Result<()> {
    let mut f = vec![2, 0];
    f.extend((body.len() as u16).to_be_bytes());
    f.extend(body);
    s.write_all(&f).await
}

/// The soft limit on descriptors raised to at least `n` (as far as the hard limit allows).
fn raise_descriptor_limit(n: u64) {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the struct given.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim), 0);
        if lim.rlim_cur < n as libc::rlim_t {
            lim.rlim_cur = (n as libc::rlim_t).min(lim.rlim_max);
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_is_cut_off() {
    let addr = start_with(
        table(7),
        Limits {
            max_unsent_octets: 64 * 1024,
            flood_per_second: 1_000_000,
            ..Limits::default()
        },
    )
    .await;
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let mut s = sock.connect(addr.parse().unwrap()).await.unwrap();
    s.write_all(&IM).await.unwrap();
    // MDF again and again, nothing read: tens of megabytes asked for.
    let mdf = msg::to_bytes(&parse_text("MDF", board()).unwrap());
    let mut burst = Vec::new();
    for _ in 0..20_000 {
        burst.extend([2, 0, 0, mdf.len() as u8]);
        burst.extend(&mdf);
    }
    let _ = tokio::time::timeout(Duration::from_secs(20), s.write_all(&burst)).await;
    // Cut off: what was sent ends, well short of the answers asked for.
    let mut got = 0usize;
    let mut buf = vec![0u8; 1 << 16];
    let t0 = Instant::now();
    loop {
        match tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => got += n,
            Err(_) => panic!("the line is still open after {got} octets"),
        }
    }
    let mdf_len = msg::to_bytes(&board().mdf()).len();
    assert!(
        got < 20_000 * mdf_len / 4,
        "{got} octets read of {}",
        20_000 * mdf_len
    );
    assert!(t0.elapsed() < Duration::from_secs(20));
    let mut other = line(&addr).await;
    send(&mut other, "MAP").await;
    assert_eq!(recv(&mut other).await, "MAP ( 'standard' )");
}

/// A test bot's join: NME, MAP, YES (MAP); returns its HLO.
async fn join(s: &mut TcpStream, name: &str) -> String {
    send(s, &format!("NME ( '{name}' ) ( '1' )")).await;
    assert!(recv(s).await.starts_with("YES ( NME"));
    assert_eq!(recv(s).await, "MAP ( 'standard' )");
    send(s, "YES ( MAP ( 'standard' ) )").await;
    until(s, "HLO").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_every_bot_has_left_waits_rather_than_playing_itself_for_ever() {
    // A one-bot game with no deadlines: its bot leaves. Every phase then had nobody to
    // wait for, and was played at once, the next one from inside the last (recursion)
    // without end: the stack overflowed and the process aborted.
    let addr = start_with(table(1), Limits::default()).await;
    let mut bot = line(&addr).await;
    let hlo = join(&mut bot, "Leaves").await;
    let passcode: i32 = hlo.split(['#', ' ']).find_map(|w| w.parse().ok()).unwrap();
    until(&mut bot, "NOW").await;
    drop(bot);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut other = line(&addr).await;
    send(&mut other, "MAP").await;
    assert_eq!(recv(&mut other).await, "MAP ( 'standard' )");
    // The game waited: back with its passcode, the bot finds Spring 1901 still.
    send(&mut other, &format!("IAM ( AUS ) ( #{passcode} )")).await;
    assert_eq!(
        recv(&mut other).await,
        format!("YES ( IAM ( AUS ) ( #{passcode} ) )")
    );
    send(&mut other, "NOW").await;
    assert!(recv(&mut other).await.starts_with("NOW ( SPR #1901 )"));
    // And it plays on.
    send(
        &mut other,
        "SUB ( ( AUS AMY VIE ) HLD ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )",
    )
    .await;
    assert!(until(&mut other, "NOW")
        .await
        .starts_with("NOW ( FAL #1901 )"));
}

#[tokio::test]
async fn a_game_of_bots_nobody_is_at_is_dropped_after_a_while() {
    let addr = start_with(
        table(1),
        Limits {
            abandoned_after: Duration::from_millis(200),
            ..Limits::default()
        },
    )
    .await;
    let mut bot = line(&addr).await;
    let hlo = join(&mut bot, "Gone").await;
    let passcode: i32 = hlo.split(['#', ' ']).find_map(|w| w.parse().ok()).unwrap();
    drop(bot);
    tokio::time::sleep(Duration::from_millis(800)).await;
    let mut back = line(&addr).await;
    send(&mut back, &format!("IAM ( AUS ) ( #{passcode} )")).await;
    assert!(recv(&mut back).await.starts_with("REJ ( IAM"));
}

#[test]
fn the_limits_are_those_reported() {
    // docs/daide.md gives these values.
    let l = Limits::default();
    assert!(l.max_connections <= 512 && l.max_connections >= 16);
    assert_eq!(l.max_per_address, 64);
    assert_eq!(l.max_message_octets, 16_384);
    assert_eq!(l.max_text_octets, 1_024);
    assert_eq!(l.frame_timeout, Duration::from_secs(30));
    assert_eq!(l.flood_per_second, 300);
    assert_eq!(l.max_unsent_octets, 4 << 20);
    assert_eq!(l.abandoned_after, Duration::from_secs(1_800));
    assert_eq!(msg::MAX_DEPTH, 64);
    assert_eq!(l.max_depth, 63);
    assert_eq!(entente_daide::table::MAX_NAME_OCTETS, 64);
}

#[tokio::test]
async fn a_bot_that_leaves_before_the_game_starts_gives_its_seat_back() {
    // Two seats: a bot takes one and goes; the next two bots make the game, with the first
    // power free again.
    let addr = start_with(table(2), Limits::default()).await;
    let mut ghost = line(&addr).await;
    send(&mut ghost, "NME ( 'Ghost' ) ( '1' )").await;
    assert!(recv(&mut ghost).await.starts_with("YES ( NME"));
    send(&mut ghost, "YES ( MAP ( 'standard' ) )").await;
    send(&mut ghost, "MAP").await;
    until(&mut ghost, "MAP").await;
    until(&mut ghost, "MAP").await;
    drop(ghost);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut a = line(&addr).await;
    let mut b = line(&addr).await;
    send(&mut a, "NME ( 'A' ) ( '1' )").await;
    assert!(recv(&mut a).await.starts_with("YES ( NME"));
    send(&mut a, "YES ( MAP ( 'standard' ) )").await;
    send(&mut b, "NME ( 'B' ) ( '1' )").await;
    assert!(recv(&mut b).await.starts_with("YES ( NME"));
    send(&mut b, "YES ( MAP ( 'standard' ) )").await;
    let hlo_a = until(&mut a, "HLO").await;
    let hlo_b = until(&mut b, "HLO").await;
    assert!(hlo_a.starts_with("HLO ( AUS )"), "{hlo_a}");
    assert!(hlo_b.starts_with("HLO ( ENG )"), "{hlo_b}");
    // Nobody is waited for but the two: their orders in, the phase is played.
    until(&mut a, "NOW").await;
    until(&mut b, "NOW").await;
    send(
        &mut a,
        "SUB ( ( AUS AMY VIE ) HLD ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )",
    )
    .await;
    send(
        &mut b,
        "SUB ( ( ENG FLT LON ) HLD ) ( ( ENG FLT EDI ) HLD ) ( ( ENG AMY LVP ) HLD )",
    )
    .await;
    assert!(until(&mut a, "NOW").await.starts_with("NOW ( FAL #1901 )"));
}

#[tokio::test]
async fn an_address_guessing_passcodes_is_refused_untried_after_ten_wrong_ones() {
    // A passcode is below 8,192: tried freely, at 300 messages a second, a seat would be
    // taken in half a minute.
    let addr = start_with(table(1), Limits::default()).await;
    let mut owner = line(&addr).await;
    let hlo = join(&mut owner, "Owner").await;
    let passcode: i32 = hlo.split(['#', ' ']).find_map(|w| w.parse().ok()).unwrap();
    let mut thief = line(&addr).await;
    for k in 0..Limits::default().iam_guesses_per_minute as i32 {
        let wrong = (passcode + k) % 8191 + 1;
        send(&mut thief, &format!("IAM ( AUS ) ( #{wrong} )")).await;
        assert!(recv(&mut thief).await.starts_with("REJ ( IAM"));
    }
    // The right one now: refused, untried; the owner keeps its seat.
    send(&mut thief, &format!("IAM ( AUS ) ( #{passcode} )")).await;
    assert_eq!(
        recv(&mut thief).await,
        format!("REJ ( IAM ( AUS ) ( #{passcode} ) )")
    );
    send(&mut owner, "HLO").await;
    assert!(until(&mut owner, "HLO").await.starts_with("HLO ( AUS )"));
}
