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

/// The most provinces (and powers) DAIDE's protocol numbers: a token's low byte. entente's
/// own limit is higher ([`entente_map::MAX_LOCATIONS`]); a larger variant (Imperial, 346
/// provinces) plays everywhere but through DAIDE.
pub const DAIDE_MAX_PROVINCES: usize = 256;

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
        if map.num_provinces() > DAIDE_MAX_PROVINCES || map.powers().len() > DAIDE_MAX_PROVINCES {
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
        self.now_at(game.phase(), game.position())
    }

    /// NOW of a position about to play `phase`.
    pub fn now_at(&self, phase: Phase, pos: &Position) -> Vec<Node> {
        let mut out = vec![Node::tok("NOW"), Board::turn(phase)];
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

    /// An order given in a phase, in its DAIDE form as ORD reports it: the units named with
    /// their power and type as they stand in `before` (the position the phase was played
    /// from), a convoyed move with `VIA` the provinces of the fleets convoying it (from
    /// `orders`, the phase's orders) in path order. `None` for an order naming no unit there.
    pub fn order_nodes(
        &self,
        power: PowerId,
        order: &Order,
        before: &Position,
        kind: PhaseKind,
        orders: &[(PowerId, Order)],
    ) -> Option<Vec<Node>> {
        let map = &self.map;
        let standing = |loc: Loc| -> Option<Node> {
            let prov = map.province_of(loc);
            let u = match kind {
                PhaseKind::Retreat => before.dislodged_at(prov).map(|d| d.unit),
                _ => before.unit_at(prov),
            }?;
            Some(self.unit(u))
        };
        let target = |loc: Loc| -> Option<Node> {
            before.unit_at(map.province_of(loc)).map(|u| self.unit(u))
        };
        let t = Node::tok;
        Some(match *order {
            Order::Waive => vec![self.power(power), t("WVE")],
            Order::Hold(u) => vec![standing(u.loc)?, t("HLD")],
            Order::Move {
                unit,
                to,
                via_convoy,
            } => {
                let u = standing(unit.loc)?;
                let from = map.province_of(unit.loc);
                let dest = map.province_of(to);
                let ty = before.unit_at(from).map(|x| x.ty);
                let adjacent = match ty {
                    Some(UnitType::Army) => map.army_adjacent(from, dest),
                    _ => true,
                };
                if ty == Some(UnitType::Army) && (via_convoy || !adjacent) {
                    let fleets: Vec<ProvinceId> = orders
                        .iter()
                        .filter_map(|(_, o)| match o {
                            Order::Convoy {
                                unit: f,
                                target,
                                to: d,
                            } if map.province_of(target.loc) == from
                                && map.province_of(*d) == dest =>
                            {
                                Some(map.province_of(f.loc))
                            }
                            _ => None,
                        })
                        .collect();
                    let path = convoy_path(map, from, dest, &fleets);
                    vec![
                        u,
                        t("CTO"),
                        self.loc(to),
                        t("VIA"),
                        Node::List(path.into_iter().map(|p| self.province(p)).collect()),
                    ]
                } else {
                    vec![u, t("MTO"), self.loc(to)]
                }
            }
            Order::SupportHold { unit, target: tg } => {
                vec![standing(unit.loc)?, t("SUP"), target(tg.loc)?]
            }
            Order::SupportMove {
                unit,
                target: tg,
                to,
            } => vec![
                standing(unit.loc)?,
                t("SUP"),
                target(tg.loc)?,
                t("MTO"),
                self.province(map.province_of(to)),
            ],
            Order::Convoy {
                unit,
                target: tg,
                to,
            } => vec![
                standing(unit.loc)?,
                t("CVY"),
                target(tg.loc)?,
                t("CTO"),
                self.province(map.province_of(to)),
            ],
            Order::Retreat { unit, to } => vec![standing(unit.loc)?, t("RTO"), self.loc(to)],
            Order::Disband(u) => vec![standing(u.loc)?, t("DSB")],
            Order::Build { ty, loc } => {
                let ty = ty.unwrap_or(if map.is_sea(map.province_of(loc)) {
                    UnitType::Fleet
                } else {
                    UnitType::Army
                });
                vec![
                    Node::List(vec![self.power(power), Board::unit_type(ty), self.loc(loc)]),
                    t("BLD"),
                ]
            }
            Order::Remove(u) => vec![standing(u.loc)?, t("REM")],
        })
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

/// The fleets' provinces from `from` to `dest`, in the order an army passes them (breadth
/// first over the fleets' sea adjacencies); the fleets as given when no chain links them.
fn convoy_path(
    map: &Map,
    from: ProvinceId,
    dest: ProvinceId,
    fleets: &[ProvinceId],
) -> Vec<ProvinceId> {
    let touches = |a: ProvinceId, b: ProvinceId| {
        map.province_fleet_reach(a)
            .iter()
            .any(|l| map.province_of(Loc(l)) == b)
    };
    let mut prev: std::collections::HashMap<ProvinceId, Option<ProvinceId>> = Default::default();
    let mut queue = std::collections::VecDeque::new();
    for &f in fleets {
        if touches(f, from) {
            prev.insert(f, None);
            queue.push_back(f);
        }
    }
    while let Some(f) = queue.pop_front() {
        if touches(f, dest) {
            let mut path = vec![f];
            let mut at = f;
            while let Some(Some(p)) = prev.get(&at) {
                path.push(*p);
                at = *p;
            }
            path.reverse();
            return path;
        }
        for &g in fleets {
            if !prev.contains_key(&g) && touches(f, g) {
                prev.insert(g, Some(f));
                queue.push_back(g);
            }
        }
    }
    fleets.to_vec()
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
    fn a_variant_over_daide_s_256_provinces_is_refused_with_its_size() {
        let imperial = entente_map::builtin_variant("imperial").unwrap();
        assert!(imperial.num_provinces() > DAIDE_MAX_PROVINCES);
        let e = Board::new(Arc::new(imperial))
            .err()
            .expect("too big for DAIDE");
        assert_eq!(
            e.to_string(),
            "DAIDE numbers at most 256 provinces and 256 powers; the variant has 346"
        );
    }

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
    fn orders_are_written_back_in_their_daide_form_for_ord() {
        // ORD reports every order of a hosted game, people's too: written from entente's
        // order and the position, they read as the bot's own would.
        let b = Board::new(Arc::new(Map::standard())).unwrap();
        let mut game = Game::new(b.map_arc().clone(), entente_judge::Rulebook::default());
        let read = |s: &str| {
            let m = parse_text(s, &b).unwrap();
            b.order_of(m[0].as_list().unwrap()).unwrap()
        };
        let spring = [
            "( ( ENG FLT EDI ) MTO NTH )",
            "( ( ENG AMY LVP ) MTO YOR )",
            "( ( ENG FLT LON ) MTO ECH )",
            "( ( RUS FLT ( STP SCS ) ) HLD )",
            "( ( FRA AMY PAR ) SUP ( FRA AMY MAR ) MTO BUR )",
        ];
        let orders: Vec<_> = spring
            .iter()
            .map(|s| read(s))
            .map(|(p, o)| (p.unwrap(), o))
            .collect();
        for (s, (p, o)) in spring.iter().zip(&orders) {
            let nodes = b
                .order_nodes(*p, o, game.position(), PhaseKind::Movement, &orders)
                .unwrap();
            assert_eq!(text(&[Node::List(nodes)], &b), *s);
        }
        game.process(&orders);
        // Fall: a convoy, written with the fleet's province as the path; an order for a unit
        // that is not there has no DAIDE form.
        let fall = [
            "( ( ENG AMY YOR ) CTO NWY VIA ( NTH ) )",
            "( ( ENG FLT NTH ) CVY ( ENG AMY YOR ) CTO NWY )",
        ];
        let orders: Vec<_> = fall
            .iter()
            .map(|s| read(s))
            .map(|(p, o)| (p.unwrap(), o))
            .collect();
        for (s, (p, o)) in fall.iter().zip(&orders) {
            let nodes = b
                .order_nodes(*p, o, game.position(), PhaseKind::Movement, &orders)
                .unwrap();
            assert_eq!(text(&[Node::List(nodes)], &b), *s);
        }
        let (p, gone) = read("( ( ENG FLT LON ) HLD )");
        assert!(b
            .order_nodes(p.unwrap(), &gone, game.position(), PhaseKind::Movement, &[])
            .is_none());
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
