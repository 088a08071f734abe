//! Power assignment: appendix 1 of the 1982 rules ("Volba velmocí"), with its worked example.

use entente_game::assign::{assign_by_preferences, parse_preferences, Lot, SeededLot};
use entente_game::Setup;
use entente_map::Map;

/// The appendix's table: seven players rank the seven powers (A = Rakousko-Uhersko,
/// E = Anglie, F = Francie, R = Rusko, G = Německo, T = Turecko, I = Itálie).
const APPENDIX_EXAMPLE: &str = "\
1: A E F R G T I
2: E F T R I G A
3: T R E F G I A
4: F E R T I A G
5: E F G R A I T
6: T I A R E F G
7: E R T G F I A
";

/// The lots the appendix states: "losem připadlo třetímu hráči Turecko a sedmému Anglie".
struct AppendixLots {
    map: Map,
    drawn: Vec<String>,
}

impl Lot for AppendixLots {
    fn draw(&mut self, seat: usize, candidates: &[usize]) -> usize {
        let power = self.map.powers()[seat].name.clone();
        self.drawn.push(power.clone());
        let winner = match power.as_str() {
            "Turkey" => 2,
            "England" => 6,
            other => panic!("the example draws no lot for {other}"),
        };
        assert!(candidates.contains(&winner));
        winner
    }
}

#[test]
fn rules_1982_appendix_1_worked_example() {
    let map = Map::standard();
    let seats = Setup::Seven.seats(&map).unwrap();
    let (names, prefs) = parse_preferences(&map, &seats, APPENDIX_EXAMPLE).unwrap();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6", "7"]);
    let mut lots = AppendixLots {
        map: Map::standard(),
        drawn: Vec::new(),
    };
    let seat_of = assign_by_preferences(&prefs, &mut lots).unwrap();
    let got: Vec<&str> = seat_of
        .iter()
        .map(|&s| map.powers()[s].name.as_str())
        .collect();
    // "První hráč dostane automaticky Rakousko-Uhersko a čtvrtý Francii ... Šestý hráč
    // tedy dostane Itálii a pátý hráč Německo, na druhého hráče zbývá Rusko."
    assert_eq!(
        got,
        ["Austria", "Russia", "Turkey", "France", "Germany", "Italy", "England"]
    );
    // Only the two contested first choices went to lot.
    lots.drawn.sort();
    assert_eq!(lots.drawn, ["England", "Turkey"]);
    // "nedostal tedy ... žádný z hráčů nic horšího než svoji čtvrtou volbu"
    for (player, &seat) in seat_of.iter().enumerate() {
        let rank = prefs[player].iter().position(|&s| s == seat).unwrap();
        assert!(rank < 4, "player {} got choice {}", player + 1, rank + 1);
    }
}

#[test]
fn a_seeded_lot_is_reproducible() {
    let map = Map::standard();
    let seats = Setup::Seven.seats(&map).unwrap();
    let (_, prefs) = parse_preferences(&map, &seats, APPENDIX_EXAMPLE).unwrap();
    let a = assign_by_preferences(&prefs, &mut SeededLot::new(9)).unwrap();
    let b = assign_by_preferences(&prefs, &mut SeededLot::new(9)).unwrap();
    assert_eq!(a, b);
    // Whatever the lot, the uncontested first choices stand.
    assert_eq!(a[0], map.lookup_power("Austria").unwrap().index());
    assert_eq!(a[3], map.lookup_power("France").unwrap().index());
}

#[test]
fn preferences_name_multi_power_seats_by_any_of_their_powers() {
    let map = Map::standard();
    let seats = Setup::Four.seats(&map).unwrap();
    let text = "Ann: England, Austria/France, Germany/Turkey, Italy/Russia\n\
                Bob: Turkey; Russia; England; France\n\
                Cid: E A G I\n\
                Dan: Russia/Italy, Germany, Austria, England\n";
    let (names, prefs) = parse_preferences(&map, &seats, text).unwrap();
    assert_eq!(names, ["Ann", "Bob", "Cid", "Dan"]);
    assert_eq!(prefs[0], vec![0, 1, 2, 3]);
    assert_eq!(prefs[1], vec![2, 3, 0, 1]);
    assert_eq!(prefs[3], vec![3, 2, 1, 0]);
    assert!(parse_preferences(&map, &seats, "Ann: Austria/Germany, E, I, T").is_err());
}
