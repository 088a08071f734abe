//! The map as DAIDE sees it: a token for every power and province (the standard map's fixed
//! tokens, or tokens made for a variant and sent in the representation message), and the
//! messages that describe the board: MDF, SCO, NOW, turns, units and orders.

use crate::msg::{Names, Node};
use crate::tokens::{self, tok, STANDARD_POWERS, STANDARD_PROVINCES};
use entente_game::{Game, Phase, PhaseKind, Season};
use entente_judge::{Position, Unit};
use entente_map::{Loc, Map, PowerId, ProvinceId, ProvinceKind, UnitType};
use entente_orders::{Order, Target, UnitRef};
use std::collections::HashMap;
use std::sync::Arc;

/// DAIDE's names for the standard map's provinces that entente abbreviates otherwise.
const STANDARD_RENAMES: &[(&str, &str)] = &[("eng", "ECH"), ("bot", "GOB"), ("lyo", "GOL")];

/// Coast names and their tokens.
const COASTS: &[(&str, &str)] = &[
    ("nc", "NCS"),
    ("ne", "NEC"),
    ("ec", "ECS"),
    ("se", "SEC"),
    ("sc", "SCS"),
    ("sw", "SWC"),
    ("wc", "WCS"),
    ("nw", "NWC"),
];

/// Why a variant cannot be described to DAIDE clients.
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    #[error("DAIDE numbers at most 256 provinces and 256 powers; the variant has {0}")]
    TooBig(usize),
}

pub struct Board {
    map: Arc<Map>,
    power_tok: Vec<u16>,
    power_name: Vec<String>,
    prov_tok: Vec<u16>,
    prov_name: Vec<String>,
    by_token: HashMap<u16, Named>,
    by_name: HashMap<String, u16>,
    standard: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Power(PowerId),
    Province(ProvinceId),
}

/// A three-character name of letters and digits, unique among `taken`.
fn three(word: &str, taken: &mut Vec<String>) -> String {
    let base: String = word
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .chain("XXX".chars())
        .take(3)
        .collect();
    let mut name = base.clone();
    let mut n = 0;
    while taken.contains(&name) {
        n += 1;
        name = format!(
            "{}{}",
            &base[..1],
            format!("{n:02}").chars().take(2).collect::<String>()
        );
    }
    taken.push(name.clone());
    name
}

impl Board {
    pub fn new(map: Arc<Map>) -> Result<Board, BoardError> {
        if map.num_provinces() > 256 || map.powers().len() > 256 {
            return Err(BoardError::TooBig(
                map.num_provinces().max(map.powers().len()),
            ));
        }
        // The standard map: its provinces and powers have fixed tokens.
        let std_name = |abbr: &str| {
            STANDARD_RENAMES
                .iter()
                .find(|(a, _)| *a == abbr)
                .map(|(_, n)| n.to_string())
                .unwrap_or_else(|| abbr.to_ascii_uppercase())
        };
        let standard = map.powers().len() == 7
            && map.num_provinces() == STANDARD_PROVINCES.len()
            && map.provinces().iter().all(|p| {
                let n = std_name(&p.abbr);
                STANDARD_PROVINCES.iter().any(|(s, _)| *s == n)
            })
            && map.powers().iter().all(|p| {
                STANDARD_POWERS
                    .iter()
                    .any(|s| p.name.to_ascii_uppercase().starts_with(s))
            });
        let (power_name, power_tok, prov_name, prov_tok) = if standard {
            let power_name: Vec<String> = map
                .powers()
                .iter()
                .map(|p| p.name.to_ascii_uppercase()[..3].to_string())
                .collect();
            let power_tok: Vec<u16> = power_name
                .iter()
                .map(|n| {
                    let i = STANDARD_POWERS
                        .iter()
                        .position(|s| s == n)
                        .expect("a standard power");
                    ((tokens::POWER as u16) << 8) | i as u16
                })
                .collect();
            let prov_name: Vec<String> =
                map.provinces().iter().map(|p| std_name(&p.abbr)).collect();
            let prov_tok: Vec<u16> = prov_name
                .iter()
                .map(|n| {
                    STANDARD_PROVINCES
                        .iter()
                        .find(|(s, _)| s == n)
                        .expect("standard")
                        .1
                })
                .collect();
            (power_name, power_tok, prov_name, prov_tok)
        } else {
            let mut taken: Vec<String> = tokens::FIXED.iter().map(|(n, _)| n.to_string()).collect();
            taken.push("UNO".into());
            let power_name: Vec<String> = map
                .powers()
                .iter()
                .map(|p| three(&p.name, &mut taken))
                .collect();
            let power_tok: Vec<u16> = (0..power_name.len())
                .map(|i| ((tokens::POWER as u16) << 8) | i as u16)
                .collect();
            let prov_name: Vec<String> = map
                .provinces()
                .iter()
                .map(|p| three(&p.abbr, &mut taken))
                .collect();
            let prov_tok: Vec<u16> = map
                .provinces()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let cat: u16 = match p.kind {
                        _ if !p.coasts.is_empty() => 0x56,
                        ProvinceKind::Land => 0x50,
                        ProvinceKind::Sea => 0x52,
                        ProvinceKind::Coast => 0x54,
                    } + p.centre as u16;
                    (cat << 8) | i as u16
                })
                .collect();
            (power_name, power_tok, prov_name, prov_tok)
        };
        let mut by_token = HashMap::new();
        let mut by_name = HashMap::new();
        for (i, (&t, n)) in power_tok.iter().zip(&power_name).enumerate() {
            by_token.insert(t, Named::Power(PowerId(i as u8)));
            by_name.insert(n.clone(), t);
        }
        for (i, (&t, n)) in prov_tok.iter().zip(&prov_name).enumerate() {
            by_token.insert(t, Named::Province(ProvinceId(i as u16 as _)));
            by_name.insert(n.clone(), t);
        }
        Ok(Board {
            map,
            power_tok,
            power_name,
            prov_tok,
            prov_name,
            by_token,
            by_name,
            standard,
        })
    }

    pub fn map(&self) -> &Map {
        &self.map
    }
    pub fn map_arc(&self) -> &Arc<Map> {
        &self.map
    }
    /// The name sent in MAP: `standard` for the standard map, the variant's otherwise.
    pub fn map_name(&self) -> String {
        if self.standard {
            "standard".into()
        } else {
            self.map.name.to_ascii_lowercase().replace(' ', "_")
        }
    }
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// `MAP ('name')`.
    pub fn map_msg(&self) -> Vec<Node> {
        vec![
            Node::tok("MAP"),
            Node::List(vec![Node::Text(self.map_name())]),
        ]
    }

    /// `(head loc loc ...)`: locations in the order of their abbreviations.
    fn loc_list(&self, head: Option<Node>, locs: &entente_map::LocSet) -> Node {
        let mut v: Vec<Loc> = locs.iter().map(Loc).collect();
        v.sort_by_key(|l| self.map.loc_abbr(*l));
        Node::List(
            head.into_iter()
                .chain(v.into_iter().map(|l| self.loc(l)))
                .collect(),
        )
    }

    /// A dislodged unit with where it may go: `( TUR FLT CON MRT ( ANK SMY ) )`.
    pub fn dislodged(&self, d: &entente_judge::Dislodged) -> Node {
        let Node::List(mut l) = self.unit(d.unit) else {
            unreachable!("a unit is a list")
        };
        l.push(Node::tok("MRT"));
        l.push(self.loc_list(None, &d.retreats));
        Node::List(l)
    }

    /// A group per power and one for `UNO`, each with the centres (of `provs`, in order)
    /// `owner` gives it: MDF's home centres, SCO's owners.
    fn centre_groups(
        &self,
        provs: &[ProvinceId],
        owner: impl Fn(ProvinceId) -> Option<PowerId>,
    ) -> Vec<Node> {
        let heads = self
            .map
            .power_ids()
            .map(|pw| (self.power(pw), Some(pw)))
            .chain([(Node::tok("UNO"), None)]);
        heads
            .map(|(head, pw)| {
                let mut l = vec![head];
                l.extend(
                    provs
                        .iter()
                        .filter(|&&p| owner(p) == pw)
                        .map(|&p| self.province(p)),
                );
                Node::List(l)
            })
            .collect()
    }

    /// The representation message's payload: empty for the standard map, every power and
    /// province token with its name otherwise.
    pub fn representation(&self) -> Vec<u8> {
        if self.standard {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (t, n) in self
            .power_tok
            .iter()
            .zip(&self.power_name)
            .chain(self.prov_tok.iter().zip(&self.prov_name))
        {
            out.extend(t.to_be_bytes());
            out.extend(n.bytes().take(3));
            out.push(0);
        }
        out
    }

    pub fn power(&self, p: PowerId) -> Node {
        Node::Tok(self.power_tok[p.0 as usize])
    }
    pub fn power_name(&self, p: PowerId) -> &str {
        &self.power_name[p.0 as usize]
    }
    pub fn power_of(&self, n: &Node) -> Option<PowerId> {
        match self.by_token.get(&n.as_tok()?)? {
            Named::Power(p) => Some(*p),
            _ => None,
        }
    }
    pub fn province(&self, p: ProvinceId) -> Node {
        Node::Tok(self.prov_tok[p.index()])
    }
    fn province_of(&self, n: &Node) -> Option<ProvinceId> {
        match self.by_token.get(&n.as_tok()?)? {
            Named::Province(p) => Some(*p),
            _ => None,
        }
    }
    fn abbr_sort_key(&self, p: ProvinceId) -> String {
        self.map.province(p).abbr.clone()
    }

    /// A location: `PAR`, or `( STP NCS )` for a coast.
    pub fn loc(&self, l: Loc) -> Node {
        let info = self.map.loc_info(l);
        match &info.coast {
            None => self.province(info.province),
            Some(c) => Node::List(vec![self.province(info.province), coast_node(c)]),
        }
    }

    /// A location from its node: a province, or `(province coast)`.
    pub fn loc_of(&self, n: &Node) -> Option<Loc> {
        match n {
            Node::Tok(_) => Some(self.province_of(n)?.loc()),
            Node::List(l) if l.len() == 2 => {
                let p = self.province_of(&l[0])?;
                let c = COASTS.iter().find(|(_, t)| l[1].is(t))?.0;
                self.map.lookup_coast(p, c)
            }
            _ => None,
        }
    }

    pub fn unit_type(ty: UnitType) -> Node {
        Node::tok(match ty {
            UnitType::Army => "AMY",
            UnitType::Fleet => "FLT",
        })
    }

    /// A unit: `( ENG FLT LON )`.
    pub fn unit(&self, u: Unit) -> Node {
        Node::List(vec![
            self.power(u.power),
            Board::unit_type(u.ty),
            self.loc(u.loc),
        ])
    }

    /// A turn: `( SPR #1901 )`.
    pub fn turn(phase: Phase) -> Node {
        let season = match (phase.season, phase.kind) {
            (Season::Spring, PhaseKind::Retreat) => "SUM",
            (Season::Spring, _) => "SPR",
            (Season::Fall, PhaseKind::Retreat) => "AUT",
            (Season::Fall, _) => "FAL",
            (Season::Winter, _) => "WIN",
        };
        Node::List(vec![Node::tok(season), Node::Int(phase.year)])
    }

    /// A turn from its node.
    pub fn phase_of(n: &Node) -> Option<Phase> {
        let l = n.as_list()?;
        let year = l.get(1)?.as_int()?;
        let (season, kind) = [
            ("SPR", Season::Spring, PhaseKind::Movement),
            ("SUM", Season::Spring, PhaseKind::Retreat),
            ("FAL", Season::Fall, PhaseKind::Movement),
            ("AUT", Season::Fall, PhaseKind::Retreat),
            ("WIN", Season::Winter, PhaseKind::Adjustment),
        ]
        .into_iter()
        .find(|(s, _, _)| l.first().is_some_and(|n| n.is(s)))
        .map(|(_, s, k)| (s, k))?;
        Some(Phase::new(season, year, kind))
    }

    /// `MDF (powers) ((centres by home power) (other provinces)) (adjacencies)`.
    pub fn mdf(&self) -> Vec<Node> {
        let map = &self.map;
        let mut provs: Vec<ProvinceId> = map.province_ids().collect();
        provs.sort_by_key(|&p| self.abbr_sort_key(p));
        let powers: Vec<Node> = map.power_ids().map(|p| self.power(p)).collect();
        let sc: Vec<ProvinceId> = provs
            .iter()
            .copied()
            .filter(|&p| map.is_centre(p))
            .collect();
        let centres = self.centre_groups(&sc, |p| map.home_power(p));
        let others: Vec<Node> = provs
            .iter()
            .filter(|&&p| !map.is_centre(p))
            .map(|&p| self.province(p))
            .collect();
        let mut adjacencies = Vec::new();
        for &p in &provs {
            let info = map.province(p);
            let mut entry = vec![self.province(p)];
            if info.kind != ProvinceKind::Sea {
                entry.push(self.loc_list(Some(Node::tok("AMY")), map.army_neighbours(p)));
            }
            if info.coasts.is_empty() {
                if info.kind != ProvinceKind::Land {
                    entry
                        .push(self.loc_list(Some(Node::tok("FLT")), map.fleet_neighbours(p.loc())));
                }
            } else {
                for &c in &info.coasts {
                    let coast = map.loc_info(c).coast.clone().unwrap_or_default();
                    let head = Node::List(vec![Node::tok("FLT"), coast_node(&coast)]);
                    entry.push(self.loc_list(Some(head), map.fleet_neighbours(c)));
                }
            }
            adjacencies.push(Node::List(entry));
        }
        vec![
            Node::tok("MDF"),
            Node::List(powers),
            Node::List(vec![Node::List(centres), Node::List(others)]),
            Node::List(adjacencies),
        ]
    }

    /// `SCO (power centres...) ... (UNO centres...)`.
    pub fn sco(&self, pos: &Position) -> Vec<Node> {
        let map = &self.map;
        let mut provs: Vec<ProvinceId> = map.province_ids().filter(|&p| map.is_centre(p)).collect();
        provs.sort_by_key(|&p| self.abbr_sort_key(p));
        let mut out = vec![Node::tok("SCO")];
        out.extend(self.centre_groups(&provs, |p| pos.owner(p)));
        out
    }

    /// `NOW (turn) (unit) ... (unit MRT (retreats))`.
    pub fn now(&self, game: &Game) -> Vec<Node> {
        let pos = game.position();
        let mut out = vec![Node::tok("NOW"), Board::turn(game.phase())];
        let mut units: Vec<Unit> = pos.units().map(|(_, u)| u).collect();
        units.sort_by_key(|u| (u.power, self.map.loc_abbr(u.loc)));
        for u in units {
            out.push(self.unit(u));
        }
        let mut dis: Vec<_> = pos.dislodged().map(|(_, d)| d).collect();
        dis.sort_by_key(|d| (d.unit.power, self.map.loc_abbr(d.unit.loc)));
        out.extend(dis.iter().map(|d| self.dislodged(d)));
        out
    }

    /// The unit a node names (`(ENG FLT LON)`, `(ENG LON)`, `LON`, `(FLT LON)`...), as an
    /// order's unit and the power it says.
    fn unit_ref(&self, n: &Node) -> Option<(Option<PowerId>, UnitRef)> {
        match n {
            Node::Tok(_) => Some((
                None,
                UnitRef {
                    ty: None,
                    loc: self.loc_of(n)?,
                },
            )),
            Node::List(l) => {
                let mut power = None;
                let mut ty = None;
                let mut rest = &l[..];
                if let Some(p) = rest.first().and_then(|x| self.power_of(x)) {
                    power = Some(p);
                    rest = &rest[1..];
                }
                if let Some(first) = rest.first() {
                    if first.is("AMY") {
                        ty = Some(UnitType::Army);
                        rest = &rest[1..];
                    } else if first.is("FLT") {
                        ty = Some(UnitType::Fleet);
                        rest = &rest[1..];
                    }
                }
                let loc = match rest {
                    [one] => self.loc_of(one)?,
                    [_, _] => self.loc_of(&Node::List(rest.to_vec()))?,
                    _ => return None,
                };
                Some((power, UnitRef { ty, loc }))
            }
            _ => None,
        }
    }

    /// An order of a SUB message, as entente's order, the power it names, and the provinces of
    /// a CTO's VIA (checked by the caller). `Err(note)` when it cannot be read.
    pub fn order_of(&self, nodes: &[Node]) -> Result<(Option<PowerId>, Order), &'static str> {
        // `power WVE`
        if let [p, w] = nodes {
            if w.is("WVE") {
                return Ok((Some(self.power_of(p).ok_or("NSP")?), Order::Waive));
            }
        }
        let (unit_node, rest) = nodes.split_first().ok_or("NSU")?;
        let (power, unit) = self.unit_ref(unit_node).ok_or("NSP")?;
        let target = |n: &Node| -> Result<Target, &'static str> {
            let (power, u) = self.unit_ref(n).ok_or("NSP")?;
            Ok(Target {
                power,
                ty: u.ty,
                loc: u.loc,
            })
        };
        let province = |n: &Node| -> Result<Loc, &'static str> { self.loc_of(n).ok_or("NSP") };
        let order = match rest {
            [h] if h.is("HLD") => Order::Hold(unit),
            [m, to] if m.is("MTO") => Order::Move {
                unit,
                to: province(to)?,
                via_convoy: false,
            },
            [m, to] if m.is("CTO") => Order::Move {
                unit,
                to: province(to)?,
                via_convoy: true,
            },
            [m, to, v, _path] if m.is("CTO") && v.is("VIA") => Order::Move {
                unit,
                to: province(to)?,
                via_convoy: true,
            },
            [s, t] if s.is("SUP") => Order::SupportHold {
                unit,
                target: target(t)?,
            },
            [s, t, m, to] if s.is("SUP") && m.is("MTO") => Order::SupportMove {
                unit,
                target: target(t)?,
                to: province(to)?,
            },
            [c, t, m, to] if c.is("CVY") && m.is("CTO") => Order::Convoy {
                unit,
                target: target(t)?,
                to: province(to)?,
            },
            [r, to] if r.is("RTO") => Order::Retreat {
                unit,
                to: province(to)?,
            },
            [d] if d.is("DSB") => Order::Disband(unit),
            [b] if b.is("BLD") => Order::Build {
                ty: unit.ty,
                loc: unit.loc,
            },
            [r] if r.is("REM") => Order::Remove(unit),
            _ => return Err("NSO"),
        };
        Ok((power, order))
    }
}

fn coast_node(c: &str) -> Node {
    let name = COASTS
        .iter()
        .find(|(n, _)| *n == c)
        .map(|(_, t)| *t)
        .unwrap_or("NCS");
    Node::Tok(tok(name))
}

impl Names for Board {
    fn name_of(&self, token: u16) -> Option<String> {
        if token == tok("UNO") {
            return Some("UNO".into());
        }
        Some(match self.by_token.get(&token)? {
            Named::Power(p) => self.power_name[p.0 as usize].clone(),
            Named::Province(p) => self.prov_name[p.index()].clone(),
        })
    }
    fn token_of(&self, name: &str) -> Option<u16> {
        self.by_name.get(name).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg::{parse_text, text};

    #[test]
    fn the_standard_map_uses_the_fixed_tokens_and_no_representation() {
        let b = Board::new(Arc::new(Map::standard())).unwrap();
        assert!(b.is_standard());
        assert!(b.representation().is_empty());
        assert_eq!(b.token_of("ECH"), Some(0x5214));
        assert_eq!(b.token_of("STP"), Some(0x574A));
        assert_eq!(b.token_of("TUR"), Some(0x4106));
        let m = parse_text("SCO ( AUS BUD ) ( UNO )", &b).unwrap();
        assert_eq!(text(&m, &b), "SCO ( AUS BUD ) ( UNO )");
    }

    #[test]
    fn mdf_of_the_standard_map_lists_every_province_and_its_coasts() {
        let b = Board::new(Arc::new(Map::standard())).unwrap();
        let t = text(&b.mdf(), &b);
        assert!(
            t.starts_with(
                "MDF ( AUS ENG FRA GER ITA RUS TUR ) ( ( ( AUS BUD TRI VIE ) ( ENG EDI LON LVP )"
            ),
            "{t}"
        );
        assert!(t.contains("( STP ( AMY FIN LVN MOS NWY ) ( ( FLT NCS ) BAR NWY ) ( ( FLT SCS ) GOB FIN LVN ) )"), "{t}");
        assert!(
            t.contains("( AEG ( FLT ( BUL SCS ) CON EAS GRE ION SMY ) )"),
            "{t}"
        );
        assert!(
            t.contains("( UNO BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN )"),
            "{t}"
        );
    }

    #[test]
    fn orders_are_read_from_their_daide_form() {
        let b = Board::new(Arc::new(Map::standard())).unwrap();
        let read = |s: &str| {
            let m = parse_text(s, &b).unwrap();
            b.order_of(m[0].as_list().unwrap()).map(|(_, o)| o)
        };
        assert!(matches!(
            read("( ( ENG FLT EDI ) MTO NWG )"),
            Ok(Order::Move {
                via_convoy: false,
                ..
            })
        ));
        assert!(matches!(
            read("( ( ENG AMY CLY ) CTO NWY VIA ( NWG ) )"),
            Ok(Order::Move {
                via_convoy: true,
                ..
            })
        ));
        assert!(matches!(
            read("( ( ENG FLT NWG ) CVY ( ENG AMY CLY ) CTO NWY )"),
            Ok(Order::Convoy { .. })
        ));
        assert!(matches!(
            read("( ( RUS FLT ( STP SCS ) ) HLD )"),
            Ok(Order::Hold(_))
        ));
        assert!(matches!(read("( ENG WVE )"), Ok(Order::Waive)));
        assert!(matches!(
            read("( ( ENG FLT LON ) BLD )"),
            Ok(Order::Build { .. })
        ));
        assert_eq!(read("( ( ENG FLT LON ) XDO )"), Err("NSO"));
    }
}
