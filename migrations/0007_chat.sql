-- Table chat: each line with its table, in order. Players and spectators
-- talk in separate channels ('players', 'spectators'); a line is stored
-- before anyone reads it.
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables (id),
    n BIGINT NOT NULL,
    channel TEXT NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    text TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, n)
);

-- Whether spectators may not chat (1), as the host chose.
ALTER TABLE tables ADD COLUMN quiet_spectators BIGINT NOT NULL DEFAULT 0;

-- A secret set-up's own time, for a timed match whose host gave one.
ALTER TABLE tables ADD COLUMN clock_setup_ms BIGINT;
