-- The events table without its foreign key to `tables`. Checking it cost
-- PostgreSQL about a sixth of its CPU under load: for every row inserted a
-- trigger looked the table up and locked its row (`FOR KEY SHARE`, a write
-- to that row's page and to the WAL), and the journal inserts every event
-- of every match (docs/performance.md, "The foreign key of the events").
-- What it guarded holds without it: events are written only by the
-- journal, for a table whose row was stored when its lobby was opened, and
-- no table row is ever deleted. The primary key and the unique client
-- action id stay: they are what makes a resent action apply once.
--
-- Neither SQLite nor the dialect both databases share can drop a
-- constraint, so the table is built again and its rows copied, once.
CREATE TABLE events_new (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    seat BIGINT,
    client_id TEXT,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT events_seq PRIMARY KEY (table_id, seq)
);
INSERT INTO events_new (table_id, seq, kind, seat, client_id, payload, created_at)
    SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE UNIQUE INDEX events_client ON events (table_id, seat, client_id);
