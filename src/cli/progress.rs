//! [`Progress`]: the line long work prints on stderr every few seconds.

use std::time::{Duration, Instant};

/// A progress line on stderr at most every few seconds: done/total, what else the work wants
/// to say, and the time left at the rate so far.
pub struct Progress {
    what: &'static str,
    total: u64,
    done: u64,
    start: Instant,
    last: Instant,
}

impl Progress {
    /// How often a line is printed at most.
    const EVERY: Duration = Duration::from_secs(3);

    /// Progress of `total` units of work called `what`.
    pub fn new(what: &'static str, total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            what,
            total,
            done: 0,
            start: now,
            last: now,
        }
    }

    /// Counts `units` more as done; prints a line if it is time to, or if all is done.
    pub fn advance(&mut self, units: u64, note: &str) {
        self.done += units;
        if self.last.elapsed() < Self::EVERY && self.done < self.total {
            return;
        }
        self.last = Instant::now();
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = if self.done == 0 {
            0.0
        } else {
            elapsed / self.done as f64 * self.total.saturating_sub(self.done) as f64
        };
        eprintln!(
            "{}: {}/{} done, {note}, {:.0} s elapsed, about {:.0} s left",
            self.what, self.done, self.total, elapsed, left
        );
    }
}
