//! The draughts position format: `W:W31,32,...:B1,2,...` — the side to
//! move, then each side's squares, kings prefixed with `K`. Ranges such as
//! `31-35` are read too.

use super::board::{BLACK_PROMOTION, Square, WHITE_PROMOTION, squares};
use super::position::{BLACK, Position, WHITE};
use crate::error::NotationError;

/// Reads a position.
pub fn parse(text: &str) -> Result<Position, NotationError> {
    let err = |reason: &str| NotationError::syntax(text, reason);
    let cleaned = text.trim().trim_matches('"').trim_end_matches('.');
    let mut fields = cleaned.split(':');
    let side = match fields.next().map(str::trim) {
        Some("W") => WHITE,
        Some("B") => BLACK,
        _ => return Err(err("a position starts with W or B, the side to move")),
    };
    let mut position = Position { white: 0, black: 0, kings: 0, side };
    for field in fields {
        let field = field.trim();
        let (owner, list) = match field.chars().next() {
            Some('W') => (WHITE, &field[1..]),
            Some('B') => (BLACK, &field[1..]),
            // Move counters some tools add ("H0", "F1") say nothing about the position.
            Some('H' | 'F') if field[1..].bytes().all(|b| b.is_ascii_digit()) => continue,
            _ => return Err(err("each side's list starts with W or B")),
        };
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, item) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let (first, last) = match item.split_once('-') {
                Some((a, b)) => (a, b),
                None => (item, item),
            };
            let first: Square = first.parse().map_err(|e: super::board::BadSquare| err(&e.to_string()))?;
            let last: Square = last.parse().map_err(|e: super::board::BadSquare| err(&e.to_string()))?;
            if first > last {
                return Err(err(&format!("the range {item} runs backwards")));
            }
            for n in first.number()..=last.number() {
                let bit = Square::new(n).expect("in range").bit();
                if (position.white | position.black) & bit != 0 {
                    return Err(err(&format!("square {n} is listed twice")));
                }
                if owner == WHITE {
                    position.white |= bit;
                } else {
                    position.black |= bit;
                }
                if king {
                    position.kings |= bit;
                }
            }
        }
    }
    for (seat, name) in [(WHITE, "White"), (BLACK, "Black")] {
        if position.pieces(seat).count_ones() > 20 {
            return Err(err(&format!("{name} has more than 20 pieces")));
        }
    }
    let stuck =
        (position.white & !position.kings & WHITE_PROMOTION) | (position.black & !position.kings & BLACK_PROMOTION);
    if let Some(square) = squares(stuck).next() {
        return Err(err(&format!("a man on {square} stands on its own far row; it would be a king")));
    }
    Ok(position)
}

/// Writes a position in canonical form: squares ascending, no ranges.
pub fn format(position: &Position) -> String {
    let list = |bits: u64| {
        squares(bits)
            .map(|s| if position.kings & s.bit() != 0 { format!("K{s}") } else { s.to_string() })
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if position.side == WHITE { 'W' } else { 'B' };
    format!("{side}:W{}:B{}", list(position.white), list(position.black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_reads_and_writes() {
        let start = parse("W:W31-50:B1-20").unwrap();
        assert_eq!(start, Position::default());
        assert_eq!(parse(&format(&start)).unwrap(), start);
        let kings = parse("B:WK46,K47,28:BK3").unwrap();
        assert_eq!(format(&kings), "B:W28,K46,K47:BK3");
        assert!(parse("W:W31,31:B1").is_err());
        assert!(parse("X:W1:B2").is_err());
        assert!(parse("W:W51:B1").is_err());
        assert!(parse("W:W50-31:B1-20").is_err(), "a backwards range");
        assert!(parse("W:W3:B20").is_err(), "a man on its own far row");
        assert!(parse("W:W1-25:B26-50").is_err(), "more than 20 pieces");
        assert_eq!(parse("W:W31-50:B1-20:H0:F1").unwrap(), Position::default(), "move counters are ignored");
    }
}
