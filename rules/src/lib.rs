//! Tactica's rules: pure, deterministic game logic for every game the
//! platform hosts, behind one API.
//!
//! - [`Game`] is the API each game implements: seats, who acts, legal
//!   actions, chance from a seed, per-viewer views, notation.
//! - [`AnyMatch`] and [`AnyGame`] erase the game's types so the server and
//!   tools handle every game alike, with actions in JSON.
//! - [`registry`] lists the games.
//! - [`tools`] holds perft, random playouts and replay.
//! - [`conformance`] is the suite every game must pass.
//!
//! Nothing here does I/O, reads clocks or draws randomness other than from
//! the seed a match is created with.

pub mod any;
pub mod chance;
pub mod click;
pub mod conformance;
pub mod error;
pub mod game;
pub mod games;
pub mod layout;
pub mod outcome;
pub mod registry;
pub mod seat;
pub mod tools;
pub mod view;

pub use any::{AnyGame, AnyMatch, LegalAction, SeatAction};
pub use chance::{Chance, Seed};
pub use click::Click;
pub use error::{NotationError, RulesError};
pub use game::{Game, GameInfo, OptionChoice, OptionSpec, Seen, Status, turn_as_seen};
pub use layout::{CellId, Layout};
pub use outcome::Outcome;
pub use seat::{Seat, SeatSet, Viewer};
pub use view::View;
