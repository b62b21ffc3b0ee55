#!/usr/bin/env bash
# SPRT between two revisions of damka: each revision is checked out into a temporary git
# worktree and built in release mode, then `damka match` (built from this checkout) plays them
# against each other until the test decides. Not part of CI.
#
#   scripts/dev/sprt.sh <candidate-rev> <base-rev> [damka match options]
#   scripts/dev/sprt.sh HEAD main
#   scripts/dev/sprt.sh my-branch main --tc 20+0.2 --sprt 0,3 --concurrency 1
#
# The candidate is engine 1: a positive Elo means it is stronger, and "H1 accepted" means it is
# at least elo1 stronger. Defaults, each used only when the option is not given: --sprt 0,5
# --tc 8+0.08 --concurrency 2 (one engine thinks at a time in each game, so two games fill two
# cores) --games 20000 --pdn target/sprt/<candidate>-vs-<base>.pdn. Both revisions must speak
# the UCI-style protocol (`damka` with no arguments).
#
# Environment: SPRT_TARGET_DIR (default target/sprt) holds the shared build directory, the
# two binaries and the PDN.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
candidate_rev="$1"
base_rev="$2"
shift 2

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${SPRT_TARGET_DIR:-$root/target/sprt}"
mkdir -p "$out"
work="$(mktemp -d "${TMPDIR:-/tmp}/damka-sprt.XXXXXX")"
# A build that fails leaves its worktree behind: remove the directory and let git forget it.
trap 'rm -rf "$work"; git -C "$root" worktree prune' EXIT

# Builds a revision in its own worktree (sharing one target directory, so dependencies are
# compiled once) and copies the binary to $out/damka-<hash>.
build() {
    local rev="$1" hash tree
    hash="$(git -C "$root" rev-parse --verify --short=10 "$rev^{commit}")"
    if [[ ! -x "$out/damka-$hash" ]]; then
        tree="$work/$hash"
        git -C "$root" worktree add --quiet --detach "$tree" "$hash"
        echo "building $rev ($hash)" >&2
        # From inside the tree, so that its own .cargo/config.toml applies.
        (cd "$tree" && CARGO_TARGET_DIR="$out/build" cargo build --release --quiet --bin damka) >&2
        cp "$out/build/release/damka" "$out/damka-$hash"
        git -C "$root" worktree remove --force "$tree"
    fi
    echo "$hash"
}

candidate="$(build "$candidate_rev")"
base="$(build "$base_rev")"
echo "building the match runner from $root" >&2
(cd "$root" && cargo build --release --quiet --bin damka)

# Defaults for the options not given.
given=" $* "
defaults=()
has() { [[ "$given" == *" $1 "* || "$given" == *" $1="* ]]; }
has --sprt || defaults+=(--sprt 0,5)
has --tc || has --movetime || has --depth || has --nodes || defaults+=(--tc 8+0.08)
has --concurrency || defaults+=(--concurrency 2)
has --games || defaults+=(--games 20000)
has --pdn || defaults+=(--pdn "$out/$candidate-vs-$base.pdn")
has --name1 || defaults+=(--name1 "damka $candidate_rev ($candidate)")
has --name2 || defaults+=(--name2 "damka $base_rev ($base)")

echo "SPRT: $candidate_rev ($candidate) against $base_rev ($base)" >&2
"$root/target/release/damka" match \
    --engine1 "$out/damka-$candidate" --engine2 "$out/damka-$base" \
    "${defaults[@]}" "$@"
