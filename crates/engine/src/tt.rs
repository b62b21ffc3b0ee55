//! The transposition table shared by all search threads: lockless, without `unsafe`.
//!
//! Each slot is two relaxed atomics, `check = key ^ data` and `data`. A reader accepts a slot
//! only if `check ^ data == key`, so an entry torn by two threads writing at once (or one that
//! belongs to another position) reads as a miss; it can never pair one position's key with
//! another's data, except by a 64-bit key collision. Even then the stored move is only a hint:
//! search looks it up in the legal move list, so a bad entry never yields an illegal move.
//!
//! `data` layout (least significant bit first):
//!
//! ```text
//!  0..16  move hint: from square (6 bits), to square (6), which of the moves with that
//!         from/to in generation order (3), 1 if there is a move (1)
//! 16..32  score, i16, node-relative for forced results (see Score::to_table)
//! 32..48  unused
//! 48..56  depth + 1 (0 marks an empty slot)
//! 56..58  bound: 1 = upper, 2 = lower, 3 = exact
//! 58..64  generation of the search that wrote it
//! ```

use damka_rules::game::GameMove;
use damka_rules::moves::MoveList;
use damka_rules::score::Score;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

/// What kind of bound a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most this (fail low).
    Upper = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// A compact reference to a move, resolved against the legal move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveHint(u16);

impl MoveHint {
    /// No move.
    pub const NONE: MoveHint = MoveHint(0);

    /// The hint for `mv` as it stands in `list`.
    pub fn new<M: GameMove>(mv: M, list: &MoveList<M>) -> MoveHint {
        let same = list
            .iter()
            .filter(|m| m.from() == mv.from() && m.to() == mv.to());
        let nth = same.take_while(|m| **m != mv).count().min(7) as u16;
        MoveHint(mv.from().index() as u16 | (mv.to().index() as u16) << 6 | nth << 12 | 1 << 15)
    }

    /// The move of `list` this hint names, if any.
    pub fn resolve<M: GameMove>(self, list: &MoveList<M>) -> Option<M> {
        if self == MoveHint::NONE {
            return None;
        }
        let (from, to, nth) = (self.0 & 63, (self.0 >> 6) & 63, (self.0 >> 12 & 7) as usize);
        list.iter()
            .filter(|m| m.from().index() as u16 == from && m.to().index() as u16 == to)
            .nth(nth)
            .copied()
    }
}

/// One probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best or refuting move, as a hint.
    pub hint: MoveHint,
    /// The stored score (node-relative; convert with [`Score::from_table`]).
    pub score: Score,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let depth = (self.depth + 1).clamp(1, 255) as u64;
        self.hint.0 as u64
            | (self.score.0 as i16 as u16 as u64) << 16
            | depth << 48
            | (self.bound as u64) << 56
            | ((generation & 63) as u64) << 58
    }

    fn unpack(data: u64) -> Option<Entry> {
        let depth = (data >> 48) & 0xFF;
        let bound = match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        if depth == 0 {
            return None;
        }
        Some(Entry {
            hint: MoveHint(data as u16),
            score: Score((data >> 16) as u16 as i16 as i32),
            depth: depth as i32 - 1,
            bound,
        })
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32 - 1
}

/// A slot: `check` then `data`. An array rather than a struct, so that a table of them can be
/// had as zeroed memory, which the system hands out at once and fills in page by page as the
/// search touches it: a 4 GiB table is made, or emptied, without writing 4 GiB first.
type Slot = [AtomicU64; 2];
const CHECK: usize = 0;
const DATA: usize = 1;

/// The largest table [`Tt::clear`] empties in place, and the largest backed by huge pages.
const CLEAR_IN_PLACE_BYTES: usize = 64 << 20;

/// Slots in a small (4 KiB) page.
const SLOTS_PER_SMALL_PAGE: usize = 4096 / std::mem::size_of::<Slot>();

/// `len` empty slots, or `None` if the memory cannot be had.
///
/// A table small enough to be emptied in place is asked for huge pages and faulted in here,
/// all of it: a huge page is zeroed whole when first touched, which takes milliseconds a page
/// on a machine whose memory is fragmented or not yet handed to it (a fresh virtual machine),
/// and that wait belongs to making the table, not to the first search. A larger table keeps
/// small pages and stays untouched, so it is made and emptied at once whatever its size and
/// the search faults in only the pages it uses: in huge pages the first search after every
/// clear would wait for the whole table to be zeroed (seconds for 2 GiB on such a machine).
fn empty_slots(len: usize) -> Option<Box<[Slot]>> {
    let mut slots: Box<[Slot]> = bytemuck::allocation::try_zeroed_slice_box(len).ok()?;
    if backed_by_huge_pages(std::mem::size_of_val(&*slots))
        && damka_memory::advise_huge_pages(&slots)
    {
        for slot in slots.iter_mut().step_by(SLOTS_PER_SMALL_PAGE) {
            *slot = Default::default();
        }
    }
    Some(slots)
}

/// Whether a table of `bytes` asks for huge pages (see [`empty_slots`]).
fn backed_by_huge_pages(bytes: usize) -> bool {
    bytes <= CLEAR_IN_PLACE_BYTES
}

/// Slots per bucket: a probe looks at both, a store replaces the less valuable one.
const BUCKET: usize = 2;

/// The bytes of a bucket, a power of two: a bucket starting at a multiple of it lies within
/// one cache line, so a probe waits for memory at most once.
const BUCKET_BYTES: usize = BUCKET * std::mem::size_of::<Slot>();

/// The first slot of `slots` at a multiple of [`BUCKET_BYTES`] (0 if none of the first
/// [`BUCKET`] is: the allocator gives 8-byte alignment only, though in practice 16).
fn aligned_start(slots: &[Slot]) -> usize {
    let address = slots.as_ptr() as usize;
    (0..BUCKET)
        .find(|k| (address + k * std::mem::size_of::<Slot>()).is_multiple_of(BUCKET_BYTES))
        .unwrap_or(0)
}

/// The shared transposition table.
pub struct Tt {
    /// The buckets, one after the other from slot `first`, and `BUCKET - 1` slots to spare
    /// for the alignment.
    slots: Box<[Slot]>,
    /// The slot the first bucket starts at: the first on a [`BUCKET_BYTES`] boundary.
    first: usize,
    /// How many buckets the table has (the key-to-bucket map's range).
    buckets: usize,
    generation: AtomicU8,
    /// True once a search has started since the table was made or last cleared: a table no
    /// search wrote to is still empty, and clearing it would only touch its pages.
    searched: AtomicBool,
}

impl Tt {
    /// A table of about `mib` mebibytes (at least one bucket).
    ///
    /// Panics if the memory cannot be had; use [`Tt::try_new`] for a size a user asked for.
    pub fn new(mib: usize) -> Tt {
        Tt::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mib` mebibytes, or an error if the system refuses the memory (a
    /// `Hash` value larger than the machine must be an error reply, not an abort).
    pub fn try_new(mib: usize) -> Result<Tt, String> {
        let bytes = mib.max(1).saturating_mul(1024 * 1024);
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let slots = empty_slots(buckets * BUCKET + BUCKET - 1)
            .ok_or_else(|| format!("cannot allocate a {mib} MiB hash table"))?;
        Ok(Tt {
            first: aligned_start(&slots),
            slots,
            buckets,
            generation: AtomicU8::new(0),
            searched: AtomicBool::new(false),
        })
    }

    /// Size in mebibytes.
    pub fn mib(&self) -> usize {
        self.buckets * BUCKET_BYTES / (1024 * 1024)
    }

    /// Empties every slot, at once whatever the size: a table larger than 64 MiB is swapped for
    /// fresh zeroed memory and the old one is given back on a thread of its own (or, if the
    /// memory for both cannot be had, emptied in place, as a smaller one is). A table no search
    /// has used since it was made or cleared (see [`Tt::new_search`]) is left as it is: only
    /// searches write to it.
    pub fn clear(&mut self) {
        // Nothing to empty (a new engine's first game): its pages stay untouched, unallocated.
        if !std::mem::replace(self.searched.get_mut(), false) {
            self.generation.store(0, Ordering::Relaxed);
            return;
        }
        // A small table is emptied in place: that takes a few milliseconds and keeps its pages,
        // which fresh memory would make the next search fault in one by one.
        let small = self.buckets * BUCKET_BYTES <= CLEAR_IN_PLACE_BYTES;
        match (!small).then(|| empty_slots(self.slots.len())).flatten() {
            Some(fresh) => {
                self.first = aligned_start(&fresh);
                let old = std::mem::replace(&mut self.slots, fresh);
                let release = std::thread::Builder::new()
                    .name("tt-release".to_string())
                    .spawn(move || drop(old));
                if let Err(e) = release {
                    log::debug!("the old table is freed here: {e}");
                }
            }
            None => {
                for slot in self.slots.iter_mut() {
                    *slot = Default::default();
                }
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so that older entries are replaced first.
    pub fn new_search(&self) {
        self.searched.store(true, Ordering::Relaxed);
        let next = (self.generation() + 1) & 63;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        // Multiply-shift maps the key onto 0..buckets without a division.
        let index = ((key as u128 * self.buckets as u128) >> 64) as usize;
        let start = self.first + index * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    /// Starts loading `key`'s bucket into the cache, so that a [`Tt::probe`] of it a little
    /// later finds it there instead of waiting for memory. Changes nothing stored.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        damka_memory::prefetch(&self.bucket(key)[0]);
    }

    /// The entry for `key`, if one is stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let data = slot[DATA].load(Ordering::Relaxed);
            let check = slot[CHECK].load(Ordering::Relaxed);
            if check ^ data == key {
                Entry::unpack(data)
            } else {
                None
            }
        })
    }

    /// Stores an entry for `key`, replacing the same position's entry or the least valuable
    /// one of the bucket (old generation first, then shallow depth). A new entry without a move
    /// keeps the move already stored for the same position; a bound more than two plies
    /// shallower than this search's entry for the same position is dropped.
    pub fn store(&self, key: u64, mut entry: Entry) {
        let bucket = self.bucket(key);
        let generation = self.generation();
        let mut victim = &bucket[0];
        let mut victim_value = i32::MAX;
        for slot in bucket {
            let data = slot[DATA].load(Ordering::Relaxed);
            let check = slot[CHECK].load(Ordering::Relaxed);
            if check ^ data == key {
                // A much deeper result of this search is worth more than a shallow bound.
                if entry.bound != Bound::Exact
                    && generation_of(data) == generation
                    && depth_of(data) > entry.depth + 2
                {
                    return;
                }
                if entry.hint == MoveHint::NONE {
                    entry.hint = MoveHint(data as u16);
                }
                victim = slot;
                break;
            }
            let age = (generation.wrapping_sub(generation_of(data)) & 63) as i32;
            let value = depth_of(data) - 8 * age;
            if value < victim_value {
                victim_value = value;
                victim = slot;
            }
        }
        let data = entry.pack(generation);
        victim[DATA].store(data, Ordering::Relaxed);
        victim[CHECK].store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of a sample of slots filled by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let slots = &self.slots[self.first..self.first + self.buckets * BUCKET];
        let sample = slots.len().min(1000);
        let used = slots[..sample]
            .iter()
            .filter(|slot| {
                let data = slot[DATA].load(Ordering::Relaxed);
                depth_of(data) >= 0 && generation_of(data) == self.generation()
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::game::Game;
    use damka_rules::games::Variant;

    #[test]
    fn entries_round_trip() {
        let tt = Tt::new(1);
        let entry = Entry {
            hint: MoveHint(0x1234),
            score: Score::loss_in(3),
            depth: 17,
            bound: Bound::Lower,
        };
        tt.store(42, entry);
        assert_eq!(tt.probe(42), Some(entry));
        assert_eq!(tt.probe(43), None);
    }

    #[test]
    fn only_a_table_emptied_in_place_asks_for_huge_pages() {
        // A larger one is swapped for fresh memory at each clear: in huge pages, the next
        // search would wait for all of it to be zeroed.
        assert!(backed_by_huge_pages(16 << 20));
        assert!(backed_by_huge_pages(CLEAR_IN_PLACE_BYTES));
        assert!(!backed_by_huge_pages(CLEAR_IN_PLACE_BYTES + 1));
    }

    #[test]
    fn every_bucket_lies_within_one_cache_line() {
        for mib in [1, 16, 80] {
            let mut tt = Tt::new(mib);
            for round in 0..2 {
                for key in (0..1000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
                    let address = tt.bucket(key).as_ptr() as usize;
                    assert_eq!(address % BUCKET_BYTES, 0, "{mib} MiB, round {round}");
                }
                let entry = Entry {
                    hint: MoveHint::NONE,
                    score: Score(0),
                    depth: 1,
                    bound: Bound::Exact,
                };
                // Written to, so that the clear empties it (a table above 64 MiB is swapped
                // for fresh memory, whose buckets must be aligned again).
                tt.new_search();
                tt.store(1, entry);
                tt.clear();
            }
        }
    }

    #[test]
    fn hints_resolve_to_the_same_move() {
        for variant in Variant::ALL {
            damka_rules::with_game!(variant, G => {
                let mut list = MoveList::new();
                G::generate(&G::start(), &mut list);
                for &mv in list.iter() {
                    assert_eq!(MoveHint::new(mv, &list).resolve(&list), Some(mv), "{variant}");
                }
                assert_eq!(MoveHint::NONE.resolve(&list), None);
            })
        }
    }

    #[test]
    fn a_shallow_bound_does_not_replace_a_deep_result_of_the_same_search() {
        let tt = Tt::new(1);
        let entry = |depth, bound| Entry {
            hint: MoveHint::NONE,
            score: Score(depth),
            depth,
            bound,
        };
        tt.store(9, entry(12, Bound::Lower));
        tt.store(9, entry(4, Bound::Upper));
        assert_eq!(tt.probe(9), Some(entry(12, Bound::Lower)));
        // An exact score, a result nearly as deep, or a new search replaces it.
        tt.store(9, entry(10, Bound::Upper));
        assert_eq!(tt.probe(9), Some(entry(10, Bound::Upper)));
        tt.store(9, entry(2, Bound::Exact));
        assert_eq!(tt.probe(9), Some(entry(2, Bound::Exact)));
        tt.store(9, entry(12, Bound::Lower));
        tt.new_search();
        tt.store(9, entry(1, Bound::Upper));
        assert_eq!(tt.probe(9), Some(entry(1, Bound::Upper)));
    }

    #[test]
    fn torn_entries_read_as_misses() {
        let tt = Tt::new(1);
        let entry = Entry {
            hint: MoveHint::NONE,
            score: Score(5),
            depth: 3,
            bound: Bound::Exact,
        };
        tt.store(7, entry);
        // Overwrite the data half only, as a racing writer might.
        let slot = tt
            .bucket(7)
            .iter()
            .find(|s| s[DATA].load(Ordering::Relaxed) != 0)
            .unwrap();
        slot[DATA].store(entry.pack(9) ^ 1 << 20, Ordering::Relaxed);
        assert_eq!(tt.probe(7), None);
    }
}
