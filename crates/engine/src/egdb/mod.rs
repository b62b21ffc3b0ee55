//! Russian endgame databases: damka's own generator, file format and prober (docs/egdb.md).
//!
//! * [`index`]: material splits and the dense index of a position within its split;
//! * [`file`](mod@file): the compressed, checksummed file of one split;
//! * [`generate`]: building every split up to N pieces by an iterated fixpoint;
//! * [`probe`]: lazy loading, probing, and what a value is worth under the draw counters.
//!
//! Every position is stored with White to move; a position with Black to move is probed as the
//! board turned round with the colours swapped. A stored entry is one byte, [`Entry`] encoded by
//! [`encode`]: the game-theoretic value for the side to move (no draw counters, no repetition)
//! and the distance in plies to the next capture or man move on the best path (the winner
//! hurries, the loser delays).

pub mod file;
pub mod generate;
pub mod index;
pub mod probe;

pub use index::{Material, RPos};
pub use probe::Egdb;

use crate::search::{Databases, EndgameDatabase};
use damka_rules::draw::DrawRules;
use damka_rules::games::draughts::draw::Counters;
use damka_rules::games::draughts::moves::Move;
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::score::Score;
use std::path::Path;
use std::sync::Arc;

/// The game these databases are of.
pub type Game = Draughts<Russian>;

/// Opens the databases in `dir` for positions of up to `pieces` pieces, for the search (see
/// [`Egdb::open`]).
pub fn open(dir: &Path, pieces: u32) -> Result<Databases, String> {
    let egdb: Arc<dyn EndgameDatabase<Game>> = Arc::new(Egdb::open(dir, pieces)?);
    Ok(Databases::new(egdb))
}

impl EndgameDatabase<Game> for Egdb {
    fn score(&self, pos: &RPos, counters: &Counters, rules: &DrawRules) -> Option<Score> {
        Egdb::score(self, pos, counters, rules)
    }

    fn root_moves(&self, pos: &RPos, counters: &Counters, rules: &DrawRules) -> Option<Vec<Move>> {
        Egdb::root_moves(self, pos, counters, rules)
    }

    fn take_errors(&self) -> Vec<String> {
        Egdb::take_errors(self)
    }
}

/// The game-theoretic value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

/// A stored value with its distance (plies to the next capture or man move; 0 for a draw and
/// for a side without a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Win, draw or loss for the side to move.
    pub value: Value,
    /// Plies to the next capture or man move on the best path.
    pub distance: u8,
}

/// The byte of an index that is not a position (men on the same square).
pub const UNUSED: u8 = 0;
/// The byte of a draw.
pub const DRAW: u8 = 1;
/// The largest distance a file can hold.
pub const MAX_DISTANCE: u8 = 120;

/// The byte of an entry: 1 draw, `2 + 2d` loss in `d`, `3 + 2d` win in `d`.
pub fn encode(entry: Entry) -> u8 {
    match entry.value {
        Value::Draw => DRAW,
        Value::Loss => 2 + 2 * entry.distance.min(MAX_DISTANCE),
        Value::Win => 3 + 2 * entry.distance.min(MAX_DISTANCE),
    }
}

/// The entry of a byte; `None` for [`UNUSED`] and bytes no file holds.
pub fn decode(code: u8) -> Option<Entry> {
    match code {
        UNUSED => None,
        DRAW => Some(Entry {
            value: Value::Draw,
            distance: 0,
        }),
        c if c <= 3 + 2 * MAX_DISTANCE => Some(Entry {
            value: if c % 2 == 0 { Value::Loss } else { Value::Win },
            distance: (c - 2) / 2,
        }),
        _ => None,
    }
}
