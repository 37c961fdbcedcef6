-- Whether the match starts as soon as every seat of the lobby is taken
-- (1), or when the host starts it (0).
ALTER TABLE tables ADD COLUMN auto_start BIGINT NOT NULL DEFAULT 0;
