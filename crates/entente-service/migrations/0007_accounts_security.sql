-- Accounts as a security reviewer expects (issue 31).
-- The sign-in and sign-up throttles, counted in the database so that every server of a
-- cluster sees the same counts, each attempt reserved before its password is hashed: a row
-- per account name ('signin:NAME'), per client address ('signin-addr:ADDR') and per
-- address's sign-ups ('signup-addr:ADDR'). `n` counts the attempts, `until_at` is when the
-- next is allowed (a name) or when the window ends (an address), `version` makes each
-- change a compare-and-swap.
CREATE TABLE throttles (
    subject TEXT PRIMARY KEY,
    n BIGINT NOT NULL DEFAULT 0,
    until_at BIGINT NOT NULL DEFAULT 0,
    touched_at BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX throttles_touched ON throttles(touched_at);
-- Tokens get an id to be listed and revoked by (never the secret) and a label; API tokens
-- made before now expire in 90 days.
ALTER TABLE tokens ADD COLUMN public_id TEXT;
ALTER TABLE tokens ADD COLUMN label TEXT;
UPDATE tokens SET public_id = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX tokens_public_id ON tokens(public_id);
CREATE INDEX tokens_account ON tokens(account_id, kind);
UPDATE tokens SET expires_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 7776000000
    WHERE kind = 'api' AND expires_at IS NULL;
