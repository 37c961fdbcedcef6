//! The clocks of a timed match, kept by the server.
//!
//! Every seat that may act has its clock running; a seat that completes a
//! turn gets the increment. A secret set-up (a simultaneous decision) may
//! have a time of its own (`TimeControl::setup_ms`): while it lasts each
//! seat still setting up runs its set-up clock and the main clocks wait;
//! the rules complete the set-up of a seat whose set-up time runs out.
//! Times are tracked against a monotonic `Instant` and reported with the
//! wall-clock time they were measured at, so clients can run the display
//! themselves. After a restart the clocks resume from the last stored
//! values: time the server was down is not charged.

use protocol::{Clocks, SetupClocks, TimeControl};
use rules::{DecisionKind, Seat, SeatSet, Status};
use tokio::time::{Duration, Instant};

/// The seats whose game clocks run in a decision (a response window has its
/// own deadline instead).
pub(super) fn clocked(status: &Status) -> SeatSet {
    status.decision().filter(|d| d.clocks_run()).map_or(SeatSet::EMPTY, |d| d.seats)
}

/// Whether the match is in a secret set-up (a simultaneous decision).
fn setting_up(status: &Status) -> bool {
    status.decision().is_some_and(|d| matches!(d.kind, DecisionKind::Simultaneous))
}

/// Which of a seat's clocks ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Its game clock: the seat leaves the match on time.
    Main(Seat),
    /// Its set-up clock: the rules complete its set-up.
    Setup(Seat),
}

impl Flag {
    /// The seat whose clock ran out.
    pub fn seat(self) -> Seat {
        match self {
            Flag::Main(seat) | Flag::Setup(seat) => seat,
        }
    }
}

/// The clocks' values as stored with an event: each seat's time left, and
/// its set-up time left while a set-up with a time of its own lasts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Time left per seat (ms).
    pub main: Vec<u64>,
    /// Set-up time left per seat (ms), during such a set-up.
    pub setup: Option<Vec<u64>>,
}

/// Time left per seat on one kind of clock, and which run since when.
#[derive(Clone, Debug)]
struct Dials {
    /// Milliseconds left per seat, as of `since[seat]` for running seats.
    remaining: Vec<u64>,
    /// When each running seat's clock started running.
    since: Vec<Option<Instant>>,
}

impl Dials {
    fn new(remaining: Vec<u64>) -> Dials {
        let seats = remaining.len();
        Dials { remaining, since: vec![None; seats] }
    }

    fn left(&self, seat: usize, now: Instant) -> u64 {
        match self.since[seat] {
            Some(since) => self.remaining[seat].saturating_sub(now.saturating_duration_since(since).as_millis() as u64),
            None => self.remaining[seat],
        }
    }

    fn left_all(&self, now: Instant) -> Vec<u64> {
        (0..self.remaining.len()).map(|s| self.left(s, now)).collect()
    }

    /// Runs the clocks of `running`, stopping (and charging) the others.
    fn run(&mut self, running: SeatSet, now: Instant) {
        for seat in 0..self.remaining.len() {
            let runs = self.since[seat].is_some();
            let should = running.contains(Seat(seat as u8));
            if runs && !should {
                self.remaining[seat] = self.left(seat, now);
                self.since[seat] = None;
            }
            if !runs && should {
                self.since[seat] = Some(now);
            }
        }
    }

    fn running(&self) -> Vec<Seat> {
        (0..self.remaining.len()).filter(|s| self.since[*s].is_some()).map(|s| Seat(s as u8)).collect()
    }

    fn next_out(&self) -> Option<(Seat, Instant)> {
        (0..self.remaining.len())
            .filter_map(|s| {
                self.since[s].map(|since| (Seat(s as u8), since + Duration::from_millis(self.remaining[s])))
            })
            .min_by_key(|(_, at)| *at)
    }

    fn out(&self, now: Instant) -> Option<Seat> {
        (0..self.remaining.len()).find(|s| self.since[*s].is_some() && self.left(*s, now) == 0).map(|s| Seat(s as u8))
    }
}

/// The clocks of one match.
#[derive(Clone, Debug)]
pub struct ClockState {
    control: TimeControl,
    main: Dials,
    /// The set-up clocks, while a set-up with a time of its own lasts.
    setup: Option<Dials>,
}

impl ClockState {
    /// Fresh clocks, none running; a set-up time, if the control has one.
    pub fn new(control: TimeControl, seats: usize) -> ClockState {
        ClockState {
            control,
            main: Dials::new(vec![control.initial_ms; seats]),
            setup: control.setup_ms.map(|ms| Dials::new(vec![ms; seats])),
        }
    }

    /// Clocks resumed from stored values, none running. A set-up with a time
    /// of its own that has no stored set-up clocks has not used any.
    pub fn resume(control: TimeControl, reading: Reading) -> ClockState {
        let seats = reading.main.len();
        let setup = match (control.setup_ms, reading.setup) {
            (Some(_), Some(left)) => Some(Dials::new(left)),
            (Some(ms), None) => Some(Dials::new(vec![ms; seats])),
            (None, _) => None,
        };
        ClockState { control, main: Dials::new(reading.main), setup }
    }

    /// Milliseconds left per seat at `now` on the game clocks.
    pub fn left_all(&self, now: Instant) -> Vec<u64> {
        self.main.left_all(now)
    }

    /// The values to store with an event.
    pub fn reading(&self, now: Instant) -> Reading {
        Reading { main: self.main.left_all(now), setup: self.setup.as_ref().map(|s| s.left_all(now)) }
    }

    /// Follows the match into `status`: the clocks of seats that no longer
    /// decide stop (charged the time used), `completed_turn` (a seat that
    /// just finished a turn) gets the increment, and the clocks of the seats
    /// deciding now run: their set-up clocks during a set-up with a time of
    /// its own, their game clocks otherwise. Once play begins after such a
    /// set-up, the set-up clocks are gone.
    pub fn update(&mut self, status: &Status, completed_turn: Option<Seat>, now: Instant) {
        let acting = clocked(status);
        let in_setup = setting_up(status) && self.setup.is_some();
        if !setting_up(status) && matches!(status, Status::Acting(_)) {
            self.setup = None;
        }
        if let Some(setup) = self.setup.as_mut() {
            setup.run(if in_setup { acting } else { SeatSet::EMPTY }, now);
        }
        self.main.run(if in_setup { SeatSet::EMPTY } else { acting }, now);
        if let Some(seat) = completed_turn {
            // A seat that finished its turn and must act again at once (a
            // multi-seat phase) is charged up to now before the bonus.
            let index = seat.index();
            self.main.remaining[index] = self.main.left(index, now) + self.control.increment_ms;
            if self.main.since[index].is_some() {
                self.main.since[index] = Some(now);
            }
        }
    }

    /// Stops every clock.
    pub fn stop(&mut self, now: Instant) {
        if let Some(setup) = self.setup.as_mut() {
            setup.run(SeatSet::EMPTY, now);
        }
        self.main.run(SeatSet::EMPTY, now);
    }

    /// When the first running clock runs out, of either kind.
    pub fn next_flag(&self) -> Option<Instant> {
        let setup = self.setup.as_ref().and_then(Dials::next_out).map(|(_, at)| at);
        [self.main.next_out().map(|(_, at)| at), setup].into_iter().flatten().min()
    }

    /// A running clock that has run out at `now`: a set-up clock first.
    pub fn flagged(&self, now: Instant) -> Option<Flag> {
        if let Some(seat) = self.setup.as_ref().and_then(|s| s.out(now)) {
            return Some(Flag::Setup(seat));
        }
        self.main.out(now).map(Flag::Main)
    }

    /// The clocks as the protocol reports them.
    pub fn report(&self, now: Instant, now_ms: u64) -> Clocks {
        Clocks {
            remaining_ms: self.main.left_all(now),
            running: self.main.running(),
            server_time: now_ms,
            setup: self.setup.as_ref().map(|s| SetupClocks { remaining_ms: s.left_all(now), running: s.running() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Decision;

    fn turn(seat: u8) -> Status {
        Status::Acting(Decision::turn(Seat(seat)))
    }

    fn control(initial_ms: u64, increment_ms: u64, setup_ms: Option<u64>) -> TimeControl {
        TimeControl { initial_ms, increment_ms, setup_ms }
    }

    #[test]
    fn the_acting_seat_is_charged_and_gets_the_increment_after_its_turn() {
        let start = Instant::now();
        let mut clocks = ClockState::new(control(60_000, 2_000, None), 2);
        clocks.update(&turn(0), None, start);
        let later = start + Duration::from_millis(5_000);
        assert_eq!(clocks.left_all(later), vec![55_000, 60_000]);
        clocks.update(&turn(1), Some(Seat(0)), later);
        assert_eq!(clocks.left_all(later), vec![57_000, 60_000]);
        assert_eq!(clocks.next_flag(), Some(later + Duration::from_millis(60_000)));
        assert_eq!(clocks.flagged(later + Duration::from_millis(60_000)), Some(Flag::Main(Seat(1))));
        assert_eq!(clocks.flagged(later + Duration::from_millis(59_999)), None);
        clocks.stop(later + Duration::from_millis(1_000));
        assert_eq!(clocks.next_flag(), None);
        assert_eq!(clocks.left_all(later + Duration::from_millis(9_000)), vec![57_000, 59_000]);
    }

    #[test]
    fn a_multi_action_turn_keeps_the_clock_running() {
        let start = Instant::now();
        let mut clocks = ClockState::new(control(10_000, 1_000, None), 2);
        clocks.update(&turn(0), None, start);
        // First move of a turn: the same seat acts again, no increment yet.
        clocks.update(&turn(0), None, start + Duration::from_millis(1_000));
        assert_eq!(clocks.left_all(start + Duration::from_millis(3_000)), vec![7_000, 10_000]);
    }

    #[test]
    fn a_set_up_with_a_time_of_its_own_spends_it_and_not_the_game_clocks() {
        let start = Instant::now();
        let both = Status::Acting(Decision::simultaneous(SeatSet::all(2)));
        let black = Status::Acting(Decision::simultaneous(SeatSet::only(Seat(1))));
        let mut clocks = ClockState::new(control(60_000, 2_000, Some(30_000)), 2);
        clocks.update(&both, None, start);
        let t = |ms| start + Duration::from_millis(ms);
        let report = clocks.report(t(10_000), 0);
        assert_eq!(report.remaining_ms, vec![60_000, 60_000], "the game clocks wait");
        assert_eq!(report.running, Vec::<Seat>::new());
        let setup = report.setup.unwrap();
        assert_eq!(setup.remaining_ms, vec![20_000, 20_000]);
        assert_eq!(setup.running, vec![Seat(0), Seat(1)]);
        // White is ready: its set-up clock stops, and it gets the increment once.
        clocks.update(&black, Some(Seat(0)), t(10_000));
        assert_eq!(clocks.left_all(t(25_000)), vec![62_000, 60_000]);
        assert_eq!(clocks.next_flag(), Some(t(30_000)), "Black's set-up time runs out first");
        assert_eq!(clocks.flagged(t(30_000)), Some(Flag::Setup(Seat(1))));
        // Stored and restored mid-set-up, the set-up clocks come back as they were.
        let restored = ClockState::resume(clocks.control, clocks.reading(t(20_000)));
        assert_eq!(restored.report(t(20_000), 0).setup.unwrap().remaining_ms, vec![20_000, 10_000]);
        // Play begins: the set-up clocks are gone, the game clocks run.
        clocks.update(&turn(0), Some(Seat(1)), t(20_000));
        let report = clocks.report(t(21_000), 0);
        assert_eq!(report.setup, None);
        assert_eq!(report.remaining_ms, vec![61_000, 62_000]);
        assert_eq!(report.running, vec![Seat(0)]);
    }
}
