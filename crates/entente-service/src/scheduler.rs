//! The scheduler: every game whose deadline has passed (or whose powers are all ready) is
//! adjudicated, a few at a time, by whichever server sees it first.

use crate::db::Db;
use std::time::Duration;

/// Adjudicates every game whose deadline has passed (or whose powers are all ready), a few
/// at a time, then sleeps a tick.
pub async fn scheduler(db: Db, tick: Duration, workers: usize) {
    use futures_util::StreamExt;
    loop {
        let due = match crate::gm::due_games(&db, 256).await {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("scheduler: {e}");
                Vec::new()
            }
        };
        if due.is_empty() {
            tokio::time::sleep(tick).await;
            continue;
        }
        let n = due.len();
        futures_util::stream::iter(due)
            .for_each_concurrent(workers.max(1), |id| {
                let db = db.clone();
                async move {
                    let seen = crate::db::millis(crate::games::now());
                    match crate::gm::adjudicate_if_due(&db, &id).await {
                        Ok(_) => {}
                        // The database failed (a lost connection): nothing was changed, and
                        // the game is tried again at the next tick.
                        Err(e) if e.is_database() => {
                            tracing::warn!("adjudicating {id}: {e}; trying again");
                        }
                        Err(e) => {
                            tracing::warn!("adjudicating {id}: {e}");
                            // A game that cannot be adjudicated waits for the game master
                            // rather than being tried again at every tick; a deadline set
                            // since (by another server's adjudication, by the game master)
                            // stands.
                            let _ = sqlx::query(
                                "UPDATE games SET due_at = NULL WHERE id = $1 AND due_at <= $2",
                            )
                            .bind(&id)
                            .bind(seen)
                            .execute(&db.pool)
                            .await;
                        }
                    }
                }
            })
            .await;
        if n < 256 {
            tokio::time::sleep(tick).await;
        }
    }
}
