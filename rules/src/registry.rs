//! The games Tactica hosts. Adding a game means adding one line here; every
//! tool, test and page of the platform then covers it.

use crate::any::{AnyGame, Registered};
use crate::error::RulesError;
use crate::games::{
    abande::Abande, accasta::Accasta, alva::Alva, attangle::Attangle, attraktion::Attraktion, dame100::Dame100,
    tactique::Tactique,
};

static GAMES: &[&dyn AnyGame] = &[
    &Registered::<Accasta>::ENTRY,
    &Registered::<Abande>::ENTRY,
    &Registered::<Attangle>::ENTRY,
    &Registered::<Attraktion>::ENTRY,
    &Registered::<Alva>::ENTRY,
    &Registered::<Dame100>::ENTRY,
    &Registered::<Tactique>::ENTRY,
];

/// Every registered game, in the order the home page lists them.
pub fn games() -> &'static [&'static dyn AnyGame] {
    GAMES
}

/// The game registered under `id`.
pub fn game(id: &str) -> Result<&'static dyn AnyGame, RulesError> {
    GAMES.iter().copied().find(|g| g.info().id == id).ok_or_else(|| RulesError::UnknownGame(id.to_string()))
}
