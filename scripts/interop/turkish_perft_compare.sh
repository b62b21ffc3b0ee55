#!/usr/bin/env bash
# Turkish dama perft speed beside the fastest public Turkish move generator we found on the
# package registries: the `kish` crate (1.1.7, crates.io). Builds a small driver for kish in
# target/kish-compare (needs crates.io once), then runs single-threaded perft from the start
# position, alternating damka and kish, each pinned to CPU 0.
#
#   scripts/interop/turkish_perft_compare.sh [DEPTH=8] [REPEATS=3]
#
#  - kish-native: kish's own Board::perft (bulk count at the last ply). It lists a flying
#    king's capture once per landing path, so from depth 7 it counts more than the reference.
#  - kish-dedup: the same generator with identical moves (same from, to, captured set) merged:
#    the reference convention, the one damka counts.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEPTH=${1:-8}; REPEATS=${2:-3}
ROOT=$PWD/target/kish-compare; PROJ=$ROOT/kishperft
cargo build --release --quiet
DAMKA=$PWD/target/release/damka
mkdir -p "$ROOT"
if ! command -v taskset >/dev/null; then taskset() { shift 2; "$@"; }; fi
if [ ! -f "$PROJ/Cargo.toml" ]; then
  mkdir -p "$PROJ/src/bin"
  cat > "$PROJ/Cargo.toml" <<'EOF'
[package]
name = "kishperft"
version = "0.1.0"
edition = "2021"

[dependencies]
kish = "=1.1.7"

[profile.release]
lto = true
codegen-units = 1
panic = "abort"
EOF
  cat > "$PROJ/src/main.rs" <<'EOF'
use kish::Board;
use std::time::Instant;
const REF: [u64; 9] = [1, 8, 64, 708, 7538, 85090, 931312, 10782308, 123285642];
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let maxd: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let mind: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let board = Board::new_default();
    for d in mind..=maxd {
        let t = Instant::now();
        let n = board.perft(d);
        let s = t.elapsed().as_secs_f64();
        let r = REF.get(d as usize).copied();
        let ok = match r { Some(x) if x == n => "MATCH".to_string(), Some(x) => format!("MISMATCH(ref {x}, diff {:+})", n as i64 - x as i64), None => "no-ref".into() };
        println!("depth {d} nodes {n} seconds {s:.3} nodes/s {:.0} {ok}", n as f64 / s);
    }
}
EOF
  cat > "$PROJ/src/bin/kish_dedup_perft.rs" <<'EOF'
// Reference-convention perft on top of kish: kish emits one Action per capture *path*;
// identical Actions (same XOR delta = same from, to, captured set) are merged here.
use kish::{Action, Board};
use std::time::Instant;
const REF: [u64; 9] = [1, 8, 64, 708, 7538, 85090, 931312, 10782308, 123285642];
fn dedup(v: &mut Vec<Action>) {
    if v.len() > 1 { v.sort_unstable(); v.dedup(); }
}
fn perft(b: &Board, d: usize, bufs: &mut [Vec<Action>], leaf: &mut Vec<Action>) -> u64 {
    if d == 1 {
        leaf.clear();
        let n = b.count_actions(leaf);
        if leaf.is_empty() { return n; }      // no captures: plain moves are unique
        dedup(leaf);
        return leaf.len() as u64;
    }
    let (cur, rest) = bufs.split_first_mut().unwrap();
    b.actions_into(cur);
    dedup(cur);
    let mut n = 0;
    for a in cur.iter() {
        let mut c = b.apply(a);
        c.swap_turn_();
        n += perft(&c, d - 1, rest, leaf);
    }
    n
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let maxd: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let mind: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let b = Board::new_default();
    for d in mind..=maxd {
        let mut bufs: Vec<Vec<Action>> = (0..d).map(|_| Vec::with_capacity(64)).collect();
        let mut leaf = Vec::with_capacity(64);
        let t = Instant::now();
        let n = perft(&b, d, &mut bufs, &mut leaf);
        let s = t.elapsed().as_secs_f64();
        let ok = match REF.get(d) { Some(&x) if x == n => "MATCH".to_string(), Some(&x) => format!("MISMATCH(ref {x}, diff {:+})", n as i64 - x as i64), None => "no-ref".into() };
        println!("depth {d} nodes {n} seconds {s:.3} nodes/s {:.0} {ok}", n as f64 / s);
    }
}
EOF
fi
cd "$PROJ"
if ! cargo build --release -q; then
  echo "turkish_perft_compare: cannot build the kish driver (crates.io unreachable?); skipped" >&2
  exit 0
fi
rustc --version; grep -A1 'name = "kish"' Cargo.lock | tr '\n' ' '; echo
grep -m1 'model name' /proc/cpuinfo || true
echo "reference perft($DEPTH): $(echo 1 8 64 708 7538 85090 931312 10782308 123285642 | cut -d' ' -f$((DEPTH+1)))"
for i in $(seq "$REPEATS"); do
  echo "damka        $(taskset -c 0 "$DAMKA" perft --variant turkish "$DEPTH" | tail -n 1)"
  echo -n "kish-native  "; taskset -c 0 ./target/release/kishperft "$DEPTH" "$DEPTH"
  echo -n "kish-dedup   "; taskset -c 0 ./target/release/kish_dedup_perft "$DEPTH" "$DEPTH"
done
