#!/usr/bin/env bash
# The network's cost in nodes a second: `damka bench` for each game with its network and with
# `--no-network`, alternating, one thread; prints the mean of each and their ratio.
#
#   scripts/dev/network_speed.sh [ROUNDS] [GAME...]      (default: 5 rounds, every game)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
shift || true
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
    games=(russian international brazilian giveaway turkish fuk bashni lasca ugolki ugolki-diagonal)
fi
cargo build --release --quiet
nps() { target/release/damka bench --variant "$@" | tail -n 1 | awk '{print $3}'; }
printf '| game | with the network | linear alone | ratio |\n|---|---|---|---|\n'
for game in "${games[@]}"; do
    with=0 without=0
    for _ in $(seq "$rounds"); do
        with=$((with + $(nps "$game")))
        without=$((without + $(nps "$game" --no-network)))
    done
    awk -v g="$game" -v a="$with" -v b="$without" -v r="$rounds" \
        'BEGIN { printf "| %s | %.2f M | %.2f M | %.2f |\n", g, a / r / 1e6, b / r / 1e6, a / b }'
done
