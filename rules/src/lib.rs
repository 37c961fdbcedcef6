//! Tactica's rules: pure, deterministic game logic for every game the
//! platform hosts, behind one API.
//!
//! - [`Game`] is the API each game implements: seats and decisions, legal
//!   actions, chance as explicit steps, per-viewer views and observations,
//!   notation.
//! - [`AnyMatch`] and [`AnyGame`] erase the game's types so the server and
//!   tools handle every game alike, with actions in JSON.
//! - [`referee`] runs a match: it draws chance from the match's seed, tells
//!   each viewer what it may learn of every step, and replays histories. The
//!   server, the history and the tools all go through it.
//! - [`registry`] lists the games; [`board`] and [`layout`] are the shared
//!   vocabulary of cells and boards.
//! - [`conformance`] is the suite every game must pass.
//!
//! Nothing here does I/O, reads clocks or draws randomness other than from
//! the seed a match is created with.

pub mod any;
pub mod board;
pub mod bot;
pub mod chance;
pub mod click;
pub mod conformance;
pub mod error;
pub mod game;
pub mod games;
pub mod layout;
pub mod lenient;
pub mod outcome;
pub mod record;
pub mod referee;
pub mod registry;
pub mod seat;
pub mod seen;
pub mod status;
pub mod step;
pub mod tools;
pub mod view;

pub use any::{AnyGame, AnyMatch, LegalAction};
pub use board::{Cell, Geometry};
pub use chance::{Seed, SeedStream};
pub use click::Click;
pub use error::{NotationError, RulesError};
pub use game::{Game, GameInfo, OptionChoice, OptionSpec, StepOf};
pub use layout::{CellId, Layout};
pub use outcome::Outcome;
pub use seat::{Seat, SeatSet, Viewer};
pub use seen::{Opening, Seen, turn_as_seen};
pub use status::{Decision, DecisionKind, Status};
pub use step::{Leave, NoChance, Step};
pub use view::View;
