//! The work behind the command-line tools: random playouts, bots against
//! each other and replaying records. The functions here are pure; the
//! `tactica` binary adds argument parsing, files and clocks.

pub mod arena;
pub mod playout;
pub mod replay;
