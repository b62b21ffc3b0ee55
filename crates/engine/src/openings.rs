//! Opening books for matches: the text format (one opening a line, `startpos [moves …]`,
//! `fen <FEN> [moves …]` or a bare FEN; `#` starts a comment), the book shipped with damka,
//! and the generator that made it. Reading checks every opening against the rules, so a match
//! never starts from a position the referee would reject.

use crate::search::{self, Control, Limits, SearchConfig, Silent};
use crate::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::moves::MoveList;
use damka_rules::option::Setup;
use damka_rules::score::Score;
use std::collections::HashSet;
use std::fmt;

/// The book for a variant when none is given: the game's shipped book
/// ([`Game::OPENING_BOOK`]); for a game that has none yet, every distinct position four plies
/// from the start.
pub fn builtin(variant: Variant) -> String {
    damka_rules::with_game!(variant, G => match G::OPENING_BOOK {
        Some(book) => book.to_string(),
        None => distinct_lines::<G>(4)
            .into_iter()
            .map(|moves| format!("startpos moves {}\n", moves.join(" ")))
            .collect(),
    })
}

/// The book for a variant under the game options `setup` when none is given: [`builtin`] where
/// the setup keeps the game's usual start; where it changes the start (another Ugolki house),
/// every distinct position four plies from the setup's start, each line from the start's FEN,
/// which names what the setup changed, so that the referee and both engines read it alike.
pub fn builtin_with(variant: Variant, setup: &Setup) -> String {
    damka_rules::with_game!(variant, G => {
        let start = G::start_with(setup);
        let fen = G::fen(&start);
        if fen == G::fen(&G::start()) {
            builtin(variant)
        } else {
            distinct_lines_from::<G>(&start, 4)
                .into_iter()
                .map(|moves| format!("fen {fen} moves {}\n", moves.join(" ")))
                .collect()
        }
    })
}

/// One starting point: an optional FEN (the initial position when `None`) and moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The start position, or `None` for the initial one.
    pub fen: Option<String>,
    /// Moves played from it, in damka's notation.
    pub moves: Vec<String>,
}

impl Opening {
    /// The initial position with no moves.
    pub fn startpos() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// The game this opening starts, under `rules`.
    pub fn game<G: Game>(&self, rules: DrawRules) -> Result<Record<G>, String> {
        let mut game = match &self.fen {
            Some(fen) => Record::from_fen(fen, rules).map_err(|e| format!("bad FEN: {e}"))?,
            None => Record::startpos(rules),
        };
        for (i, text) in self.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(game)
    }
}

impl fmt::Display for Opening {
    /// The book line: `startpos moves c3-d4 …` or `fen <FEN> moves …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fen {
            Some(fen) => write!(f, "fen {fen}")?,
            None => f.write_str("startpos")?,
        }
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// A book line that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for OpeningsError {}

/// Parses one book line (already stripped of comments and not blank).
fn parse_line(line: &str) -> Result<Opening, String> {
    let (head, moves) = match line.split_once(" moves") {
        Some((head, rest)) if rest.is_empty() || rest.starts_with(char::is_whitespace) => (
            head.trim(),
            rest.split_whitespace().map(str::to_string).collect(),
        ),
        _ => (line.trim(), Vec::new()),
    };
    let fen = if head == "startpos" {
        None
    } else if let Some(fen) = head.strip_prefix("fen ") {
        Some(fen.trim().to_string())
    } else if head.contains(':') {
        Some(head.to_string())
    } else {
        return Err(format!(
            "'{line}' is neither 'startpos [moves …]', 'fen <FEN> [moves …]' nor a FEN"
        ));
    };
    Ok(Opening { fen, moves })
}

/// Reads a book and checks every opening under the rules of `variant`: each must be a legal
/// position with legal moves and a game still going on.
pub fn parse(text: &str, variant: Variant) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let error = |message: String| OpeningsError {
            line: index + 1,
            message,
        };
        let opening = parse_line(line).map_err(error)?;
        let result = damka_rules::with_game!(variant, G => opening
            .game::<G>(DrawRules::default())
            .map(|game| game.result()))
        .map_err(error)?;
        if result != GameResult::Ongoing {
            return Err(error(format!("the game is already over ({result})")));
        }
        openings.push(opening);
    }
    Ok(openings)
}

/// One opening found by [`generate`], with the search score that admitted it.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The moves from the initial position.
    pub moves: Vec<String>,
    /// The search score for the side to move.
    pub score: Score,
}

/// Settings of [`generate`].
#[derive(Clone, Copy, Debug)]
pub struct GenerateConfig {
    /// Plies played from the initial position.
    pub plies: u32,
    /// Depth of the search that scores each position.
    pub depth: u32,
    /// Keep a position when |score| is at most this many centi-men.
    pub window: i32,
    /// Worker threads.
    pub threads: usize,
}

/// Every distinct position `plies` plies after the start, each with the first line (in sorted
/// move-text order) that reaches it; positions where the game is over are left out.
pub fn distinct_lines<G: Game>(plies: u32) -> Vec<Vec<String>> {
    distinct_lines_from::<G>(&G::start(), plies)
}

/// [`distinct_lines`] from `start` instead of the game's usual start.
pub fn distinct_lines_from<G: Game>(start: &G::Position, plies: u32) -> Vec<Vec<String>> {
    fn walk<G: Game>(
        pos: &G::Position,
        line: &mut Vec<String>,
        left: u32,
        seen: &mut HashSet<u64>,
        out: &mut Vec<Vec<String>>,
    ) {
        if left == 0 {
            let mut list = MoveList::new();
            if G::count_moves(pos, &mut list) > 0 && seen.insert(G::key(pos)) {
                out.push(line.clone());
            }
            return;
        }
        let mut moves = G::legal_move_texts(pos);
        moves.sort_by(|a, b| a.1.cmp(&b.1));
        for (mv, text) in moves {
            line.push(text);
            walk::<G>(&G::play(pos, mv), line, left - 1, seen, out);
            line.pop();
        }
    }
    let mut out = Vec::new();
    walk::<G>(start, &mut Vec::new(), plies, &mut HashSet::new(), &mut out);
    out
}

/// Finds the balanced openings: every distinct position after `config.plies` plies, scored by
/// a fixed-depth search (one thread, a fresh 16 MiB table per position, so the result does not
/// depend on the order or the thread count), kept when |score| ≤ `config.window`.
/// `progress(done, total)` is called now and then.
pub fn generate<G: Game>(
    config: GenerateConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Scored> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let lines = distinct_lines::<G>(config.plies);
    let total = lines.len();
    let done = AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .expect("a thread pool of a few threads can be built");
    let scored: Vec<Scored> = pool.install(|| {
        lines
            .into_par_iter()
            .map_init(
                || Tt::new(16),
                |tt, moves| {
                    tt.clear();
                    let opening = Opening { fen: None, moves };
                    let game = opening
                        .game::<G>(DrawRules::default())
                        .expect("lines come from the move generator");
                    let outcome = search::run(
                        &game,
                        &Limits::depth(config.depth),
                        &SearchConfig::for_game::<G>(),
                        tt,
                        &Control::default(),
                        &mut Silent,
                    );
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n.is_multiple_of(500) || n == total {
                        progress(n, total);
                    }
                    Scored {
                        moves: opening.moves,
                        score: outcome.outcome.score,
                    }
                },
            )
            .collect()
    });
    scored
        .into_iter()
        .filter(|s| !s.score.is_decisive() && s.score.0.abs() <= config.window)
        .collect()
}
