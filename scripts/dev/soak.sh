#!/usr/bin/env bash
# Soak test: damka against itself in every game, hundreds of games, with random options
# (Threads 1-2, Hash 1-256, Ponder on/off, MultiPV 1-3), random stops, ponderhits and position
# jumps in the middle of a search, on a very short clock (0.2 s + 0.01 s). Not part of CI.
#
#   scripts/dev/soak.sh                      # 100 games of every game
#   scripts/dev/soak.sh --games 20 --variant russian,turkish --seed 7
#
# Prints one line per game with the crashes, illegal moves, time losses and unanswered commands
# (all must be 0), the worst stop -> bestmove latency, and the peak resident memory over Hash
# (goal: at most 32 MiB). Exits non-zero if anything failed. Progress goes to stderr; Ctrl-C
# stops it. The driver is examples/soak.rs; any of its options may be given here.
# SOAK_NICE (default -5 when run as root, else 0) sets the scheduling priority of the run, so
# that a busy machine does not turn scheduling delays into time losses.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release --quiet --features dev-tools --bin damka --example soak

args=("$@")
if ! printf '%s\n' "${args[@]+"${args[@]}"}" | grep -qx -- '--games'; then
    args+=(--games 100)
fi

nice_level=${SOAK_NICE:-$([ "$(id -u)" = 0 ] && echo -5 || echo 0)}
exec nice -n "$nice_level" target/release/examples/soak --engine target/release/damka "${args[@]}"
