#!/usr/bin/env bash
# Soak test: damka against itself in every game, hundreds of games, as a GUI drives it on a
# busy machine: the same two engines for all of a variant's games with ucinewgame and random
# option changes between them (Threads 1-4, Hash up to 1 GiB, Ponder, MultiPV 1-3), random
# stops, ponderhits and position jumps in the middle of a search, a very short clock
# (0.2 s + 0.01 s) and go movetime, and CPU-bound threads spinning beside them (--load, by
# default one per core). Moves are judged with the defaults a user leaves alone: Move Overhead,
# and damka match's default margin. Not part of CI.
#
#   scripts/dev/soak.sh                      # 100 games of every game, load = cores
#   scripts/dev/soak.sh --games 20 --variant russian,turkish --seed 7 --load 1
#
# Prints one line per variant with the games and moves, the crashes, illegal moves, time losses
# and unanswered commands (all must be 0), the worst stop -> bestmove latency, the worst
# overrun of the time asked for, the peak resident memory over Hash (goal: at most 32 MiB) and
# the load average. Exits non-zero if anything failed. Progress goes to stderr; Ctrl-C stops
# it. The driver is examples/soak.rs; any of its options may be given here. SOAK_NICE (default
# 0) sets the scheduling priority of the run.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release --quiet --features dev-tools --bin damka --example soak

args=("$@")
if ! printf '%s\n' "${args[@]+"${args[@]}"}" | grep -qx -- '--games'; then
    args+=(--games 100)
fi

if ! printf '%s\n' "${args[@]+"${args[@]}"}" | grep -qx -- '--load'; then
    args+=(--load "$(nproc)")
fi

nice_level=${SOAK_NICE:-0}
exec nice -n "$nice_level" target/release/examples/soak --engine target/release/damka "${args[@]}"
