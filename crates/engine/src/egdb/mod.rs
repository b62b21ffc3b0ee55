//! Endgame databases of the draughts games (Russian, Brazilian, International, giveaway):
//! damka's own generator, file format and prober (docs/egdb.md).
//!
//! * [`index`]: material splits and the dense index of a position within its split;
//! * [`file`](mod@file): the compressed, checksummed file of one split;
//! * [`generate`]: building every split up to N pieces by an iterated fixpoint, or one split
//!   from the files of those it leads to;
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

pub use index::{Layout, Material, Placement};
pub use probe::{DEFAULT_CAP, Egdb};

use crate::search::{Databases, EndgameDatabase};
use damka_rules::board::Geometry;
use damka_rules::draw::DrawRules;
use damka_rules::games::Variant;
use damka_rules::games::draughts::draw::Counters;
use damka_rules::games::draughts::moves::Move;
use damka_rules::games::draughts::position::Position;
use damka_rules::games::draughts::{Brazilian, Draughts, Giveaway, International, Rules, Russian};
use damka_rules::score::Score;
use damka_rules::types::Side;
use std::path::Path;
use std::sync::Arc;

/// The Russian game, whose databases came first.
pub type Game = Draughts<Russian>;

/// A Russian position.
pub type RPos = Position<Russian>;

/// A draughts game whose endgame databases damka builds: its files are named
/// `<prefix><split>.egdb`, so the sets of several games can share a directory.
pub trait EgdbRules: Rules {
    /// The first letter of the files' names: `r` Russian, `b` Brazilian, `i` International,
    /// `g` giveaway.
    const PREFIX: char;

    /// The file name of split `m`: `r2100.egdb`.
    fn file_name(m: Material) -> String {
        format!("{}{m}.egdb", Self::PREFIX)
    }
}

impl EgdbRules for Russian {
    const PREFIX: char = 'r';
}

impl EgdbRules for Brazilian {
    const PREFIX: char = 'b';
}

impl EgdbRules for International {
    const PREFIX: char = 'i';
}

impl EgdbRules for Giveaway {
    const PREFIX: char = 'g';
}

/// Runs `$body` with `$R` bound to the rules of `$variant` when damka builds databases for that
/// game; evaluates to `None` for the other games, `Some($body)` otherwise.
#[macro_export]
macro_rules! with_egdb_rules {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            damka_rules::games::Variant::Russian => {
                type $R = damka_rules::games::draughts::Russian;
                Some($body)
            }
            damka_rules::games::Variant::Brazilian => {
                type $R = damka_rules::games::draughts::Brazilian;
                Some($body)
            }
            damka_rules::games::Variant::International => {
                type $R = damka_rules::games::draughts::International;
                Some($body)
            }
            damka_rules::games::Variant::Giveaway => {
                type $R = damka_rules::games::draughts::Giveaway;
                Some($body)
            }
            _ => None,
        }
    };
}

/// True if damka builds endgame databases for `variant`.
pub fn has_databases(variant: Variant) -> bool {
    with_egdb_rules!(variant, R => R::PREFIX).is_some()
}

/// The file name of split `m` of `variant`'s databases, if it has any.
pub fn file_name(variant: Variant, m: Material) -> Option<String> {
    with_egdb_rules!(variant, R => R::file_name(m))
}

/// Opens `variant`'s databases in `dir` for positions of up to `pieces` pieces, for the search,
/// holding at most `cap` bytes of decompressed splits (see [`Egdb::open`] and
/// [`Egdb::with_cap`]). Fails for a game without databases or a missing directory.
pub fn open(variant: Variant, dir: &Path, pieces: u32, cap: usize) -> Result<Databases, String> {
    with_egdb_rules!(variant, R => open_for::<R>(dir, pieces, cap))
        .unwrap_or_else(|| Err(format!("damka has no endgame databases for {variant}")))
}

fn open_for<R: EgdbRules>(dir: &Path, pieces: u32, cap: usize) -> Result<Databases, String> {
    let egdb: Arc<dyn EndgameDatabase<Draughts<R>>> =
        Arc::new(Egdb::<R>::open(dir, pieces)?.with_cap(cap));
    Ok(Databases::new(egdb))
}

impl<R: EgdbRules> EndgameDatabase<Draughts<R>> for Egdb<R> {
    fn score(&self, pos: &Position<R>, counters: &Counters, rules: &DrawRules) -> Option<Score> {
        Egdb::score(self, pos, counters, rules)
    }

    fn root_moves(
        &self,
        pos: &Position<R>,
        counters: &Counters,
        rules: &DrawRules,
    ) -> Option<Vec<Move>> {
        Egdb::root_moves(self, pos, counters, rules)
    }

    fn take_errors(&self) -> Vec<String> {
        Egdb::take_errors(self)
    }
}

/// The steps the men of `pos` still have to walk to the last rank, both sides together: a man's
/// step takes one off, a king's move none.
pub fn men_steps<R: Rules>(pos: &Position<R>) -> u32 {
    let last_rank = u32::from(R::Board::RANKS) - 1;
    let white: u32 = pos
        .men(Side::White)
        .into_iter()
        .map(|s| last_rank - u32::from(R::Board::rank(s)))
        .sum();
    let black: u32 = pos
        .men(Side::Black)
        .into_iter()
        .map(|s| u32::from(R::Board::rank(s)))
        .sum();
    white + black
}

/// The entry of a position whose side to move has no move (or no piece): lost, at distance 0,
/// except in giveaway, where it has won.
pub fn no_move<R: Rules>() -> Entry {
    Entry {
        value: if R::NO_MOVE_WINS {
            Value::Win
        } else {
            Value::Loss
        },
        distance: 0,
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
