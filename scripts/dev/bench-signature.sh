#!/usr/bin/env bash
# Checks the build's bench signatures: the total node count of `damka bench` for each game
# must equal the number in the latest commit message line that records it, `Bench: <N>` for
# Russian and `Bench <game>: <N>` for every other game the engine lists (International: `Bench
# international: <N>`).
# A commit that changes the search or an evaluation on purpose states the new numbers that way.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release --quiet

check() {
    local variant=$1 label=$2
    local expected actual
    expected=$(git log --format=%B | grep -m1 -oE "^$label: [0-9]+" | awk '{print $NF}' || true)
    if [ -z "$expected" ]; then
        echo "bench-signature: no '$label: <N>' line in the history" >&2
        return 1
    fi
    actual=$(target/release/damka bench --variant "$variant" | tail -n 1 | awk '{print $1}')
    if [ "$actual" != "$expected" ]; then
        echo "bench-signature: $variant bench gives $actual nodes, the history says $expected" >&2
        echo "(a change to search or evaluation must say '$label: $actual' in its commit message)" >&2
        return 1
    fi
    echo "bench-signature: $variant $actual nodes, as recorded"
}

# Every game the engine lists (UCI_Variant's choices): a new game records its first signature
# in the commit that adds it.
variants=$(printf 'uci\nquit\n' | target/release/damka |
    sed -n 's/^option name UCI_Variant type combo default [^ ]* //p' | sed 's/var //g')
[ -n "$variants" ] || { echo "bench-signature: the engine lists no variant" >&2; exit 1; }
for variant in $variants; do
    if [ "$variant" = russian ]; then
        check russian "Bench"
    else
        check "$variant" "Bench $variant"
    fi
done
