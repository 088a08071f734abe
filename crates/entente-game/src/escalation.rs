//! Edi Birsan's Escalation (a variant file with `rule = "escalation"`, such as the built-in
//! `escalation`): the game starts on an empty board; before the first Spring the players, in
//! turn, place one unit at a time wherever such a unit may stand, until each has placed the
//! agreed number ([`escalation_units`]); a unit placed on a supply centre makes it its
//! player's; after the first Fall each player nominates three supply centres as its home
//! centres, where it builds from the first Winter on. Sources: `variants/escalation.toml`'s
//! header, `docs/escalation.md`.
//!
//! The placement is not a phase of the judge: the game's phase is the first Spring's
//! movement while [`Game::in_placement`], and the first Winter's adjustments while
//! [`Game::nominating`]; the judge only ever sees the board the placements made and the
//! homes the nominations gave.

use crate::error::{Error, ErrorKind, Result};
use crate::game::Game;
use entente_judge::{Phase, PhaseKind, Season, Unit};
use entente_map::{Loc, Map, PowerId, ProvinceId, UnitType};
use entente_orders::{parse_order, Order};

/// How many home centres each player nominates.
pub const ESCALATION_HOMES: usize = 3;

/// The number of units each player places, by the number of players (Birsan's suggested
/// table): 2 players 12, 3 players 8, 4 players 6, 5 players 5, 6 players 4, 7 or more 3.
/// `None` for fewer than two players.
pub fn escalation_units(players: usize) -> Option<u32> {
    match players {
        0 | 1 => None,
        2 => Some(12),
        3 => Some(8),
        4 => Some(6),
        5 => Some(5),
        6 => Some(4),
        _ => Some(3),
    }
}

/// Where an Escalation game stands: the placements so far and the nominations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escalation {
    /// Units each player places.
    pub units_each: u32,
    /// The turn order of the placement (each player's power).
    pub order: Vec<PowerId>,
    /// The units placed, in the order they were placed.
    pub placed: Vec<Unit>,
    /// The first year: its Fall is followed by the nominations.
    pub year: i32,
    /// The nominations received (in the nomination step) or made (after it), by power.
    pub nominations: Vec<(PowerId, Vec<ProvinceId>)>,
    /// The first Fall is over and nominations are awaited.
    pub nominating: bool,
    /// The nominations are made: the nominated centres are the powers' homes.
    pub nominated: bool,
    /// The placement was ended before every unit was placed (the first Spring adjudicated
    /// anyway): no placement remains.
    pub closed: bool,
}

impl Escalation {
    /// Placements still to make.
    pub fn remaining(&self) -> usize {
        if self.closed {
            return 0;
        }
        (self.order.len() * self.units_each as usize).saturating_sub(self.placed.len())
    }
    /// Whose turn it is to place, while placements remain.
    pub fn to_place(&self) -> Option<PowerId> {
        (self.remaining() > 0).then(|| self.order[self.placed.len() % self.order.len()])
    }
    /// The centres a power nominated, if it has.
    pub fn nomination(&self, power: PowerId) -> Option<&[ProvinceId]> {
        self.nominations
            .iter()
            .find(|(p, _)| *p == power)
            .map(|(_, h)| h.as_slice())
    }
}

/// "A Par", "Place F Nth", "F stp/sc": the unit to place.
pub fn parse_placement(map: &Map, text: &str) -> Result<(UnitType, Loc)> {
    let t = text.trim();
    let rest = match t.split_once(char::is_whitespace) {
        Some((w, r)) if w.eq_ignore_ascii_case("place") => r.trim(),
        None if t.eq_ignore_ascii_case("place") => "",
        _ => t,
    };
    if rest.is_empty() {
        return Err(Error::invalid(format!(
            "'{t}': write the unit to place, as 'A Par' or 'F Nth'"
        )));
    }
    match parse_order(map, &format!("build {rest}")) {
        Ok(Order::Build { ty: Some(ty), loc }) => Ok((ty, loc)),
        Ok(Order::Build { ty: None, .. }) => Err(Error::invalid(format!(
            "'{t}': say which unit, an army (A) or a fleet (F), as 'A Par' or 'F Nth'"
        ))),
        _ => Err(Error::invalid(format!(
            "'{t}' is not a unit to place: write 'A Par' or 'F Nth' (a fleet on a split coast names it: 'F Stp/sc')"
        ))),
    }
}

/// "Home Par, Bre, Mar", "Par Bre Mar": the supply centres nominated as home centres.
pub fn parse_nomination(map: &Map, text: &str) -> Result<Vec<ProvinceId>> {
    let t = text.trim();
    let mut rest = t;
    for word in ["home centres", "home centers", "homes", "home"] {
        if rest.len() >= word.len()
            && rest.is_char_boundary(word.len())
            && rest[..word.len()].eq_ignore_ascii_case(word)
        {
            rest = rest[word.len()..].trim_start_matches(':').trim();
            break;
        }
    }
    let parts: Vec<&str> = if rest.contains([',', ';']) {
        rest.split([',', ';']).collect()
    } else {
        rest.split_whitespace().collect()
    };
    let mut homes = Vec::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        let name = part.split(['/', '(']).next().unwrap_or(part).trim();
        let p = map.lookup_province(name).ok_or_else(|| {
            Error::unknown(format!("'{part}' in '{t}' is not a province of the map"))
        })?;
        homes.push(p);
    }
    if homes.is_empty() {
        return Err(Error::invalid(format!(
            "'{t}': name {ESCALATION_HOMES} supply centres, as 'Home Par, Bre, Mar'"
        )));
    }
    Ok(homes)
}

impl Game {
    /// Starts Escalation's placement on this game's empty board: each power of `order`
    /// places `units_each` units, one at a time in that order, before the first Spring.
    pub fn start_escalation(&mut self, order: Vec<PowerId>, units_each: u32) -> Result<()> {
        if !self.map().is_escalation() {
            return Err(Error::invalid(format!(
                "{} is not played under the escalation rule",
                self.map().name
            )));
        }
        if !self.history().is_empty() || self.position().units().next().is_some() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "the placement is made on the empty board before the first Spring",
            ));
        }
        if order.len() < 2 {
            return Err(Error::invalid(
                "Escalation is played by two players or more",
            ));
        }
        for (i, p) in order.iter().enumerate() {
            if order[..i].contains(p) {
                return Err(Error::invalid(format!(
                    "{} is listed twice in the turn order",
                    self.map().power(*p).name
                )));
            }
        }
        let total = order.len() * units_each as usize;
        if units_each == 0 || total > self.map().num_provinces() {
            return Err(Error::invalid(format!(
                "{units_each} units each for {} players: between 1 and {} each fit on the board",
                order.len(),
                self.map().num_provinces() / order.len()
            )));
        }
        self.set_escalation(Some(Escalation {
            units_each,
            order,
            placed: Vec::new(),
            year: self.phase().year,
            nominations: Vec::new(),
            nominating: false,
            nominated: false,
            closed: false,
        }));
        Ok(())
    }

    /// Carries an Escalation game on to a stored state (its board is the position restored):
    /// nominations made give the powers their homes again.
    pub fn restore_escalation(&mut self, e: Escalation) {
        if e.nominated {
            self.apply_nominations(&e.nominations);
        }
        self.set_escalation(Some(e));
    }

    /// Placements remain: the first Spring is not played yet.
    pub fn in_placement(&self) -> bool {
        self.escalation().is_some_and(|e| e.remaining() > 0) && !self.is_over()
    }

    /// Whose turn it is to place a unit.
    pub fn to_place(&self) -> Option<PowerId> {
        if self.is_over() {
            return None;
        }
        self.escalation().and_then(Escalation::to_place)
    }

    /// Places `power`'s next unit: its turn, a space such a unit may stand in, empty. A unit
    /// placed on a supply centre makes the centre `power`'s.
    pub fn place(&mut self, power: PowerId, ty: UnitType, loc: Loc) -> Result<Unit> {
        if self.is_over() {
            return Err(Error::game_over());
        }
        let map = self.map_arc().clone();
        let Some(turn) = self.to_place() else {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "no placement now: units are placed on the empty board before the first Spring",
            ));
        };
        if turn != power {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                format!(
                    "it is {}'s turn to place, not {}'s",
                    map.power(turn).name,
                    map.power(power).name
                ),
            ));
        }
        let unit_name = |ty: UnitType| match ty {
            UnitType::Army => "an army",
            UnitType::Fleet => "a fleet",
        };
        if !map.can_occupy(ty, loc) {
            let p = map.province_of(loc);
            let why = if ty == UnitType::Fleet
                && !map.province(p).coasts.is_empty()
                && map.coast_of(loc).is_none()
            {
                format!(
                    "a fleet in {} stands on one of its coasts: name it ({})",
                    map.province(p).name,
                    map.province(p)
                        .coasts
                        .iter()
                        .map(|&c| map.loc_abbr(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!("{} cannot stand in {}", unit_name(ty), map.loc_name(loc))
            };
            return Err(Error::invalid(why));
        }
        let p = map.province_of(loc);
        if let Some(u) = self.position().unit_at(p) {
            return Err(Error::invalid(format!(
                "{} is occupied ({} {} {}): one unit a space",
                map.province(p).name,
                map.power(u.power).adjective,
                u.ty.letter(),
                map.loc_name(u.loc)
            )));
        }
        if self.impassable().contains(p.0) {
            return Err(Error::invalid(format!(
                "{} is closed to every unit",
                map.province(p).name
            )));
        }
        let unit = Unit { power, ty, loc };
        let pos = self.position_mut();
        pos.place(&map, unit);
        if map.is_centre(p) {
            pos.set_owner(p, Some(power));
        }
        if let Some(e) = self.escalation_mut() {
            e.placed.push(unit);
        }
        Ok(unit)
    }

    /// [`Game::place`] of a written placement ("A Par", "Place F Nth").
    pub fn place_text(&mut self, power: PowerId, text: &str) -> Result<Unit> {
        let (ty, loc) = parse_placement(self.map(), text)?;
        self.place(power, ty, loc)
    }

    /// The first Fall is over and home centres are to be nominated before the Winter's
    /// adjustments.
    pub fn nominating(&self) -> bool {
        self.escalation().is_some_and(|e| e.nominating) && !self.is_over()
    }

    /// The powers that nominate: those of the turn order still with a unit or a centre.
    pub fn nominators(&self) -> Vec<PowerId> {
        let Some(e) = self.escalation() else {
            return Vec::new();
        };
        e.order
            .iter()
            .copied()
            .filter(|&p| {
                self.position().unit_count(p) > 0 || self.position().centre_count(self.map(), p) > 0
            })
            .collect()
    }

    /// The nominators whose nominations are still awaited.
    pub fn awaited_nominations(&self) -> Vec<PowerId> {
        if !self.nominating() {
            return Vec::new();
        }
        let e = self.escalation().expect("nominating");
        self.nominators()
            .into_iter()
            .filter(|&p| e.nomination(p).is_none())
            .collect()
    }

    /// `power` nominates its home centres: three different supply centres, owned or not
    /// (it builds in one only while it owns it). A later nomination replaces an earlier one
    /// until the last awaited one is in (a power in civil disorder is not waited for); then
    /// the homes are given and the Winter's adjustments follow.
    pub fn nominate(&mut self, power: PowerId, homes: &[ProvinceId]) -> Result<()> {
        if self.is_over() {
            return Err(Error::game_over());
        }
        if !self.nominating() {
            return Err(Error::new(
                ErrorKind::NotThisPhase,
                "no nominations now: home centres are nominated once the first Fall is over",
            ));
        }
        let map = self.map_arc().clone();
        if !self.nominators().contains(&power) {
            return Err(Error::new(
                ErrorKind::NotYourPower,
                format!("{} has no unit nor centre left", map.power(power).name),
            ));
        }
        if homes.len() != ESCALATION_HOMES {
            return Err(Error::invalid(format!(
                "nominate {ESCALATION_HOMES} home centres, not {}",
                homes.len()
            )));
        }
        for (i, &h) in homes.iter().enumerate() {
            if !map.is_centre(h) {
                return Err(Error::invalid(format!(
                    "{} is not a supply centre",
                    map.province(h).name
                )));
            }
            if homes[..i].contains(&h) {
                return Err(Error::invalid(format!(
                    "{} is nominated twice",
                    map.province(h).name
                )));
            }
        }
        let e = self.escalation_mut().expect("nominating");
        e.nominations.retain(|(p, _)| *p != power);
        e.nominations.push((power, homes.to_vec()));
        // The last nomination awaited from a power that gives orders: one in civil disorder
        // holds nothing up (it gets the centres it owns).
        if self
            .awaited_nominations()
            .iter()
            .all(|&p| !self.gives_orders(p))
        {
            self.close_nominations();
        }
        Ok(())
    }

    /// [`Game::nominate`] of written nominations ("Home Par, Bre, Mar").
    pub fn nominate_text(&mut self, power: PowerId, text: &str) -> Result<Vec<ProvinceId>> {
        let homes = parse_nomination(self.map(), text)?;
        self.nominate(power, &homes)?;
        Ok(homes)
    }

    /// Ends the nomination step: a nominator that nominated nothing is given the centres it
    /// owns (the first three in the map's order); the nominated centres become the powers'
    /// homes; the Winter's adjustments follow.
    pub fn close_nominations(&mut self) {
        if !self.nominating() {
            return;
        }
        let map = self.map_arc().clone();
        let defaults: Vec<(PowerId, Vec<ProvinceId>)> = self
            .awaited_nominations()
            .into_iter()
            .map(|p| {
                let owned = map
                    .province_ids()
                    .filter(|&c| map.is_centre(c) && self.position().owner(c) == Some(p))
                    .take(ESCALATION_HOMES)
                    .collect();
                (p, owned)
            })
            .collect();
        let e = self.escalation_mut().expect("nominating");
        e.nominations.extend(defaults);
        e.nominations.sort_by_key(|(p, _)| *p);
        e.nominating = false;
        e.nominated = true;
        let nominations = e.nominations.clone();
        self.apply_nominations(&nominations);
    }

    /// The nominated centres become the powers' homes (the game's own copy of the map).
    fn apply_nominations(&mut self, nominations: &[(PowerId, Vec<ProvinceId>)]) {
        let map = self.map_mut();
        for (p, homes) in nominations {
            map.set_home_centres(*p, homes.clone());
        }
    }

    /// After a phase: the first Fall over, Escalation's nominations come before anything
    /// else of the Winter.
    pub(crate) fn escalation_after(&mut self, fall_ended: bool, year: i32) {
        let due = self
            .escalation()
            .is_some_and(|e| !e.nominated && !e.nominating && e.year == year);
        if fall_ended && due && !self.is_over() {
            self.set_phase(Phase::new(Season::Winter, year, PhaseKind::Adjustment));
            if let Some(e) = self.escalation_mut() {
                e.nominating = true;
            }
        }
    }
}
