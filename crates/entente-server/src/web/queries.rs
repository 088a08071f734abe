//! What the pages need of the database and the games beyond the service layer: the browser
//! session with its CSRF token, a sheet checked without being sent, the board with
//! province names in the reader's language.

use super::i18n::Tr;
use crate::error::{ApiError, ApiResult};
use axum::http::HeaderMap;
use entente_host::Session;
use entente_i18n::reasons;
use entente_map::PowerId;
use entente_render::{RenderOptions, Renderer};
use entente_service::auth::{Caller, SESSION_COOKIE};
use entente_service::db::{millis, Db};
use entente_service::games;
use entente_service::model::{EchoLine, SheetOut};
use sha2::{Digest, Sha256};
use sqlx::Row;

/// A cookie's value by name.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The signed-in browser's account and its session's CSRF token (`None`: no valid session
/// cookie; an expired or unknown one counts as none, so the pages offer to sign in).
pub async fn browser_session(
    db: &Db,
    headers: &HeaderMap,
) -> ApiResult<Option<(Caller, String, games::Prefs)>> {
    let Some(token) = cookie(headers, SESSION_COOKIE) else {
        return Ok(None);
    };
    let hash: String = Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let row = sqlx::query(
        "SELECT a.id, a.name, t.csrf, t.expires_at, a.language, a.time_zone FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1 AND t.kind = 'cookie'",
    )
    .bind(hash)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let expires: Option<i64> = row.try_get(3)?;
    if expires.is_some_and(|e| e < millis(games::now())) {
        return Ok(None);
    }
    let csrf: Option<String> = row.try_get(2)?;
    Ok(Some((
        Caller {
            id: row.try_get(0)?,
            name: row.try_get(1)?,
        },
        csrf.unwrap_or_default(),
        games::Prefs {
            language: row.try_get(4)?,
            time_zone: row.try_get(5)?,
        },
    )))
}

/// Echo lines as the API gives them, in the reader's language: each order understood
/// written out (`A Paříž → Burgundsko`), why a line was not read and why an order will not
/// be carried out (`entente-i18n`).
pub fn echo_lines(s: &Session, echoes: &[entente_host::Echo], tr: Tr) -> Vec<EchoLine> {
    let kind = s.game().phase().kind;
    let pos = s.game().position();
    let mut lines = games::echo_lines_with(echoes, |order, _| {
        super::orders::order_text(s.map(), tr, kind, pos, order)
    });
    for (l, e) in lines.iter_mut().zip(echoes) {
        if let Some(why) = &l.error {
            l.error = Some(reasons::unreadable(tr.lang, s.map(), &e.line.text, why));
        }
        if let Some(p) = &e.why {
            l.problem = Some(reasons::problem(tr.lang, p));
        }
    }
    lines
}

/// A sheet read and echoed as a submission would be, without sending it: the page's live
/// check while the player types. The game is read without a lock and nothing is written.
pub async fn check_sheet(
    tr: Tr,
    db: &Db,
    caller: &Caller,
    id: &str,
    power: &str,
    text: &str,
) -> ApiResult<SheetOut> {
    games::check_sheet_size(text)?;
    let (_, _, v, s) = games::read_game(db, Some(caller.clone()), id).await?;
    let mut s = s.ok_or_else(|| ApiError::conflict("the game has not started"))?;
    let p = games::power_for(&s, &v, power)?;
    let echoes = s.submit(p, text)?;
    Ok(SheetOut {
        power: s.map().power(p).name.clone(),
        phase: s.game().phase().code(),
        lines: echo_lines(&s, &echoes, tr),
        warnings: s.sheet_warnings(p),
    })
}

/// The sheet in for `p` this phase: its text as sent and its echo (`None`: none yet).
pub fn current_sheet(s: &mut Session, p: PowerId, tr: Tr) -> Option<(String, Vec<EchoLine>)> {
    let text = s
        .pending()
        .get(&p)?
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    let echoes = s.sheet_echo(p)?;
    Some((text, echo_lines(s, &echoes, tr)))
}

/// The board as SVG with the province names in `lang`: the current position, or history
/// entry `i` with its orders and their outcomes drawn.
pub fn board_svg(
    s: &Session,
    i: Option<usize>,
    lang: &str,
    title_of: &dyn Fn(&str) -> String,
) -> ApiResult<String> {
    let map = s.map();
    let r = Renderer::new(
        map,
        RenderOptions {
            lang: (lang != "en").then(|| lang.to_string()),
            no_legend: false,
            // The page lists the results in judge form beside the board itself.
            results: false,
        },
    );
    Ok(games::board_svg_with(s, i, &r, |phase| {
        title_of(&phase.code())
    })?)
}

/// One legal order of a unit, as the page's order picker offers it.
#[derive(serde::Serialize, Debug)]
pub struct LegalOrderOut {
    /// Canonical text, as the sheet takes it: `A par - bur`.
    pub text: String,
    /// In the reader's language: `A Paříž → Burgundsko`.
    pub label: String,
    /// `hold`, `move`, `support`, `convoy`, `retreat`, `disband`, `build`, `remove`, `waive`.
    pub kind: &'static str,
    /// The province moved, retreated, built in or supported into (its abbreviation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Where on the board (the SVG's coordinates) a unit there stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<(f32, f32)>,
}

/// The legal orders of one unit (movement, retreats) or of the power (adjustments).
#[derive(serde::Serialize, Debug)]
pub struct LegalGroupOut {
    /// The unit's province (`None`: the power's adjustments).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    /// The unit as the sheet writes it: `A par`, `F stp/sc`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Where on the board the unit stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<(f32, f32)>,
    /// Builds (positive) or removals (negative) due, in adjustments.
    pub due: i32,
    pub orders: Vec<LegalOrderOut>,
}

/// Every legal order of `power` this phase, from `entente-legal`: what the order picker
/// offers (supports and convoys only where legal).
pub fn legal_orders(s: &Session, power: PowerId, tr: Tr) -> Vec<LegalGroupOut> {
    use entente_judge::PhaseKind;
    use entente_orders::Order;
    let map = s.map();
    let pos = s.game().position();
    let phase = s.game().phase().kind;
    let mut legal = entente_legal::Legal::new(map);
    let mut out = entente_legal::LegalOrders::new();
    match phase {
        PhaseKind::Movement => legal.movement(pos, &mut out),
        PhaseKind::Retreat => legal.retreats(pos, &mut out),
        PhaseKind::Adjustment => legal.adjustments(pos, &mut out),
    }
    let prov = |l: entente_map::Loc| map.province(map.province_of(l)).abbr.clone();
    let layout = entente_render::Layout::for_map(map);
    let point = |l: entente_map::Loc| layout.unit_at.get(l.index()).copied();
    out.groups()
        .iter()
        .filter(|g| g.power == power)
        .map(|g| {
            let orders = out
                .of(g)
                .iter()
                .map(|o| {
                    let (kind, to) = match *o {
                        Order::Hold(_) => ("hold", None),
                        Order::Move { to, .. } => ("move", Some(to)),
                        Order::SupportHold { target, .. } => ("support", Some(target.loc)),
                        Order::SupportMove { to, .. } => ("support", Some(to)),
                        Order::Convoy { to, .. } => ("convoy", Some(to)),
                        Order::Retreat { to, .. } => ("retreat", Some(to)),
                        Order::Disband(_) => ("disband", None),
                        Order::Build { loc, .. } => ("build", Some(loc)),
                        Order::Remove(_) => ("remove", None),
                        Order::Waive => ("waive", None),
                    };
                    let at = to.and_then(point);
                    let to = to.map(prov);
                    LegalOrderOut {
                        text: entente_orders::format_order(map, o),
                        label: super::orders::order_text(map, tr, phase, pos, o),
                        kind,
                        to,
                        at,
                    }
                })
                .collect();
            let unit = g.province.and_then(|p| match phase {
                PhaseKind::Retreat => pos.dislodged_at(p).map(|d| d.unit),
                _ => pos.unit_at(p),
            });
            LegalGroupOut {
                province: g.province.map(|p| map.province(p).abbr.clone()),
                unit: unit.map(|u| format!("{} {}", u.ty.letter(), map.loc_abbr(u.loc))),
                at: unit.and_then(|u| point(u.loc)),
                due: g.due,
                orders,
            }
        })
        .collect()
}
