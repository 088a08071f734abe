//! The club's pages (issue 17, docs/club.md): its home (name, logo text, rules in
//! Markdown), the members and their profiles, the hall of fame, the ratings ("eternal
//! battlefield"), the leagues and their seasons' standings, the archive of finished games,
//! and the administrators' page (applications, members, leagues and seasons, the club's
//! pages, the log). Every act is a plain form over [`entente_service::club`].

use super::{ctx, finish, html, see, signed_form, Ctx, Form, St};
use crate::error::{ApiError, ApiResult};
use axum::body::Bytes;
use axum::extract::Path;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use entente_club::{
    Aggregate, AuditAction, AuditEntry, Feat, GameCreation, LeagueRules, MemberId, MemberSettings,
    PressKind, ScoringSystem, SeatOutcome,
};
use entente_service::club::{self, MemberAct};
use maud::{html, Markup, PreEscaped};

/// Markdown as HTML, the HTML written in it escaped (shown as text, never run).
pub fn markdown(text: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    let events = Parser::new(text).map(|e| match e {
        Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
        other => other,
    });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, events);
    out
}

fn nav(c: &Ctx) -> Markup {
    html! {
        nav.club aria-label=(c.t("club")) {
            a href="/club" { (c.t("club")) } " · "
            a href="/club/members" { (c.t("club-members")) } " · "
            a href="/club/fame" { (c.t("club-fame")) } " · "
            a href="/club/ratings" { (c.t("club-ratings")) } " · "
            a href="/club/leagues" { (c.t("club-leagues")) } " · "
            a href="/club/games" { (c.t("club-running")) } " · "
            a href="/club/archive" { (c.t("club-archive")) }
        }
    }
}

fn page(c: &Ctx, title: &str, body: Markup) -> Response {
    html(
        StatusCode::OK,
        super::pages::layout(c, title, None, html! { (nav(c)) (body) }),
    )
}

fn num(x: f64) -> String {
    format!("{x:.2}")
}

fn csrf(c: &Ctx) -> Markup {
    html! { input type="hidden" name="_csrf" value=(c.csrf); }
}

async fn home(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let out = club::club_out(&st.db, c.me.as_ref()).await?;
        let admin = out.me.as_ref().is_some_and(|m| m.is_active_admin());
        let notices = match (&c.me, &out.me) {
            (Some(me), Some(_)) => club::notices(&st.db, me, Some(c.lang())).await?,
            _ => Vec::new(),
        };
        Ok(page(
            &c,
            &out.name,
            html! {
                div.logo { (out.logo_text) }
                h1 { (out.name) }
                p { (c.tr.n("club-member-count", out.members as i64)) }
                @match (&c.me, &out.me) {
                    (None, _) => { p { a href="/signin?next=/club" { (c.t("sign-in")) } } }
                    (Some(_), None) => {
                        form.card method="post" action="/club/apply" {
                            (csrf(&c))
                            label { (c.t("club-country")) input name="country" maxlength="60"; }
                            label { (c.t("club-languages")) input name="languages" maxlength="60" placeholder="cs, en"; }
                            label { (c.t("club-message")) textarea name="message" maxlength="4000" {} }
                            label { input type="checkbox" name="notify_email"; " " (c.t("club-notify-email")) }
                            button type="submit" { (c.t("club-apply")) }
                        }
                    }
                    (Some(_), Some(m)) => {
                        p #my-state { (c.t(&format!("club-state-{}", state_word(m.state)))) }
                        @if !notices.is_empty() {
                            section #notices {
                                h2 { (c.t("club-notices")) }
                                ul { @for n in notices.iter().take(10) {
                                    li { (when_ms(&c, n.at_ms)) " · " (n.text) }
                                } }
                            }
                        }
                    }
                }
                @if admin { p { a href="/club/admin" { (c.t("club-admin")) } } }
                section #rules {
                    h2 { (c.t("club-rules")) }
                    (PreEscaped(markdown(&out.rules_md)))
                }
            },
        ))
    })
}

fn state_word(s: entente_club::MemberState) -> &'static str {
    match s {
        entente_club::MemberState::Applied => "applied",
        entente_club::MemberState::Active => "active",
        entente_club::MemberState::Rejected => "rejected",
        entente_club::MemberState::Removed => "removed",
    }
}

async fn apply(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let country = Some(f.str("country")).filter(|s| !s.is_empty());
        let languages = f
            .str("languages")
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        club::apply(
            &st.db,
            &me,
            club::ApplyIn {
                name: None,
                country,
                languages,
                message: f.str("message"),
                notify_email: f.checked("notify_email"),
            },
        )
        .await?;
        Ok(see("/club"))
    })
}

async fn members(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let rows = club::members(&st.db, c.me.as_ref()).await?;
        Ok(page(
            &c,
            &c.t("club-members"),
            html! {
                h1 { (c.t("club-members")) }
                div.scroll { table #members {
                    thead { tr {
                        th scope="col" { (c.t("club-name")) } th scope="col" { (c.t("club-country")) }
                        th scope="col" { (c.t("club-games")) } th scope="col" { (c.t("club-roles")) }
                    } }
                    tbody { @for m in &rows { tr {
                        td { a href={ "/club/members/" (m.id) } { (m.name) } }
                        td { (m.country.clone().unwrap_or_default()) }
                        td { (m.games) }
                        td {
                            @if m.admin { (c.t("club-role-admin")) " " }
                            @if m.game_master { (c.t("club-role-gm")) " " }
                            @if m.state != "active" { (c.t(&format!("club-state-{}", m.state))) }
                        }
                    } } }
                } }
            },
        ))
    })
}

async fn profile(State(st): St, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    page!(st, headers, |c| {
        let p = club::profile(&st.db, c.me.as_ref(), id).await?;
        let mine = c.me.as_ref().is_some_and(|m| m.id == id);
        let mut settings = MemberSettings::default();
        if mine {
            if let Some(m) = club::club_out(&st.db, c.me.as_ref()).await?.me {
                settings = m.settings;
            }
        }
        Ok(page(
            &c,
            &p.name,
            html! {
                h1 { (p.name) }
                dl.profile {
                    dt { (c.t("club-country")) } dd { (p.country.clone().unwrap_or_else(|| "—".into())) }
                    dt { (c.t("club-languages")) } dd { (p.languages.join(", ")) }
                    dt { (c.t("club-games")) } dd #games { (p.record.games_played) }
                    dt { (c.t("club-solos")) } dd { (p.record.solos) }
                    dt { (c.t("club-draws")) } dd { (p.record.draws) }
                    dt { (c.t("club-survivals")) } dd { (p.record.survivals) }
                    dt { (c.t("club-eliminations")) } dd { (p.record.eliminations) }
                    dt { (c.t("club-reliability")) } dd {
                        (p.record.reliability.missed_phases) " / " (p.record.reliability.phases_played)
                    }
                    dt { (c.t("club-rating")) } dd #rating {
                        @match p.rating { Some(r) => { (num(r.mu)) " ± " (num(r.sigma)) }, None => { "—" } }
                    }
                }
                @if mine && p.state == entente_club::MemberState::Active {
                    form.card method="post" action="/club/settings" {
                        (csrf(&c))
                        h2 { (c.t("club-my-settings")) }
                        label { (c.t("language")) select name="language" {
                            option value="" { "—" }
                            @for l in super::i18n::LANGS { option value=(l) { (super::i18n::tr(l, "lang-name", &[])) } }
                        } }
                        label { (c.t("time-zone")) input name="time_zone" placeholder="Europe/Prague" value=(settings.time_zone.clone().unwrap_or_default()); }
                        label { input type="checkbox" name="notify_web" checked[settings.notify_web]; " " (c.t("club-notify-web")) }
                        label { input type="checkbox" name="notify_email" checked[settings.notify_email]; " " (c.t("club-notify-email")) }
                        label { input type="checkbox" name="hide_country" checked[settings.hide_country]; " " (c.t("club-hide-country")) }
                        button type="submit" { (c.t("save")) }
                    }
                }
            },
        ))
    })
}

async fn settings(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        let opt = |k: &str| Some(f.str(k)).filter(|s| !s.is_empty());
        club::set_mine(
            &st.db,
            &me,
            club::MySettingsIn {
                settings: Some(MemberSettings {
                    language: opt("language"),
                    time_zone: opt("time_zone"),
                    notify_email: f.checked("notify_email"),
                    notify_web: f.checked("notify_web"),
                    hide_country: f.checked("hide_country"),
                }),
                country: None,
                languages: None,
            },
        )
        .await?;
        Ok(see(&format!("/club/members/{}", me.id)))
    })
}

fn outcome_words(c: &Ctx, o: &SeatOutcome) -> String {
    match o {
        SeatOutcome::Solo => c.t("club-solo"),
        SeatOutcome::Draw { size } => c.tr.n("club-draw-of", *size as i64),
        SeatOutcome::Survived => c.t("club-survived"),
        SeatOutcome::Defeated => c.t("club-defeated"),
        SeatOutcome::Eliminated { .. } => c.t("club-eliminated"),
    }
}

fn feats(c: &Ctx, names: &std::collections::BTreeMap<i64, String>, list: &[Feat]) -> Markup {
    html! {
        @if list.is_empty() { p { "—" } }
        @else { div.scroll { table {
            thead { tr {
                th scope="col" { (c.t("club-name")) } th scope="col" { (c.t("game")) }
                th scope="col" { (c.t("club-power")) } th scope="col" { (c.t("club-result")) }
                th scope="col" { (c.t("club-centres")) } th scope="col" { (c.t("club-year")) }
            } }
            tbody { @for f in list { tr {
                td { a href={ "/club/members/" (f.member.0) } { (names.get(&f.member.0).cloned().unwrap_or_default()) } }
                td { a href={ "/games/" (f.game) } { (f.game) } }
                td { (f.power) }
                td { (outcome_words(c, &f.outcome)) }
                td { (f.centres) }
                td { (f.end_year) }
            } } }
        } } }
    }
}

async fn fame(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let out = club::fame(&st.db).await?;
        let sections = std::iter::once((c.t("club-overall"), &out.fame.overall))
            .chain(out.fame.by_variant.iter().map(|(v, s)| (v.clone(), s)));
        let body = html! {
            h1 { (c.t("club-fame")) }
            @for (title, s) in sections {
                section.fame {
                    h2 { (title) }
                    div.solos { h3 { (c.t("club-solos")) } (feats(&c, &out.names, &s.solos)) }
                    div.draws { h3 { (c.t("club-draws")) } (feats(&c, &out.names, &s.draws)) }
                    div.best { h3 { (c.t("club-best")) } (feats(&c, &out.names, &s.best)) }
                }
            }
        };
        Ok(page(&c, &c.t("club-fame"), body))
    })
}

async fn ratings(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let rows = club::battlefield(&st.db).await?;
        Ok(page(
            &c,
            &c.t("club-ratings"),
            html! {
                h1 { (c.t("club-ratings")) }
                p { (c.t("club-ratings-about")) }
                div.scroll { table #ratings {
                    thead { tr {
                        th scope="col" { "#" } th scope="col" { (c.t("club-name")) }
                        th scope="col" { (c.t("club-rating")) } th scope="col" { "μ" } th scope="col" { "σ" }
                        th scope="col" { (c.t("club-games")) }
                    } }
                    tbody { @for r in &rows { tr {
                        td { (r.place) }
                        td { a href={ "/club/members/" (r.member) } { (r.name) } }
                        td { (num(r.conservative)) } td { (num(r.mu)) } td { (num(r.sigma)) }
                        td { (r.games) }
                    } } }
                } }
            },
        ))
    })
}

fn scoring_word(c: &Ctx, s: ScoringSystem) -> String {
    c.t(match s {
        ScoringSystem::DrawSize => "club-scoring-draw-size",
        ScoringSystem::SumOfSquares => "club-scoring-sum-of-squares",
        ScoringSystem::CDiplo => "club-scoring-c-diplo",
    })
}

fn rules_summary(c: &Ctx, r: &LeagueRules) -> Markup {
    let press = match r.press {
        PressKind::Full => "club-press-full",
        PressKind::PublicOnly => "club-press-public",
        PressKind::Gunboat => "club-press-gunboat",
    };
    html! {
        p.meta {
            (r.variant) " · " (c.t(press)) " · " (scoring_word(c, r.scoring)) " · "
            (c.tr.n("club-games-per-member", i64::from(r.games_per_member)))
            @if !r.deadlines.is_empty() { " · " (r.deadlines) }
        }
    }
}

async fn leagues(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let all = club::leagues(&st.db).await?;
        Ok(page(
            &c,
            &c.t("club-leagues"),
            html! {
                h1 { (c.t("club-leagues")) }
                @if all.is_empty() { p { "—" } }
                @for l in &all {
                    section.league {
                        h2 { (l.name) }
                        (rules_summary(&c, &l.rules))
                        ul { @for s in &l.seasons {
                            li { a href={ "/club/leagues/" (l.id) "/" (s.id) } { (s.name) }
                                @if s.table.is_some() { " (" (c.t("club-closed")) ")" } }
                        } }
                    }
                }
            },
        ))
    })
}

async fn season(
    State(st): St,
    headers: HeaderMap,
    Path((league, season)): Path<(String, String)>,
) -> Response {
    page!(st, headers, |c| {
        let s = club::season(&st.db, &league, &season).await?;
        let title = format!("{} {}", s.league_name, s.name);
        Ok(page(
            &c,
            &title,
            html! {
                h1 { (title) }
                (rules_summary(&c, &s.rules))
                @if s.closed { p { (c.t("club-closed")) } }
                div.scroll { table #standings {
                    thead { tr {
                        th scope="col" { "#" } th scope="col" { (c.t("club-name")) }
                        th scope="col" { (c.t("club-score")) } th scope="col" { (c.t("club-games")) }
                        th scope="col" { (c.t("club-solos")) } th scope="col" { (c.t("club-draws")) }
                        th scope="col" { (c.t("club-best-game")) }
                    } }
                    tbody { @for r in &s.standings.rows { tr {
                        td { (r.place) }
                        td { a href={ "/club/members/" (r.member.0) } { (s.names.get(&r.member.0).cloned().unwrap_or_default()) } }
                        td.score { (num(r.score)) } td { (r.games) } td { (r.solos) } td { (r.draws) }
                        td { (num(r.best)) }
                    } } }
                } }
                h2 { (c.t("nav-games")) }
                ul { @for g in &s.games { li { a href={ "/games/" (g) } { (g) } } } }
            },
        ))
    })
}

async fn archive(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let rows = club::archive(&st.db).await?;
        Ok(page(
            &c,
            &c.t("club-archive"),
            html! {
                h1 { (c.t("club-archive")) }
                div.scroll { table #archive {
                    thead { tr {
                        th scope="col" { (c.t("game")) } th scope="col" { (c.t("club-variant")) }
                        th scope="col" { (c.t("club-year")) } th scope="col" { (c.t("club-result")) }
                        th scope="col" { (c.t("club-players")) }
                    } }
                    tbody { @for g in &rows { tr {
                        td { a href={ "/games/" (g.game) } { (g.title) } " "
                            a.download href={ "/api/v1/club/archive/" (g.game) "/record" } download { (c.t("club-record")) } " "
                            a.download href={ "/api/v1/club/archive/" (g.game) "/saved-game" } download { (c.t("club-saved-game")) } }
                        td { (g.variant) }
                        td { (g.end_year) }
                        td { @if g.outcome == "solo" { (c.t("club-solo")) } @else { (c.tr.n("club-draw-of", g.winners.len() as i64)) }
                            ": " (g.winners.join(", ")) }
                        td { @for s in &g.seats {
                            (s.power) " " (s.centres) @if let Some(p) = &s.player { " (" (p) ")" } "; "
                        } }
                    } } }
                } }
            },
        ))
    })
}

async fn running(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let games = club::running_games(&st.db).await?;
        Ok(page(
            &c,
            &c.t("club-running"),
            html! {
                h1 { (c.t("club-running")) }
                div.scroll { table #running {
                    thead { tr {
                        th scope="col" { (c.t("game")) } th scope="col" { (c.t("club-variant")) }
                        th scope="col" { (c.t("phase")) } th scope="col" { (c.t("deadline")) }
                        th scope="col" { (c.t("club-players")) }
                    } }
                    tbody { @for g in &games { tr {
                        td { a href={ "/games/" (g.id) } { (g.title) } }
                        td { (g.variant) }
                        td { @match &g.phase { Some(p) => (super::pages::phase_name(&c, p)), None => { (g.joined) " / " (g.seats) } } }
                        td { @match &g.deadline { Some(d) => (c.when(d)), None => "—" } }
                        td { @for p in &g.players {
                            (p.power) " " (p.supply_centres) @if let Some(n) = &p.player { " (" (n) ")" } "; "
                        } }
                    } } }
                } }
            },
        ))
    })
}

async fn admin_page(State(st): St, headers: HeaderMap) -> Response {
    page!(st, headers, |c| {
        let me = c.me.clone().ok_or_else(ApiError::unauthorized)?;
        let apps = club::applications(&st.db, &me).await?;
        let log = club::log(&st.db, &me).await?;
        let all = club::members(&st.db, Some(&me)).await?;
        let leagues = club::leagues(&st.db).await?;
        let out = club::club_out(&st.db, Some(&me)).await?;
        let act = |id: i64, act: &str, label: &str| {
            html! {
                form.inline method="post" action="/club/admin" {
                    (csrf(&c))
                    input type="hidden" name="do" value="member";
                    input type="hidden" name="member" value=(id);
                    input type="hidden" name="act" value=(act);
                    @if act == "reject" || act == "remove-access" { input name="reason" size="12" placeholder=(c.t("club-reason")); }
                    button type="submit" { (label) }
                }
            }
        };
        Ok(page(
            &c,
            &c.t("club-admin"),
            html! {
                h1 { (c.t("club-admin")) }
                section #applications {
                    h2 { (c.t("club-applications")) }
                    @if apps.is_empty() { p { "—" } }
                    ul { @for a in &apps { li {
                        (a.member.name) " "
                        (act(a.member.id.0, "approve", &c.t("club-approve")))
                        (act(a.member.id.0, "reject", &c.t("club-reject")))
                    } } }
                }
                section #all-members {
                    h2 { (c.t("club-members")) }
                    ul { @for m in all.iter().filter(|m| m.state == "active" || m.state == "removed") { li {
                        (m.name) " "
                        @if m.state == "active" {
                            (act(m.id, "remove-access", &c.t("club-remove")))
                            @if !m.game_master { (act(m.id, "appoint-game-master", &c.t("club-appoint-gm"))) }
                            @if !m.admin { (act(m.id, "appoint-admin", &c.t("club-appoint-admin"))) }
                        } @else {
                            (act(m.id, "restore-access", &c.t("club-restore")))
                        }
                    } } }
                }
                section #new-league {
                    h2 { (c.t("club-new-league")) }
                    form.card method="post" action="/club/admin" {
                        (csrf(&c))
                        input type="hidden" name="do" value="league";
                        label { "id" input name="id" required maxlength="40"; }
                        label { (c.t("club-name")) input name="name" required maxlength="100"; }
                        label { (c.t("club-variant")) select name="variant" {
                            @for v in entente_map::BUILTIN_VARIANTS { option value=(v.name) selected[v.name == "standard"] { (v.name) } }
                        } }
                        label { (c.t("club-press")) select name="press" {
                            option value="gunboat" { (c.t("club-press-gunboat")) }
                            option value="public-only" { (c.t("club-press-public")) }
                            option value="full" { (c.t("club-press-full")) }
                        } }
                        label { (c.t("club-deadlines")) input name="deadlines"; }
                        label { (c.t("club-games-each")) input name="games_per_member" type="number" min="1" value="1"; }
                        label { (c.t("club-scoring")) select name="scoring" {
                            @for s in ScoringSystem::ALL { option value=(scoring_id(s)) { (scoring_word(&c, s)) } }
                        } }
                        label { (c.t("club-aggregate")) select name="aggregate" {
                            option value="sum" { (c.t("club-aggregate-sum")) }
                            option value="average" { (c.t("club-aggregate-average")) }
                            option value="best" { (c.t("club-aggregate-best")) }
                        } }
                        label { (c.t("club-best-games")) input name="best_games" type="number" min="1" value="1"; }
                        button type="submit" { (c.t("club-create")) }
                    }
                }
                @for l in &leagues {
                    section.league-admin {
                        h2 { (l.name) }
                        form.inline method="post" action="/club/admin" {
                            (csrf(&c))
                            input type="hidden" name="do" value="season";
                            input type="hidden" name="league" value=(l.id);
                            input name="id" required maxlength="40" placeholder="id";
                            input name="name" required maxlength="100" placeholder=(c.t("club-name"));
                            button type="submit" { (c.t("club-new-season")) }
                        }
                        @for s in l.seasons.iter().filter(|s| s.table.is_none()) {
                            p { (s.name) ": "
                                form.inline method="post" action="/club/admin" {
                                    (csrf(&c))
                                    input type="hidden" name="do" value="attach";
                                    input type="hidden" name="league" value=(l.id);
                                    input type="hidden" name="season" value=(s.id);
                                    input name="game" required placeholder=(c.t("game"));
                                    button type="submit" { (c.t("club-attach")) }
                                }
                                form.inline method="post" action="/club/admin" {
                                    (csrf(&c))
                                    input type="hidden" name="do" value="close";
                                    input type="hidden" name="league" value=(l.id);
                                    input type="hidden" name="season" value=(s.id);
                                    button type="submit" { (c.t("club-close")) }
                                }
                            }
                        }
                    }
                }
                section #pages {
                    h2 { (c.t("club-pages")) }
                    form.card method="post" action="/club/admin" {
                        (csrf(&c))
                        input type="hidden" name="do" value="pages";
                        label { (c.t("club-name")) input name="name" value=(out.name) maxlength="100"; }
                        label { (c.t("club-logo")) input name="logo_text" value=(out.logo_text) maxlength="100"; }
                        label { (c.t("club-rules")) textarea name="rules_md" rows="10" { (out.rules_md) } }
                        label { input type="checkbox" name="open_signup" checked[out.open_signup]; " " (c.t("club-open-signup")) }
                        label { (c.t("club-game-creation")) select name="game_creation" {
                            @for g in GameCreation::ALL { option value=(g.id()) selected[g == out.game_creation] { (c.t(&format!("club-creation-{}", g.id()))) } }
                        } }
                        button type="submit" { (c.t("save")) }
                    }
                }
                section #log {
                    h2 { (c.t("club-log")) }
                    (log_table(&c, &log, &all))
                }
            },
        ))
    })
}

/// A form's field read as one of the API's words (`press`, `scoring`, `game_creation`).
fn word<T: serde::de::DeserializeOwned>(f: &Form, k: &str) -> ApiResult<T> {
    serde_json::from_value(serde_json::json!(f.str(k)))
        .map_err(|e| ApiError::unprocessable(format!("{k}: {e}")))
}

fn when_ms(c: &Ctx, ms: i64) -> String {
    c.when(
        &jiff::Timestamp::from_millisecond(ms)
            .map(|t| t.to_string())
            .unwrap_or_default(),
    )
}

/// The administrators' log as a table: when, who, what, whom (newest first, the last 200).
fn log_table(c: &Ctx, log: &[AuditEntry], members: &[club::MemberRow]) -> Markup {
    let name = |m: MemberId| {
        members
            .iter()
            .find(|r| r.id == m.0)
            .map_or_else(|| format!("#{}", m.0), |r| r.name.clone())
    };
    html! {
        div.scroll { table #log-table {
            thead { tr {
                th scope="col" { "#" } th scope="col" { (c.t("club-log-when")) }
                th scope="col" { (c.t("club-log-who")) } th scope="col" { (c.t("club-log-what")) }
                th scope="col" { (c.t("club-log-whom")) }
            } }
            tbody { @for e in log.iter().rev().take(200) {
                @let (what, whom) = log_words(c, &e.action, &name);
                tr { td { (e.seq) } td { (when_ms(c, e.at_ms)) } td { (name(e.actor)) } td { (what) } td { (whom) } }
            } }
        } }
    }
}

/// An act of the log in words: what was done, and to whom or what.
fn log_words(c: &Ctx, a: &AuditAction, name: &dyn Fn(MemberId) -> String) -> (String, String) {
    let act = serde_json::to_value(a)
        .ok()
        .and_then(|v| v["act"].as_str().map(str::to_string))
        .unwrap_or_default();
    let what = c.t(&format!("club-log-{act}"));
    let because = |reason: &str| {
        if reason.is_empty() {
            what.clone()
        } else {
            format!("{what} ({reason})")
        }
    };
    match a {
        AuditAction::Founded | AuditAction::PagesEdited | AuditAction::Recomputed => {
            (what, String::new())
        }
        AuditAction::Applied { member }
        | AuditAction::SignedUp { member }
        | AuditAction::Approved { member }
        | AuditAction::AccessRestored { member }
        | AuditAction::GameMasterAppointed { member }
        | AuditAction::GameMasterDismissed { member }
        | AuditAction::AdminAppointed { member } => (what, name(*member)),
        AuditAction::Rejected { member, reason }
        | AuditAction::AccessRemoved { member, reason } => (because(reason), name(*member)),
        AuditAction::OpenSignupSet { open } => {
            (what, c.t(if *open { "club-yes" } else { "club-no" }))
        }
        AuditAction::GameCreationSet { rule } => {
            (what, c.t(&format!("club-creation-{}", rule.id())))
        }
        AuditAction::LeagueCreated { league } => (what, league.clone()),
        AuditAction::SeasonCreated { league, season }
        | AuditAction::SeasonClosed { league, season } => (what, format!("{league}/{season}")),
        AuditAction::GameAttached {
            game,
            league,
            season,
        } => (what, format!("{game} → {league}/{season}")),
    }
}

fn scoring_id(s: ScoringSystem) -> &'static str {
    match s {
        ScoringSystem::DrawSize => "draw-size",
        ScoringSystem::SumOfSquares => "sum-of-squares",
        ScoringSystem::CDiplo => "c-diplo",
    }
}

fn member_act_of(f: &Form) -> ApiResult<MemberAct> {
    let reason = f.str("reason");
    Ok(match f.str("act").as_str() {
        "approve" => MemberAct::Approve,
        "reject" => MemberAct::Reject { reason },
        "remove-access" => MemberAct::RemoveAccess { reason },
        "restore-access" => MemberAct::RestoreAccess,
        "appoint-game-master" => MemberAct::AppointGameMaster,
        "dismiss-game-master" => MemberAct::DismissGameMaster,
        "appoint-admin" => MemberAct::AppointAdmin,
        other => return Err(ApiError::unprocessable(format!("no act '{other}'"))),
    })
}

async fn admin_act(State(st): St, headers: HeaderMap, body: Bytes) -> Response {
    page!(st, headers, |c| {
        let f = Form::parse(&body);
        let me = signed_form(&c, &f)?;
        match f.str("do").as_str() {
            "member" => {
                let id: i64 = f
                    .str("member")
                    .parse()
                    .map_err(|_| ApiError::unprocessable("no member"))?;
                club::member_act(&st.db, &me, id, member_act_of(&f)?).await?;
            }
            "league" => {
                let games = |k: &str| f.str(k).parse::<u32>().unwrap_or(1).max(1);
                let aggregate = match f.str("aggregate").as_str() {
                    "average" => Aggregate::Average,
                    "best" => Aggregate::Best {
                        games: games("best_games"),
                    },
                    _ => Aggregate::Sum,
                };
                club::create_league(
                    &st.db,
                    &me,
                    club::LeagueIn {
                        id: f.str("id"),
                        name: f.str("name"),
                        rules: LeagueRules {
                            variant: f.str("variant"),
                            press: word(&f, "press")?,
                            deadlines: f.str("deadlines"),
                            games_per_member: games("games_per_member"),
                            scoring: word(&f, "scoring")?,
                            aggregate,
                        },
                    },
                )
                .await?;
            }
            "season" => {
                club::create_season(
                    &st.db,
                    &me,
                    &f.str("league"),
                    club::SeasonIn {
                        id: f.str("id"),
                        name: f.str("name"),
                    },
                )
                .await?;
            }
            "attach" => {
                club::attach_game(
                    &st.db,
                    &me,
                    &f.str("league"),
                    &f.str("season"),
                    club::AttachIn {
                        game: f.str("game"),
                    },
                )
                .await?;
            }
            "close" => {
                club::close_season(&st.db, &me, &f.str("league"), &f.str("season")).await?;
            }
            "pages" => {
                club::set_club(
                    &st.db,
                    &me,
                    club::ClubIn {
                        name: Some(f.str("name")),
                        logo_text: Some(f.str("logo_text")),
                        rules_md: Some(f.get("rules_md").unwrap_or("").to_string()),
                        open_signup: Some(f.checked("open_signup")),
                        game_creation: Some(word(&f, "game_creation")?),
                    },
                )
                .await?;
            }
            other => return Err(ApiError::unprocessable(format!("no act '{other}'"))),
        }
        Ok(see("/club/admin"))
    })
}

/// The club's routes, merged into [`super::routes`].
pub fn routes() -> axum::Router<std::sync::Arc<crate::state::AppState>> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/club", get(home))
        .route("/club/apply", post(apply))
        .route("/club/settings", post(settings))
        .route("/club/members", get(members))
        .route("/club/members/{id}", get(profile))
        .route("/club/fame", get(fame))
        .route("/club/ratings", get(ratings))
        .route("/club/leagues", get(leagues))
        .route("/club/leagues/{league}/{season}", get(season))
        .route("/club/archive", get(archive))
        .route("/club/games", get(running))
        .route("/club/admin", get(admin_page).post(admin_act))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_rendered_and_its_html_escaped() {
        let h = markdown("# Rules\n\nBe *nice*. <script>alert(1)</script>");
        assert!(h.contains("<h1>Rules</h1>"), "{h}");
        assert!(h.contains("<em>nice</em>"), "{h}");
        assert!(!h.contains("<script>"), "{h}");
        assert!(h.contains("&lt;script&gt;"), "{h}");
    }

    #[test]
    fn every_act_of_the_log_and_every_rule_of_game_creation_has_words() {
        let mut keys: Vec<String> = [
            "founded",
            "applied",
            "signed-up",
            "approved",
            "rejected",
            "access-removed",
            "access-restored",
            "game-master-appointed",
            "game-master-dismissed",
            "admin-appointed",
            "open-signup-set",
            "game-creation-set",
            "league-created",
            "season-created",
            "season-closed",
            "pages-edited",
            "game-attached",
            "recomputed",
        ]
        .iter()
        .map(|a| format!("club-log-{a}"))
        .collect();
        keys.extend(GameCreation::ALL.map(|g| format!("club-creation-{}", g.id())));
        for n in ["approved", "rejected", "game-started", "new-phase"] {
            keys.push(format!("club-notice-{n}"));
        }
        // Every act the log may hold is listed above (its serde name).
        let every = [
            AuditAction::Founded,
            AuditAction::GameCreationSet {
                rule: GameCreation::Members,
            },
            AuditAction::Recomputed,
        ];
        for a in every {
            let act = serde_json::to_value(&a).unwrap()["act"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(keys.contains(&format!("club-log-{act}")), "{act}");
        }
        for lang in super::super::i18n::LANGS {
            for id in &keys {
                let t = super::super::i18n::tr(lang, id, &[]);
                assert_ne!(&t, id, "{lang}: {id} missing");
            }
        }
    }

    #[test]
    fn every_club_word_is_in_every_language() {
        let src = include_str!("club.rs");
        let mut ids: Vec<&str> = src
            .split("\"club-")
            .skip(1)
            .filter_map(|p| p.split('"').next())
            .filter(|id| id.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'))
            .filter(|id| !id.is_empty() && !id.ends_with('-'))
            .collect();
        ids.sort();
        ids.dedup();
        assert!(ids.len() > 30, "{ids:?}");
        for lang in super::super::i18n::LANGS {
            for id in &ids {
                let id = format!("club-{id}");
                let t = super::super::i18n::tr(lang, &id, &[]);
                assert_ne!(t, id, "{lang}: {id} missing");
            }
        }
    }
}
