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

impl From<LegalAction> for Move {
    fn from(action: LegalAction) -> Move {
        Move { action: action.action, text: action.text, path: action.path.into_iter().map(u32::from).collect() }
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
/// The list is taken, not borrowed: its actions become the wire's without
/// a copy, after every event.
pub fn frame(legal: Vec<LegalAction>) -> Framed {
    let sizes: Vec<usize> = legal.iter().map(wire_bytes).collect();
    // The estimate of each action never undercounts it; each seat's
    // `{"seat":5,"actions":[],"clicks":[]},` adds 37 bytes more, six seats
    // at most.
    if sizes.iter().sum::<usize>() + 6 * 37 + 2 <= INLINE_BYTES {
        // The whole list fits.
        return Framed { inline: compact(legal), parts: Vec::new() };
    }
    // A long list may still fit once its shared clicks are written once.
    let whole = compact(legal.iter().cloned());
    if json_len(&whole) <= INLINE_BYTES {
        return Framed { inline: whole, parts: Vec::new() };
    }
    let mut cuts = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (i, size) in sizes.iter().enumerate() {
        if bytes + size > PART_BYTES && i > start {
            cuts.push(i - start);
            (start, bytes) = (i, 0);
        }
        bytes += size;
    }
    let mut actions = legal.into_iter();
    let mut parts: Vec<Vec<SeatMoves>> = cuts.into_iter().map(|n| compact(actions.by_ref().take(n))).collect();
    parts.push(compact(actions));
    Framed { inline: Vec::new(), parts }
}

/// The length of `value`'s JSON, counted as it is written out, without
/// keeping it: a state's legal actions are measured after every event.
fn json_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}

/// At least the bytes `action` adds to a compact list: its JSON form and
/// notation, and each of its click sequences written out in full (the
/// tree writes clicks it shares with others once, so never more).
fn wire_bytes(action: &LegalAction) -> usize {
    // `{"action":…,"text":…}`, with `,"path":[…]` when it has one.
    let path = if action.path.is_empty() { 0 } else { 8 + json_len(&action.path) };
    let json = 19 + json_len(&action.action) + json_len(&action.text) + path;
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
pub fn compact(legal: impl IntoIterator<Item = LegalAction>) -> Vec<SeatMoves> {
    let mut seats: Vec<SeatMoves> = Vec::new();
    for action in legal {
        let seat = action.seat;
        if seats.last().is_none_or(|s| s.seat != seat) {
            seats.push(SeatMoves { seat, actions: Vec::new(), clicks: Vec::new() });
        }
        let moves = seats.last_mut().expect("just pushed");
        let index = moves.actions.len();
        for sequence in action.all_clicks() {
            insert(&mut moves.clicks, sequence, index);
        }
        moves.actions.push(Move::from(action));
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
        let framed = frame(short.clone());
        assert_eq!((framed.inline, framed.parts.len()), (compact(short), 0), "a short list stays inline");
        // Thousands of moves of many pieces, with a choice between the clicks.
        let long: Vec<LegalAction> = (0..3000u16)
            .map(|i| {
                let clicks = vec![Click::Cell(i / 40), Click::choice(format!("{}", i % 7)), Click::Cell(i)];
                action(1, &format!("Red: Mj {i}-{} {}", i + 3, i % 7), clicks, Vec::new())
            })
            .collect();
        let framed = frame(long.clone());
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
    fn a_list_too_long_written_out_stays_inline_when_its_shared_clicks_fit() {
        // Each action's ten first clicks are the same: written out in full
        // the list passes the inline limit, sent as a tree it does not.
        let prefix: Vec<Click> = (0..10).map(Click::Cell).collect();
        let legal: Vec<LegalAction> = (0..300u16)
            .map(|i| action(0, &format!("m{i}"), [prefix.clone(), vec![Click::Cell(100 + i)]].concat(), Vec::new()))
            .collect();
        assert!(legal.iter().map(wire_bytes).sum::<usize>() > INLINE_BYTES);
        let framed = frame(legal.clone());
        assert_eq!((framed.parts.len(), expand(&framed.inline)), (0, legal));
    }

    #[test]
    fn the_estimate_of_an_action_never_undercounts_its_wire_form() {
        let walk =
            LegalAction { path: vec![3, 4, 1009], ..action(2, "walk \"far\"", vec![Click::Cell(3)], Vec::new()) };
        for one in [walk, action(0, "m1", vec![Click::choice("a \"b\""), Click::Cell(7)], Vec::new())] {
            let written = serde_json::to_string(&compact([one.clone()])).unwrap().len();
            assert!(wire_bytes(&one) + 37 + 2 >= written, "{} < {written}", wire_bytes(&one));
        }
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
        let wire = compact(legal.clone());
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
