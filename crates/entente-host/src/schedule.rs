//! When each phase's orders are due: the clubs' weekly deadline (Friday midnight in
//! Prague unless the game master says otherwise), or a fixed length for fast games, with
//! retreats and adjustments given their own, shorter, time. Every front end (the server,
//! the mail gateway) sets the next deadline from the same rule.

use crate::deadline::Deadline;
use entente_game::{Error, Result};
use entente_judge::PhaseKind;
use jiff::civil::{Time, Weekday};
use jiff::tz::TimeZone;
use jiff::{Span, Timestamp, ToSpan};
use serde::{Deserialize, Serialize};

/// How a game's deadlines fall.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Schedule {
    /// Movement orders are due every week on `weekday` at `time` (`24:00` is the end of
    /// that day) in `time_zone`; retreats and adjustments `retreat_hours` and
    /// `adjustment_hours` after the phase opens.
    Weekly {
        #[serde(default = "default_weekday")]
        weekday: String,
        #[serde(default = "default_time")]
        time: String,
        #[serde(default = "default_zone")]
        time_zone: String,
        #[serde(default = "default_short_hours")]
        retreat_hours: u32,
        #[serde(default = "default_short_hours")]
        adjustment_hours: u32,
    },
    /// Fast games: each phase lasts a fixed number of minutes after it opens.
    Every {
        movement_minutes: u32,
        #[serde(default)]
        retreat_minutes: Option<u32>,
        #[serde(default)]
        adjustment_minutes: Option<u32>,
    },
    /// No deadlines: the game master adjudicates (or every power marks itself ready).
    Manual,
}

fn default_weekday() -> String {
    "friday".into()
}
fn default_time() -> String {
    "24:00".into()
}
fn default_zone() -> String {
    "Europe/Prague".into()
}
fn default_short_hours() -> u32 {
    48
}

impl Default for Schedule {
    /// The clubs' house rule: Friday at midnight, Prague time.
    fn default() -> Schedule {
        Schedule::Weekly {
            weekday: default_weekday(),
            time: default_time(),
            time_zone: default_zone(),
            retreat_hours: default_short_hours(),
            adjustment_hours: default_short_hours(),
        }
    }
}

/// The longest phase a schedule may set: a year.
const MAX_MINUTES: u32 = 366 * 24 * 60;

impl Schedule {
    /// Whether the schedule can be followed: a known weekday, time and time zone, lengths
    /// of at least a minute and at most a year.
    pub fn check(&self) -> Result<()> {
        match self {
            Schedule::Weekly {
                weekday,
                time,
                time_zone,
                retreat_hours,
                adjustment_hours,
            } => {
                parse_weekday(weekday)?;
                parse_time(time)?;
                zone(time_zone)?;
                for h in [retreat_hours, adjustment_hours] {
                    check_minutes(h.saturating_mul(60))?;
                }
                Ok(())
            }
            Schedule::Every {
                movement_minutes,
                retreat_minutes,
                adjustment_minutes,
            } => {
                check_minutes(*movement_minutes)?;
                for m in [retreat_minutes, adjustment_minutes].into_iter().flatten() {
                    check_minutes(*m)?;
                }
                Ok(())
            }
            Schedule::Manual => Ok(()),
        }
    }

    /// The deadline of a phase of `kind` opening at `now` (`None`: no deadline).
    pub fn deadline(&self, kind: PhaseKind, now: Timestamp) -> Result<Option<Deadline>> {
        self.check()?;
        let (at, zone_name) = match self {
            Schedule::Manual => return Ok(None),
            Schedule::Every {
                movement_minutes,
                retreat_minutes,
                adjustment_minutes,
            } => {
                let m = match kind {
                    PhaseKind::Movement => *movement_minutes,
                    PhaseKind::Retreat => retreat_minutes.unwrap_or(*movement_minutes),
                    PhaseKind::Adjustment => adjustment_minutes.unwrap_or(*movement_minutes),
                };
                (add_minutes(now, m)?, "UTC".to_string())
            }
            Schedule::Weekly {
                weekday,
                time,
                time_zone,
                retreat_hours,
                adjustment_hours,
            } => {
                let at = match kind {
                    PhaseKind::Movement => {
                        next_weekly(now, parse_weekday(weekday)?, parse_time(time)?, time_zone)?
                    }
                    PhaseKind::Retreat => add_minutes(now, retreat_hours.saturating_mul(60))?,
                    PhaseKind::Adjustment => add_minutes(now, adjustment_hours.saturating_mul(60))?,
                };
                (at, time_zone.clone())
            }
        };
        Ok(Some(Deadline {
            at,
            zone: zone_name,
        }))
    }
}

fn check_minutes(m: u32) -> Result<()> {
    if m == 0 || m > MAX_MINUTES {
        return Err(Error::invalid(format!(
            "a phase lasts from 1 minute to {} days ({m} minutes asked)",
            MAX_MINUTES / 60 / 24
        )));
    }
    Ok(())
}

fn add_minutes(now: Timestamp, m: u32) -> Result<Timestamp> {
    now.checked_add(Span::new().minutes(i64::from(m)))
        .map_err(|e| Error::invalid(format!("deadline out of range: {e}")))
}

fn zone(name: &str) -> Result<TimeZone> {
    TimeZone::get(name)
        .map_err(|_| Error::unknown(format!("unknown time zone '{name}' (e.g. Europe/Prague)")))
}

/// `friday`, `Fri`, `pátek`, `vendredi`, `пятница`.
fn parse_weekday(text: &str) -> Result<Weekday> {
    const NAMES: [(&[&str], Weekday); 7] = [
        (
            &["monday", "mon", "pondělí", "lundi", "понедельник"],
            Weekday::Monday,
        ),
        (
            &["tuesday", "tue", "úterý", "mardi", "вторник"],
            Weekday::Tuesday,
        ),
        (
            &["wednesday", "wed", "středa", "mercredi", "среда"],
            Weekday::Wednesday,
        ),
        (
            &["thursday", "thu", "čtvrtek", "jeudi", "четверг"],
            Weekday::Thursday,
        ),
        (
            &["friday", "fri", "pátek", "vendredi", "пятница"],
            Weekday::Friday,
        ),
        (
            &["saturday", "sat", "sobota", "samedi", "суббота"],
            Weekday::Saturday,
        ),
        (
            &["sunday", "sun", "neděle", "dimanche", "воскресенье"],
            Weekday::Sunday,
        ),
    ];
    let t = text.trim().to_lowercase();
    NAMES
        .iter()
        .find(|(names, _)| names.contains(&t.as_str()))
        .map(|&(_, d)| d)
        .ok_or_else(|| Error::unknown(format!("'{text}' is not a day of the week (friday)")))
}

/// `HH:MM`, where `24:00` is the end of the day. Returns minutes after midnight.
fn parse_time(text: &str) -> Result<u32> {
    let bad = || {
        Error::invalid(format!(
            "'{text}' is not a time of day (write 23:59 or 24:00)"
        ))
    };
    let (h, m) = text.trim().split_once(':').ok_or_else(bad)?;
    let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if m >= 60 || h > 24 || (h == 24 && m != 0) {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

/// The first `weekday` at `minutes` after midnight in `zone_name` that is later than `now`.
fn next_weekly(
    now: Timestamp,
    weekday: Weekday,
    minutes: u32,
    zone_name: &str,
) -> Result<Timestamp> {
    let tz = zone(zone_name)?;
    let today = now.to_zoned(tz.clone()).date();
    for days in 0..=8i64 {
        let date = today
            .checked_add(days.days())
            .map_err(|e| Error::invalid(format!("deadline out of range: {e}")))?;
        if date.weekday() != weekday {
            continue;
        }
        // 24:00 is midnight at the start of the next day.
        let (date, minutes) = if minutes == 24 * 60 {
            (
                date.checked_add(1.day())
                    .map_err(|e| Error::invalid(format!("deadline out of range: {e}")))?,
                0,
            )
        } else {
            (date, minutes)
        };
        let time = Time::new((minutes / 60) as i8, (minutes % 60) as i8, 0, 0)
            .map_err(|e| Error::invalid(e.to_string()))?;
        let at = date
            .to_datetime(time)
            .to_zoned(tz.clone())
            .map_err(|e| Error::invalid(e.to_string()))?
            .timestamp();
        if at > now {
            return Ok(at);
        }
    }
    Err(Error::invalid("no weekly deadline found"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn default_deadline_is_friday_midnight_in_prague() {
        // Monday 23 November 2026, noon UTC: due at the end of Friday 27 November, Prague.
        let d = Schedule::default()
            .deadline(PhaseKind::Movement, at("2026-11-23T12:00:00Z"))
            .unwrap()
            .unwrap();
        assert_eq!(d.at, at("2026-11-27T23:00:00Z"));
        assert_eq!(d.zone, "Europe/Prague");
        assert_eq!(d.to_string(), "Saturday 2026-11-28 00:00 CET");
    }

    #[test]
    fn weekly_deadline_just_passed_moves_a_week_on() {
        let d = Schedule::default()
            .deadline(PhaseKind::Movement, at("2026-11-27T23:00:00Z"))
            .unwrap()
            .unwrap();
        assert_eq!(d.at, at("2026-12-04T23:00:00Z"));
    }

    #[test]
    fn weekly_deadline_in_summer_time() {
        let s = Schedule::Weekly {
            weekday: "pátek".into(),
            time: "20:00".into(),
            time_zone: "Europe/Paris".into(),
            retreat_hours: 24,
            adjustment_hours: 12,
        };
        let d = s
            .deadline(PhaseKind::Movement, at("2026-07-01T00:00:00Z"))
            .unwrap()
            .unwrap();
        assert_eq!(d.at, at("2026-07-03T18:00:00Z"));
        let r = s
            .deadline(PhaseKind::Retreat, at("2026-07-01T00:00:00Z"))
            .unwrap()
            .unwrap();
        assert_eq!(r.at, at("2026-07-02T00:00:00Z"));
        let a = s
            .deadline(PhaseKind::Adjustment, at("2026-07-01T00:00:00Z"))
            .unwrap()
            .unwrap();
        assert_eq!(a.at, at("2026-07-01T12:00:00Z"));
    }

    #[test]
    fn fast_game_phases_have_their_own_lengths() {
        let s = Schedule::Every {
            movement_minutes: 10,
            retreat_minutes: Some(2),
            adjustment_minutes: None,
        };
        let now = at("2026-11-23T12:00:00Z");
        let d = |k| s.deadline(k, now).unwrap().unwrap().at;
        assert_eq!(d(PhaseKind::Movement), at("2026-11-23T12:10:00Z"));
        assert_eq!(d(PhaseKind::Retreat), at("2026-11-23T12:02:00Z"));
        assert_eq!(d(PhaseKind::Adjustment), at("2026-11-23T12:10:00Z"));
        assert_eq!(
            Schedule::Manual.deadline(PhaseKind::Movement, now).unwrap(),
            None
        );
    }

    #[test]
    fn bad_schedules_are_refused_with_the_reason() {
        let weekly = |day: &str, time: &str, zone: &str| Schedule::Weekly {
            weekday: day.into(),
            time: time.into(),
            time_zone: zone.into(),
            retreat_hours: 48,
            adjustment_hours: 48,
        };
        let e = weekly("Freitag", "24:00", "Europe/Prague")
            .check()
            .unwrap_err();
        assert!(e.message.contains("day of the week"), "{e}");
        let e = weekly("friday", "24:30", "Europe/Prague")
            .check()
            .unwrap_err();
        assert!(e.message.contains("time of day"), "{e}");
        let e = weekly("friday", "20:00", "Mars/Olympus")
            .check()
            .unwrap_err();
        assert!(e.message.contains("time zone"), "{e}");
        let e = Schedule::Every {
            movement_minutes: 0,
            retreat_minutes: None,
            adjustment_minutes: None,
        }
        .check()
        .unwrap_err();
        assert!(e.message.contains("1 minute"), "{e}");
    }
}
