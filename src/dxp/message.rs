//! The seven DXP messages as values, read from and written to their fixed-width text form.
//!
//! Every message is one line of 1 to 127 ASCII characters whose first character names its
//! type: `C` chat, `R` game request, `A` game accept, `M` move, `E` game end, `B` back request,
//! `K` back accept. Numbers are zero-padded decimal fields of fixed width; names are 32
//! characters padded with blanks; squares are International draughts numbers 1..50.

use damka_rules::types::Side;
use std::fmt;

/// The longest message the protocol allows, in bytes.
pub const MAX_MESSAGE: usize = 127;

/// The only protocol version there is.
pub const VERSION: u32 = 1;

/// Why a received text is not a DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpError(pub String);

impl fmt::Display for DxpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DxpError {}

/// The follower's answer to a game request (`A` message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcceptCode {
    /// `0`: the game starts.
    Accepted,
    /// `1`: the request's protocol version is not the expected one.
    WrongVersion,
    /// `2`: not this game (time, position, rules), but another one is welcome.
    NotThisGame,
    /// `3`: no game at all.
    NoGames,
}

/// Why a game ends, as the side that ends it says (`E` message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason given (always allowed, and the only reason in an acknowledgement).
    Unknown,
    /// `1`: I give up.
    ILose,
    /// `2`: draw.
    Draw,
    /// `3`: I win.
    IWin,
}

/// The answer to a back request (`K` message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackCode {
    /// `0`: taken back as asked.
    Accepted,
    /// `1`: taking back is not supported.
    NotSupported,
    /// `2`: the game goes on from where it was.
    Continue,
}

/// A starting position given in a game request: the side to move and 50 squares, each `e`
/// (empty), `w`/`z` (white/black man) or `W`/`Z` (white/black king), square 1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpPosition {
    /// The side to move first.
    pub side: Side,
    /// The 50 squares.
    pub squares: String,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `C`: free text, at any time.
    Chat(String),
    /// `R`: the initiator asks for a game.
    GameRequest {
        /// Protocol version (always 1).
        version: u32,
        /// The initiator's name.
        name: String,
        /// The colour the follower plays.
        follower: Side,
        /// Thinking time of each side for the whole game, in minutes.
        minutes: u32,
        /// Moves in that time (0: no limit).
        moves: u32,
        /// The starting position, or `None` for the initial one.
        position: Option<DxpPosition>,
    },
    /// `A`: the follower's answer to a game request.
    GameAccept {
        /// The follower's name.
        name: String,
        /// Whether and why not.
        code: AcceptCode,
    },
    /// `M`: a move.
    Move {
        /// Seconds used to find it.
        seconds: u32,
        /// Start square.
        from: u8,
        /// End square.
        to: u8,
        /// Squares of the captured pieces, in any order.
        captured: Vec<u8>,
    },
    /// `E`: the end of the game (asked for, or acknowledged).
    GameEnd {
        /// Why.
        reason: EndReason,
        /// True if the sender wants no next game.
        stop: bool,
    },
    /// `B`: go back to the position before move `move_number` of `side`.
    BackRequest {
        /// The move number.
        move_number: u32,
        /// The side to move there.
        side: Side,
    },
    /// `K`: the answer to a back request.
    BackAccept(BackCode),
}

/// Reads a fixed-width decimal field.
fn number(text: &str, range: std::ops::Range<usize>, what: &str) -> Result<u32, DxpError> {
    let field = text
        .get(range.clone())
        .ok_or_else(|| DxpError(format!("message too short for its {what} field")))?;
    if !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DxpError(format!("{what} field '{field}' is not a number")));
    }
    field
        .parse()
        .map_err(|_| DxpError(format!("{what} field '{field}' is not a number")))
}

fn colour(text: &str, at: usize, what: &str) -> Result<Side, DxpError> {
    match text.as_bytes().get(at) {
        Some(b'W') => Ok(Side::White),
        Some(b'Z') => Ok(Side::Black),
        Some(&c) => Err(DxpError(format!(
            "{what} '{}' must be W or Z",
            char::from(c)
        ))),
        None => Err(DxpError(format!("message too short for its {what} field"))),
    }
}

fn colour_char(side: Side) -> char {
    match side {
        Side::White => 'W',
        Side::Black => 'Z',
    }
}

/// A name in its 32-character field: blanks added or the rest cut.
fn name_field(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .take(32)
        .collect();
    format!("{:<32}", clean.trim_start())
}

fn square(number: u32, what: &str) -> Result<u8, DxpError> {
    if (1..=50).contains(&number) {
        Ok(number as u8)
    } else {
        Err(DxpError(format!("{what} {number} is not a square (1..50)")))
    }
}

impl Message {
    /// Reads one message (without its terminating `\0`).
    pub fn parse(text: &str) -> Result<Message, DxpError> {
        if text.len() > MAX_MESSAGE {
            return Err(DxpError(format!(
                "message of {} bytes is longer than {MAX_MESSAGE}",
                text.len()
            )));
        }
        if !text.is_ascii() {
            return Err(DxpError("message is not ASCII".to_string()));
        }
        let Some(kind) = text.chars().next() else {
            return Err(DxpError("empty message".to_string()));
        };
        let exact = |length: usize| {
            if text.len() < length {
                Err(DxpError(format!(
                    "'{kind}' message of {} characters, {length} expected",
                    text.len()
                )))
            } else {
                Ok(())
            }
        };
        match kind {
            'C' => Ok(Message::Chat(text[1..].to_string())),
            'R' => {
                exact(43)?;
                let version = number(text, 1..3, "version")?;
                let name = text[3..35].trim_end().to_string();
                let follower = colour(text, 35, "follower colour")?;
                let minutes = number(text, 36..39, "thinking time")?;
                let moves = number(text, 39..42, "number of moves")?;
                let position = match &text[42..43] {
                    "A" => None,
                    "B" => {
                        exact(94)?;
                        let side = colour(text, 43, "colour to move")?;
                        let squares = text[44..94].to_string();
                        if let Some(bad) = squares.chars().find(|c| !"ewzWZ".contains(*c)) {
                            return Err(DxpError(format!(
                                "position holds '{bad}' (expected e, w, z, W or Z)"
                            )));
                        }
                        Some(DxpPosition { side, squares })
                    }
                    other => {
                        return Err(DxpError(format!(
                            "starting position indicator '{other}' must be A or B"
                        )));
                    }
                };
                Ok(Message::GameRequest {
                    version,
                    name,
                    follower,
                    minutes,
                    moves,
                    position,
                })
            }
            'A' => {
                exact(34)?;
                let code = match &text[33..34] {
                    "0" => AcceptCode::Accepted,
                    "1" => AcceptCode::WrongVersion,
                    "2" => AcceptCode::NotThisGame,
                    "3" => AcceptCode::NoGames,
                    other => return Err(DxpError(format!("acceptance code '{other}'"))),
                };
                Ok(Message::GameAccept {
                    name: text[1..33].trim_end().to_string(),
                    code,
                })
            }
            'M' => {
                exact(11)?;
                let seconds = number(text, 1..5, "time")?;
                let from = square(number(text, 5..7, "from field")?, "from field")?;
                let to = square(number(text, 7..9, "to field")?, "to field")?;
                let count = number(text, 9..11, "number captured")? as usize;
                if count > 20 {
                    return Err(DxpError(format!("{count} captured pieces (at most 20)")));
                }
                exact(11 + 2 * count)?;
                let captured = (0..count)
                    .map(|i| {
                        let at = 11 + 2 * i;
                        square(
                            number(text, at..at + 2, "captured piece")?,
                            "captured piece",
                        )
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                Ok(Message::Move {
                    seconds,
                    from,
                    to,
                    captured,
                })
            }
            'E' => {
                exact(3)?;
                let reason = match &text[1..2] {
                    "0" => EndReason::Unknown,
                    "1" => EndReason::ILose,
                    "2" => EndReason::Draw,
                    "3" => EndReason::IWin,
                    other => return Err(DxpError(format!("game end reason '{other}'"))),
                };
                let stop = match &text[2..3] {
                    "0" => false,
                    "1" => true,
                    other => return Err(DxpError(format!("game end stop code '{other}'"))),
                };
                Ok(Message::GameEnd { reason, stop })
            }
            'B' => {
                exact(5)?;
                Ok(Message::BackRequest {
                    move_number: number(text, 1..4, "move number")?,
                    side: colour(text, 4, "colour to move")?,
                })
            }
            'K' => {
                exact(2)?;
                let code = match &text[1..2] {
                    "0" => BackCode::Accepted,
                    "1" => BackCode::NotSupported,
                    "2" => BackCode::Continue,
                    other => return Err(DxpError(format!("back accept code '{other}'"))),
                };
                Ok(Message::BackAccept(code))
            }
            other => Err(DxpError(format!("unknown message type '{other}'"))),
        }
    }

    /// The message as it goes on the wire (without the terminating `\0`).
    pub fn text(&self) -> String {
        match self {
            Message::Chat(text) => {
                let clean: String = text
                    .chars()
                    .map(|c| if c.is_ascii() && c != '\0' { c } else { '?' })
                    .take(MAX_MESSAGE - 1)
                    .collect();
                format!("C{clean}")
            }
            Message::GameRequest {
                version,
                name,
                follower,
                minutes,
                moves,
                position,
            } => {
                let start = match position {
                    None => "A".to_string(),
                    Some(p) => format!("B{}{}", colour_char(p.side), p.squares),
                };
                format!(
                    "R{:02}{}{}{:03}{:03}{start}",
                    version % 100,
                    name_field(name),
                    colour_char(*follower),
                    minutes % 1000,
                    moves % 1000
                )
            }
            Message::GameAccept { name, code } => {
                let code = match code {
                    AcceptCode::Accepted => 0,
                    AcceptCode::WrongVersion => 1,
                    AcceptCode::NotThisGame => 2,
                    AcceptCode::NoGames => 3,
                };
                format!("A{}{code}", name_field(name))
            }
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                let list: String = captured.iter().map(|c| format!("{c:02}")).collect();
                format!(
                    "M{:04}{from:02}{to:02}{:02}{list}",
                    seconds.min(&9999),
                    captured.len()
                )
            }
            Message::GameEnd { reason, stop } => {
                let reason = match reason {
                    EndReason::Unknown => 0,
                    EndReason::ILose => 1,
                    EndReason::Draw => 2,
                    EndReason::IWin => 3,
                };
                format!("E{reason}{}", u8::from(*stop))
            }
            Message::BackRequest { move_number, side } => {
                format!("B{:03}{}", move_number % 1000, colour_char(*side))
            }
            Message::BackAccept(code) => {
                let code = match code {
                    BackCode::Accepted => 0,
                    BackCode::NotSupported => 1,
                    BackCode::Continue => 2,
                };
                format!("K{code}")
            }
        }
    }
}

/// The `GameType` number of the one game DXP plays: International draughts. The protocol's
/// messages have no field to name another, and its board is the 10×10 one.
const GAME_TYPE: u32 = 20;

/// The game DXP plays, found in the list of games by its PDN `GameType` number.
pub fn game() -> damka_rules::games::Variant {
    damka_rules::pdn::game_of_type(GAME_TYPE).expect("a game with GameType 20 is in the list")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specification_examples_read_and_write_back() {
        for text in [
            "R01Tornado voor Windows 4.0        W060065A",
            "ATornado voor Windows 4.0        0",
            "M0012061100",
            "M001205250422122320",
            "E00",
            "B005Z",
            "K1",
            "CWhat do you think about move 35?",
        ] {
            let message = Message::parse(text).unwrap();
            assert_eq!(message.text(), text, "{message:?}");
        }
        assert_eq!(
            Message::parse("M001205250422122320").unwrap(),
            Message::Move {
                seconds: 12,
                from: 5,
                to: 25,
                captured: vec![22, 12, 23, 20],
            }
        );
    }

    #[test]
    fn a_request_with_a_position() {
        let squares = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
        let text = format!("R01damka                           Z005000BW{squares}");
        let Message::GameRequest {
            follower, position, ..
        } = Message::parse(&text).unwrap()
        else {
            panic!()
        };
        assert_eq!(follower, Side::Black);
        assert_eq!(position.unwrap().squares, squares);
    }

    #[test]
    fn malformed_messages_are_errors() {
        for text in [
            "",
            "X123",
            "R01short",
            "R01Tornado voor Windows 4.0        Q060065A",
            "R01Tornado voor Windows 4.0        W0x0065A",
            "R01Tornado voor Windows 4.0        W060065C",
            "R01Tornado voor Windows 4.0        W060065BW",
            "ATornado",
            "M00120611",
            "M0012061102",
            "M00120611011",
            "M0012991100",
            "M0012001100",
            "M001206112101",
            "E9",
            "E05",
            "E40",
            "B00",
            "B005Q",
            "K7",
            "Mé",
        ] {
            assert!(Message::parse(text).is_err(), "{text}");
        }
        assert!(Message::parse(&format!("C{}", "x".repeat(127))).is_err());
    }
}
