-- The club, second part (issue 17, docs/club.md).
-- Who may create games: 'anyone' (every account but a removed member), 'members',
-- 'game-masters' (the appointed game masters and the administrators).
ALTER TABLE club_settings ADD COLUMN game_creation TEXT NOT NULL DEFAULT 'anyone';
-- Each phase a power had orders due, as the server saw it when it adjudicated the phase:
-- who held the power then, and whether they missed it (no orders sent and not marked
-- ready). Written in the adjudication's transaction; the members' reliability is counted
-- from it.
CREATE TABLE club_phase_facts (
    game_id TEXT NOT NULL REFERENCES games(id),
    phase TEXT NOT NULL,
    power TEXT NOT NULL,
    account_id BIGINT,
    missed BIGINT NOT NULL,
    PRIMARY KEY (game_id, phase, power)
);
-- A member's notices on the club's page (when their settings ask for them): what happened
-- (a kind and its arguments, as JSON), shown in the reader's language.
CREATE TABLE club_notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL,
    args TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX club_notices_account ON club_notices(account_id, id);
