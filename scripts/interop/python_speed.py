#!/usr/bin/env python3
"""Speed of damka's Python module beside pydraughts and py-draughts, in one run: legal-move
generation over the same positions, and perft to a fixed depth from the start, for Russian
checkers and International draughts, with the ratios.

pydraughts and py-draughts are both imported as `draughts`, so each lives in a virtual
environment of its own and is timed there by this same script (`--worker`), run as a
subprocess that reads the positions as JSON on stdin and prints its timings as JSON. The main
process runs under the environment that has damka. scripts/interop/python_speed.sh makes the
three environments and runs this.

What is timed, for every library through its ordinary Python API:

* legal moves: the list of move objects of each position (`board.legal_moves` for damka and
  py-draughts, `board.legal_moves()` for pydraughts), boards made beforehand; the best of a few
  rounds over all positions, per position;
* perft: the leaves `depth` plies deep from the start, by push, legal moves and pop from
  Python (at the last ply the moves are counted, not played), the same walk in each library;
  and for damka also `Board.perft`, its move tree counted in Rust, and for py-draughts its
  own International perft (`draughts.engines.turbo.perft_from_board`), where it has one;
  best of the rounds too, but pydraughts' walk, which is timed once. A
  deeper perft (`--deep`) is timed for damka and py-draughts only: pydraughts would take
  minutes.

The positions come from seeded random games played by damka; the libraries must agree on the
number of legal moves of every position and on the perft counts, or the script says so and
exits 1. Nothing here is a test: the numbers depend on the machine.

    python_speed.py --pydraughts-python ENV1/bin/python --py-draughts-python ENV2/bin/python
"""

import argparse
import json
import random
import subprocess
import sys
import time

VARIANTS = ("russian", "international")
#: Each library's name of each game.
NAMES = {
    "pydraughts": {"russian": "russian", "international": "standard"},
    "py-draughts": {"russian": "RussianBoard", "international": "StandardBoard"},
}


def pdn_number(square):
    """The PDN number of an 8x8 dark square (1 = b8 ... 32 = g1), as py-draughts numbers them."""
    file, rank = "abcdefgh".index(square[0]), int(square[1:])
    row = 8 - rank
    return row * 4 + file // 2 + 1


def fens(pieces, turn, variant):
    """The position as pydraughts and py-draughts read it: (algebraic or numbered FEN, FEN
    numbered 1..32 or 1..50)."""
    def fen(name):
        fields = []
        for side in "WB":
            items = []
            for square, stack in pieces.items():
                letter = stack[0]
                if letter.upper() == side:
                    items.append(("K" if letter.isupper() else "") + name(square))
            fields.append(side + ",".join(items))
        return f"{'W' if turn == 'white' else 'B'}:" + ":".join(fields)

    if variant == "russian":
        return fen(str), fen(lambda sq: str(pdn_number(sq)))
    return fen(str), fen(str)


def best_of(rounds, run):
    """The shortest of `rounds` timings of `run()`."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


# --- the workers: one library each, in its own environment ------------------------------------


def pydraughts_worker(job):
    import draughts
    from draughts import Board

    name = NAMES["pydraughts"][job["variant"]]
    boards = [Board(name, fen) for fen, _ in job["positions"]]
    counts = [len({(m.steps_move[0], m.steps_move[-1], tuple(sorted(m.captures or [])))
                   for m in b.legal_moves()}) for b in boards]
    movegen = best_of(job["rounds"], lambda: [b.legal_moves() for b in boards])

    def perft(board, depth):
        moves = board.legal_moves()
        if depth == 1:
            return len({(m.steps_move[0], m.steps_move[-1], tuple(sorted(m.captures or [])))
                        for m in moves})
        total = 0
        for move in moves:
            board.push(move)
            total += perft(board, depth - 1)
            board.pop()
        return total

    start = time.perf_counter()
    nodes = perft(Board(name), job["depth"])
    return {
        "version": draughts.__version__,
        "counts": counts,
        "movegen": movegen,
        "perft": {f"{job['depth']} push/pop": [nodes, time.perf_counter() - start]},
    }


def py_draughts_worker(job):
    import draughts

    cls = getattr(draughts, NAMES["py-draughts"][job["variant"]])
    boards = [cls.from_fen(fen) for _, fen in job["positions"]]
    counts = [len(b.legal_moves) for b in boards]
    movegen = best_of(job["rounds"], lambda: [b.legal_moves for b in boards])

    def perft(board, depth):
        moves = board.legal_moves
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(board, depth - 1)
            board.pop()
        return total

    result = {"version": draughts.__version__, "counts": counts, "movegen": movegen, "perft": {}}
    for depth in (job["depth"], job["deep"]):
        nodes = perft(cls(), depth)
        walk = best_of(job["rounds"], lambda: perft(cls(), depth))
        result["perft"][f"{depth} push/pop"] = [nodes, walk]
        if job["variant"] == "international":
            from draughts.engines.turbo import perft_from_board

            start = time.perf_counter()
            nodes = perft_from_board(cls(), depth)
            result["perft"][f"{depth} turbo (its own)"] = [nodes, time.perf_counter() - start]
    return result


def worker(library):
    job = json.load(sys.stdin)
    run = pydraughts_worker if library == "pydraughts" else py_draughts_worker
    json.dump(run(job), sys.stdout)
    return 0


# --- damka, and the comparison ------------------------------------------------------------------


def positions(damka, variant, count, seed):
    """`count` positions of seeded random games of `variant`, as (pieces, side to move)."""
    rng = random.Random(f"{seed} {variant}")
    found = []
    while len(found) < count:
        board = damka.Board(variant)
        while len(found) < count and not board.is_game_over():
            found.append((board.pieces, board.turn, board.fen))
            board.push(rng.choice(board.legal_moves))
    return found


def damka_timings(damka, variant, found, depths, rounds):
    boards = [damka.Board(variant, fen) for _, _, fen in found]
    counts = [len(b.legal_moves) for b in boards]
    movegen = best_of(rounds, lambda: [b.legal_moves for b in boards])

    def perft(board, d):
        moves = board.legal_moves
        if d == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(board, d - 1)
            board.pop()
        return total

    result = {"counts": counts, "movegen": movegen, "perft": {}}
    for depth in depths:
        nodes = perft(damka.Board(variant), depth)
        walk = best_of(rounds, lambda: perft(damka.Board(variant), depth))
        result["perft"][f"{depth} push/pop"] = [nodes, walk]
        native = best_of(rounds, lambda: damka.Board(variant).perft(depth))
        result["perft"][f"{depth} Board.perft (Rust)"] = [damka.Board(variant).perft(depth), native]
    return result


def run_worker(python, library, job):
    done = subprocess.run(
        [python, __file__, "--worker", library], input=json.dumps(job), capture_output=True,
        text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{library} worker failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", choices=sorted(NAMES), help=argparse.SUPPRESS)
    parser.add_argument("--pydraughts-python", help="an interpreter with pydraughts installed")
    parser.add_argument("--py-draughts-python", help="an interpreter with py-draughts installed")
    parser.add_argument("--positions", type=int, default=300, help="positions per game")
    parser.add_argument("--depth", type=int, default=4,
                        help="perft depth from the start, for every library")
    parser.add_argument("--deep", type=int, default=6,
                        help="a deeper perft, for damka and py-draughts (pydraughts is too slow)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of move generation")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker)

    import damka

    pythons = {"pydraughts": args.pydraughts_python, "py-draughts": args.py_draughts_python}
    print(f"damka {damka.__version__}; {args.positions} positions per game from random games "
          f"(seed {args.seed}), perft depth {args.depth}, best of {args.rounds} rounds")
    failures = 0
    for variant in VARIANTS:
        found = positions(damka, variant, args.positions, args.seed)
        job = {
            "variant": variant,
            "positions": [fens(pieces, turn, variant) for pieces, turn, _ in found],
            "depth": args.depth,
            "deep": args.deep,
            "rounds": args.rounds,
        }
        depths = (args.depth, args.deep)
        results = {"damka": damka_timings(damka, variant, found, depths, args.rounds)}
        for library, python in pythons.items():
            if python:
                results[library] = run_worker(python, library, job)
        ours = results["damka"]
        print(f"\n== {variant}: {sum(ours['counts'])} legal moves over {len(found)} positions")
        print(f"{'library':<14} {'legal moves / position':>24} {'damka is':>12}")
        for library, result in results.items():
            if result["counts"] != ours["counts"]:
                failures += 1
                wrong = sum(a != b for a, b in zip(result["counts"], ours["counts"]))
                print(f"  {library} disagrees with damka on the move count of {wrong} positions")
            per = result["movegen"] / len(found) * 1e6
            ratio = "" if library == "damka" else f"{result['movegen'] / ours['movegen']:.0f}x faster"
            version = f" {result['version']}" if "version" in result else ""
            print(f"{library + version:<14} {per:>21.1f} us {ratio:>12}")
        print(f"{'perft (depth, how)':<38} {'nodes':>10} {'time':>12} {'damka is':>16}")
        for depth in depths:
            walk = ours["perft"][f"{depth} push/pop"]
            native = ours["perft"][f"{depth} Board.perft (Rust)"][1]
            for library, result in results.items():
                for how, (nodes, seconds) in result["perft"].items():
                    if not how.startswith(f"{depth} "):
                        continue
                    if nodes != walk[0]:
                        failures += 1
                        print(f"  {library} {how} counts {nodes}, damka {walk[0]}")
                    ratio = ""
                    if library != "damka":
                        ratio = f"{seconds / walk[1]:.0f}x / {seconds / native:.0f}x"
                    print(f"{library + ' ' + how:<38} {nodes:>10} {seconds * 1e3:>9.3f} ms "
                          f"{ratio:>16}")
    print("\nperft ratios: against damka's push/pop walk from Python / against Board.perft")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
