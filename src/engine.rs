//! [`Engine`]: the state behind every front end (the UCI-style server, the Hub server, the
//! `analyze` tool): options, the current game, the transposition table and the search thread.
//! The front ends only parse commands and format replies; everything they do goes through here,
//! so no logic is written twice.
//!
//! The game's type is chosen at run time by the `UCI_Variant` option; [`GameSession`] is the
//! object-safe face of the [`Record`] of any [`Game`], so the one runtime dispatch happens per
//! command, never inside move generation or search.

use crate::draughts::eval::Weights;
use crate::draw::DrawRules;
use crate::game::Variant;
use crate::game::{Game, GameMove, GameResult, Record, Setup};
use crate::notation::{MoveRecord, NotationError};
use crate::perft::{self, Counting};
use crate::search::{self, Control, Limits, Reporter, SearchConfig, SearchOutcome};
use crate::tt::Tt;
use crate::types::{Piece, Side, Square};
use crate::ugolki::House;
use crate::with_game;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A game of any variant, as the front ends see it.
pub trait GameSession: Send {
    /// The game being played.
    fn variant(&self) -> Variant;
    /// The FEN with counters (see [`Game::fen`]).
    fn fen(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The Zobrist key of the current position.
    fn key(&self) -> u64;
    /// The piece on a square.
    fn piece_at(&self, square: Square) -> Option<Piece>;
    /// The board drawn in text, White at the bottom (see [`Game::board_picture`]).
    fn board_picture(&self) -> Vec<String>;
    /// Reads and plays one move; on error nothing changes.
    fn play_text(&mut self, text: &str) -> Result<(), NotationError>;
    /// Plays the legal move with the record's start square, end square and captured set (the
    /// landing squares in between are not compared); on error nothing changes. Front ends that
    /// name moves by their squares, such as the Hub protocol, use this instead of text, which
    /// cannot always single out a capture whose path is part of a longer one.
    fn play_record(&mut self, record: &MoveRecord) -> Result<(), NotationError>;
    /// Reads moves of the current position (for `searchmoves`) and returns each one's text in
    /// the game's notation.
    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<String>, NotationError>;
    /// The legal moves, sorted by their notation.
    fn legal_moves(&self) -> Vec<MoveRecord>;
    /// How the game stands.
    fn result(&self) -> GameResult;
    /// The rule that decided the result, in words, when the game names it (Ugolki).
    fn ending_rule(&self) -> Option<&'static str>;
    /// The running draw counters as text lines.
    fn counter_lines(&self) -> Vec<String>;
    /// Switches draw rules.
    fn set_draw_rules(&mut self, rules: DrawRules);
    /// Perft of the current position.
    fn perft(&self, depth: u32, counting: Counting) -> u64;
    /// The evaluation term by term, as text lines.
    fn eval_lines(&self, weights: &Weights) -> Vec<String>;
    /// Searches the current position.
    fn search(
        &self,
        limits: &Limits,
        config: &SearchConfig,
        tt: &Tt,
        control: &Control,
        reporter: &mut dyn Reporter,
    ) -> SearchOutcome;
    /// A copy to hand to a search thread.
    fn boxed_clone(&self) -> Box<dyn GameSession>;
}

impl<G: Game> GameSession for Record<G> {
    fn variant(&self) -> Variant {
        G::VARIANT
    }

    fn fen(&self) -> String {
        Record::fen(self)
    }

    fn side_to_move(&self) -> Side {
        G::side_to_move(self.position())
    }

    fn key(&self) -> u64 {
        G::key(self.position())
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        G::piece_at(self.position(), square)
    }

    fn board_picture(&self) -> Vec<String> {
        G::board_picture(self.position())
    }

    fn play_text(&mut self, text: &str) -> Result<(), NotationError> {
        Record::play_text(self, text).map(|_| ())
    }

    fn play_record(&mut self, record: &MoveRecord) -> Result<(), NotationError> {
        let pos = *self.position();
        let ends = |r: &MoveRecord| {
            let squares = r.path.squares();
            (squares[0], squares[squares.len() - 1], r.captured)
        };
        let (from, to, _) = ends(record);
        // Only a move with the same ends needs its record (and so its capture paths) built.
        let found = Record::legal_moves(self)
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to)
            .find(|&mv| ends(&G::move_record(&pos, mv)) == ends(record));
        match found {
            Some(mv) => {
                self.play(mv);
                Ok(())
            }
            None => Err(NotationError::IllegalMove {
                text: record.to_string(),
                reason: "no legal move has these start and end squares and captures".to_string(),
            }),
        }
    }

    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<String>, NotationError> {
        let pos = self.position();
        texts
            .iter()
            .map(|t| G::parse_move(pos, t).map(|mv| G::move_text(pos, mv)))
            .collect()
    }

    fn legal_moves(&self) -> Vec<MoveRecord> {
        let pos = self.position();
        let mut records: Vec<MoveRecord> = Record::legal_moves(self)
            .iter()
            .map(|&mv| G::move_record(pos, mv))
            .collect();
        records.sort_by_key(|r| r.to_string());
        records
    }

    fn result(&self) -> GameResult {
        Record::result(self)
    }

    fn ending_rule(&self) -> Option<&'static str> {
        Record::ending_rule(self)
    }

    fn counter_lines(&self) -> Vec<String> {
        let rules = self.rules();
        let pos = self.position();
        let counters = self.counters();
        let remaining = G::counters_remaining(&counters, rules, pos);
        G::counters_shown(&counters, pos)
            .into_iter()
            .map(|(reason, plies)| {
                let left = remaining.as_slice().iter().find(|(r, _)| *r == reason);
                match left {
                    Some((_, left)) => format!("{reason}: {plies} plies, draw in {left}"),
                    None => format!("{reason}: {plies} plies (rule off)"),
                }
            })
            .collect()
    }

    fn set_draw_rules(&mut self, rules: DrawRules) {
        self.set_rules(rules);
    }

    fn perft(&self, depth: u32, counting: Counting) -> u64 {
        perft::parallel_perft::<G>(self.position(), depth, counting)
    }

    fn eval_lines(&self, weights: &Weights) -> Vec<String> {
        let pos = self.position();
        let (terms, scale) = G::breakdown(pos, weights);
        let mut lines = vec![format!(
            "{:<20} {:>6} {:>6} {:>8}",
            "term", "white", "black", "score"
        )];
        for term in terms {
            let (name, white, black, score) = (term.name, term.white, term.black, term.score);
            lines.push(format!("{name:<20} {white:>6} {black:>6} {score:>8}"));
        }
        lines.push(format!("draw scale {scale}/16"));
        let score = G::evaluate(pos, weights);
        lines.push(format!(
            "total {} for the side to move ({})",
            score.0,
            G::side_to_move(pos).name()
        ));
        lines
    }

    fn search(
        &self,
        limits: &Limits,
        config: &SearchConfig,
        tt: &Tt,
        control: &Control,
        reporter: &mut dyn Reporter,
    ) -> SearchOutcome {
        search::run(self, limits, config, tt, control, reporter).outcome
    }

    fn boxed_clone(&self) -> Box<dyn GameSession> {
        Box::new(self.clone())
    }
}

/// Starts a game of `variant` from a FEN (or the initial position) and plays `moves`.
/// Nothing is kept if any part is wrong; the error says which.
pub fn new_session(
    variant: Variant,
    fen: Option<&str>,
    moves: &[&str],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    new_session_with(variant, &Setup::default(), fen, moves, rules)
}

/// [`new_session`] under a game `setup` (Ugolki's house: the start, and the house of a FEN
/// that names none).
pub fn new_session_with(
    variant: Variant,
    setup: &Setup,
    fen: Option<&str>,
    moves: &[&str],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    with_game!(variant, G => {
        let mut game = match fen {
            Some(text) => Record::<G>::from_fen_with(text, setup, rules)
                .map_err(|e| format!("bad FEN: {e}"))?,
            None => Record::<G>::startpos_with(setup, rules),
        };
        for (i, text) in moves.iter().enumerate() {
            Record::play_text(&mut game, text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(Box::new(game) as Box<dyn GameSession>)
    })
}

/// Starts a game of `variant` from a FEN (or the initial position) and plays `moves`, each
/// identified by its start, end and captured squares (see [`GameSession::play_record`]).
/// Nothing is kept if any part is wrong; the error says which.
pub fn new_session_from_records(
    variant: Variant,
    setup: &Setup,
    fen: Option<&str>,
    moves: &[MoveRecord],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    let mut game = new_session_with(variant, setup, fen, &[], rules)?;
    for (i, record) in moves.iter().enumerate() {
        game.play_record(record)
            .map_err(|e| format!("move {} ({record}): {e}", i + 1))?;
    }
    Ok(game)
}

/// The kind and limits of an engine option, for listing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Check(bool),
    /// An integer in a range: default, min, max.
    Spin(i64, i64, i64),
    /// One of several names: default, choices.
    Combo(&'static str, Vec<&'static str>),
    /// An action.
    Button,
    /// Free text: default.
    String(&'static str),
}

/// One engine option.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    /// The name, as in `setoption name <name>`.
    pub name: &'static str,
    /// Its kind, default and range.
    pub kind: OptionKind,
}

/// Every option's current value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Whether the GUI may ask us to ponder (informational).
    pub ponder: bool,
    /// Principal variations to report.
    pub multipv: usize,
    /// Milliseconds kept back on every move.
    pub move_overhead_ms: u64,
    /// The game.
    pub variant: Variant,
    /// The draw rules.
    pub draws: DrawRules,
    /// Under Fuk, search as Russian checkers: capture when possible, never huff, and expect
    /// the same of the opponent (the `Fuk Russian Play` option: a baseline to measure Fuk play
    /// against). No effect in other games.
    pub fuk_russian_play: bool,
    /// Ugolki's house (the `UgolkiHouse` option): where the pieces start, and the house of a
    /// FEN that names none. No effect in other games.
    pub ugolki_house: House,
    /// Directory of the Russian endgame databases (`EGDBPath`); empty: none.
    pub egdb_path: String,
    /// Largest number of pieces probed in the databases (`EGDBPieces`).
    pub egdb_pieces: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead_ms: 20,
            variant: Variant::Russian,
            draws: DrawRules::default(),
            fuk_russian_play: false,
            ugolki_house: House::default(),
            egdb_path: String::new(),
            egdb_pieces: 5,
        }
    }
}

impl Options {
    /// The current value of an option as the text [`Engine::set_option`] takes (`true`/`false`,
    /// a number, a variant name); `None` for a button or a name that is not an option.
    pub fn value(&self, name: &str) -> Option<String> {
        let flag = |on: bool| Some(on.to_string());
        match name {
            "Hash" => Some(self.hash_mib.to_string()),
            "Threads" => Some(self.threads.to_string()),
            "Ponder" => flag(self.ponder),
            "MultiPV" => Some(self.multipv.to_string()),
            "Move Overhead" => Some(self.move_overhead_ms.to_string()),
            "UCI_Variant" => Some(self.variant.name().to_string()),
            "Draw Repetition" => flag(self.draws.repetition),
            "Draw Kings Only" => flag(self.draws.kings_only),
            "Draw Three Kings" => flag(self.draws.three_kings),
            "Draw Main Road" => flag(self.draws.main_road),
            "Draw Two Against One" => flag(self.draws.two_against_one),
            "Draw Material" => flag(self.draws.material),
            "Draw Material Moves" => Some(self.draws.material_moves.to_string()),
            "Draw FMJD" => flag(self.draws.fmjd),
            "Draw Sixteen Moves" => flag(self.draws.sixteen_moves),
            "Draw Five Moves" => flag(self.draws.five_moves),
            "Fuk Russian Play" => flag(self.fuk_russian_play),
            "UgolkiHouse" => Some(self.ugolki_house.name().to_string()),
            "EGDBPath" => Some(self.egdb_path.clone()),
            "EGDBPieces" => Some(self.egdb_pieces.to_string()),
            _ => None,
        }
    }

    /// Every option with its default and range, in listing order.
    pub fn specs() -> Vec<OptionSpec> {
        let d = Options::default();
        let check = |name, value| OptionSpec {
            name,
            kind: OptionKind::Check(value),
        };
        vec![
            OptionSpec {
                name: "Hash",
                kind: OptionKind::Spin(d.hash_mib as i64, 1, 65536),
            },
            OptionSpec {
                name: "Threads",
                kind: OptionKind::Spin(1, 1, 256),
            },
            OptionSpec {
                name: "Clear Hash",
                kind: OptionKind::Button,
            },
            check("Ponder", false),
            OptionSpec {
                name: "MultiPV",
                kind: OptionKind::Spin(1, 1, 64),
            },
            OptionSpec {
                name: "Move Overhead",
                kind: OptionKind::Spin(20, 0, 5000),
            },
            OptionSpec {
                name: "UCI_Variant",
                kind: OptionKind::Combo(
                    Variant::default().name(),
                    Variant::ALL.iter().map(|v| v.name()).collect(),
                ),
            },
            check("Draw Repetition", d.draws.repetition),
            check("Draw Kings Only", d.draws.kings_only),
            check("Draw Three Kings", d.draws.three_kings),
            check("Draw Main Road", d.draws.main_road),
            check("Draw Two Against One", d.draws.two_against_one),
            check("Draw Material", d.draws.material),
            OptionSpec {
                name: "Draw Material Moves",
                kind: OptionKind::Spin(32, 1, 200),
            },
            check("Draw FMJD", d.draws.fmjd),
            check("Draw Sixteen Moves", d.draws.sixteen_moves),
            check("Draw Five Moves", d.draws.five_moves),
            check("Fuk Russian Play", d.fuk_russian_play),
            OptionSpec {
                name: "UgolkiHouse",
                kind: OptionKind::Combo(
                    House::default().name(),
                    House::ALL.iter().map(|h| h.name()).collect(),
                ),
            },
            OptionSpec {
                name: "EGDBPath",
                kind: OptionKind::String(""),
            },
            OptionSpec {
                name: "EGDBPieces",
                kind: OptionKind::Spin(i64::from(d.egdb_pieces), 2, 7),
            },
        ]
    }

    /// The game setup the options describe (Ugolki's house).
    pub fn setup(&self) -> Setup {
        Setup {
            ugolki_house: self.ugolki_house,
        }
    }
}

/// What setting an option did, beyond changing its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing to tell.
    None,
    /// The game changed: its name and start FEN.
    VariantChanged(Variant, String),
}

/// The engine: options, game, table and search thread.
pub struct Engine {
    options: Options,
    game: Box<dyn GameSession>,
    tt: Arc<Tt>,
    control: Arc<Control>,
    search: Option<JoinHandle<()>>,
    /// The Russian endgame databases of `EGDBPath`, if set.
    egdb: Option<Arc<crate::egdb::Egdb>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with default options at the initial position of Russian checkers.
    pub fn new() -> Engine {
        let options = Options::default();
        let game = new_session(options.variant, None, &[], options.draws)
            .expect("the initial position is valid");
        Engine {
            tt: Arc::new(Tt::new(options.hash_mib)),
            options,
            game,
            control: Arc::new(Control::default()),
            search: None,
            egdb: None,
        }
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current game.
    pub fn game(&self) -> &dyn GameSession {
        self.game.as_ref()
    }

    /// The search configuration the options describe.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: Duration::from_millis(self.options.move_overhead_ms),
            weights: with_game!(self.searched_variant(), G => G::weights()),
            egdb: self.egdb.clone(),
        }
    }

    /// The game the search plays: the chosen one, or Russian under `Fuk Russian Play`.
    fn searched_variant(&self) -> Variant {
        if self.options.variant == Variant::Fuk && self.options.fuk_russian_play {
            Variant::Russian
        } else {
            self.options.variant
        }
    }

    /// The game the search is given: the current one, or under `Fuk Russian Play` the same
    /// board and counters as a Russian game (the huffable pieces dropped; the game's earlier
    /// positions are not carried over, so repetitions before the root are not seen). Every
    /// Russian move of the board is a Fuk move without a huff, written the same way.
    fn searched_game(&self) -> Box<dyn GameSession> {
        if self.searched_variant() == self.options.variant {
            return self.game.boxed_clone();
        }
        let fen = self.game.fen();
        let russian: Vec<&str> = fen
            .split(':')
            .enumerate()
            .filter(|(i, field)| *i == 0 || !field.starts_with(['U', 'u']))
            .map(|(_, field)| field)
            .collect();
        new_session(
            Variant::Russian,
            Some(&russian.join(":")),
            &[],
            self.options.draws,
        )
        .unwrap_or_else(|_| self.game.boxed_clone())
    }

    /// Sets an option by name (case-insensitive). On error nothing changes, not even a running
    /// search; otherwise a running search is finished first.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, String> {
        let spec = Options::specs()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("unknown option '{}'", name.trim()))?;
        let value = value.map(str::trim);
        let need = || {
            value
                .filter(|v| !v.is_empty())
                .ok_or_else(|| format!("option '{}' needs a value", spec.name))
        };
        let mut next = self.options.clone();
        match &spec.kind {
            OptionKind::Button => {
                if spec.name == "Clear Hash" {
                    self.clear_hash();
                }
                return Ok(OptionEffect::None);
            }
            OptionKind::Check(_) => {
                let on = match need()?.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(format!(
                            "option '{}' takes true or false, not '{other}'",
                            spec.name
                        ));
                    }
                };
                match spec.name {
                    "Ponder" => next.ponder = on,
                    "Draw Repetition" => next.draws.repetition = on,
                    "Draw Kings Only" => next.draws.kings_only = on,
                    "Draw Three Kings" => next.draws.three_kings = on,
                    "Draw Main Road" => next.draws.main_road = on,
                    "Draw Two Against One" => next.draws.two_against_one = on,
                    "Draw Material" => next.draws.material = on,
                    "Draw FMJD" => next.draws.fmjd = on,
                    "Draw Sixteen Moves" => next.draws.sixteen_moves = on,
                    "Draw Five Moves" => next.draws.five_moves = on,
                    "Fuk Russian Play" => next.fuk_russian_play = on,
                    _ => unreachable!("every check option is handled"),
                }
            }
            OptionKind::Spin(_, min, max) => {
                let text = need()?;
                let n: i64 = text.parse().map_err(|_| {
                    format!("option '{}' takes an integer, not '{text}'", spec.name)
                })?;
                if n < *min || n > *max {
                    return Err(format!(
                        "option '{}' must be between {min} and {max}, not {n}",
                        spec.name
                    ));
                }
                match spec.name {
                    "Hash" => next.hash_mib = n as usize,
                    "Threads" => next.threads = n as usize,
                    "MultiPV" => next.multipv = n as usize,
                    "Move Overhead" => next.move_overhead_ms = n as u64,
                    "Draw Material Moves" => next.draws.material_moves = n as u16,
                    "EGDBPieces" => next.egdb_pieces = n as u32,
                    _ => unreachable!("every spin option is handled"),
                }
            }
            OptionKind::String(_) => {
                let text = value.unwrap_or("");
                next.egdb_path = if text == "<empty>" {
                    String::new()
                } else {
                    text.to_string()
                };
            }
            OptionKind::Combo(_, choices) => {
                let text = need()?;
                if spec.name == "UgolkiHouse" {
                    next.ugolki_house = text
                        .parse()
                        .map_err(|e| format!("option '{}': {e}", spec.name))?;
                } else {
                    let variant: Variant = text
                        .parse()
                        .map_err(|e| format!("option '{}': {e}", spec.name))?;
                    debug_assert!(choices.contains(&variant.name()));
                    next.variant = variant;
                }
            }
        }
        // Everything that can fail is done before the running search is touched. A new house
        // starts a new game only where it matters.
        let house_matters = matches!(next.variant, Variant::Ugolki | Variant::UgolkiDiagonal)
            && next.ugolki_house != self.options.ugolki_house;
        let game = if next.variant != self.options.variant || house_matters {
            Some(new_session_with(
                next.variant,
                &next.setup(),
                None,
                &[],
                next.draws,
            )?)
        } else {
            None
        };
        let tt = if next.hash_mib != self.options.hash_mib {
            Some(Tt::try_new(next.hash_mib).map_err(|e| format!("option 'Hash': {e}"))?)
        } else {
            None
        };
        let egdb = if next.egdb_path != self.options.egdb_path
            || next.egdb_pieces != self.options.egdb_pieces
        {
            Some(if next.egdb_path.is_empty() {
                None
            } else {
                let egdb = crate::egdb::Egdb::open(
                    std::path::Path::new(&next.egdb_path),
                    next.egdb_pieces,
                )
                .map_err(|e| format!("option 'EGDBPath': {e}"))?;
                Some(Arc::new(egdb))
            })
        } else {
            None
        };
        self.finish_search();
        if let Some(egdb) = egdb {
            self.egdb = egdb;
        }
        let mut effect = OptionEffect::None;
        if let Some(game) = game {
            self.game = game;
            effect = OptionEffect::VariantChanged(next.variant, self.game.fen());
        }
        if next.draws != self.options.draws {
            self.game.set_draw_rules(next.draws);
        }
        if let Some(tt) = tt {
            self.tt = Arc::new(tt);
        }
        // The table's entries were scored by the other game's rules.
        let searched_game_changed = next.fuk_russian_play != self.options.fuk_russian_play;
        self.options = next;
        if searched_game_changed {
            self.clear_hash();
        }
        Ok(effect)
    }

    /// The endgame database problems met since the last call (missing, truncated or corrupt
    /// files), for the front end to show once each.
    pub fn take_egdb_errors(&self) -> Vec<String> {
        self.egdb
            .as_ref()
            .map(|e| e.take_errors())
            .unwrap_or_default()
    }

    /// Empties the transposition table.
    pub fn clear_hash(&mut self) {
        self.finish_search();
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            // Still shared: a fresh table, or the old one if the memory cannot be had twice.
            None => match Tt::try_new(self.options.hash_mib) {
                Ok(tt) => self.tt = Arc::new(tt),
                Err(e) => log::warn!("the table is kept uncleared: {e}"),
            },
        }
    }

    /// A new game: clears the table and returns to the initial position.
    pub fn new_game(&mut self) {
        self.clear_hash();
        self.game = new_session_with(
            self.options.variant,
            &self.options.setup(),
            None,
            &[],
            self.options.draws,
        )
        .expect("the initial position is valid");
    }

    /// Sets the position from a FEN (or the initial one) and moves; all or nothing. A running
    /// search is finished first, unless the position is wrong: then nothing changes.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let game = new_session_with(
            self.options.variant,
            &self.options.setup(),
            fen,
            moves,
            self.options.draws,
        )?;
        self.finish_search();
        self.game = game;
        Ok(())
    }

    /// Sets the position from a FEN (or the initial one) and moves named by their start, end and
    /// captured squares (see [`GameSession::play_record`]); all or nothing.
    pub fn set_position_records(
        &mut self,
        fen: Option<&str>,
        moves: &[MoveRecord],
    ) -> Result<(), String> {
        self.finish_search();
        self.game = new_session_from_records(
            self.options.variant,
            &self.options.setup(),
            fen,
            moves,
            self.options.draws,
        )?;
        Ok(())
    }

    /// Starts searching the current position in the background; the result goes to `reporter`.
    /// A search already running is stopped first.
    pub fn go(&mut self, limits: Limits, reporter: Box<dyn Reporter>) {
        self.go_at(limits, reporter, std::time::Instant::now());
    }

    /// As [`Engine::go`], with the clock running since `received` (when the command was read).
    pub fn go_at(
        &mut self,
        limits: Limits,
        reporter: Box<dyn Reporter>,
        received: std::time::Instant,
    ) {
        self.finish_search();
        self.control.reset();
        self.control.start_clock(received);
        let game = self.searched_game();
        let config = self.search_config();
        let tt = Arc::clone(&self.tt);
        let control = Arc::clone(&self.control);
        let mut reporter: Box<dyn Reporter> = match &self.egdb {
            Some(egdb) => Box::new(EgdbErrors {
                inner: reporter,
                egdb: Arc::clone(egdb),
            }),
            None => reporter,
        };
        self.search = Some(std::thread::spawn(move || {
            game.search(&limits, &config, &tt, &control, reporter.as_mut());
        }));
    }

    /// Searches the current position on this thread and returns the result.
    pub fn search_now(&mut self, limits: &Limits, reporter: &mut dyn Reporter) -> SearchOutcome {
        self.finish_search();
        self.control.reset();
        let config = self.search_config();
        self.searched_game()
            .search(limits, &config, &self.tt, &self.control, reporter)
    }

    /// Asks a running search to stop; it reports its move promptly.
    pub fn stop(&self) {
        self.control
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The opponent played the pondered move: the search switches to its clock.
    pub fn ponderhit(&self) {
        self.control.ponderhit_at(std::time::Instant::now());
    }

    /// A handle other threads can use to stop the search.
    pub fn control(&self) -> Arc<Control> {
        Arc::clone(&self.control)
    }

    /// True while a background search is running.
    pub fn is_searching(&self) -> bool {
        self.search.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Waits for the background search to end on its own.
    pub fn wait(&mut self) {
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Stops any background search and waits for it (its reporter still gets the result).
    pub fn finish_search(&mut self) {
        if self.search.is_some() {
            self.stop();
            self.wait();
        }
    }

    /// The `d` display: board, FEN, key, side to move, legal moves, counters and result.
    pub fn display(&self) -> Vec<String> {
        let game = self.game();
        let mut lines = game.board_picture();
        lines.push(format!("Variant: {}", game.variant()));
        lines.push(format!("Fen: {}", game.fen()));
        lines.push(format!("Key: {:016x}", game.key()));
        lines.push(format!("Side to move: {}", game.side_to_move().name()));
        let moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        lines.push(format!(
            "Legal moves ({}): {}",
            moves.len(),
            moves.join(" ")
        ));
        for counter in game.counter_lines() {
            lines.push(format!("Counter: {counter}"));
        }
        match game.ending_rule() {
            Some(rule) => lines.push(format!("Result: {}; {rule}", game.result())),
            None => lines.push(format!("Result: {}", game.result())),
        }
        lines
    }

    /// The `eval` display.
    pub fn eval_lines(&self) -> Vec<String> {
        self.game
            .eval_lines(&with_game!(self.options.variant, G => G::weights()))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish_search();
    }
}

/// A reporter that passes on the endgame database problems met during a search (one
/// [`Reporter::error`] each) before the search's own lines.
struct EgdbErrors {
    inner: Box<dyn Reporter>,
    egdb: Arc<crate::egdb::Egdb>,
}

impl EgdbErrors {
    fn flush(&mut self) {
        for e in self.egdb.take_errors() {
            self.inner.error(&e);
        }
    }
}

impl Reporter for EgdbErrors {
    fn info(&mut self, info: &crate::search::SearchInfo) {
        self.flush();
        self.inner.info(info);
    }

    fn done(&mut self, outcome: &SearchOutcome) {
        self.flush();
        self.inner.done(outcome);
    }

    fn error(&mut self, text: &str) {
        self.inner.error(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Russian;
    use crate::moves::Path;

    fn parse_square(text: &str) -> Result<Square, NotationError> {
        crate::draughts::notation::parse_square::<Russian>(text)
    }

    fn record(path: &[&str], captured: &[&str]) -> MoveRecord {
        let squares: Vec<Square> = path.iter().map(|s| parse_square(s).unwrap()).collect();
        MoveRecord {
            path: Path::new(&squares).unwrap(),
            captured: captured.iter().map(|s| parse_square(s).unwrap()).collect(),
            text: path.join(":"),
        }
    }

    /// Two captures from c3 to g7: over d4 and f6, or round by a5, c7 and e5 over four pieces.
    /// The short one's full path is also a shortening of the long one's.
    const TWO_ROADS: &str = "W:Wc3,f2,f4,Kh4:Ba7,b4,b6,b8,d2,Kd4,Kd6,Kf6,f8,g5";

    #[test]
    fn records_name_moves_by_their_captured_pieces() {
        let short = record(&["c3", "g7"], &["d4", "f6"]);
        let mut game = new_session(Variant::Russian, Some(TWO_ROADS), &[], DrawRules::default())
            .expect("valid FEN");
        let mut by_text = game.boxed_clone();
        by_text
            .play_text("c3:e5:g7")
            .expect("a full path is never ambiguous");
        game.play_record(&short).expect("legal");
        assert_eq!(game.fen(), by_text.fen());
        assert!(game.piece_at(parse_square("b4").unwrap()).is_some());
        assert!(game.piece_at(parse_square("f6").unwrap()).is_none());

        let mut engine = Engine::new();
        let wrong = record(&["c3", "g7"], &["d4"]);
        assert!(
            engine
                .set_position_records(Some(TWO_ROADS), &[wrong])
                .is_err()
        );
        assert_eq!(engine.game().fen(), Engine::new().game().fen());
        engine
            .set_position_records(Some(TWO_ROADS), &[short])
            .expect("legal");
        assert_eq!(engine.game().side_to_move(), Side::Black);
    }

    #[test]
    fn every_option_has_a_value_it_accepts() {
        let mut engine = Engine::new();
        for spec in Options::specs() {
            match (&spec.kind, engine.options().value(spec.name)) {
                (OptionKind::Button, value) => assert_eq!(value, None),
                (_, Some(value)) => assert!(
                    engine.set_option(spec.name, Some(&value)).is_ok(),
                    "{}={value}",
                    spec.name
                ),
                (_, None) => panic!("{} has no value", spec.name),
            }
        }
        assert_eq!(engine.options(), &Options::default());
        assert_eq!(engine.options().value("Nonsense"), None);
    }
}
