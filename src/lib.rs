//! damka: the front ends of an engine for nine checkers games (Russian and its siblings). The rules
//! live in [`damka_rules`] (re-exported as [`rules`]), the search and everything that plays
//! in [`damka_engine`] (re-exported as [`engine`]); this crate is how people and programs talk
//! to them.
//!
//! * **Servers.** [`protocol`]: the UCI-style protocol on stdin/stdout (PROTOCOL.md); [`hub`]:
//!   the Hub protocol (`damka hub`); [`dxp`]: DXP over TCP for 10×10 engine matches
//!   (`damka dxp`); [`gui`]: the board in the browser (`damka gui`). [`lines`] reads their
//!   input and gives them the [`Sink`](lines::Sink) they write to.
//! * **Matches.** [`matchplay`]: engines as processes or connections, the referee, the runner
//!   and the statistics behind `damka match`.
//! * **Tools.** [`cli`]: one module per command-line tool, each a few library calls, printing
//!   through [`output`]; [`interrupt`] lets long ones (matches, training) stop and keep their
//!   work on Ctrl-C.
//!
//! Only this crate prints: the servers through the sink they are given, the tools through
//! [`output`].

#![forbid(unsafe_code)]
#![warn(clippy::print_stdout)]

pub use damka_engine as engine;
pub use damka_rules as rules;

pub mod cli;
pub mod cpu;
pub mod dxp;
pub mod gui;
pub mod hub;
pub mod interrupt;
pub mod lines;
pub mod matchplay;
pub mod output;
pub mod protocol;
