//! Deadlines as real instants: when orders are due, kept as a point in time and shown in the
//! game master's time zone (the clubs' "Friday midnight" is midnight in Prague or Paris,
//! whatever the server's clock says).

use entente_game::{Error, Result};
use jiff::{civil::DateTime, tz::TimeZone, Timestamp, Zoned};
use std::fmt;

/// When the current phase's orders are due.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deadline {
    pub at: Timestamp,
    /// The IANA time zone it is shown in (`Europe/Prague`; `UTC` when none was given).
    pub zone: String,
}

impl Deadline {
    /// `2026-11-27 23:59` (or `2026-11-27T23:59`) in `zone`, or an instant with its offset
    /// (`2026-11-27T22:59:00Z`).
    pub fn parse(text: &str, zone: Option<&str>) -> Result<Deadline> {
        let zone = zone.unwrap_or("UTC");
        let tz = TimeZone::get(zone).map_err(|_| {
            Error::unknown(format!("unknown time zone '{zone}' (e.g. Europe/Prague)"))
        })?;
        let text = text.trim();
        let at = match text.parse::<Timestamp>() {
            Ok(t) => t,
            Err(_) => {
                let dt: DateTime = text.replacen(' ', "T", 1).parse().map_err(|_| {
                    Error::invalid(format!(
                        "'{text}' is not a date and time (write 2026-11-27 23:59)"
                    ))
                })?;
                dt.to_zoned(tz.clone())
                    .map_err(|e| Error::invalid(format!("'{text}' in {zone}: {e}")))?
                    .timestamp()
            }
        };
        Ok(Deadline {
            at,
            zone: zone.to_string(),
        })
    }

    /// The deadline in its time zone.
    pub fn zoned(&self) -> Zoned {
        let tz = TimeZone::get(&self.zone).unwrap_or(TimeZone::UTC);
        self.at.to_zoned(tz)
    }

    pub fn has_passed(&self, now: Timestamp) -> bool {
        now >= self.at
    }
}

impl fmt::Display for Deadline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.zoned().strftime("%A %Y-%m-%d %H:%M %Z"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn friday_midnight_in_prague_is_an_instant_in_utc() {
        let d = Deadline::parse("2026-11-27 23:59", Some("Europe/Prague")).unwrap();
        assert_eq!(d.at.to_string(), "2026-11-27T22:59:00Z");
        assert_eq!(d.to_string(), "Friday 2026-11-27 23:59 CET");
        let summer = Deadline::parse("2026-07-03 23:59", Some("Europe/Prague")).unwrap();
        assert_eq!(summer.at.to_string(), "2026-07-03T21:59:00Z");
    }

    #[test]
    fn bad_zone_and_bad_date_are_errors() {
        assert_eq!(
            Deadline::parse("2026-11-27 23:59", Some("Mars/Olympus"))
                .unwrap_err()
                .kind,
            entente_game::ErrorKind::UnknownName
        );
        assert!(Deadline::parse("Friday", None).is_err());
    }

    #[test]
    fn passed_compares_instants() {
        let d = Deadline::parse("2026-11-27T22:59:00Z", None).unwrap();
        assert!(!d.has_passed("2026-11-27T22:58:59Z".parse().unwrap()));
        assert!(d.has_passed("2026-11-27T22:59:00Z".parse().unwrap()));
    }
}
