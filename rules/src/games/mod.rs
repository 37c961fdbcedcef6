//! One module per game, each implementing [`Game`](crate::Game), and what
//! the games of two seats share. [`drill`] is the test game, not offered.

pub mod abande;
pub mod accasta;
pub mod alva;
pub mod attactics;
pub mod attangle;
pub mod attraktion;
pub mod dame100;
pub mod drill;
pub mod hextri;
pub mod tactics1940;
pub mod tactique;
pub mod two_seats;
