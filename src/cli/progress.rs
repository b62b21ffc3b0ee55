//! [`Progress`]: the line long work prints on stderr every few seconds.

use std::time::{Duration, Instant};

/// A progress line on stderr at most every few seconds: done/total, what else the work wants
/// to say, and the time left at the rate so far. Work that is over within the first few
/// seconds prints nothing; work that printed a line prints one more when all is done.
pub struct Progress {
    what: &'static str,
    total: u64,
    done: u64,
    start: Instant,
    last: Instant,
    printed: bool,
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
            printed: false,
        }
    }

    /// Sets the units of work there are, when they are known only once the work has begun.
    pub fn set_total(&mut self, total: u64) {
        self.total = total;
    }

    /// Counts `units` more as done; prints a line if it is time to, or if all is done.
    pub fn advance(&mut self, units: u64, note: &str) {
        self.done += units;
        let finished = self.done >= self.total;
        if self.last.elapsed() < Self::EVERY && !(finished && self.printed) {
            return;
        }
        self.last = Instant::now();
        self.printed = true;
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = if self.done == 0 {
            0.0
        } else {
            elapsed / self.done as f64 * self.total.saturating_sub(self.done) as f64
        };
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(", {note}")
        };
        eprintln!(
            "{}: {}/{} done{note}, {:.0} s elapsed, about {:.0} s left",
            self.what, self.done, self.total, elapsed, left
        );
    }
}
