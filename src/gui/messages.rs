//! The JSON messages between the page and the server (docs/gui.md describes them). Every
//! message is an object with a `type` field; requests come from the page, replies and events
//! go to it. Unknown or malformed requests are answered with an [`Reply::Error`].

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A request from the page.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// Send the current state.
    State,
    /// A new game of `variant` under its `options`, from `fen` or the initial position.
    New {
        /// The game's protocol name (`russian`, `bashni`…).
        variant: String,
        /// Values for the game's own options by name (`{"UgolkiHouse": "3x4"}`, as the state's
        /// `games` lists them); the current ones for the options left out.
        #[serde(default)]
        options: BTreeMap<String, String>,
        /// The start position; the initial one when absent or empty.
        #[serde(default)]
        fen: Option<String>,
    },
    /// Sets the position from a FEN of the current game; the move list starts again.
    Fen {
        /// The position.
        fen: String,
    },
    /// Plays a legal move given by its text, as listed in the state's `moves`.
    Move {
        /// The move's text in the game's notation.
        text: String,
        /// The number of plies the page has seen; a different number makes the request stale.
        ply: usize,
    },
    /// Takes back the last `count` plies (default 1).
    Takeback {
        /// How many plies.
        #[serde(default)]
        count: Option<usize>,
        /// The number of plies the page has seen.
        ply: usize,
    },
    /// The engine searches and plays its best move.
    Go {
        /// Milliseconds to think.
        #[serde(default)]
        movetime: Option<u64>,
        /// Plies to search, instead of a time.
        #[serde(default)]
        depth: Option<u32>,
        /// The number of plies the page has seen.
        ply: usize,
    },
    /// Analyses the current position until `stop`, streaming `info` events.
    Analyze {
        /// Lines to show.
        #[serde(default)]
        multipv: Option<usize>,
    },
    /// Stops a running search or analysis.
    Stop,
    /// The board after `ply` plies of the game, for viewing; the game is not changed.
    View {
        /// Plies from the start position.
        ply: usize,
    },
    /// The game as PDN text.
    PdnExport,
    /// Reads the first game of a PDN text and makes it the current game.
    PdnImport {
        /// The PDN text.
        text: String,
    },
}

/// One square of the board as the page draws it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Cell {
    /// The name moves use: `c3`, or `32` on a numbered board.
    pub name: String,
    /// The algebraic name, for the board editor's FEN.
    pub algebraic: String,
    /// The file, 0 = a.
    pub file: u8,
    /// The rank, 0 = the first.
    pub rank: u8,
    /// The pieces on the square, top first: `w`/`b` men, `W`/`B` kings; empty when empty.
    pub stack: String,
}

/// The board: its size and its playable squares.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BoardView {
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Whether the squares are numbered (International draughts) rather than algebraic.
    pub numbered: bool,
    /// Whether men can become kings (the board editor offers kings).
    pub kings: bool,
    /// Whether squares hold towers, and a FEN lists each square's stack (`a1wb`).
    pub stacks: bool,
    /// The playable squares.
    pub cells: Vec<Cell>,
}

/// A legal move as the page selects it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveView {
    /// Its text, to send back in a `move` request.
    pub text: String,
    /// The start square, then every landing square.
    pub path: Vec<String>,
    /// The captured squares.
    pub captured: Vec<String>,
    /// Fuk: the square of the piece huffed before the move.
    pub huff: Option<String>,
}

/// A score as the page shows it: centi-pieces, or moves to a forced end.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct ScoreView {
    /// The score for White in the engine's units (a man is about 100).
    pub cp: i32,
    /// For a forced result, moves to the end, positive when White wins.
    pub mate: Option<i32>,
}

/// One of a game's own options, for the page's controls.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OptionView {
    /// The name, as the `new` request's `options` take it.
    pub name: String,
    /// A short label for the control.
    pub label: String,
    /// One line on what it does.
    pub doc: String,
    /// `check`, `spin`, `combo` or `string`.
    pub kind: String,
    /// The values a `combo` takes.
    pub choices: Vec<String>,
    /// The value it has now.
    pub value: String,
}

/// A game the page can start, with its own options.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// The protocol name.
    pub name: String,
    /// The title.
    pub title: String,
    /// Its own options (none for most games).
    pub options: Vec<OptionView>,
}

/// A played move in the move list.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlyView {
    /// The move's text.
    pub text: String,
    /// The engine's score after it, for White, when one was found.
    pub score: Option<ScoreView>,
}

/// A reply or event sent to the page.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// The whole state of the game.
    State {
        /// The game's protocol name.
        variant: String,
        /// The game's title.
        title: String,
        /// Every game the page can start, with its options and their values now.
        games: Vec<GameView>,
        /// The board.
        board: Box<BoardView>,
        /// `white` or `black`.
        side: String,
        /// The current FEN.
        fen: String,
        /// The FEN the move list starts from.
        start_fen: String,
        /// The moves played, oldest first.
        history: Vec<PlyView>,
        /// The legal moves, sorted by text.
        moves: Vec<MoveView>,
        /// `ongoing`, `white wins`, `black wins` or `draw (<rule>)`.
        result: String,
        /// The rule that decided the result, when the game names it.
        ending_rule: Option<String>,
        /// The running draw counters, in words.
        counters: Vec<String>,
        /// Whether a search is running.
        searching: bool,
    },
    /// A line of a running search.
    Info {
        /// Nominal depth.
        depth: u32,
        /// Deepest ply reached.
        seldepth: u32,
        /// Which line (1 = best).
        multipv: usize,
        /// The score, for White.
        score: ScoreView,
        /// Nodes searched.
        nodes: u64,
        /// Nodes per second.
        nps: u64,
        /// Milliseconds since the start.
        time_ms: u64,
        /// The moves of the line, in the game's notation.
        pv: Vec<String>,
    },
    /// A search ended; `best` is the move it found (the engine plays it after a `go`).
    Bestmove {
        /// The best move's text, if there was a legal move.
        best: Option<String>,
        /// Its score, for White.
        score: ScoreView,
        /// Deepest completed iteration.
        depth: u32,
    },
    /// The board after some plies, for viewing.
    View {
        /// Plies from the start position.
        ply: usize,
        /// The board then.
        board: BoardView,
        /// The FEN then.
        fen: String,
    },
    /// The game as PDN.
    Pdn {
        /// The PDN text.
        text: String,
    },
    /// A request was refused; nothing changed.
    Error {
        /// What was wrong.
        message: String,
    },
}
