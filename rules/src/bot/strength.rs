//! The searching bots people play against, one per strength, each named
//! for the player it plays like. They differ only in how long they think
//! and how they spread their search ([`SearchSettings`]); the engine is
//! [`super::search`] for every game.

use super::Bot;
use super::search::{ChanceNodes, SearchSettings};
use crate::any::{AnyMatch, LegalAction};
use crate::chance::SeedStream;
use crate::seat::Seat;
use std::time::Duration;

/// The strength a searching bot plays at, as a game's
/// [`crate::Game::search_budget_scale`] sees it: a game may give each
/// strength its own share of the settings' iterations, to keep the
/// strengths apart where the same budgets would play too close together.
///
/// Three cases asked for it (docs/performance.md). Where a round of a game
/// holds more decisions (Tactics at more seats), the same budgets looked
/// less far ahead and the strengths played closer together: at four seats
/// of Tactics club scored 0.670 against three casual players with one
/// budget for all (club 1,500, casual 150), and 0.755 with its own doubled
/// and casual's halved. And where search gains less as it grows (two-seat
/// Tactics: ten times the iterations was worth 0.79 between 50 and 500,
/// 0.77 between 150 and 1,500, and 0.64 between 1,500 and the strong
/// player), the step below the strong player has to be wider than ten
/// times, and the casual player steps down with club to stay ten times
/// below it. And where the strong player's clock stops it long before its
/// iterations (ATTACTICS), it would think only a few times as much as
/// club with the same budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// The newcomer's opponent: quick and shallow.
    Casual,
    /// The middle strength.
    Club,
    /// The strongest, and the yardsticks built on it (`strong-generic`,
    /// `strong-branched`).
    Strong,
}

/// A bot that searches with fixed settings.
#[derive(Clone, Copy, Debug)]
pub struct Searching {
    name: &'static str,
    display_name: &'static str,
    /// Its thinking budget and search settings.
    pub settings: SearchSettings,
    /// How long it may think over one decision, at most.
    pub time_budget: Duration,
}

/// The generic engine's settings at `strength` with `iterations` a
/// decision, more or fewer where the game asks, widening in any order: the
/// strengths built on it differ in their budget, and the strong player
/// also widens in the game's order.
const fn generic(strength: Strength, iterations: u32) -> SearchSettings {
    SearchSettings {
        iterations,
        exploration: 0.7,
        widening: 2.0,
        playout_limit: 200,
        strength,
        own_search: None,
        chance: ChanceNodes::Merged,
        ordered: false,
    }
}

/// Plays soundly but shallowly, in at most 0.3 s: a newcomer's opponent,
/// thinking less where a game asks ([`Strength`]).
pub const CASUAL: Searching = Searching {
    name: "casual",
    display_name: "Casual player (computer)",
    settings: generic(Strength::Casual, 150),
    time_budget: Duration::from_millis(300),
};

/// Ten times the casual player's iterations (where the game does not set
/// its strengths further apart), in at most a second.
pub const CLUB: Searching = Searching {
    name: "club",
    display_name: "Club player (computer)",
    settings: generic(Strength::Club, 1_500),
    time_budget: Duration::from_millis(1000),
};

/// The strongest: ten times the club player's iterations (where the game
/// does not set its strengths further apart), in at most 1.8 s
/// (the clock decides first in the slower games), trying first the actions
/// the game ranks highest where it ranks them ([`crate::Game::priority`]:
/// ATTACTICS' captures and its Monarchs' way to Maze Center, among a
/// thousand other moves), or a game's own searcher where it has one
/// (Dame 100's alpha-beta), with a budget of positions.
pub const STRONG: Searching = Searching {
    name: "strong",
    display_name: "Strong player (computer)",
    settings: SearchSettings { own_search: Some(STRONG_POSITIONS), ..STRONG_GENERIC.settings },
    time_budget: Duration::from_millis(1800),
};

/// Positions the strong player's own searcher of a game may visit a move.
const STRONG_POSITIONS: u64 = 1_000_000;

/// The strong player with the generic engine in every game: the yardstick
/// a game's own searcher must beat (`tactica arena dame100 --bots
/// strong,strong-generic`). Not offered to players.
pub const STRONG_GENERIC: Searching = Searching {
    name: "strong-generic",
    display_name: "Strong player, generic engine (computer)",
    settings: SearchSettings { ordered: true, ..generic(Strength::Strong, 15_000) },
    time_budget: Duration::from_millis(1800),
};

/// The strong player whose tree tells apart the chance outcomes everyone
/// sees ([`ChanceNodes::Branched`]), the rest alike: measured in the games
/// with chance against the strong player and the level below
/// (`tactica arena tactics1940 --bots strong-branched,strong`, then
/// `strong-branched,club`) before any player meets it. Not offered to
/// players.
pub const STRONG_BRANCHED: Searching = Searching {
    name: "strong-branched",
    display_name: "Strong player, tree branched on chance (computer)",
    settings: SearchSettings { chance: ChanceNodes::Branched, ..STRONG.settings },
    time_budget: STRONG.time_budget,
};

impl Bot for Searching {
    fn name(&self) -> &'static str {
        self.name
    }

    fn display_name(&self) -> &'static str {
        self.display_name
    }

    fn time_budget(&self) -> Option<Duration> {
        Some(self.time_budget)
    }

    fn choose(
        &self,
        seen: &dyn AnyMatch,
        seat: Seat,
        legal: &[LegalAction],
        stream: &mut SeedStream,
        stop: &dyn Fn() -> bool,
    ) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        let action = seen.search(seat, &self.settings, stream, stop);
        legal.iter().position(|l| l.action == action).unwrap_or(legal.len())
    }
}
