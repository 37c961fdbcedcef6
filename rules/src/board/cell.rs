//! The name of a board cell, the one type every game uses for cells in its
//! actions and notation.
//!
//! A cell is named by up to two letters and a number: `c4` (Accasta's row
//! `c`, point 4; a chess-like file and rank on square boards), `32` (a
//! draughts square), `NW12` (a numbered ocean square), `t40`; or by one or
//! two letters alone, for a place that is one of a kind (`DJ`, Davy Jones'
//! Locker). A name is read
//! and written without a board, so actions and notation parse on their own;
//! a [`Geometry`](super::Geometry) then says whether its board has the cell
//! and where it lies. Names order by their letters, then by their number.
//!
//! The JSON form of a name is a string (`"c4"`), or a number for a name that
//! is only a number (`32`), as draughts writes squares.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The name of one cell: up to two ASCII letters, then a number from 1; or
/// one or two letters alone.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The letters, left-aligned; 0 where there is none.
    letters: [u8; 2],
    /// The number; 0 for a name of letters alone.
    number: u16,
}

impl Cell {
    /// The cell with one letter given by its index (0 for `a`) and a number:
    /// `Cell::at(2, 4)` is `c4`. The index runs past `z` into `A`–`Z`.
    pub const fn at(letter: u8, number: u16) -> Cell {
        let byte = if letter < 26 { b'a' + letter } else { b'A' + (letter - 26) };
        Cell { letters: [byte, 0], number }
    }

    /// The cell named only by a number, like a draughts square.
    pub const fn numbered(number: u16) -> Cell {
        Cell { letters: [0, 0], number }
    }

    /// The cell with these letters (one or two ASCII letters) and number.
    pub fn lettered(letters: &str, number: u16) -> Option<Cell> {
        let bytes = letters.as_bytes();
        let ok = !bytes.is_empty() && bytes.len() <= 2 && bytes.iter().all(u8::is_ascii_alphabetic);
        ok.then(|| Cell { letters: [bytes[0], bytes.get(1).copied().unwrap_or(0)], number })
    }

    /// The index of a single lowercase letter (0 for `a`), if the name has
    /// exactly one.
    pub const fn letter(self) -> Option<u8> {
        match self.letters {
            [l @ b'a'..=b'z', 0] => Some(l - b'a'),
            [l @ b'A'..=b'Z', 0] => Some(l - b'A' + 26),
            _ => None,
        }
    }

    /// The letters of the name ("" for a plain number).
    pub fn letters(&self) -> &str {
        let len = self.letters.iter().take_while(|b| **b != 0).count();
        std::str::from_utf8(&self.letters[..len]).expect("ASCII letters")
    }

    /// The number of the name (0 for a name of letters alone).
    pub const fn number(self) -> u16 {
        self.number
    }
}

impl Ord for Cell {
    fn cmp(&self, other: &Cell) -> Ordering {
        self.letters.cmp(&other.letters).then(self.number.cmp(&other.number))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Cell) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters())?;
        if self.number > 0 { write!(f, "{}", self.number) } else { Ok(()) }
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not the name of a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not the name of a cell (up to two letters and a number, such as c4 or 32)")]
pub struct BadCell(pub String);

impl FromStr for Cell {
    type Err = BadCell;

    fn from_str(text: &str) -> Result<Cell, BadCell> {
        let bad = || BadCell(text.to_string());
        let trimmed = text.trim();
        let split = trimmed.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(trimmed.len());
        let (letters, digits) = trimmed.split_at(split);
        if letters.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 5 {
            return Err(bad());
        }
        if digits.is_empty() {
            return Cell::lettered(letters, 0).ok_or_else(bad);
        }
        let number: u16 = digits.parse().map_err(|_| bad())?;
        if number == 0 {
            return Err(bad());
        }
        if letters.is_empty() { Ok(Cell::numbered(number)) } else { Cell::lettered(letters, number).ok_or_else(bad) }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.letters[0] == 0 { serializer.serialize_u16(self.number) } else { serializer.collect_str(self) }
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Cell;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a cell name such as \"c4\", or a square number such as 32")
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Cell, E> {
                match u16::try_from(n) {
                    Ok(n) if n > 0 => Ok(Cell::numbered(n)),
                    _ => Err(E::custom(format!("{n} is not a cell number"))),
                }
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Cell, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom(format!("{n} is not a cell number")))
                    .and_then(|n| self.visit_u64(n))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Cell, E> {
                text.parse().map_err(|e: BadCell| E::custom(e.to_string()))
            }
        }
        deserializer.deserialize_any(Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_write_back() {
        for name in ["c4", "a1", "g10", "32", "NW12", "t40", "h8", "DJ", "x"] {
            assert_eq!(name.parse::<Cell>().unwrap().to_string(), name);
        }
        for bad in ["", "abc", "4c", "c0", "abc4", "c-4", "c4x", "0", "c123456"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad:?}");
        }
        assert_eq!(Cell::at(2, 4).to_string(), "c4");
        assert_eq!(Cell::at(2, 4).letter(), Some(2));
        assert_eq!(Cell::numbered(32).letter(), None);
    }

    #[test]
    fn names_order_by_letters_then_number() {
        let mut cells: Vec<Cell> = ["b2", "a10", "a9", "10", "9"].iter().map(|n| n.parse().unwrap()).collect();
        cells.sort();
        let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
        assert_eq!(names, ["9", "10", "a9", "a10", "b2"]);
    }

    #[test]
    fn the_json_form_is_a_string_or_a_number() {
        assert_eq!(serde_json::to_string(&Cell::at(2, 4)).unwrap(), r#""c4""#);
        assert_eq!(serde_json::to_string(&Cell::numbered(32)).unwrap(), "32");
        assert_eq!(serde_json::from_str::<Cell>("32").unwrap(), Cell::numbered(32));
        assert_eq!(serde_json::from_str::<Cell>(r#""c4""#).unwrap(), Cell::at(2, 4));
        for bad in ["0", "-3", r#""c0""#, "true", "70000"] {
            assert!(serde_json::from_str::<Cell>(bad).is_err(), "{bad}");
        }
    }
}
