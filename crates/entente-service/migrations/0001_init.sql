-- entente-server schema (SQLite). Times are milliseconds since 1970 UTC.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
-- Cookie sessions (kind 'cookie', with a CSRF token) and bearer API tokens (kind 'api').
-- Only a hash of each token is kept.
CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL,
    csrf TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT
);
CREATE TABLE signin_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX signin_failures_name ON signin_failures(name, at);
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    status TEXT NOT NULL,
    options TEXT NOT NULL,
    record TEXT,
    phase TEXT,
    version BIGINT NOT NULL DEFAULT 0,
    due_at BIGINT,
    created_by BIGINT NOT NULL REFERENCES accounts(id),
    created_at BIGINT NOT NULL
);
CREATE INDEX games_due ON games(status, due_at);
CREATE TABLE members (
    game_id TEXT NOT NULL REFERENCES games(id),
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    role TEXT NOT NULL,
    powers TEXT NOT NULL DEFAULT '',
    preferences TEXT NOT NULL DEFAULT '',
    ready_phase TEXT,
    missed BIGINT NOT NULL DEFAULT 0,
    draw_vote TEXT,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE TABLE sheets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id),
    phase TEXT NOT NULL,
    power TEXT NOT NULL,
    account_id BIGINT NOT NULL,
    body TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sheets_game ON sheets(game_id, phase, power);
CREATE TABLE game_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL,
    audience TEXT NOT NULL,
    payload TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX game_events_game ON game_events(game_id, id);
