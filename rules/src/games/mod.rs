//! One module per game, each implementing [`Game`](crate::Game).

pub mod abande;
pub mod accasta;
pub mod alva;
pub mod attangle;
pub mod attraktion;
pub mod dame100;
pub mod hex37;
pub mod tactique;
