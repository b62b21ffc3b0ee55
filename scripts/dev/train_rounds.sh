#!/usr/bin/env bash
# Rounds of network training for one game: each round plays self-play games over Dask
# (scripts/dev/selfplay_dask.sh) with the network the round before trained, trains a new
# network on every round's positions so far, and plays it against the network that played its
# games. Round 1 plays the game's built-in evaluation. Not part of the tests.
#
#   scripts/dev/train_rounds.sh --variant brazilian --rounds 3 --games 12000 --dir target/rounds
#
# Everything a round writes stays in --dir (default target/rounds-<game>): round-K.txt
# (positions), round-K.network, round-K.match.txt, and rounds.log with one line per round. A
# step whose file exists is not run again, and the self-play keeps its finished shards, so an
# interrupted run started again with the same options goes on where it stopped. --scheduler
# runs the self-play on a running Dask cluster instead of one on this machine's cores.
set -euo pipefail
cd "$(dirname "$0")/../.."

variant="" rounds=2 games=12000 nodes=2000 random_plies=8 seed=30 share=1 epochs=20
match_games=400 match_nodes=10000 dir="" workers="" scheduler="" hidden="" both_views=""
usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    echo "options: --variant G (required) --rounds N --games N --nodes N --random-plies N --seed N"
    echo "         --score-share X --epochs N --hidden N --both-views --match-games N"
    echo "         --match-nodes N --dir DIR"
    echo "         --workers N --scheduler ADDRESS"
    exit "${1:-0}"
}
while [ $# -gt 0 ]; do
    if [ "$1" = --both-views ]; then
        both_views=1
        shift
        continue
    fi
    case "$1" in
        --variant) variant=$2 ;;
        --rounds) rounds=$2 ;;
        --games) games=$2 ;;
        --nodes) nodes=$2 ;;
        --random-plies) random_plies=$2 ;;
        --seed) seed=$2 ;;
        --score-share) share=$2 ;;
        --epochs) epochs=$2 ;;
        --hidden) hidden=$2 ;;
        --match-games) match_games=$2 ;;
        --match-nodes) match_nodes=$2 ;;
        --dir) dir=$2 ;;
        --workers) workers=$2 ;;
        --scheduler) scheduler=$2 ;;
        -h | --help) usage ;;
        *) echo "train_rounds: unknown option $1" >&2; usage 2 >&2 ;;
    esac
    [ $# -ge 2 ] || { echo "train_rounds: $1 needs a value" >&2; exit 2; }
    shift 2
done
[ -n "$variant" ] || { echo "train_rounds: --variant is required" >&2; usage 2 >&2; }
dir=${dir:-target/rounds-$variant}
mkdir -p "$dir"

cargo build --release --quiet
damka=target/release/damka
sizes=()
[ -n "$hidden" ] && sizes+=(--hidden "$hidden")
[ -n "$both_views" ] && sizes+=(--both-views)
cluster=()
[ -n "$workers" ] && cluster+=(--workers "$workers")
[ -n "$scheduler" ] && cluster+=(--scheduler "$scheduler")

say() { echo "train_rounds: $*" >&2; }

previous=""
for round in $(seq 1 "$rounds"); do
    data="$dir/round-$round.txt" network="$dir/round-$round.network"
    played=()
    [ -n "$previous" ] && played=(--network "$previous")

    if [ ! -s "$data" ]; then
        say "round $round/$rounds: self-play, $games games at $nodes nodes${previous:+ with $previous}"
        scripts/dev/selfplay_dask.sh --variant "$variant" --games "$games" --nodes "$nodes" \
            --random-plies "$random_plies" --seed $((seed + round - 1)) --damka "$damka" \
            --out "$data" "${played[@]}" "${cluster[@]}"
    fi

    if [ ! -s "$network" ]; then
        # Every round's positions so far, the newest last (the held-out tenth).
        all="$dir/rounds-1-$round.txt"
        for k in $(seq 1 "$round"); do cat "$dir/round-$k.txt"; done > "$all"
        say "round $round/$rounds: training on $(wc -l < "$all") positions"
        "$damka" train --variant "$variant" --model network --data "$all" \
            --out "$network.part" --score-share "$share" --epochs "$epochs" "${sizes[@]}" | tee "$dir/round-$round.train.txt"
        mv "$network.part" "$network"
        rm -f "$all"
    fi

    result="$dir/round-$round.match.txt"
    if [ ! -s "$result" ]; then
        say "round $round/$rounds: $match_games games at $match_nodes nodes against ${previous:-the built-in network}"
        second=()
        [ -n "$previous" ] && second=(--option2 "NetworkFile=$(realpath "$previous")")
        "$damka" match --variant "$variant" --engine1 "$damka" --engine2 "$damka" \
            --option1 "NetworkFile=$(realpath "$network")" "${second[@]}" \
            --nodes "$match_nodes" --games "$match_games" --concurrency 2 --seed $((seed + 100 + round)) \
            > "$result.part"
        mv "$result.part" "$result"
        echo "round $round: $(wc -l < "$data") positions; $(grep -o 'held-out error [^;]*' \
            "$dir/round-$round.train.txt" || true); $(grep -i elo "$result" | tail -1)" >> "$dir/rounds.log"
    fi
    previous=$network
done
cat "$dir/rounds.log"
