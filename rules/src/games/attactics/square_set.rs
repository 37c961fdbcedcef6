//! A set of ATTACTICS' squares as 1,296 bits, so that a walk works out
//! every square one step reaches at once (`moves.rs`) instead of one
//! square at a time: the walks of every piece, at every action of every
//! playout, were most of a search.

use super::board::SQUARES;
use crate::layout::CellId;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// Words of 64 squares each.
const WORDS: usize = SQUARES.div_ceil(64);

/// The bits of the last word that are squares.
const LAST: u64 = if SQUARES % 64 == 0 { u64::MAX } else { (1 << (SQUARES % 64)) - 1 };

/// Squares of the board, square `id` as bit `id % 64` of word `id / 64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    /// The one square `id`.
    pub fn of(id: CellId) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        set.insert(id);
        set
    }

    /// Adds square `id`.
    pub fn insert(&mut self, id: CellId) {
        let id = usize::from(id);
        self.0[id / 64] |= 1 << (id % 64);
    }

    /// Takes out square `id`.
    pub fn remove(&mut self, id: CellId) {
        let id = usize::from(id);
        self.0[id / 64] &= !(1 << (id % 64));
    }

    /// Whether it holds square `id`.
    #[inline]
    pub fn contains(&self, id: CellId) -> bool {
        let id = usize::from(id);
        id < SQUARES && self.0[id / 64] & (1 << (id % 64)) != 0
    }

    /// Whether it holds no square.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Each square moved `by` places (square `id` to `id + by`; less than
    /// a word either way), those moved off either end of the board dropped.
    /// A row is 36 squares, so a step north is `-36` and east `+1`; a square
    /// on the board's edge moves onto the next row's far end, which callers
    /// rule out by moving only squares the step is open from.
    #[inline(always)]
    pub fn shifted(self, by: i32) -> SquareSet {
        debug_assert!(by.unsigned_abs() < 64, "a shift of {by}");
        let k = by.unsigned_abs();
        let w = self.0;
        let mut out = [0; WORDS];
        if by > 0 {
            for i in 0..WORDS {
                let carried = if i > 0 { w[i - 1] >> (64 - k) } else { 0 };
                out[i] = (w[i] << k) | carried;
            }
        } else if by < 0 {
            for i in 0..WORDS {
                let carried = if i + 1 < WORDS { w[i + 1] << (64 - k) } else { 0 };
                out[i] = (w[i] >> k) | carried;
            }
        } else {
            out = w;
        }
        out[WORDS - 1] &= LAST;
        SquareSet(out)
    }

    /// Its squares, lowest first.
    pub fn iter(self) -> Squares {
        Squares { words: self.0, word: 0 }
    }
}

/// The squares of a [`SquareSet`], lowest first.
pub struct Squares {
    /// What is left of the set.
    words: [u64; WORDS],
    /// The word the next square is looked for in.
    word: usize,
}

impl Iterator for Squares {
    type Item = CellId;

    fn next(&mut self) -> Option<CellId> {
        while let Some(word) = self.words.get_mut(self.word) {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some((self.word * 64 + bit) as CellId);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(mut self, other: SquareSet) -> SquareSet {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a &= b);
        self
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(mut self, other: SquareSet) -> SquareSet {
        self |= other;
        self
    }
}

impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet) {
        self.0.iter_mut().zip(other.0).for_each(|(a, b)| *a |= b);
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// Every other square of the board.
    #[inline]
    fn not(mut self) -> SquareSet {
        self.0.iter_mut().for_each(|w| *w = !*w);
        self.0[WORDS - 1] &= LAST;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_shift_across_words_and_off_the_board() {
        let ids: [CellId; 5] = [0, 35, 63, 64, 1295];
        let mut set = SquareSet::EMPTY;
        ids.iter().for_each(|id| set.insert(*id));
        assert_eq!(set.iter().collect::<Vec<_>>(), ids);
        assert!(set.contains(64) && !set.contains(65) && !set.contains(CellId::MAX));
        assert_eq!(set.shifted(36).iter().collect::<Vec<_>>(), [36, 71, 99, 100]);
        assert_eq!(set.shifted(-36).iter().collect::<Vec<_>>(), [27, 28, 1259]);
        assert_eq!(set.shifted(1).shifted(-1).iter().collect::<Vec<_>>(), [0, 35, 63, 64]);
        assert_eq!((!SquareSet::EMPTY).iter().count(), SQUARES);
        assert_eq!((!set).iter().count(), SQUARES - ids.len());
        assert_eq!((!set & set), SquareSet::EMPTY);
        assert_eq!((!set | set), !SquareSet::EMPTY);
        assert!(SquareSet::EMPTY.is_empty() && !set.is_empty());
    }
}
