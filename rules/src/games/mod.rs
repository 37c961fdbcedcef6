//! One module per game, each implementing [`Game`](crate::Game).

pub mod accasta;
pub mod dame100;
pub mod hex37;
pub mod tactique;
