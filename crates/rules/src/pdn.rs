//! Portable Draughts Notation: writing match games so that other draughts tools can read them,
//! and reading PDN back (for tests and for checking a file).
//!
//! What is written follows PDN 3.0 and what lidraughts exports for Russian checkers: the seven
//! archival tags, `[GameType "25"]`, `[SetUp "1"]` and `[FEN "…"]` when the game does not start
//! from the initial position, the result as `2-0`, `1-1` or `0-2` (two points for a win), moves
//! numbered `1. c3-d4 f6-g5`, and captures with every landing square joined by `x`
//! (`c3xe5xc7`), which PDN 3.0 allows and which no reader can find ambiguous.
//!
//! The reader is liberal: it takes `x` or `:` captures, Fuk's huffs (`f6*c3-d4`), move numbers
//! with or without a space, `1...` for a Black first move, comments `{…}`, variations `(…)`,
//! NAGs `$n`, move strengths `!?`, `%` line comments, and any of the usual result tokens.

use crate::game::GameResult;
use crate::games::Variant;
use crate::types::Side;
use std::fmt;

/// The `GameType` number of a game in PDN 3.0 ([`Game::PDN_GAME_TYPE`](crate::game::Game)): 25
/// for Russian, 26 for Brazilian, 20 for International. Games PDN has no number for are written
/// under the number of the board and moves they share (giveaway and Fuk as Russian, 25), with a
/// `Variant` tag ([`needs_variant_tag`]).
pub fn game_type(variant: Variant) -> u32 {
    crate::with_game!(variant, G => <G as crate::game::Game>::PDN_GAME_TYPE)
}

/// The game a `GameType` number names on its own: the first in the list of games with that
/// number.
pub fn game_of_type(number: u32) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .find(|&variant| game_type(variant) == number)
}

/// True if a game's PDN needs a `Variant` tag: its `GameType` number names another game.
pub fn needs_variant_tag(variant: Variant) -> bool {
    game_of_type(game_type(variant)) != Some(variant)
}

/// The tags a game damka writes begins with: the seven of the archival roster (`Event` as
/// given, the others unknown), `Result`, `GameType`, and `Variant` where the number names
/// another game.
pub fn roster(event: &str, variant: Variant, result: PdnResult) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = [
        ("Event", event.to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "-".to_string()),
        ("White", "?".to_string()),
        ("Black", "?".to_string()),
        ("Result", result.token().to_string()),
        ("GameType", game_type(variant).to_string()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_string(), value))
    .collect();
    if needs_variant_tag(variant) {
        tags.push(("Variant".to_string(), variant.name().to_string()));
    }
    tags
}

/// The result of a game as PDN records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PdnResult {
    /// White won: `2-0`.
    WhiteWins,
    /// Black won: `0-2`.
    BlackWins,
    /// Drawn: `1-1`.
    Draw,
    /// Unknown or unfinished: `*`.
    Unknown,
}

impl From<GameResult> for PdnResult {
    /// A won game as its winner's result, a drawn one as a draw, one still going as `*`.
    fn from(result: GameResult) -> PdnResult {
        match result {
            GameResult::Win(Side::White) => PdnResult::WhiteWins,
            GameResult::Win(Side::Black) => PdnResult::BlackWins,
            GameResult::Draw(_) => PdnResult::Draw,
            GameResult::Ongoing => PdnResult::Unknown,
        }
    }
}

impl PdnResult {
    /// The token written to PDN: `2-0`, `0-2`, `1-1` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            PdnResult::WhiteWins => "2-0",
            PdnResult::BlackWins => "0-2",
            PdnResult::Draw => "1-1",
            PdnResult::Unknown => "*",
        }
    }

    /// Reads a result token in any of the common forms (`2-0`, `1-0`, `1-1`, `1/2-1/2`, `0-0`…).
    pub fn from_token(token: &str) -> Option<PdnResult> {
        match token {
            "2-0" | "1-0" => Some(PdnResult::WhiteWins),
            "0-2" | "0-1" => Some(PdnResult::BlackWins),
            "1-1" | "1/2-1/2" | "0-0" => Some(PdnResult::Draw),
            "*" => Some(PdnResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for PdnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One game: its tags in order, its moves as written (without numbers) and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves, e.g. `c3-d4` or `c3xe5xc7`.
    pub moves: Vec<String>,
    /// The result: the movetext's terminator, or else the `Result` tag.
    pub result: PdnResult,
}

impl PdnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game as PDN text: tags, a blank line, the numbered moves wrapped at 79 columns and
    /// ending with the result, and a blank line. Numbering starts from the `F` field of the FEN
    /// tag (1 if absent), with `1...` when Black moves first.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        text.push('\n');
        let (mut number, mut white_to_move) = self.first_move();
        let mut tokens: Vec<String> = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let mv = mv.replace(':', "x");
            if white_to_move {
                tokens.push(format!("{number}."));
                tokens.push(mv);
            } else {
                if i == 0 {
                    tokens.push(format!("{number}..."));
                }
                tokens.push(mv);
                number += 1;
            }
            white_to_move = !white_to_move;
        }
        tokens.push(self.result.token().to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        text.push_str(&line);
        text.push_str("\n\n");
        text
    }

    /// The first move number and whether White makes it, from the FEN tag.
    fn first_move(&self) -> (u32, bool) {
        let Some(fen) = self.tag("FEN") else {
            return (1, true);
        };
        let white = !fen.trim_start().starts_with(['B', 'b']);
        let number =
            crate::notation::fen_extra(fen, "F").map_or(1, |n| n.clamp(1, u32::MAX as u64) as u32);
        (number, white)
    }
}

/// Why PDN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// 1-based line of the problem.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PDN line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PdnError {}

/// A reader over the characters of a PDN text that knows its line.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn error(&self, message: impl Into<String>) -> PdnError {
        PdnError {
            line: self.line,
            message: message.into(),
        }
    }

    /// Skips to the end of the line.
    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Reads `Name "value"]` after a `[`.
    fn tag(&mut self) -> Result<(String, String), PdnError> {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.next();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(self.error("a tag without a name"));
        }
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
        if self.next() != Some('"') {
            return Err(self.error(format!("tag {name} has no quoted value")));
        }
        let mut value = String::new();
        loop {
            match self.next() {
                None => return Err(self.error(format!("tag {name} is not closed"))),
                Some('\\') => match self.next() {
                    Some(c) => value.push(c),
                    None => return Err(self.error(format!("tag {name} is not closed"))),
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
        if self.next() != Some(']') {
            return Err(self.error(format!("tag {name} is not closed with ]")));
        }
        Ok((name, value))
    }

    /// Skips a `{…}` comment or a `(…)` variation (nested) after its opening character.
    fn skip_group(&mut self, open: char) -> Result<(), PdnError> {
        let close = if open == '{' { '}' } else { ')' };
        let start = self.line;
        let mut depth = 1;
        while depth > 0 {
            match self.next() {
                None => {
                    return Err(PdnError {
                        line: start,
                        message: format!("'{open}' is never closed"),
                    });
                }
                Some(c) if c == close => depth -= 1,
                Some(c) if c == open && open == '(' => depth += 1,
                Some('{') if open == '(' => self.skip_group('{')?,
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Reads a token up to white space or a delimiter.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            word.push(c);
            self.next();
        }
        word
    }
}

/// Strips a leading move number (`12.`, `12...`, `12.c3-d4`) and trailing strength marks.
fn move_part(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &word[digits..];
    let word = if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    };
    word.trim_end_matches(['!', '?', '*', '+'])
}

/// True if `text` is squares joined by `-`, `x` or `:`, optionally after a huffed square and
/// `*` (Fuk's `f6*c3-d4`, as damka writes a huff).
fn is_move(text: &str) -> bool {
    let is_square = |sq: &str| !sq.is_empty() && sq.chars().all(char::is_alphanumeric);
    let squares = match text.split_once('*') {
        Some((huffed, rest)) if is_square(huffed) => rest,
        Some(_) => return false,
        None => text,
    };
    squares.split(['-', 'x', 'X', ':']).count() >= 2
        && squares.split(['-', 'x', 'X', ':']).all(is_square)
}

/// Reads every game of a PDN text.
pub fn read(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut cursor = Cursor {
        chars: text.chars().peekable(),
        line: 1,
    };
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut at_line_start = true;
    let finish =
        |tags: &mut Vec<(String, String)>, moves: &mut Vec<String>, result: Option<PdnResult>| {
            let tags = std::mem::take(tags);
            let result = result
                .or_else(|| {
                    tags.iter()
                        .find(|(n, _)| n == "Result")
                        .and_then(|(_, v)| PdnResult::from_token(v))
                })
                .unwrap_or(PdnResult::Unknown);
            PdnGame {
                tags,
                moves: std::mem::take(moves),
                result,
            }
        };
    while let Some(c) = cursor.peek() {
        if c == '%' && at_line_start {
            cursor.skip_line();
            continue;
        }
        at_line_start = c == '\n';
        match c {
            c if c.is_whitespace() => {
                cursor.next();
            }
            '[' => {
                cursor.next();
                if !moves.is_empty() {
                    // A new header after moves with no result token: the last game ended.
                    games.push(finish(&mut tags, &mut moves, None));
                }
                tags.push(cursor.tag()?);
            }
            '{' | '(' => {
                cursor.next();
                cursor.skip_group(c)?;
            }
            ';' => cursor.skip_line(),
            _ => {
                let word = cursor.word();
                if word.is_empty() {
                    return Err(cursor.error(format!("unexpected '{c}'")));
                }
                if let Some(result) = PdnResult::from_token(&word) {
                    games.push(finish(&mut tags, &mut moves, Some(result)));
                    continue;
                }
                if word.starts_with('$') {
                    continue;
                }
                let mv = move_part(&word);
                if mv.is_empty() {
                    continue;
                }
                if !is_move(mv) {
                    return Err(cursor.error(format!("'{word}' is not a move")));
                }
                moves.push(mv.to_string());
            }
        }
    }
    if !tags.is_empty() || !moves.is_empty() {
        games.push(finish(&mut tags, &mut moves, None));
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(tags: &[(&str, &str)], moves: &[&str], result: PdnResult) -> PdnGame {
        PdnGame {
            tags: tags
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            result,
        }
    }

    #[test]
    fn writes_numbered_moves_with_x_captures() {
        let g = game(
            &[
                ("Event", "test \"q\""),
                ("Result", "2-0"),
                ("GameType", "25"),
            ],
            &["c3-d4", "f6-e5", "d4:f6", "g7:e5"],
            PdnResult::WhiteWins,
        );
        let text = g.to_text();
        assert_eq!(
            text,
            "[Event \"test \\\"q\\\"\"]\n[Result \"2-0\"]\n[GameType \"25\"]\n\n\
             1. c3-d4 f6-e5 2. d4xf6 g7xe5 2-0\n\n"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].tag("Event"), Some("test \"q\""));
        assert_eq!(back[0].moves, ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]);
        assert_eq!(back[0].result, PdnResult::WhiteWins);
    }

    #[test]
    fn black_first_is_numbered_with_dots_from_the_fen() {
        let g = game(
            &[("SetUp", "1"), ("FEN", "B:Wa1,c3:Bf6,h8:H0:F7")],
            &["f6-e5", "c3-d4", "e5:c3"],
            PdnResult::Draw,
        );
        let text = g.to_text();
        assert!(
            text.ends_with("7... f6-e5 8. c3-d4 e5xc3 1-1\n\n"),
            "{text}"
        );
        assert_eq!(read(&text).unwrap()[0].moves, ["f6-e5", "c3-d4", "e5xc3"]);
    }

    #[test]
    fn long_games_wrap_and_still_read() {
        let moves: Vec<&str> = ["c1-b2", "h8-g7", "b2-c1", "g7-h8"]
            .into_iter()
            .cycle()
            .take(60)
            .collect();
        let g = game(&[], &moves, PdnResult::Draw);
        let text = g.to_text();
        assert!(text.lines().all(|l| l.len() <= 79));
        assert_eq!(read(&text).unwrap()[0].moves.len(), 60);
    }

    #[test]
    fn reader_is_liberal() {
        let text = "% a file comment\n[Event \"a\"]\n[Result \"0-2\"]\n\
                    1.c3-d4 {a comment} f6-g5 $1 (2. d4-c5 (2. a3-b4)) 2. d4-c5!? b6:d4 0-2\n\
                    [Event \"b\"]\n1. 22-18 11-15 *\n\
                    [Event \"c\"]\n[Result \"1-1\"]\n1. e3-f4\n";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves, ["c3-d4", "f6-g5", "d4-c5", "b6:d4"]);
        assert_eq!(games[0].result, PdnResult::BlackWins);
        assert_eq!(games[1].moves, ["22-18", "11-15"]);
        assert_eq!(games[1].result, PdnResult::Unknown);
        assert_eq!(games[2].result, PdnResult::Draw, "taken from the tag");
    }

    #[test]
    fn fuk_huffs_read_back() {
        let g = game(
            &[("Variant", "fuk")],
            &["e5*c3-d4", "h2*g3:e1:b4"],
            PdnResult::Unknown,
        );
        let back = read(&g.to_text()).unwrap();
        assert_eq!(back[0].moves, ["e5*c3-d4", "h2*g3xe1xb4"]);
        assert!(read("1. *c3-d4 *").is_err());
        assert!(read("1. e5*c3 *").is_err());
        assert!(read("1. e5**c3-d4 *").is_err());
    }

    #[test]
    fn reader_reports_the_line_of_an_error() {
        let err = read("[Event \"a\"]\n1. c3-d4 hello 2-0\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(read("[Event \"a").is_err());
        assert!(read("1. c3-d4 {open").is_err());
    }
}
