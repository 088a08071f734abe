//! Parsed games kept between requests. Reading a game's record and writing it back is most
//! of the work of a submission; this cache spares the reading (a reader of a game parses it itself). Every entry is the session
//! of one game *as stored at one `version`* of its row, and is used only when the row's
//! version still is that: any change by any server bumps the version first (see
//! [`crate::games`]), so an entry of an older version is never used, and the database
//! stays the only state that counts (several servers may share it).

use entente_host::Session;
use std::collections::HashMap;
use std::sync::Mutex;

/// Games kept at most; beyond, an arbitrary entry makes room.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub struct Sessions {
    map: Mutex<HashMap<String, (i64, Session)>>,
}

impl Sessions {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, Session)>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The session of game `id` stored at `version`, taken out to be changed (a change that
    /// fails leaves no entry behind).
    pub fn take(&self, id: &str, version: i64) -> Option<Session> {
        let entry = self.lock().remove(id)?;
        (entry.0 == version).then_some(entry.1)
    }

    /// A copy of the game of game `id` as stored at `version`, if kept (for a front end that
    /// follows the game, such as the DAIDE server's tables).
    pub fn game(&self, id: &str, version: i64) -> Option<entente_game::Game> {
        let map = self.lock();
        let (v, s) = map.get(id)?;
        (*v == version).then(|| s.game().clone())
    }

    /// Keeps the session of game `id` as stored (committed) at `version`.
    pub fn put(&self, id: &str, version: i64, s: Session) {
        let mut map = self.lock();
        if map.len() >= CAPACITY && !map.contains_key(id) {
            if let Some(k) = map.keys().next().cloned() {
                map.remove(&k);
            }
        }
        match map.get(id) {
            // Never replace a newer entry by an older one.
            Some((v, _)) if *v > version => {}
            _ => {
                map.insert(id.to_string(), (version, s));
            }
        }
    }
}
