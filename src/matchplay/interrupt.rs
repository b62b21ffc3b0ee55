//! Interrupting a match (Ctrl-C, SIGTERM, SIGHUP): the first signal asks the match to stop, so
//! that the games in progress are abandoned, their engines shut down, and the report of the
//! games already finished is printed; a second signal ends the process at once.
//!
//! A signal reaches the whole process, so the request is one process-wide flag that every
//! wait on an engine looks at ([`requested`]).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Exit status after an interruption, as shells report a process ended by SIGINT.
pub const EXIT_STATUS: i32 = 130;

/// True once the match has been asked to stop.
#[inline]
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Asks the match to stop, as the first signal does.
fn request() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Installs the handler: the first signal asks the match to stop ([`requested`] turns true)
/// and says so on stderr, the second exits with [`EXIT_STATUS`]. Fails if a handler is already
/// installed.
pub fn install() -> Result<(), String> {
    static SIGNALS: AtomicU32 = AtomicU32::new(0);
    ctrlc::set_handler(|| {
        if SIGNALS.fetch_add(1, Ordering::Relaxed) == 0 {
            request();
            eprintln!(
                "match: interrupted; abandoning the games in progress (interrupt again to quit now)"
            );
        } else {
            std::process::exit(EXIT_STATUS);
        }
    })
    .map_err(|e| format!("cannot handle interruptions: {e}"))
}
