#!/usr/bin/env python3
"""Endgame databases built over a Dask cluster: one task per material split pair.

A pair (a split and its colour-flipped twin) needs the files of every split its captures and
promotions lead to; `damka egdb plan` prints the pairs and those needs, and this script turns
them into a Dask task graph in which each task runs `damka egdb generate --split <pair>` on a
worker once the tasks it needs have finished. The files are those of one
`damka egdb generate --pieces N` run, byte for byte (checked with `--compare`).

    scripts/dev/egdb_dask.sh --variant russian --pieces 5 --dir egdb            # local cluster
    scripts/dev/egdb_dask.sh --scheduler tcp://head:8786 --damka /opt/damka \\
        --variant russian --pieces 6 --dir /shared/egdb                          # real cluster

Every worker must see `--dir` (on a real cluster: a shared file system such as NFS) and run
the same damka build. A run can be stopped at any time (Ctrl-C): every file already written
is complete (damka writes through a temporary file renamed into place), and a new run with
the same arguments builds only the pairs whose files are missing. Progress (pairs and entries
done, time left) goes to stderr, and a table of every split at the end.
"""

import argparse
import hashlib
import shutil
import subprocess
import sys
import time
from pathlib import Path


def plan(damka, variant, pieces):
    """The pairs in build order: [(pair, entries, [needed split, ...])]."""
    out = subprocess.run([damka, "egdb", "plan", "--variant", variant, "--pieces", str(pieces)],
                         capture_output=True, text=True, check=True).stdout
    pairs = []
    for line in out.splitlines():
        fields = line.split()
        pairs.append((fields[0], int(fields[1]), fields[2:]))
    return pairs


def flipped(split):
    """The split with the colours swapped: `wm wk bm bk` becomes `bm bk wm wk`."""
    return split[2:] + split[:2]


def build_pair(damka, variant, directory, pair, threads, *needed):
    """Runs on a worker: builds one pair (after the pairs in `needed` have finished)."""
    command = [damka, "egdb", "generate", "--variant", variant, "--split", pair,
               "--dir", directory, "--threads", str(threads)]
    started = time.time()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()}")
    lines = [l for l in done.stderr.splitlines() if l.startswith("egdb ")]
    # The largest resident set of this worker's damka runs so far, in MB (an upper bound for
    # this one: Linux reports kilobytes).
    import resource
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return pair, lines, time.time() - started, peak


def prefix(variant):
    return {"russian": "r", "brazilian": "b", "international": "i", "giveaway": "g"}[variant]


def files_of(directory, variant, pair):
    names = {pair, flipped(pair)}
    return [Path(directory) / f"{prefix(variant)}{n}.egdb" for n in sorted(names)]


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="russian",
                        choices=["russian", "brazilian", "international", "giveaway"])
    parser.add_argument("--pieces", type=int, required=True)
    parser.add_argument("--dir", required=True, help="directory of the files (shared by workers)")
    parser.add_argument("--damka", default=str(Path("target/release/damka").resolve()),
                        help="damka binary, at the same path on every worker")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="local cluster: worker processes")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads of each damka task (local cluster: cores per worker)")
    parser.add_argument("--compare", action="store_true",
                        help="then build the same set with one `damka egdb generate` in "
                             "<dir>.single and compare files and wall times")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster, as_completed

    directory = str(Path(args.dir).resolve())
    Path(directory).mkdir(parents=True, exist_ok=True)
    pairs = plan(args.damka, args.variant, args.pieces)
    pair_of = {}
    for pair, _, _ in pairs:
        pair_of[pair] = pair
        pair_of[flipped(pair)] = pair
    total = sum(entries for _, entries, _ in pairs)

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    print(f"egdb-dask: {args.variant} up to {args.pieces} pieces, {len(pairs)} pairs, "
          f"{total} entries, on {len(client.scheduler_info()['workers'])} workers",
          file=sys.stderr)

    started = time.time()
    futures, entries_of, skipped = {}, {}, 0
    for rank, (pair, entries, needs) in enumerate(pairs):
        entries_of[pair] = entries
        if all(p.is_file() for p in files_of(directory, args.variant, pair)):
            skipped += 1  # damka checks them again if a later pair reads them
            continue
        deps = [futures[pair_of[n]] for n in needs if pair_of[n] in futures]
        futures[pair] = client.submit(build_pair, args.damka, args.variant, directory, pair,
                                      args.threads, *deps, key=f"egdb-{args.variant}-{pair}",
                                      pure=False, priority=len(pairs) - rank)
    if skipped:
        print(f"egdb-dask: {skipped} pairs already built, kept", file=sys.stderr)
    todo = sum(entries_of[p] for p in futures)
    done_entries, done_pairs, report, peak_mb = 0, 0, [], 0.0
    try:
        for future in as_completed(list(futures.values())):
            pair, lines, seconds, peak = future.result()
            peak_mb = max(peak_mb, peak)
            done_pairs += 1
            done_entries += entries_of[pair]
            report.extend(lines)
            elapsed = time.time() - started
            left = elapsed * (todo - done_entries) / max(done_entries, 1)
            print(f"egdb-dask: {pair} in {seconds:.1f} s; {done_pairs}/{len(futures)} pairs, "
                  f"{done_entries}/{todo} entries, {elapsed:.0f} s elapsed, about {left:.0f} s "
                  f"left", file=sys.stderr)
    except KeyboardInterrupt:
        print(f"egdb-dask: interrupted after {done_pairs} pairs; the files written are "
              f"complete, and the next run builds the rest", file=sys.stderr)
        client.close()
        sys.exit(130)
    wall = time.time() - started
    for line in sorted(report):
        print(line)
    print(f"egdb-dask: {len(futures)} pairs built in {wall:.1f} s, largest damka process "
          f"{peak_mb:.0f} MB")
    client.close()

    if args.compare:
        single = Path(directory + ".single")
        shutil.rmtree(single, ignore_errors=True)
        t0 = time.time()
        subprocess.run([args.damka, "egdb", "generate", "--variant", args.variant, "--pieces",
                        str(args.pieces), "--dir", str(single),
                        "--threads", str(args.workers * args.threads)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        single_wall = time.time() - t0
        names = sorted(p.name for p in single.glob("*.egdb"))
        different = [n for n in names
                     if not (Path(directory) / n).is_file()
                     or digest(Path(directory) / n) != digest(single / n)]
        print(f"egdb-dask: single process {single_wall:.1f} s, cluster {wall:.1f} s "
              f"(ratio {single_wall / wall:.2f}); {len(names) - len(different)} of "
              f"{len(names)} files identical")
        if different:
            print(f"egdb-dask: different: {' '.join(different)}", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
