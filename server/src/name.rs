//! Display names: what players call themselves. A name is shown to everyone
//! at a table, beside the board and in move lists, so it must read as what
//! it is: no character that hides, reorders or fakes the text around it
//! (direction overrides, zero-width joiners and spaces, byte-order marks),
//! none that shows differently on each machine (private use, unassigned,
//! noncharacters), and one form for one name (NFC, so "é" typed either way
//! is the same name and counts once). Width is measured in terminal columns
//! (a CJK character counts two), so every name fits the same space. A name
//! is text, never markup: the client writes it as text wherever it shows it.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_width::UnicodeWidthStr;

/// The widest name, in columns.
pub const MAX_WIDTH: usize = 32;
/// The most characters a name may hold, marks included (combining marks
/// have no width, so the width alone does not bound a name's size).
pub const MAX_CHARS: usize = 64;

/// Why a name is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing visible is left.
    #[error("a name needs at least one visible character")]
    Empty,
    /// Too wide, or too many characters.
    #[error("a name is at most {MAX_WIDTH} columns wide (a wide character such as 名 counts two)")]
    TooLong,
    /// A control character (a line break, a tab).
    #[error("a name may not hold control characters")]
    Control,
    /// An invisible or direction-changing character.
    #[error("a name may not hold invisible or direction-changing characters")]
    Invisible,
    /// A character that has no fixed look.
    #[error("a name may not hold private-use, unassigned or noncharacter code points")]
    Undefined,
}

/// The name to store for `raw`: normalized to NFC and trimmed, or why not.
pub fn display_name(raw: &str) -> Result<String, NameError> {
    let name: String = raw.nfc().collect();
    let name = name.trim();
    for c in name.chars() {
        match c.general_category() {
            GeneralCategory::Control => return Err(NameError::Control),
            GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator => {
                return Err(NameError::Invisible);
            }
            GeneralCategory::PrivateUse | GeneralCategory::Unassigned | GeneralCategory::Surrogate => {
                return Err(NameError::Undefined);
            }
            _ => {}
        }
    }
    if name.width() == 0 {
        return Err(NameError::Empty);
    }
    if name.width() > MAX_WIDTH || name.chars().count() > MAX_CHARS {
        return Err(NameError::TooLong);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_kept_trimmed() {
        assert_eq!(display_name("  Ann  ").as_deref(), Ok("Ann"));
        assert_eq!(display_name("Nimble Otter 42").as_deref(), Ok("Nimble Otter 42"));
        assert_eq!(display_name("名前").as_deref(), Ok("名前"));
        // Markup is only text: the client shows it as written.
        assert_eq!(display_name("<script>alert(1)</script>").as_deref(), Ok("<script>alert(1)</script>"));
    }

    #[test]
    fn names_are_one_form_and_marks_do_not_count_against_the_width() {
        let decomposed = "e\u{301}".repeat(32);
        let name = display_name(&decomposed).expect("32 accented letters fit");
        assert_eq!(name, "\u{e9}".repeat(32), "stored composed");
        assert_eq!(display_name(&"x".repeat(33)), Err(NameError::TooLong));
        assert_eq!(display_name(&"名".repeat(17)), Err(NameError::TooLong), "34 columns");
        let piled = format!("a{}", "\u{301}".repeat(80));
        assert_eq!(display_name(&piled), Err(NameError::TooLong), "marks piled on one letter");
    }

    #[test]
    fn hiding_reordering_and_undefined_characters_are_refused() {
        assert_eq!(display_name(""), Err(NameError::Empty));
        assert_eq!(display_name("   "), Err(NameError::Empty));
        assert_eq!(display_name("\u{301}"), Err(NameError::Empty), "a mark on nothing");
        assert_eq!(display_name("a\nb"), Err(NameError::Control));
        assert_eq!(display_name("abc\u{202e}def"), Err(NameError::Invisible), "right-to-left override");
        for isolate in ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            assert_eq!(display_name(&format!("a{isolate}b")), Err(NameError::Invisible), "{isolate:?}");
        }
        assert_eq!(display_name("\u{200b}\u{200b}"), Err(NameError::Invisible), "zero-width spaces only");
        assert_eq!(display_name("\u{feff}"), Err(NameError::Invisible), "a byte-order mark only");
        assert_eq!(display_name("a\u{2028}b"), Err(NameError::Invisible), "a line separator");
        assert_eq!(display_name("a\u{10ffff}"), Err(NameError::Undefined), "a noncharacter");
        assert_eq!(display_name("a\u{e000}"), Err(NameError::Undefined), "private use");
    }
}
