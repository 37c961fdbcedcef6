//! Alva (Alvydas Jakeliunas, 2001), a draughts-like game of placing and
//! jumping on the 81 intersections of a 9 × 9 grid: the board starts empty,
//! each player brings in one of 32 pieces a turn (after an optional one-step
//! shift), and capturing by jumping over one piece or a row of three or more
//! is compulsory and continues while the piece can jump. Captures answered by
//! an equal capture on the very next turn go back to their owners. Captured
//! pieces and opposing pieces on the edge points score. As that give-back
//! lets play circle, Tactica ends the game when a position occurs for the
//! third time at the start of a turn.
//!
//! docs/rules/alva.md states the rules as implemented and every ruling.

mod board;
mod notation;
mod repetition;

pub use board::{BadPoint, DIRECTIONS, POINTS, Point, SIDE};
pub use notation::TurnText;

use crate::Seed;
use crate::click::Click;
use crate::error::{NotationError, RulesError};
use crate::game::{Game, GameInfo, Status, withdraw_two_seats};
use crate::layout::{Layout, white_and_black, white_or_black};
use crate::outcome::Outcome;
use crate::seat::{Seat, Viewer};
use crate::view::{Fact, Piece, Stack, View};
use repetition::PositionKey;
use serde::{Deserialize, Serialize};

pub use crate::layout::{BLACK, WHITE};

/// Pieces each player has: "2 × 32 white and black pieces".
pub const PIECES: u8 = 32;

/// Tactica's own rule: the game ends when the same position occurs this many
/// times at the start of a turn.
pub const REPETITIONS: usize = 3;

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
        from: Point,
        /// Where it lands.
        to: Point,
    },
    /// Shift an own piece one step along a line to an empty point, before
    /// the placement.
    Shift {
        /// The piece.
        from: Point,
        /// The empty neighbouring point.
        to: Point,
    },
    /// Place a piece from hand on an empty point; this ends the turn.
    Place(Point),
}

/// Where the player to move is within the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing played yet this turn.
    Start,
    /// The piece on this point has jumped and must jump on.
    Jumping(Point),
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
    /// The position at the start of every turn since the game began, the
    /// current one last (Tactica's repetition rule; nothing is ever removed,
    /// since a give-back can restore an earlier position).
    positions: Vec<PositionKey>,
    last: Option<AlvaAction>,
    outcome: Option<Outcome>,
}

impl Alva {
    /// The owner of the piece on `point`, if any.
    pub fn at(&self, point: Point) -> Option<Seat> {
        self.board[point.index()]
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
        Point::all().filter(|p| p.is_edge() && self.at(*p) == Some(seat.opponent())).count() as u8
    }

    /// The score `seat` would have if the game ended now: every captured
    /// piece plus every opposing piece on an edge point.
    pub fn score(&self, seat: Seat) -> u8 {
        self.kept(seat) + self.captured(seat) + self.opposing_on_edge(seat)
    }

    /// A position at the start of `to_move`'s turn with the given pieces on
    /// the board and in hand, nothing captured yet, for tests of particular
    /// situations. If `to_move` cannot take a turn the game is already over.
    pub fn with_pieces(pieces: &[(Point, Seat)], hand: [u8; 2], to_move: Seat) -> Alva {
        let mut state = Alva::new(&AlvaOptions::default(), Seed::default()).expect("default options");
        for (point, seat) in pieces {
            state.board[point.index()] = Some(*seat);
        }
        state.hand = hand;
        state.to_move = to_move;
        state.positions = vec![state.position_key()];
        if !state.can_take_turn(to_move) {
            state.finish(format!("{} cannot take a turn", white_or_black(to_move)));
        }
        state
    }

    /// The jump from `from` in direction `dir` by `seat`'s piece, if there is
    /// one: its landing point and how many opposing pieces it passes over.
    /// The row of opposing pieces starts next to the jumper and must be
    /// followed at once by an empty point; one piece or three or more may be
    /// jumped, never two.
    fn jump_in(&self, seat: Seat, from: Point, dir: usize) -> Option<(Point, u8)> {
        let opponent = Some(seat.opponent());
        let mut at = from.step(dir)?;
        let mut count = 0u8;
        while self.at(at) == opponent {
            count += 1;
            at = at.step(dir)?;
        }
        (self.at(at).is_none() && (count == 1 || count >= 3)).then_some((at, count))
    }

    fn jumps_from(&self, seat: Seat, from: Point, f: &mut impl FnMut(AlvaAction)) {
        for dir in 0..DIRECTIONS.len() {
            if let Some((to, _)) = self.jump_in(seat, from, dir) {
                f(AlvaAction::Jump { from, to });
            }
        }
    }

    fn own_points(&self, seat: Seat) -> impl Iterator<Item = Point> + '_ {
        Point::all().filter(move |p| self.at(*p) == Some(seat))
    }

    fn can_jump_from(&self, seat: Seat, from: Point) -> bool {
        (0..DIRECTIONS.len()).any(|dir| self.jump_in(seat, from, dir).is_some())
    }

    /// Whether any piece of `seat` can jump: then capturing is compulsory.
    pub fn must_capture(&self, seat: Seat) -> bool {
        self.own_points(seat).any(|p| self.can_jump_from(seat, p))
    }

    /// The key of the position now, taken at the start of a turn.
    fn position_key(&self) -> PositionKey {
        PositionKey::new(&self.board, self.hand, self.kept, self.waiting, self.to_move)
    }

    /// How many times the current position has occurred at the start of a
    /// turn, this time included.
    pub fn occurrences(&self) -> usize {
        let now = self.position_key();
        self.positions.iter().filter(|key| **key == now).count()
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
                    for to in from.neighbours().filter(|to| self.at(*to).is_none()) {
                        f(AlvaAction::Shift { from, to });
                    }
                }
            }
        }
    }

    fn placements(&self, f: &mut impl FnMut(AlvaAction)) {
        for point in Point::all().filter(|p| self.at(*p).is_none()) {
            f(AlvaAction::Place(point));
        }
    }

    /// Ends the turn: settles the captures waiting beside the board, passes
    /// the turn, records the position and ends the game if the next player
    /// cannot take a turn or the position has occurred for the third time.
    fn end_turn(&mut self) {
        let mover = self.to_move;
        let captured = std::mem::take(&mut self.captured_this_turn);
        self.waiting = match self.waiting.take() {
            // An equal capture on the very next turn: both sets go back.
            Some((other, count)) if captured == count => {
                self.hand[mover.index()] += count;
                self.hand[other.index()] += captured;
                None
            }
            Some((other, count)) => {
                self.kept[other.index()] += count;
                (captured > 0).then_some((mover, captured))
            }
            None => (captured > 0).then_some((mover, captured)),
        };
        self.turns += 1;
        self.to_move = mover.opponent();
        self.phase = Phase::Start;
        let key = self.position_key();
        self.positions.push(key);
        if !self.can_take_turn(self.to_move) {
            self.finish(format!("{} cannot take a turn", white_or_black(self.to_move)));
        } else if self.positions.iter().filter(|k| **k == key).count() >= REPETITIONS {
            self.finish("the position occurred for the third time".into());
        }
    }

    /// The game is over (`why`, in words): waiting captures are kept, as no
    /// reply can come, and the scores decide.
    fn finish(&mut self, why: String) {
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
            (Phase::Jumping(from), _) => format!("the piece on {from} must jump on"),
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

    fn is_legal(&self, seat: Seat, action: &AlvaAction) -> bool {
        let mut found = false;
        self.for_each_action(seat, |a| found |= a == *action);
        found
    }

    fn prompt(&self) -> String {
        if let Some(outcome) = &self.outcome {
            return outcome.reason.clone();
        }
        let name = white_or_black(self.to_move);
        match self.phase {
            Phase::Jumping(from) => format!("{name}: jump on with the piece on {from}"),
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
        if !self.is_legal(seat, &action) {
            return Err(NotationError::illegal(text, self.why_illegal(seat, &action)));
        }
        self.play(seat, &action);
        Ok(())
    }
}

impl Game for Alva {
    type Options = AlvaOptions;
    type Action = AlvaAction;
    type Notation = TurnText;

    const INFO: GameInfo = GameInfo {
        id: "alva",
        name: "Alva",
        summary: "Alvydas Jakeliunas's game of placing and jumping on a 9×9 grid that starts empty. Bring in \
                  a piece each turn, after an optional one-step shift; capturing is compulsory, by jumping one \
                  piece or a row of three or more, never two. An equal capture in reply sends both back. \
                  Captures and opposing pieces on the edge score.",
        min_seats: 2,
        max_seats: 2,
    };

    fn new(options: &AlvaOptions, _seed: Seed) -> Result<Alva, RulesError> {
        let mut state = Alva {
            options: options.clone(),
            board: [None; POINTS],
            hand: [PIECES; 2],
            kept: [0; 2],
            waiting: None,
            captured_this_turn: 0,
            to_move: WHITE,
            phase: Phase::Start,
            turns: 0,
            positions: Vec::new(),
            last: None,
            outcome: None,
        };
        state.positions.push(state.position_key());
        Ok(state)
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

    fn check(&self, seat: Seat, action: &AlvaAction) -> Result<(), RulesError> {
        if seat.index() >= 2 {
            return Err(RulesError::NoSuchSeat(seat));
        }
        if self.outcome.is_some() {
            return Err(RulesError::MatchOver);
        }
        if seat != self.to_move {
            return Err(RulesError::NotYourTurn(seat));
        }
        if self.is_legal(seat, action) { Ok(()) } else { Err(RulesError::Illegal(self.why_illegal(seat, action))) }
    }

    fn play(&mut self, seat: Seat, action: &AlvaAction) {
        self.last = Some(*action);
        match *action {
            AlvaAction::Jump { from, to } => {
                let dir = from.direction_to(to).expect("a jump runs along a line");
                let mut at = from.step(dir).expect("a jump passes over a piece");
                while at != to {
                    self.board[at.index()] = None;
                    self.captured_this_turn += 1;
                    at = at.step(dir).expect("a jump lands on the board");
                }
                self.board[from.index()] = None;
                self.board[to.index()] = Some(seat);
                if self.can_jump_from(seat, to) {
                    self.phase = Phase::Jumping(to);
                } else {
                    self.end_turn();
                }
            }
            AlvaAction::Shift { from, to } => {
                self.board[from.index()] = None;
                self.board[to.index()] = Some(seat);
                self.phase = Phase::Placing;
            }
            AlvaAction::Place(at) => {
                self.board[at.index()] = Some(seat);
                self.hand[seat.index()] -= 1;
                self.end_turn();
            }
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        let stacks = Point::all()
            .filter_map(|p| self.at(p).map(|owner| Stack { cell: p.cell(), pieces: vec![Piece::plain(owner)] }))
            .collect();
        let seats = [WHITE, BLACK]
            .into_iter()
            .map(|seat| {
                vec![
                    Fact::new("in hand", self.in_hand(seat)),
                    Fact::new("captured", self.captured(seat)),
                    Fact::new("kept", self.kept(seat)),
                    Fact::new("score", self.score(seat)),
                ]
            })
            .collect();
        let marks = match self.last {
            Some(AlvaAction::Jump { from, to } | AlvaAction::Shift { from, to }) => vec![from.cell(), to.cell()],
            Some(AlvaAction::Place(at)) => vec![at.cell()],
            None => Vec::new(),
        };
        View {
            stacks,
            seats,
            acting: self.status().acting(),
            prompt: self.prompt(),
            marks,
            private: Vec::new(),
            outcome: self.outcome.clone(),
        }
    }

    fn clicks(&self, _seat: Seat, action: &AlvaAction) -> Vec<Click> {
        match *action {
            AlvaAction::Jump { from, to } | AlvaAction::Shift { from, to } => {
                vec![Click::Cell(from.cell()), Click::Cell(to.cell())]
            }
            AlvaAction::Place(at) => vec![Click::Cell(at.cell())],
        }
    }

    fn action_text(&self, _seat: Seat, action: &AlvaAction) -> String {
        match *action {
            AlvaAction::Jump { from, to } => format!("{from}x{to}"),
            AlvaAction::Shift { from, to } => format!("{from}-{to}"),
            AlvaAction::Place(at) => at.to_string(),
        }
    }

    fn resolve(&self, turn: &TurnText) -> Result<Vec<(Seat, AlvaAction)>, NotationError> {
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
                    actions.push((seat, action));
                }
                if let (None, Phase::Jumping(at)) = (&state.outcome, state.phase) {
                    return Err(NotationError::illegal(&text, format!("the piece on {at} must jump on")));
                }
            }
            TurnText::Place { shift, at } => {
                if let Some((from, to)) = *shift {
                    let action = AlvaAction::Shift { from, to };
                    state.resolve_step(seat, action, &text)?;
                    actions.push((seat, action));
                }
                let action = AlvaAction::Place(*at);
                state.resolve_step(seat, action, &text)?;
                actions.push((seat, action));
            }
        }
        Ok(actions)
    }

    fn notate(&self, turn: &[(Seat, AlvaAction)]) -> TurnText {
        let mut jumps = Vec::new();
        let mut shift = None;
        let mut at = None;
        for (_, action) in turn {
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

    fn withdraw(&mut self, seat: Seat, reason: &str) {
        if self.outcome.is_none() {
            self.outcome = Some(withdraw_two_seats(seat, reason));
        }
    }
}
