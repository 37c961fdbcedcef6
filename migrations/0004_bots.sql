-- The bot a player is (its engine's name, such as 'random'); NULL for a
-- person. A bot plays as a player of its own, so a match with one is
-- stored and replayed like any other, with the bot named as the player.
ALTER TABLE players ADD COLUMN bot TEXT;
