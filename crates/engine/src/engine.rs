//! [`Engine`]: the state behind every front end (the UCI-style server, the Hub server, the
//! DXP player, the web board, the `analyze` tool): options, the current game, the
//! transposition table, the endgame databases and the search thread. The front ends only parse
//! commands and format replies; everything they do goes through here, so no logic is written
//! twice.
//!
//! The game's type is chosen at run time by the `UCI_Variant` option; the game is held as a
//! [`GameSession`], so the one runtime dispatch happens per command, never inside move
//! generation or search.

use crate::options::{self, OnChange, Options};
use crate::search::{
    Control, Databases, Limits, Reporter, SearchConfig, SearchInfo, SearchOutcome,
};
use crate::session::{GameSession, new_session_from_records, new_session_with};
use crate::tt::Tt;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::network::Quantised;
use damka_rules::notation::MoveRecord;
use damka_rules::option::Affects;
use damka_rules::with_game;
use std::path::Path;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// What setting an option did, beyond changing its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// Nothing to tell.
    None,
    /// The game changed: its name and start FEN.
    VariantChanged(Variant, String),
}

/// The engine: options, game, table, databases and search thread.
pub struct Engine {
    options: Options,
    game: Box<dyn GameSession>,
    tt: Arc<Tt>,
    control: Arc<Control>,
    search: Option<JoinHandle<()>>,
    /// The endgame databases of `EGDBPath`, if set.
    egdb: Option<Databases>,
    /// The network of `NetworkFile` for the current game, if set.
    network_file: Option<Arc<Quantised>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with default options at the initial position of the default game.
    pub fn new() -> Engine {
        let options = Options::default();
        let game = Self::initial_game(&options);
        Engine {
            tt: Arc::new(Tt::new(options.hash_mib)),
            options,
            game,
            control: Arc::new(Control::default()),
            search: None,
            egdb: None,
            network_file: None,
        }
    }

    /// The initial position of the game `options` choose.
    fn initial_game(options: &Options) -> Box<dyn GameSession> {
        new_session_with(options.variant, &options.setup, None, &[], options.draws)
            .expect("the initial position is valid")
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current game.
    pub fn game(&self) -> &dyn GameSession {
        self.game.as_ref()
    }

    /// The search configuration the options describe, for `game` (whose evaluation weights it
    /// carries).
    fn search_config(&self, game: &dyn GameSession) -> SearchConfig {
        SearchConfig {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: Duration::from_millis(self.options.move_overhead_ms),
            weights: with_game!(game.variant(), G => G::weights()),
            network: self.options.network,
            network_file: self.network_file.clone(),
            egdb: self.egdb.clone(),
        }
    }

    /// The game the search is given: the current one, or what the game's options ask the
    /// search to play instead (see [`GameSession::searched`]).
    fn searched_game(&self) -> Box<dyn GameSession> {
        self.game.searched(&self.options.setup)
    }

    /// Sets an option by name (case-insensitive). On error nothing changes, not even a running
    /// search; otherwise a running search is finished first.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, String> {
        let option =
            options::find(name).ok_or_else(|| format!("unknown option '{}'", name.trim()))?;
        let mut next = self.options.clone();
        option.set(&mut next, value.unwrap_or(""))?;
        // Everything that can fail is done before the running search is touched.
        let for_this_game = option.belongs_to(next.variant);
        let game = match option.on_change {
            OnChange::NewVariant if next.variant != self.options.variant => {
                Some(Self::initial_game(&next))
            }
            OnChange::Game(Affects::Start) if for_this_game && next.setup != self.options.setup => {
                Some(Self::initial_game(&next))
            }
            _ => None,
        };
        let tt = match option.on_change {
            OnChange::ResizeHash if next.hash_mib != self.options.hash_mib => Some(
                Tt::try_new(next.hash_mib).map_err(|e| format!("option '{}': {e}", option.name))?,
            ),
            _ => None,
        };
        // The databases follow the path, the number of pieces and the game; a game without
        // databases keeps the path for the next game that has them.
        let egdb_key = |o: &Options| {
            (
                o.variant,
                o.egdb_path.clone(),
                o.egdb_pieces,
                o.egdb_cache_mib,
            )
        };
        let egdb = if egdb_key(&next) == egdb_key(&self.options) {
            None
        } else if next.egdb_path.is_empty() || !crate::egdb::has_databases(next.variant) {
            Some(None)
        } else {
            let dir = std::path::Path::new(&next.egdb_path);
            Some(Some(
                crate::egdb::open(
                    next.variant,
                    dir,
                    next.egdb_pieces,
                    next.egdb_cache_mib << 20,
                )
                .map_err(|e| format!("option 'EGDBPath': {e}"))?,
            ))
        };
        // The network file is read for the game it is to play: an error when it is set (also
        // again, when it did not fit the game), and when the game changes under it, the
        // built-in network for a game it does not fit.
        let network_key = |o: &Options| (o.variant, o.network_file.clone());
        let loaded = next.network_file.is_empty() || self.network_file.is_some();
        let network_file = if network_key(&next) == network_key(&self.options) && loaded {
            None
        } else if next.network_file.is_empty() {
            Some(None)
        } else {
            match crate::network_file::load(next.variant, Path::new(&next.network_file)) {
                Ok(network) => Some(Some(Arc::new(network))),
                Err(e) if option.name == "NetworkFile" => {
                    return Err(format!("option 'NetworkFile': {e}"));
                }
                Err(e) => {
                    log::warn!("NetworkFile not played in {}: {e}", next.variant);
                    Some(None)
                }
            }
        };
        self.finish_search();
        let changed = next != self.options;
        self.options = next;
        if let Some(egdb) = egdb {
            self.egdb = egdb;
        }
        if let Some(network_file) = network_file {
            self.network_file = network_file;
        }
        if let Some(tt) = tt {
            self.tt = Arc::new(tt);
        }
        let mut effect = OptionEffect::None;
        if let Some(game) = game {
            self.game = game;
            effect = OptionEffect::VariantChanged(self.options.variant, self.game.fen());
        }
        match option.on_change {
            OnChange::ClearHash => self.clear_hash(),
            OnChange::DrawRules => self.game.set_draw_rules(self.options.draws),
            // The table's entries were scored by another game's rules.
            OnChange::Game(Affects::Search) if for_this_game && changed => self.clear_hash(),
            _ => {}
        }
        Ok(effect)
    }

    /// The endgame database problems met since the last call (missing, truncated or corrupt
    /// files), for the front end to show once each.
    pub fn take_egdb_errors(&self) -> Vec<String> {
        self.egdb
            .as_ref()
            .map(Databases::take_errors)
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
        self.game = Self::initial_game(&self.options);
    }

    /// Sets the position from a FEN (or the initial one) and moves; all or nothing. A running
    /// search is finished first, unless the position is wrong: then nothing changes.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let game = new_session_with(
            self.options.variant,
            &self.options.setup,
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
        let game = new_session_from_records(
            self.options.variant,
            &self.options.setup,
            fen,
            moves,
            self.options.draws,
        )?;
        self.finish_search();
        self.game = game;
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
        let config = self.search_config(game.as_ref());
        let tt = Arc::clone(&self.tt);
        let control = Arc::clone(&self.control);
        let mut reporter: Box<dyn Reporter> = match &self.egdb {
            Some(egdb) => Box::new(EgdbErrors {
                inner: reporter,
                egdb: egdb.clone(),
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
        let game = self.searched_game();
        let config = self.search_config(game.as_ref());
        game.search(limits, &config, &self.tt, &self.control, reporter)
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
    egdb: Databases,
}

impl EgdbErrors {
    fn flush(&mut self) {
        for e in self.egdb.take_errors() {
            self.inner.error(&e);
        }
    }
}

impl Reporter for EgdbErrors {
    fn info(&mut self, info: &SearchInfo) {
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

    fn warning(&mut self, text: &str) {
        self.inner.warning(text);
    }
}
