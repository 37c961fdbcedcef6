//! The broker's subjects, named in one place. Table ids are UUIDs and
//! node ids hex, so neither holds the `.`, `*` or `>` that subjects give a
//! meaning to; a table id reaches here only once the database has it.

/// Where a table's node takes commands for it.
pub fn table(table: &str) -> String {
    format!("tactica.table.{table}")
}

/// Where a connection of node `node` takes frames of table `table`.
pub fn frames(node: &str, table: &str, conn: u64) -> String {
    format!("tactica.frames.{node}.{table}.{conn}")
}

/// Every connection of node `node`'s frames.
pub fn frames_of(node: &str) -> String {
    format!("tactica.frames.{node}.>")
}

/// Where a connection of node `node` following table `table` is told to
/// close, so that its client reconnects.
pub fn close(node: &str, table: &str, conn: u64) -> String {
    format!("tactica.close.{node}.{table}.{conn}")
}

/// Every connection of node `node`'s closing.
pub fn close_of(node: &str) -> String {
    format!("tactica.close.{node}.>")
}

/// Where every node says it is alive.
pub const ALIVE: &str = "tactica.alive";

/// Where every node tells its public lobbies.
pub const LOBBIES: &str = "tactica.lobbies";

/// The table and the connection a frames or close subject names.
pub fn follower(subject: &str) -> Option<(&str, u64)> {
    let mut parts = subject.rsplitn(3, '.');
    let conn = parts.next()?.parse().ok()?;
    let table = parts.next()?;
    Some((table, conn))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_follower_subject_reads_back() {
        let subject = super::frames("ab12", "0b6e-4c1d", 42);
        assert_eq!(super::follower(&subject), Some(("0b6e-4c1d", 42)));
        assert_eq!(super::follower(&super::close("ab12", "t", 7)), Some(("t", 7)));
        assert_eq!(super::follower("tactica.frames.x.t.notanumber"), None);
    }
}
