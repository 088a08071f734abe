-- The mail gateway's exactly-once and its limits (crates/entente-mail, docs/mail.md).
-- Who signed on in the mail (the account; NULL: nobody did): a signed mail is counted
-- apart from unsigned ones, so that forged mails never block a player's own.
ALTER TABLE mail_seen ADD COLUMN signed_by BIGINT;
-- Whether the mail carried a command (1) or only lines without one (0): a sender who keeps
-- writing mails without a command (an auto-responder) is not answered for a while.
ALTER TABLE mail_seen ADD COLUMN commands BIGINT NOT NULL DEFAULT 1;
CREATE INDEX mail_seen_sender ON mail_seen(sender, at);
CREATE INDEX mail_seen_signed ON mail_seen(signed_by, at);
