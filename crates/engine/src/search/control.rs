//! [`Control`]: the flags a front end sets to steer a running search from another thread.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Flags a front end sets to steer a running search from another thread.
#[derive(Debug, Default)]
pub struct Control {
    /// Stop as soon as possible and report the best move.
    pub stop: AtomicBool,
    /// The pondered move was played: switch from pondering to the clock.
    pub ponderhit: AtomicBool,
    /// When our clock started: when `go` (or `ponderhit`) was read, not when the search
    /// thread got round to looking, so time spent before the search counts against it.
    clock_started: Mutex<Option<Instant>>,
}

impl Control {
    /// Clears both flags before a new search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponderhit.store(false, Ordering::Relaxed);
        self.set_clock_start(None);
    }

    /// Marks the moment our clock started running (the `go` or `ponderhit` just read).
    pub fn start_clock(&self, at: Instant) {
        self.set_clock_start(Some(at));
    }

    /// Raises the `ponderhit` flag with the clock started `at`; a second call (the same
    /// `ponderhit` seen again by the main loop) keeps the first moment.
    pub fn ponderhit_at(&self, at: Instant) {
        if self.ponderhit.load(Ordering::Acquire) {
            return;
        }
        self.start_clock(at);
        self.ponderhit.store(true, Ordering::Release);
    }

    fn set_clock_start(&self, at: Option<Instant>) {
        if let Ok(mut start) = self.clock_started.lock() {
            *start = at;
        }
    }

    /// When our clock started, if a front end said so; else now.
    pub(super) fn clock_start(&self) -> Instant {
        self.clock_started
            .lock()
            .ok()
            .and_then(|start| *start)
            .unwrap_or_else(Instant::now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_clock_starts_at_the_first_ponderhit_seen() {
        let control = Control::default();
        let first = Instant::now();
        control.ponderhit_at(first);
        control.ponderhit_at(first + Duration::from_millis(30));
        assert_eq!(control.clock_start(), first);
        control.reset();
        assert!(!control.ponderhit.load(Ordering::Relaxed));
        assert!(control.clock_start() >= first);
    }
}
