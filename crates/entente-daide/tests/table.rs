//! A game of bots in memory as the table plays it on the game master's session, message by
//! message and without a line: the draw vote, the deadline, when a phase is due. Each test
//! is named after the rule it checks.

use entente_daide::msg::{parse_text, text};
use entente_daide::table::Out;
use entente_daide::{Board, Table, TableConfig};
use entente_map::Map;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

fn board() -> Arc<Board> {
    static B: OnceLock<Arc<Board>> = OnceLock::new();
    B.get_or_init(|| Arc::new(Board::new(Arc::new(Map::standard())).unwrap()))
        .clone()
}

/// A table of bots in memory and its clock.
struct Game {
    t: Table,
    now: Instant,
}

impl Game {
    /// Bots at these powers (`AUS`...), connections numbered from 1 in that order; the game
    /// begun and its opening messages read.
    fn new(powers: &[&str], config: TableConfig) -> Game {
        let config = TableConfig {
            bots: powers.len(),
            ..config
        };
        let mut g = Game {
            t: Table::new(board(), config, 7).unwrap(),
            now: Instant::now(),
        };
        for (i, p) in powers.iter().enumerate() {
            let c = i as u64 + 1;
            g.send(c, &format!("NME ( '{p}:bot' ) ( '1' )"));
            g.send(c, "YES ( MAP ( 'standard' ) )");
        }
        assert!(g.t.is_started());
        g.out();
        g
    }

    fn send(&mut self, conn: u64, m: &str) {
        let m = parse_text(m, &*board()).unwrap();
        self.t.handle(conn, m, self.now);
    }

    /// The messages sent since last asked, as text, with their connection.
    fn out(&mut self) -> Vec<(u64, String)> {
        self.t
            .take_out()
            .into_iter()
            .filter_map(|(c, o)| match o {
                Out::Msg(m) => Some((c, text(&m, &*board()))),
                Out::Close => None,
            })
            .collect()
    }

    /// The messages connection `conn` was sent since last asked.
    fn to(&mut self, conn: u64) -> Vec<String> {
        self.out()
            .into_iter()
            .filter(|(c, _)| *c == conn)
            .map(|(_, m)| m)
            .collect()
    }

    fn later(&mut self, secs: u64) {
        self.now += Duration::from_secs(secs);
        self.t.tick(self.now);
    }

    fn phase(&self) -> String {
        self.t.game().phase().code()
    }
}

fn starting(ms: &[String], head: &str) -> Vec<String> {
    ms.iter().filter(|m| m.starts_with(head)).cloned().collect()
}

#[test]
fn a_draw_is_agreed_when_every_bot_of_a_survivor_votes_for_it() {
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(1, "DRW");
    assert_eq!(g.to(1), ["YES ( DRW )"]);
    assert!(!g.t.is_over());
    g.send(2, "DRW");
    let told = g.to(1);
    assert_eq!(told.first().map(String::as_str), Some("DRW"), "{told:?}");
    assert_eq!(told.last().map(String::as_str), Some("OFF"), "{told:?}");
    assert!(g.t.is_over());
    let smr = starting(&told, "SMR");
    assert!(smr[0].starts_with("SMR ( SPR #1901 )"), "{smr:?}");
}

#[test]
fn a_draw_vote_withdrawn_is_no_vote() {
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(1, "DRW");
    g.send(1, "NOT ( DRW )");
    assert_eq!(g.to(1), ["YES ( DRW )", "YES ( NOT ( DRW ) )"]);
    g.send(2, "DRW");
    assert!(!g.t.is_over());
}

#[test]
fn a_power_kept_for_a_player_has_a_say_in_a_draw_and_a_power_nobody_plays_none() {
    let kept = TableConfig {
        humans: vec!["FRA".into()],
        ..TableConfig::default()
    };
    let mut g = Game::new(&["AUS", "ENG"], kept);
    g.send(1, "DRW");
    g.send(2, "DRW");
    assert!(!g.t.is_over(), "France's player did not vote");
    // Without a kept power, the five powers nobody plays have no say.
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(1, "DRW");
    g.send(2, "DRW");
    assert!(g.t.is_over());
}

#[test]
fn a_draw_vote_is_about_the_phase_it_was_cast_in_and_cleared_when_the_phase_is_played() {
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(1, "DRW");
    g.send(1, "GOF");
    g.send(2, "GOF");
    assert_eq!(g.phase(), "F1901M");
    g.send(2, "DRW");
    assert!(!g.t.is_over(), "Austria's vote was cast in the spring");
    g.send(1, "DRW");
    assert!(g.t.is_over());
    let smr = starting(&g.to(1), "SMR");
    assert!(smr[0].starts_with("SMR ( FAL #1901 )"), "{smr:?}");
}

#[test]
fn at_the_deadline_the_phase_is_played_and_missing_orders_hold() {
    let mut g = Game::new(
        &["AUS", "ENG"],
        TableConfig {
            move_secs: 5,
            ..TableConfig::default()
        },
    );
    g.send(1, "TME");
    assert_eq!(g.to(1), ["TME ( #5 )"]);
    g.send(1, "SUB ( ( AUS AMY BUD ) MTO SER )");
    g.out();
    g.later(4);
    assert!(g.out().is_empty(), "before the deadline");
    assert_eq!(g.phase(), "S1901M");
    g.later(1);
    let told = g.to(2);
    assert_eq!(
        starting(&told, "ORD"),
        ["ORD ( SPR #1901 ) ( ( AUS AMY BUD ) MTO SER ) ( SUC )"]
    );
    assert_eq!(g.phase(), "F1901M");
    let now = starting(&told, "NOW");
    assert!(now[0].contains("AUS AMY SER"), "{now:?}");
    assert!(
        now[0].contains("ENG FLT LON"),
        "England's fleet held: {now:?}"
    );
    assert_eq!(starting(&told, "TME"), ["TME ( #5 )"]);
    // The next phase has its own deadline.
    g.send(2, "TME");
    assert_eq!(g.to(2), ["TME ( #5 )"]);
}

#[test]
fn the_phase_is_played_once_every_bot_in_the_game_has_its_orders_in() {
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(
        1,
        "SUB ( ( AUS AMY VIE ) HLD ) ( ( AUS AMY BUD ) HLD ) ( ( AUS FLT TRI ) HLD )",
    );
    assert_eq!(g.phase(), "S1901M", "England has not ordered");
    g.send(
        2,
        "SUB ( ( ENG FLT LON ) HLD ) ( ( ENG FLT EDI ) HLD ) ( ( ENG AMY LVP ) HLD )",
    );
    assert_eq!(g.phase(), "F1901M");
}

#[test]
fn a_bot_still_in_the_game_with_nothing_to_order_that_waits_holds_the_phase_up() {
    let mut g = Game::new(&["AUS", "ENG"], TableConfig::default());
    g.send(1, "SUB ( ( AUS AMY BUD ) MTO SER )");
    g.send(1, "GOF");
    g.send(2, "GOF");
    assert_eq!(g.phase(), "F1901M");
    g.send(1, "GOF");
    g.send(2, "GOF");
    // Austria took Serbia: a build in the winter; England has no adjustment, and (steering
    // with GOF) waits until it sends GOF.
    assert_eq!(g.phase(), "W1901A");
    g.out();
    g.send(2, "NOT ( GOF )");
    g.send(1, "SUB ( ( AUS AMY BUD ) BLD )");
    g.send(1, "GOF");
    assert_eq!(
        g.to(1),
        [
            "THX ( ( AUS AMY BUD ) BLD ) ( MBV )",
            "MIS ( #0 )",
            "YES ( GOF )"
        ]
    );
    assert_eq!(g.phase(), "W1901A", "England waits");
    g.send(2, "GOF");
    assert_eq!(g.phase(), "S1902M");
}
