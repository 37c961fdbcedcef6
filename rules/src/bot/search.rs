//! The engine every searching bot uses, for any game, through the [`Game`]
//! API alone: open-loop information-set Monte Carlo tree search.
//!
//! - **Information sets.** Each iteration starts from a state drawn anew
//!   from the bot's point of view ([`Game::resample`] of the state it was
//!   handed, itself already a resample), so the search only ever meets
//!   states its seat cannot tell from the true one.
//! - **Open loop.** A node of the tree is the sequence of actions from the
//!   root, not a state: chance outcomes (drawn from the bot's own stream)
//!   and the hidden parts of each determinization vary between iterations
//!   under the same node. An edge counts the iterations in which its action
//!   was legal ("availability"), and UCB divides by that count (Cowling,
//!   Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).
//!   The settings may instead give an action a node for each chance outcome
//!   that follows it, as everyone sees it ([`ChanceNodes`]).
//! - **Progressive widening.** A node visited `n` times tries a new action
//!   only while fewer than `widening × √n` of the actions legal in this
//!   determinization have been tried, so that games with a thousand moves
//!   a turn (ATTACTICS) still search deeper than one ply, and a hand drawn
//!   anew still gets its own actions tried.
//!   The settings may ask the node to widen with the actions the game
//!   ranks highest first ([`Game::priority`]: captures, say), the rest
//!   drawn at random.
//! - **Playouts.** Uniformly random, to the end or for at most
//!   `playout_limit` actions (fewer where the game asks:
//!   [`Game::playout_actions`]), or until the time is up; an unfinished
//!   playout is worth what the game's evaluation says ([`Game::evaluate`],
//!   where it has one: see [`standing`]), else the same to every seat.
//! - **Budget.** The settings' iterations a decision, times the scale the
//!   game asks for the bot's strength ([`Game::search_budget_scale`]):
//!   Tactics, whose every move asks each other seat to answer, asks more
//!   for the club and strong players and less for the casual one at more
//!   seats, and spreads its levels further apart at two ([`Strength`]).
//! - **Ending when decided.** The bot plays the root's most visited action;
//!   once that leads the next by more than the iterations left could add,
//!   the search ends with the choice its full budget would have made.
//!
//! Each seat of a node's edges is rewarded with its own share of the
//! outcome (places, teams and ties: [`reward`]), so the same search serves
//! two to six seats.

use super::strength::Strength;
use crate::chance::SeedStream;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::referee::settle;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::seen::Seen;
use crate::status::Status;
use crate::step::Step;
use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, Hasher};

/// The search's sets of actions: asked only whether they hold an action,
/// never walked, so a fast hasher with a fixed seed serves (SipHash, the
/// default, took a sixth of a search's time in Alva).
type ActionSet<'a, A> = HashSet<&'a A, foldhash::fast::FixedState>;

/// How a searching bot thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    /// Iterations at most per decision: the thinking budget (a caller may
    /// stop the search sooner, by time), scaled by the game's
    /// [`Game::search_budget_scale`] for `strength`.
    pub iterations: u32,
    /// The UCB exploration constant, for rewards from 0 to 1.
    pub exploration: f64,
    /// Progressive widening: a node visited `n` times tries a new action
    /// while fewer than `widening × √n` (at least one) of those legal now
    /// have been tried.
    pub widening: f64,
    /// Actions a playout plays before it stops unfinished.
    pub playout_limit: u32,
    /// The strength these settings play at, which a game may ask to think
    /// more or less than `iterations` ([`Game::search_budget_scale`]).
    pub strength: Strength,
    /// Where the game has its own searcher ([`Game::own_search`]), it
    /// decides instead of this engine, visiting at most this many
    /// positions; `None` always searches with this engine.
    pub own_search: Option<u64>,
    /// Whether the tree tells chance outcomes apart below an action.
    pub chance: ChanceNodes,
    /// Whether a node widens with the untried actions the game ranks
    /// highest first ([`Game::priority`]), else with any untried action.
    pub ordered: bool,
}

/// How the tree meets the chance that follows an action (a card drawn, a
/// die thrown).
///
/// Open loop over chance, one node below an action stands for every
/// outcome: its statistics mix a good draw's answers with a bad one's, and
/// an iteration's descent below it cannot follow the draw it met, but a
/// small budget goes deeper. A node for each outcome answers each draw on
/// its own, at the cost of spreading the iterations over the outcomes.
///
/// The outcomes told apart are those everyone sees, not the searching
/// seat's own view: a node below holds every seat's choices, and a tree
/// that told apart the bot's own secret draws (a submarine card's square)
/// would let the other seats it models choose as if they knew them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceNodes {
    /// One node below an action, whatever chance draws next.
    Merged,
    /// A node below an action for each outcome of the chance that follows,
    /// as a spectator sees it ([`Game::observe`]).
    Branched,
}

/// One action from a node: who plays it and how it fared.
#[derive(Debug)]
struct Edge<A> {
    seat: Seat,
    action: A,
    /// The nodes it leads to, once the search went below it, each with its
    /// key ([`Tree::settle_keyed`]): one for each outcome of the chance that
    /// follows ([`ChanceNodes`]), or a single one keyed 0 where chance is
    /// merged.
    children: Vec<(u64, usize)>,
    /// Iterations that took it.
    visits: u32,
    /// Their rewards for `seat`, summed.
    total: f64,
    /// Iterations that passed its node while it was legal.
    available: u32,
}

/// A sequence of actions from the root, with the actions tried after it.
#[derive(Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    /// Iterations that reached it.
    visits: u32,
}

impl<A> Default for Node<A> {
    fn default() -> Self {
        Node { edges: Vec::new(), visits: 0 }
    }
}

/// Searches for `seat`'s action in `root` (the root's most visited), a state where `seat` acts (one
/// it may know: resampled from its point of view). Draws every random
/// choice from `stream`; asks `stop` before each iteration after the
/// first whether to end early, and ends by itself once more iterations
/// could no longer change the choice ([`decided`]). `root` must have a
/// legal action for `seat`.
pub fn search<G: Game>(
    root: &G,
    seat: Seat,
    settings: &SearchSettings,
    stream: &mut SeedStream,
    stop: &dyn Fn() -> bool,
) -> G::Action {
    let (nodes, _) = grow(root, seat, settings, stream, stop, Ending::WhenDecided);
    choice(root, seat, &nodes[0], stream)
}

/// When a search without a `stop` ends.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    /// Once the choice can no longer change: the one the bots use.
    WhenDecided,
    /// At its full budget: what [`Ending::WhenDecided`] is tested against.
    #[cfg(test)]
    AtBudget,
}

/// The action of `seat` the search chooses from the tree's `root` node:
/// the most visited (the better mean on a tie), or a random legal one of
/// the `state` searched if it tried none.
fn choice<G: Game>(state: &G, seat: Seat, root: &Node<G::Action>, stream: &mut SeedStream) -> G::Action {
    let best = root
        .edges
        .iter()
        .filter(|e| e.seat == seat)
        .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))));
    match best {
        Some(edge) => edge.action.clone(),
        None => {
            let mut legal = Vec::new();
            state.legal_actions(seat, &mut legal);
            legal.swap_remove(stream.below(legal.len() as u32) as usize)
        }
    }
}

/// The tree [`search`] grows, its root first, and the iterations it took.
fn grow<G: Game>(
    root: &G,
    seat: Seat,
    settings: &SearchSettings,
    stream: &mut SeedStream,
    stop: &dyn Fn() -> bool,
    ending: Ending,
) -> (Vec<Node<G::Action>>, u32) {
    let playout_limit = root.playout_actions().map_or(settings.playout_limit, |n| n.min(settings.playout_limit));
    let mut tree = Tree::<G> {
        nodes: vec![Node::default()],
        settings,
        seat,
        playout_limit,
        legal: Vec::new(),
        path: Vec::new(),
        stop,
    };
    let scale = root.search_budget_scale(settings.strength);
    let budget = (f64::from(settings.iterations) * scale).round().max(1.0) as u32;
    let mut iterations = 0;
    while iterations < budget {
        let remaining = budget - iterations;
        if iterations > 0 && ((ending == Ending::WhenDecided && decided(&tree.nodes[0], remaining)) || stop()) {
            break;
        }
        tree.iterate(root, stream);
        iterations += 1;
    }
    (tree.nodes, iterations)
}

/// Whether the root's most visited edge stays the most visited however the
/// `remaining` iterations go: it then leads the next by more than they
/// could add, so the search ends with the very choice it would make at
/// its full budget, sooner. Each iteration adds one visit to one edge of
/// the root, so this can hold only once more than half the budget is spent.
fn decided<A>(root: &Node<A>, remaining: u32) -> bool {
    if root.visits <= remaining {
        return false;
    }
    let (mut first, mut second) = (0, 0);
    for edge in &root.edges {
        if edge.visits > first {
            (first, second) = (edge.visits, first);
        } else if edge.visits > second {
            second = edge.visits;
        }
    }
    first - second > remaining
}

fn mean<A>(edge: &Edge<A>) -> f64 {
    if edge.visits == 0 { 0.0 } else { edge.total / f64::from(edge.visits) }
}

/// The search tree and the buffers its iterations reuse.
struct Tree<'s, G: Game> {
    nodes: Vec<Node<G::Action>>,
    settings: &'s SearchSettings,
    seat: Seat,
    /// The most actions a playout plays: the game's length for the root
    /// state ([`Game::playout_actions`]) within the settings' limit, asked
    /// once, since it depends on the root alone.
    playout_limit: u32,
    legal: Vec<G::Action>,
    /// The (node, edge) pairs the current iteration went through.
    path: Vec<(usize, usize)>,
    /// Whether the time to think is up: asked inside long playouts too.
    stop: &'s dyn Fn() -> bool,
}

impl<G: Game> Tree<'_, G> {
    /// One iteration: a determinization, a descent, one new edge, a
    /// playout, and its rewards carried back up.
    fn iterate(&mut self, root: &G, stream: &mut SeedStream) {
        let mut state = if G::INFO.hidden_information { root.resample(self.seat, stream.seed()) } else { root.clone() };
        self.path.clear();
        let mut node = 0;
        settle(&mut state, stream);
        let rewards = loop {
            let decision = match state.status() {
                Status::Acting(decision) => decision,
                Status::Over(outcome) => break reward(&outcome),
                Status::Chance => unreachable!("settled"),
            };
            // The bot's own seat at the root; below, the lowest seat asked
            // (the others of a simultaneous decision or a window act in
            // their turn further down).
            let acting = if node == 0 { self.seat } else { decision.seats.first().expect("a decision asks a seat") };
            self.legal.clear();
            state.legal_actions(acting, &mut self.legal);
            let (edge, expanded) = self.select(&state, node, acting, stream);
            self.path.push((node, edge));
            state.play(acting, &self.nodes[node].edges[edge].action);
            if expanded {
                break playout(&mut state, self.playout_limit, &mut self.legal, stream, self.stop);
            }
            let key = self.settle_keyed(&mut state, stream);
            node = self.child(node, edge, key);
        };
        for &(node, edge) in &self.path {
            let edge = &mut self.nodes[node].edges[edge];
            edge.visits += 1;
            edge.total += rewards[edge.seat.index()];
        }
    }

    /// Plays the chance outcomes now due, as [`settle`] does, and returns
    /// the key of the node below for them ([`ChanceNodes`]): 0 where chance
    /// is merged.
    fn settle_keyed(&self, state: &mut G, stream: &mut SeedStream) -> u64 {
        match self.settings.chance {
            ChanceNodes::Merged => {
                settle(state, stream);
                0
            }
            ChanceNodes::Branched => settle_seen(state, stream),
        }
    }

    /// The node below `edge` of `node` for the chance outcome keyed `key`,
    /// made when first reached.
    fn child(&mut self, node: usize, edge: usize, key: u64) -> usize {
        let children = &self.nodes[node].edges[edge].children;
        if let Some(&(_, child)) = children.iter().find(|(k, _)| *k == key) {
            return child;
        }
        self.nodes.push(Node::default());
        let child = self.nodes.len() - 1;
        self.nodes[node].edges[edge].children.push((key, child));
        child
    }

    /// The edge to follow from `node`, where `acting` has `self.legal` in
    /// `state`: a new one while the node may widen (true), or else the best
    /// by UCB among those legal now.
    fn select(&mut self, state: &G, node: usize, acting: Seat, stream: &mut SeedStream) -> (usize, bool) {
        let settings = self.settings;
        let legal = &self.legal;
        let here = &mut self.nodes[node];
        here.visits += 1;
        // Which edges are legal in this determinization.
        let lookup: Option<ActionSet<'_, G::Action>> = (legal.len() > 16).then(|| legal.iter().collect());
        let is_legal = |action: &G::Action| match &lookup {
            Some(set) => set.contains(action),
            None => legal.contains(action),
        };
        let mut available = 0;
        for edge in here.edges.iter_mut().filter(|e| e.seat == acting) {
            if is_legal(&edge.action) {
                edge.available += 1;
                available += 1;
            }
        }
        let room = (settings.widening * f64::from(here.visits).sqrt()).ceil().max(1.0) as usize;
        // Fewer edges legal now than legal actions: some action is untried.
        if available < room && available < legal.len() {
            let tried: ActionSet<'_, G::Action> =
                here.edges.iter().filter(|e| e.seat == acting).map(|e| &e.action).collect();
            let untried = legal.iter().filter(|a| !tried.contains(a));
            let untried: Vec<&G::Action> =
                if settings.ordered { highest(state, acting, untried) } else { untried.collect() };
            let action = untried[stream.below(untried.len() as u32) as usize].clone();
            here.edges.push(Edge { seat: acting, action, children: Vec::new(), visits: 0, total: 0.0, available: 1 });
            return (here.edges.len() - 1, true);
        }
        let score = |edge: &Edge<G::Action>| {
            mean(edge) + settings.exploration * (f64::from(edge.available).ln() / f64::from(edge.visits)).sqrt()
        };
        let best = here
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| e.seat == acting && e.visits > 0 && is_legal(&e.action))
            .max_by(|(_, a), (_, b)| score(a).total_cmp(&score(b)))
            .map(|(i, _)| i);
        // Every edge is visited in the iteration that adds it, and one is legal now.
        (best.expect("an edge legal now"), false)
    }
}

/// The `actions` of `seat` that `state` ranks highest ([`Game::priority`]),
/// in their order: all of them where it ranks none above another.
fn highest<'a, G: Game>(state: &G, seat: Seat, actions: impl Iterator<Item = &'a G::Action>) -> Vec<&'a G::Action> {
    let mut best = Vec::new();
    let mut top = 0;
    for action in actions {
        let priority = state.priority(seat, action);
        if best.is_empty() || priority > top {
            best.clear();
            top = priority;
        }
        if priority == top {
            best.push(action);
        }
    }
    best
}

/// Plays the chance outcomes now due in `state`, as [`settle`] does, and
/// returns a key of what everyone sees of them: the outcomes shown in full,
/// the words a spectator reads of the others ([`Game::observe`]). Two draws
/// that not everyone can tell apart get the same key.
fn settle_seen<G: Game>(state: &mut G, stream: &mut SeedStream) -> u64 {
    let mut key = foldhash::fast::FixedState::default().build_hasher();
    while let Status::Chance = state.status() {
        let outcome = state.draw_chance(stream);
        let before = state.clone();
        state.play_chance(&outcome);
        match before.observe(&Step::Chance(outcome.clone()), state, Viewer::Spectator) {
            Seen::All => (0u8, outcome).hash(&mut key),
            Seen::Only(text) => (1u8, text).hash(&mut key),
            Seen::Nothing => 2u8.hash(&mut key),
        }
    }
    key.finish()
}

/// Actions between two questions of a playout to the clock.
const STOP_EVERY: u32 = 32;

/// Plays the game's playout actions ([`Game::playout_action`], uniformly
/// random unless the game leans them) from `state` to the end, or for
/// `limit` actions, or until `stop` says the time is up; returns each
/// seat's reward, as the game evaluates the state where it stopped if
/// unfinished.
fn playout<G: Game>(
    state: &mut G,
    limit: u32,
    legal: &mut Vec<G::Action>,
    stream: &mut SeedStream,
    stop: &dyn Fn() -> bool,
) -> Vec<f64> {
    for played in 0..limit {
        if played % STOP_EVERY == STOP_EVERY - 1 && stop() {
            break;
        }
        settle(state, stream);
        let decision = match state.status() {
            Status::Acting(decision) => decision,
            Status::Over(outcome) => return reward(&outcome),
            Status::Chance => unreachable!("settled"),
        };
        let pick = stream.below(decision.seats.len() as u32) as usize;
        let seat = decision.seats.iter().nth(pick).expect("a decision asks a seat");
        let action = state.playout_action(seat, stream, legal);
        state.play(seat, &action);
    }
    settle(state, stream);
    match state.status() {
        Status::Over(outcome) => reward(&outcome),
        _ => state.evaluate().unwrap_or_else(|| vec![0.5; state.seat_count()]),
    }
}

/// Rewards from 0 to 1 from how far each seat is ahead, for a game's
/// [`Game::evaluate`]: `scores` per seat (higher is better), `sides` the
/// seats that win or lose together (each seat alone if empty), `scale` the
/// lead in score worth about three to one. A seat's reward is its side's
/// chance of being ahead of each other side, averaged, the chance a
/// logistic curve of the lead: so two even sides get ½ each, and a side
/// far ahead of all others nearly 1.
pub fn standing(scores: &[f64], sides: &[SeatSet], scale: f64) -> Vec<f64> {
    let seats = scores.len();
    let alone: Vec<SeatSet> = (0..seats as u8).map(|s| SeatSet::only(Seat(s))).collect();
    let sides = if sides.is_empty() { &alone[..] } else { sides };
    let side_score = |side: &SeatSet| side.iter().map(|s| scores[s.index()]).sum::<f64>() / side.len().max(1) as f64;
    let mut rewards = vec![0.5; seats];
    for side in sides {
        let mine = side_score(side);
        let others: Vec<f64> = sides.iter().filter(|o| *o != side).map(side_score).collect();
        if others.is_empty() {
            continue;
        }
        let ahead = others.iter().map(|theirs| 1.0 / (1.0 + (-(mine - theirs) * 3f64.ln() / scale).exp())).sum::<f64>()
            / others.len() as f64;
        for seat in side.iter() {
            rewards[seat.index()] = ahead;
        }
    }
    rewards
}

/// Each seat's share of an outcome, from 0 to 1: the fraction of the other
/// seats it placed ahead of, a tie counting half. A win of two seats is 1
/// and 0, a draw ½ each; in a game of four, places 1 to 4 are 1, ⅔, ⅓, 0,
/// and a team of two that wins together gets ⅚ each (ahead of two, level
/// with one).
pub fn reward(outcome: &Outcome) -> Vec<f64> {
    let places = &outcome.places;
    let others = (places.len().max(2) - 1) as f64;
    places
        .iter()
        .map(|mine| {
            let behind = places.iter().filter(|p| *p > mine).count() as f64;
            let level = places.iter().filter(|p| *p == mine).count() as f64 - 1.0;
            (behind + level / 2.0) / others
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::chance::Seed;
    use crate::games::drill::{Drill, DrillAction};
    use crate::games::{
        accasta::Accasta, attactics::Attactics, hextri::HexTri, tactics1940::Tactics1940, tactique::Tactique,
    };

    fn root_with(visits: &[u32]) -> Node<u8> {
        let edges = visits
            .iter()
            .map(|&visits| Edge {
                seat: Seat(0),
                action: 0,
                children: Vec::new(),
                visits,
                total: 0.0,
                available: visits,
            })
            .collect();
        Node { edges, visits: visits.iter().sum() }
    }

    #[test]
    fn a_choice_is_decided_once_no_remaining_iterations_could_overtake_it() {
        assert!(decided(&root_with(&[60, 9, 1]), 50), "a lead of 51 with 50 to go");
        assert!(!decided(&root_with(&[60, 10]), 50), "a lead of 50 with 50 to go: the next could draw level");
        assert!(!decided(&root_with(&[40]), 40), "an untried action could still draw level");
        assert!(decided(&root_with(&[41]), 40));
        assert!(!decided(&root_with(&[30, 30]), 0), "a tie stays undecided even at the end");
    }

    /// States where a seat acts, along a random match of `G` from its
    /// start, one every `every` actions.
    fn states<G: Game>(options: &G::Options, seed: u64, count: usize, every: usize) -> Vec<(G, Seat)> {
        let mut state = G::new(options).unwrap();
        let mut stream = SeedStream::new(Seed::from_u64(seed));
        let (mut found, mut legal) = (Vec::new(), Vec::new());
        for played in 0.. {
            settle(&mut state, &mut stream);
            let Status::Acting(decision) = state.status() else { break };
            let seat = decision.seats.first().unwrap();
            if played % every == 0 {
                found.push((state.clone(), seat));
                if found.len() == count {
                    break;
                }
            }
            let action = state.random_action(seat, &mut stream, &mut legal);
            state.play(seat, &action);
        }
        found
    }

    /// Searches each state with the same seed both ways: the same choice
    /// each time. Returns the iterations run both ways, summed.
    fn compare<G: Game>(options: &G::Options, every: usize) -> (u32, u32) {
        let settings = SearchSettings { iterations: 300, ..crate::bot::strength::CASUAL.settings };
        let (mut early, mut full) = (0, 0);
        for (k, (state, seat)) in states::<G>(options, 3, 6, every).into_iter().enumerate() {
            let chosen = |ending| {
                let mut stream = SeedStream::new(Seed::from_u64(100 + k as u64));
                let (nodes, iterations) = grow(&state, seat, &settings, &mut stream, &|| false, ending);
                (choice(&state, seat, &nodes[0], &mut stream), iterations)
            };
            let (decided, budget) = (chosen(Ending::WhenDecided), chosen(Ending::AtBudget));
            assert_eq!(decided.0, budget.0, "{}: state {k}", G::INFO.id);
            assert_eq!(budget.1, settings.iterations);
            (early, full) = (early + decided.1, full + budget.1);
        }
        (early, full)
    }

    #[test]
    fn a_search_that_ends_when_decided_chooses_as_at_its_full_budget() {
        let hextri3 = serde_json::from_value(serde_json::json!({ "seats": 3 })).unwrap();
        let runs = [
            compare::<Accasta>(&Default::default(), 5),
            compare::<Tactique>(&Default::default(), 9),
            compare::<HexTri>(&hextri3, 7),
        ];
        let (early, full) = runs.iter().fold((0, 0), |(e, f), r| (e + r.0, f + r.1));
        assert!(early < full, "no search ended early: {runs:?}");
    }

    #[test]
    fn a_game_may_give_each_strength_its_own_share_of_the_budget() {
        let at_40 = |searching: crate::bot::Searching| SearchSettings { iterations: 40, ..searching.settings };
        let (casual, club) = (at_40(crate::bot::strength::CASUAL), at_40(crate::bot::strength::CLUB));
        let strong = at_40(crate::bot::strength::STRONG_GENERIC);
        fn thought<G: Game>(state: &G, seat: Seat, settings: &SearchSettings) -> u32 {
            grow(state, seat, settings, &mut SeedStream::new(Seed::from_u64(9)), &|| false, Ending::AtBudget).1
        }
        let at = |seats: u8, settings: &SearchSettings| {
            let options = serde_json::from_value(serde_json::json!({ "seats": seats })).unwrap();
            let (state, seat) = states::<Tactics1940>(&options, 5, 1, 1).remove(0);
            thought(&state, seat, settings)
        };
        assert_eq!(
            (at(3, &club), at(4, &club), at(3, &strong), at(4, &strong)),
            (60, 80, 60, 80),
            "Tactics at more seats: half the seats times the stronger players' budget"
        );
        assert_eq!((at(3, &casual), at(4, &casual)), (27, 20), "and the casual player's divided by as much");
        assert_eq!(
            (at(2, &casual), at(2, &club), at(2, &strong)),
            (13, 13, 40),
            "two-seat Tactics: a third for casual and club, all for strong"
        );
        let offered = |searching: crate::bot::Searching| at(2, &searching.settings);
        assert_eq!(
            (offered(crate::bot::strength::CASUAL), offered(crate::bot::strength::CLUB)),
            (50, 500),
            "two-seat Tactics' casual and club players think 50 and 500 iterations"
        );
        let (attactics, seat) = states::<Attactics>(&Default::default(), 5, 1, 1).remove(0);
        let in_attactics = |settings: &SearchSettings| thought(&attactics, seat, settings);
        assert_eq!(
            (in_attactics(&casual), in_attactics(&club), in_attactics(&strong)),
            (13, 13, 40),
            "ATTACTICS: a third for casual and club, all for strong"
        );
        assert_eq!(
            (in_attactics(&crate::bot::strength::CASUAL.settings), in_attactics(&crate::bot::strength::CLUB.settings)),
            (50, 500),
            "ATTACTICS' casual and club players think 50 and 500 iterations"
        );
        let (hextri, seat) = states::<HexTri>(&Default::default(), 5, 1, 1).remove(0);
        for settings in [casual, club, strong] {
            assert_eq!(thought(&hextri, seat, &settings), 40, "a game that does not ask keeps the budget");
        }
    }

    /// The root's edges of a search of `state` for `seat`, in the order
    /// tried: each one's action, priority and visits.
    fn root_edges<G: Game>(state: &G, seat: Seat, iterations: u32, ordered: bool) -> Vec<(G::Action, u32, u32)> {
        let settings = SearchSettings { iterations, ordered, ..crate::bot::strength::CASUAL.settings };
        let stream = &mut SeedStream::new(Seed::from_u64(7));
        let (nodes, _) = grow(state, seat, &settings, stream, &|| false, Ending::AtBudget);
        nodes[0].edges.iter().map(|e| (e.action.clone(), state.priority(seat, &e.action), e.visits)).collect()
    }

    #[test]
    fn a_search_widened_in_order_tries_the_highest_priority_first_and_else_draws_as_unordered() {
        // Accasta ranks no action: the order is chance's, the same tree.
        let (accasta, seat) = states::<Accasta>(&Default::default(), 3, 2, 9).remove(1);
        assert_eq!(root_edges(&accasta, seat, 200, true), root_edges(&accasta, seat, 200, false));
        // ATTACTICS ranks captures and a Monarch's way: a state where some
        // action of the seat ranks above the rest.
        let (attactics, seat) = states::<Attactics>(&Default::default(), 11, 400, 1)
            .into_iter()
            .find(|(state, seat)| {
                let mut legal = Vec::new();
                state.legal_actions(*seat, &mut legal);
                legal.len() > 20 && legal.iter().any(|a| state.priority(*seat, a) > 0)
            })
            .expect("a capture or a Monarch's step in a random match");
        let ordered = root_edges(&attactics, seat, 100, true);
        let mut legal = Vec::new();
        attactics.legal_actions(seat, &mut legal);
        let highest = legal.iter().map(|a| attactics.priority(seat, a)).max().unwrap();
        let priorities: Vec<u32> = ordered.iter().map(|e| e.1).collect();
        assert_eq!(priorities[0], highest, "{priorities:?}");
        assert!(priorities.windows(2).all(|w| w[0] >= w[1]), "tried highest first: {priorities:?}");
        assert_ne!(ordered, root_edges(&attactics, seat, 100, false), "unordered, the first tried is drawn at random");
        const { assert!(crate::bot::strength::STRONG.settings.ordered, "the strong player widens in order") };
    }

    #[test]
    fn merged_chance_keeps_one_node_below_an_action_and_branched_one_for_each_outcome() {
        // A Drill seat about to roll: its one action, then a public die.
        let (state, seat) = states::<Drill>(&Default::default(), 1, 40, 1)
            .into_iter()
            .find(|(state, seat)| {
                let mut legal = Vec::new();
                state.legal_actions(*seat, &mut legal);
                legal == [DrillAction::Roll]
            })
            .expect("a seat about to roll");
        let below_the_roll = |chance| {
            let settings = SearchSettings { iterations: 300, chance, ..crate::bot::strength::CASUAL.settings };
            let (nodes, _) =
                grow(&state, seat, &settings, &mut SeedStream::new(Seed::from_u64(4)), &|| false, Ending::AtBudget);
            nodes[0].edges[0].children.len()
        };
        assert_eq!(below_the_roll(ChanceNodes::Merged), 1, "every face under one node");
        assert_eq!(below_the_roll(ChanceNodes::Branched), 6, "a node for each face of the die");
    }

    #[test]
    fn a_branched_tree_tells_apart_only_the_draws_everyone_sees() {
        use crate::games::tactics1940::Tactics1940Action::{Jump, Move, Stand};
        // Two-seat Tactics about to draw the mover's card: a submarine card
        // is seen by its drawer alone, every other card by everyone.
        let options = serde_json::from_value(serde_json::json!({ "seats": 2 })).unwrap();
        let mut state = <Tactics1940>::new(&options).unwrap();
        let mut stream = SeedStream::new(Seed::from_u64(2));
        let mut legal = Vec::new();
        let before = loop {
            settle(&mut state, &mut stream);
            let Status::Acting(decision) = state.status() else { panic!("the match ended before a draw") };
            let seat = decision.seats.first().unwrap();
            let action = state.random_action(seat, &mut stream, &mut legal);
            state.play(seat, &action);
            if matches!(action, Move { .. } | Jump { .. } | Stand) && matches!(state.status(), Status::Chance) {
                break state.clone();
            }
        };
        let stream = |k| SeedStream::new(Seed::from_u64(k));
        let drawn: HashSet<_> = (0..400).map(|k| before.draw_chance(&mut stream(k))).collect();
        let keys: HashSet<u64> = (0..400).map(|k| settle_seen(&mut before.clone(), &mut stream(k))).collect();
        // Ten kinds of card besides the sixteen submarines, and one "card kept".
        assert!(drawn.len() > 11, "the draws should hold submarines of several squares: {}", drawn.len());
        assert!(keys.len() > 1, "the cards shown to all are told apart");
        assert!(keys.len() <= 11, "the submarines' squares are not told apart: {} keys", keys.len());
    }

    #[test]
    fn rewards_share_places_and_ties() {
        assert_eq!(reward(&Outcome::win(2, Seat(1), "")), vec![0.0, 1.0]);
        assert_eq!(reward(&Outcome::draw(2, "")), vec![0.5, 0.5]);
        let ranked = Outcome::ranked(4, &[SeatSet::only(Seat(2)), SeatSet::only(Seat(0))], "");
        let r = reward(&ranked);
        assert_eq!((r[2], r[0]), (1.0, 2.0 / 3.0));
        assert_eq!((r[1], r[3]), (1.0 / 6.0, 1.0 / 6.0), "the last two tie");
    }

    #[test]
    fn standing_turns_leads_into_rewards_sides_sharing_theirs() {
        assert_eq!(standing(&[5.0, 5.0], &[], 10.0), vec![0.5, 0.5], "even");
        let r = standing(&[20.0, 10.0], &[], 10.0);
        assert!((r[0] - 0.75).abs() < 1e-9 && (r[1] - 0.25).abs() < 1e-9, "a lead of `scale` is three to one: {r:?}");
        let far = standing(&[1000.0, 0.0, 0.0], &[], 10.0);
        // Far behind the first and level with each other: a quarter, as a shared second place.
        assert!(far[0] > 0.99 && far[1] == far[2] && (far[1] - 0.25).abs() < 0.01, "{far:?}");
        let teams = [SeatSet::only(Seat(0)).with(Seat(2)), SeatSet::only(Seat(1)).with(Seat(3))];
        let r = standing(&[30.0, 0.0, 10.0, 20.0], &teams, 10.0);
        assert_eq!((r[0], r[1]), (r[2], r[3]), "a side shares its reward");
        assert!((r[0] - 0.75).abs() < 1e-9, "{r:?}");
    }
}
