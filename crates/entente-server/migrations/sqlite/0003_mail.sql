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
    created_at BIGINT NOT NULL,
    next_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    sent_at BIGINT,
    last_error TEXT
);
CREATE INDEX mail_out_due ON mail_out(sent_at, next_at);
