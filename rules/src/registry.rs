//! The games Tactica hosts. Adding a game means adding one line here; every
//! tool, test and page of the platform then covers it. The test game, which
//! exercises every part of the contract, is registered apart: the tests and
//! a server started for them reach it, players never do.

use crate::any::{AnyGame, Registered};
use crate::error::RulesError;
use crate::games::{
    abande::Abande, accasta::Accasta, alva::Alva, attangle::Attangle, attraktion::Attraktion, dame100::Dame100,
    drill::Drill, tactique::Tactique,
};

/// The offered games, in the order the home page lists them, then the test
/// game, which is never offered.
static ALL_GAMES: &[&dyn AnyGame] = &[
    &Registered::<Accasta>::ENTRY,
    &Registered::<Abande>::ENTRY,
    &Registered::<Attangle>::ENTRY,
    &Registered::<Attraktion>::ENTRY,
    &Registered::<Alva>::ENTRY,
    &Registered::<Dame100>::ENTRY,
    &Registered::<Tactique>::ENTRY,
    &Registered::<Drill>::ENTRY,
];

/// How many test games end the list.
const TEST_GAMES: usize = 1;

static GAMES: &[&dyn AnyGame] = ALL_GAMES.split_at(ALL_GAMES.len() - TEST_GAMES).0;

/// Every game offered to players, in the order the home page lists them.
pub fn games() -> &'static [&'static dyn AnyGame] {
    GAMES
}

/// The offered games and the test game.
pub fn all_games() -> &'static [&'static dyn AnyGame] {
    ALL_GAMES
}

/// The offered game registered under `id`.
pub fn game(id: &str) -> Result<&'static dyn AnyGame, RulesError> {
    find(GAMES, id)
}

/// The game registered under `id`, the test game included.
pub fn any_game(id: &str) -> Result<&'static dyn AnyGame, RulesError> {
    find(ALL_GAMES, id)
}

fn find(list: &'static [&'static dyn AnyGame], id: &str) -> Result<&'static dyn AnyGame, RulesError> {
    list.iter().copied().find(|g| g.info().id == id).ok_or_else(|| RulesError::UnknownGame(id.to_string()))
}
