//! Issue 31: fuzzing the DAIDE server's readers, under `cargo test` (proptest, stable Rust),
//! a bounded number of cases each. The property: no panic, no abort, each input's work done
//! in bounded time; and the server still answers afterwards.
//!
//! - the message parser: `msg::from_bytes` on any octets and on the corpus's messages
//!   mutated token by token (brackets, strings, integers, tokens of every kind), whose result
//!   is within the nesting bound and reads back the same once written; `parse_text` on any
//!   text and on the corpus's lines mutated;
//! - the tables: any mutated message from players, an observer and a stranger, in a game of
//!   bots in memory and in a hosted one, with time passing and lines going;
//! - the framing: a real server (in this process, over TCP) fed any stream of frames (of
//!   every type, lengths true or false, bodies mutated from the corpus or random) after the
//!   initial message, then a fresh line checked to be served.
//!
//! The corpus is `fuzz-corpus/messages.txt`. Each target runs a fixed number of cases (a few
//! seconds in a debug build); `ENTENTE_FUZZ_SECS=n` runs each for n seconds instead (a longer
//! campaign: `ENTENTE_FUZZ_SECS=600 cargo test --release -p entente-daide --test fuzz`). A
//! failure prints the smallest input proptest found.

use entente_daide::msg::{self, parse_text, text, Msg};
use entente_daide::server::{serve_with, Limits};
use entente_daide::table::{ConnId, Out};
use entente_daide::tokens::{BRA, KET};
use entente_daide::{Board, DaideConfig, Node, Table, TableConfig};
use entente_map::Map;
use proptest::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once, OnceLock};
use std::time::{Duration, Instant};

/// Runs `test` on `cases` inputs of `strategy` (fresh ones each run), or on as many as
/// `ENTENTE_FUZZ_SECS` seconds allow.
fn fuzz<S>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value))
where
    S: Strategy,
    S::Value: std::fmt::Debug,
{
    use proptest::test_runner::{Config, TestRunner};
    let secs: Option<u64> = std::env::var("ENTENTE_FUZZ_SECS")
        .ok()
        .and_then(|v| v.parse().ok());
    let deadline = secs.map(|s| Instant::now() + Duration::from_secs(s));
    let t0 = Instant::now();
    let mut total = 0u64;
    loop {
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        if let Err(e) = runner.run(&strategy, |v| {
            test(v);
            Ok(())
        }) {
            panic!("{name}: {e}");
        }
        total += u64::from(cases);
        if deadline.is_none_or(|d| Instant::now() >= d) {
            break;
        }
    }
    eprintln!("{name}: {total} cases in {:?}", t0.elapsed());
}

fn board() -> Arc<Board> {
    static B: OnceLock<Arc<Board>> = OnceLock::new();
    B.get_or_init(|| Arc::new(Board::new(Arc::new(Map::standard())).unwrap()))
        .clone()
}

/// The corpus: each message as read, and as text.
fn corpus() -> &'static [(Msg, String)] {
    static C: OnceLock<Vec<(Msg, String)>> = OnceLock::new();
    C.get_or_init(|| {
        include_str!("../fuzz-corpus/messages.txt")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                let m =
                    parse_text(l, &*board()).unwrap_or_else(|e| panic!("corpus line {l:?}: {e:?}"));
                (m, l.to_string())
            })
            .collect()
    })
}

/// Every token the corpus uses, for mutations.
fn corpus_tokens() -> &'static [u16] {
    static T: OnceLock<Vec<u16>> = OnceLock::new();
    T.get_or_init(|| {
        let mut v: Vec<u16> = corpus().iter().flat_map(|(m, _)| msg::encode(m)).collect();
        v.sort();
        v.dedup();
        v
    })
}

/// Panics anywhere in the process (the server's tasks included, whose panics tokio would
/// otherwise swallow) are noted here.
static PANICKED: AtomicBool = AtomicBool::new(false);

fn watch_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICKED.store(true, Ordering::SeqCst);
            default(info);
        }));
    });
}

/// One edit of a token sequence.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, u16),
    Delete(usize),
    Replace(usize, u16),
    /// A run of the sequence copied elsewhere.
    Copy(usize, usize, usize),
    /// Many open (or close) brackets at once.
    Brackets(usize, bool, usize),
    /// Another corpus message spliced in.
    Splice(usize, usize),
}

/// A token: a bracket, one of the corpus's, a string's octet, an integer, or any.
fn token() -> impl Strategy<Value = u16> {
    prop_oneof![
        2 => Just(BRA),
        2 => Just(KET),
        4 => (0..1000usize).prop_map(|i| corpus_tokens()[i % corpus_tokens().len()]),
        1 => any::<u8>().prop_map(|b| 0x4B00 | b as u16),
        1 => 0u16..0x4000,
        1 => 0x5800u16..0x6000,
        1 => any::<u16>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<usize>(), token()).prop_map(|(i, t)| Edit::Insert(i, t)),
        2 => any::<usize>().prop_map(Edit::Delete),
        3 => (any::<usize>(), token()).prop_map(|(i, t)| Edit::Replace(i, t)),
        1 => (any::<usize>(), 0..40usize, any::<usize>()).prop_map(|(a, n, b)| Edit::Copy(a, n, b)),
        1 => (any::<usize>(), any::<bool>(), 0..200usize)
            .prop_map(|(i, open, n)| Edit::Brackets(i, open, n)),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(i, m)| Edit::Splice(i, m)),
    ]
}

fn apply(toks: &mut Vec<u16>, e: &Edit) {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
    match *e {
        Edit::Insert(i, t) => {
            let i = at(i, toks.len());
            toks.insert(i, t);
        }
        Edit::Delete(i) => {
            if !toks.is_empty() {
                let i = i % toks.len();
                toks.remove(i);
            }
        }
        Edit::Replace(i, t) => {
            if !toks.is_empty() {
                let i = i % toks.len();
                toks[i] = t;
            }
        }
        Edit::Copy(a, n, b) => {
            if !toks.is_empty() {
                let a = a % toks.len();
                let run: Vec<u16> = toks[a..(a + n).min(toks.len())].to_vec();
                let b = at(b, toks.len());
                toks.splice(b..b, run);
            }
        }
        Edit::Brackets(i, open, n) => {
            let i = at(i, toks.len());
            let t = if open { BRA } else { KET };
            toks.splice(i..i, std::iter::repeat_n(t, n));
        }
        Edit::Splice(i, m) => {
            let other = msg::encode(&corpus()[m % corpus().len()].0);
            let i = at(i, toks.len());
            toks.splice(i..i, other);
        }
    }
}

/// A corpus message, mutated.
fn mutated() -> impl Strategy<Value = Vec<u16>> {
    (any::<usize>(), prop::collection::vec(edit(), 0..6)).prop_map(|(m, edits)| {
        let mut toks = msg::encode(&corpus()[m % corpus().len()].0);
        for e in &edits {
            apply(&mut toks, e);
        }
        toks
    })
}

fn octets(toks: &[u16]) -> Vec<u8> {
    toks.iter().flat_map(|t| t.to_be_bytes()).collect()
}

/// What must hold of any octets read as a message.
fn check_message(b: &[u8]) {
    let t0 = Instant::now();
    match msg::from_bytes(b) {
        Ok(m) => {
            let toks = msg::encode(&m);
            assert!(msg::depth(&toks).is_some_and(|d| d <= msg::MAX_DEPTH));
            // Written and read again, it is the same (strings are read as UTF-8, lossily,
            // so the first reading may differ from the octets; the second does not).
            let again = msg::from_bytes(&msg::to_bytes(&m)).expect("a message read back");
            assert_eq!(again, m);
            let t = text(&m, &*board());
            let _ = parse_text(&t, &*board());
            let _ = msg::huh(&m);
        }
        Err(msg::MsgError::Odd) => assert!(b.len() % 2 == 1),
        Err(msg::MsgError::Empty) => assert!(b.is_empty()),
        Err(_) => {}
    }
    assert!(t0.elapsed() < Duration::from_secs(2), "{} octets", b.len());
}

#[test]
fn every_corpus_message_is_read_and_written_back() {
    assert!(corpus().len() >= 50);
    for (m, line) in corpus() {
        assert_eq!(&text(m, &*board()), line, "the corpus is in text form");
        assert_eq!(msg::from_bytes(&msg::to_bytes(m)).as_ref(), Ok(m));
    }
}

#[test]
fn any_octets_are_read_or_refused() {
    fuzz(
        "any octets",
        3000,
        prop::collection::vec(any::<u8>(), 0..600),
        |b| check_message(&b),
    );
}

#[test]
fn mutated_messages_are_read_or_refused() {
    fuzz("mutated messages", 3000, mutated(), |toks| {
        check_message(&octets(&toks))
    });
}

#[test]
fn any_text_is_read_or_refused() {
    fuzz(
        "any text",
        3000,
        "[ ()#'A-Z0-9a-z\\-]{0,200}",
        |s: String| {
            let t0 = Instant::now();
            if let Ok(m) = parse_text(&s, &*board()) {
                assert!(msg::depth(&msg::encode(&m)).is_some_and(|d| d <= msg::MAX_DEPTH));
                let _ = text(&m, &*board());
            }
            assert!(t0.elapsed() < Duration::from_secs(2));
        },
    );
}

#[test]
fn mutated_corpus_text_is_read_or_refused() {
    let edits = prop::collection::vec(
        (
            any::<usize>(),
            "[()#' ]|[A-Z]{3}|#-?[0-9]{1,6}|'[^']{0,5}'",
            any::<bool>(),
        ),
        0..6,
    );
    fuzz(
        "mutated text",
        3000,
        (any::<usize>(), edits),
        |(m, edits)| {
            let mut s = corpus()[m % corpus().len()].1.clone();
            for (i, piece, delete) in &edits {
                let mut i = i % (s.len() + 1);
                while !s.is_char_boundary(i) {
                    i -= 1;
                }
                if *delete {
                    let mut j = (i + piece.len()).min(s.len());
                    while !s.is_char_boundary(j) {
                        j -= 1;
                    }
                    s.replace_range(i..j, "");
                } else {
                    s.insert_str(i, piece);
                }
            }
            let _ = parse_text(&s, &*board());
        },
    );
}

/// A game of two bots (connections 1 and 2) begun, an observer (3) and a stranger (4) at it.
fn game(hosted: bool, press: u32) -> Table {
    let config = TableConfig {
        bots: 2,
        move_secs: 5,
        retreat_secs: 5,
        build_secs: 5,
        press_level: press,
        ..TableConfig::default()
    };
    let now = Instant::now();
    let mut t = if hosted {
        Table::hosted(board(), config, 7)
    } else {
        Table::new(board(), config, 7).expect("a game of bots")
    };
    for c in [1, 2] {
        t.handle(
            c,
            parse_text(&format!("NME ( 'b{c}' ) ( '1' )"), &*board()).unwrap(),
            now,
        );
        t.handle(
            c,
            parse_text("YES ( MAP ( 'standard' ) )", &*board()).unwrap(),
            now,
        );
    }
    if hosted {
        let map = board().map_arc().clone();
        let powers: Vec<_> = map.power_ids().collect();
        t.seat(1, powers[0]);
        t.seat(2, powers[1]);
        let game = entente_game::Game::new(map, entente_judge::Rulebook::default());
        t.sync(game, Some(now + Duration::from_secs(5)));
    }
    t.handle(3, parse_text("OBS", &*board()).unwrap(), now);
    t.handle(4, parse_text("MAP", &*board()).unwrap(), now);
    assert!(t.is_started());
    t.take_out();
    t.take_effects();
    t
}

#[derive(Clone, Debug)]
enum Act {
    Msg(ConnId, Vec<u16>),
    Tick(u64),
    Leave(ConnId),
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        8 => (1..5u64, mutated()).prop_map(|(c, t)| Act::Msg(c, t)),
        1 => (0..20_000u64).prop_map(Act::Tick),
        1 => (1..5u64).prop_map(Act::Leave),
    ]
}

#[test]
fn a_table_takes_any_message() {
    let strategy = (
        any::<bool>(),
        prop_oneof![Just(0u32), Just(10), Just(8000)],
        prop::collection::vec(act(), 1..25),
    );
    fuzz("tables", 600, strategy, |(hosted, press, acts)| {
        let mut t = game(hosted, press);
        let mut now = Instant::now();
        let t0 = Instant::now();
        let mut out = 0usize;
        for a in &acts {
            match a {
                Act::Msg(c, toks) => {
                    // As the server reads them: whole, within its nesting bound.
                    if let Ok(m) = msg::decode_within(toks, Limits::default().max_depth) {
                        t.handle(*c, m, now);
                    }
                }
                Act::Tick(ms) => {
                    now += Duration::from_millis(*ms);
                    t.tick(now);
                }
                Act::Leave(c) => t.disconnect(*c, now),
            }
            for (_, o) in t.take_out() {
                if let Out::Msg(m) = o {
                    // Every message out can be framed and read back.
                    let b = msg::to_bytes(&m);
                    assert!(b.len() <= u16::MAX as usize);
                    assert!(msg::from_bytes(&b).is_ok(), "{}", text(&m, &*board()));
                }
                out += 1;
            }
            t.take_effects();
        }
        assert!(out < 100_000, "{out} messages out");
        assert!(t0.elapsed() < Duration::from_secs(10));
    });
}

/// The server every framing case talks to: its own runtime (multi-threaded, as `entente
/// serve`'s), in this process.
fn server() -> &'static (tokio::runtime::Runtime, String) {
    static S: OnceLock<(tokio::runtime::Runtime, String)> = OnceLock::new();
    S.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let addr = rt.block_on(async {
            let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = l.local_addr().unwrap().to_string();
            let config = DaideConfig {
                initial_timeout: Duration::from_secs(5),
                map: Arc::new(Map::standard()),
                table: TableConfig {
                    bots: 2,
                    move_secs: 1,
                    retreat_secs: 1,
                    build_secs: 1,
                    press_level: 10,
                    ..TableConfig::default()
                },
                tick: Duration::from_millis(20),
                hosting: None,
            };
            tokio::spawn(serve_with(
                l,
                config,
                Limits {
                    frame_timeout: Duration::from_millis(500),
                    ..Limits::default()
                },
            ));
            addr
        });
        (rt, addr)
    })
}

/// One frame of a stream: its type, whether its length is told truly, and its body.
#[derive(Clone, Debug)]
struct Frame {
    kind: u8,
    length: Option<u16>,
    body: Vec<u8>,
}

fn frame() -> impl Strategy<Value = Frame> {
    let kind = prop_oneof![8 => Just(2u8), 1 => 0..6u8, 1 => any::<u8>()];
    let body = prop_oneof![
        6 => mutated().prop_map(|t| octets(&t)),
        1 => prop::collection::vec(any::<u8>(), 0..64),
        1 => (1..5000usize).prop_map(|n| octets(&[vec![BRA; n], vec![KET; n]].concat())),
    ];
    let length = prop_oneof![9 => Just(None), 1 => any::<u16>().prop_map(Some)];
    (kind, length, body).prop_map(|(kind, length, body)| Frame { kind, length, body })
}

fn stream(frames: &[Frame]) -> Vec<u8> {
    let mut b = vec![0, 0, 0, 4, 0, 1, 0xDA, 0x10];
    for f in frames {
        b.push(f.kind);
        b.push(0);
        b.extend(f.length.unwrap_or(f.body.len() as u16).to_be_bytes());
        b.extend(&f.body);
    }
    b
}

async fn map_answered(addr: &str) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
        return false;
    };
    let mut out = vec![0, 0, 0, 4, 0, 1, 0xDA, 0x10];
    let map = msg::to_bytes(&parse_text("MAP", &*board()).unwrap());
    out.extend([2, 0, 0, map.len() as u8]);
    out.extend(&map);
    if s.write_all(&out).await.is_err() {
        return false;
    }
    let mut seen: Vec<u8> = Vec::new();
    let mut buf = [0u8; 256];
    let want = msg::to_bytes(&board().map_msg());
    let until = tokio::time::timeout(Duration::from_secs(10), async {
        while let Ok(n) = s.read(&mut buf).await {
            if n == 0 {
                break;
            }
            seen.extend(&buf[..n]);
            if seen.windows(want.len()).any(|w| w == want.as_slice()) {
                return true;
            }
        }
        false
    });
    until.await.unwrap_or(false)
}

#[test]
fn the_server_takes_any_stream_of_frames() {
    let frames = prop::collection::vec(frame(), 0..12);
    fuzz("framing", 500, frames, |frames| {
        watch_panics();
        let (rt, addr) = server();
        let bytes = stream(&frames);
        let t0 = Instant::now();
        rt.block_on(async {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let mut s = tokio::net::TcpStream::connect(addr.as_str()).await.unwrap();
            let _ = s.write_all(&bytes).await;
            let _ = s.shutdown().await;
            // Everything the server says until it closes the line: it must, once the stream
            // has ended (or cut it off before).
            let mut sink = vec![0u8; 1 << 16];
            let closed = tokio::time::timeout(Duration::from_secs(15), async {
                while let Ok(n) = s.read(&mut sink).await {
                    if n == 0 {
                        break;
                    }
                }
            })
            .await;
            assert!(closed.is_ok(), "the line stayed open: {frames:?}");
        });
        assert!(t0.elapsed() < Duration::from_secs(15));
        assert!(!PANICKED.load(Ordering::SeqCst), "a panic: {frames:?}");
        assert!(
            rt.block_on(map_answered(addr)),
            "the server no longer answers"
        );
    });
}

#[test]
fn nodes_nested_as_deep_as_the_reader_allows_are_walked_without_trouble() {
    // The deepest tree the reader gives, cloned, written, shown and dropped, on a thread
    // with a small stack (64 KiB): the bound keeps every walk shallow.
    let h = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| {
            let mut n = Node::Int(1);
            for _ in 0..msg::MAX_DEPTH {
                n = Node::List(vec![n]);
            }
            let m = vec![Node::tok("ADM"), n];
            let again = msg::from_bytes(&msg::to_bytes(&m)).unwrap();
            assert_eq!(again, m);
            let _ = text(&msg::huh(&again), &*board());
            let _ = format!("{again:?}");
        })
        .unwrap();
    h.join().unwrap();
}
