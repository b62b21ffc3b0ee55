//! Hub input lines to [`Command`]s: a pure parser with no engine state. It checks syntax only
//! (numbers are numbers, the board has only `w b W B e`); whether a position or a move makes
//! sense is for the loop to decide with the engine.
//!
//! Syntax (Scan's `protocol.txt`): `<command> <name>=<value> <name>=<value> …`, a value quoted
//! with `"` when it holds a blank or `=`, a flag written as a bare name. Unknown commands and
//! unknown arguments are kept or skipped, never errors, so that newer clients still work.

use damka_rules::types::{Kind, Piece, Side};
use std::fmt;
use std::time::Duration;

/// Why a Hub line cannot be obeyed. Every variant becomes one `error message="…"` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubError {
    /// The line does not follow `<command> <name>=<value> …`.
    Syntax(String),
    /// A required argument is absent.
    MissingArgument {
        /// The command.
        command: &'static str,
        /// The argument it needs.
        argument: &'static str,
    },
    /// An argument's value is not what it should be.
    BadValue {
        /// The argument.
        argument: String,
        /// Its value as given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The `pos=` value is not a position of the current game.
    BadPosition(String),
    /// A move of `moves=` is malformed or illegal.
    BadMove {
        /// The move as given.
        text: String,
        /// Why.
        reason: String,
    },
    /// The engine refused a parameter.
    Param(String),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::Syntax(why) => write!(f, "bad syntax: {why}"),
            HubError::MissingArgument { command, argument } => {
                write!(f, "{command} needs {argument}=")
            }
            HubError::BadValue {
                argument,
                value,
                expected,
            } => write!(f, "{argument}={value}: expected {expected}"),
            HubError::BadPosition(why) => write!(f, "bad position: {why}"),
            HubError::BadMove { text, reason } => write!(f, "bad move {text}: {reason}"),
            HubError::Param(why) => write!(f, "bad parameter: {why}"),
        }
    }
}

impl std::error::Error for HubError {}

/// One `name[=value]` argument; a flag has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The argument's name.
    pub name: String,
    /// Its value, `None` for a flag.
    pub value: Option<String>,
}

/// A Hub position: the side to move and one cell per square in the protocol's order (for the
/// 8×8 games, b8, d8, … g1, that is PDN order 1 … 32).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubBoard {
    /// The side to move.
    pub side: Side,
    /// Each square's piece, square 1 first.
    pub cells: Vec<Option<Piece>>,
}

/// A move as Hub writes it: `from-to` or `fromxto[xcaptured…]`, squares as numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubMove {
    /// The text as given, for error messages.
    pub text: String,
    /// Start square number.
    pub from: u8,
    /// End square number.
    pub to: u8,
    /// Captured square numbers, in the order given (may be empty).
    pub captured: Vec<u8>,
}

/// What `level` sets; every field is optional and later `level` lines add to earlier ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// `depth=`: plies.
    pub depth: Option<u32>,
    /// `nodes=`: nodes.
    pub nodes: Option<u64>,
    /// `move-time=`: time for this move.
    pub move_time: Option<Duration>,
    /// `moves=`: moves until the next time control.
    pub moves: Option<u32>,
    /// `time=`: time left on our clock, before this move's increment is added.
    pub time: Option<Duration>,
    /// `inc=`: increment per move.
    pub inc: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Level {
    /// Adds the fields set in `other`, which win over ours.
    pub fn merge(&mut self, other: Level) {
        self.depth = other.depth.or(self.depth);
        self.nodes = other.nodes.or(self.nodes);
        self.move_time = other.move_time.or(self.move_time);
        self.moves = other.moves.or(self.moves);
        self.time = other.time.or(self.time);
        self.inc = other.inc.or(self.inc);
        self.infinite |= other.infinite;
    }
}

/// How `go` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// Play a move within the level.
    Think,
    /// Search the position after the expected reply; the clock starts at `ponder-hit`.
    Ponder,
    /// Analysis: same search, the GUI cares about the lines.
    Analyze,
}

/// A line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `hub`: list identity and parameters, then `wait`.
    Hub,
    /// `init`: answer `ready`.
    Init,
    /// `set-param name=… value=…`.
    SetParam {
        /// Parameter name.
        name: String,
        /// New value (empty if none was given).
        value: String,
    },
    /// `new-game`.
    NewGame,
    /// `pos [pos=…] [start] [moves="…"]`; no board means the initial position.
    Pos {
        /// The board, or `None` for the initial position.
        board: Option<HubBoard>,
        /// Moves played from it.
        moves: Vec<HubMove>,
    },
    /// `level …`.
    Level(Level),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `stop`.
    Stop,
    /// `ponder-hit`.
    PonderHit,
    /// `ping`.
    Ping,
    /// `quit`.
    Quit,
    /// A command this version does not know (ignored, as the protocol asks).
    Unknown(String),
    /// A blank line.
    Empty,
}

impl Command {
    /// Parses one line.
    ///
    /// ```
    /// use damka::hub::command::{Command, GoMode};
    /// assert_eq!(Command::parse("go think"), Ok(Command::Go(GoMode::Think)));
    /// assert!(Command::parse("level depth=x").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Command, HubError> {
        let (name, pairs) = split_line(line)?;
        let Some(name) = name else {
            return Ok(Command::Empty);
        };
        let flag = |wanted: &str| pairs.iter().any(|p| p.name == wanted);
        let value = |wanted: &str| {
            pairs
                .iter()
                .rev()
                .find(|p| p.name == wanted)
                .and_then(|p| p.value.as_deref())
        };
        Ok(match name.as_str() {
            "hub" => Command::Hub,
            "init" => Command::Init,
            "new-game" => Command::NewGame,
            "stop" => Command::Stop,
            "ponder-hit" => Command::PonderHit,
            "ping" => Command::Ping,
            "quit" => Command::Quit,
            "set-param" => {
                let name =
                    value("name")
                        .filter(|n| !n.is_empty())
                        .ok_or(HubError::MissingArgument {
                            command: "set-param",
                            argument: "name",
                        })?;
                Command::SetParam {
                    name: name.to_string(),
                    value: value("value").unwrap_or_default().to_string(),
                }
            }
            "pos" => {
                let board = match value("pos") {
                    Some(text) if !flag("start") => Some(parse_board(text)?),
                    _ if flag("pos") && !flag("start") => {
                        return Err(HubError::MissingArgument {
                            command: "pos",
                            argument: "pos",
                        });
                    }
                    _ => None,
                };
                let moves = value("moves")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(parse_move)
                    .collect::<Result<Vec<_>, _>>()?;
                Command::Pos { board, moves }
            }
            "level" => Command::Level(parse_level(&pairs)?),
            "go" => Command::Go(if flag("ponder") {
                GoMode::Ponder
            } else if flag("analyze") {
                GoMode::Analyze
            } else {
                GoMode::Think
            }),
            _ => Command::Unknown(name),
        })
    }
}

/// True for the characters a bare name or value may hold.
fn is_name_char(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

/// Splits a line into its command name (`None` for a blank line) and its arguments.
pub fn split_line(line: &str) -> Result<(Option<String>, Vec<Pair>), HubError> {
    let mut rest = line.trim_start();
    if rest.is_empty() {
        return Ok((None, Vec::new()));
    }
    let command = take_name(&mut rest)?;
    let mut pairs = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let name = take_name(&mut rest)?;
        rest = rest.trim_start();
        let value = match rest.strip_prefix('=') {
            Some(after) => {
                rest = after.trim_start();
                Some(take_value(&mut rest, &name)?)
            }
            None => None,
        };
        pairs.push(Pair { name, value });
    }
    Ok((Some(command), pairs))
}

fn take_name(rest: &mut &str) -> Result<String, HubError> {
    let end = rest.find(|c| !is_name_char(c)).unwrap_or(rest.len());
    if end == 0 {
        let found = rest.chars().next().unwrap_or(' ');
        return Err(HubError::Syntax(format!(
            "expected a name, found '{found}'"
        )));
    }
    let (name, after) = rest.split_at(end);
    *rest = after;
    Ok(name.to_string())
}

fn take_value(rest: &mut &str, name: &str) -> Result<String, HubError> {
    if let Some(quoted) = rest.strip_prefix('"') {
        let end = quoted
            .find('"')
            .ok_or_else(|| HubError::Syntax(format!("the value of {name} has no closing quote")))?;
        let value = quoted[..end].to_string();
        *rest = &quoted[end + 1..];
        return Ok(value);
    }
    take_name(rest).map_err(|_| HubError::Syntax(format!("{name}= has no value")))
}

/// Reads a `pos=` board: the side to move (`W`/`B`) then one of `w b W B e` per square.
pub fn parse_board(text: &str) -> Result<HubBoard, HubError> {
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('W') => Side::White,
        Some('B') => Side::Black,
        Some(c) => {
            return Err(HubError::BadPosition(format!(
                "the side to move '{c}' must be W or B"
            )));
        }
        None => return Err(HubError::BadPosition("empty position".to_string())),
    };
    let cells = chars
        .enumerate()
        .map(|(i, c)| {
            let piece = |side, kind| Some(Piece { side, kind });
            match c {
                'w' => Ok(piece(Side::White, Kind::Man)),
                'b' => Ok(piece(Side::Black, Kind::Man)),
                'W' => Ok(piece(Side::White, Kind::King)),
                'B' => Ok(piece(Side::Black, Kind::King)),
                'e' => Ok(None),
                other => Err(HubError::BadPosition(format!(
                    "square {} holds '{other}' (expected w, b, W, B or e)",
                    i + 1
                ))),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HubBoard { side, cells })
}

/// Reads one move: `12-16`, or `9x18x13` (from, to, then the captured squares).
pub fn parse_move(text: &str) -> Result<HubMove, HubError> {
    let bad = |reason: &str| HubError::BadMove {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    let capture = text.contains(['x', 'X']);
    let parts: Vec<&str> = if capture {
        text.split(['x', 'X']).collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(bad(
            "expected from-to, or fromxto followed by xcaptured for each captured piece",
        ));
    }
    let numbers = parts
        .iter()
        .map(|p| p.parse::<u8>().map_err(|_| bad("squares are numbers")))
        .collect::<Result<Vec<u8>, _>>()?;
    Ok(HubMove {
        text: text.to_string(),
        from: numbers[0],
        to: numbers[1],
        captured: numbers[2..].to_vec(),
    })
}

fn parse_level(pairs: &[Pair]) -> Result<Level, HubError> {
    let mut level = Level::default();
    for pair in pairs {
        match pair.name.as_str() {
            "depth" => level.depth = Some(positive(pair)?),
            "nodes" => level.nodes = Some(positive(pair)?),
            "moves" => level.moves = Some(number(pair)?),
            "move-time" => level.move_time = Some(time(pair)?),
            "time" => level.time = Some(time(pair)?),
            "inc" => level.inc = Some(time(pair)?),
            "infinite" => level.infinite = true,
            _ => {}
        }
    }
    Ok(level)
}

fn bad_value(pair: &Pair, expected: &'static str) -> HubError {
    HubError::BadValue {
        argument: pair.name.clone(),
        value: pair.value.clone().unwrap_or_default(),
        expected,
    }
}

/// The value of a `level` argument as a whole number.
fn number<T: std::str::FromStr>(pair: &Pair) -> Result<T, HubError> {
    pair.value
        .as_deref()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| bad_value(pair, "a whole number"))
}

/// A whole number of at least 1: a search limited to 0 plies or nodes is refused, as the
/// UCI-style `go` refuses it.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(pair: &Pair) -> Result<T, HubError> {
    number(pair)
        .ok()
        .filter(|n: &T| *n >= T::from(1))
        .ok_or_else(|| bad_value(pair, "a whole number of at least 1"))
}

/// The value of a `level` argument as a time in seconds.
fn time(pair: &Pair) -> Result<Duration, HubError> {
    pair.value
        .as_deref()
        .and_then(seconds)
        .ok_or_else(|| bad_value(pair, "seconds"))
}

/// The most seconds a time value may say (about four months); more is taken as this much.
const MAX_SECONDS: f64 = 1e7;

/// Reads a time in seconds (a real number). A negative time (a clock already run down) counts
/// as zero; text that is not a finite number is `None`.
pub fn seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    if !value.is_finite() {
        return None;
    }
    Some(Duration::from_secs_f64(value.clamp(0.0, MAX_SECONDS)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(line: &str) -> Vec<(String, Option<String>)> {
        split_line(line)
            .unwrap()
            .1
            .into_iter()
            .map(|p| (p.name, p.value))
            .collect()
    }

    #[test]
    fn lines_split_into_names_values_and_flags() {
        assert_eq!(split_line("   ").unwrap(), (None, Vec::new()));
        assert_eq!(
            pairs(r#"pos pos=Wee moves="12-16 21-17"  start"#),
            vec![
                ("pos".to_string(), Some("Wee".to_string())),
                ("moves".to_string(), Some("12-16 21-17".to_string())),
                ("start".to_string(), None),
            ]
        );
        assert_eq!(
            pairs(r#"set-param name = threads value="""#),
            vec![
                ("name".to_string(), Some("threads".to_string())),
                ("value".to_string(), Some(String::new())),
            ]
        );
    }

    #[test]
    fn syntax_errors_are_reported() {
        for line in [r#"pos moves="12-16"#, "=x", "level depth=", r#"go "think""#] {
            assert!(
                matches!(Command::parse(line), Err(HubError::Syntax(_))),
                "{line}"
            );
        }
    }

    #[test]
    fn commands_parse() {
        assert_eq!(Command::parse(""), Ok(Command::Empty));
        assert_eq!(Command::parse("hub"), Ok(Command::Hub));
        assert_eq!(Command::parse("ponder-hit"), Ok(Command::PonderHit));
        assert_eq!(
            Command::parse("frobnicate a=1"),
            Ok(Command::Unknown("frobnicate".to_string()))
        );
        assert_eq!(Command::parse("go"), Ok(Command::Go(GoMode::Think)));
        assert_eq!(
            Command::parse("go ponder extra"),
            Ok(Command::Go(GoMode::Ponder))
        );
        assert_eq!(
            Command::parse("go analyze"),
            Ok(Command::Go(GoMode::Analyze))
        );
        assert_eq!(
            Command::parse("set-param name=variant value=russian"),
            Ok(Command::SetParam {
                name: "variant".to_string(),
                value: "russian".to_string()
            })
        );
        assert!(matches!(
            Command::parse("set-param value=3"),
            Err(HubError::MissingArgument { .. })
        ));
    }

    #[test]
    fn levels_parse_and_merge() {
        let Ok(Command::Level(mut level)) =
            Command::parse("level moves=9 time=291.587 inc=1e-1 colour=red")
        else {
            panic!("level did not parse");
        };
        assert_eq!(level.moves, Some(9));
        assert_eq!(level.time, Some(Duration::from_millis(291_587)));
        assert_eq!(level.inc, Some(Duration::from_millis(100)));
        level.merge(Level {
            depth: Some(7),
            ..Level::default()
        });
        assert_eq!((level.depth, level.moves), (Some(7), Some(9)));
        assert_eq!(
            Command::parse("level time=-3"),
            Ok(Command::Level(Level {
                time: Some(Duration::ZERO),
                ..Level::default()
            }))
        );
        assert_eq!(
            Command::parse("level infinite"),
            Ok(Command::Level(Level {
                infinite: true,
                ..Level::default()
            }))
        );
        for line in [
            "level depth=deep",
            "level nodes=-5",
            "level nodes=0",
            "level depth=0",
            "level move-time=NaN",
            "level time=inf",
            "level depth",
        ] {
            assert!(
                matches!(Command::parse(line), Err(HubError::BadValue { .. })),
                "{line}"
            );
        }
    }

    #[test]
    fn moves_parse() {
        assert_eq!(
            parse_move("9x18x13").unwrap(),
            HubMove {
                text: "9x18x13".to_string(),
                from: 9,
                to: 18,
                captured: vec![13]
            }
        );
        assert_eq!(parse_move("11-15").unwrap().captured, Vec::<u8>::new());
        for bad in ["11", "11-15-19", "a-b", "11x", "x", "11--15", "300-1"] {
            assert!(parse_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn boards_parse() {
        let board = parse_board("Bwe").unwrap();
        assert_eq!(board.side, Side::Black);
        assert_eq!(board.cells.len(), 2);
        for bad in ["", "X", "Wq", "wee"] {
            assert!(
                matches!(parse_board(bad), Err(HubError::BadPosition(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            Command::parse("pos pos"),
            Err(HubError::MissingArgument { .. })
        ));
        assert_eq!(
            Command::parse("pos start"),
            Ok(Command::Pos {
                board: None,
                moves: Vec::new()
            })
        );
    }
}
