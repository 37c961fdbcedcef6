//! Reading what people wrote. Game records from the wider world are not
//! always careful: `23 x 34` with spaces, a capture written with `-`, a
//! move with `x`. Where the squares of the text name exactly one legal
//! action, Tactica reads it as that action; where they name several, it
//! refuses and lists them. This module holds the comparison: the words of a
//! text, with separators and signs set aside.

/// The words of a piece of notation: letters and digits, lower case, with
/// every separator and sign (`-`, `+`, `:`, `,`, spaces, and `x` or `×` after
/// a digit, as in `28x19` or `c3xc5`) left out. Two texts with the same words
/// name the same cells and choices in the same order.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        let capture_sign = (c == 'x' || c == '×') && word.ends_with(|p: char| p.is_ascii_digit());
        if c.is_alphanumeric() && !capture_sign {
            word.push(c);
        } else if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_and_signs_do_not_count() {
        assert_eq!(words("28x19"), ["28", "19"]);
        assert_eq!(words("28 - 19"), words("28x19"));
        assert_eq!(words("b4: 2×c5"), ["b4", "2", "c5"]);
        assert_eq!(words("b4:2-c5"), words("b4: 2×c5"));
        assert_eq!(words("c3xc5"), ["c3", "c5"]);
        assert_eq!(words("place Commander 5 a1"), ["place", "commander", "5", "a1"]);
        assert_eq!(words("f5,c5-e6"), ["f5", "c5", "e6"]);
        assert_eq!(words("pass"), ["pass"]);
        assert_ne!(words("b4: 2-c5"), words("b4: 3-c5"));
    }
}
