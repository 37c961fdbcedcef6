-- The version of its game's rules a match was created with: it is always
-- replayed by that version's code. Matches from before this column were
-- made under version 1 of every game.
ALTER TABLE tables ADD COLUMN rules_version BIGINT NOT NULL DEFAULT 1;
-- Why a match could not be restored (its rules version is unknown to the
-- server running, or its events do not replay), shown to its players; it
-- is cleared when the match is restored.
ALTER TABLE tables ADD COLUMN restore_error TEXT;
