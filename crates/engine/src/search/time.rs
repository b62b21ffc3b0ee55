//! [`Limits`] (what the user asked for) and [`TimeManager`] (when to stop): a soft limit checked
//! between iterations and a hard limit checked every few thousand nodes, both kept inside the
//! clock minus the move overhead.
//!
//! Under a clock the soft limit is a plan, not a fixed share: the main worker reports its
//! [`Progress`] after every iteration, and the plan stretches while the best move keeps
//! changing or the score falls, and shrinks while the same move stays best (see
//! [`Progress::time_scale`]). The hard limit never moves.

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

/// What the iterations so far say about the move being searched, for sharing out the clock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Iterations in a row, up to the last, that ended with the same best move.
    pub stable_iterations: u32,
    /// How much the best score fell in the last iteration against the mean of the three
    /// iterations before it, in centi-men (0 if it rose).
    pub score_drop: i32,
}

impl Progress {
    /// The factor on the planned time: 1.4 when the last iteration changed its mind, falling
    /// to 0.6 after seven iterations on the same move; times 1 + drop / 100 for a score drop
    /// of up to a man (twice the time for a man lost).
    pub fn time_scale(&self) -> f64 {
        let stability = (1.4 - 0.12 * f64::from(self.stable_iterations)).max(0.6);
        let drop = 1.0 + f64::from(self.score_drop.clamp(0, 100)) / 100.0;
        stability * drop
    }
}

/// When to stop, for the thread that owns the clock.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Do not start another iteration after this (the plan, before [`Progress`]).
    soft: Option<Duration>,
    /// Stop at once after this.
    hard: Option<Duration>,
    /// Whether the plan may stretch and shrink with [`Progress`] (under a clock, not under a
    /// fixed move time).
    flexible: bool,
    /// The factor [`TimeManager::observe`] last set.
    scale: f64,
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
            return TimeManager::unlimited(start);
        }
        if let Some(movetime) = limits.movetime {
            let budget = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            return TimeManager {
                soft: Some(budget),
                hard: Some(budget),
                ..TimeManager::unlimited(start)
            };
        }
        let Some(left) = limits.time[side.index()] else {
            return TimeManager::unlimited(start);
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
        // At most a third of the clock on one move, unless the next control comes with it.
        let most = match limits.movestogo {
            Some(1) => left.saturating_sub(reserve.max(overhead * 2)),
            _ => left.saturating_sub(overhead) / 3,
        };
        let hard = (base * 4).min(most).max(one_ms);
        let soft = base.min(hard);
        TimeManager {
            soft: Some(soft),
            hard: Some(hard),
            flexible: true,
            ..TimeManager::unlimited(start)
        }
    }

    /// No limit: until stopped.
    fn unlimited(start: Instant) -> TimeManager {
        TimeManager {
            start,
            soft: None,
            hard: None,
            flexible: false,
            scale: 1.0,
        }
    }

    /// Takes in the progress of the search after an iteration: under a clock the soft limit
    /// becomes the plan times [`Progress::time_scale`], never beyond the hard limit.
    pub fn observe(&mut self, progress: &Progress) {
        if self.flexible {
            self.scale = progress.time_scale();
        }
    }

    /// The soft limit now: the plan scaled by the last [`Progress`], inside the hard limit.
    pub fn soft_limit(&self) -> Option<Duration> {
        let soft = self.soft?.mul_f64(self.scale);
        Some(self.hard.map_or(soft, |hard| soft.min(hard)))
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
        self.soft_limit().is_some_and(|soft| self.elapsed() >= soft)
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
    fn the_plan_stretches_when_the_search_is_unsure_and_never_passes_the_hard_limit() {
        let mut tm = TimeManager::new(&clock(60_000, 1000), Side::White, Duration::from_millis(20));
        let plan = tm.soft_limit().unwrap();
        let unsure = Progress {
            stable_iterations: 0,
            score_drop: 60,
        };
        tm.observe(&unsure);
        assert!(tm.soft_limit().unwrap() > plan * 2, "{tm:?}");
        tm.observe(&Progress {
            stable_iterations: 0,
            score_drop: 10_000,
        });
        assert!(tm.soft_limit() <= tm.hard, "{tm:?}");
        tm.observe(&Progress {
            stable_iterations: 10,
            score_drop: 0,
        });
        assert!(tm.soft_limit().unwrap() < plan * 2 / 3, "{tm:?}");
    }

    #[test]
    fn a_fixed_move_time_does_not_stretch() {
        let mut tm = TimeManager::new(
            &Limits::movetime(Duration::from_millis(500)),
            Side::White,
            Duration::ZERO,
        );
        tm.observe(&Progress {
            stable_iterations: 9,
            score_drop: 0,
        });
        assert_eq!(tm.soft_limit(), Some(Duration::from_millis(500)));
    }

    #[test]
    fn the_last_move_before_the_control_may_use_the_clock() {
        let mut limits = clock(10_000, 0);
        limits.movestogo = Some(1);
        let tm = TimeManager::new(&limits, Side::White, Duration::from_millis(20));
        assert!(tm.hard.unwrap() > Duration::from_secs(9), "{tm:?}");
        assert!(tm.hard.unwrap() <= Duration::from_millis(9_960), "{tm:?}");
        limits.movestogo = Some(20);
        let tm = TimeManager::new(&limits, Side::White, Duration::from_millis(20));
        assert!(tm.soft.unwrap() < Duration::from_millis(600), "{tm:?}");
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
