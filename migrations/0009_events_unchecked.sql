-- The events table without its foreign key to `tables`. Checking it cost
-- PostgreSQL about a tenth of its CPU under load (9% at 6,000 actions/s):
-- for every row inserted a trigger looked the table up and locked its row
-- (`FOR KEY SHARE`, a write to that row's page and to the WAL), and the
-- journal inserts every event of every match (docs/performance.md, "The
-- foreign key of the events"). What it guarded holds without it: events
-- are written only by the journal, for a table whose row was stored when
-- its lobby was opened, and no table row is ever deleted. The primary key
-- and the unique client action id stay: they are what makes a resent
-- action apply once.
--
-- Neither SQLite nor the dialect both databases share can drop a
-- constraint, so the table is built again and its rows copied, once: the
-- migration takes as long as the events table is large. The old table is
-- renamed first, which locks out every writer at once (on PostgreSQL, the
-- nodes of a rolling upgrade still running the old version): an insert in
-- progress finishes and is copied, and later ones wait for the new table.
-- The old primary key keeps its name, `events_pkey`, until the old table
-- is dropped, so the new one is named `events_seq`.
ALTER TABLE events RENAME TO events_checked;
CREATE TABLE events (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    seat BIGINT,
    client_id TEXT,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT events_seq PRIMARY KEY (table_id, seq)
);
INSERT INTO events (table_id, seq, kind, seat, client_id, payload, created_at)
    SELECT table_id, seq, kind, seat, client_id, payload, created_at FROM events_checked;
DROP TABLE events_checked;
CREATE UNIQUE INDEX events_client ON events (table_id, seat, client_id);
