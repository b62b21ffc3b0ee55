#!/usr/bin/env bash
# Checks the build's bench signature: the total node count of `damka bench` must equal the
# number in the latest commit message line `Bench: <N>`. A commit that changes the search or
# the evaluation on purpose states the new number that way.
set -euo pipefail
cd "$(dirname "$0")/.."

expected=$(git log --format=%B | grep -m1 -oE '^Bench: [0-9]+' | awk '{print $2}' || true)
if [ -z "$expected" ]; then
    echo "bench-signature: no 'Bench: <N>' line in the history" >&2
    exit 1
fi
actual=$(cargo run --release --quiet -- bench | tail -n 1 | awk '{print $1}')
if [ "$actual" != "$expected" ]; then
    echo "bench-signature: bench gives $actual nodes, the history says $expected" >&2
    echo "(a change to search or evaluation must say 'Bench: $actual' in its commit message)" >&2
    exit 1
fi
echo "bench-signature: $actual nodes, as recorded"
