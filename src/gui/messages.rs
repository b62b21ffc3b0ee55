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
        /// Moves to play from there (a game the page kept over a reload); all or nothing.
        #[serde(default)]
        moves: Vec<String>,
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
        /// The clocks, in milliseconds: White's and Black's time left and increments. When
        /// the engine's own time is given, it plans its time from the clock instead.
        #[serde(default)]
        wtime: Option<u64>,
        /// Black's time left.
        #[serde(default)]
        btime: Option<u64>,
        /// White's increment.
        #[serde(default)]
        winc: Option<u64>,
        /// Black's increment.
        #[serde(default)]
        binc: Option<u64>,
        /// The number of plies the page has seen.
        ply: usize,
    },
    /// Analyses the position after `ply` plies (the current one when absent) until `stop`,
    /// streaming `info` events; the game is not changed.
    Analyze {
        /// Lines to show.
        #[serde(default)]
        multipv: Option<usize>,
        /// The position analysed, in plies from the start.
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Analyses every position of the game in turn, streaming `review` events; each move
    /// is then marked when it lost much (`?` a mistake, `??` a blunder).
    Review {
        /// Milliseconds per position.
        #[serde(default)]
        movetime: Option<u64>,
        /// Plies per position, instead of a time.
        #[serde(default)]
        depth: Option<u32>,
    },
    /// Cuts the game back to `ply` plies and plays `moves` from there (an engine line put on
    /// the board); all or nothing.
    Line {
        /// Plies kept.
        ply: usize,
        /// The moves, in the game's notation.
        moves: Vec<String>,
    },
    /// `side` resigns: the other side wins.
    Resign {
        /// `white` or `black`.
        side: String,
    },
    /// `side`'s clock has run out: the other side wins.
    Flag {
        /// `white` or `black`.
        side: String,
    },
    /// A draw is offered. With `engine` naming the engine's side, the engine accepts when it
    /// does not think itself better; without it both players agree.
    Draw {
        /// The engine's side, `white` or `black`, when one plays.
        #[serde(default)]
        engine: Option<String>,
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
    /// Ugolki: whose house the square belongs to, `white` or `black`.
    pub house: Option<String>,
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
    /// After a whole-game review: `?` for a mistake, `??` for a blunder.
    pub mark: Option<String>,
}

/// A line on the game's own rules in force now (Ugolki's deadlines).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NoteView {
    /// The text.
    pub text: String,
    /// Whether it warns of something close.
    pub warn: bool,
}

/// The whole state of the game, as the `state` reply carries it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StateView {
    /// The game's protocol name.
    pub variant: String,
    /// The game's title.
    pub title: String,
    /// Every game the page can start, with its options and their values now.
    pub games: Vec<GameView>,
    /// The board.
    pub board: BoardView,
    /// `white` or `black`.
    pub side: String,
    /// The current FEN.
    pub fen: String,
    /// The FEN the move list starts from.
    pub start_fen: String,
    /// The moves played, oldest first.
    pub history: Vec<PlyView>,
    /// The legal moves, sorted by text.
    pub moves: Vec<MoveView>,
    /// `ongoing`, `white wins`, `black wins` or `draw (<rule>)`.
    pub result: String,
    /// The rule that decided the result, when the game names it.
    pub ending_rule: Option<String>,
    /// Why the game ended, in words (`Black has no pieces left`, `White resigned`).
    pub reason: Option<String>,
    /// One line for the status: whose move it is, or the result and why.
    pub status: String,
    /// The running draw counters of the rules in force, in words.
    pub counters: Vec<String>,
    /// The game's own rules that bear on the position now (Ugolki's deadlines).
    pub notes: Vec<NoteView>,
    /// Whether a search is running.
    pub searching: bool,
    /// Whether a whole-game review is running.
    pub reviewing: bool,
}

/// A reply or event sent to the page.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// The whole state of the game.
    State(Box<StateView>),
    /// A line of a running search.
    Info {
        /// The plies from the start of the position searched.
        ply: usize,
        /// Whether the search is an analysis (rather than the engine thinking of its move).
        analysis: bool,
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
    /// A whole-game review's progress: the score of every position found so far.
    Review {
        /// Scores for White by ply (0 = the start), `null` where not found yet.
        scores: Vec<Option<ScoreView>>,
        /// Positions done.
        done: usize,
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
