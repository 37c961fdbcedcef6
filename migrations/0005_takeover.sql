-- The bot (its name) that takes over the seat of a player who goes away
-- from a match of three or more seats past the grace period; NULL when
-- nobody takes over and the others may have the seat leave instead.
ALTER TABLE tables ADD COLUMN takeover TEXT;
