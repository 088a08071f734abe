//! Games as JSON record files (`docs/game-record.md`), one file a game.
//!
//! Every change is one locked load–change–save: an exclusive lock on a lock file beside the
//! record is held from before reading until the new record has replaced the old, so two
//! commands on one game never lose each other's updates. The new record is written to a
//! fresh temporary file in the record's directory, synced, given the old file's permissions,
//! and renamed over the old one; the directory is synced after. A symlinked record is written
//! where the link points (the link stays), and nothing is ever written through a stale
//! temporary file: each write makes its own.

use crate::{Error, ErrorKind, GameStore, Result};
use entente_host::Session;
use entente_record::record::{from_json, SessionRecord};
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind as IoKind, Write};
use std::path::{Path, PathBuf};

/// Record files under one directory; a game's id is its file's path relative to it.
#[derive(Clone, Debug)]
pub struct FileStore {
    root: PathBuf,
}

fn io(path: &Path, e: std::io::Error) -> Error {
    let kind = match e.kind() {
        IoKind::NotFound => ErrorKind::NotFound,
        IoKind::AlreadyExists => ErrorKind::Conflict,
        _ => ErrorKind::Io,
    };
    Error::new(kind, format!("{}: {e}", path.display()))
}

impl FileStore {
    /// The store of the record files under `root` (the command line: the working directory).
    pub fn new(root: impl Into<PathBuf>) -> FileStore {
        FileStore { root: root.into() }
    }

    /// The record file of a game.
    pub fn path(&self, id: &str) -> PathBuf {
        self.root.join(id)
    }

    /// Where a record is really written: a symlink's target.
    fn real_path(&self, id: &str) -> Result<PathBuf> {
        let path = self.path(id);
        match std::fs::canonicalize(&path) {
            Ok(p) => Ok(p),
            Err(e) if e.kind() == IoKind::NotFound => Ok(path),
            Err(e) => Err(io(&path, e)),
        }
    }

    /// Holds the game's lock until dropped.
    fn lock(&self, real: &Path) -> Result<File> {
        let name = real
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lock_path = real.with_file_name(format!(".{name}.lock"));
        let f = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| io(&lock_path, e))?;
        f.lock().map_err(|e| io(&lock_path, e))?;
        Ok(f)
    }

    /// Writes `text` as the file at `real`, atomically; refuses an existing file unless
    /// `replace`.
    fn write(real: &Path, text: &str, replace: bool) -> Result<()> {
        let dir = match real.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut tmp = tempfile::Builder::new()
            .prefix(".entente-")
            .suffix(".tmp")
            .tempfile_in(&dir)
            .map_err(|e| io(&dir, e))?;
        tmp.write_all(text.as_bytes()).map_err(|e| io(real, e))?;
        match std::fs::metadata(real) {
            Ok(old) => tmp
                .as_file()
                .set_permissions(old.permissions())
                .map_err(|e| io(real, e))?,
            Err(e) if e.kind() == IoKind::NotFound => {}
            Err(e) => return Err(io(real, e)),
        }
        tmp.as_file().sync_all().map_err(|e| io(real, e))?;
        if replace {
            tmp.persist(real).map_err(|e| io(real, e.error))?;
        } else {
            tmp.persist_noclobber(real).map_err(|e| io(real, e.error))?;
        }
        // The rename itself is durable once the directory is synced.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

/// Writes `text` as the file at `path`, atomically (a fresh temporary file in the same
/// directory, synced, renamed over): a reader sees the old file or the new one, never part of
/// one. A symlink is written where it points. An existing file is refused
/// ([`ErrorKind::Conflict`]) unless `replace`. What the command line's exports use.
pub fn write_file(path: &Path, text: &str, replace: bool) -> Result<()> {
    let real = match std::fs::canonicalize(path) {
        Ok(p) => p,
        Err(e) if e.kind() == IoKind::NotFound => path.to_path_buf(),
        Err(e) => return Err(io(path, e)),
    };
    FileStore::write(&real, text, replace).map_err(|e| match e.kind {
        ErrorKind::Conflict => Error::new(
            ErrorKind::Conflict,
            format!("{}: already exists", path.display()),
        ),
        _ => e,
    })
}

impl GameStore for FileStore {
    fn create(&self, id: &str, session: &Session) -> Result<()> {
        let real = self.real_path(id)?;
        let _lock = self.lock(&real)?;
        if real.exists() {
            return Err(Error::new(
                ErrorKind::Conflict,
                format!("{}: already exists", self.path(id).display()),
            ));
        }
        FileStore::write(&real, &session.to_json(), false)
    }

    fn load(&self, id: &str) -> Result<Session> {
        let path = self.path(id);
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        from_json(&text).map_err(|e| e.context(path.display()))
    }

    fn update_with<T, E: From<Error>>(
        &self,
        id: &str,
        change: impl FnOnce(&mut Session) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        let real = self.real_path(id)?;
        let _lock = self.lock(&real)?;
        let mut session = self.load(id)?;
        let out = change(&mut session)?;
        FileStore::write(&real, &session.to_json(), true)?;
        Ok(out)
    }

    fn list(&self) -> Result<Vec<String>> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(&self.root).map_err(|e| io(&self.root, e))? {
            let e = e.map_err(|e| io(&self.root, e))?;
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") && !name.starts_with('.') {
                out.push(name);
            }
        }
        out.sort();
        Ok(out)
    }
}
