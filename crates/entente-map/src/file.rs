//! The variant file as written: serde structures over TOML, with spans kept on every value
//! that can be wrong so that errors name the line.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    pub variant: VariantSection,
    #[serde(rename = "power", default)]
    pub powers: Vec<PowerEntry>,
    #[serde(rename = "province", default)]
    pub provinces: Vec<ProvinceEntry>,
    #[serde(rename = "strait", default)]
    pub straits: Vec<StraitEntry>,
}

/// A fleet border open only to the owner of a supply centre (Imperial's Straits of
/// Constantinople): `between = ["bla", "aeg"]`, `owner_of = "con"`. The two locations do not
/// border otherwise; the fleets of the power owning the centre may move, retreat and support
/// across, both ways.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StraitEntry {
    pub between: Spanned<Vec<Spanned<String>>>,
    pub owner_of: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSection {
    pub name: String,
    pub start_year: Spanned<i32>,
    pub victory_centres: Spanned<u32>,
    #[serde(default)]
    pub description: Option<String>,
    /// How years are printed: "ad" prints "1 AD" (Ancient Mediterranean starts in year 1).
    #[serde(default)]
    pub year_style: Option<Spanned<String>>,
    #[serde(default)]
    pub sources: Vec<String>,
    /// The rulebook setup the variant is played with: "2" for the two-player First World
    /// War game (the Great War). Games of the variant use it unless another is asked for.
    #[serde(default)]
    pub setup: Option<Spanned<String>>,
    /// A rule the variant is played under beyond the map's data: "escalation" (Edi Birsan's
    /// Escalation: an empty board, a placement phase, home centres nominated in Winter of the
    /// first year). Its powers then have no home centres nor start units in the file.
    #[serde(default)]
    pub rule: Option<Spanned<String>>,
    /// Where a power may build: "own_home" (the default: its own home centres) or "any_home"
    /// (any power's home centre it owns: Imperial, DPjudge's rule HOME_BUILDS).
    #[serde(default)]
    pub builds: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerEntry {
    pub name: Spanned<String>,
    #[serde(default)]
    pub letter: Option<Spanned<String>>,
    #[serde(default)]
    pub adjective: Option<String>,
    #[serde(default)]
    pub colour: Option<Spanned<String>>,
    #[serde(default)]
    pub home_centres: Vec<Spanned<String>>,
    #[serde(default)]
    pub start_units: Vec<Spanned<String>>,
    /// Localized names per language code; the first is shown, every one is accepted.
    #[serde(default)]
    pub names: BTreeMap<String, Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvinceEntry {
    pub abbr: Spanned<String>,
    pub name: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub centre: bool,
    /// Other English names and abbreviations (e.g. the 1982 table's `GoL`, `Lyo`).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Localized names per language code; the first is shown, every one is accepted.
    #[serde(default)]
    pub names: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub army: Vec<Spanned<String>>,
    #[serde(default)]
    pub fleet: Vec<Spanned<String>>,
    #[serde(default)]
    pub coasts: BTreeMap<String, Vec<Spanned<String>>>,
    /// A coastal space whose fleet may convoy as if at sea (Ancient Mediterranean's Baleares).
    #[serde(default)]
    pub convoys: bool,
}
