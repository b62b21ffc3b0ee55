//! The only writer to stdout. Every line goes out whole and is flushed at once, so a GUI or a
//! script reading the other end of a pipe never waits for a buffer and never sees half a line.
//! Write errors (a closed pipe) are ignored: the reader has gone and there is no one to tell.

#![allow(clippy::print_stdout)]

use std::io::Write;

/// Writes one line to stdout and flushes it.
pub fn line(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
