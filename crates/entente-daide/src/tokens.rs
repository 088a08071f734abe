//! DAIDE's tokens: every language token is two octets, a category and a number
//! (`shared/reference/daide_protocol.txt`, chapter 4). The fixed tokens are here; powers and
//! provinces come from [`crate::Board`] (the standard map's are fixed too, a variant's are
//! sent in the representation message).

/// Brackets.
pub const BRA: u16 = 0x4000;
pub const KET: u16 = 0x4001;
/// The text category: one token per byte.
pub const TEXT: u8 = 0x4B;
/// Power category.
pub const POWER: u8 = 0x41;

/// The fixed tokens (every category but integers, text, powers and provinces), by name.
pub const FIXED: &[(&str, u16)] = &[
    // Unit types
    ("AMY", 0x4200),
    ("FLT", 0x4201),
    // Orders
    ("CTO", 0x4320),
    ("CVY", 0x4321),
    ("HLD", 0x4322),
    ("MTO", 0x4323),
    ("SUP", 0x4324),
    ("VIA", 0x4325),
    ("DSB", 0x4340),
    ("RTO", 0x4341),
    ("BLD", 0x4380),
    ("REM", 0x4381),
    ("WVE", 0x4382),
    // Order notes
    ("MBV", 0x4400),
    ("BPR", 0x4401),
    ("CST", 0x4402),
    ("ESC", 0x4403),
    ("FAR", 0x4404),
    ("HSC", 0x4405),
    ("NAS", 0x4406),
    ("NMB", 0x4407),
    ("NMR", 0x4408),
    ("NRN", 0x4409),
    ("NRS", 0x440A),
    ("NSA", 0x440B),
    ("NSC", 0x440C),
    ("NSF", 0x440D),
    ("NSP", 0x440E),
    ("NST", 0x440F),
    ("NSU", 0x4410),
    ("NVR", 0x4411),
    ("NYU", 0x4412),
    ("YSC", 0x4413),
    // Results
    ("SUC", 0x4500),
    ("BNC", 0x4501),
    ("CUT", 0x4502),
    ("DSR", 0x4503),
    ("FLD", 0x4504),
    ("NSO", 0x4505),
    ("RET", 0x4506),
    // Coasts
    ("NCS", 0x4600),
    ("NEC", 0x4602),
    ("ECS", 0x4604),
    ("SEC", 0x4606),
    ("SCS", 0x4608),
    ("SWC", 0x460A),
    ("WCS", 0x460C),
    ("NWC", 0x460E),
    // Phases
    ("SPR", 0x4700),
    ("SUM", 0x4701),
    ("FAL", 0x4702),
    ("AUT", 0x4703),
    ("WIN", 0x4704),
    // Commands
    ("CCD", 0x4800),
    ("DRW", 0x4801),
    ("FRM", 0x4802),
    ("GOF", 0x4803),
    ("HLO", 0x4804),
    ("HST", 0x4805),
    ("HUH", 0x4806),
    ("IAM", 0x4807),
    ("LOD", 0x4808),
    ("MAP", 0x4809),
    ("MDF", 0x480A),
    ("MIS", 0x480B),
    ("NME", 0x480C),
    ("NOT", 0x480D),
    ("NOW", 0x480E),
    ("OBS", 0x480F),
    ("OFF", 0x4810),
    ("ORD", 0x4811),
    ("OUT", 0x4812),
    ("PRN", 0x4813),
    ("REJ", 0x4814),
    ("SCO", 0x4815),
    ("SLO", 0x4816),
    ("SND", 0x4817),
    ("SUB", 0x4818),
    ("SVE", 0x4819),
    ("THX", 0x481A),
    ("TME", 0x481B),
    ("YES", 0x481C),
    ("ADM", 0x481D),
    ("SMR", 0x481E),
    // Parameters
    ("AOA", 0x4900),
    ("BTL", 0x4901),
    ("ERR", 0x4902),
    ("LVL", 0x4903),
    ("MRT", 0x4904),
    ("MTL", 0x4905),
    ("NPB", 0x4906),
    ("NPR", 0x4907),
    ("PDA", 0x4908),
    ("PTL", 0x4909),
    ("RTL", 0x490A),
    ("UNO", 0x490B),
    ("DSD", 0x490D),
    // Press
    ("ALY", 0x4A00),
    ("AND", 0x4A01),
    ("BWX", 0x4A02),
    ("DMZ", 0x4A03),
    ("ELS", 0x4A04),
    ("EXP", 0x4A05),
    ("FWD", 0x4A06),
    ("FCT", 0x4A07),
    ("FOR", 0x4A08),
    ("HOW", 0x4A09),
    ("IDK", 0x4A0A),
    ("IFF", 0x4A0B),
    ("INS", 0x4A0C),
    ("OCC", 0x4A0E),
    ("ORR", 0x4A0F),
    ("PCE", 0x4A10),
    ("POB", 0x4A11),
    ("PRP", 0x4A13),
    ("QRY", 0x4A14),
    ("SCD", 0x4A15),
    ("SRY", 0x4A16),
    ("SUG", 0x4A17),
    ("THK", 0x4A18),
    ("THN", 0x4A19),
    ("TRY", 0x4A1A),
    ("VSS", 0x4A1C),
    ("WHT", 0x4A1D),
    ("WHY", 0x4A1E),
    ("XDO", 0x4A1F),
    ("XOY", 0x4A20),
    ("YDO", 0x4A21),
    ("CHO", 0x4A22),
    ("BCC", 0x4A23),
    ("UNT", 0x4A24),
    ("CCL", 0x4A25),
    ("NAR", 0x4A26),
];

/// The standard map's powers (category 0x41), in token order.
pub const STANDARD_POWERS: [&str; 7] = ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"];

/// The standard map's provinces: name and token (`daide_protocol.txt` 4.16).
pub const STANDARD_PROVINCES: &[(&str, u16)] = &[
    ("BOH", 0x5000),
    ("BUR", 0x5001),
    ("GAL", 0x5002),
    ("RUH", 0x5003),
    ("SIL", 0x5004),
    ("TYR", 0x5005),
    ("UKR", 0x5006),
    ("BUD", 0x5107),
    ("MOS", 0x5108),
    ("MUN", 0x5109),
    ("PAR", 0x510A),
    ("SER", 0x510B),
    ("VIE", 0x510C),
    ("WAR", 0x510D),
    ("ADR", 0x520E),
    ("AEG", 0x520F),
    ("BAL", 0x5210),
    ("BAR", 0x5211),
    ("BLA", 0x5212),
    ("EAS", 0x5213),
    ("ECH", 0x5214),
    ("GOB", 0x5215),
    ("GOL", 0x5216),
    ("HEL", 0x5217),
    ("ION", 0x5218),
    ("IRI", 0x5219),
    ("MAO", 0x521A),
    ("NAO", 0x521B),
    ("NTH", 0x521C),
    ("NWG", 0x521D),
    ("SKA", 0x521E),
    ("TYS", 0x521F),
    ("WES", 0x5220),
    ("ALB", 0x5421),
    ("APU", 0x5422),
    ("ARM", 0x5423),
    ("CLY", 0x5424),
    ("FIN", 0x5425),
    ("GAS", 0x5426),
    ("LVN", 0x5427),
    ("NAF", 0x5428),
    ("PIC", 0x5429),
    ("PIE", 0x542A),
    ("PRU", 0x542B),
    ("SYR", 0x542C),
    ("TUS", 0x542D),
    ("WAL", 0x542E),
    ("YOR", 0x542F),
    ("ANK", 0x5530),
    ("BEL", 0x5531),
    ("BER", 0x5532),
    ("BRE", 0x5533),
    ("CON", 0x5534),
    ("DEN", 0x5535),
    ("EDI", 0x5536),
    ("GRE", 0x5537),
    ("HOL", 0x5538),
    ("KIE", 0x5539),
    ("LON", 0x553A),
    ("LVP", 0x553B),
    ("MAR", 0x553C),
    ("NAP", 0x553D),
    ("NWY", 0x553E),
    ("POR", 0x553F),
    ("ROM", 0x5540),
    ("RUM", 0x5541),
    ("SEV", 0x5542),
    ("SMY", 0x5543),
    ("SWE", 0x5544),
    ("TRI", 0x5545),
    ("TUN", 0x5546),
    ("VEN", 0x5547),
    ("BUL", 0x5748),
    ("SPA", 0x5749),
    ("STP", 0x574A),
];

/// The fixed token of a name.
pub fn fixed(name: &str) -> Option<u16> {
    FIXED.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// The name of a fixed token.
pub fn fixed_name(token: u16) -> Option<&'static str> {
    FIXED.iter().find(|&&(_, t)| t == token).map(|&(n, _)| n)
}

/// The fixed token of `name`, which must exist (a programming error otherwise).
pub fn tok(name: &str) -> u16 {
    fixed(name).unwrap_or_else(|| panic!("no DAIDE token {name}"))
}

/// An integer token (14-bit two's complement, -8192..=8191), clamped to the range.
pub fn int(v: i64) -> u16 {
    let v = v.clamp(-8192, 8191) as i32;
    (v as u16) & 0x3FFF
}

/// The value of an integer token, if it is one.
pub fn int_value(token: u16) -> Option<i32> {
    if token >> 14 != 0 {
        return None;
    }
    let v = (token & 0x3FFF) as i32;
    Some(if v >= 0x2000 { v - 0x4000 } else { v })
}

/// The tokens of a text: one per byte (UTF-8).
pub fn text(s: &str) -> impl Iterator<Item = u16> + '_ {
    s.bytes().map(|b| ((TEXT as u16) << 8) | b as u16)
}

/// Whether a token is a province (categories 0x50-0x57).
pub fn is_province(token: u16) -> bool {
    (0x50..=0x57).contains(&(token >> 8))
}

/// Whether a token is a power.
pub fn is_power(token: u16) -> bool {
    token >> 8 == POWER as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_14_bit_twos_complement() {
        for v in [-8192, -1, 0, 1, 300, 1901, 8191] {
            assert_eq!(int_value(int(v)), Some(v as i32));
        }
        assert_eq!(int(300), 0x012C);
        assert_eq!(int(-1), 0x3FFF);
        assert_eq!(int_value(tok("HLO")), None);
    }

    #[test]
    fn fixed_tokens_are_unique_and_named() {
        let mut seen = std::collections::HashSet::new();
        for (name, t) in FIXED {
            assert!(seen.insert(*t), "{name} repeats a token");
            assert_eq!(fixed_name(*t), Some(*name));
        }
        assert_eq!(tok("YES"), 0x481C);
        assert_eq!(tok("SMR"), 0x481E);
    }

    #[test]
    fn standard_provinces_number_0_to_74() {
        for (i, (_, t)) in STANDARD_PROVINCES.iter().enumerate() {
            assert_eq!((*t & 0xFF) as usize, i);
            assert!(is_province(*t));
        }
        assert_eq!(STANDARD_PROVINCES.len(), 75);
    }
}
