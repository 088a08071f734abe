//! The command language of a mail to the judge, close to the hobby's e-mail judges (njudge,
//! DPjudge) so that their players feel at home, with keywords in English, Czech, French
//! and Russian (case and accents ignored: `ROZKAZY`, `rozkazy`, `Ordres`, `ПРИКАЗЫ`):
//!
//! ```text
//! SIGNON <game> <power> <secret>     sign on as a power of a game (before anything else)
//! ORDERS                             the lines that follow, up to the next command, are the
//!                                    power's sheet (lines with no command are a sheet too)
//! PRESS TO France, Germany           a letter to those powers, up to ENDPRESS
//! BROADCAST                          a letter to every power, up to ENDPRESS
//! LIST / HISTORY [phase]             the game's state and my orders / a phase's results
//! READY [NO]                         my orders are final (or not)
//! DRAW [powers | NO]                 vote for a draw (among those powers), or withdraw
//! CONCEDE <power> | CONCEDE NO       vote to concede the game to a power, or withdraw
//! SET ADDRESS <address>              where results and reminders go
//! PLACE A Par                        Escalation: place my next unit, in my turn
//! HOME Par, Bre, Spa                 Escalation: nominate my three home centres
//! HELP                               the commands, in my language
//! SIGNOFF                            the rest of the mail is not read
//! ```
//! Each command is read with its line number, so that the reply can answer line by line.

/// A command of a mail, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    SignOn {
        game: String,
        power: String,
        secret: String,
    },
    /// A sheet: its lines as written (empty lines dropped).
    Orders(Vec<String>),
    /// A letter: to these powers (empty: to everyone).
    Press {
        to: Vec<String>,
        text: String,
    },
    List,
    History(Option<String>),
    Ready(bool),
    /// `Some(powers)`: a draw (all survivors when empty); `None`: withdraw the vote.
    Draw(Option<Vec<String>>),
    /// `Some(power)`: concede to it; `None`: withdraw the vote.
    Concede(Option<String>),
    SetAddress(String),
    /// Escalation: the power's next unit (`A Par`).
    Place(String),
    /// Escalation: the power's three home centres (`Par, Bre, Spa`).
    Home(String),
    Help,
}

/// A line that cannot be read as its command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("line {line}: {command} needs {needs}")]
    Missing {
        line: usize,
        command: &'static str,
        needs: &'static str,
    },
    #[error("line {line}: the letter begun here has no ENDPRESS: nothing of it is sent")]
    Unterminated { line: usize },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kw {
    SignOn,
    Orders,
    PressTo,
    Broadcast,
    EndPress,
    List,
    History,
    Ready,
    Draw,
    Concede,
    SetAddress,
    Place,
    Home,
    Help,
    SignOff,
}

/// Each keyword in each language, folded (lower case, no accents); longest first where one
/// begins another.
const KEYWORDS: &[(Kw, &[&str])] = &[
    (
        Kw::SignOn,
        &[
            "signon",
            "sign on",
            "prihlasit",
            "prihlaseni",
            "connexion",
            "вход",
            "войти",
        ],
    ),
    (
        Kw::Orders,
        &["orders", "order", "rozkazy", "ordres", "приказы"],
    ),
    (
        Kw::PressTo,
        &[
            "press to",
            "zprava pro",
            "message a",
            "lettre a",
            "письмо для",
            "письмо",
        ],
    ),
    (Kw::Broadcast, &["broadcast", "vsem", "a tous", "всем"]),
    (
        Kw::EndPress,
        &[
            "endpress",
            "end press",
            "konec zpravy",
            "fin du message",
            "fin",
            "конец письма",
            "конец",
        ],
    ),
    (
        Kw::List,
        &[
            "list",
            "stav",
            "seznam",
            "etat",
            "liste",
            "список",
            "состояние",
        ],
    ),
    (
        Kw::History,
        &["history", "historie", "historique", "история"],
    ),
    (
        Kw::Ready,
        &[
            "ready",
            "pripraven",
            "pripravena",
            "pret",
            "prete",
            "готов",
            "готова",
        ],
    ),
    (Kw::Draw, &["draw", "remiza", "nulle", "ничья"]),
    (
        Kw::Concede,
        &[
            "concede",
            "kapitulace",
            "kapitulovat",
            "conceder",
            "уступить",
            "сдаться",
        ],
    ),
    (
        Kw::SetAddress,
        &[
            "set address",
            "nastavit adresu",
            "adresa",
            "adresse",
            "адрес",
        ],
    ),
    (
        Kw::Place,
        &[
            "place",
            "umistit",
            "umisti",
            "placer",
            "поставить",
            "разместить",
        ],
    ),
    (
        Kw::Home,
        &[
            "home centres",
            "home centers",
            "homes",
            "home",
            "domovska centra",
            "domov",
            "centres d'origine",
            "origine",
            "родные центры",
            "родина",
        ],
    ),
    (Kw::Help, &["help", "napoveda", "aide", "помощь"]),
    (
        Kw::SignOff,
        &["signoff", "sign off", "odhlasit", "deconnexion", "выход"],
    ),
];

/// Words that say "no" after READY, DRAW, CONCEDE.
const NO: &[&str] = &["no", "not", "ne", "non", "нет"];

/// Lower case without accents (Latin), for keywords.
pub fn fold(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' => 'a',
            'č' | 'ç' => 'c',
            'ď' => 'd',
            'é' | 'è' | 'ê' | 'ë' | 'ě' => 'e',
            'í' | 'î' | 'ï' => 'i',
            'ň' => 'n',
            'ó' | 'ô' | 'ö' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            'ž' => 'z',
            'ё' => 'е',
            c => c,
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The keyword a line begins with, and the rest of the line (as written).
fn keyword(line: &str) -> Option<(Kw, &str)> {
    let folded = fold(line);
    let mut best: Option<(Kw, usize)> = None;
    for (kw, words) in KEYWORDS {
        for w in *words {
            let hit = folded == *w
                || (folded.starts_with(w) && folded[w.len()..].starts_with([' ', ':', ',']));
            if hit && best.is_none_or(|(_, n)| w.split(' ').count() > n) {
                best = Some((*kw, w.split(' ').count()));
            }
        }
    }
    let (kw, words) = best?;
    // The rest after as many words as the keyword has (and a colon).
    let mut rest = line.trim();
    for _ in 0..words {
        rest = rest
            .trim_start()
            .split_once(char::is_whitespace)
            .map_or("", |(_, r)| r);
    }
    if words == 1 {
        // "ORDERS:" — a colon glued to a one-word keyword.
        if let Some(first) = line.split_whitespace().next() {
            if first.ends_with(':') && first.len() > 1 {
                let rest_line = line.trim_start()[first.len()..].trim_start();
                return Some((kw, rest_line));
            }
        }
    }
    Some((kw, rest.trim_start_matches(':').trim()))
}

fn list(rest: &str) -> Vec<String> {
    rest.split([',', ';'])
        .flat_map(|p| {
            // "France Germany" without commas.
            if p.contains(' ') && !p.trim().contains(' ') {
                vec![p.trim().to_string()]
            } else {
                p.split_whitespace().map(str::to_string).collect()
            }
        })
        .filter(|s| !s.is_empty())
        .collect()
}

fn is_no(rest: &str) -> bool {
    NO.contains(&fold(rest).as_str())
}

/// The keywords that say which language a mail is written in (folded), for answering before
/// the writer has signed on and their account's language is known.
const LANGUAGE_OF_KEYWORDS: &[(&str, &[&str])] = &[
    (
        "cs",
        &[
            "prihlasit",
            "prihlaseni",
            "rozkazy",
            "zprava pro",
            "vsem",
            "konec zpravy",
            "stav",
            "seznam",
            "umistit",
            "umisti",
            "domov",
            "domovska centra",
        ],
    ),
    (
        "fr",
        &[
            "connexion",
            "ordres",
            "message a",
            "lettre a",
            "a tous",
            "fin du message",
            "etat",
            "liste",
            "placer",
            "origine",
            "centres d'origine",
        ],
    ),
];

/// The language of a mail's commands, from the first command keyword that belongs to one
/// language (Cyrillic: Russian); `None` for English or no keyword.
pub fn language_of(text: &str) -> Option<&'static str> {
    for line in text.lines() {
        let line = line.trim();
        if keyword(line).is_none() {
            continue;
        }
        if line.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c)) {
            return Some("ru");
        }
        let folded = fold(line);
        for (lang, words) in LANGUAGE_OF_KEYWORDS {
            if words
                .iter()
                .any(|w| folded == *w || folded.starts_with(&format!("{w} ")))
            {
                return Some(lang);
            }
        }
        return None;
    }
    None
}

/// Reads a mail's text as commands; a line with an error is reported and the others are
/// still read. Lines before `SIGNON` are read too (the caller answers that they need one).
pub fn parse_commands(text: &str) -> (Vec<(usize, Command)>, Vec<CommandError>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<(usize, Command)> = Vec::new();
    let mut errors = Vec::new();
    let mut sheet: Option<(usize, Vec<String>)> = None;
    let flush = |sheet: &mut Option<(usize, Vec<String>)>, out: &mut Vec<(usize, Command)>| {
        if let Some((at, lines)) = sheet.take() {
            if !lines.is_empty() {
                out.push((at, Command::Orders(lines)));
            }
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() {
            continue;
        }
        let Some((kw, rest)) = keyword(line) else {
            // An order line: part of the sheet being read, or the start of one.
            sheet
                .get_or_insert((n, Vec::new()))
                .1
                .push(line.to_string());
            continue;
        };
        flush(&mut sheet, &mut out);
        let missing = |command, needs| CommandError::Missing {
            line: n,
            command,
            needs,
        };
        match kw {
            Kw::SignOn => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                match parts.as_slice() {
                    [game, power, secret] => out.push((
                        n,
                        Command::SignOn {
                            game: game.to_string(),
                            power: power.to_string(),
                            secret: secret.to_string(),
                        },
                    )),
                    _ => errors.push(missing(
                        "SIGNON",
                        "the game, the power and its secret: SIGNON <game> <power> <secret>",
                    )),
                }
            }
            Kw::Orders => {
                let mut s = Vec::new();
                if !rest.is_empty() {
                    s.push(rest.to_string());
                }
                sheet = Some((n, s));
                // An ORDERS line alone, followed by no order, is an empty sheet: all hold.
                if lines[i..]
                    .iter()
                    .all(|l| l.trim().is_empty() || keyword(l).is_some())
                {
                    flush(&mut sheet, &mut out);
                    if out.last().is_none_or(|(at, _)| *at != n) {
                        out.push((n, Command::Orders(Vec::new())));
                    }
                }
            }
            Kw::PressTo | Kw::Broadcast => {
                let to = if kw == Kw::PressTo {
                    list(rest)
                } else {
                    Vec::new()
                };
                if kw == Kw::PressTo && to.is_empty() {
                    errors.push(missing(
                        "PRESS TO",
                        "the powers it is for: PRESS TO France, Germany",
                    ));
                }
                let mut body = Vec::new();
                let mut ended = false;
                while i < lines.len() {
                    let l = lines[i];
                    i += 1;
                    if matches!(keyword(l), Some((Kw::EndPress, _))) {
                        ended = true;
                        break;
                    }
                    body.push(l.trim_end());
                }
                if !ended {
                    errors.push(CommandError::Unterminated { line: n });
                } else if kw == Kw::Broadcast || !to.is_empty() {
                    out.push((
                        n,
                        Command::Press {
                            to,
                            text: body.join("\n").trim().to_string(),
                        },
                    ));
                }
            }
            Kw::EndPress => {}
            Kw::List => out.push((n, Command::List)),
            Kw::History => out.push((
                n,
                Command::History((!rest.is_empty()).then(|| rest.to_string())),
            )),
            Kw::Ready => out.push((n, Command::Ready(!is_no(rest)))),
            Kw::Draw => out.push((n, Command::Draw((!is_no(rest)).then(|| list(rest))))),
            Kw::Concede => {
                if is_no(rest) {
                    out.push((n, Command::Concede(None)));
                } else if rest.is_empty() {
                    errors.push(missing(
                        "CONCEDE",
                        "the power to concede to: CONCEDE France (or CONCEDE NO)",
                    ));
                } else {
                    out.push((n, Command::Concede(Some(rest.to_string()))));
                }
            }
            Kw::SetAddress => {
                if rest.contains('@') && !rest.contains(char::is_whitespace) {
                    out.push((n, Command::SetAddress(rest.to_string())));
                } else {
                    errors.push(missing(
                        "SET ADDRESS",
                        "one e-mail address: SET ADDRESS ann@example.org",
                    ));
                }
            }
            Kw::Place => {
                if rest.is_empty() {
                    errors.push(missing(
                        "PLACE",
                        "the unit to place: PLACE A Par (or PLACE F Nth)",
                    ));
                } else {
                    out.push((n, Command::Place(rest.to_string())));
                }
            }
            Kw::Home => {
                if rest.is_empty() {
                    errors.push(missing("HOME", "three supply centres: HOME Par, Bre, Spa"));
                } else {
                    out.push((n, Command::Home(rest.to_string())));
                }
            }
            Kw::Help => out.push((n, Command::Help)),
            Kw::SignOff => break,
        }
    }
    flush(&mut sheet, &mut out);
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmds(text: &str) -> Vec<Command> {
        let (c, e) = parse_commands(text);
        assert!(e.is_empty(), "{e:?}");
        c.into_iter().map(|(_, c)| c).collect()
    }

    #[test]
    fn a_judge_mail_in_english() {
        let c = cmds(
            "SIGNON autumn France s3cret\nORDERS\nA Par - Bur\nA Mar S A Par - Bur\n\nPRESS TO England, Germany\nChannel stays empty?\nYours, France\nENDPRESS\nREADY\nSIGNOFF\nA Bre H\n",
        );
        assert_eq!(
            c,
            [
                Command::SignOn {
                    game: "autumn".into(),
                    power: "France".into(),
                    secret: "s3cret".into()
                },
                Command::Orders(vec!["A Par - Bur".into(), "A Mar S A Par - Bur".into()]),
                Command::Press {
                    to: vec!["England".into(), "Germany".into()],
                    text: "Channel stays empty?\nYours, France".into()
                },
                Command::Ready(true),
            ]
        );
    }

    #[test]
    fn a_bare_sheet_is_orders() {
        assert_eq!(
            cmds("signon g1 Austria x\nA Vie - Tri\nF Tri - Alb\n"),
            [
                Command::SignOn {
                    game: "g1".into(),
                    power: "Austria".into(),
                    secret: "x".into()
                },
                Command::Orders(vec!["A Vie - Tri".into(), "F Tri - Alb".into()]),
            ]
        );
    }

    #[test]
    fn czech_french_and_russian_keywords() {
        let cs = cmds("PŘIHLÁSIT hra Rakousko tajne\nRozkazy:\nA Vídeň - Terst\nZPRÁVA PRO Itálie\nAhoj\nKONEC ZPRÁVY\nPřipraven\nRemíza\nNápověda\n");
        assert!(matches!(&cs[0], Command::SignOn { power, .. } if power == "Rakousko"));
        assert_eq!(cs[1], Command::Orders(vec!["A Vídeň - Terst".into()]));
        assert_eq!(
            cs[2],
            Command::Press {
                to: vec!["Itálie".into()],
                text: "Ahoj".into()
            }
        );
        assert_eq!(
            &cs[3..],
            [
                Command::Ready(true),
                Command::Draw(Some(vec![])),
                Command::Help
            ]
        );
        let fr = cmds("ORDRES\nA Paris - Bourgogne\nÀ TOUS\nBonjour\nFIN\nPRÊT NON\nNULLE France, Angleterre\nCONCÉDER Allemagne\n");
        assert_eq!(fr[0], Command::Orders(vec!["A Paris - Bourgogne".into()]));
        assert_eq!(
            fr[1],
            Command::Press {
                to: vec![],
                text: "Bonjour".into()
            }
        );
        assert_eq!(fr[2], Command::Ready(false));
        assert_eq!(
            fr[3],
            Command::Draw(Some(vec!["France".into(), "Angleterre".into()]))
        );
        assert_eq!(fr[4], Command::Concede(Some("Allemagne".into())));
        let ru = cmds("ПРИКАЗЫ\nA Москва - Украина\nСПИСОК\nНИЧЬЯ НЕТ\nАДРЕС ivan@example.ru\n");
        assert_eq!(ru[0], Command::Orders(vec!["A Москва - Украина".into()]));
        assert_eq!(
            &ru[1..],
            [
                Command::List,
                Command::Draw(None),
                Command::SetAddress("ivan@example.ru".into())
            ]
        );
    }

    #[test]
    fn escalation_s_place_and_home_in_every_language() {
        assert_eq!(
            cmds("PLACE A Par\nHOME Par, Bre, Spa\nHome: Mun Kie Ber\n"),
            [
                Command::Place("A Par".into()),
                Command::Home("Par, Bre, Spa".into()),
                Command::Home("Mun Kie Ber".into()),
            ]
        );
        assert_eq!(
            cmds("UMÍSTIT A Paříž\nDOMOV Paříž, Brest, Španělsko\n"),
            [
                Command::Place("A Paříž".into()),
                Command::Home("Paříž, Brest, Španělsko".into()),
            ]
        );
        assert_eq!(
            cmds("PLACER F Brest\nORIGINE Paris, Brest, Espagne\n"),
            [
                Command::Place("F Brest".into()),
                Command::Home("Paris, Brest, Espagne".into()),
            ]
        );
        assert_eq!(
            cmds("ПОСТАВИТЬ A Москва\nРОДИНА Москва, Варшава, Севастополь\n"),
            [
                Command::Place("A Москва".into()),
                Command::Home("Москва, Варшава, Севастополь".into()),
            ]
        );
        assert_eq!(language_of("UMÍSTIT A Par"), Some("cs"));
        assert_eq!(language_of("PLACER A Par"), Some("fr"));
        assert_eq!(language_of("ПОСТАВИТЬ A Par"), Some("ru"));
        let (c, e) = parse_commands("PLACE\nHOME\n");
        assert!(c.is_empty(), "{c:?}");
        let text: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert!(text[0].contains("PLACE A Par"), "{text:?}");
        assert!(text[1].contains("HOME Par, Bre, Spa"), "{text:?}");
    }

    #[test]
    fn an_orders_line_alone_is_an_empty_sheet() {
        assert_eq!(
            cmds("ORDERS\n\nREADY"),
            [Command::Orders(vec![]), Command::Ready(true)]
        );
    }

    #[test]
    fn a_letter_without_its_end_sends_nothing_and_swallows_nothing_silently() {
        let (c, e) = parse_commands("PRESS TO Italy\nA Ven H\n");
        assert!(c.is_empty(), "{c:?}");
        assert_eq!(e, [CommandError::Unterminated { line: 1 }]);
        assert!(e[0].to_string().contains("ENDPRESS"));
    }

    #[test]
    fn commands_missing_their_words_say_what_they_need() {
        let (_, e) = parse_commands("SIGNON game\nCONCEDE\nSET ADDRESS nowhere\n");
        let text: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert_eq!(e.len(), 3, "{text:?}");
        assert!(text[0].starts_with("line 1: SIGNON needs"), "{text:?}");
        assert!(text[1].contains("CONCEDE France"), "{text:?}");
        assert!(text[2].contains("SET ADDRESS ann@example.org"), "{text:?}");
    }

    #[test]
    fn order_lines_are_not_taken_for_keywords() {
        // Provinces and words that begin like keywords.
        assert_eq!(
            cmds("A Lvp - Lon\nF Lon - Eng\nA Hol - Bel\n"),
            [Command::Orders(vec![
                "A Lvp - Lon".into(),
                "F Lon - Eng".into(),
                "A Hol - Bel".into()
            ])]
        );
    }

    #[test]
    fn the_language_of_a_mail_is_that_of_its_first_command() {
        assert_eq!(language_of("ROZKAZY\nA Par - Bur"), Some("cs"));
        assert_eq!(language_of("Přihlásit hra1 Francie heslo"), Some("cs"));
        assert_eq!(language_of("ORDRES\nA Par - Bur"), Some("fr"));
        assert_eq!(language_of("ПРИКАЗЫ\nA Par - Bur"), Some("ru"));
        assert_eq!(language_of("ORDERS\nA Par - Bur"), None);
        assert_eq!(language_of("A Par - Bur"), None);
    }
}
