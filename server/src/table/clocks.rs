//! The clocks of a timed match, kept by the server.
//!
//! Every seat that may act has its clock running; a seat that completes a
//! turn gets the increment. Times are tracked against a monotonic `Instant`
//! and reported with the wall-clock time they were measured at, so clients
//! can run the display themselves. After a restart the clocks resume from
//! the last stored values: time the server was down is not charged.

use protocol::{Clocks, TimeControl};
use rules::{Seat, SeatSet};
use tokio::time::{Duration, Instant};

/// The clocks of one match.
#[derive(Clone, Debug)]
pub struct ClockState {
    control: TimeControl,
    /// Milliseconds left per seat, as of `since[seat]` for running seats.
    remaining: Vec<u64>,
    /// When each running seat's clock started running.
    since: Vec<Option<Instant>>,
}

impl ClockState {
    /// Fresh clocks, none running.
    pub fn new(control: TimeControl, seats: usize) -> ClockState {
        ClockState { control, remaining: vec![control.initial_ms; seats], since: vec![None; seats] }
    }

    /// Clocks resumed from stored values, none running.
    pub fn resume(control: TimeControl, remaining: Vec<u64>) -> ClockState {
        let seats = remaining.len();
        ClockState { control, remaining, since: vec![None; seats] }
    }

    fn left(&self, seat: usize, now: Instant) -> u64 {
        match self.since[seat] {
            Some(since) => self.remaining[seat].saturating_sub(now.saturating_duration_since(since).as_millis() as u64),
            None => self.remaining[seat],
        }
    }

    /// Milliseconds left per seat at `now`.
    pub fn left_all(&self, now: Instant) -> Vec<u64> {
        (0..self.remaining.len()).map(|s| self.left(s, now)).collect()
    }

    /// Stops the clocks of seats not in `acting`, charging them the time
    /// used, adds the increment to `completed_turn` (a seat that just
    /// finished a turn), and starts the clocks of seats in `acting`.
    pub fn update(&mut self, acting: SeatSet, completed_turn: Option<Seat>, now: Instant) {
        for seat in 0..self.remaining.len() {
            let running = self.since[seat].is_some();
            let should_run = acting.contains(Seat(seat as u8));
            if running && !should_run {
                self.remaining[seat] = self.left(seat, now);
                self.since[seat] = None;
            }
            if Some(Seat(seat as u8)) == completed_turn {
                // A seat that finished its turn and must act again at once
                // (a multi-seat phase) is charged up to now before the bonus.
                self.remaining[seat] = self.left(seat, now) + self.control.increment_ms;
                if self.since[seat].is_some() {
                    self.since[seat] = Some(now);
                }
            }
            if !running && should_run {
                self.since[seat] = Some(now);
            }
        }
    }

    /// Stops every clock.
    pub fn stop(&mut self, now: Instant) {
        self.update(SeatSet::EMPTY, None, now);
    }

    /// The first running clock to run out, and when.
    pub fn next_flag(&self) -> Option<(u8, Instant)> {
        (0..self.remaining.len())
            .filter_map(|s| self.since[s].map(|since| (s as u8, since + Duration::from_millis(self.remaining[s]))))
            .min_by_key(|(_, at)| *at)
    }

    /// A running seat whose time is up at `now`.
    pub fn flagged(&self, now: Instant) -> Option<Seat> {
        (0..self.remaining.len()).find(|s| self.since[*s].is_some() && self.left(*s, now) == 0).map(|s| Seat(s as u8))
    }

    /// The clocks as the protocol reports them.
    pub fn report(&self, now: Instant, now_ms: u64) -> Clocks {
        Clocks {
            remaining_ms: self.left_all(now),
            running: (0..self.remaining.len()).filter(|s| self.since[*s].is_some()).map(|s| Seat(s as u8)).collect(),
            server_time: now_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Seat;

    #[test]
    fn the_acting_seat_is_charged_and_gets_the_increment_after_its_turn() {
        let start = Instant::now();
        let mut clocks = ClockState::new(TimeControl { initial_ms: 60_000, increment_ms: 2_000 }, 2);
        clocks.update(SeatSet::only(Seat(0)), None, start);
        let later = start + Duration::from_millis(5_000);
        assert_eq!(clocks.left_all(later), vec![55_000, 60_000]);
        clocks.update(SeatSet::only(Seat(1)), Some(Seat(0)), later);
        assert_eq!(clocks.left_all(later), vec![57_000, 60_000]);
        let flag = clocks.next_flag().unwrap();
        assert_eq!(flag.0, 1);
        assert_eq!(flag.1, later + Duration::from_millis(60_000));
        assert_eq!(clocks.flagged(later + Duration::from_millis(60_000)), Some(Seat(1)));
        assert_eq!(clocks.flagged(later + Duration::from_millis(59_999)), None);
        clocks.stop(later + Duration::from_millis(1_000));
        assert_eq!(clocks.next_flag(), None);
        assert_eq!(clocks.left_all(later + Duration::from_millis(9_000)), vec![57_000, 59_000]);
    }

    #[test]
    fn a_multi_action_turn_keeps_the_clock_running() {
        let start = Instant::now();
        let mut clocks = ClockState::new(TimeControl { initial_ms: 10_000, increment_ms: 1_000 }, 2);
        clocks.update(SeatSet::only(Seat(0)), None, start);
        // First move of a turn: the same seat acts again, no increment yet.
        clocks.update(SeatSet::only(Seat(0)), None, start + Duration::from_millis(1_000));
        assert_eq!(clocks.left_all(start + Duration::from_millis(3_000)), vec![7_000, 10_000]);
    }
}
