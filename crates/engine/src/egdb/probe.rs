//! Probing the databases: lazy loading of splits, the value of a position, its best moves, and
//! what a stored value is worth under the game's draw counters ([`Egdb::score`]).

use super::file::{self, Tables};
use super::index::{Layout, Material};
use super::{EgdbRules, Entry, Value, decode, men_steps, no_move};
use damka_rules::draw::DrawRules;
use damka_rules::games::draughts::draw::Counters;
use damka_rules::games::draughts::draw::{KINGS_ONLY, reason};
use damka_rules::games::draughts::movegen::gen_moves;
use damka_rules::games::draughts::moves::{Move, MoveList};
use damka_rules::games::draughts::position::Position;
use damka_rules::score::Score;
use damka_rules::types::Side;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// The score of a database win at distance 0; a win at distance `d` scores `EGDB_WIN - d`.
/// Below the forced-win band of the search (a found mate is worth more) and above any
/// evaluation.
pub const EGDB_WIN: i32 = 20_000;

/// Default memory cap for decompressed splits: 1 GiB (the Russian splits up to 5 pieces take
/// about 200 MiB, up to 6 pieces about 4500 MiB; see the `EGDBCache` option).
pub const DEFAULT_CAP: usize = 1 << 30;

/// One split's state in memory.
enum Slot {
    Loaded {
        tables: Arc<Tables>,
        last_use: AtomicU64,
    },
    /// Missing, truncated or corrupt: never probed again.
    Refused,
}

/// A directory of game `R`'s databases, loaded split by split on first probe.
///
/// Memory is bounded by a cap on the decompressed splits held (one byte per index): when a
/// split is loaded beyond the cap, the least recently probed splits are dropped first (they are
/// read again if needed). A file that is missing, truncated or fails its checksum is refused
/// once, with one message in [`Egdb::take_errors`], and never gives a value.
pub struct Egdb<R: EgdbRules> {
    dir: PathBuf,
    pieces: u32,
    cap: usize,
    layout: Layout,
    slots: RwLock<HashMap<Material, Slot>>,
    errors: Mutex<Vec<String>>,
    clock: AtomicU64,
    game: PhantomData<fn() -> R>,
}

impl<R: EgdbRules> fmt::Debug for Egdb<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Egdb")
            .field("game", &R::NAME)
            .field("dir", &self.dir)
            .field("pieces", &self.pieces)
            .finish()
    }
}

impl<R: EgdbRules> Egdb<R> {
    /// The databases in `dir` for positions of up to `pieces` pieces. Fails only if `dir` is
    /// not a directory; missing splits are listed in [`Egdb::take_errors`] and left out.
    pub fn open(dir: &Path, pieces: u32) -> Result<Egdb<R>, String> {
        if !dir.is_dir() {
            return Err(format!("EGDB directory {} not found", dir.display()));
        }
        let egdb = Egdb {
            dir: dir.to_path_buf(),
            pieces,
            cap: DEFAULT_CAP,
            layout: Layout::of_game::<R>(),
            slots: RwLock::new(HashMap::new()),
            errors: Mutex::new(Vec::new()),
            clock: AtomicU64::new(0),
            game: PhantomData,
        };
        let mut missing = Vec::new();
        let mut total = 0;
        for n in 2..=pieces {
            for m in Material::all_with(n) {
                total += 1;
                if !dir.join(R::file_name(m)).is_file() {
                    missing.push(m);
                }
            }
        }
        if !missing.is_empty() {
            // A set complete up to fewer pieces than asked for is the common case: say so, and
            // what to set instead.
            let complete = (2..=pieces)
                .take_while(|&n| !missing.iter().any(|m| m.pieces() == n))
                .last();
            let whole = complete.is_some_and(|c| {
                let wanted: usize = (c + 1..=pieces).map(|n| Material::all_with(n).len()).sum();
                wanted == missing.len()
            });
            let hint = match complete {
                Some(c) if whole => format!(
                    " (the set there is complete up to {c} pieces: EGDBPieces {c} probes it \
                     without this message)"
                ),
                _ => String::new(),
            };
            egdb.error(format!(
                "EGDB: {} of {total} {} files missing in {} (first {}): positions with them \
                 are searched{hint}",
                missing.len(),
                R::NAME,
                dir.display(),
                R::file_name(missing[0])
            ));
            if let Ok(mut slots) = egdb.slots.write() {
                for m in missing {
                    slots.insert(m, Slot::Refused);
                }
            }
        }
        Ok(egdb)
    }

    /// The same databases with another memory cap in bytes.
    pub fn with_cap(mut self, cap: usize) -> Egdb<R> {
        self.cap = cap;
        self
    }

    /// The largest number of pieces probed.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn error(&self, text: String) {
        // Not logged here: the front ends show every error they take, once.
        if let Ok(mut errors) = self.errors.lock() {
            errors.push(text);
        }
    }

    /// The errors met since the last call (refused files), for the front ends to show.
    pub fn take_errors(&self) -> Vec<String> {
        self.errors
            .lock()
            .map(|mut e| std::mem::take(&mut *e))
            .unwrap_or_default()
    }

    /// The entry of `(m, index)` and the largest distance of its table (the counted one if
    /// `counted`), loading the split if needed.
    fn lookup(&self, m: Material, index: u64, counted: bool) -> Option<(u8, u8)> {
        let now = self.clock.fetch_add(1, Ordering::Relaxed);
        let pick = |tables: &Tables| {
            let (entries, max) = if counted {
                (tables.counted_entries(), tables.counted_max())
            } else {
                (tables.plain_entries(), tables.max_distance())
            };
            entries.get(index as usize).map(|&c| (c, max))
        };
        if let Ok(slots) = self.slots.read()
            && let Some(slot) = slots.get(&m)
        {
            return match slot {
                Slot::Loaded { tables, last_use } => {
                    last_use.store(now, Ordering::Relaxed);
                    pick(tables)
                }
                Slot::Refused => None,
            };
        }
        let loaded = file::read::<R>(&self.dir, m);
        let mut slots = self.slots.write().ok()?;
        if let Some(Slot::Loaded { tables, .. }) = slots.get(&m) {
            // Another thread loaded it meanwhile.
            return pick(tables);
        }
        match loaded {
            Ok(tables) => {
                let code = pick(&tables);
                // Drop the least recently used splits until the new one fits under the cap.
                let size = |s: &Slot| match s {
                    Slot::Loaded { tables, .. } => tables.bytes(),
                    Slot::Refused => 0,
                };
                let mut held: usize = slots.values().map(size).sum();
                while held + tables.bytes() > self.cap {
                    let oldest = slots
                        .iter()
                        .filter_map(|(k, s)| match s {
                            Slot::Loaded { last_use, .. } => {
                                Some((*k, last_use.load(Ordering::Relaxed), size(s)))
                            }
                            Slot::Refused => None,
                        })
                        .min_by_key(|(_, t, _)| *t);
                    let Some((k, _, len)) = oldest else { break };
                    slots.remove(&k);
                    held -= len;
                }
                slots.insert(
                    m,
                    Slot::Loaded {
                        tables: Arc::new(tables),
                        last_use: AtomicU64::new(now),
                    },
                );
                code
            }
            Err(e) => {
                drop(slots);
                self.error(format!(
                    "EGDB file {} refused: {e}; playing on without it",
                    self.dir.join(R::file_name(m)).display()
                ));
                if let Ok(mut slots) = self.slots.write() {
                    slots.insert(m, Slot::Refused);
                }
                None
            }
        }
    }

    /// The entry of `pos` (either side to move), plain or counted, with the largest distance of
    /// that table, or `None` if it has too many pieces or its split is not available.
    fn entry_of(&self, pos: &Position<R>, counted: bool) -> Option<(Entry, u8)> {
        if pos.occupied().count() > self.pieces {
            return None;
        }
        let mut p = self.layout.placement(pos);
        if pos.side_to_move() == Side::Black {
            p = self.layout.flipped(p);
        }
        if p.wm | p.wk == 0 {
            return Some((no_move::<R>(), 0));
        }
        if p.bm | p.bk == 0 {
            return None;
        }
        let (code, max) = self.lookup(p.material(), self.layout.index(p)?, counted)?;
        decode(code).map(|e| (e, max))
    }

    /// The stored entry of `pos` (either side to move) under the rules of play alone, and the
    /// largest distance of its split, or `None` if it has too many pieces or its split is not
    /// available.
    pub fn probe_with_max(&self, pos: &Position<R>) -> Option<(Entry, u8)> {
        self.entry_of(pos, false)
    }

    /// The stored entry of `pos`, if available.
    pub fn probe(&self, pos: &Position<R>) -> Option<Entry> {
        self.probe_with_max(pos).map(|(e, _)| e)
    }

    /// The entry of `pos` when the kings-only counter starts afresh at every capture and man
    /// move: the same as [`Egdb::probe`] except where that counter spoils a win (a draw then),
    /// with the distance it allows.
    pub fn probe_counted(&self, pos: &Position<R>) -> Option<Entry> {
        self.entry_of(pos, true).map(|(e, _)| e)
    }

    /// The moves that keep the stored value best: for a win, those keeping the win with the
    /// smallest distance; for a draw, those keeping the draw; for a loss, those delaying the
    /// next capture or man move longest. `None` if a successor cannot be probed.
    pub fn best_moves(&self, pos: &Position<R>) -> Option<(Entry, Vec<Move>)> {
        self.best_moves_in(pos, false)
    }

    /// [`Egdb::best_moves`] by the counted values ([`Egdb::probe_counted`]).
    pub fn best_moves_counted(&self, pos: &Position<R>) -> Option<(Entry, Vec<Move>)> {
        self.best_moves_in(pos, true)
    }

    fn best_moves_in(&self, pos: &Position<R>, counted: bool) -> Option<(Entry, Vec<Move>)> {
        let probe = |p: &Position<R>| self.entry_of(p, counted).map(|(e, _)| e);
        let entry = probe(pos)?;
        let mut list = MoveList::new();
        gen_moves(pos, &mut list);
        if list.is_empty() {
            return Some((entry, Vec::new()));
        }
        let mut scored = Vec::with_capacity(list.len());
        for &mv in list.iter() {
            let child = probe(&pos.after(mv))?;
            let zeroing = mv.is_capture() || !pos.all_kings().contains(mv.from());
            let distance = if zeroing {
                1
            } else {
                1 + i32::from(child.distance)
            };
            // Higher is better for the side to move.
            let merit = match child.value {
                Value::Loss => 1000 - distance,
                Value::Draw => 0,
                Value::Win => -1000 + distance,
            };
            scored.push((mv, merit));
        }
        let best = scored.iter().map(|s| s.1).max()?;
        Some((
            entry,
            scored
                .into_iter()
                .filter(|s| s.1 == best)
                .map(|s| s.0)
                .collect(),
        ))
    }

    /// The moves to search at the root: when the databases claim a win for the side to move
    /// under the counters ([`Egdb::score`]), the moves that keep the win with the smallest
    /// distance to the next capture or man move, so that a won ending is converted within the
    /// counters rather than wandered about in. `None` otherwise (search every move).
    pub fn root_moves(
        &self,
        pos: &Position<R>,
        counters: &Counters,
        rules: &DrawRules,
    ) -> Option<Vec<Move>> {
        let score = self.score(pos, counters, rules)?;
        if score <= Score::DRAW {
            return None;
        }
        let (entry, moves) = self.best_moves_in(pos, rules.is_on(&KINGS_ONLY))?;
        (entry.value == Value::Win && !moves.is_empty()).then_some(moves)
    }

    /// The score of `pos` for the side to move under the draw counters, when the database
    /// decides it; `None` when it does not (too many pieces, split unavailable, or a stored
    /// win the counters might turn into a draw).
    ///
    /// With the kings-only rule on, the counted values are used ([`Egdb::probe_counted`]):
    /// there a win is one the winner completes although that counter starts afresh at every
    /// capture and man move, and its distance `d` is the plies to the next of them. A draw is
    /// a draw whatever the counters: they can only turn wins into draws. A win or loss is
    /// claimed only when no running counter can fire first:
    ///
    /// * the kings-only counter is reset by exactly the moves the distance counts to, so it
    ///   must have more than `d` plies left;
    /// * with only kings on the board, that next reset is a capture, which also changes the
    ///   material and the balance, so every running counter (three kings against one, the
    ///   main road, two against one, material, FMJD) must have more than `d` plies left;
    /// * with men on the board the next reset may be a man step that leaves the balance and
    ///   material counters running. The man steps left on the board (`s`, both sides) bound
    ///   how many such steps can come before a capture or a promotion, and each stretch
    ///   between them is at most the split's largest distance `D`, so those counters must
    ///   have more than `d + (s - 1)·D` plies left.
    ///
    /// After the next reset the search (or the next probe) judges the new position with its
    /// own counters. The claim takes the wins of the positions after a reset as wins: that
    /// holds for the kings-only counter by the counted values, and for the balance rules
    /// because the splits they cover convert quickly (docs/egdb.md lists the largest
    /// distances). A counter that starts later without a reset (the main-road rule, when the
    /// lone king steps onto the long diagonal) bounds the claim by
    /// [`Counters::late_start_limit`].
    pub fn score(
        &self,
        pos: &Position<R>,
        counters: &Counters,
        rules: &DrawRules,
    ) -> Option<Score> {
        let (entry, max) = self.entry_of(pos, rules.is_on(&KINGS_ONLY))?;
        let d = u32::from(entry.distance);
        match entry.value {
            Value::Draw => return Some(Score::DRAW),
            Value::Win | Value::Loss => {}
        }
        let men = pos.men(Side::White) | pos.men(Side::Black);
        let steps = men_steps(pos);
        // A rule that can start later without a reset (the main road) must not catch the win.
        if Counters::late_start_limit(rules, pos).is_some_and(|limit| d >= u32::from(limit)) {
            return None;
        }
        let remaining = counters.remaining(rules, pos);
        for (rule, left) in remaining.iter() {
            let left = u32::from(left);
            let kings_only = rule == reason::KINGS_ONLY || rule == reason::KINGS_ONLY_LONG;
            let needed = if kings_only || men.is_empty() {
                d
            } else {
                d + steps.saturating_sub(1) * u32::from(max)
            };
            if needed >= left {
                return None;
            }
        }
        let score = Score(EGDB_WIN - d as i32);
        Some(if entry.value == Value::Win {
            score
        } else {
            -score
        })
    }
}
