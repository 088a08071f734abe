-- Issue 31. A finished game's result the club could not record (GameResult::check's
-- reason): shown to the game master on the game's page and in the API (GameOut.club_problem)
-- until the game is recorded. NULL: nothing to report.
ALTER TABLE games ADD COLUMN club_problem TEXT;
