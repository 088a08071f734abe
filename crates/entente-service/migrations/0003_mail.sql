-- The mail gateway (crates/entente-mail, docs/mail.md).
-- A player's mail password for one game (SIGNON <game> <power> <secret>): only its SHA-256.
ALTER TABLE members ADD COLUMN mail_secret_hash TEXT;
-- Each Message-ID executed once.
CREATE TABLE mail_seen (
    message_id TEXT PRIMARY KEY,
    sender TEXT NOT NULL,
    at BIGINT NOT NULL
);
-- Mail to send, kept until the relay took it (retried with a growing delay).
CREATE TABLE mail_out (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    in_reply_to TEXT,
    -- A results mail: the board of this phase of this game goes with it as a PNG.
    game_id TEXT,
    phase_index BIGINT,
    created_at BIGINT NOT NULL,
    next_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    sent_at BIGINT,
    -- The relay refused it for good (a 5xx answer, an address it will never take).
    bounced_at BIGINT,
    last_error TEXT
);
CREATE INDEX mail_out_due ON mail_out(sent_at, next_at);
-- How far the results mailer has read the games' events.
CREATE TABLE mail_cursor (
    name TEXT PRIMARY KEY,
    last_event BIGINT NOT NULL
);
-- The deadline reminders sent: one per player, phase and reminder.
CREATE TABLE mail_reminded (
    game_id TEXT NOT NULL,
    phase TEXT NOT NULL,
    hours BIGINT NOT NULL,
    account_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, phase, hours, account_id)
);
-- Delivery-status mail received (a bounce of a mail the judge sent), kept for the game
-- master; never answered.
CREATE TABLE mail_bounces (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
