//! An arena's results file (`--results FILE`): each game written as it
//! ends, one JSON line, under a first line naming the arena. A run given a
//! file that already holds some of its games plays only the others, so a
//! row of hundreds of slow games can be played over several sittings and
//! still be reported as one run: without a clock a game's result depends
//! only on the arena and its number, so the sittings add up to the very
//! games one run would have played.

use rules::tools::arena::Bout;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// The arena a file belongs to: a run adds to a file only if it names the
/// same one. The engine's code is not in it: a file is for one build of
/// the bots, and a change that alters their choices wants a new file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heading {
    pub game: String,
    /// The game's rules version: a rules change alters the games.
    pub rules_version: u32,
    pub options: Value,
    pub bots: Vec<String>,
    pub seed: u64,
    pub max_actions: u64,
    pub keep_time: bool,
}

/// One bot's thinking over one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Thinking {
    /// Decisions it made.
    pub decisions: u64,
    /// The time they took in all, in nanoseconds.
    pub nanos: u64,
}

/// One finished game of the arena.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Its number in the arena, which with the seed decides its chance.
    pub index: u64,
    #[serde(flatten)]
    pub bout: Bout,
    /// Each bot's thinking, in the order the bots were named.
    pub thinking: Vec<Thinking>,
}

/// The games played so far, by number, and the file that keeps them.
pub struct Results {
    file: Option<File>,
    pub lines: BTreeMap<u64, Line>,
}

impl Results {
    /// Results kept in memory only.
    pub fn unkept() -> Results {
        Results { file: None, lines: BTreeMap::new() }
    }

    /// Opens `path` for the arena `heading`, reading the games it holds, or
    /// creates it. A last line cut short (a run stopped while writing it)
    /// is dropped; any other line that does not read is an error.
    pub fn open(path: &Path, heading: &Heading) -> Result<Results, String> {
        let shown = path.display();
        let mut text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("{shown}: {e}")),
        };
        let whole = text.rfind('\n').map_or(0, |end| end + 1);
        text.truncate(whole);
        let mut lines = text.lines();
        let first = lines.next();
        if let Some(first) = first {
            let found: Heading =
                serde_json::from_str(first).map_err(|e| format!("{shown}: line 1 names no arena: {e}"))?;
            if found != *heading {
                return Err(format!(
                    "{shown} holds another arena's games: {first} (this run is {})",
                    serde_json::to_string(heading).expect("a heading is JSON")
                ));
            }
        }
        let mut lines_read = BTreeMap::new();
        for (number, text) in lines.enumerate() {
            let line: Line = serde_json::from_str(text).map_err(|e| format!("{shown}: line {}: {e}", number + 2))?;
            let seated = |bot: &usize| *bot < heading.bots.len();
            if line.bout.seating.is_empty()
                || !line.bout.seating.iter().all(seated)
                || line.thinking.len() != heading.bots.len()
            {
                return Err(format!("{shown}: line {}: not a game of this arena", number + 2));
            }
            lines_read.insert(line.index, line);
        }
        // Only a file found to be this arena's is written: its cut line
        // dropped, or its heading written if it is new.
        let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{shown}: {e}"))?;
        file.set_len(whole as u64).map_err(|e| format!("{shown}: {e}"))?;
        if first.is_none() {
            writeln!(file, "{}", serde_json::to_string(heading).expect("a heading is JSON"))
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        let results = Results { file: Some(file), lines: lines_read };
        Ok(results)
    }

    /// Keeps a finished game: in the file first, if there is one.
    pub fn keep(&mut self, line: Line) -> Result<(), String> {
        if let Some(file) = &mut self.file {
            let text = serde_json::to_string(&line).expect("a line is JSON") + "\n";
            file.write_all(text.as_bytes()).map_err(|e| format!("writing the results: {e}"))?;
        }
        self.lines.insert(line.index, line);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::outcome::Outcome;
    use rules::seat::Seat;

    fn heading() -> Heading {
        Heading {
            game: "accasta".into(),
            rules_version: 1,
            options: serde_json::json!({}),
            bots: vec!["club".into(), "random".into()],
            seed: 1,
            max_actions: 100,
            keep_time: false,
        }
    }

    fn line(index: u64) -> Line {
        Line {
            index,
            bout: Bout { seating: vec![0, 1], outcome: Some(Outcome::win(2, Seat(1), "castle")), actions: 9 },
            thinking: vec![Thinking { decisions: 5, nanos: 7 }, Thinking::default()],
        }
    }

    #[test]
    fn a_file_gives_back_its_games_and_drops_a_line_cut_short() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("row.jsonl");
        let mut results = Results::open(&path, &heading()).unwrap();
        results.keep(line(0)).unwrap();
        results.keep(line(3)).unwrap();
        drop(results);
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(br#"{"index":4,"seat"#).unwrap();
        let reopened = Results::open(&path, &heading()).unwrap();
        assert_eq!(reopened.lines.values().cloned().collect::<Vec<_>>(), vec![line(0), line(3)]);
        let mut again = reopened;
        again.keep(line(4)).unwrap();
        drop(again);
        let read = Results::open(&path, &heading()).unwrap();
        assert_eq!(read.lines.keys().copied().collect::<Vec<_>>(), vec![0, 3, 4], "the cut line is gone");
    }

    #[test]
    fn a_file_of_another_arena_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("row.jsonl");
        Results::open(&path, &heading()).unwrap().keep(line(0)).unwrap();
        let other = Heading { seed: 2, ..heading() };
        let error = Results::open(&path, &other).err().unwrap();
        assert!(error.contains("another arena"), "{error}");
        std::fs::write(&path, "not json\n").unwrap();
        assert!(Results::open(&path, &heading()).err().unwrap().contains("line 1"));
    }
}
