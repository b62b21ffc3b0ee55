//! damka's benchmarks, run with `cargo bench`: `movegen.rs` measures move generation and
//! perft. The library is empty; it only gives the package a target of its own.
