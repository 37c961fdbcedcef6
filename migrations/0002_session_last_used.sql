-- When a session was last used (ms since the Unix epoch), kept to a day, so
-- that guest sessions nobody uses can expire. Sessions from before this
-- column count from their creation.
ALTER TABLE sessions ADD COLUMN last_used_at BIGINT;
