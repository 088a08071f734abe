//! Where hosted games live. [`GameStore`] is what a front end needs of storage: create a game,
//! load it, change it atomically (a sheet, a message, an adjudication, any game-master act),
//! list the games. [`FileStore`] keeps each game as one JSON record file
//! (`docs/game-record.md`); a database store (SQLite, PostgreSQL) implements the same trait.

mod file;

pub use entente_game::{Error, ErrorKind, Result};
pub use file::{write_file, FileStore};

use entente_host::Session;

/// A game's storage. Every change goes through [`GameStore::update`]: the game is loaded,
/// changed and written back as one step, so two writers never lose each other's updates.
pub trait GameStore {
    /// Stores a new game under `id`; refused ([`ErrorKind::Conflict`]) if one exists.
    fn create(&self, id: &str, session: &Session) -> Result<()>;
    /// The game as last stored.
    fn load(&self, id: &str) -> Result<Session>;
    /// Loads the game, applies `change` and stores the result, atomically; nothing is
    /// stored when `change` fails. Returns what `change` returned.
    fn update<T>(&self, id: &str, change: impl FnOnce(&mut Session) -> Result<T>) -> Result<T> {
        self.update_with(id, change)
    }
    /// As [`GameStore::update`], for a front end whose `change` fails with its own error
    /// type; the store's errors reach it through `From`.
    fn update_with<T, E: From<Error>>(
        &self,
        id: &str,
        change: impl FnOnce(&mut Session) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E>;
    /// The ids of the stored games.
    fn list(&self) -> Result<Vec<String>>;
}
