-- Bots (crates/entente-daide, docs/daide.md): an account a DAIDE client plays through. It has
-- no password and cannot sign in; a game's bot seats are taken only by such accounts.
ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
