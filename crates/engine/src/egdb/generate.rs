//! Building the databases (docs/egdb.md): every material split up to N pieces, fewest pieces
//! first and, among those, fewest men first, so every capture and promotion leads into a split
//! already solved. A split is solved together with its colour-flipped twin, because a quiet
//! move of White in split `S` gives a position with Black to move in `S`, stored as White to
//! move in the flipped split.
//!
//! Solving is an exact iterated fixpoint over all positions of the pair, in three steps:
//!
//! 1. every position with no move is lost (distance 0); every position where the side to move
//!    must capture is decided at once by its captures, which all lead into solved splits
//!    (distance 1);
//! 2. sweeps over the undecided positions: one with a move to a position lost for the opponent
//!    is won, one whose every move leads to a position won for the opponent is lost; sweeps
//!    repeat until one changes nothing, and what is left undecided is drawn (no side can force
//!    anything from it). After the first sweep only the positions with a move into one just
//!    decided are looked at (found by moving the pieces back), so a drawn position is not
//!    looked at again and again;
//! 3. distances, in sweeps `n = 1, 2, …`: a won position gets `1` if a capture or man move
//!    keeps the win, else `1 + min` over king moves into lost positions whose distance is
//!    known, taken once that is at most `n`; a lost position gets `1 + max` over its moves
//!    (`1` for a capture or man move) once every king move leads to a position whose distance
//!    is known. By induction on `n` every position of distance `n` is fixed at sweep `n`.
//!
//! 4. the counted values: the same game with the kings-only counter starting afresh at every
//!    capture and man move, which draws when the winner needs longer than its limit between
//!    two of them (see `solve_counted`). Where they equal the plain values (every split whose
//!    longest stretch fits the counter and whose captures and promotions lead only to such
//!    splits) the file holds one table, else both.
//!
//! Sweeps run on all threads through rayon over atomic bytes; a position decided early in a
//! sweep may be read later in the same sweep, which only makes the sweeps converge sooner.

use super::file::{self, FileError, Tables};
use super::index::{Layout, Material};
use super::{
    DRAW, EgdbRules, Entry, MAX_DISTANCE, UNUSED, Value, decode, encode, men_steps, no_move,
};
use damka_rules::board::Diagonal;
use damka_rules::games::draughts::movegen::{for_each_quiet, gen_moves};
use damka_rules::games::draughts::moves::{Move, MoveList};
use damka_rules::games::draughts::position::Position;
use damka_rules::types::{Dir, Side};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

/// Not decided yet (generation only).
const UNKNOWN: u8 = 255;
/// Won, distance not known yet (generation only).
const WIN_ND: u8 = 254;
/// Lost, distance not known yet (generation only).
const LOSS_ND: u8 = 253;

/// What a finished split looks like.
#[derive(Clone, Debug)]
pub struct SliceReport {
    /// The split.
    pub material: Material,
    /// Indices in the split.
    pub entries: u64,
    /// Won, drawn and lost positions (White to move).
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Lost positions.
    pub losses: u64,
    /// The largest distance stored.
    pub max_distance: u8,
    /// When the kings-only counter changes values: how many plain wins and losses it draws.
    pub counted_draws: Option<u64>,
    /// Bytes on disk.
    pub bytes: u64,
    /// True if the file was already there and checked, not generated.
    pub reused: bool,
}

/// Solved splits in memory, by material.
pub type Solved = HashMap<Material, Arc<Tables>>;

/// A split just solved or read back: its report and its tables.
type Finished = (SliceReport, Arc<Tables>);

/// The splits a pair solve reads: the ones solved before and the pair being solved.
struct Lookup<'a> {
    layout: &'a Layout,
    solved: &'a Solved,
    current: [(Material, &'a [AtomicU8]); 2],
    /// The byte of a side to move without a piece.
    no_piece: u8,
    /// Read the counted tables of the solved splits, not the plain ones.
    counted: bool,
}

impl Lookup<'_> {
    /// The byte of `pos` (Black to move after a White move) for the side to move.
    #[inline]
    fn after<R: EgdbRules>(&self, pos: &Position<R>) -> u8 {
        let p = self.layout.flipped(self.layout.placement(pos));
        if p.wm | p.wk == 0 {
            return self.no_piece;
        }
        let m = p.material();
        let Some(index) = self.layout.index(p) else {
            return UNKNOWN;
        };
        for (cm, arr) in &self.current {
            if *cm == m {
                return arr[index as usize].load(Ordering::Relaxed);
            }
        }
        self.solved
            .get(&m)
            .and_then(|t| {
                let entries = if self.counted {
                    t.counted_entries()
                } else {
                    t.plain_entries()
                };
                entries.get(index as usize).copied()
            })
            .unwrap_or(UNKNOWN)
    }

    /// The value the moves in `list` give `pos` as things stand: won if one leads to a position
    /// lost for the opponent, lost if every one leads to a position won for the opponent,
    /// otherwise not decided (`None`).
    #[inline]
    fn value_by_moves<R: EgdbRules>(&self, pos: &Position<R>, list: &MoveList) -> Option<Value> {
        let mut all_win = true;
        for &mv in list.iter() {
            let c = self.after(&pos.after(mv));
            if is_loss(c) {
                return Some(Value::Win);
            }
            all_win &= is_win(c);
        }
        all_win.then_some(Value::Loss)
    }

    /// Where `parent` (Black to move, in the pair) is stored: which of `current` and the index.
    #[inline]
    fn slot<R: EgdbRules>(&self, parent: &Position<R>) -> Option<(usize, usize)> {
        let p = self.layout.flipped(self.layout.placement(parent));
        let m = p.material();
        let k = self.current.iter().position(|(cm, _)| *cm == m)?;
        Some((k, self.layout.index(p)? as usize))
    }
}

/// Calls `f` with every position, Black to move, from which a quiet Black move that stays in
/// the split leads to `pos`: a black king moved back along an empty diagonal, or a black man
/// one step back. (One of them that must capture has no such move, but it was decided by its
/// captures before any sweep, so naming it does no harm.)
fn for_each_parent<R: EgdbRules>(pos: &Position<R>, mut f: impl FnMut(Position<R>)) {
    let (white, black, kings) = (
        pos.pieces(Side::White),
        pos.pieces(Side::Black),
        pos.all_kings(),
    );
    // A king's way back is a king's move from where it stands.
    for_each_quiet(&pos.with_side_to_move(Side::Black), |mv| {
        if !kings.contains(mv.from()) {
            return;
        }
        let (now, before) = (mv.from().bb(), mv.to().bb());
        let black = black.without(now) | before;
        let kings = kings.without(now) | before;
        if let Ok(parent) = Position::from_parts(white, black, kings, Side::Black) {
            f(parent);
        }
    });
    for dir in Dir::forward(Side::Black) {
        let origins = R::Board::shift(pos.men(Side::Black), dir.reverse()) & pos.empty();
        for origin in origins {
            let now = R::Board::shift(origin.bb(), dir);
            let black = black.without(now) | origin.bb();
            if let Ok(parent) = Position::from_parts(white, black, kings, Side::Black) {
                f(parent);
            }
        }
    }
}

/// One bit per position of a split: the positions a sweep must look at again.
struct Dirty(Vec<AtomicU64>);

impl Dirty {
    /// Every position of a split of `len` indices marked.
    fn all(len: usize) -> Dirty {
        Dirty(
            (0..len.div_ceil(64))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
        )
    }

    #[inline]
    fn mark(&self, i: usize) {
        self.0[i / 64].fetch_or(1 << (i % 64), Ordering::Release);
    }
}

/// True if `code` is a loss (distance known or not).
fn is_loss(code: u8) -> bool {
    code == LOSS_ND || (code != UNUSED && code <= 3 + 2 * MAX_DISTANCE && code.is_multiple_of(2))
}

/// True if `code` is a win (distance known or not).
fn is_win(code: u8) -> bool {
    code == WIN_ND || (code != DRAW && code <= 3 + 2 * MAX_DISTANCE && code % 2 == 1)
}

/// True if `mv` resets the distance: a capture or a man move.
fn zeroing<R: EgdbRules>(pos: &Position<R>, mv: Move) -> bool {
    mv.is_capture() || !pos.all_kings().contains(mv.from())
}

/// The splits of a pair: `m` and its flipped twin (one split if they are the same).
fn pair_of(m: Material) -> Vec<Material> {
    if m.flipped() == m {
        vec![m]
    } else {
        vec![m, m.flipped()]
    }
}

/// The position (White to move) at index `i` of split `m`, if the index is one.
fn position_at<R: EgdbRules>(layout: &Layout, m: Material, i: usize) -> Option<Position<R>> {
    layout
        .from_index(m, i as u64)
        .and_then(|p| layout.position(p, Side::White))
}

/// Solves the pair of `m` and its flipped twin (one split if they are the same).
fn solve_pair<R: EgdbRules>(
    m: Material,
    solved: &Solved,
    layout: &Layout,
) -> Result<Vec<(Material, Vec<u8>)>, String> {
    let mats = pair_of(m);
    let arrays: Vec<Vec<AtomicU8>> = mats
        .iter()
        .map(|mm| {
            (0..layout.size(*mm) as usize)
                .map(|_| AtomicU8::new(UNUSED))
                .collect()
        })
        .collect();
    let current = [
        (mats[0], arrays[0].as_slice()),
        (
            *mats.last().unwrap_or(&m),
            arrays.last().map_or(&[][..], |a| a.as_slice()),
        ),
    ];
    let look = Lookup {
        layout,
        solved,
        current,
        no_piece: encode(no_move::<R>()),
        counted: false,
    };
    let position = |mm: Material, i: usize| position_at::<R>(layout, mm, i);

    // Step 1: no moves, and captures.
    for (k, mm) in mats.iter().enumerate() {
        let arr = &arrays[k];
        (0..layout.size(*mm) as usize)
            .into_par_iter()
            .with_min_len(4096)
            .for_each_init(MoveList::new, |list, i| {
                let Some(pos) = position(*mm, i) else {
                    return;
                };
                gen_moves(&pos, list);
                let code = if list.is_empty() {
                    look.no_piece
                } else if list[0].is_capture() {
                    look.value_by_moves(&pos, list)
                        .map_or(DRAW, |value| encode(Entry { value, distance: 1 }))
                } else {
                    UNKNOWN
                };
                arr[i].store(code, Ordering::Relaxed);
            });
    }

    // Step 2: values. A position is looked at again only when one of its moves led to a
    // position that was just decided: the positions it is a move from are marked.
    let dirty: Vec<Dirty> = arrays.iter().map(|arr| Dirty::all(arr.len())).collect();
    loop {
        let changed = AtomicBool::new(false);
        for (k, mm) in mats.iter().enumerate() {
            let arr = &arrays[k];
            dirty[k]
                .0
                .par_iter()
                .enumerate()
                .with_min_len(64)
                .for_each_init(MoveList::new, |list, (word, bits)| {
                    let mut bits = bits.swap(0, Ordering::AcqRel);
                    while bits != 0 {
                        let i = word * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if i >= arr.len() || arr[i].load(Ordering::Relaxed) != UNKNOWN {
                            continue;
                        }
                        let Some(pos) = position(*mm, i) else {
                            continue;
                        };
                        gen_moves(&pos, list);
                        let Some(value) = look.value_by_moves(&pos, list) else {
                            continue;
                        };
                        let code = if value == Value::Win { WIN_ND } else { LOSS_ND };
                        arr[i].store(code, Ordering::Relaxed);
                        changed.store(true, Ordering::Relaxed);
                        for_each_parent(&pos, |parent| {
                            if let Some((pk, pi)) = look.slot(&parent) {
                                dirty[pk].mark(pi);
                            }
                        });
                    }
                });
        }
        if !changed.load(Ordering::Relaxed) {
            break;
        }
    }
    for arr in &arrays {
        arr.par_iter().for_each(|a| {
            if a.load(Ordering::Relaxed) == UNKNOWN {
                a.store(DRAW, Ordering::Relaxed);
            }
        });
    }

    // Step 3: distances.
    let mut level: u32 = 1;
    loop {
        let assigned = AtomicU64::new(0);
        let pending = AtomicU64::new(0);
        for (k, mm) in mats.iter().enumerate() {
            let arr = &arrays[k];
            (0..layout.size(*mm) as usize)
                .into_par_iter()
                .with_min_len(4096)
                .for_each_init(MoveList::new, |list, i| {
                    let own = arr[i].load(Ordering::Relaxed);
                    if own != WIN_ND && own != LOSS_ND {
                        return;
                    }
                    let Some(pos) = position(*mm, i) else {
                        return;
                    };
                    gen_moves(&pos, list);
                    let found = if own == WIN_ND {
                        let mut best = u32::MAX;
                        for &mv in list.iter() {
                            let c = look.after(&pos.after(mv));
                            if !is_loss(c) {
                                continue;
                            }
                            if zeroing(&pos, mv) {
                                best = 1;
                                break;
                            }
                            if let Some(e) = decode(c).filter(|_| c != LOSS_ND) {
                                best = best.min(1 + u32::from(e.distance));
                            }
                        }
                        (best <= level).then_some((Value::Win, best))
                    } else {
                        let mut worst = 1u32;
                        let mut ready = true;
                        for &mv in list.iter() {
                            if zeroing(&pos, mv) {
                                continue;
                            }
                            let c = look.after(&pos.after(mv));
                            match decode(c).filter(|_| c != WIN_ND) {
                                Some(e) => worst = worst.max(1 + u32::from(e.distance)),
                                None => {
                                    ready = false;
                                    break;
                                }
                            }
                        }
                        ready.then_some((Value::Loss, worst))
                    };
                    match found {
                        Some((value, d)) if d <= u32::from(MAX_DISTANCE) => {
                            arr[i].store(
                                encode(Entry {
                                    value,
                                    distance: d as u8,
                                }),
                                Ordering::Relaxed,
                            );
                            assigned.fetch_add(1, Ordering::Relaxed);
                        }
                        Some(_) => {
                            pending.fetch_add(1 << 32, Ordering::Relaxed);
                        }
                        None => {
                            pending.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
        }
        let pending = pending.load(Ordering::Relaxed);
        if pending >> 32 != 0 {
            return Err(format!("{m}: a distance exceeds {MAX_DISTANCE} plies"));
        }
        if pending == 0 {
            break;
        }
        if assigned.load(Ordering::Relaxed) == 0 && level > u32::from(MAX_DISTANCE) + 1 {
            return Err(format!("{m}: {pending} positions got no distance"));
        }
        level += 1;
    }

    Ok(mats
        .into_iter()
        .zip(arrays)
        .map(|(mm, arr)| (mm, arr.into_iter().map(AtomicU8::into_inner).collect()))
        .collect())
}

/// Step 4: the values of a pair when the kings-only counter of `limit` plies starts afresh at
/// every capture and man move (and no other counter runs), given the plain values `plain` of
/// the pair's splits and the counted values of the splits it leads to in `solved`.
///
/// It is the game of step 3 with a deadline: the winner must make a capture or a man move
/// into a position lost for the opponent (counted) within `limit` plies, the loser escapes by
/// such a move into a position not won for the opponent, or by outlasting the deadline. A
/// position's counted distance `d` is that minimax, and it is won or lost exactly when
/// `d <= limit`; otherwise drawn. Plain draws stay draws, and a counted win or loss was a
/// plain one.
///
/// A man's step takes a position to one whose men have one step less left to walk (both
/// sides together), a king's move keeps that number, and captures and promotions leave the
/// pair: so the pair is solved group by group, fewest steps left first, each group by the
/// distance sweeps of step 3 with the group below already final.
fn solve_counted<R: EgdbRules>(
    mats: &[Material],
    plain: &[Vec<u8>],
    solved: &Solved,
    layout: &Layout,
    limit: u32,
) -> Vec<Vec<u8>> {
    // Open: a plain win or loss decided by a move (a side without a move stays as it is).
    let arrays: Vec<Vec<AtomicU8>> = plain
        .iter()
        .map(|entries| {
            entries
                .iter()
                .map(|&c| {
                    let open = decode(c).is_some_and(|e| e.value != Value::Draw && e.distance > 0);
                    AtomicU8::new(if open { UNKNOWN } else { c })
                })
                .collect()
        })
        .collect();
    let position = |mm: Material, i: usize| position_at::<R>(layout, mm, i);
    let steps: Vec<Vec<u8>> = mats
        .iter()
        .zip(&arrays)
        .map(|(mm, arr)| {
            (0..arr.len())
                .into_par_iter()
                .with_min_len(4096)
                .map(|i| match position(*mm, i) {
                    Some(pos) if arr[i].load(Ordering::Relaxed) == UNKNOWN => {
                        men_steps(&pos).min(254) as u8
                    }
                    _ => u8::MAX,
                })
                .collect()
        })
        .collect();
    let groups = steps
        .iter()
        .flat_map(|s| s.iter().copied().filter(|&g| g != u8::MAX))
        .max()
        .map_or(0, |g| u32::from(g) + 1);
    let look = Lookup {
        layout,
        solved,
        current: [
            (mats[0], arrays[0].as_slice()),
            (mats[mats.len() - 1], arrays[arrays.len() - 1].as_slice()),
        ],
        no_piece: encode(no_move::<R>()),
        counted: true,
    };
    let store = |cell: &AtomicU8, value: Value, d: u32| {
        cell.store(
            encode(Entry {
                value,
                distance: d as u8,
            }),
            Ordering::Relaxed,
        );
    };
    for group in 0..groups as u8 {
        let mut level = 1u32;
        let mut longest = 0u32;
        loop {
            let assigned = AtomicBool::new(false);
            let longest_now = AtomicU64::new(u64::from(longest));
            for (k, mm) in mats.iter().enumerate() {
                let arr = &arrays[k];
                (0..arr.len())
                    .into_par_iter()
                    .with_min_len(4096)
                    .for_each_init(MoveList::new, |list, i| {
                        if steps[k][i] != group || arr[i].load(Ordering::Relaxed) != UNKNOWN {
                            return;
                        }
                        let Some(pos) = position(*mm, i) else {
                            return;
                        };
                        gen_moves(&pos, list);
                        let decided = if is_win(plain[k][i]) {
                            let mut best = u32::MAX;
                            for &mv in list.iter() {
                                let c = look.after(&pos.after(mv));
                                if zeroing(&pos, mv) {
                                    if is_loss(c) {
                                        best = 1;
                                        break;
                                    }
                                } else if let Some(e) = decode(c).filter(|e| e.value == Value::Loss)
                                {
                                    best = best.min(1 + u32::from(e.distance));
                                }
                            }
                            (best <= level && best <= limit).then_some((Value::Win, best))
                        } else {
                            let mut worst = 1u32;
                            let mut ready = true;
                            for &mv in list.iter() {
                                let c = look.after(&pos.after(mv));
                                if zeroing(&pos, mv) {
                                    if !is_win(c) {
                                        // An escape by a capture or a man move.
                                        arr[i].store(DRAW, Ordering::Relaxed);
                                        return;
                                    }
                                } else if c == UNKNOWN {
                                    ready = false;
                                } else if let Some(e) = decode(c).filter(|e| e.value == Value::Win)
                                {
                                    worst = worst.max(1 + u32::from(e.distance));
                                } else {
                                    // A king move to a position not won for the opponent.
                                    arr[i].store(DRAW, Ordering::Relaxed);
                                    return;
                                }
                            }
                            if ready && worst > limit {
                                arr[i].store(DRAW, Ordering::Relaxed);
                                return;
                            }
                            ready.then_some((Value::Loss, worst))
                        };
                        if let Some((value, d)) = decided {
                            store(&arr[i], value, d);
                            assigned.store(true, Ordering::Relaxed);
                            longest_now.fetch_max(u64::from(d), Ordering::Relaxed);
                        }
                    });
            }
            longest = longest_now.load(Ordering::Relaxed) as u32;
            // Nothing new, and no winner can still reach a known loss within the level: the
            // group is final.
            if !assigned.load(Ordering::Relaxed) && level > longest {
                break;
            }
            level += 1;
        }
        for (k, arr) in arrays.iter().enumerate() {
            arr.par_iter().enumerate().for_each(|(i, a)| {
                if steps[k][i] == group && a.load(Ordering::Relaxed) == UNKNOWN {
                    a.store(DRAW, Ordering::Relaxed);
                }
            });
        }
    }
    arrays
        .into_iter()
        .map(|arr| arr.into_iter().map(AtomicU8::into_inner).collect())
        .collect()
}

/// The tables of a pair just solved: its plain values and, when the kings-only counter of
/// `R`'s rules changes some of them, its counted values ([`solve_counted`]).
fn solve_tables<R: EgdbRules>(
    m: Material,
    solved: &Solved,
    layout: &Layout,
    limit: u32,
) -> Result<Vec<(Material, Tables)>, String> {
    let plain = solve_pair::<R>(m, solved, layout)?;
    let longest = plain.iter().map(|(_, e)| tally(e).3).max().unwrap_or(0);
    let inherited = needs(m)
        .iter()
        .any(|n| solved.get(n).is_some_and(|t| t.has_counted()));
    let mats: Vec<Material> = plain.iter().map(|(mm, _)| *mm).collect();
    let entries: Vec<Vec<u8>> = plain.into_iter().map(|(_, e)| e).collect();
    let counted = if u32::from(longest) > limit || inherited {
        Some(solve_counted::<R>(&mats, &entries, solved, layout, limit))
    } else {
        None
    };
    Ok(mats
        .into_iter()
        .enumerate()
        .zip(entries)
        .map(|((k, mm), e)| {
            let max = tally(&e).3;
            let tables = match counted.as_ref().map(|c| &c[k]) {
                Some(c) if *c != e => Tables::with_counted(e, max, c, tally(c).3),
                _ => Tables::plain(e, max),
            };
            (mm, tables)
        })
        .collect())
}

/// Every split of game `R` up to `pieces` pieces solved in memory, nothing read or written, with
/// counted tables for a kings-only counter of `limit` plies. The files use the game's own
/// limit; another one lets the counted values be checked against a plain search on small sets.
pub fn solve_in_memory<R: EgdbRules>(pieces: u32, limit: u32) -> Result<Solved, String> {
    let layout = Layout::of_game::<R>();
    let mut solved = Solved::new();
    for m in pairs(pieces) {
        for (mm, tables) in solve_tables::<R>(m, &solved, &layout, limit)? {
            solved.insert(mm, Arc::new(tables));
        }
    }
    Ok(solved)
}

/// Counts of a finished split: wins, draws, losses and the largest distance.
fn tally(entries: &[u8]) -> (u64, u64, u64, u8) {
    let (mut w, mut d, mut l, mut max) = (0, 0, 0, 0u8);
    for &c in entries {
        if let Some(e) = decode(c) {
            match e.value {
                Value::Win => w += 1,
                Value::Draw => d += 1,
                Value::Loss => l += 1,
            }
            max = max.max(e.distance);
        }
    }
    (w, d, l, max)
}

/// Generates game `R`'s splits with up to `pieces` pieces in `dir`, skipping the files already
/// there that pass their checks, and calls `progress` with a line after each split. Returns
/// one report per split and the splits kept in memory.
pub fn generate<R: EgdbRules>(
    dir: &Path,
    pieces: u32,
    progress: impl FnMut(&str),
) -> Result<(Vec<SliceReport>, Solved), FileError> {
    generate_only::<R>(dir, pieces, |_| true, progress)
}

/// [`generate`] for the splits `keep` accepts only. `keep` must accept every split a kept
/// split leads to by a capture or promotion (kings only is such a family).
pub fn generate_only<R: EgdbRules>(
    dir: &Path,
    pieces: u32,
    keep: impl Fn(Material) -> bool,
    mut progress: impl FnMut(&str),
) -> Result<(Vec<SliceReport>, Solved), FileError> {
    std::fs::create_dir_all(dir)?;
    let layout = Layout::of_game::<R>();
    let mut solved: Solved = HashMap::new();
    let mut reports = Vec::new();
    let all: Vec<Material> = (2..=pieces)
        .flat_map(Material::all_with)
        .filter(|m| keep(*m))
        .collect();
    let total_entries: u64 = all.iter().map(|&m| layout.size(m)).sum();
    let mut done_entries = 0u64;
    let start = Instant::now();
    for (n, &m) in all.iter().enumerate() {
        if solved.contains_key(&m) {
            continue;
        }
        for (report, entries) in solve_or_reuse::<R>(dir, m, &solved, &layout)? {
            done_entries += report.entries;
            let elapsed = start.elapsed().as_secs_f64();
            // Time left, assuming the time per entry so far (later splits are slower: more
            // iterations; take it as a lower estimate).
            let left = if done_entries > 0 {
                elapsed * (total_entries - done_entries) as f64 / done_entries as f64
            } else {
                0.0
            };
            progress(&format!(
                "egdb {}{} ({}/{}): {}; {elapsed:.1} s elapsed, about {left:.0} s left",
                R::PREFIX,
                report.material,
                (n + 1).min(all.len()),
                all.len(),
                report.summary(),
            ));
            solved.insert(report.material, entries);
            reports.push(report);
        }
    }
    Ok((reports, solved))
}

impl SliceReport {
    /// The report as a line's middle: entries, wins, draws, losses, distance and size.
    pub fn summary(&self) -> String {
        format!(
            "{} entries, {} won, {} drawn, {} lost, max distance {}{}, {} bytes{}",
            self.entries,
            self.wins,
            self.draws,
            self.losses,
            self.max_distance,
            match self.counted_draws {
                Some(n) => format!(", {n} drawn by the kings-only counter"),
                None => String::new(),
            },
            self.bytes,
            if self.reused {
                ", checked and kept"
            } else {
                ""
            }
        )
    }
}

/// Solves the pair of `m` with the splits it leads to in `solved`, or reads both files back
/// when they are in `dir` and pass their checks; writes what it solves.
fn solve_or_reuse<R: EgdbRules>(
    dir: &Path,
    m: Material,
    solved: &Solved,
    layout: &Layout,
) -> Result<Vec<Finished>, FileError> {
    let pair = pair_of(m);
    let mut results = Vec::new();
    for &mm in &pair {
        match file::read::<R>(dir, mm) {
            Ok(tables) => results.push((mm, tables)),
            Err(_) => break,
        }
    }
    let reused = results.len() == pair.len();
    if !reused {
        let limit = u32::from(R::DRAWS.kings_only_plies());
        results = solve_tables::<R>(m, solved, layout, limit).map_err(FileError::Corrupt)?;
    }
    let mut out = Vec::new();
    for (mm, tables) in results {
        let (wins, draws, losses, max_distance) = tally(tables.plain_entries());
        let counted_draws = tables.has_counted().then(|| {
            let (_, counted, _, _) = tally(tables.counted_entries());
            counted - draws
        });
        let bytes = if reused {
            std::fs::metadata(dir.join(R::file_name(mm)))?.len()
        } else {
            file::write::<R>(dir, mm, &tables)?
        };
        let report = SliceReport {
            material: mm,
            entries: layout.size(mm),
            wins,
            draws,
            losses,
            max_distance,
            counted_draws,
            bytes,
            reused,
        };
        out.push((report, Arc::new(tables)));
    }
    Ok(out)
}

/// The splits whose files the pair of `m` reads while it is solved: every split a capture or
/// promotion of either side leads to, as stored (White to move), the pair itself left out.
pub fn needs(m: Material) -> Vec<Material> {
    let pair = pair_of(m);
    let mut out: Vec<Material> = Vec::new();
    for &mm in &pair {
        for n in 2..=mm.pieces() {
            for c in Material::all_with(n) {
                // A White move in `mm` gives Black to move in `c`, stored as `c` flipped.
                let stored = c.flipped();
                if mm.can_become(c) && !pair.contains(&stored) && !out.contains(&stored) {
                    out.push(stored);
                }
            }
        }
    }
    out.sort_by_key(|m| (m.pieces(), m.men(), *m));
    out
}

/// The pairs to solve for every split up to `pieces` pieces, in an order that solves every
/// pair after all it [`needs`]; each pair is named by its first split.
pub fn pairs(pieces: u32) -> Vec<Material> {
    let mut out: Vec<Material> = Vec::new();
    for m in (2..=pieces).flat_map(Material::all_with) {
        if !out.contains(&m.flipped()) {
            out.push(m);
        }
    }
    out
}

/// Generates the pair of split `m` of game `R` alone, reading the splits it [`needs`] from
/// their files in `dir` (which must be there): the files written are identical to those of
/// [`generate`]. Files of the pair already there that pass their checks are kept.
pub fn generate_pair<R: EgdbRules>(dir: &Path, m: Material) -> Result<Vec<SliceReport>, FileError> {
    std::fs::create_dir_all(dir)?;
    let layout = Layout::of_game::<R>();
    let mut solved: Solved = HashMap::new();
    let pair = pair_of(m);
    let done = pair.iter().all(|&mm| file::read::<R>(dir, mm).is_ok());
    if !done {
        for need in needs(m) {
            let tables = file::read::<R>(dir, need).map_err(|e| {
                FileError::Corrupt(format!(
                    "{} is needed first: {e}",
                    dir.join(R::file_name(need)).display()
                ))
            })?;
            solved.insert(need, Arc::new(tables));
        }
    }
    Ok(solve_or_reuse::<R>(dir, m, &solved, &layout)?
        .into_iter()
        .map(|(report, _)| report)
        .collect())
}
