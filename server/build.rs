//! Builds the server again when a migration is added or changed: the
//! migrations are compiled into it (`sqlx::migrate!`), and cargo does not
//! otherwise look at the directory.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
