//! [`Command::parse`]: one input line of the UCI-style protocol into a [`Command`], or a
//! [`ProtocolError`] that says what is wrong with it.
//!
//! Pure: no I/O and no engine state, and no input can make it panic. Moves and FENs stay text
//! here, because whether they are legal depends on the position; the loop checks them.

use crate::lines::LineError;
use damka_engine::search::Limits;
use damka_rules::types::Side;
use std::fmt;
use std::time::Duration;

pub use crate::lines::MAX_LINE;

/// The deepest `perft` accepted: deeper would never finish, and every ply costs memory.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Every command name, in the order `help` and error messages list them.
pub const COMMANDS: [&str; 16] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "moves",
    "perft",
    "eval",
    "bench",
    "help",
];

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug [on|off]`: accepted for UCI's sake; it changes nothing.
    Debug(bool),
    /// `isready`: answer `readyok` once the earlier commands are done.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name, words joined by one space.
        name: String,
        /// The value, if one was given.
        value: Option<String>,
    },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen <FEN> [moves <move>...]`.
    Position {
        /// The FEN, or `None` for the initial position.
        fen: Option<String>,
        /// The moves to play from there.
        moves: Vec<String>,
    },
    /// `go [...]`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the board and the game state.
    Display,
    /// `moves`: list the legal moves.
    Moves,
    /// `perft <depth>`.
    Perft(u32),
    /// `eval`: the evaluation term by term.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `help`: list the commands.
    Help,
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The limits; `searchmoves` is left empty here and filled in by the loop.
    pub limits: Limits,
    /// The moves of `searchmoves`, as given.
    pub searchmoves: Vec<String>,
    /// When the line was read: the clock runs from there, however busy the main loop was.
    pub received: Option<std::time::Instant>,
}

/// Why an input line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Nothing but white space (ignored without a reply).
    Empty,
    /// The line cannot be a command: too long, or not UTF-8.
    Line(LineError),
    /// The first word is no command.
    UnknownCommand(String),
    /// A command with arguments it does not take.
    Syntax {
        /// The command.
        command: &'static str,
        /// What is wrong.
        message: String,
    },
}

impl From<LineError> for ProtocolError {
    fn from(e: LineError) -> Self {
        ProtocolError::Line(e)
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => f.write_str("empty line"),
            ProtocolError::Line(e) => e.fmt(f),
            ProtocolError::UnknownCommand(word) => write!(
                f,
                "unknown command '{}' (commands: {})",
                printable(word, 40),
                COMMANDS.join(" ")
            ),
            ProtocolError::Syntax { command, message } => write!(f, "{command}: {message}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// `text` made safe to show on one output line: control characters escaped and at most
/// `max_chars` characters kept, with `…` marking a cut.
pub fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max_chars {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

fn syntax(command: &'static str, message: impl Into<String>) -> ProtocolError {
    ProtocolError::Syntax {
        command,
        message: message.into(),
    }
}

/// Fails unless the command was given alone.
fn no_args(name: &'static str, args: &[&str], command: Command) -> Result<Command, ProtocolError> {
    match args.first() {
        None => Ok(command),
        Some(extra) => Err(syntax(
            name,
            format!("takes no arguments, got '{}'", printable(extra, 40)),
        )),
    }
}

/// True if `token` is `word`, ignoring ASCII case.
fn is(token: &str, word: &str) -> bool {
    token.eq_ignore_ascii_case(word)
}

/// True for a whole number, digits only.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// True for a negative whole number: `-` and digits.
fn is_negative_integer(text: &str) -> bool {
    text.strip_prefix('-').is_some_and(is_digits)
}

/// Reads a non-negative integer argument.
fn number(command: &'static str, what: &str, text: Option<&&str>) -> Result<u64, ProtocolError> {
    let Some(text) = text else {
        return Err(syntax(command, format!("'{what}' needs a number")));
    };
    let shown = printable(text, 40);
    match text.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if is_negative_integer(text) => Err(syntax(
            command,
            format!("'{what}' must not be negative, got {shown}"),
        )),
        Err(_) if is_digits(text) => Err(syntax(
            command,
            format!("'{what}' {shown} is too large (at most {})", u64::MAX),
        )),
        Err(_) => Err(syntax(
            command,
            format!("'{what}' takes a whole number, not '{shown}'"),
        )),
    }
}

/// Reads an integer argument in `min..=max`.
fn bounded(
    command: &'static str,
    what: &str,
    text: Option<&&str>,
    min: u64,
    max: u64,
) -> Result<u64, ProtocolError> {
    let n = number(command, what, text)?;
    if n < min || n > max {
        return Err(syntax(
            command,
            format!("'{what}' must be between {min} and {max}, not {n}"),
        ));
    }
    Ok(n)
}

impl Command {
    /// Parses a raw input line (without its newline): UTF-8 is checked, a trailing `\r` is
    /// dropped, then [`Command::parse`].
    pub fn parse_bytes(line: &[u8]) -> Result<Command, ProtocolError> {
        Command::parse(crate::lines::decode(line)?)
    }

    /// Parses one line. Words are separated by white space; command names and keywords are
    /// case-insensitive, FENs and moves are passed on as written.
    ///
    /// ```
    /// use damka::protocol::Command;
    /// assert_eq!(Command::parse("isready"), Ok(Command::IsReady));
    /// assert!(Command::parse("go depth -3").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Command, ProtocolError> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Err(ProtocolError::Empty);
        };
        let args: Vec<&str> = words.collect();
        match first.to_ascii_lowercase().as_str() {
            "uci" => no_args("uci", &args, Command::Uci),
            "debug" => match args.as_slice() {
                [] => Ok(Command::Debug(true)),
                [on] if is(on, "on") => Ok(Command::Debug(true)),
                [off] if is(off, "off") => Ok(Command::Debug(false)),
                _ => Err(syntax("debug", "expected 'on' or 'off'")),
            },
            "isready" => no_args("isready", &args, Command::IsReady),
            "setoption" => parse_setoption(&args),
            "ucinewgame" => no_args("ucinewgame", &args, Command::NewGame),
            "position" => parse_position(&args),
            "go" => parse_go(&args).map(Command::Go),
            "stop" => no_args("stop", &args, Command::Stop),
            "ponderhit" => no_args("ponderhit", &args, Command::PonderHit),
            "quit" => no_args("quit", &args, Command::Quit),
            "d" => no_args("d", &args, Command::Display),
            "moves" => no_args("moves", &args, Command::Moves),
            "eval" => no_args("eval", &args, Command::Eval),
            "help" => no_args("help", &args, Command::Help),
            "perft" => {
                let depth = bounded("perft", "depth", args.first(), 0, MAX_PERFT_DEPTH as u64)?;
                no_args("perft", &args[1..], Command::Perft(depth as u32))
            }
            "bench" => match args.first() {
                None => Ok(Command::Bench(None)),
                some => {
                    let depth = bounded("bench", "depth", some, 1, u32::MAX as u64)?;
                    no_args("bench", &args[1..], Command::Bench(Some(depth as u32)))
                }
            },
            _ => Err(ProtocolError::UnknownCommand(first.to_string())),
        }
    }
}

/// `setoption name <words> [value <words>]`.
fn parse_setoption(args: &[&str]) -> Result<Command, ProtocolError> {
    let Some((first, rest)) = args.split_first() else {
        return Err(syntax(
            "setoption",
            "expected 'name <option> [value <value>]'",
        ));
    };
    if !is(first, "name") {
        return Err(syntax(
            "setoption",
            format!("expected 'name', not '{}'", printable(first, 40)),
        ));
    }
    let (name, value) = match rest.iter().position(|w| is(w, "value")) {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(syntax("setoption", "the option name is missing"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos [moves ...]` or `position fen <FEN> [moves ...]`.
fn parse_position(args: &[&str]) -> Result<Command, ProtocolError> {
    let moves_at = args.iter().position(|w| is(w, "moves"));
    let (setup, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &args[args.len()..]),
    };
    let moves = moves.iter().map(|m| m.to_string()).collect();
    match setup.split_first() {
        Some((first, [])) if is(first, "startpos") => Ok(Command::Position { fen: None, moves }),
        Some((first, extra)) if is(first, "startpos") => Err(syntax(
            "position",
            format!(
                "expected 'moves' after 'startpos', not '{}'",
                printable(extra[0], 40)
            ),
        )),
        Some((first, [])) if is(first, "fen") => Err(syntax("position", "the FEN is missing")),
        Some((first, fen)) if is(first, "fen") => Ok(Command::Position {
            fen: Some(fen.join(" ")),
            moves,
        }),
        Some((first, _)) => Err(syntax(
            "position",
            format!(
                "expected 'startpos' or 'fen', not '{}'",
                printable(first, 40)
            ),
        )),
        None => Err(syntax("position", "expected 'startpos' or 'fen <FEN>'")),
    }
}

/// The keywords of `go` that take a number.
const GO_NUMBERS: [&str; 9] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
];

/// Reads a time of `go` in milliseconds. A negative time is read as 0, so that the engine still
/// answers at once: GUIs send one when a clock has run past zero, and then wait for a move.
fn clock_ms(what: &str, text: Option<&&str>) -> Result<u64, ProtocolError> {
    match text {
        Some(t) if is_negative_integer(t) => Ok(0),
        _ => number("go", what, text),
    }
}

/// `go` and its parameters, in any order, each at most once.
fn parse_go(args: &[&str]) -> Result<Go, ProtocolError> {
    let is_keyword = |w: &str| {
        GO_NUMBERS.iter().any(|k| is(w, k))
            || is(w, "infinite")
            || is(w, "ponder")
            || is(w, "searchmoves")
    };
    let mut go = Go::default();
    let mut seen: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let word = args[i].to_ascii_lowercase();
        if !is_keyword(&word) {
            return Err(syntax(
                "go",
                format!("unknown parameter '{}'", printable(args[i], 40)),
            ));
        }
        if seen.contains(&word) {
            return Err(syntax("go", format!("'{word}' is given twice")));
        }
        let value = args.get(i + 1);
        let ms = |value| clock_ms(&word, value).map(Duration::from_millis);
        let limits = &mut go.limits;
        i += 2;
        match word.as_str() {
            "wtime" => limits.time[Side::White.index()] = Some(ms(value)?),
            "btime" => limits.time[Side::Black.index()] = Some(ms(value)?),
            "winc" => limits.inc[Side::White.index()] = Some(ms(value)?),
            "binc" => limits.inc[Side::Black.index()] = Some(ms(value)?),
            "movetime" => limits.movetime = Some(ms(value)?),
            "movestogo" => {
                limits.movestogo = Some(bounded("go", &word, value, 1, u32::MAX as u64)? as u32)
            }
            "depth" => limits.depth = Some(bounded("go", &word, value, 1, u32::MAX as u64)? as u32),
            "mate" => limits.mate = Some(bounded("go", &word, value, 1, u32::MAX as u64)? as u32),
            "nodes" => limits.nodes = Some(bounded("go", &word, value, 1, u64::MAX)?),
            "infinite" => {
                limits.infinite = true;
                i -= 1;
            }
            "ponder" => {
                limits.ponder = true;
                i -= 1;
            }
            _ => {
                // searchmoves: every word up to the next keyword.
                i -= 1;
                let start = i;
                while i < args.len() && !is_keyword(args[i]) {
                    i += 1;
                }
                if i == start {
                    return Err(syntax("go", "'searchmoves' needs at least one move"));
                }
                go.searchmoves = args[start..i].iter().map(|m| m.to_string()).collect();
            }
        }
        seen.push(word);
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        match Command::parse(line) {
            Ok(command) => panic!("'{line}' parsed as {command:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn simple_commands_parse_in_any_case_and_reject_arguments() {
        assert_eq!(Command::parse("uci"), Ok(Command::Uci));
        assert_eq!(Command::parse("  IsReady \t"), Ok(Command::IsReady));
        assert_eq!(Command::parse("ucinewgame"), Ok(Command::NewGame));
        assert_eq!(Command::parse("stop"), Ok(Command::Stop));
        assert_eq!(Command::parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(Command::parse("quit"), Ok(Command::Quit));
        assert_eq!(Command::parse("d"), Ok(Command::Display));
        assert_eq!(Command::parse("moves"), Ok(Command::Moves));
        assert_eq!(Command::parse("eval"), Ok(Command::Eval));
        assert_eq!(Command::parse("debug off"), Ok(Command::Debug(false)));
        assert!(error("isready now").contains("takes no arguments"));
        assert!(error("debug maybe").contains("'on' or 'off'"));
    }

    #[test]
    fn blank_and_unknown_lines() {
        assert_eq!(Command::parse(""), Err(ProtocolError::Empty));
        assert_eq!(Command::parse(" \t "), Err(ProtocolError::Empty));
        let message = error("xyzzy plugh");
        assert!(message.contains("unknown command 'xyzzy'"), "{message}");
        assert!(message.contains("isready"), "{message}");
    }

    #[test]
    fn raw_lines_check_utf8_and_drop_carriage_returns() {
        assert_eq!(Command::parse_bytes(b"isready\r"), Ok(Command::IsReady));
        assert_eq!(
            Command::parse_bytes(b"go \xff\xfe"),
            Err(ProtocolError::Line(LineError::NotUtf8 { offset: 3 }))
        );
    }

    #[test]
    fn setoption_names_and_values_keep_their_words() {
        assert_eq!(
            Command::parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            Command::parse("setoption name Move  Overhead value 100"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert!(error("setoption").contains("expected 'name"));
        assert!(error("setoption Hash 5").contains("expected 'name'"));
        assert!(error("setoption name value 5").contains("name is missing"));
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            Command::parse("position startpos"),
            Ok(Command::Position {
                fen: None,
                moves: vec![]
            })
        );
        assert_eq!(
            Command::parse("position startpos moves c3-d4 f6-e5"),
            Ok(Command::Position {
                fen: None,
                moves: vec!["c3-d4".into(), "f6-e5".into()]
            })
        );
        assert_eq!(
            Command::parse("position fen W:W21-32 :B1-12 moves"),
            Ok(Command::Position {
                fen: Some("W:W21-32 :B1-12".into()),
                moves: vec![]
            })
        );
        assert!(error("position").contains("'startpos' or 'fen"));
        assert!(error("position fen").contains("FEN is missing"));
        assert!(error("position fen moves c3-d4").contains("FEN is missing"));
        assert!(error("position startpos c3-d4").contains("expected 'moves'"));
        assert!(error("position start").contains("not 'start'"));
    }

    #[test]
    fn go_reads_every_parameter() {
        let Ok(Command::Go(go)) = Command::parse(
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 900 \
             movetime 300 mate 2 infinite ponder searchmoves c3-d4 a3-b4",
        ) else {
            panic!("go did not parse");
        };
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(go.limits.time, [ms(1000), ms(2000)]);
        assert_eq!(go.limits.inc, [ms(10), ms(20)]);
        assert_eq!(go.limits.movestogo, Some(5));
        assert_eq!(go.limits.depth, Some(7));
        assert_eq!(go.limits.nodes, Some(900));
        assert_eq!(go.limits.movetime, ms(300));
        assert_eq!(go.limits.mate, Some(2));
        assert!(go.limits.infinite && go.limits.ponder);
        assert_eq!(go.searchmoves, ["c3-d4", "a3-b4"]);
        // searchmoves may be followed by other parameters.
        let Ok(Command::Go(go)) = Command::parse("go searchmoves c3-d4 depth 3") else {
            panic!("go did not parse");
        };
        assert_eq!(go.searchmoves, ["c3-d4"]);
        assert_eq!(go.limits.depth, Some(3));
        assert_eq!(Command::parse("go"), Ok(Command::Go(Go::default())));
    }

    #[test]
    fn go_rejects_nonsense() {
        assert!(error("go depth -1").contains("negative"));
        assert!(error("go depth 0").contains("between 1 and"));
        assert!(error("go depth 99999999999").contains("between 1 and"));
        assert!(error("go nodes 99999999999999999999999").contains("too large"));
        assert!(error("go wtime abc").contains("whole number"));
        assert!(error("go wtime -").contains("whole number"));
        assert!(error("go wtime 1.5").contains("whole number"));
        assert!(error("go movetime").contains("needs a number"));
        assert!(error("go depth 5 frobnicate").contains("unknown parameter 'frobnicate'"));
        assert!(error("go depth 5 depth 6").contains("twice"));
        assert!(error("go searchmoves").contains("at least one move"));
        assert!(error("go searchmoves infinite").contains("at least one move"));
        assert!(error("go movestogo 0").contains("between 1 and"));
    }

    #[test]
    fn perft_and_bench_depths() {
        assert_eq!(Command::parse("perft 5"), Ok(Command::Perft(5)));
        assert_eq!(Command::parse("perft 0"), Ok(Command::Perft(0)));
        assert_eq!(Command::parse("bench"), Ok(Command::Bench(None)));
        assert_eq!(Command::parse("bench 7"), Ok(Command::Bench(Some(7))));
        assert!(error("perft").contains("needs a number"));
        assert!(error("perft 65").contains("between 0 and 64"));
        assert!(error("perft 3 4").contains("takes no arguments"));
        assert!(error("bench 0").contains("between 1 and"));
        assert!(error("bench x").contains("whole number"));
    }

    #[test]
    fn messages_quote_input_safely() {
        let long = "x".repeat(10_000);
        let message = error(&long);
        assert!(message.len() < 400, "{}", message.len());
        assert!(message.contains('…'));
        let message = error("go \u{1b}[31m");
        assert!(!message.chars().any(|c| c.is_control()), "{message:?}");
        assert_eq!(printable("a\tb\r", 10), "a\\tb\\r");
    }

    #[test]
    fn random_lines_never_panic() {
        // A fixed xorshift stream: words from the protocol, numbers and junk in random order.
        let words = [
            "go",
            "depth",
            "-1",
            "0",
            "7",
            "18446744073709551616",
            "searchmoves",
            "infinite",
            "ponder",
            "position",
            "fen",
            "startpos",
            "moves",
            "setoption",
            "name",
            "value",
            "perft",
            "bench",
            "c3-d4",
            "W:W21-32:B1-12",
            "é",
            "",
            "\u{0}",
            "wtime",
            "mate",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let mut line = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            for k in 0..(state % 9) {
                let pick = (state.rotate_left(k as u32 * 7) % words.len() as u64) as usize;
                line.push_str(words[pick]);
                line.push(' ');
            }
            let _ = Command::parse(&line);
            let _ = Command::parse_bytes(line.as_bytes());
        }
    }
}
