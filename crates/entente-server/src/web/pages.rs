//! The pages' HTML (maud templates: escaped by default, checked when compiled).

use super::{queries, Ctx, Form};
use crate::error::{ApiError, ApiResult};
use entente_host::Session;
use entente_service::games::{self, Member, Viewer};
use entente_service::model::{EchoLine, GameOut, PressOut, PressRule};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::collections::{BTreeMap, HashMap};

/// Bumped when the style sheet or the script change, so browsers fetch them anew.
const ASSET_VERSION: &str = "2";

pub(super) fn layout(c: &Ctx, title: &str, game: Option<&str>, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(c.lang()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · entente" }
                link rel="stylesheet" href={ "/static/app.css?v=" (ASSET_VERSION) };
                // No icon to fetch (a request fewer on every page).
                link rel="icon" href="data:,";
                @if !c.csrf.is_empty() { meta name="csrf-token" content=(c.csrf); }
                script src={ "/static/app.js?v=" (ASSET_VERSION) } defer {}
            }
            body data-game=[game] data-days=(c.t("countdown-days")) data-passed=(c.t("countdown-passed")) data-checking=(c.t("checking")) {
                a.skip href="#main" { (c.t("skip-to-content")) }
                header.top {
                    nav aria-label=(c.t("nav-label")) {
                        a.brand href="/games" { "entente" }
                        a href="/games" { (c.t("nav-games")) }
                        a href="/club" { (c.t("club")) }
                        @if let Some(me) = &c.me {
                            a href="/games/new" { (c.t("nav-new-game")) }
                            span.me { (c.tr.a("signed-in-as", &[("name", &me.name)])) }
                            form.inline method="post" action="/signout" {
                                input type="hidden" name="_csrf" value=(c.csrf);
                                button.link type="submit" { (c.t("sign-out")) }
                            }
                        } @else {
                            a href="/signin" { (c.t("sign-in")) }
                            a href="/signup" { (c.t("sign-up")) }
                        }
                    }
                    details.prefs {
                        summary { (c.t("language")) ": " (super::i18n::tr(c.lang(), "lang-name", &[])) " · " (c.tz_name) }
                        form.settings method="post" action="/settings" {
                            input type="hidden" name="back" value="" data-back;
                            @if c.me.is_some() {
                                input type="hidden" name="_csrf" value=(c.csrf);
                            }
                            label { (c.t("language")) " "
                                select name="lang" data-autosubmit {
                                    @for l in super::i18n::LANGS {
                                        option value=(l) selected[l == c.lang()] { (super::i18n::tr(l, "lang-name", &[])) }
                                    }
                                }
                            }
                            label { (c.t("time-zone")) " "
                                input name="tz" value=(c.tz_name) size="14" data-tz;
                            }
                            button type="submit" { (c.t("save")) }
                        }
                    }
                }
                main #main { (body) }
            }
        }
    }
}

pub fn error(c: &Ctx, e: &ApiError) -> Markup {
    layout(
        c,
        &c.t("error-title"),
        None,
        html! {
            h1 { (c.t("error-title")) }
            p.error role="alert" { (e.message_in(c.lang())) }
            @if e.kind == crate::error::ErrorKind::Unauthorized {
                p { a href="/signin" { (c.t("sign-in")) } }
            }
            p { a href="/games" { (c.t("back-to-games")) } }
        },
    )
}

fn alert(msg: Option<&str>) -> Markup {
    html! { @if let Some(m) = msg { p.error role="alert" { (m) } } }
}

/// The sign-up form; `token` is its CSRF token (the form cookie's value).
pub fn signup(c: &Ctx, msg: Option<&str>, f: &Form, token: &str) -> Markup {
    layout(
        c,
        &c.t("sign-up"),
        None,
        html! {
            h1 { (c.t("sign-up")) }
            (alert(msg))
            form.card method="post" action="/signup" {
                input type="hidden" name="_csrf" value=(token);
                label { (c.t("account-name")) input name="name" required minlength="2" maxlength="32" autocomplete="username" value=(f.str("name")); }
                label { (c.t("email")) input name="email" type="email" required autocomplete="email" value=(f.str("email")); }
                label { (c.t("password")) input name="password" type="password" required minlength="12" autocomplete="new-password"; }
                p.hint { (c.t("password-rules")) }
                button type="submit" { (c.t("sign-up")) }
            }
            p { (c.t("have-account")) " " a href="/signin" { (c.t("sign-in")) } }
        },
    )
}

/// The sign-in form; `token` is its CSRF token (the form cookie's value).
pub fn signin(c: &Ctx, msg: Option<&str>, name: &str, next: &str, token: &str) -> Markup {
    layout(
        c,
        &c.t("sign-in"),
        None,
        html! {
            h1 { (c.t("sign-in")) }
            (alert(msg))
            form.card method="post" action="/signin" {
                input type="hidden" name="_csrf" value=(token);
                input type="hidden" name="next" value=(next);
                label { (c.t("account-name")) input name="name" required autocomplete="username" value=(name); }
                label { (c.t("password")) input name="password" type="password" required autocomplete="current-password"; }
                button type="submit" { (c.t("sign-in")) }
            }
            p { (c.t("no-account")) " " a href="/signup" { (c.t("sign-up")) } }
        },
    )
}

/// A phase code (`S1901M`) in words of the reader's language.
pub fn phase_name(c: &Ctx, code: &str) -> String {
    let mut chars = code.chars();
    let (Some(season), Some(kind)) = (chars.next(), code.chars().last()) else {
        return code.to_string();
    };
    let year = code.get(1..code.len().saturating_sub(1)).unwrap_or("");
    if year.is_empty() || !year.chars().all(|ch| ch.is_ascii_digit() || ch == '-') {
        return code.to_string();
    }
    c.tr.a(
        "phase-title",
        &[
            ("season", &c.t(&format!("season-{season}"))),
            ("year", year),
            ("kind", &c.t(&format!("kind-{kind}"))),
        ],
    )
}

fn status_word(c: &Ctx, status: &str) -> String {
    c.t(&format!("status-{status}"))
}

fn deadline_cell(c: &Ctx, g: &GameOut) -> Markup {
    html! {
        @if g.paused { (c.t("paused")) }
        @else if let Some(d) = &g.deadline {
            time datetime=(d) { (c.when(d)) }
        } @else { "—" }
    }
}

fn csrf(c: &Ctx) -> Markup {
    html! { input type="hidden" name="_csrf" value=(c.csrf); }
}

pub fn games(c: &Ctx, games: &[GameOut], mine: &[(GameOut, Option<GameOut>)]) -> Markup {
    let open: Vec<&GameOut> = games
        .iter()
        .filter(|g| g.status == "forming" && g.my_role == "none")
        .collect();
    let playing: Vec<&GameOut> = games
        .iter()
        .filter(|g| g.status == "active" && g.my_role == "none")
        .collect();
    let finished: Vec<&GameOut> = games
        .iter()
        .filter(|g| g.status == "finished" && g.my_role == "none")
        .collect();
    layout(
        c,
        &c.t("nav-games"),
        None,
        html! {
            h1 { (c.t("nav-games")) }
            @if c.me.is_some() {
                section #my-games {
                    h2 { (c.t("my-games")) }
                    @if mine.is_empty() { p { (c.t("no-games-yet")) } }
                    @else {
                        div.scroll { table {
                            thead { tr {
                                th scope="col" { (c.t("game")) } th scope="col" { (c.t("my-role")) }
                                th scope="col" { (c.t("phase")) } th scope="col" { (c.t("deadline")) }
                                th scope="col" { (c.t("orders-in")) }
                            } }
                            tbody { @for (g, full) in mine {
                                tr {
                                    td { a href={ "/games/" (g.id) } { (g.title) } }
                                    td { (c.t(&format!("role-{}", g.my_role)))
                                        @if !g.my_powers.is_empty() { " (" (g.my_powers.join(", ")) ")" } }
                                    td { @match &g.phase { Some(p) => (phase_name(c, p)), None => (status_word(c, &g.status)) } }
                                    td { (deadline_cell(c, g)) }
                                    td { @if let Some(full) = full {
                                        @let ins: Vec<bool> = full.powers.iter().filter_map(|p| p.orders_in).collect();
                                        @if ins.is_empty() { "—" }
                                        @else if ins.iter().all(|b| *b) { span.ok { (c.t("yes")) } }
                                        @else { span.warn { (c.t("no")) } }
                                    } @else { "—" } }
                                }
                            } }
                        } }
                    }
                }
            } @else {
                p.card { (c.t("welcome")) " " a href="/signin" { (c.t("sign-in")) } " · " a href="/signup" { (c.t("sign-up")) } }
            }
            section #open-games {
                h2 { (c.t("open-games")) }
                @if open.is_empty() { p { (c.t("no-open-games")) } }
                @for g in &open {
                    article.card.game {
                        h3 { a href={ "/games/" (g.id) } { (g.title) } }
                        p.meta { (options_summary(c, g)) " · " (c.tr.a("seats-taken", &[("players", &g.joined.to_string()), ("seats", &g.seats.to_string())])) }
                        @if c.me.is_some() { (join_form(c, g)) }
                    }
                }
            }
            @if !playing.is_empty() {
                section #games-in-play {
                    h2 { (c.t("games-in-play")) }
                    ul { @for g in &playing { li { a href={ "/games/" (g.id) } { (g.title) } " — " @if let Some(p) = &g.phase { (phase_name(c, p)) } } } }
                }
            }
            @if !finished.is_empty() {
                section #finished-games {
                    h2 { (c.t("finished-games")) }
                    ul { @for g in &finished { li { a href={ "/games/" (g.id) } { (g.title) } } } }
                }
            }
        },
    )
}

fn options_summary(c: &Ctx, g: &GameOut) -> String {
    let o = &g.options;
    let press = serde_json::to_value(o.press)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let deadlines = match &o.deadlines {
        entente_host::Schedule::Weekly {
            weekday,
            time,
            time_zone,
            ..
        } => c.tr.a(
            "deadlines-weekly-summary",
            &[
                (
                    "when",
                    &format!("{} {time}", c.t(&format!("weekday-{weekday}"))),
                ),
                ("zone", time_zone),
            ],
        ),
        entente_host::Schedule::Every {
            movement_minutes, ..
        } => {
            c.tr.n("deadlines-every-summary", i64::from(*movement_minutes))
        }
        entente_host::Schedule::Manual => c.t("deadlines-manual"),
    };
    format!(
        "{} · {} · {} · {}",
        g.variant,
        c.tr.a("players-n", &[("n", &o.setup)]),
        c.t(&format!("press-{press}")),
        deadlines
    )
}

fn join_form(c: &Ctx, g: &GameOut) -> Markup {
    let prefs = g.options.assignment == entente_service::model::AssignRule::Preferences;
    html! {
        form.join method="post" action={ "/games/" (g.id) "/join" } {
            (csrf(c))
            @if prefs {
                label { (c.t("preferences")) input name="preferences" required placeholder="France, England, Germany, …"; }
            }
            button type="submit" name="role" value="player" { (c.t("join-as-player")) }
            " "
            button.secondary type="submit" name="role" value="observer" formnovalidate { (c.t("join-as-observer")) }
        }
    }
}

pub fn new_game(c: &Ctx, msg: Option<&str>, f: &Form) -> Markup {
    let v = |k: &str, d: &str| -> String {
        let s = f.str(k);
        if s.is_empty() && f.get(k).is_none() {
            d.to_string()
        } else {
            s
        }
    };
    let fresh = f.get("title").is_none();
    // Every built-in variant, as `entente variant list` shows them.
    let variants: Vec<(&str, String)> = entente_map::BUILTIN_VARIANTS
        .iter()
        .map(|v| (v.name, v.name.to_string()))
        .collect();
    let select = |name: &str, choices: &[(&str, String)], default: &str| -> Markup {
        let cur = v(name, default);
        html! {
            select name=(name) id=(name) {
                @for (val, label) in choices { option value=(val) selected[*val == cur] { (label) } }
            }
        }
    };
    let opt = |k: &str| c.t(k);
    layout(
        c,
        &c.t("nav-new-game"),
        None,
        html! {
            h1 { (c.t("nav-new-game")) }
            (alert(msg))
            form.card.wide method="post" action="/games/new" {
                (csrf(c))
                label { (c.t("opt-title")) input name="title" required maxlength="100" value=(f.str("title")); }
                div.row {
                    label { (c.t("opt-variant")) (select("variant", &variants, "standard")) }
                    label { (c.t("opt-setup")) (select("setup", &[("7", "7".into()), ("6", "6".into()), ("5", "5".into()), ("4", "4".into()), ("3a", "3a".into()), ("3b", "3b".into()), ("2", "2".into())], "7")) }
                    label { (c.t("opt-rules")) (select("rules", &[("2000", "2000".into()), ("1982", "1982".into()), ("1971", "1971".into()), ("2023", "2023".into())], "2000")) }
                }
                label { (c.t("opt-rule-options")) input name="rule_options" value=(f.str("rule_options")) placeholder="convoy-paradox-szykman"; }
                details {
                    summary { (c.t("opt-variant-file")) }
                    textarea name="variant_file" rows="6" { (f.get("variant_file").unwrap_or("")) }
                }
                div.row {
                    label { (c.t("opt-press")) (select("press", &[("full", opt("press-full")), ("public", opt("press-public")), ("none", opt("press-none")), ("grey", opt("press-grey"))], "full")) }
                    label.check { input type="checkbox" name="press_in_movement_only" checked[f.checked("press_in_movement_only")]; (c.t("opt-press-in-movement-only")) }
                }
                div.row {
                    label { (c.t("opt-assignment")) (select("assignment", &[("random", opt("assign-random")), ("preferences", opt("assign-preferences"))], "random")) }
                    label { (c.t("opt-reveal")) (select("reveal", &[("end", opt("reveal-end")), ("start", opt("reveal-start")), ("never", opt("reveal-never"))], "end")) }
                }
                fieldset {
                    legend { (c.t("opt-deadlines")) }
                    label { (c.t("opt-deadline-kind")) (select("deadline_kind", &[("weekly", opt("deadlines-weekly")), ("every", opt("deadlines-every")), ("manual", opt("deadlines-manual"))], "weekly")) }
                    div.row data-deadline-kind="weekly" {
                        label { (c.t("opt-weekday")) (select("weekday", &["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map(|d| (d, c.t(&format!("weekday-{d}")))), "friday")) }
                        label { (c.t("opt-time")) input name="time" value=(v("time", "24:00")) size="5"; }
                        label { (c.t("time-zone")) input name="time_zone" value=(v("time_zone", "Europe/Prague")); }
                    }
                    div.row data-deadline-kind="weekly" {
                        label { (c.t("opt-retreat-hours")) input name="retreat_hours" inputmode="numeric" value=(v("retreat_hours", "48")) size="4"; }
                        label { (c.t("opt-adjustment-hours")) input name="adjustment_hours" inputmode="numeric" value=(v("adjustment_hours", "48")) size="4"; }
                    }
                    div.row data-deadline-kind="every" {
                        label { (c.t("opt-movement-minutes")) input name="movement_minutes" inputmode="numeric" value=(v("movement_minutes", "10")) size="4"; }
                        label { (c.t("opt-retreat-minutes")) input name="retreat_minutes" inputmode="numeric" value=(v("retreat_minutes", "3")) size="4"; }
                        label { (c.t("opt-adjustment-minutes")) input name="adjustment_minutes" inputmode="numeric" value=(v("adjustment_minutes", "3")) size="4"; }
                    }
                }
                div.row {
                    label.check { input type="checkbox" name="end_when_ready" checked[fresh || f.checked("end_when_ready")]; (c.t("opt-end-when-ready")) }
                    label.check { input type="checkbox" name="rated" checked[fresh || f.checked("rated")]; (c.t("club-rated")) }
                }
                div.row {
                    label { (c.t("opt-missed-orders")) (select("missed_orders", &[("hold", opt("missed-hold")), ("civil-disorder", opt("missed-civil-disorder")), ("game-master", opt("missed-game-master"))], "hold")) }
                    label { (c.t("opt-missed-limit")) input name="missed_limit" inputmode="numeric" value=(v("missed_limit", "2")) size="3"; }
                    label { (c.t("opt-draws")) (select("draws", &[("all-survivors", opt("draws-all-survivors")), ("named", opt("draws-named"))], "all-survivors")) }
                }
                div.row {
                    label { (c.t("opt-end-year")) input name="end_year" inputmode="numeric" value=(f.str("end_year")) size="5"; }
                    label { (c.t("opt-seed")) input name="seed" inputmode="numeric" value=(f.str("seed")) size="10"; }
                    label { (c.t("opt-bot-seats")) input name="bot_seats" inputmode="numeric" value=(v("bot_seats", "0")) size="3"; }
                }
                div.row {
                    label { (c.t("opt-escalation-units")) input name="escalation_units" inputmode="numeric" value=(f.str("escalation_units")) size="3"; }
                }
                button type="submit" { (c.t("create-game")) }
            }
        },
    )
}

fn game_header(c: &Ctx, g: &GameOut) -> Markup {
    html! {
        h1 { (g.title) }
        p.meta #game-meta {
            @if let Some(p) = &g.phase { strong { (phase_name(c, p)) } " · " }
            @if let Some(r) = &g.result { strong { (c.t("game-over")) ": " (r) } }
            @else if g.paused { (c.t("paused")) }
            @else if let Some(d) = &g.deadline {
                (c.t("deadline")) ": " time datetime=(d) { (c.when(d)) } " "
                span.countdown data-deadline=(d) aria-live="off" {}
            } @else if g.status == "active" { (c.t("no-deadline")) }
        }
        @if let Some(problem) = &g.club_problem {
            p.warn #club-problem { strong { (c.t("club-result-not-recorded")) } " " (problem) }
        }
        @if let Some(e) = g.escalation.as_ref().filter(|_| g.result.is_none()) {
            @if let Some(p) = &e.to_place {
                p.escalation #placement-turn data-to-place=(p) {
                    (c.tr.a("placement-turn", &[("power", p), ("count", &e.placed.len().to_string()), ("n", &(e.units_each as usize * e.order.len()).to_string())]))
                }
            } @else if e.nominating {
                p.escalation #nomination-step { (c.t("nomination-step")) }
            }
        }
    }
}

pub fn outsider(c: &Ctx, g: &GameOut) -> Markup {
    layout(
        c,
        &g.title,
        None,
        html! {
            (game_header(c, g))
            p { (options_summary(c, g)) }
            @if c.me.is_some() {
                @if g.status == "forming" { (join_form(c, g)) }
                @else {
                    form method="post" action={ "/games/" (g.id) "/join" } {
                        (csrf(c))
                        button type="submit" name="role" value="observer" { (c.t("join-as-observer")) }
                    }
                }
            } @else {
                p { a href={ "/signin?next=/games/" (g.id) } { (c.t("sign-in")) } }
            }
        },
    )
}

pub fn forming(c: &Ctx, g: &GameOut) -> Markup {
    layout(
        c,
        &g.title,
        Some(&g.id),
        html! {
            (game_header(c, g))
            p { (status_word(c, &g.status)) " · " (options_summary(c, g)) }
            p #seats data-live { (c.tr.a("seats-taken", &[("players", &g.joined.to_string()), ("seats", &g.seats.to_string())])) }
            @if g.my_role == "player" || g.my_role == "observer" {
                form method="post" action={ "/games/" (g.id) "/leave" } {
                    (csrf(c))
                    button.secondary type="submit" { (c.t("leave")) }
                }
            }
            @if g.my_role == "gm" { p { (c.t("you-are-gm")) } }
        },
    )
}

/// A power's name in the reader's language, from the variant's names.
pub fn power_label(s: &Session, name: &str, lang: &str) -> String {
    let map = s.map();
    match map.lookup_power(name) {
        Some(p) => {
            let power = map.power(p);
            if lang == "en" {
                // The variant's English names are other spellings; its name is the name.
                return power.name.clone();
            }
            power
                .names
                .iter()
                .find(|(l, _)| l == lang)
                .and_then(|(_, n)| n.first().cloned())
                .unwrap_or_else(|| power.name.clone())
        }
        None => name.to_string(),
    }
}

/// My sheet for one of my powers.
pub struct MySheet {
    pub power: String,
    pub label: String,
    pub colour: String,
    /// Whether the power has something to decide this phase.
    pub awaited: bool,
    pub sent: Option<(String, Vec<EchoLine>)>,
    pub warnings: Vec<String>,
}

/// What the reader typed into a form the server refused, shown again with the reason
/// (nothing typed is lost to a refusal, with or without the script).
#[derive(Default)]
pub struct Typed {
    /// Each power's sheet as typed.
    pub sheets: HashMap<String, String>,
    /// Why the sheets were refused.
    pub sheets_error: Option<String>,
    /// The letter: its sender, recipients and text.
    pub letter: Option<(String, Vec<String>, String)>,
    /// Why the letter was refused.
    pub letter_error: Option<String>,
}

/// A press thread: the powers in it (`None`: public), its messages.
pub struct Thread {
    pub public: bool,
    pub with: Vec<String>,
    pub messages: Vec<PressOut>,
}

/// What the game page shows, read from the game.
pub struct GameData {
    pub board: String,
    /// The history entry shown (`None`: the current position).
    pub shown: Option<usize>,
    pub history: Vec<String>,
    pub results: Option<(usize, String, String)>,
    pub sheets: Vec<MySheet>,
    pub threads: Vec<Thread>,
    pub press_allowed: bool,
    pub labels: HashMap<String, String>,
    pub colours: HashMap<String, String>,
    pub ready: bool,
    pub is_player: bool,
    pub is_gm: bool,
    /// The reader's vote on the game's end (`all`, `Austria,France`, `concede:France`).
    pub my_vote: Option<String>,
    /// The powers still in the game (a draw is among them, a concession to one of them).
    pub survivors: Vec<String>,
    /// Escalation's placement or nominations, while one of them is under way.
    pub escalation: Option<EscalationView>,
    /// What the reader typed into a refused form.
    pub typed: Typed,
}

/// Escalation's step under way, for the forms of the reader's powers.
pub struct EscalationView {
    /// The power whose turn it is to place (`None`: the nominations are under way).
    pub to_place: Option<String>,
    /// The powers that nominate home centres.
    pub nominators: Vec<String>,
    /// The reader's powers' nominations so far (province names).
    pub nominated: HashMap<String, Vec<String>>,
    /// The centres the nomination form shows chosen, by power: its nomination if made, else
    /// the centres it owns (abbreviations).
    pub chosen: HashMap<String, Vec<String>>,
    /// Every space a unit may be placed on (empty, open), by its location: value and label.
    pub spaces: Vec<(String, String)>,
    /// Every supply centre: abbreviation and name.
    pub centres: Vec<(String, String)>,
}

impl EscalationView {
    fn gather(c: &Ctx, s: &Session, v: &Viewer) -> Option<EscalationView> {
        let g = s.game();
        if !g.in_placement() && !g.nominating() {
            return None;
        }
        let map = s.map();
        let lang = c.lang();
        let pname = |p: entente_map::ProvinceId| {
            if lang == "en" {
                map.province(p).name.clone()
            } else {
                map.province_name_in(p, lang).to_string()
            }
        };
        let mut spaces: Vec<(String, String)> = (0..map.num_locs())
            .map(|i| entente_map::Loc(i as u16))
            .filter(|&l| {
                let p = map.province_of(l);
                g.position().unit_at(p).is_none() && !g.impassable().contains(p.0)
            })
            .map(|l| (map.loc_abbr(l), super::orders::loc_name(map, c.tr, l)))
            .collect();
        spaces.sort_by(|a, b| a.1.cmp(&b.1));
        let mut centres: Vec<(String, String)> = map
            .province_ids()
            .filter(|&p| map.is_centre(p))
            .map(|p| (map.province(p).abbr.clone(), pname(p)))
            .collect();
        centres.sort_by(|a, b| a.1.cmp(&b.1));
        let e = g.escalation()?;
        let nominated = e
            .nominations
            .iter()
            .filter(|(p, _)| v.plays(&map.power(*p).name))
            .map(|(p, homes)| {
                (
                    map.power(*p).name.clone(),
                    homes.iter().map(|&h| pname(h)).collect(),
                )
            })
            .collect();
        let chosen = g
            .nominators()
            .into_iter()
            .filter(|&p| v.plays(&map.power(p).name))
            .map(|p| {
                let homes: Vec<entente_map::ProvinceId> = match e.nomination(p) {
                    Some(h) => h.to_vec(),
                    None => map
                        .province_ids()
                        .filter(|&c| map.is_centre(c) && g.position().owner(c) == Some(p))
                        .take(3)
                        .collect(),
                };
                (
                    map.power(p).name.clone(),
                    homes
                        .iter()
                        .map(|&h| map.province(h).abbr.clone())
                        .collect(),
                )
            })
            .collect();
        Some(EscalationView {
            chosen,
            to_place: g.to_place().map(|p| map.power(p).name.clone()),
            nominators: if g.nominating() {
                g.nominators()
                    .iter()
                    .map(|&p| map.power(p).name.clone())
                    .collect()
            } else {
                Vec::new()
            },
            nominated,
            spaces,
            centres,
        })
    }
}

impl GameData {
    pub fn gather(
        c: &Ctx,
        g: &GameOut,
        v: &Viewer,
        s: &mut Session,
        shown: Option<usize>,
    ) -> ApiResult<GameData> {
        let lang = c.lang();
        let board = queries::board_svg(s, shown, lang, &|code| phase_name(c, code))?;
        let history: Vec<String> = s.game().history().iter().map(|h| h.phase.code()).collect();
        let results = match shown.or(history.len().checked_sub(1)) {
            Some(i) => {
                let p = games::phase_out_in(s, i, lang)?;
                Some((i, p.phase, p.judge_form))
            }
            // Escalation: the units placed so far, in judge form, before any phase.
            None if s.game().escalation().is_some() => {
                let words = entente_i18n::judge::judge_words(lang);
                let mut listing = String::new();
                entente_report::game::placement_listing_in(&*words, s, &mut listing);
                Some((0, s.game().phase().code(), listing))
            }
            None => None,
        };
        let map = s.map();
        let labels: HashMap<String, String> = map
            .power_ids()
            .map(|p| {
                let n = map.power(p).name.clone();
                (n.clone(), power_label(s, &n, lang))
            })
            .collect();
        let colours: HashMap<String, String> = map
            .power_ids()
            .map(|p| (map.power(p).name.clone(), map.power(p).colour.clone()))
            .collect();
        let awaited: Vec<String> = s
            .game()
            .powers_to_order()
            .iter()
            .map(|&p| s.map().power(p).name.clone())
            .collect();
        let over = s.game().is_over();
        let mut sheets = Vec::new();
        if !over {
            for name in v.powers() {
                let Some(p) = s.map().lookup_power(name) else {
                    continue;
                };
                sheets.push(MySheet {
                    power: name.clone(),
                    label: labels.get(name).cloned().unwrap_or_else(|| name.clone()),
                    colour: colours.get(name).cloned().unwrap_or_default(),
                    awaited: awaited.contains(name),
                    sent: queries::current_sheet(s, p, c.tr),
                    warnings: s.sheet_warnings(p),
                });
            }
        }
        let press_allowed = g.options.press != PressRule::None;
        let mut threads: BTreeMap<(bool, Vec<String>), Vec<PressOut>> = BTreeMap::new();
        if press_allowed || over {
            for m in games::press_for(s, v) {
                let public = m.to.iter().any(|t| t == "all");
                let with = if public {
                    Vec::new()
                } else {
                    let mut w: Vec<String> = m.to.clone();
                    if let Some(f) = &m.from {
                        w.push(f.clone());
                    }
                    w.sort();
                    w.dedup();
                    w
                };
                threads.entry((!public, with)).or_default().push(m);
            }
        }
        let threads = threads
            .into_iter()
            .map(|((private, with), messages)| Thread {
                public: !private,
                with,
                messages,
            })
            .collect();
        let ready = g.powers.iter().any(|p| v.plays(&p.power) && p.ready);
        let escalation = EscalationView::gather(c, s, v);
        Ok(GameData {
            board,
            shown,
            history,
            results,
            sheets,
            threads,
            press_allowed,
            labels,
            colours,
            ready,
            is_player: !v.powers().is_empty(),
            is_gm: v.is_gm(),
            my_vote: None,
            survivors: {
                let survivors = s.game().survivors();
                survivors
                    .iter()
                    .map(|&p| s.map().power(p).name.clone())
                    .collect()
            },
            escalation,
            typed: Typed::default(),
        })
    }

    fn label(&self, name: &str) -> String {
        self.labels
            .get(name)
            .cloned()
            .unwrap_or_else(|| name.to_string())
    }
}

pub fn echo_list(c: &Ctx, lines: &[EchoLine], warnings: &[String]) -> Markup {
    html! {
        @for w in warnings { p.warn { (w) } }
        @if lines.is_empty() { p { (c.t("sheet-empty")) } }
        ol.echo {
            @for l in lines {
                @if let Some(e) = &l.error {
                    li.bad { span.mark aria-hidden="true" { "✗" } " " code { (l.text) } " — " span.reason { (c.t("not-understood")) ": " (e) } }
                } @else if let Some(p) = &l.problem {
                    li.warn { span.mark aria-hidden="true" { "!" } " " code { (l.order.as_deref().unwrap_or(&l.text)) } " — " span.reason { (c.t("will-not-be-carried-out")) ": " (p) } }
                } @else {
                    li.ok { span.mark aria-hidden="true" { "✓" } " " code { (l.order.as_deref().unwrap_or(&l.text)) } }
                }
            }
        }
    }
}

/// A player's vote on the game's end: a draw (among named survivors when the game allows
/// it) or a concession to one survivor, secret until unanimous; and taking it back.
fn end_vote(c: &Ctx, g: &GameOut, d: &GameData) -> Markup {
    let id = &g.id;
    let named = g.options.draws == entente_service::model::DrawRule::Named;
    let current = d.my_vote.as_deref().map(|v| {
        if let Some(p) = v.strip_prefix("concede:") {
            c.tr.a("your-vote-concede", &[("power", &d.label(p))])
        } else if v == "all" {
            c.t("your-vote-draw")
        } else {
            let names: Vec<String> = v.split(',').map(|p| d.label(p)).collect();
            c.tr.a("your-vote-draw-among", &[("powers", &names.join(", "))])
        }
    });
    html! {
        details.end-vote #end-vote open[current.is_some()] data-live {
            summary { (c.t("end-vote")) }
            p.hint { (c.t("end-vote-secret")) }
            @if let Some(text) = &current {
                p { span.ok { (text) } }
                form.inline method="post" action={ "/games/" (id) "/draw" } {
                    (csrf(c))
                    button.secondary type="submit" name="vote" value="0" { (c.t("withdraw-vote")) }
                }
            }
            form method="post" action={ "/games/" (id) "/draw" } {
                (csrf(c))
                @if named {
                    fieldset {
                        legend { (c.t("draw-among")) }
                        @for p in &d.survivors {
                            label.check { input type="checkbox" name="powers" value=(p) checked; (d.label(p)) }
                        }
                    }
                }
                button type="submit" name="vote" value="1" { (c.t("draw-vote")) }
            }
            form method="post" action={ "/games/" (id) "/concede" } {
                (csrf(c))
                label { (c.t("concede-to")) " "
                    select name="to" {
                        @for p in &d.survivors { option value=(p) { (d.label(p)) } }
                    }
                }
                " "
                button type="submit" name="vote" value="1" { (c.t("concede-vote")) }
            }
        }
    }
}

fn swatch(colour: &str) -> Markup {
    html! { span.swatch style={ "background:" (colour) } aria-hidden="true" {} }
}

pub fn game(c: &Ctx, g: &GameOut, d: &GameData) -> Markup {
    let id = &g.id;
    let last = d.history.len();
    let shown_label = match d.shown {
        Some(i) => phase_name(c, &d.history[i]),
        None => c.t("current-position"),
    };
    layout(
        c,
        &g.title,
        Some(id),
        html! {
            div #live-head data-live { (game_header(c, g)) }
            p.links {
                @if d.is_gm { a href={ "/games/" (id) "/gm" } { (c.t("gm-page")) } " · " }
                a href={ "/games/" (id) "/table" } { (c.t("table-mode")) }
            }
            div.game {
                div.main-col {
                section.board-panel #board-panel aria-label=(c.t("board")) data-live {
                    h2.visually-hidden { (c.t("board")) }
                    nav.history aria-label=(c.t("history")) {
                        @let prev = match d.shown { Some(0) => None, Some(i) => Some(i - 1), None => last.checked_sub(1) };
                        @let next = match d.shown { Some(i) if i + 1 < last => Some(Some(i + 1)), Some(_) => Some(None), None => None };
                        @if let Some(p) = prev { a href={ "/games/" (id) "?phase=" (p) } rel="prev" { "← " (c.t("previous")) } } @else { span.disabled { "← " (c.t("previous")) } }
                        strong #shown { (shown_label) }
                        @match next {
                            Some(Some(n)) => a href={ "/games/" (id) "?phase=" (n) } rel="next" { (c.t("next")) " →" },
                            Some(None) => a href={ "/games/" (id) } rel="next" { (c.t("current-position")) " →" },
                            None => span.disabled { (c.t("next")) " →" },
                        }
                    }
                    div #board data-phase=(g.phase.as_deref().unwrap_or("")) { (PreEscaped(&d.board)) }
                    @if !d.history.is_empty() {
                        details.phases {
                            summary { (c.t("phase-list")) }
                            ol { @for (i, code) in d.history.iter().enumerate() {
                                li { a href={ "/games/" (id) "?phase=" (i) } aria-current=[(d.shown == Some(i)).then_some("page")] { (phase_name(c, code)) } }
                            } }
                        }
                    }
                }
                    section #results data-live {
                        h2 { (c.t("results")) }
                        @match &d.results {
                            Some((_, code, judge)) => {
                                h3 { (phase_name(c, code)) }
                                pre.judge { (judge) }
                            }
                            None => p { (c.t("no-results-yet")) },
                        }
                    }
                }
                div.side {
                    @if let Some(e) = &d.escalation {
                        @for sh in &d.sheets {
                            section.sheet #{ "sheet-" (sh.power) } {
                                h2 { (swatch(&sh.colour)) (c.tr.a("orders-for", &[("power", &sh.label)])) }
                                (escalation_form(c, g, d, e, sh))
                            }
                        }
                    } @else if !d.sheets.is_empty() {
                        (sheets_form(c, g, d))
                    }
                    @if d.is_player && g.status == "active" && d.escalation.as_ref().is_none_or(|e| e.to_place.is_none()) {
                        form.ready #ready method="post" action={ "/games/" (id) "/ready" } data-live {
                            (csrf(c))
                            @if d.ready {
                                p { span.ok { (c.t("you-are-ready")) } }
                                button.secondary type="submit" name="ready" value="0" { (c.t("not-ready")) }
                            } @else {
                                button type="submit" name="ready" value="1" { (c.t("mark-ready")) }
                            }
                        }
                    }
                    @if d.is_player && g.status == "active" {
                        (end_vote(c, g, d))
                    }
                    section #powers data-live {
                        h2 { (c.t("powers")) }
                        div.scroll { table {
                            thead { tr {
                                th scope="col" { (c.t("power")) } th scope="col" { (c.t("player")) }
                                th scope="col" { (c.t("centres")) } th scope="col" { (c.t("units")) }
                                th scope="col" { (c.t("ready")) } th scope="col" { (c.t("orders-in")) }
                            } }
                            tbody { @for p in &g.powers {
                                tr {
                                    th scope="row" { (swatch(d.colours.get(&p.power).map_or("", |s| s.as_str()))) (d.label(&p.power))
                                        @if p.civil_disorder { " " small.warn { (c.t("civil-disorder")) } } }
                                    td { (p.player.as_deref().unwrap_or("?")) }
                                    td { (p.supply_centres) } td { (p.units) }
                                    td { @if p.ready { (c.t("yes")) } @else { "—" } }
                                    td { @match p.orders_in { Some(true) => span.ok { (c.t("yes")) }, Some(false) => span.warn { (c.t("no")) }, None => "·" } }
                                }
                            } }
                        } }
                    }
                    @if d.press_allowed || !d.threads.is_empty() {
                        section #press data-live data-unread-label=(c.t("unread")) {
                            h2 { (c.t("press")) }
                            @if d.threads.is_empty() { p { (c.t("no-press-yet")) } }
                            @for t in &d.threads {
                                article.thread data-thread=(if t.public { "all".to_string() } else { t.with.join("|") }) {
                                    h3 { @if t.public { (c.t("press-public-thread")) }
                                         @else { (t.with.iter().map(|w| d.label(w)).collect::<Vec<_>>().join(", ")) } }
                                    @for m in &t.messages {
                                        div.msg data-seq=(m.seq) {
                                            p.from { strong { @match &m.from { Some(f) => (d.label(f)), None => (c.t("anonymous")) } }
                                                " → " (m.to.iter().map(|t| if t == "all" { c.t("to-all") } else { d.label(t) }).collect::<Vec<_>>().join(", "))
                                                " · " (phase_name(c, &m.phase)) }
                                            p.text { (m.text) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if d.press_allowed && d.is_player && g.result.is_none() {
                        (press_form(c, g, d))
                    }
                }
            }
        },
    )
}

/// The bytes a text field may hold (the server's limit, in UTF-8), as the form enforces it:
/// `maxlength` in characters (never fewer bytes than characters, so it refuses nothing the
/// server takes) and, with the script, a byte counter that holds the form back when over.
fn byte_counter(c: &Ctx, limit: usize) -> Markup {
    html! {
        p.counter hidden aria-live="polite" data-max=(limit)
            data-l-count=(c.tr.a("bytes-count", &[("count", "{count}"), ("n", "{max}")]))
            data-l-over=(c.tr.a("bytes-over", &[("count", "{count}"), ("n", "{max}")])) {}
    }
}

/// Every sheet of the reader's powers in one form with one Send: each power's part is its
/// own sheet on the server, all sent at once (a Send of one power's sheet used to reload
/// the page and lose what was typed in the others).
fn sheets_form(c: &Ctx, g: &GameOut, d: &GameData) -> Markup {
    let id = &g.id;
    let awaited = d.sheets.iter().filter(|sh| sh.awaited).count();
    let first_typed = d
        .sheets
        .iter()
        .find(|sh| sh.awaited && d.typed.sheets.contains_key(&sh.power))
        .map(|sh| &sh.power);
    html! {
        form.sheets #sheets method="post" action={ "/games/" (id) "/orders" } {
            (csrf(c))
            @if let Some(p) = &g.phase { input type="hidden" name="phase" value=(p); }
            @if let Some(m) = &d.typed.sheets_error { p.error role="alert" { (m) } }
            @for sh in &d.sheets {
                section.sheet #{ "sheet-" (sh.power) } data-power=[sh.awaited.then_some(&sh.power)]
                    data-check=[sh.awaited.then(|| format!("/games/{id}/check"))]
                    data-legal=[sh.awaited.then(|| format!("/games/{id}/legal?power={}", sh.power))] {
                    h2 { (swatch(&sh.colour)) (c.tr.a("orders-for", &[("power", &sh.label)])) }
                    @if sh.awaited {
                        @let sent = sh.sent.as_ref().map(|s| s.0.as_str()).unwrap_or("");
                        @let shown = d.typed.sheets.get(&sh.power).map_or(sent, String::as_str);
                        input type="hidden" name="power" value=(sh.power);
                        label for={ "orders-" (sh.power) } { (c.t("orders-label")) }
                        // A refused form's page opens at it (focus scrolls there, without script too).
                        @let refused = d.typed.sheets_error.is_some() && d.typed.sheets.contains_key(&sh.power);
                        textarea id={ "orders-" (sh.power) } name={ "orders-" (sh.power) } rows="8" spellcheck="false" autocapitalize="off"
                            autofocus[refused && first_typed == Some(&sh.power)]
                            placeholder="A Par-Bur\nF Bre-MAO" maxlength=(games::SHEET_LIMIT) data-bytes=(games::SHEET_LIMIT)
                            data-sent=(sent) data-draft={ (id) ":" (sh.power) ":" (g.phase.as_deref().unwrap_or("")) } {
                            (shown)
                        }
                        (byte_counter(c, games::SHEET_LIMIT))
                        p.draft-note hidden[shown.trim() == sent.trim()] { (c.t("draft-not-sent")) }
                        div.picker hidden data-hint=(c.t("pick-hint")) data-unit-label=(c.tr.a("pick-unit", &[("unit", "{unit}")])) {}
                        div.preview aria-live="polite" hidden {}
                        div.echo-box #{ "echo-" (sh.power) } data-live {
                            h3 { (c.t("orders-received")) }
                            @match &sh.sent {
                                Some((_, lines)) => (echo_list(c, lines, &sh.warnings)),
                                None => p.warn { (c.t("no-orders-yet")) },
                            }
                        }
                    } @else {
                        p { (c.t("nothing-to-order")) }
                    }
                }
            }
            @if awaited > 0 {
                div.send-sheets {
                    button #send-sheets type="submit" {
                        @if awaited > 1 { (c.tr.n("send-orders-all", awaited as i64)) } @else { (c.t("send-orders")) }
                    }
                }
            }
        }
    }
}

/// Escalation: the placement form of the power whose turn it is (a unit and an empty space),
/// or the nomination form of a power that nominates (three supply centres).
fn escalation_form(c: &Ctx, g: &GameOut, d: &GameData, e: &EscalationView, sh: &MySheet) -> Markup {
    let id = &g.id;
    let power = &sh.power;
    html! {
        @if let Some(turn) = &e.to_place {
            @if turn == power {
                form.placement #{ "place-" (power) } method="post" action={ "/games/" (id) "/place" } {
                    (csrf(c))
                    input type="hidden" name="power" value=(power);
                    p { strong { (c.t("placement-your-turn")) } }
                    div.row {
                        label { (c.t("placement-unit"))
                            select name="unit_type" {
                                option value="A" { (c.t("unit-army")) }
                                option value="F" { (c.t("unit-fleet")) }
                            }
                        }
                        label { (c.t("placement-space"))
                            select name="space" required {
                                @for (val, label) in &e.spaces { option value=(val) { (label) } }
                            }
                        }
                    }
                    button type="submit" { (c.t("placement-send")) }
                }
            } @else {
                p.placement-wait { (c.tr.a("placement-wait", &[("power", &d.label(turn))])) }
            }
        } @else if e.nominators.contains(power) {
            form.nomination #{ "homes-" (power) } method="post" action={ "/games/" (id) "/homes" } {
                (csrf(c))
                input type="hidden" name="power" value=(power);
                p { strong { (c.t("nomination-ask")) } }
                p.hint { (c.t("nomination-secret")) }
                @let mine = e.nominated.get(power);
                @if let Some(homes) = mine {
                    p.nominated { span.ok { (c.t("nomination-made")) " " (homes.join(", ")) "." } }
                }
                div.row {
                    @let chosen = e.chosen.get(power);
                    @for i in 1..=3 {
                        @let pick = chosen.and_then(|c| c.get(i - 1));
                        label { (c.tr.a("nomination-centre", &[("n", &i.to_string())]))
                            select name={ "home" (i) } required {
                                @for (val, label) in &e.centres { option value=(val) selected[pick == Some(val)] { (label) } }
                            }
                        }
                    }
                }
                button type="submit" { (c.t("nomination-send")) }
            }
        } @else {
            p { (c.t("nothing-to-order")) }
        }
    }
}

fn press_form(c: &Ctx, g: &GameOut, d: &GameData) -> Markup {
    let public_only = g.options.press == PressRule::Public;
    let others: Vec<&String> = g
        .powers
        .iter()
        .map(|p| &p.power)
        .filter(|p| !g.my_powers.contains(p))
        .collect();
    // A refused letter comes back as it was written.
    let (from, to, text) = match &d.typed.letter {
        Some((f, t, x)) => (Some(f.as_str()), Some(t), x.as_str()),
        None => (None, None, ""),
    };
    let ticked = |p: &str| match to {
        Some(t) => t.iter().any(|x| x == p),
        None => p == "all" && public_only,
    };
    html! {
        form.press-form #press-form method="post" action={ "/games/" (g.id) "/press" } data-letter=(g.id) {
            h3 { (c.t("write-message")) }
            (csrf(c))
            @if let Some(m) = &d.typed.letter_error { p.error role="alert" { (m) } }
            @if g.my_powers.len() == 1 {
                input type="hidden" name="from" value=(g.my_powers[0]);
            } @else {
                label { (c.t("from")) select name="from" { @for p in &g.my_powers { option value=(p) selected[from == Some(p.as_str())] { (d.label(p)) } } } }
            }
            fieldset.to {
                legend { (c.t("to")) }
                label.check { input type="checkbox" name="to" value="all" checked[ticked("all")]; (c.t("to-all")) }
                @if !public_only {
                    @for p in &others { label.check { input type="checkbox" name="to" value=(p) checked[ticked(p)]; (d.label(p)) } }
                }
            }
            label { (c.t("message")) textarea name="text" rows="3" required maxlength=(games::PRESS_LIMIT) data-bytes=(games::PRESS_LIMIT) data-trim autofocus[d.typed.letter_error.is_some()] { (text) } }
            (byte_counter(c, games::PRESS_LIMIT))
            button type="submit" { (c.t("send-message")) }
        }
    }
}

/// The game master's page; after a refused act, `alert` says why and `typed` holds the
/// form as it was sent (its fields shown again).
pub fn gm(
    c: &Ctx,
    g: &GameOut,
    s: &Session,
    members: &[Member],
    alert: Option<&str>,
    typed: &Form,
) -> Markup {
    let id = &g.id;
    let status = s.status();
    let missing: Vec<String> = status
        .missing
        .iter()
        .map(|&p| s.map().power(p).name.clone())
        .collect();
    let late = g
        .deadline
        .as_deref()
        .and_then(|d| d.parse::<jiff::Timestamp>().ok())
        .is_some_and(|d| d < games::now());
    let powers: Vec<String> = g.powers.iter().map(|p| p.power.clone()).collect();
    let power_select = html! {
        select name="power" aria-label=(c.t("power")) { @for p in &powers { option value=(p) { (power_label(s, p, c.lang())) } } }
    };
    let act = |name: &str, label: String, extra: Markup| -> Markup {
        html! {
            form.act method="post" action={ "/games/" (id) "/gm" } {
                (csrf(c))
                input type="hidden" name="act" value=(name);
                (extra)
                button type="submit" { (label) }
            }
        }
    };
    // What was typed into the refused act's form, else `default`.
    let kept = |act: &str, field: &str, default: &str| -> String {
        if typed.str("act") == act && typed.get(field).is_some() {
            typed.str(field)
        } else {
            default.to_string()
        }
    };
    // An act that cannot be undone by a click: a box to tick first (the server checks it
    // too), the button held back by the script until it is ticked.
    let grave = |name: &str, label: String, confirm: String, extra: Markup| -> Markup {
        html! {
            form.act.grave method="post" action={ "/games/" (id) "/gm" } data-confirm {
                (csrf(c))
                input type="hidden" name="act" value=(name);
                (extra)
                label.check { input type="checkbox" name="confirm" required; (confirm) }
                button type="submit" { (label) }
            }
        }
    };
    let press = games::press_for(
        s,
        &Viewer {
            caller: None,
            role: games::Role::GameMaster,
        },
    );
    layout(
        c,
        &c.t("gm-page"),
        Some(id),
        html! {
            div #live-head data-live { (game_header(c, g)) }
            p.links { a href={ "/games/" (id) } { (c.t("back-to-game")) } " · " a href={ "/games/" (id) "/table" } { (c.t("table-mode")) } }
            @if let Some(m) = alert { p.error #gm-alert role="alert" { (m) } }
            section #submissions data-live {
                h2 { (c.t("submissions")) }
                div.scroll { table {
                    thead { tr { th scope="col" { (c.t("power")) } th scope="col" { (c.t("player")) } th scope="col" { (c.t("orders-in")) } th scope="col" { (c.t("ready")) } th scope="col" { (c.t("missed")) } } }
                    tbody { @for p in &g.powers {
                        @let member = members.iter().find(|m| m.role == "player" && m.powers.contains(&p.power));
                        tr {
                            th scope="row" { (power_label(s, &p.power, c.lang())) @if p.civil_disorder { " " small.warn { (c.t("civil-disorder")) } } }
                            td { (p.player.as_deref().unwrap_or("?")) }
                            td { @if missing.contains(&p.power) {
                                    span.warn { @if late { (c.t("late")) } @else { (c.t("no")) } }
                                 } @else if p.orders_in == Some(true) { span.ok { (c.t("yes")) } } @else { "—" } }
                            td { @if p.ready { (c.t("yes")) } @else { "—" } }
                            td { (member.map_or(0, |m| m.missed)) }
                        }
                    } }
                } }
            }
            section #acts {
                h2 { (c.t("gm-acts")) }
                div.acts {
                    (act("extend", c.t("act-extend"), html! { label { (c.t("minutes")) input name="minutes" inputmode="numeric" pattern="[0-9]+" maxlength="10" required value=(kept("extend", "minutes", "1440")) size="5"; } }))
                    @if g.paused { (act("resume", c.t("act-resume"), html! {})) } @else { (act("pause", c.t("act-pause"), html! {})) }
                    (act("deadline", c.t("act-deadline"), html! { label { (c.t("deadline")) input name="at" placeholder="2026-11-27 23:59" size="16" value=(kept("deadline", "at", "")); } label { (c.t("time-zone")) input name="time_zone" value=(kept("deadline", "time_zone", &c.tz_name)) size="14"; } }))
                    (act("replace", c.t("act-replace"), html! { (power_select) label { (c.t("account-name")) input name="player" required minlength="2" maxlength="32" size="10" value=(kept("replace", "player", "")); } }))
                    (act("civil-disorder", c.t("act-civil-disorder"), html! { (power_select) select name="on" aria-label=(c.t("act-civil-disorder")) { option value="1" { (c.t("on")) } option value="0" { (c.t("off")) } } }))
                }
            }
            section #adjudicate-now {
                h2 { (c.t("act-force")) }
                p.hint { (c.t("act-force-hint")) }
                (grave("adjudicate", c.t("act-force"), c.t("confirm-adjudicate"), html! { input type="hidden" name="force" value="on"; }))
            }
            section #press-log data-live {
                h2 { (c.t("press-log")) }
                @if press.is_empty() { p { (c.t("no-press-yet")) } }
                @for m in &press {
                    div.msg { p.from { strong { (m.from.as_deref().map_or("?".to_string(), |f| power_label(s, f, c.lang()))) } " → "
                        (m.to.iter().map(|t| if t == "all" { c.t("to-all") } else { power_label(s, t, c.lang()) }).collect::<Vec<_>>().join(", "))
                        " · " (phase_name(c, &m.phase)) } p.text { (m.text) } }
                }
            }
            section #take-back {
                h2 { (c.t("act-rollback")) }
                p.hint { (c.t("act-rollback-hint")) }
                (grave("rollback", c.t("act-rollback"), c.t("confirm-rollback"), html! {}))
            }
        },
    )
}

fn fmt_minutes(m: f64) -> String {
    let s = format!("{m:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The face-to-face table's screen: a large clock running the rulebook's periods (talk,
/// then writing without talk), the board now, and the last phase revealed beside it.
pub fn table(
    c: &Ctx,
    g: &GameOut,
    v: &Viewer,
    s: &Session,
    clock: &super::TableClock,
) -> ApiResult<Markup> {
    let id = &g.id;
    let kind = s.game().phase().kind;
    let first = !s
        .game()
        .history()
        .iter()
        .any(|h| h.phase.kind == entente_judge::PhaseKind::Movement);
    let (talk, writing) = clock.periods(kind, first);
    let title = |code: &str| phase_name(c, code);
    let board = queries::board_svg(s, None, c.lang(), &title)?;
    let last = s.game().history().len().checked_sub(1);
    let reveal = match last {
        Some(i) => Some((
            i,
            queries::board_svg(s, Some(i), c.lang(), &title)?,
            games::phase_out(s, i)?,
        )),
        None => None,
    };
    let left = g
        .deadline
        .as_deref()
        .and_then(|d| d.parse::<jiff::Timestamp>().ok())
        .map(|d| (d.as_millisecond() - games::now().as_millisecond()) as f64 / 1000.0);
    let (period, shown, class) = match left {
        _ if g.result.is_some() => (c.t("game-over"), 0.0, "stopped"),
        _ if g.paused => (c.t("paused"), 0.0, "stopped"),
        None => (c.t("table-stopped"), 0.0, "stopped"),
        Some(l) if l <= 0.0 => (c.t("table-reveal"), 0.0, "reveal"),
        Some(l) if l > writing => (c.t("table-talk"), l - writing, "talk"),
        Some(l) => (c.t("table-writing"), l, "writing"),
    };
    let digits = |secs: f64| {
        let t = secs.max(0.0).ceil() as i64;
        format!("{:02}:{:02}", t / 60, t % 60)
    };
    let qs = format!(
        "first={}&later={}&writing={}&retreat={}&adjustment={}{}",
        fmt_minutes(clock.first),
        fmt_minutes(clock.later),
        fmt_minutes(clock.writing),
        fmt_minutes(clock.retreat),
        fmt_minutes(clock.adjustment),
        clock
            .auto
            .map(|a| format!("&auto={}", fmt_minutes(a)))
            .unwrap_or_default()
    );
    let here = format!("/games/{id}/table?{qs}");
    Ok(layout(
        c,
        &format!("{} · {}", g.title, c.t("table-mode")),
        Some(id),
        html! {
            div.table #table data-live {
                section.table-clock.(class) #clock
                    data-deadline=[g.deadline.as_deref().filter(|_| g.result.is_none() && !g.paused)]
                    data-writing=(writing) data-talk=(talk)
                    data-l-talk=(c.t("table-talk")) data-l-writing=(c.t("table-writing")) data-l-reveal=(c.t("table-reveal")) {
                    p.phase { (g.title) " · " strong { @if let Some(p) = &g.phase { (phase_name(c, p)) } } }
                    p.period #period role="status" { (period) }
                    p.big #clock-digits aria-hidden="true" { (digits(shown)) }
                    @if v.is_gm() && g.deadline.is_none() && g.result.is_none() {
                        form #table-start method="post" action={ "/games/" (id) "/table/start" } data-auto=[clock.auto.filter(|_| last.is_some())] {
                            (csrf(c))
                            input type="hidden" name="first" value=(fmt_minutes(clock.first));
                            input type="hidden" name="later" value=(fmt_minutes(clock.later));
                            input type="hidden" name="writing" value=(fmt_minutes(clock.writing));
                            input type="hidden" name="retreat" value=(fmt_minutes(clock.retreat));
                            input type="hidden" name="adjustment" value=(fmt_minutes(clock.adjustment));
                            @if let Some(a) = clock.auto { input type="hidden" name="auto" value=(fmt_minutes(a)); }
                            input type="hidden" name="back" value=(here);
                            button type="submit" { (c.t("table-start")) " (" (digits(talk + writing)) ")" }
                        }
                    }
                }
                div.table-boards {
                    section {
                        h2 { (c.t("table-now")) }
                        div #board { (PreEscaped(&board)) }
                    }
                    @if let Some((_, svg, p)) = &reveal {
                        section #reveal {
                            h2 { (c.tr.a("table-revealed", &[("phase", &phase_name(c, &p.phase))])) }
                            div.reveal-board { (PreEscaped(svg)) }
                            details { summary { (c.t("results")) } pre.judge { (p.judge_form) } }
                        }
                    }
                }
            }
            p { a href={ "/games/" (id) } { (c.t("back-to-game")) } }
            details.table-settings {
                summary { (c.t("table-settings")) }
                form method="get" action={ "/games/" (id) "/table" } {
                    div.row {
                        label { (c.t("table-first")) input name="first" inputmode="decimal" size="5" value=(fmt_minutes(clock.first)); }
                        label { (c.t("table-later")) input name="later" inputmode="decimal" size="5" value=(fmt_minutes(clock.later)); }
                        label { (c.t("table-writing-minutes")) input name="writing" inputmode="decimal" size="5" value=(fmt_minutes(clock.writing)); }
                        label { (c.t("table-retreat")) input name="retreat" inputmode="decimal" size="5" value=(fmt_minutes(clock.retreat)); }
                        label { (c.t("table-adjustment")) input name="adjustment" inputmode="decimal" size="5" value=(fmt_minutes(clock.adjustment)); }
                        label { (c.t("table-auto")) input name="auto" inputmode="decimal" size="5" value=(clock.auto.map(fmt_minutes).unwrap_or_default()); }
                    }
                    button type="submit" { (c.t("table-apply")) }
                }
            }
        },
    ))
}
