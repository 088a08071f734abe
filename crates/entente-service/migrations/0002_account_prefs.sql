-- An account's remembered preferences: the language of its pages and mail (en, cs, fr, ru)
-- and its time zone (an IANA name); NULL: the browser's.
ALTER TABLE accounts ADD COLUMN language TEXT;
ALTER TABLE accounts ADD COLUMN time_zone TEXT;
