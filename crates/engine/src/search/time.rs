//! [`Limits`] (what the user asked for) and [`TimeManager`] (when to stop): a soft limit checked
//! between iterations and a hard limit checked every few thousand nodes, both kept inside the
//! clock minus the move overhead.

use damka_rules::types::Side;
use std::time::{Duration, Instant};

/// The limits of one search, as given by `go` (all optional; none means "until stopped").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time left on each side's clock (White, Black).
    pub time: [Option<Duration>; 2],
    /// Increment per move of each side.
    pub inc: [Option<Duration>; 2],
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Search this many plies deep at most.
    pub depth: Option<u32>,
    /// Search this many nodes at most.
    pub nodes: Option<u64>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Stop once a forced win in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Ponder: search as if infinite until `ponderhit` (then these limits apply) or `stop`.
    pub ponder: bool,
    /// Consider only these root moves (all if empty), as text in the game's notation; the
    /// front end has checked that each names a legal move.
    pub searchmoves: Vec<String>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A fixed-node search.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A fixed-time search.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// True if the search only ends when told to (infinite, or pondering before `ponderhit`).
    pub fn waits_for_stop(&self) -> bool {
        self.infinite || self.ponder
    }
}

/// When to stop, for the thread that owns the clock.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
    /// Stop at once after this.
    hard: Option<Duration>,
}

impl TimeManager {
    /// Plans the time for `side` to move under `limits`, starting now.
    pub fn new(limits: &Limits, side: Side, overhead: Duration) -> TimeManager {
        Self::starting_at(limits, side, overhead, Instant::now())
    }

    /// Plans the time for `side` to move under `limits`, with the clock running since `start`
    /// (when the command arrived).
    pub fn starting_at(
        limits: &Limits,
        side: Side,
        overhead: Duration,
        start: Instant,
    ) -> TimeManager {
        if limits.infinite {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(movetime) = limits.movetime {
            let budget = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            return TimeManager {
                start,
                soft: Some(budget),
                hard: Some(budget),
            };
        }
        let Some(left) = limits.time[side.index()] else {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        };
        let inc = limits.inc[side.index()].unwrap_or_default();
        let moves = limits.movestogo.unwrap_or(25).clamp(1, 40);
        // Ten times the overhead stays on the clock as a reserve: the budget is planned on the
        // rest, so when the clock runs low the budget falls to three quarters of the increment
        // and the clock settles just above the reserve instead of draining by the time each
        // move really costs.
        let reserve = (overhead * 10).min(left);
        let base = (left - reserve) / moves + inc * 3 / 4;
        let one_ms = Duration::from_millis(1);
        let hard = (base * 4)
            .min(left.saturating_sub(overhead) / 3)
            .max(one_ms);
        let soft = base.min(hard);
        TimeManager {
            start,
            soft: Some(soft),
            hard: Some(hard),
        }
    }

    /// Restarts the clock now (at `ponderhit`, when the opponent's clock stops and ours starts).
    pub fn restart(&mut self) {
        self.restart_at(Instant::now());
    }

    /// Restarts the clock from `start` (when `ponderhit` arrived).
    pub fn restart_at(&mut self, start: Instant) {
        self.start = start;
    }

    /// Time since the search (or the last restart) began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True if another iteration should not be started.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|soft| self.elapsed() >= soft)
    }

    /// True if the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> Limits {
        Limits {
            time: [
                Some(Duration::from_millis(ms)),
                Some(Duration::from_millis(ms)),
            ],
            inc: [
                Some(Duration::from_millis(inc)),
                Some(Duration::from_millis(inc)),
            ],
            ..Limits::default()
        }
    }

    #[test]
    fn budget_stays_inside_the_clock() {
        for (ms, inc) in [(1000, 10), (50, 0), (5, 0), (60_000, 1000), (0, 0)] {
            let tm = TimeManager::new(&clock(ms, inc), Side::White, Duration::from_millis(20));
            let hard = tm.hard.unwrap();
            assert!(
                hard <= Duration::from_millis(ms.saturating_sub(20).max(1)),
                "{ms}+{inc}: {hard:?}"
            );
            assert!(tm.soft.unwrap() <= hard);
        }
    }

    #[test]
    fn a_low_clock_spends_less_than_the_increment() {
        // 1 s + 10 ms per move: near the reserve (ten times the overhead) a move must cost less
        // than the increment, so that the clock grows back instead of running out.
        let tm = TimeManager::new(&clock(190, 10), Side::White, Duration::from_millis(20));
        assert!(tm.soft.unwrap() < Duration::from_millis(10), "{tm:?}");
        let tm = TimeManager::new(&clock(1000, 10), Side::White, Duration::from_millis(20));
        assert!(tm.soft.unwrap() >= Duration::from_millis(30), "{tm:?}");
    }

    #[test]
    fn movetime_and_infinite() {
        let tm = TimeManager::new(
            &Limits::movetime(Duration::from_millis(500)),
            Side::Black,
            Duration::from_millis(30),
        );
        assert_eq!(tm.hard, Some(Duration::from_millis(470)));
        let tm = TimeManager::new(
            &Limits {
                infinite: true,
                ..Limits::default()
            },
            Side::White,
            Duration::ZERO,
        );
        assert!(tm.hard.is_none() && tm.soft.is_none());
    }
}
