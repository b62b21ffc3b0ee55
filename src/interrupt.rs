//! Interrupting long work (Ctrl-C, SIGTERM, SIGHUP): the first signal asks the work to stop
//! and keep what it has done (a match abandons the games in progress and reports the finished
//! ones; training writes its best epoch so far); a second signal ends the process at once.
//!
//! A signal reaches the whole process, so the request is one process-wide flag that the work
//! looks at ([`requested`]): every wait on a match's engine, every training batch.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Exit status after an interruption, as shells report a process ended by SIGINT.
pub const EXIT_STATUS: i32 = 130;

/// True once the work has been asked to stop.
#[inline]
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Asks the work to stop, as the first signal does.
fn request() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Installs the handler: the first signal asks the work to stop ([`requested`] turns true) and
/// prints `notice` on stderr, the second exits with [`EXIT_STATUS`]. Fails if a handler is
/// already installed.
pub fn install(notice: &'static str) -> Result<(), String> {
    static SIGNALS: AtomicU32 = AtomicU32::new(0);
    ctrlc::set_handler(move || {
        if SIGNALS.fetch_add(1, Ordering::Relaxed) == 0 {
            request();
            eprintln!("{notice} (interrupt again to quit now)");
        } else {
            std::process::exit(EXIT_STATUS);
        }
    })
    .map_err(|e| format!("cannot handle interruptions: {e}"))
}
