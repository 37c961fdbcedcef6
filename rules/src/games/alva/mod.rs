//! Alva (Alvydas Jakeliunas, 2001), a draughts-like game of placing and
//! jumping on the 81 intersections of a 9 × 9 grid: the board starts empty,
//! each player brings in one of 32 pieces a turn (after an optional one-step
//! shift), and capturing by jumping over one piece or a row of three or more
//! is compulsory and continues while the piece can jump. Captured pieces wait
//! beside the board for the opponent's very next turn: if it captures as
//! many, the reply's captures go back to their owner; either way the first
//! capture is then kept. Captured pieces and opposing pieces on the edge
//! points score.
//!
//! docs/rules/alva.md states the rules as implemented and every ruling.

mod board;
mod notation;

pub use board::{BOARD, POINTS, SIDE, is_edge};
pub use notation::TurnText;

use super::two_seats::{opponent, white_and_black, white_or_black};
use crate::board::Cell;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, StepOf};
use crate::layout::{CellId, Layout};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::status::Status;
use crate::step::{NoChance, Step};
use crate::view::{Fact, Panel, Piece, Stack, View};
use serde::{Deserialize, Serialize};

pub use super::two_seats::{BLACK, WHITE};

/// Pieces each player has: "2 × 32 white and black pieces".
pub const PIECES: u8 = 32;

/// Alva has no options; the object must be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlvaOptions {}

/// One action of an Alva turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AlvaAction {
    /// Jump from `from` along a line over one opposing piece, or a row of
    /// three or more, to the empty point `to` just beyond, capturing them.
    Jump {
        /// The jumping piece.
        from: Cell,
        /// Where it lands.
        to: Cell,
    },
    /// Shift an own piece one step along a line to an empty point, before
    /// the placement.
    Shift {
        /// The piece.
        from: Cell,
        /// The empty neighbouring point.
        to: Cell,
    },
    /// Place a piece from hand on an empty point; this ends the turn.
    Place(Cell),
}

/// Where the player to move is within the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing played yet this turn.
    Start,
    /// The piece on this point has jumped and must jump on.
    Jumping(CellId),
    /// A piece has been shifted; a placement must follow.
    Placing,
}

/// The state of an Alva match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alva {
    options: AlvaOptions,
    board: [Option<Seat>; POINTS],
    /// Pieces each seat has not yet brought into play (or has had given back).
    hand: [u8; 2],
    /// Opposing pieces each seat has captured for good.
    kept: [u8; 2],
    /// The pieces captured on the last completed turn, by that turn's player,
    /// waiting beside the board for the opponent's reply.
    waiting: Option<(Seat, u8)>,
    /// Pieces captured so far in the turn under way.
    captured_this_turn: u8,
    to_move: Seat,
    phase: Phase,
    turns: u32,
    last: Option<AlvaAction>,
    outcome: Option<Outcome>,
}

impl Alva {
    /// The owner of the piece on the point named `point`, if any.
    pub fn at(&self, point: Cell) -> Option<Seat> {
        BOARD.id(point).and_then(|id| self.on(id))
    }

    /// The owner of the piece on the point `id`, if any.
    fn on(&self, id: CellId) -> Option<Seat> {
        self.board[usize::from(id)]
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Pieces `seat` still has in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.hand[seat.index()]
    }

    /// Opposing pieces `seat` has captured and keeps for good.
    pub fn kept(&self, seat: Seat) -> u8 {
        self.kept[seat.index()]
    }

    /// Opposing pieces `seat` has captured that wait beside the board: those of
    /// its last turn until the opponent's reply is complete, and those of the
    /// turn it is playing.
    pub fn captured(&self, seat: Seat) -> u8 {
        let waiting = match self.waiting {
            Some((owner, count)) if owner == seat => count,
            _ => 0,
        };
        let now = if self.to_move == seat { self.captured_this_turn } else { 0 };
        waiting + now
    }

    /// Opposing pieces on edge points, which count for `seat`.
    pub fn opposing_on_edge(&self, seat: Seat) -> u8 {
        BOARD.ids().filter(|p| is_edge(*p) && self.on(*p) == Some(opponent(seat))).count() as u8
    }

    /// Pieces `seat` took in the turn it is playing: they go back if they
    /// turn out to be an equal reply.
    pub fn taken_this_turn(&self, seat: Seat) -> u8 {
        if self.to_move == seat { self.captured_this_turn } else { 0 }
    }

    /// The score of `seat` so far: every piece it has captured and will keep
    /// (a capture waiting for the reply is always kept) plus every opposing
    /// piece on an edge point. Pieces taken in the turn under way count once
    /// the turn is complete.
    pub fn score(&self, seat: Seat) -> u8 {
        self.kept(seat) + self.captured(seat) - self.taken_this_turn(seat) + self.opposing_on_edge(seat)
    }

    /// A position at the start of `to_move`'s turn with the given pieces on
    /// the board and in hand, nothing captured yet, for tests of particular
    /// situations. If `to_move` cannot take a turn the game is already over.
    pub fn with_pieces(pieces: &[(Cell, Seat)], hand: [u8; 2], to_move: Seat) -> Alva {
        let mut state = Alva::new(&AlvaOptions::default()).expect("default options");
        for (point, seat) in pieces {
            state.board[usize::from(BOARD.id(*point).expect("a point of the board"))] = Some(*seat);
        }
        state.hand = hand;
        state.to_move = to_move;
        if !state.can_take_turn(to_move) {
            state.conclude(format!("{} cannot take a turn", white_or_black(to_move)));
        }
        state
    }

    /// The jump from `from` in direction `dir` by `seat`'s piece, if there is
    /// one: its landing point and how many opposing pieces it passes over.
    /// The row of opposing pieces starts next to the jumper and must be
    /// followed at once by an empty point; one piece or three or more may be
    /// jumped, never two.
    fn jump_in(&self, seat: Seat, from: CellId, dir: usize) -> Option<(CellId, u8)> {
        let opponent = Some(opponent(seat));
        let mut at = BOARD.step(from, dir)?;
        let mut count = 0u8;
        while self.on(at) == opponent {
            count += 1;
            at = BOARD.step(at, dir)?;
        }
        (self.on(at).is_none() && (count == 1 || count >= 3)).then_some((at, count))
    }

    fn jumps_from(&self, seat: Seat, from: CellId, f: &mut impl FnMut(AlvaAction)) {
        for dir in 0..BOARD.directions() {
            if let Some((to, _)) = self.jump_in(seat, from, dir) {
                f(AlvaAction::Jump { from: BOARD.name(from), to: BOARD.name(to) });
            }
        }
    }

    fn own_points(&self, seat: Seat) -> impl Iterator<Item = CellId> + '_ {
        BOARD.ids().filter(move |p| self.on(*p) == Some(seat))
    }

    fn can_jump_from(&self, seat: Seat, from: CellId) -> bool {
        (0..BOARD.directions()).any(|dir| self.jump_in(seat, from, dir).is_some())
    }

    /// Whether any piece of `seat` can jump: then capturing is compulsory.
    pub fn must_capture(&self, seat: Seat) -> bool {
        self.own_points(seat).any(|p| self.can_jump_from(seat, p))
    }

    /// Whether `seat` could take a turn now: capture, or bring a piece into play.
    fn can_take_turn(&self, seat: Seat) -> bool {
        self.hand[seat.index()] > 0 || self.must_capture(seat)
    }

    /// Calls `f` with every legal action of the player to move.
    fn for_each_action(&self, seat: Seat, mut f: impl FnMut(AlvaAction)) {
        if self.outcome.is_some() || seat != self.to_move {
            return;
        }
        match self.phase {
            Phase::Jumping(from) => self.jumps_from(seat, from, &mut f),
            Phase::Placing => self.placements(&mut f),
            Phase::Start if self.must_capture(seat) => {
                for from in self.own_points(seat) {
                    self.jumps_from(seat, from, &mut f);
                }
            }
            Phase::Start => {
                if self.hand[seat.index()] == 0 {
                    return;
                }
                self.placements(&mut f);
                for from in self.own_points(seat) {
                    for to in BOARD.neighbours(from).filter(|to| self.on(*to).is_none()) {
                        f(AlvaAction::Shift { from: BOARD.name(from), to: BOARD.name(to) });
                    }
                }
            }
        }
    }

    fn placements(&self, f: &mut impl FnMut(AlvaAction)) {
        for point in BOARD.ids().filter(|p| self.on(*p).is_none()) {
            f(AlvaAction::Place(BOARD.name(point)));
        }
    }

    /// Ends the turn: settles the captures waiting beside the board (those
    /// of the opponent's last turn, which this turn was the very next reply
    /// to), passes the turn and ends the game if the next player cannot take
    /// one.
    fn end_turn(&mut self) {
        let mover = self.to_move;
        let captured = std::mem::take(&mut self.captured_this_turn);
        self.waiting = match self.waiting.take() {
            // An equal reply: its pieces go back to the player they belong
            // to, and that player's capture is kept.
            Some((other, count)) if captured == count => {
                self.kept[other.index()] += count;
                self.hand[other.index()] += captured;
                None
            }
            // A different number, or none: the waiting capture is kept, and
            // the reply's (if any) waits in turn.
            Some((other, count)) => {
                self.kept[other.index()] += count;
                (captured > 0).then_some((mover, captured))
            }
            None => (captured > 0).then_some((mover, captured)),
        };
        self.turns += 1;
        self.to_move = opponent(mover);
        self.phase = Phase::Start;
        if !self.can_take_turn(self.to_move) {
            self.conclude(format!("{} cannot take a turn", white_or_black(self.to_move)));
        }
    }

    /// The game is over (`why`, in words): waiting captures are kept, as no
    /// reply can come, and the scores decide.
    fn conclude(&mut self, why: String) {
        if let Some((owner, count)) = self.waiting.take() {
            self.kept[owner.index()] += count;
        }
        let scores: Vec<i32> = [WHITE, BLACK].into_iter().map(|s| i32::from(self.score(s))).collect();
        let reason = format!("{why}; White scores {}, Black {}", scores[0], scores[1]);
        self.outcome = Some(Outcome::by_scores(scores, reason));
    }

    /// Why `action` is not legal for `seat` now, in words.
    fn why_illegal(&self, seat: Seat, action: &AlvaAction) -> String {
        match (self.phase, action) {
            (Phase::Jumping(from), _) => format!("the piece on {} must jump on", BOARD.name(from)),
            (Phase::Placing, AlvaAction::Place(at)) => format!("{at} is not empty"),
            (Phase::Placing, _) => "after a shift a piece from hand must be placed".into(),
            (Phase::Start, AlvaAction::Jump { from, to }) => {
                if self.at(*from) != Some(seat) {
                    format!("{from} holds no piece of {}", white_or_black(seat))
                } else {
                    format!(
                        "no jump from {from} lands on {to}: one piece or an unbroken row of three or more opposing pieces is jumped, landing just beyond"
                    )
                }
            }
            (Phase::Start, _) if self.must_capture(seat) => "capturing is compulsory".into(),
            (Phase::Start, AlvaAction::Place(at)) => format!("{at} is not empty"),
            (Phase::Start, AlvaAction::Shift { from, to }) => {
                if self.at(*from) != Some(seat) {
                    format!("{from} holds no piece of {}", white_or_black(seat))
                } else {
                    format!("{to} is not an empty point next to {from} along a line")
                }
            }
        }
    }

    fn prompt(&self) -> String {
        if let Some(outcome) = &self.outcome {
            return outcome.reason.clone();
        }
        let name = white_or_black(self.to_move);
        match self.phase {
            Phase::Jumping(from) => format!("{name}: jump on with the piece on {}", BOARD.name(from)),
            Phase::Placing => format!("{name}: place a piece"),
            Phase::Start if self.must_capture(self.to_move) => format!("{name} must capture"),
            Phase::Start if self.own_points(self.to_move).next().is_some() => {
                format!("{name}: place a piece, or first shift one a step")
            }
            Phase::Start => format!("{name}: place a piece"),
        }
    }

    fn turn_error(&self, text: &str) -> Option<NotationError> {
        if self.outcome.is_some() {
            Some(NotationError::illegal(text, "the game is over"))
        } else if self.phase != Phase::Start {
            Some(NotationError::illegal(text, "a turn is already under way"))
        } else {
            None
        }
    }

    /// Plays `action` on a copy during [`Game::resolve`], checking it.
    fn resolve_step(&mut self, seat: Seat, action: AlvaAction, text: &str) -> Result<(), NotationError> {
        if self.outcome.is_some() || self.to_move != seat {
            return Err(NotationError::illegal(
                text,
                format!("the turn ended before {}", self.action_text(seat, &action)),
            ));
        }
        if let Err(error) = self.check(seat, &action) {
            let reason = match error {
                RulesError::Illegal(reason) => reason,
                other => other.to_string(),
            };
            return Err(NotationError::illegal(text, reason));
        }
        self.play(seat, &action);
        Ok(())
    }
}

impl Game for Alva {
    type Options = AlvaOptions;
    type Action = AlvaAction;
    type Chance = NoChance;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo::abstract_game(
        "alva",
        "Alva",
        "Alvydas Jakeliunas's game of placing and jumping on a 9×9 grid that starts empty. Bring in \
         a piece each turn, after an optional one-step shift; capturing is compulsory, by jumping one \
         piece or a row of three or more, never two. An equal capture in reply goes back. \
         Captures and opposing pieces on the edge score.",
        2,
        2,
    );

    fn new(options: &AlvaOptions) -> Result<Alva, RulesError> {
        Ok(Alva {
            options: options.clone(),
            board: [None; POINTS],
            hand: [PIECES; 2],
            kept: [0; 2],
            waiting: None,
            captured_this_turn: 0,
            to_move: WHITE,
            phase: Phase::Start,
            turns: 0,
            last: None,
            outcome: None,
        })
    }

    fn options(&self) -> &AlvaOptions {
        &self.options
    }

    fn layout(&self) -> Layout {
        board::layout(white_and_black())
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        Status::one_seat(&self.outcome, self.to_move)
    }

    fn turn(&self) -> u32 {
        self.turns
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<AlvaAction>) {
        self.for_each_action(seat, |a| out.push(a));
    }

    fn count_legal(&self, seat: Seat) -> usize {
        let mut count = 0;
        self.for_each_action(seat, |_| count += 1);
        count
    }

    fn explain(&self, seat: Seat, action: &AlvaAction) -> String {
        let named = |cell: &Cell| BOARD.id(*cell).is_some();
        match action {
            AlvaAction::Jump { from, to } | AlvaAction::Shift { from, to } if !named(from) || !named(to) => {
                format!("{} is not a point of the board (a1 to i9)", if named(from) { to } else { from })
            }
            AlvaAction::Place(at) if !named(at) => format!("{at} is not a point of the board (a1 to i9)"),
            _ => self.why_illegal(seat, action),
        }
    }

    fn play(&mut self, seat: Seat, action: &AlvaAction) {
        self.last = Some(*action);
        let id = |cell: Cell| BOARD.id(cell).expect("a legal action names points of the board");
        match *action {
            AlvaAction::Jump { from, to } => {
                let (from, to) = (id(from), id(to));
                let (dir, _) = BOARD.line_to(from, to).expect("a jump runs along a line");
                let mut at = BOARD.step(from, dir).expect("a jump passes over a piece");
                while at != to {
                    self.board[usize::from(at)] = None;
                    self.captured_this_turn += 1;
                    at = BOARD.step(at, dir).expect("a jump lands on the board");
                }
                self.board[usize::from(from)] = None;
                self.board[usize::from(to)] = Some(seat);
                if self.can_jump_from(seat, to) {
                    self.phase = Phase::Jumping(to);
                } else {
                    self.end_turn();
                }
            }
            AlvaAction::Shift { from, to } => {
                self.board[usize::from(id(from))] = None;
                self.board[usize::from(id(to))] = Some(seat);
                self.phase = Phase::Placing;
            }
            AlvaAction::Place(at) => {
                self.board[usize::from(id(at))] = Some(seat);
                self.hand[seat.index()] -= 1;
                self.end_turn();
            }
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = BOARD
            .ids()
            .filter_map(|p| self.on(p).map(|owner| Stack { cell: p, pieces: vec![Piece::plain(owner)] }))
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                let taken = self.taken_this_turn(seat);
                let mut facts = vec![
                    Fact::new("in hand", self.in_hand(seat)),
                    Fact::new("captured", self.kept(seat) + self.captured(seat) - taken),
                ];
                if taken > 0 {
                    facts.push(Fact::new("taken this turn", taken));
                }
                facts.push(Fact::new("score", self.score(seat)));
                Panel::facts(facts)
            })
            .collect();
        let marks = match self.last {
            Some(AlvaAction::Jump { from, to } | AlvaAction::Shift { from, to }) => vec![cell_of(from), cell_of(to)],
            Some(AlvaAction::Place(at)) => vec![cell_of(at)],
            None => Vec::new(),
        };
        View {
            stacks,
            attributes: Vec::new(),
            seats,
            teams: Vec::new(),
            acting: self.status().acting(),
            prompt: self.prompt(),
            marks,
            private: Vec::new(),
            announcements: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, action: &AlvaAction) -> Vec<Click> {
        match *action {
            AlvaAction::Jump { from, to } | AlvaAction::Shift { from, to } => {
                vec![Click::Cell(cell_of(from)), Click::Cell(cell_of(to))]
            }
            AlvaAction::Place(at) => vec![Click::Cell(cell_of(at))],
        }
    }

    fn action_text(&self, _seat: Seat, action: &AlvaAction) -> String {
        match *action {
            AlvaAction::Jump { from, to } => format!("{from}x{to}"),
            AlvaAction::Shift { from, to } => format!("{from}-{to}"),
            AlvaAction::Place(at) => at.to_string(),
        }
    }

    fn resolve(&self, turn: &TurnText) -> Result<Vec<StepOf<Self>>, NotationError> {
        let text = turn.to_string();
        if let Some(error) = self.turn_error(&text) {
            return Err(error);
        }
        let seat = self.to_move;
        let mut state = self.clone();
        let mut actions = Vec::new();
        match turn {
            TurnText::Jumps(points) => {
                for pair in points.windows(2) {
                    let action = AlvaAction::Jump { from: pair[0], to: pair[1] };
                    state.resolve_step(seat, action, &text)?;
                    actions.push(Step::Act(seat, action));
                }
                if let (None, Phase::Jumping(at)) = (&state.outcome, state.phase) {
                    return Err(NotationError::illegal(&text, format!("the piece on {} must jump on", BOARD.name(at))));
                }
            }
            TurnText::Place { shift, at } => {
                if let Some((from, to)) = *shift {
                    let action = AlvaAction::Shift { from, to };
                    state.resolve_step(seat, action, &text)?;
                    actions.push(Step::Act(seat, action));
                }
                let action = AlvaAction::Place(*at);
                state.resolve_step(seat, action, &text)?;
                actions.push(Step::Act(seat, action));
            }
        }
        Ok(actions)
    }

    fn notate(&self, turn: &[StepOf<Self>]) -> TurnText {
        let mut jumps = Vec::new();
        let mut shift = None;
        let mut at = None;
        for step in turn {
            let Step::Act(_, action) = step else { continue };
            match *action {
                AlvaAction::Jump { from, to } => {
                    if jumps.is_empty() {
                        jumps.push(from);
                    }
                    jumps.push(to);
                }
                AlvaAction::Shift { from, to } => shift = Some((from, to)),
                AlvaAction::Place(point) => at = Some(point),
            }
        }
        match (jumps.is_empty(), at, shift) {
            (false, _, _) => TurnText::Jumps(jumps),
            (true, Some(at), shift) => TurnText::Place { shift, at },
            // A turn cut off after its shift: written as far as it went.
            (true, None, Some((from, to))) => TurnText::Place { shift: Some((from, to)), at: from },
            (true, None, None) => TurnText::Jumps(Vec::new()),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome.get_or_insert(outcome);
    }
}

/// The layout cell of a point an action names.
fn cell_of(cell: Cell) -> CellId {
    BOARD.id(cell).expect("actions name points of the board")
}
