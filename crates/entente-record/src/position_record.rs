//! A position as text for the game record: units (`A par`, `F stp/sc`), centre owners and
//! dislodged units with every space they may retreat to, keyed by power name.

use entente_game::{Error, Result};
use entente_judge::{Dislodged, Position, Unit};
use entente_map::{Loc, LocSet, Map, PowerId, UnitType};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct PositionRecord {
    /// Units per power: `["A par", "F stp/sc"]`.
    pub units: BTreeMap<String, Vec<String>>,
    /// Owned centres per power (unowned centres are not listed).
    pub centres: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dislodged: Vec<DislodgedRecord>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DislodgedRecord {
    pub power: String,
    pub unit: String,
    /// The province the dislodging unit came from.
    pub attacker_from: String,
    /// Every space the unit may retreat to (empty: it will be disbanded).
    pub retreats: Vec<String>,
}

/// `A par`, `F stp/sc`.
pub fn unit_text(map: &Map, ty: UnitType, loc: Loc) -> String {
    format!("{} {}", ty.letter(), map.loc_abbr(loc))
}

/// A location from its abbreviation: `par`, `stp/sc` (any case).
pub fn parse_loc(map: &Map, text: &str) -> Result<Loc> {
    let (p, c) = match text.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (text, None),
    };
    let prov = map
        .lookup_province(p.trim())
        .ok_or_else(|| Error::unreadable(format!("unknown province '{p}'")))?;
    match c {
        None => Ok(prov.loc()),
        Some(c) => map
            .lookup_coast(prov, c.trim())
            .ok_or_else(|| Error::unreadable(format!("'{p}' has no coast '{c}'"))),
    }
}

/// A unit from `A par` / `F stp/sc`.
pub fn parse_unit(map: &Map, text: &str) -> Result<(UnitType, Loc)> {
    let t = text.trim();
    let (ty, at) = t
        .split_once(' ')
        .and_then(|(a, b)| Some((UnitType::from_letter(a.chars().next()?)?, b.trim())))
        .filter(|(_, b)| !b.is_empty())
        .ok_or_else(|| Error::unreadable(format!("unit '{t}': write 'A par' or 'F stp/sc'")))?;
    let loc = parse_loc(map, at)?;
    if !map.can_occupy(ty, loc) {
        return Err(Error::unreadable(format!("unit '{t}' cannot stand there")));
    }
    Ok((ty, loc))
}

fn power(map: &Map, name: &str) -> Result<PowerId> {
    map.lookup_power(name)
        .ok_or_else(|| Error::unreadable(format!("unknown power '{name}'")))
}

impl PositionRecord {
    pub fn from_position(map: &Map, pos: &Position) -> PositionRecord {
        let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (_, u) in pos.units() {
            units
                .entry(map.power(u.power).name.clone())
                .or_default()
                .push(unit_text(map, u.ty, u.loc));
        }
        let mut centres: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for c in map.province_ids().filter(|&c| map.is_centre(c)) {
            if let Some(p) = pos.owner(c) {
                centres
                    .entry(map.power(p).name.clone())
                    .or_default()
                    .push(map.province(c).abbr.clone());
            }
        }
        let dislodged = pos
            .dislodged()
            .map(|(_, d)| PositionRecord::dislodged_record(map, &d))
            .collect();
        PositionRecord {
            units,
            centres,
            dislodged,
        }
    }

    pub fn to_position(&self, map: &Map) -> Result<Position> {
        let mut pos = Position::empty(map);
        for (name, list) in &self.units {
            let p = power(map, name)?;
            for u in list {
                let (ty, loc) = parse_unit(map, u)?;
                if pos.unit_at(map.province_of(loc)).is_some() {
                    return Err(Error::unreadable(format!(
                        "two units in '{}'",
                        map.loc_abbr(loc)
                    )));
                }
                pos.place(map, Unit { power: p, ty, loc });
            }
        }
        for (name, list) in &self.centres {
            let p = power(map, name)?;
            for c in list {
                let prov = map.province_of(parse_loc(map, c)?);
                if !map.is_centre(prov) {
                    return Err(Error::unreadable(format!("'{c}' is not a supply centre")));
                }
                pos.set_owner(prov, Some(p));
            }
        }
        for d in &self.dislodged {
            let d = PositionRecord::dislodged_of(map, d)?;
            pos.set_dislodged(map.province_of(d.unit.loc), Some(d));
        }
        Ok(pos)
    }

    /// A dislodged unit as the record writes it.
    pub fn dislodged_record(map: &Map, d: &Dislodged) -> DislodgedRecord {
        DislodgedRecord {
            power: map.power(d.unit.power).name.clone(),
            unit: unit_text(map, d.unit.ty, d.unit.loc),
            attacker_from: map.province(d.attacker_from).abbr.clone(),
            retreats: d.retreats.iter().map(|l| map.loc_abbr(Loc(l))).collect(),
        }
    }

    /// A dislodged unit from the record.
    pub fn dislodged_of(map: &Map, d: &DislodgedRecord) -> Result<Dislodged> {
        let p = power(map, &d.power)?;
        let (ty, loc) = parse_unit(map, &d.unit)?;
        let attacker_from = map.province_of(parse_loc(map, &d.attacker_from)?);
        let mut retreats = LocSet::EMPTY;
        for r in &d.retreats {
            retreats.insert(parse_loc(map, r)?.0);
        }
        Ok(Dislodged {
            unit: Unit { power: p, ty, loc },
            attacker_from,
            retreats,
        })
    }
}
