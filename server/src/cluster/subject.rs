//! The broker's subjects, named in one place. Table ids are UUIDs and
//! node ids hex, so neither holds the `.`, `*` or `>` that subjects give a
//! meaning to; a table id reaches here only once the database has it.

/// Where a table's node takes commands for it.
pub fn table(table: &str) -> String {
    format!("tactica.table.{table}")
}

/// What a table's node sends a connection of another node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mail {
    /// A frame for the connection's client.
    Frame,
    /// Close the connection, so that its client reconnects.
    Close,
}

impl Mail {
    fn word(self) -> &'static str {
        match self {
            Mail::Frame => "frame",
            Mail::Close => "close",
        }
    }
}

/// Where table `table` sends `mail` to connection `conn` of node `node`.
/// A node's frames and closes share one subscription ([`mailbox`]), read
/// by one task, so they are handed on in the order they were published.
pub fn mail(node: &str, kind: Mail, table: &str, conn: u64) -> String {
    format!("tactica.node.{node}.{}.{table}.{conn}", kind.word())
}

/// Every mail of node `node`'s connections.
pub fn mailbox(node: &str) -> String {
    format!("tactica.node.{node}.>")
}

/// Where every node says it is alive.
pub const ALIVE: &str = "tactica.alive";

/// Where a node tells the others it has claimed a table it did not hold.
pub const CLAIMED: &str = "tactica.claimed";

/// Where every node tells its public lobbies.
pub const LOBBIES: &str = "tactica.lobbies";

/// The kind of mail, the table and the connection a mail subject names.
pub fn addressee(subject: &str) -> Option<(Mail, &str, u64)> {
    let mut parts = subject.rsplitn(4, '.');
    let conn = parts.next()?.parse().ok()?;
    let table = parts.next()?;
    let kind = match parts.next()? {
        "frame" => Mail::Frame,
        "close" => Mail::Close,
        _ => return None,
    };
    Some((kind, table, conn))
}

#[cfg(test)]
mod tests {
    use super::Mail;

    #[test]
    fn a_mail_subject_reads_back() {
        let subject = super::mail("ab12", Mail::Frame, "0b6e-4c1d", 42);
        assert_eq!(super::addressee(&subject), Some((Mail::Frame, "0b6e-4c1d", 42)));
        assert_eq!(super::addressee(&super::mail("ab12", Mail::Close, "t", 7)), Some((Mail::Close, "t", 7)));
        assert_eq!(super::addressee("tactica.node.x.frame.t.notanumber"), None);
        assert_eq!(super::addressee("tactica.node.x.other.t.7"), None);
    }
}
