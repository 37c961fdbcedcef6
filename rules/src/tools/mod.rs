//! The work behind the command-line tools: perft, random playouts, replay.
//!
//! The functions here are pure; the `tactica` binary adds argument parsing,
//! files and clocks.

pub mod perft;
pub mod playout;
pub mod record;
pub mod replay;
