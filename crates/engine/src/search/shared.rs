//! [`Shared`]: the state the workers of one search share: the abort flag, the node counts, the
//! clock the workers watch, and the positions being searched.

use super::busy;
use super::control::Control;
use super::time::{Progress, TimeManager};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// State shared by the workers of one search.
pub struct Shared<'a> {
    /// Set to make every worker unwind now.
    pub(super) abort: AtomicBool,
    pub(super) node_limit: Option<u64>,
    /// Nodes of each worker, published every 1024 nodes.
    pub(super) nodes: Vec<AtomicU64>,
    pub(super) control: &'a Control,
    pub(super) clock: Mutex<Clock>,
    /// Positions being searched, for deferring them in the other workers (only with threads).
    pub(super) busy: Option<busy::Busy>,
}

/// The search's view of time.
pub(super) struct Clock {
    pub(super) time: TimeManager,
    /// Still pondering (no `ponderhit` yet): ignore the clock.
    pub(super) pondering: bool,
}

impl Shared<'_> {
    /// Nodes of all workers, counting `own` (up to date) for the caller.
    pub(super) fn total_nodes(&self, own: u64) -> u64 {
        if self.nodes.len() == 1 {
            return own;
        }
        let others: u64 = self.nodes[1..]
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum();
        own + others
    }

    pub(super) fn publish_nodes(&self, id: usize, nodes: u64) {
        self.nodes[id].store(nodes, Ordering::Relaxed);
    }

    /// Called by every worker every 1024 nodes: obeys `stop`, `ponderhit` and the hard limit.
    pub(super) fn poll_clock(&self) {
        if self.control.stop.load(Ordering::Relaxed) {
            self.abort.store(true, Ordering::Relaxed);
            return;
        }
        let Ok(mut clock) = self.clock.lock() else {
            return;
        };
        if clock.pondering && self.control.ponderhit.load(Ordering::Acquire) {
            clock.pondering = false;
            clock.time.restart_at(self.control.clock_start());
        }
        if !clock.pondering && clock.time.hard_expired() {
            self.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Lets the clock plan by the search's progress (see [`TimeManager::observe`]).
    pub(super) fn observe(&self, progress: &Progress) {
        if let Ok(mut clock) = self.clock.lock() {
            clock.time.observe(progress);
        }
    }

    pub(super) fn soft_expired(&self) -> bool {
        self.clock
            .lock()
            .is_ok_and(|clock| !clock.pondering && clock.time.soft_expired())
    }

    pub(super) fn elapsed(&self) -> Duration {
        self.clock
            .lock()
            .map(|clock| clock.time.elapsed())
            .unwrap_or_default()
    }
}
