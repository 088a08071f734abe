//! Issue 16: the DAIDE server over real TCP, as bots and strangers use it: the protocol's
//! error messages, a game joined and played, a bot disconnecting or flooding mid-phase, press
//! that reaches only its recipients, observers, reconnection by passcode, draws, and seven
//! test bots playing a whole game to its end.

use entente_daide::msg::{self, parse_text, text};
use entente_daide::{Board, DaideConfig, Node, TableConfig};
use entente_map::{Map, UnitType};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

fn board() -> Board {
    Board::new(Arc::new(Map::standard())).unwrap()
}

async fn start(table: TableConfig) -> String {
    start_on(Arc::new(Map::standard()), table).await
}

async fn start_on(map: Arc<Map>, table: TableConfig) -> String {
    start_timed(map, table, Duration::from_secs(30)).await
}

/// A server whose connections have `initial_timeout` to send the initial message. Only the
/// test of that timer shortens it: with 300 ms for every test, a client whose connection was
/// taken but which the runtime did not let write its initial message within 300 ms (a busy
/// machine: seven bots' game on two workers, a CI runner) got error 0x01 instead of the
/// representation message — the flaky failures of the tests that connect (`one_bot_game…`'s
/// reconnection at cb3eea8; `seven_test_bots…` in 1 of 160 runs here under load).
async fn start_timed(map: Arc<Map>, table: TableConfig, initial_timeout: Duration) -> String {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap().to_string();
    let config = DaideConfig {
        initial_timeout,
        map,
        table,
        tick: Duration::from_millis(20),
        hosting: None,
    };
    tokio::spawn(entente_daide::serve(l, config));
    addr
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

struct Client {
    s: TcpStream,
    b: Board,
}

const IM: [u8; 8] = [0, 0, 0, 4, 0, 1, 0xDA, 0x10];

impl Client {
    async fn connect(addr: &str) -> Client {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(&IM).await.unwrap();
        let mut h = [0u8; 4];
        s.read_exact(&mut h).await.unwrap();
        assert_eq!(h[0], 1, "the representation message comes first");
        assert_eq!(
            u16::from_be_bytes([h[2], h[3]]),
            0,
            "the standard map needs no representation"
        );
        Client { s, b: board() }
    }
    async fn send(&mut self, t: &str) {
        let m = parse_text(t, &self.b).unwrap();
        self.send_msg(&m).await;
    }
    async fn send_msg(&mut self, m: &[Node]) {
        let b = msg::to_bytes(m);
        let mut f = vec![2, 0];
        f.extend((b.len() as u16).to_be_bytes());
        f.extend(b);
        self.s.write_all(&f).await.unwrap();
    }
    /// The next frame: (type, body), or None when the connection closed.
    async fn frame(&mut self) -> Option<(u8, Vec<u8>)> {
        let mut h = [0u8; 4];
        match tokio::time::timeout(Duration::from_secs(30), self.s.read_exact(&mut h)).await {
            Err(_) => panic!("nothing from the server for 30 s"),
            Ok(Err(_)) => return None,
            Ok(Ok(_)) => {}
        }
        let mut body = vec![0u8; u16::from_be_bytes([h[2], h[3]]) as usize];
        self.s.read_exact(&mut body).await.ok()?;
        Some((h[0], body))
    }
    /// The next diplomacy message, as text ("" when the server sent FM or closed).
    async fn recv(&mut self) -> String {
        match self.frame().await {
            Some((2, body)) => text(&msg::from_bytes(&body).unwrap(), &self.b),
            Some((3, _)) | None => String::new(),
            Some((t, body)) => format!("frame {t} {body:?}"),
        }
    }
    async fn recv_msg(&mut self) -> Option<Vec<Node>> {
        match self.frame().await {
            Some((2, body)) => Some(msg::from_bytes(&body).unwrap()),
            _ => None,
        }
    }
    /// Messages until one starts with `prefix` (which is returned); panics on a closed line.
    async fn until(&mut self, prefix: &str) -> String {
        loop {
            let m = self.recv().await;
            assert!(!m.is_empty(), "closed while waiting for {prefix}");
            if m.starts_with(prefix) {
                return m;
            }
        }
    }
    /// Joins: NME, MAP, MDF, YES (MAP).
    async fn join(&mut self, name: &str) {
        self.send(&format!("NME ( '{name}' ) ( '1.0' )")).await;
        assert_eq!(
            self.recv().await,
            format!("YES ( NME ( '{name}' ) ( '1.0' ) )")
        );
        assert_eq!(self.recv().await, "MAP ( 'standard' )");
        self.send("MDF").await;
        assert!(self
            .recv()
            .await
            .starts_with("MDF ( AUS ENG FRA GER ITA RUS TUR )"));
        self.send("YES ( MAP ( 'standard' ) )").await;
    }
}

async fn raw(addr: &str, bytes: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(bytes).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
    out
}

#[tokio::test]
async fn protocol_faults_get_the_error_message_and_the_connection_closes() {
    let addr = start(table(7)).await;
    let em = |code: u8| vec![4u8, 0, 0, 2, 0, code];
    // Wrong magic number, wrong endian, another version.
    assert_eq!(raw(&addr, &[0, 0, 0, 4, 0, 1, 0xBE, 0xEF]).await, em(0x04));
    assert_eq!(raw(&addr, &[0, 0, 0, 4, 0, 1, 0x10, 0xDA]).await, em(0x03));
    assert_eq!(raw(&addr, &[0, 0, 0, 4, 0, 2, 0xDA, 0x10]).await, em(0x05));
    // A diplomacy message before the initial message.
    assert_eq!(raw(&addr, &[2, 0, 0, 2, 0x48, 0x09]).await, em(0x02));
    // After the IM: a second IM, an RM from the client, an unknown type, a private token.
    for (frame, code) in [
        (IM.to_vec(), 0x06),
        (vec![1, 0, 0, 0], 0x0D),
        (vec![9, 0, 0, 0], 0x08),
        (vec![2, 0, 0, 2, 0x58, 0x01], 0x0E),
    ] {
        let mut b = IM.to_vec();
        b.extend(frame);
        let out = raw(&addr, &b).await;
        // The RM, then the error message.
        assert_eq!(&out[..4], &[1, 0, 0, 0]);
        assert_eq!(&out[4..], &em(code)[..], "frame for error {code:#x}");
    }
}

#[tokio::test]
async fn a_message_the_server_cannot_read_gets_huh_and_the_line_stays_open() {
    let addr = start(table(7)).await;
    let mut c = Client::connect(&addr).await;
    // An unbalanced bracket: PRN, quoting the message as it came (unbalanced too).
    c.s.write_all(&[2, 0, 0, 4, 0x48, 0x09, 0x40, 0x00])
        .await
        .unwrap();
    let (t, body) = c.frame().await.unwrap();
    assert_eq!(
        (t, msg::text_of_tokens(&body, &c.b)),
        (2, "PRN ( MAP ( )".into())
    );
    // A command the server does not know.
    c.send("SVE ( 'game' )").await;
    assert_eq!(c.recv().await, "HUH ( ERR SVE ( 'game' ) )");
    c.send("MAP").await;
    assert_eq!(c.recv().await, "MAP ( 'standard' )");
}

#[tokio::test]
async fn one_bot_game_with_austria_kept_for_a_human() {
    let addr = start(TableConfig {
        bots: 1,
        humans: vec!["AUS".into()],
        ..TableConfig::default()
    })
    .await;
    let mut bot = Client::connect(&addr).await;
    bot.join("Albert").await;
    // The first free power that is not kept for a human: England.
    let hlo = bot.recv().await;
    assert!(hlo.starts_with("HLO ( ENG ) ( #"), "{hlo}");
    assert!(
        hlo.ends_with("( ( LVL #0 ) ( MTL #300 ) ( RTL #300 ) ( BTL #300 ) )"),
        "{hlo}"
    );
    let passcode: i32 = hlo.split(['#', ' ']).find_map(|w| w.parse().ok()).unwrap();
    assert!(bot
        .recv()
        .await
        .starts_with("SCO ( AUS BUD TRI VIE ) ( ENG EDI LON LVP )"));
    let now = bot.recv().await;
    assert!(
        now.starts_with("NOW ( SPR #1901 ) ( AUS AMY BUD )"),
        "{now}"
    );
    assert!(now.contains("( RUS FLT ( STP SCS ) )"), "{now}");
    assert_eq!(bot.recv().await, "TME ( #300 )");
    bot.send("NOT ( GOF )").await;
    assert_eq!(bot.recv().await, "YES ( NOT ( GOF ) )");
    // Notes: another power's unit, no unit, not adjacent, then three good orders.
    bot.send("SUB ( ( AUS AMY VIE ) MTO GAL ) ( ( ENG AMY WAL ) HLD ) ( ( ENG FLT LON ) MTO BEL ) ( ( ENG FLT EDI ) MTO NWG ) ( ( ENG FLT LON ) MTO NTH ) ( ( ENG AMY LVP ) MTO YOR )").await;
    assert_eq!(bot.recv().await, "THX ( ( AUS AMY VIE ) MTO GAL ) ( NYU )");
    assert_eq!(bot.recv().await, "THX ( ( ENG AMY WAL ) HLD ) ( NSU )");
    assert_eq!(bot.recv().await, "THX ( ( ENG FLT LON ) MTO BEL ) ( FAR )");
    assert_eq!(bot.recv().await, "THX ( ( ENG FLT EDI ) MTO NWG ) ( MBV )");
    assert_eq!(bot.recv().await, "THX ( ( ENG FLT LON ) MTO NTH ) ( MBV )");
    assert_eq!(bot.recv().await, "THX ( ( ENG AMY LVP ) MTO YOR ) ( MBV )");
    assert_eq!(bot.recv().await, "MIS");
    // A stranger cannot take England with a wrong passcode, nor order for it.
    let mut stranger = Client::connect(&addr).await;
    stranger
        .send(&format!("IAM ( ENG ) ( #{} )", passcode % 8191 + 1))
        .await;
    assert!(stranger.recv().await.starts_with("REJ ( IAM"));
    stranger.send("SUB ( ( ENG FLT EDI ) HLD )").await;
    assert!(stranger.recv().await.starts_with("REJ ( SUB"));
    // Waiting: nothing happens until GOF.
    bot.send("GOF").await;
    assert_eq!(bot.recv().await, "YES ( GOF )");
    let mut ords = Vec::new();
    for _ in 0..3 {
        ords.push(bot.recv().await);
    }
    ords.sort();
    assert_eq!(
        ords,
        [
            "ORD ( SPR #1901 ) ( ( ENG AMY LVP ) MTO YOR ) ( SUC )",
            "ORD ( SPR #1901 ) ( ( ENG FLT EDI ) MTO NWG ) ( SUC )",
            "ORD ( SPR #1901 ) ( ( ENG FLT LON ) MTO NTH ) ( SUC )",
        ]
    );
    assert!(bot.recv().await.starts_with("SCO"));
    let now = bot.recv().await;
    assert!(
        now.starts_with("NOW ( FAL #1901 )") && now.contains("( ENG FLT NTH )"),
        "{now}"
    );
    assert_eq!(bot.recv().await, "TME ( #300 )");
    // History of the past turn.
    bot.send("HST ( SPR #1901 )").await;
    assert!(bot.recv().await.starts_with("ORD ( SPR #1901 )"));
    // The bot reconnects on a new line with its passcode: the old line is closed.
    let mut again = Client::connect(&addr).await;
    again.send(&format!("IAM ( ENG ) ( #{passcode} )")).await;
    assert_eq!(
        again.recv().await,
        format!("YES ( IAM ( ENG ) ( #{passcode} ) )")
    );
    // The rest of the history answer, then the end of the old line.
    let mut left = 0;
    while !bot.recv().await.is_empty() {
        left += 1;
        assert!(left < 20, "the old line stays open");
    }
    again.send("HLO").await;
    assert!(again.recv().await.starts_with("HLO ( ENG )"));
}

#[tokio::test]
async fn a_bot_that_leaves_mid_phase_is_in_civil_disorder_and_the_game_goes_on() {
    let addr = start(table(2)).await;
    let mut a = Client::connect(&addr).await;
    let mut b = Client::connect(&addr).await;
    a.join("Stays").await;
    b.join("Leaves").await;
    assert!(a.until("HLO").await.starts_with("HLO ( AUS )"));
    b.until("NOW").await;
    drop(b);
    a.until("NOW").await;
    a.send("SUB ( ( AUS AMY VIE ) MTO GAL ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )")
        .await;
    let now = a.until("NOW").await;
    assert!(
        now.starts_with("NOW ( FAL #1901 )") && now.contains("( AUS AMY GAL )"),
        "{now}"
    );
}

#[tokio::test]
async fn a_flooding_bot_is_cut_off_and_the_game_goes_on() {
    let addr = start(table(2)).await;
    let mut a = Client::connect(&addr).await;
    let mut f = Client::connect(&addr).await;
    a.join("Calm").await;
    f.join("Flood").await;
    f.until("NOW").await;
    let map = msg::to_bytes(&parse_text("MAP", &f.b).unwrap());
    let mut burst = Vec::new();
    for _ in 0..2000 {
        burst.extend([2, 0, 0, map.len() as u8]);
        burst.extend(&map);
    }
    let _ = f.s.write_all(&burst).await;
    // Cut off: the error message (unknown message) and the end of the line.
    let mut got_em = false;
    while let Some((t, body)) = f.frame().await {
        if t == 4 {
            assert_eq!(body, [0, 0x08]);
            got_em = true;
        }
    }
    assert!(got_em, "the flooder got no error message");
    a.until("NOW").await;
    a.send("SUB ( ( AUS AMY VIE ) HLD ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )")
        .await;
    assert!(a.until("NOW").await.starts_with("NOW ( FAL #1901 )"));
}

#[tokio::test]
async fn press_reaches_its_recipients_only_and_not_at_level_0() {
    let addr = start(TableConfig {
        press_level: 10,
        ..table(3)
    })
    .await;
    let mut c: Vec<Client> = Vec::new();
    for n in ["A", "B", "C"] {
        let mut x = Client::connect(&addr).await;
        x.join(n).await;
        c.push(x);
    }
    for x in c.iter_mut() {
        x.until("NOW").await;
    }
    // AUS to ENG: ENG reads it, FRA does not.
    c[0].send("SND ( SPR #1901 ) ( ENG ) ( PRP ( PCE ( AUS ENG ) ) )")
        .await;
    assert_eq!(
        c[0].recv().await,
        "YES ( SND ( SPR #1901 ) ( ENG ) ( PRP ( PCE ( AUS ENG ) ) ) )"
    );
    assert_eq!(
        c[1].recv().await,
        "FRM ( AUS ) ( ENG ) ( PRP ( PCE ( AUS ENG ) ) )"
    );
    // To a power no bot plays: civil disorder.
    c[0].send("SND ( GER ) ( PRP ( PCE ( AUS GER ) ) )").await;
    assert_eq!(c[0].recv().await, "CCD ( GER )");
    // FRA's next message is the end of the phase, not the press.
    for x in c.iter_mut() {
        x.send("GOF").await;
    }
    let first = c[2].recv().await;
    assert_eq!(first, "YES ( GOF )");
    let next = c[2].recv().await;
    assert!(next.starts_with("ORD") || next.starts_with("SCO"), "{next}");
    // No press at level 0.
    let addr = start(table(1)).await;
    let mut q = Client::connect(&addr).await;
    q.join("Quiet").await;
    q.until("NOW").await;
    q.send("SND ( ENG ) ( PRP ( PCE ( AUS ENG ) ) )").await;
    assert!(q.recv().await.starts_with("REJ ( SND"));
}

#[tokio::test]
async fn an_observer_sees_the_results_but_cannot_order() {
    let addr = start(table(1)).await;
    let mut o = Client::connect(&addr).await;
    o.send("OBS").await;
    assert_eq!(o.recv().await, "YES ( OBS )");
    assert_eq!(o.recv().await, "MAP ( 'standard' )");
    let mut bot = Client::connect(&addr).await;
    bot.join("Player").await;
    assert!(o.until("NOW").await.starts_with("NOW ( SPR #1901 )"));
    o.send("SUB ( ( AUS AMY VIE ) HLD )").await;
    assert!(o.recv().await.starts_with("REJ ( SUB"));
    o.send("GOF").await;
    assert!(o.recv().await.starts_with("REJ ( GOF"));
    bot.until("NOW").await;
    bot.send("SUB ( ( AUS AMY VIE ) MTO TYR ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )")
        .await;
    assert!(o
        .until("ORD")
        .await
        .starts_with("ORD ( SPR #1901 ) ( ( AUS AMY VIE ) MTO TYR )"));
    assert!(o.until("NOW").await.starts_with("NOW ( FAL #1901 )"));
}

#[tokio::test]
async fn the_game_is_drawn_when_every_bot_asks() {
    let addr = start(table(2)).await;
    let mut a = Client::connect(&addr).await;
    let mut b = Client::connect(&addr).await;
    a.join("A").await;
    b.join("B").await;
    a.until("NOW").await;
    b.until("NOW").await;
    a.send("DRW").await;
    assert_eq!(a.recv().await, "YES ( DRW )");
    b.send("DRW").await;
    assert_eq!(b.recv().await, "YES ( DRW )");
    for x in [&mut a, &mut b] {
        assert_eq!(x.until("DRW").await, "DRW");
        assert!(x
            .until("SMR")
            .await
            .starts_with("SMR ( SPR #1901 ) ( AUS ( 'A' ) ( '1.0' ) #3 )"));
        assert_eq!(x.recv().await, "OFF");
        assert_eq!(x.recv().await, "", "the line is closed at the end");
    }
}

/// A test bot: random legal-looking moves from the map, retreats to the first option,
/// waives builds and removes its first units. Returns the number of NOW messages it saw and
/// its last message before the line closed.
async fn test_bot(addr: String, name: String, seed: u64) -> (usize, Vec<String>) {
    let mut c = Client::connect(&addr).await;
    c.join(&name).await;
    let map = Map::standard();
    let mut me = None;
    let mut rng = seed;
    let mut next = move |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((rng >> 33) as usize) % n.max(1)
    };
    let mut nows = 0;
    let mut tail = Vec::new();
    let mut centres = 0i32;
    loop {
        let Some(m) = c.recv_msg().await else { break };
        let t = text(&m, &c.b);
        tail.push(t.clone());
        if tail.len() > 4 {
            tail.remove(0);
        }
        if m[0].is("HLO") {
            me = m[1].as_list().and_then(|l| c.b.power_of(&l[0]));
        } else if m[0].is("SCO") {
            let mine = m[1..]
                .iter()
                .find(|g| g.as_list().and_then(|l| c.b.power_of(&l[0])) == me);
            centres = mine
                .and_then(|g| g.as_list())
                .map(|l| l.len() as i32 - 1)
                .unwrap_or(0);
        } else if m[0].is("NOW") {
            nows += 1;
            let season = text(&[m[1].clone()], &c.b);
            let mut orders = Vec::new();
            let mut units = 0;
            for u in &m[2..] {
                let l = u.as_list().unwrap();
                if c.b.power_of(&l[0]) != me {
                    continue;
                }
                units += 1;
                let unit = text(&[Node::List(l[..3].to_vec())], &c.b);
                let loc = c.b.loc_of(&l[2]).unwrap();
                if season.contains("SUM") || season.contains("AUT") {
                    if l.len() > 3 {
                        let options = l[4].as_list().unwrap();
                        if options.is_empty() {
                            orders.push(format!("( {unit} DSB )"));
                        } else {
                            orders.push(format!(
                                "( {unit} RTO {} )",
                                text(&[options[0].clone()], &c.b)
                            ));
                        }
                    }
                    continue;
                }
                if season.contains("WIN") {
                    continue;
                }
                let ty = if l[1].is("AMY") {
                    UnitType::Army
                } else {
                    UnitType::Fleet
                };
                let options: Vec<entente_map::Loc> = match ty {
                    UnitType::Army => map
                        .army_neighbours(map.province_of(loc))
                        .iter()
                        .map(entente_map::Loc)
                        .collect(),
                    UnitType::Fleet => map
                        .fleet_neighbours(loc)
                        .iter()
                        .map(entente_map::Loc)
                        .collect(),
                };
                let k = next(options.len() + 1);
                if k == options.len() || options.is_empty() {
                    orders.push(format!("( {unit} HLD )"));
                } else {
                    let dest = text(&[c.b.loc(options[k])], &c.b);
                    orders.push(format!("( {unit} MTO {dest} )"));
                }
            }
            if season.contains("WIN") {
                let d = units - centres;
                let mine: Vec<String> = m[2..]
                    .iter()
                    .filter_map(|u| u.as_list())
                    .filter(|l| c.b.power_of(&l[0]) == me)
                    .map(|l| text(&[Node::List(l[..3].to_vec())], &c.b))
                    .collect();
                for u in mine.iter().take(d.max(0) as usize) {
                    orders.push(format!("( {u} REM )"));
                }
                let p = me
                    .map(|p| c.b.power_name(p).to_string())
                    .unwrap_or_default();
                for _ in 0..(-d).max(0) {
                    orders.push(format!("( {p} WVE )"));
                }
            }
            if !orders.is_empty() {
                c.send(&format!("SUB {}", orders.join(" "))).await;
            }
        }
    }
    (nows, tail)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_test_bots_play_a_whole_game_to_its_end() {
    let addr = start(TableConfig {
        end_year: Some(1906),
        ..table(7)
    })
    .await;
    let t0 = Instant::now();
    let bots: Vec<_> = (0..7)
        .map(|i| tokio::spawn(test_bot(addr.clone(), format!("Bot{i}"), 17 + i as u64)))
        .collect();
    let mut nows = Vec::new();
    for b in bots {
        let (n, tail) = b.await.unwrap();
        assert!(
            tail.iter().any(|t| t.starts_with("SMR ( ")),
            "no summary: {tail:?}"
        );
        assert_eq!(tail.last().map(String::as_str), Some("OFF"), "{tail:?}");
        nows.push(n);
    }
    // Spring and Fall of 1901-1906, retreats and adjustments: at least twelve phases each.
    assert!(nows.iter().all(|&n| n >= 12 && n == nows[0]), "{nows:?}");
    let per_phase = t0.elapsed() / nows[0] as u32;
    eprintln!(
        "seven test bots: {} phases in {:?} ({per_phase:?} per phase)",
        nows[0],
        t0.elapsed()
    );
}

#[tokio::test]
async fn a_connection_that_sends_nothing_gets_error_0x01_when_the_initial_timer_pops() {
    let addr = start_timed(
        Arc::new(Map::standard()),
        table(7),
        Duration::from_millis(300),
    )
    .await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    let mut out = Vec::new();
    let t0 = Instant::now();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
    assert_eq!(out, [4, 0, 0, 2, 0, 0x01]);
    assert!(
        t0.elapsed() >= Duration::from_millis(250),
        "the timer popped early"
    );
}

#[tokio::test]
async fn a_variant_is_described_in_the_representation_message_and_played() {
    let map = entente_map::Variant::load("ancmed").unwrap().map.clone();
    let addr = start_on(map.clone(), table(1)).await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    s.write_all(&IM).await.unwrap();
    let mut h = [0u8; 4];
    s.read_exact(&mut h).await.unwrap();
    assert_eq!(h[0], 1);
    let len = u16::from_be_bytes([h[2], h[3]]) as usize;
    let mut rm = vec![0u8; len];
    s.read_exact(&mut rm).await.unwrap();
    // Six octets per power and province: token, three letters, zero.
    assert_eq!(len, 6 * (map.powers().len() + map.num_provinces()));
    let names: Vec<String> = rm
        .chunks(6)
        .map(|c| String::from_utf8_lossy(&c[2..5]).into_owned())
        .collect();
    assert!(rm.chunks(6).all(|c| c[5] == 0));
    let unique: std::collections::HashSet<_> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "names repeat: {names:?}");
    // Province tokens number 0.. in order, in the province categories.
    let provs: Vec<u16> = rm
        .chunks(6)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .filter(|t| (0x50..=0x57).contains(&(t >> 8)))
        .collect();
    assert_eq!(provs.len(), map.num_provinces());
    assert!(provs
        .iter()
        .enumerate()
        .all(|(i, t)| (*t & 0xFF) as usize == i));
    // The game is played with those tokens.
    let b = Board::new(map.clone()).unwrap();
    let mut c = Client { s, b };
    c.send("NME ( 'Bot' ) ( '1' )").await;
    assert!(c.recv().await.starts_with("YES ( NME"));
    assert_eq!(c.recv().await, format!("MAP ( '{}' )", c.b.map_name()));
    c.send("MDF").await;
    let mdf = c.recv().await;
    assert!(mdf.starts_with("MDF ( "), "{mdf}");
    c.send(&format!("YES ( MAP ( '{}' ) )", c.b.map_name()))
        .await;
    assert!(c.recv().await.starts_with("HLO ( "));
    assert!(c.recv().await.starts_with("SCO ( "));
    let now = c.recv().await;
    assert!(now.starts_with("NOW ( SPR #"), "{now}");
}

#[tokio::test]
async fn tme_alarms_ring_before_the_deadline_and_adm_reaches_the_others() {
    let addr = start(TableConfig {
        move_secs: 3,
        ..table(2)
    })
    .await;
    let mut a = Client::connect(&addr).await;
    let mut b = Client::connect(&addr).await;
    a.join("A").await;
    b.join("B").await;
    a.until("TME").await;
    b.until("TME").await;
    a.send("TME").await;
    let left = a.recv().await;
    assert!(left == "TME ( #2 )" || left == "TME ( #3 )", "{left}");
    // An alarm at 2 seconds before the deadline, one at 1 second cancelled.
    a.send("TME ( #2 )").await;
    assert_eq!(a.recv().await, "YES ( TME ( #2 ) )");
    a.send("TME ( #1 )").await;
    assert_eq!(a.recv().await, "YES ( TME ( #1 ) )");
    a.send("NOT ( TME ( #1 ) )").await;
    assert_eq!(a.recv().await, "YES ( NOT ( TME ( #1 ) ) )");
    a.send("NOT ( TME ( #7 ) )").await;
    assert_eq!(a.recv().await, "REJ ( NOT ( TME ( #7 ) ) )");
    // ADM goes to everyone else.
    a.send("ADM ( 'A' ) ( 'hello' )").await;
    assert_eq!(b.recv().await, "ADM ( 'A' ) ( 'hello' )");
    assert_eq!(a.recv().await, "TME ( #2 )");
    // Then the deadline: the phase is adjudicated without orders.
    assert!(a.until("NOW").await.starts_with("NOW ( FAL #1901 )"));
}

#[tokio::test]
async fn game_after_game_on_one_server_and_lines_at_no_table() {
    let addr = start(TableConfig {
        end_year: Some(1901),
        ..table(1)
    })
    .await;
    // A line that has not asked to play gets the map, refusals and HUH, and sits nowhere.
    let mut idle = Client::connect(&addr).await;
    idle.send("MAP").await;
    assert_eq!(idle.recv().await, "MAP ( 'standard' )");
    idle.send("HLO").await;
    assert_eq!(idle.recv().await, "REJ ( HLO )");
    idle.send("LOD ( 'x' )").await;
    assert_eq!(idle.recv().await, "HUH ( ERR LOD ( 'x' ) )");
    // Five one-bot short games in a row, each to its end.
    for i in 0..5 {
        let (n, tail) = test_bot(addr.clone(), format!("Serial{i}"), i).await;
        assert!(n >= 2, "game {i}: {n} phases");
        assert_eq!(
            tail.last().map(String::as_str),
            Some("OFF"),
            "game {i}: {tail:?}"
        );
    }
    // The idle line is still served.
    idle.send("MAP").await;
    assert_eq!(idle.recv().await, "MAP ( 'standard' )");
}
