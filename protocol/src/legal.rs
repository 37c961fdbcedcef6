//! Legal actions as they go on the wire: per seat, each action once (its
//! JSON form and notation) and the click sequences that choose them as a
//! tree, so that the clicks many actions share are sent once. Tactique's
//! set-up offers about two hundred placements per seat that differ in a
//! piece and a cell; as a flat list each repeated its clicks and field
//! names, and an event frame reached 54 KB.
//!
//! A branch is a click and what follows it: the index of the action the
//! clicks so far choose, or more branches. A cell is written as its number
//! and a choice as its name: `[[0, [[5, 3]]], ["Flag", [[12, 0]]]]`. No
//! sequence is a prefix of another (the conformance suite checks it), so a
//! click leads to an action or to more branches, never both. [`compact`]
//! builds it and [`expand`] gives back the flat list, which the web client
//! rebuilds the same way (web/assets/net/legal.js).
//!
//! A list too long for the frame of its state (ATTACTICS' mover may have
//! over a thousand moves, about 150 KB) goes in frames of its own right
//! after it: [`frame`] cuts it into parts, each a list of [`SeatMoves`] of
//! its own that fits [`PART_BYTES`], so that no frame passes the
//! protocol's 64 KiB. A seat may then come in several parts; the flat list
//! is the parts' lists one after another.

use rules::click::Click;
use rules::{LegalAction, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The legal actions of one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatMoves {
    /// The seat they are for.
    pub seat: Seat,
    /// Each action once, in the rules' order.
    pub actions: Vec<Move>,
    /// The click sequences that choose them, as a tree.
    pub clicks: Vec<Branch>,
}

/// One legal action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    /// Its JSON form, to send back unchanged in `act`.
    pub action: Value,
    /// Its notation.
    pub text: String,
    /// The cells it passes through, where the game shows the path before it
    /// is chosen (`rules::Game::paths`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<u32>,
}

impl Move {
    fn of(action: &LegalAction) -> Move {
        Move {
            action: action.action.clone(),
            text: action.text.clone(),
            path: action.path.iter().map(|c| u32::from(*c)).collect(),
        }
    }
}

/// A click and what follows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Branch(pub WireClick, pub Next);

/// A click: a cell by its number, or a named choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WireClick {
    /// A cell of the board.
    Cell(u32),
    /// A named choice.
    Choice(String),
}

/// What follows a click.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Next {
    /// The action chosen, by its index in [`SeatMoves::actions`].
    Action(usize),
    /// The clicks that may come next.
    Branches(Vec<Branch>),
}

impl From<&Click> for WireClick {
    fn from(click: &Click) -> WireClick {
        match click {
            Click::Cell(cell) => WireClick::Cell(u32::from(*cell)),
            Click::Choice(name) => WireClick::Choice(name.clone()),
        }
    }
}

impl From<&WireClick> for Click {
    fn from(click: &WireClick) -> Click {
        match click {
            WireClick::Cell(cell) => Click::Cell(*cell as _),
            WireClick::Choice(name) => Click::Choice(name.clone()),
        }
    }
}

/// The legal actions a state frame carries itself at most, in bytes of
/// their wire form; a longer list follows in parts.
pub const INLINE_BYTES: usize = 24 * 1024;

/// The most bytes of legal actions one `legal` frame carries.
pub const PART_BYTES: usize = 48 * 1024;

/// Legal actions as a state's frames carry them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Framed {
    /// In the state's own frame: the whole list when it fits.
    pub inline: Vec<SeatMoves>,
    /// Otherwise the list in parts, each sent in a `legal` frame after it.
    pub parts: Vec<Vec<SeatMoves>>,
}

/// Cuts the wire form of `legal` to fit frames: whole in the state's frame
/// when it fits [`INLINE_BYTES`], else in parts of at most [`PART_BYTES`],
/// each the compact form of consecutive actions (which share most clicks),
/// cut where an estimate that never undercounts says the part is full.
pub fn frame(legal: &[LegalAction]) -> Framed {
    let whole = compact(legal);
    if serde_json::to_string(&whole).map_or(0, |json| json.len()) <= INLINE_BYTES {
        return Framed { inline: whole, parts: Vec::new() };
    }
    let sizes: Vec<usize> = legal.iter().map(wire_bytes).collect();
    let mut parts = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (i, size) in sizes.iter().enumerate() {
        if bytes + size > PART_BYTES && i > start {
            parts.push(compact(&legal[start..i]));
            (start, bytes) = (i, 0);
        }
        bytes += size;
    }
    parts.push(compact(&legal[start..]));
    Framed { inline: Vec::new(), parts }
}

/// At least the bytes `action` adds to a compact list: its JSON form and
/// notation, and each of its click sequences written out in full (the
/// tree writes clicks it shares with others once, so never more).
fn wire_bytes(action: &LegalAction) -> usize {
    let one = Move::of(action);
    let json = serde_json::to_string(&one).map_or(0, |j| j.len());
    let clicks: usize = action
        .all_clicks()
        .flatten()
        .map(|click| {
            // `[click, [...]]`, or `[click, index]` for the last.
            let written = match click {
                Click::Cell(_) => 10,
                Click::Choice(name) => name.len() + 2 + name.chars().filter(|c| *c == '"' || *c == '\\').count(),
            };
            written + 12
        })
        .sum();
    json + clicks + 16
}

/// For `skip_serializing_if`: a count of frames that is none.
pub fn is_zero(count: &usize) -> bool {
    *count == 0
}

/// The wire form of a list of legal actions, seat by seat in the order
/// they come.
pub fn compact(legal: &[LegalAction]) -> Vec<SeatMoves> {
    let mut seats: Vec<SeatMoves> = Vec::new();
    for action in legal {
        let seat = action.seat;
        if seats.last().is_none_or(|s| s.seat != seat) {
            seats.push(SeatMoves { seat, actions: Vec::new(), clicks: Vec::new() });
        }
        let moves = seats.last_mut().expect("just pushed");
        let index = moves.actions.len();
        moves.actions.push(Move::of(action));
        for sequence in action.all_clicks() {
            insert(&mut moves.clicks, sequence, index);
        }
    }
    seats
}

fn insert(branches: &mut Vec<Branch>, sequence: &[Click], index: usize) {
    let Some((first, rest)) = sequence.split_first() else { return };
    let click = WireClick::from(first);
    let at = match branches.iter().position(|b| b.0 == click) {
        Some(at) => at,
        None => {
            let next = if rest.is_empty() { Next::Action(index) } else { Next::Branches(Vec::new()) };
            branches.push(Branch(click, next));
            branches.len() - 1
        }
    };
    if let Next::Branches(children) = &mut branches[at].1 {
        insert(children, rest, index);
    }
}

/// The flat list back: each action with every click sequence that chooses
/// it, the first found (depth first) as its usual one.
pub fn expand(moves: &[SeatMoves]) -> Vec<LegalAction> {
    let mut legal = Vec::new();
    for seat_moves in moves {
        let mut sequences: Vec<Vec<Vec<Click>>> = vec![Vec::new(); seat_moves.actions.len()];
        collect(&seat_moves.clicks, &mut Vec::new(), &mut sequences);
        for (one, mut found) in seat_moves.actions.iter().zip(sequences) {
            let clicks = if found.is_empty() { Vec::new() } else { found.remove(0) };
            legal.push(LegalAction {
                seat: seat_moves.seat,
                action: one.action.clone(),
                text: one.text.clone(),
                clicks,
                other_clicks: found,
                path: one.path.iter().map(|c| *c as _).collect(),
            });
        }
    }
    legal
}

fn collect(branches: &[Branch], path: &mut Vec<Click>, sequences: &mut [Vec<Vec<Click>>]) {
    for Branch(click, next) in branches {
        path.push(Click::from(click));
        match next {
            Next::Action(index) => {
                if let Some(found) = sequences.get_mut(*index) {
                    found.push(path.clone());
                }
            }
            Next::Branches(children) => collect(children, path, sequences),
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn action(seat: u8, name: &str, clicks: Vec<Click>, other: Vec<Vec<Click>>) -> LegalAction {
        LegalAction {
            seat: Seat(seat),
            action: json!(name),
            text: name.into(),
            clicks,
            other_clicks: other,
            path: Vec::new(),
        }
    }

    #[test]
    fn a_long_list_is_cut_into_parts_that_fit_a_frame_and_come_back_whole() {
        let short: Vec<LegalAction> = (0..10)
            .map(|i| action(0, &format!("m{i}"), vec![Click::Cell(i), Click::Cell(i + 1)], Vec::new()))
            .collect();
        let framed = frame(&short);
        assert_eq!((framed.inline, framed.parts.len()), (compact(&short), 0), "a short list stays inline");
        // Thousands of moves of many pieces, with a choice between the clicks.
        let long: Vec<LegalAction> = (0..3000u16)
            .map(|i| {
                let clicks = vec![Click::Cell(i / 40), Click::choice(format!("{}", i % 7)), Click::Cell(i)];
                action(1, &format!("Red: Mj {i}-{} {}", i + 3, i % 7), clicks, Vec::new())
            })
            .collect();
        let framed = frame(&long);
        assert!(framed.inline.is_empty());
        assert!(framed.parts.len() > 2, "{} parts", framed.parts.len());
        for (i, part) in framed.parts.iter().enumerate() {
            let bytes = serde_json::to_string(part).unwrap().len();
            assert!(bytes <= PART_BYTES, "a part of {bytes} bytes");
            let last = i + 1 == framed.parts.len();
            assert!(last || bytes > PART_BYTES / 2, "parts are filled: {bytes} bytes");
        }
        let joined: Vec<SeatMoves> = framed.parts.into_iter().flatten().collect();
        assert_eq!(expand(&joined), long, "the parts one after another are the list");
    }

    #[test]
    fn shared_clicks_are_sent_once_and_the_list_comes_back_whole() {
        let (a, b, two) = (Click::Cell(0), Click::Cell(5), Click::choice("2 pieces"));
        let legal = vec![
            action(0, "a-b", vec![a.clone(), b.clone(), Click::choice("1 piece")], Vec::new()),
            action(0, "a-b2", vec![a.clone(), b.clone(), two.clone()], vec![vec![two.clone(), a.clone(), b.clone()]]),
            action(1, "pass", vec![Click::choice("pass")], Vec::new()),
            LegalAction { path: vec![3, 4, 9], ..action(1, "walk", vec![Click::Cell(3), Click::Cell(9)], Vec::new()) },
        ];
        let wire = compact(&legal);
        assert_eq!(
            serde_json::to_value(&wire).unwrap(),
            json!([
                {"seat": 0, "actions": [{"action": "a-b", "text": "a-b"}, {"action": "a-b2", "text": "a-b2"}],
                 "clicks": [[0, [[5, [["1 piece", 0], ["2 pieces", 1]]]]], ["2 pieces", [[0, [[5, 1]]]]]]},
                {"seat": 1, "actions": [{"action": "pass", "text": "pass"}, {"action": "walk", "text": "walk", "path": [3, 4, 9]}],
                 "clicks": [["pass", 0], [3, [[9, 1]]]]},
            ])
        );
        let read: Vec<SeatMoves> = serde_json::from_value(serde_json::to_value(&wire).unwrap()).unwrap();
        assert_eq!(expand(&read), legal);
    }
}
