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
    /// The sheet of the power signed on above (one per part of the mail after a `SIGNON`).
    Orders(Sheet),
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

/// The order lines of one part of a mail (after one `SIGNON`), with where each was written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sheet {
    /// An `ORDERS` keyword began it: alone, it is an empty sheet (every unit holds).
    pub keyword: bool,
    pub lines: Vec<SheetLine>,
}

impl Sheet {
    /// The lines' texts.
    pub fn texts(&self) -> Vec<&str> {
        self.lines.iter().map(|l| l.text.as_str()).collect()
    }
}

/// A line of a sheet, as written, with its line number in the mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetLine {
    pub line: usize,
    pub text: String,
    pub kind: LineKind,
}

/// Where a sheet's line was written, which says whether it is an order when it does not
/// read as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// After `ORDERS` or `SIGNON`, with a command after it: in the sheet as written (an
    /// unreadable line is answered NOT UNDERSTOOD, as on the web).
    Firm,
    /// After `ORDERS` or `SIGNON`, after the mail's last command: in the sheet if it reads as
    /// an order or an order line follows it; else a closing line (a greeting, a signature),
    /// ignored.
    Closing,
    /// After another command (`READY`, a letter, a vote, ...): in the sheet only if it reads
    /// as an order; else ignored. It never makes a sheet of its own.
    Stray,
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
    #[error("the mail has {lines} lines; the judge reads at most {limit} lines: nothing in it was carried out")]
    TooManyLines { lines: usize, limit: usize },
    #[error("line {line} is longer than {limit} bytes: nothing in this mail was carried out")]
    LineTooLong { line: usize, limit: usize },
    #[error("the mail has more than {limit} commands: nothing in it was carried out")]
    TooManyCommands { limit: usize },
}

impl CommandError {
    /// Whether the error refuses the whole mail (a limit), not one line.
    pub fn refuses_mail(&self) -> bool {
        matches!(
            self,
            CommandError::TooManyLines { .. }
                | CommandError::LineTooLong { .. }
                | CommandError::TooManyCommands { .. }
        )
    }
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

/// The most lines of a mail's text that are read (a longer mail is answered, and nothing in
/// it carried out).
pub const LINE_LIMIT: usize = 2000;
/// The longest line read, in bytes (a letter's paragraph may be long: a letter is at most
/// 16 KiB).
pub const LINE_LENGTH_LIMIT: usize = 16 * 1024;
/// The most commands a mail carries (each keyword line; a sheet's orders are not counted).
pub const COMMAND_LIMIT: usize = 100;

/// Reads a mail's text as commands; a line with an error is reported and the others are
/// still read. Lines before `SIGNON` are read too (the caller answers that they need one).
///
/// Each part of the mail after a `SIGNON` (or before the first) has at most one
/// [`Command::Orders`], at the place of its first order line, with every order line of that
/// part: the lines after `ORDERS` (or right after `SIGNON`), and the lines after any other
/// command, which are orders only if they read as orders (the gateway decides, with the
/// game's map: see [`LineKind`]).
///
/// A mail over [`LINE_LIMIT`] lines, with a line over [`LINE_LENGTH_LIMIT`] bytes or more
/// than [`COMMAND_LIMIT`] commands gives no command and that one error.
pub fn parse_commands(text: &str) -> (Vec<(usize, Command)>, Vec<CommandError>) {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() > LINE_LIMIT {
        return (
            Vec::new(),
            vec![CommandError::TooManyLines {
                lines: lines.len(),
                limit: LINE_LIMIT,
            }],
        );
    }
    if let Some(i) = lines.iter().position(|l| l.len() > LINE_LENGTH_LIMIT) {
        return (
            Vec::new(),
            vec![CommandError::LineTooLong {
                line: i + 1,
                limit: LINE_LENGTH_LIMIT,
            }],
        );
    }
    // Each line's keyword, read once.
    let kws: Vec<Option<(Kw, &str)>> = lines.iter().map(|l| keyword(l.trim())).collect();
    let mut out: Vec<(usize, Command)> = Vec::new();
    let mut errors = Vec::new();
    // This part's sheet (its index in `out`), and whether a bare line now is a firm order
    // line (after ORDERS or SIGNON) or a stray one (after another command).
    let mut sheet: Option<usize> = None;
    let mut firm = true;
    let mut commands = 0;
    let mut last_command = 0;
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let line = lines[i].trim();
        let kw = kws[i];
        i += 1;
        if line.is_empty() {
            continue;
        }
        let Some((kw, rest)) = kw else {
            let at = *sheet.get_or_insert_with(|| {
                out.push((n, Command::Orders(Sheet::default())));
                out.len() - 1
            });
            if let Command::Orders(s) = &mut out[at].1 {
                s.lines.push(SheetLine {
                    line: n,
                    text: line.to_string(),
                    kind: if firm {
                        LineKind::Firm
                    } else {
                        LineKind::Stray
                    },
                });
            }
            continue;
        };
        commands += 1;
        if commands > COMMAND_LIMIT {
            return (
                Vec::new(),
                vec![CommandError::TooManyCommands {
                    limit: COMMAND_LIMIT,
                }],
            );
        }
        last_command = n;
        firm = false;
        let missing = |command, needs| CommandError::Missing {
            line: n,
            command,
            needs,
        };
        match kw {
            Kw::SignOn => {
                sheet = None;
                firm = true;
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
                firm = true;
                let at = *sheet.get_or_insert_with(|| {
                    out.push((n, Command::Orders(Sheet::default())));
                    out.len() - 1
                });
                if let Command::Orders(s) = &mut out[at].1 {
                    s.keyword = true;
                    if !rest.is_empty() {
                        s.lines.push(SheetLine {
                            line: n,
                            text: rest.to_string(),
                            kind: LineKind::Firm,
                        });
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
                    if matches!(kws[i - 1], Some((Kw::EndPress, _))) {
                        ended = true;
                        last_command = i;
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
    // The firm lines after the mail's last command close it: a greeting, a signature.
    for (_, c) in &mut out {
        if let Command::Orders(s) = c {
            for l in &mut s.lines {
                if l.kind == LineKind::Firm && l.line > last_command {
                    l.kind = LineKind::Closing;
                }
            }
        }
    }
    (out, errors)
}

/// Whether a mail's commands ask anything of the judge: a keyword command (or one it could
/// not read), not only lines without a keyword (which a program's automatic reply is).
pub fn has_command(commands: &[(usize, Command)], errors: &[CommandError]) -> bool {
    !errors.is_empty()
        || commands
            .iter()
            .any(|(_, c)| !matches!(c, Command::Orders(s) if !s.keyword))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commands, each sheet by its texts only (see [`o`]).
    fn cmds(text: &str) -> Vec<Command> {
        let (c, e) = parse_commands(text);
        assert!(e.is_empty(), "{e:?}");
        c.into_iter()
            .map(|(_, c)| match c {
                Command::Orders(s) => o(&s.texts()),
                c => c,
            })
            .collect()
    }

    /// A sheet of these lines, as [`cmds`] gives it.
    fn o(lines: &[&str]) -> Command {
        Command::Orders(Sheet {
            keyword: false,
            lines: lines
                .iter()
                .map(|l| SheetLine {
                    line: 0,
                    text: l.to_string(),
                    kind: LineKind::Firm,
                })
                .collect(),
        })
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
                o(&["A Par - Bur", "A Mar S A Par - Bur"]),
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
                o(&["A Vie - Tri", "F Tri - Alb"]),
            ]
        );
    }

    #[test]
    fn czech_french_and_russian_keywords() {
        let cs = cmds("PŘIHLÁSIT hra Rakousko tajne\nRozkazy:\nA Vídeň - Terst\nZPRÁVA PRO Itálie\nAhoj\nKONEC ZPRÁVY\nPřipraven\nRemíza\nNápověda\n");
        assert!(matches!(&cs[0], Command::SignOn { power, .. } if power == "Rakousko"));
        assert_eq!(cs[1], o(&["A Vídeň - Terst"]));
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
        assert_eq!(fr[0], o(&["A Paris - Bourgogne"]));
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
        assert_eq!(ru[0], o(&["A Москва - Украина"]));
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
        assert_eq!(cmds("ORDERS\n\nREADY"), [o(&[]), Command::Ready(true)]);
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
            [o(&["A Lvp - Lon", "F Lon - Eng", "A Hol - Bel"])]
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

    fn kinds(text: &str) -> Vec<(String, LineKind)> {
        let (c, _) = parse_commands(text);
        c.into_iter()
            .filter_map(|(_, c)| match c {
                Command::Orders(s) => Some(s.lines),
                _ => None,
            })
            .flatten()
            .map(|l| (l.text, l.kind))
            .collect()
    }

    /// Issue 31: the lines after READY, a letter or a vote are not a sheet of their own;
    /// the lines after the last command close the mail; one sheet per SIGNON.
    #[test]
    fn lines_after_other_commands_are_stray_and_after_the_last_closing() {
        use LineKind::*;
        assert_eq!(
            kinds("SIGNON g France s\nORDERS\nA Par - Bur\nREADY\nThanks! Alice\n"),
            [
                ("A Par - Bur".into(), Firm),
                ("Thanks! Alice".into(), Stray)
            ]
        );
        assert_eq!(
            kinds("SIGNON g France s\nA Par - Bur\nF Bre - Mao\n\nSent from my iPhone\n"),
            [
                ("A Par - Bur".into(), Closing),
                ("F Bre - Mao".into(), Closing),
                ("Sent from my iPhone".into(), Closing)
            ]
        );
        // Two blocks around a letter: one sheet.
        let (c, _) = parse_commands(
            "SIGNON g France s\nORDERS\nA Par - Bur\nPRESS TO England\nhi\nENDPRESS\nF Bre - Mao\nREADY\n",
        );
        let sheets: Vec<&Sheet> = c
            .iter()
            .filter_map(|(_, c)| match c {
                Command::Orders(s) => Some(s),
                _ => None,
            })
            .collect();
        assert_eq!(sheets.len(), 1, "{c:?}");
        assert_eq!(sheets[0].texts(), ["A Par - Bur", "F Bre - Mao"]);
        assert!(sheets[0].keyword);
        // A second SIGNON begins a new part, with its own sheet.
        let (c, _) = parse_commands("SIGNON g France s\nA Par H\nSIGNON g England t\nF Lon H\n");
        assert_eq!(
            c.iter()
                .filter(|(_, c)| matches!(c, Command::Orders(_)))
                .count(),
            2
        );
    }

    #[test]
    fn a_mail_over_a_limit_is_refused_whole() {
        let (c, e) = parse_commands(&"A Par H\n".repeat(LINE_LIMIT + 1));
        assert!(c.is_empty() && e[0].refuses_mail(), "{e:?}");
        assert!(e[0].to_string().contains("at most 2000 lines"), "{e:?}");
        let (c, e) = parse_commands(&"LIST\n".repeat(COMMAND_LIMIT + 1));
        assert!(c.is_empty() && e[0].refuses_mail(), "{e:?}");
        let (c, e) = parse_commands(&format!("LIST\n{}\n", "x".repeat(LINE_LENGTH_LIMIT + 1)));
        assert!(c.is_empty(), "{c:?}");
        assert_eq!(
            e,
            [CommandError::LineTooLong {
                line: 2,
                limit: LINE_LENGTH_LIMIT
            }]
        );
        let (c, e) = parse_commands(&"LIST\n".repeat(COMMAND_LIMIT));
        assert_eq!((c.len(), e.len()), (COMMAND_LIMIT, 0));
    }

    #[test]
    fn a_mail_of_lines_without_a_keyword_has_no_command() {
        let (c, e) = parse_commands("I am away until Monday.\nThank you for your message.");
        assert!(!has_command(&c, &e));
        let (c, e) = parse_commands("LIST");
        assert!(has_command(&c, &e));
        let (c, e) = parse_commands("ORDERS");
        assert!(has_command(&c, &e));
    }
}
