#!/usr/bin/env python3
"""Self-play over a Dask cluster: `damka selfplay` shards run on the workers, joined in order.

Game n of a run is the same game wherever it is played (`damka selfplay --first-game`), so the
joined file holds exactly the games that one `damka selfplay` of them all would write.

    scripts/dev/selfplay_dask.sh --games 2000 --out target/selfplay.txt            # local cluster
    scripts/dev/selfplay_dask.sh --scheduler tcp://head:8786 --damka /opt/damka ... # real cluster

Each shard is `--shard-size` games on one worker thread; its positions come back to this client,
which writes them to `<out>.shards/shard-NNNNN.txt` as each shard finishes. An interrupted run
keeps the finished shards and a new run with the same arguments plays only the missing ones.
Progress (shards, games/s, time left) goes to stderr. With `--compare`, the same games are then
played by one `damka selfplay --threads <workers>` and both rates are printed.
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path


def play_shard(damka, index, first_game, games, options):
    """Runs one shard on a worker and returns its positions as text."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "shard.txt")
        command = [damka, "selfplay", "--threads", "1", "--games", str(games),
                   "--first-game", str(first_game), "--out", out] + options
        started = time.time()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {index}: {' '.join(command)} failed: {done.stderr.strip()}")
        with open(out, encoding="utf-8") as f:
            return index, f.read(), time.time() - started


def shard_path(directory, index):
    return directory / f"shard-{index:05}.txt"


def write_atomically(path, text):
    part = path.with_suffix(".part")
    part.write_text(text, encoding="utf-8")
    part.replace(path)


def join_shards(directory, count, out):
    part = out.with_suffix(out.suffix + ".part")
    with open(part, "w", encoding="utf-8") as joined:
        for index in range(count):
            joined.write(shard_path(directory, index).read_text(encoding="utf-8"))
    part.replace(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--shard-size", type=int, default=25, help="games per shard")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--random-plies", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="russian")
    parser.add_argument("--house", help="Ugolki's house every game starts in (3x3, 3x4, triangle)")
    parser.add_argument("--network", type=Path,
                        help="network file every worker plays (the next round of training; "
                             "the path must be readable on the workers)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--damka", default="target/release/damka",
                        help="the damka binary, at this path on every worker")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes of the local cluster")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (no local cluster)")
    parser.add_argument("--compare", action="store_true",
                        help="also time one `damka selfplay --threads <workers>` of the same games")
    args = parser.parse_args()
    if args.games < 1 or args.shard_size < 1 or args.workers < 1:
        parser.error("--games, --shard-size and --workers must be at least 1")

    from dask.distributed import Client, LocalCluster, as_completed

    damka = os.path.abspath(args.damka) if os.path.exists(args.damka) else args.damka
    options = ["--nodes", str(args.nodes), "--random-plies", str(args.random_plies),
               "--seed", str(args.seed), "--variant", args.variant]
    if args.house:
        options += ["--house", args.house]
    if args.network:
        options += ["--network", str(args.network.resolve())]
    directory = args.out.parent / (args.out.name + ".shards")
    directory.mkdir(parents=True, exist_ok=True)
    shards = [(i, first, min(args.shard_size, args.games - first))
              for i, first in enumerate(range(0, args.games, args.shard_size))]
    missing = [s for s in shards if not shard_path(directory, s[0]).exists()]
    print(f"selfplay-dask: {len(shards)} shards of {args.shard_size} games, "
          f"{len(shards) - len(missing)} already done", file=sys.stderr)

    if args.scheduler:
        cluster, client = None, Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    workers = len(client.scheduler_info()["workers"])
    started = time.time()
    elapsed = 0.0
    games_done = 0
    try:
        futures = [client.submit(play_shard, damka, i, first, games, options, pure=False)
                   for i, first, games in missing]
        sizes = {i: games for i, _, games in missing}
        last = 0.0
        for future in as_completed(futures):
            index, text, _ = future.result()
            write_atomically(shard_path(directory, index), text)
            games_done += sizes[index]
            now = time.time()
            if now - last >= 3 or games_done == sum(sizes.values()):
                last = now
                rate = games_done / max(now - started, 1e-9)
                left = (sum(sizes.values()) - games_done) / rate if rate else 0
                print(f"selfplay-dask: {games_done}/{sum(sizes.values())} games, "
                      f"{rate:.2f} games/s, {left:.0f} s left", file=sys.stderr)
        elapsed = time.time() - started
    except KeyboardInterrupt:
        print(f"selfplay-dask: interrupted; finished shards are kept in {directory}",
              file=sys.stderr)
        return 130
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    join_shards(directory, len(shards), args.out)
    positions = sum(1 for _ in open(args.out, encoding="utf-8"))
    rate = games_done / elapsed if games_done else 0
    print(f"{positions} positions from {args.games} games written to {args.out}; "
          f"{games_done} games played on {workers} Dask workers in {elapsed:.1f} s "
          f"({rate:.2f} games/s)")

    if args.compare:
        plain = args.out.with_suffix(".plain.txt")
        command = [damka, "selfplay", "--threads", str(workers), "--games", str(args.games),
                   "--out", str(plain)] + options
        t = time.time()
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        plain_rate = args.games / (time.time() - t)
        same = sorted(open(plain, encoding="utf-8")) == sorted(open(args.out, encoding="utf-8"))
        print(f"plain `damka selfplay --threads {workers}`: {plain_rate:.2f} games/s; "
              f"Dask/plain = {rate / plain_rate:.2f}; same positions: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
