//! Positions some worker is searching right now, so that the others can put them off.
//!
//! Lazy SMP lets every worker search the same tree; most of the second core's work then
//! repeats the first's. ABDADA's remedy, in its light form: a worker about to search a
//! non-first move whose resulting position another worker is already searching defers it to
//! the end of its move list. By the time it gets there, the other worker has usually stored
//! the result in the shared table, and the deferred search is a table hit. The first move of a
//! node is never deferred: it is the one that most often cuts off and must be searched anyway.
//!
//! The table is a small array of keys, lossy on purpose: a collision or a torn race only costs
//! a needless deferral or a missed one, never a wrong score.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table; a power of two.
const SLOTS: usize = 1 << 13;

/// The keys of the positions being searched, one slot per key hash.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Default for Busy {
    fn default() -> Self {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & (SLOTS - 1)]
    }

    /// True if another worker marked `key` as being searched.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    #[inline]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark for `key`, unless another key took the slot meanwhile.
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_busy_between_enter_and_leave() {
        let busy = Busy::default();
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key));
        busy.leave(key);
        assert!(!busy.is_busy(key));
    }

    #[test]
    fn leaving_does_not_clear_another_key_in_the_same_slot() {
        let busy = Busy::default();
        let (a, b) = (5, 5 + SLOTS as u64);
        busy.enter(a);
        busy.enter(b);
        busy.leave(a);
        assert!(busy.is_busy(b));
    }
}
