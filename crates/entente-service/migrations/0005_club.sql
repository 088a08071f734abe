-- The club (issue 17, docs/club.md). Times are milliseconds since 1970 UTC. Members, log
-- entries, rules and tables are the JSON of crate entente-club's types.
-- One row (id 1), made when the club is founded by its first account. `version` is bumped
-- by every change of the club: it takes the club's lock.
CREATE TABLE club_settings (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    logo_text TEXT NOT NULL DEFAULT '',
    rules_md TEXT NOT NULL DEFAULT '',
    open_signup BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0
);
-- A member: the account's id and the club's record of them (entente_club::Member).
CREATE TABLE club_members (
    account_id BIGINT PRIMARY KEY REFERENCES accounts(id),
    member TEXT NOT NULL
);
-- The administrators' log, append-only (entente_club::AuditAction).
CREATE TABLE club_log (
    seq BIGINT PRIMARY KEY,
    at BIGINT NOT NULL,
    actor BIGINT NOT NULL,
    action TEXT NOT NULL
);
-- A finished game's result (entente_club::GameResult), written when the game ends.
CREATE TABLE club_results (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    finished_at BIGINT NOT NULL,
    result TEXT NOT NULL
);
CREATE TABLE club_leagues (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    position BIGINT NOT NULL
);
CREATE TABLE club_seasons (
    league_id TEXT NOT NULL REFERENCES club_leagues(id),
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    position BIGINT NOT NULL,
    PRIMARY KEY (league_id, id)
);
-- The games played for a season.
CREATE TABLE club_season_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    league_id TEXT NOT NULL,
    season_id TEXT NOT NULL,
    FOREIGN KEY (league_id, season_id) REFERENCES club_seasons(league_id, id)
);
-- The table of a closed season (entente_club::Standings), kept.
CREATE TABLE club_season_tables (
    league_id TEXT NOT NULL,
    season_id TEXT NOT NULL,
    standings TEXT NOT NULL,
    closed_at BIGINT NOT NULL,
    PRIMARY KEY (league_id, season_id),
    FOREIGN KEY (league_id, season_id) REFERENCES club_seasons(league_id, id)
);
-- The ratings (entente_club::Ratings) as a cache: one row (id 1), updated as games end,
-- dropped and rebuilt from club_results by POST /api/v1/club/recompute.
CREATE TABLE club_ratings (
    id BIGINT PRIMARY KEY,
    ratings TEXT NOT NULL
);
