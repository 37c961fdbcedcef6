//! Chance from a server-held seed.
//!
//! Every match gets a 32-byte [`Seed`] from the server. All dice, draws and
//! shuffles of that match come from one ChaCha20 keystream keyed by the seed
//! (`rand_chacha::ChaCha20Rng`, whose output is fixed by the ChaCha20
//! specification), so a match replays exactly from (game, options, seed,
//! actions). The stream is not part of a game's state: the
//! [`Referee`](crate::referee) holds it and draws each chance outcome when the
//! rules say one is due, so nothing a viewer sees can depend on a future roll.
//!
//! We do not use `rand`'s `gen_range` or `shuffle`: their algorithms have
//! changed between versions. The two samplers below are ours, and
//! docs/architecture.md documents them so that anyone can check a match:
//!
//! - [`SeedStream::below`]`(n)`: draw 32-bit words `w` until `w < 2^32 - (2^32 mod n)`,
//!   then return `w mod n` (rejection sampling, no bias).
//! - [`SeedStream::shuffle`]: Fisher–Yates from the last element down: for `i` from
//!   `len - 1` to 1, swap element `i` with element `below(i + 1)`.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The 32 bytes that decide every chance event of a match.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed for tests and tools, spread from a small number.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        let mut x = n;
        for chunk in bytes.chunks_mut(8) {
            // splitmix64, so that nearby numbers give unrelated seeds.
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            chunk.copy_from_slice(&z.to_le_bytes());
        }
        Seed(bytes)
    }

    /// The seed as 64 lowercase hexadecimal digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
}

/// A seed that is not 64 hexadecimal digits.
#[derive(Debug, thiserror::Error)]
#[error("a seed is 64 hexadecimal digits")]
pub struct BadSeed;

impl FromStr for Seed {
    type Err = BadSeed;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(s.trim(), &mut bytes).map_err(|_| BadSeed)?;
        Ok(Seed(bytes))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({})", self.to_hex())
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A stream of random numbers from a seed: a match's chance, or the random
/// choices of a tool or a test. Cloning it clones the stream position.
#[derive(Clone, Debug)]
pub struct SeedStream {
    rng: ChaCha20Rng,
}

impl PartialEq for SeedStream {
    fn eq(&self, other: &Self) -> bool {
        self.rng.get_seed() == other.rng.get_seed() && self.rng.get_word_pos() == other.rng.get_word_pos()
    }
}

impl Eq for SeedStream {}

impl SeedStream {
    /// The stream of `seed`, at its start.
    pub fn new(seed: Seed) -> SeedStream {
        SeedStream { rng: ChaCha20Rng::from_seed(seed.0) }
    }

    /// A seed drawn from this stream, for a stream of its own.
    pub fn seed(&mut self) -> Seed {
        let mut bytes = [0u8; 32];
        self.rng.fill_bytes(&mut bytes);
        Seed(bytes)
    }

    /// A uniformly drawn number in `0..n`. `n` must not be 0.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "SeedStream::below(0)");
        let zone = u32::MAX - (u32::MAX - n + 1) % n;
        loop {
            let word = self.rng.next_u32();
            if word <= zone {
                return word % n;
            }
        }
    }

    /// One roll of a die with `sides` faces, from 1 to `sides`.
    pub fn roll(&mut self, sides: u32) -> u32 {
        self.below(sides) + 1
    }

    /// Shuffles `items` in place (Fisher–Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_chacha20_and_never_changes() {
        // Pinned outputs: if a dependency update changed them, every stored
        // match would replay differently, so this test must never be edited.
        let mut chance = SeedStream::new(Seed([0; 32]));
        let rolls: Vec<u32> = (0..8).map(|_| chance.roll(6)).collect();
        let mut again = SeedStream::new(Seed([0; 32]));
        assert_eq!(rolls, (0..8).map(|_| again.roll(6)).collect::<Vec<_>>());
        // ChaCha20 with an all-zero key and nonce starts with the word 0xade0b876.
        let mut raw = ChaCha20Rng::from_seed([0; 32]);
        assert_eq!(raw.next_u32(), 0xade0_b876);
        assert_eq!(rolls, vec![1, 1, 1, 6, 6, 1, 3, 6]);
    }

    #[test]
    fn below_is_in_range_and_shuffle_permutes() {
        let mut chance = SeedStream::new(Seed::from_u64(7));
        for n in 1..50 {
            assert!(chance.below(n) < n);
        }
        let mut deck: Vec<u32> = (0..52).collect();
        chance.shuffle(&mut deck);
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_ne!(deck, sorted);
    }

    #[test]
    fn seeds_round_trip_through_hex() {
        let seed = Seed::from_u64(42);
        assert_eq!(seed.to_hex().parse::<Seed>().unwrap(), seed);
        assert!("xyz".parse::<Seed>().is_err());
        assert!("+f".repeat(32).parse::<Seed>().is_err(), "hexadecimal digits only");
    }
}
