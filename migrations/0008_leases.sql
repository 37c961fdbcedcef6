-- Several nodes on one PostgreSQL (docs/scaling.md). A node says it is
-- alive by moving `alive_until` on (milliseconds since the Unix epoch, by
-- the database's clock, so that nodes' clocks need not agree). A table is
-- run by one node at a time, the one its lease names. `term` grows by one
-- each time the lease is claimed or given up, and is never reset (a lease
-- given up keeps its row, naming no node); every journal write of the table
-- carries the term its writer claimed, so a node that lost the lease cannot
-- store another event of it (server/src/store/leases.rs).
-- A single node (the default, and always on SQLite) leaves both empty.
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    alive_until BIGINT NOT NULL
);

CREATE TABLE leases (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    node TEXT NOT NULL,
    term BIGINT NOT NULL
);
CREATE INDEX leases_node ON leases (node);
