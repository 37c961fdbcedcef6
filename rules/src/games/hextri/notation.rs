//! Hex-Tri's notation: one step of one player per line, its actions
//! separated by semicolons.
//!
//! - `Red: F h12-t40 pay h3`: an ordinary figure (`F`) moves from county
//!   `h12` to road `t40`, paid with a point of county `h3`;
//! - `Blue: M in-t7`: the Main Figure (`M`) enters from off the board
//!   (`in`) onto edge road `t7` with its free move;
//! - `Red: F t5-h2-t9 pay h4`: a figure steps through county `h2` (whose
//!   second point it uses) from road `t5` to road `t9`;
//! - `Red: F h3xt12 pay h3`: with Fanatic, a figure attacks the enemy
//!   figure on road `t12` (`x` instead of `-`);
//! - `Blue: sabotage h5 pay h9`: with Sabotage, 3 points of county `h9`
//!   go onto the enemy's county `h5`, which is frozen till the next round;
//! - `Red: transport h3-h5`: with point transport, after production, 2
//!   points leave county `h3` and 1 of them lands on county `h5`;
//! - `Red: assassin Blue t12 pay h3`: with Assassin, in the battle phase,
//!   6 points of county `h3` remove Blue's figure on road `t12`;
//! - `Red: done`: Red is done with this phase of the round;
//! - `Red: all; F in-t3 pay h1; M h1-t2; done`: the starred rule, every
//!   move Red wants made at once.

use super::{HexTriAction, Move};
use crate::board::Cell;
use crate::error::NotationError;
use crate::layout::gallery::trihex::NAMES;
use crate::seat::Seat;
use std::fmt;
use std::str::FromStr;

/// One step of one seat as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexTriTurn {
    /// Who acts.
    pub seat: Seat,
    /// What it does, in order.
    pub actions: Vec<HexTriAction>,
}

fn move_text(m: &Move) -> String {
    let mut text = String::from(if m.main { "M " } else { "F " });
    text.push_str(&m.from.map_or_else(|| "in".to_string(), |c| c.to_string()));
    for cell in m.via.iter() {
        text.push('-');
        text.push_str(&cell.to_string());
    }
    text.push(if m.attack { 'x' } else { '-' });
    text.push_str(&m.to.to_string());
    if let Some(pay) = m.pay {
        text.push_str(" pay ");
        text.push_str(&pay.to_string());
    }
    text
}

fn action_text(action: &HexTriAction) -> String {
    match action {
        HexTriAction::Move(m) => move_text(m),
        HexTriAction::Sabotage { target, pay } => format!("sabotage {target} pay {pay}"),
        HexTriAction::Transport { from, to } => format!("transport {from}-{to}"),
        HexTriAction::Assassin { enemy, target, pay } => {
            format!("assassin {} {target} pay {pay}", NAMES[enemy.index()])
        }
        HexTriAction::All => "all".into(),
        HexTriAction::Done => "done".into(),
    }
}

impl fmt::Display for HexTriTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let actions: Vec<String> = self.actions.iter().map(action_text).collect();
        write!(f, "{}: {}", NAMES[self.seat.index()], actions.join("; "))
    }
}

/// The seat of a colour's name, in any case.
fn seat_named(name: &str) -> Option<Seat> {
    NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| Seat(i as u8))
}

fn parse_action(text: &str, whole: &str) -> Result<HexTriAction, NotationError> {
    let syntax = |why: &str| NotationError::syntax(whole, why);
    let cell = |word: &str| word.parse::<Cell>().map_err(|_| syntax("a field is written h12 or t40"));
    let text = text.to_ascii_lowercase();
    let words: Vec<&str> = text.split_whitespace().collect();
    let (kind, path, pay) = match words.as_slice() {
        ["done"] => return Ok(HexTriAction::Done),
        ["all"] => return Ok(HexTriAction::All),
        ["sabotage", target, "pay", pay] => {
            return Ok(HexTriAction::Sabotage { target: cell(target)?, pay: cell(pay)? });
        }
        ["transport", path] => {
            let (from, to) = path.split_once('-').ok_or_else(|| syntax("a transport is written h3-h5"))?;
            return Ok(HexTriAction::Transport { from: cell(from)?, to: cell(to)? });
        }
        ["assassin", enemy, target, "pay", pay] => {
            let enemy = seat_named(enemy).ok_or_else(|| syntax("an assassination names the enemy's colour"))?;
            return Ok(HexTriAction::Assassin { enemy, target: cell(target)?, pay: cell(pay)? });
        }
        [kind, path] => (*kind, *path, None),
        [kind, path, "pay", pay] => (*kind, *path, Some(cell(pay)?)),
        _ => return Err(syntax("expected \"F h12-t40 pay h3\", \"M in-t7\", \"all\" or \"done\"")),
    };
    let main = match kind {
        "m" => true,
        "f" => false,
        _ => return Err(syntax("a move starts with F (a figure) or M (the Main Figure)")),
    };
    // An attack is written with `x` before the road attacked.
    let (path, to, attack) = match path.rsplit_once('x') {
        Some((path, to)) => (path, to, true),
        None => {
            let (path, to) = path.rsplit_once('-').ok_or_else(|| syntax("a path is from-to or from-county-to"))?;
            (path, to, false)
        }
    };
    let (from, via) = match path.split_once('-') {
        Some((from, via)) => (from, Some(cell(via)?)),
        None => (path, None),
    };
    let from = if from.eq_ignore_ascii_case("in") { None } else { Some(cell(from)?) };
    Ok(HexTriAction::Move(Move { main, from, via, to: cell(to)?, attack, pay }))
}

impl FromStr for HexTriTurn {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<HexTriTurn, NotationError> {
        let (name, rest) =
            text.trim().split_once(':').ok_or_else(|| NotationError::syntax(text, "expected \"Red: …\""))?;
        let seat = seat_named(name.trim())
            .ok_or_else(|| NotationError::syntax(text, "a step starts with a player's colour and ':'"))?;
        let actions = rest.split(';').map(|part| parse_action(part.trim(), text)).collect::<Result<Vec<_>, _>>()?;
        Ok(HexTriTurn { seat, actions })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_and_write_back() {
        for text in [
            "Red: F h12-t40 pay h3",
            "Blue: M in-t7",
            "Green: F t5-h2-t9 pay h4",
            "Red: all; M h1-t2; done",
            "Red: F h3xt12 pay h3",
            "Blue: sabotage h5 pay h9",
            "Green: transport h3-h5; transport h3-h1; done",
            "Red: assassin Blue t12 pay h3",
        ] {
            let turn: HexTriTurn = text.parse().unwrap();
            assert_eq!(turn.to_string(), text);
        }
        assert!("Red: X h1-t2".parse::<HexTriTurn>().is_err());
        assert!("Red: F h1 pay".parse::<HexTriTurn>().is_err());
        assert!("Pink: done".parse::<HexTriTurn>().is_err());
    }
}
