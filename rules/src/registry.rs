//! The games Tactica hosts. Adding a game means adding one line here; every
//! tool, test and page of the platform then covers it. The test game, which
//! exercises every part of the contract, is registered apart: the tests and
//! a server started for them reach it, players never do.
//!
//! Rules versions: a change to a game that alters legal actions, chance use
//! or outcomes bumps its [`GameInfo::rules_version`](crate::GameInfo), and
//! the previous version's code moves to [`KEPT`], where it stays while
//! stored matches use it. A [`Catalog`] finds a game at the version a
//! match was created with, so a match always replays by its own rules.

use crate::any::{AnyGame, Registered};
use crate::error::RulesError;
use crate::games::{
    abande::Abande, accasta::Accasta, alva::Alva, attactics::Attactics, attangle::Attangle, attraktion::Attraktion,
    dame100::Dame100, drill::Drill, hextri::HexTri, tactics1940::Tactics1940, tactique::Tactique,
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
    &Registered::<HexTri>::ENTRY,
    &Registered::<Attactics>::ENTRY,
    &Registered::<Tactics1940>::ENTRY,
    &Registered::<Drill>::ENTRY,
];

/// How many test games end the list.
const TEST_GAMES: usize = 1;

static GAMES: &[&dyn AnyGame] = ALL_GAMES.split_at(ALL_GAMES.len() - TEST_GAMES).0;

/// Earlier rules versions of offered games that stored matches still use.
static KEPT: &[&dyn AnyGame] = &[
    // Version 1 placed a random set-up's Flag and Archers anywhere.
    &Registered::<Tactique<1>>::ENTRY,
    // Version 1 let one ship blockade an open seaport, a jump over a
    // blockader void a blockade, an empty Gold Reserve take piece after
    // piece for one coin, a supply ship trade by moving within a port, and
    // a protest wait between new allies.
    &Registered::<Tactics1940<1>>::ENTRY,
    // Version 1 let a figure step on through a frozen county.
    &Registered::<HexTri<1>>::ENTRY,
    // Version 1 took a squeezed piece whose squeeze was opened and closed
    // again, and counted a throw with only a points move as idle.
    &Registered::<Attactics<1>>::ENTRY,
];

/// Every earlier rules version kept for stored matches.
pub fn kept_games() -> &'static [&'static dyn AnyGame] {
    KEPT
}

/// The test game at its next rules version, as a rules upgrade registers
/// it, for the tests of one; its current version is then kept.
static NEXT_TEST_GAME: &dyn AnyGame = &Registered::<Drill<2>>::ENTRY;

/// The games one server offers, and every rules version it can load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Catalog {
    /// The games offered to players.
    Players,
    /// Those and the test game (a server started for the tests).
    WithTestGame,
    /// Those and the test game at its next rules version, its earlier
    /// version kept for the matches stored under it: a server after a rules
    /// upgrade, for the tests of one.
    WithNextTestRules,
}

impl Catalog {
    /// The games a new table may be for, at their current rules versions,
    /// in the order the home page lists them.
    pub fn games(self) -> impl Iterator<Item = &'static dyn AnyGame> {
        let test = match self {
            Catalog::Players => &[][..],
            Catalog::WithTestGame => &ALL_GAMES[GAMES.len()..],
            Catalog::WithNextTestRules => std::slice::from_ref(&NEXT_TEST_GAME),
        };
        GAMES.iter().chain(test).copied()
    }

    /// The game registered under `id`, at its current rules version.
    pub fn game(self, id: &str) -> Result<&'static dyn AnyGame, RulesError> {
        self.games().find(|g| g.info().id == id).ok_or_else(|| RulesError::UnknownGame(id.to_string()))
    }

    /// The game `id` at rules version `version`: the current version, or
    /// an earlier one kept for the matches that use it.
    pub fn game_at(self, id: &str, version: u32) -> Result<&'static dyn AnyGame, RulesError> {
        // After the test upgrade, the test game's current version is kept.
        let kept = match self {
            Catalog::WithNextTestRules => &ALL_GAMES[GAMES.len()..],
            Catalog::Players | Catalog::WithTestGame => &[][..],
        };
        let current = self.game(id)?;
        if current.info().rules_version == version {
            return Ok(current);
        }
        KEPT.iter()
            .chain(kept)
            .copied()
            .find(|g| g.info().id == id && g.info().rules_version == version)
            .ok_or_else(|| RulesError::UnknownRulesVersion { game: id.to_string(), version })
    }
}

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
