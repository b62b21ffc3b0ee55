#!/usr/bin/env python3
"""Re-check tests/data/international/rules.txt against pydraughts, an independent implementation.

The file holds hand-made International draughts (10x10) positions, one block per rule, each with
the complete set of legal moves damka must generate. This script asks pydraughts (variant
'standard') for the legal moves of every position, collapses them to damka's notion of a move
(from square, to square, set of captured squares: capture paths that differ only in the order of
taking or in the intermediate landing squares are one move) and compares that set with the file's.
It prints one line per block and a closing `N passed, N failed` line, and exits with status 1 on
any mismatch (2 if the file cannot be parsed or pydraughts is missing).

Not part of CI: it needs pydraughts, which is not a dependency of the crate.

    python3 -m venv /tmp/pd && /tmp/pd/bin/pip install pydraughts==0.6.7
    /tmp/pd/bin/python scripts/interop/international_rules_check.py            # from the repository root
    /tmp/pd/bin/python scripts/interop/international_rules_check.py -v         # print both move sets on mismatch
    /tmp/pd/bin/python scripts/interop/international_rules_check.py other.txt  # check another file

The version checked is pydraughts 0.6.7 (`pip install pydraughts==0.6.7`).
"""

import argparse
import os
import sys

DEFAULT_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data",
                            "international", "rules.txt")


class Block:
    def __init__(self, line_no):
        self.line_no = line_no
        self.rule = None
        self.fen = None
        self.moves = []          # move lines as written, in file order
        self.none = False        # `moves: none`


def parse(path):
    """Parse the rules file into blocks; raise ValueError with a line number on bad input."""
    blocks = []
    current = None
    with open(path, encoding="utf-8") as f:
        for line_no, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.strip() == "":
                current = None
                continue
            if line.startswith("#"):
                continue
            key, sep, value = line.partition(": ")
            if not sep:
                raise ValueError(f"line {line_no}: expected 'key: value', got {line!r}")
            if key == "rule":
                current = Block(line_no)
                current.rule = value
                blocks.append(current)
                continue
            if current is None:
                raise ValueError(f"line {line_no}: {key!r} outside a block (blocks start with 'rule:')")
            if key == "fen":
                if current.fen is not None:
                    raise ValueError(f"line {line_no}: second fen in block {current.rule}")
                current.fen = value
            elif key == "move":
                current.moves.append(value)
            elif key == "moves" and value == "none":
                current.none = True
            else:
                raise ValueError(f"line {line_no}: unknown key {key!r}")
    names = set()
    for b in blocks:
        where = f"block {b.rule!r} (line {b.line_no})"
        if b.fen is None:
            raise ValueError(f"{where}: no fen")
        if b.none == bool(b.moves):
            raise ValueError(f"{where}: needs either move lines or 'moves: none', not both or neither")
        if b.rule in names:
            raise ValueError(f"{where}: duplicate rule name")
        names.add(b.rule)
    return blocks


def parse_move(text):
    """'32-28' -> (32, 28, ()); '28x10 14,23' -> (28, 10, (14, 23))."""
    if "x" in text:
        squares, sep, captured = text.partition(" ")
        start, end = squares.split("x")
        if not sep or not captured:
            raise ValueError(f"capture without captured squares: {text!r}")
        caps = tuple(int(s) for s in captured.split(","))
        if list(caps) != sorted(set(caps)):
            raise ValueError(f"captured squares not sorted ascending or repeated: {text!r}")
        return int(start), int(end), caps
    start, end = text.split("-")
    return int(start), int(end), ()


def format_move(move):
    start, end, caps = move
    if caps:
        return f"{start}x{end} " + ",".join(str(c) for c in caps)
    return f"{start}-{end}"


def pydraughts_moves(fen):
    """The legal moves pydraughts gives for an International position, as a set of
    (from, to, sorted captured squares); capture paths with the same identity are merged."""
    from draughts import Board
    board = Board(variant="standard", fen=fen)
    moves = set()
    for move in board.legal_moves():
        steps = move.steps_move          # every square the piece stands on, start first
        caps = tuple(sorted(move.captures or []))
        if len(set(caps)) != len(caps):
            raise AssertionError(f"pydraughts captured a piece twice: {move.pdn_move}")
        moves.add((steps[0], steps[-1], caps))
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=DEFAULT_FILE)
    parser.add_argument("-v", "--verbose", action="store_true", help="print both move sets on a mismatch")
    args = parser.parse_args()

    try:
        import draughts
    except ImportError:
        print("pydraughts is not installed: pip install pydraughts==0.6.7", file=sys.stderr)
        return 2
    if getattr(draughts, "__version__", None) != "0.6.7":
        print(f"note: checked against pydraughts 0.6.7, this is {getattr(draughts, '__version__', '?')}",
              file=sys.stderr)

    try:
        blocks = parse(args.file)
    except (OSError, ValueError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 2

    passed = failed = 0
    for block in blocks:
        problems = []
        try:
            expected_list = [parse_move(m) for m in block.moves]
        except ValueError as error:
            expected_list = []
            problems.append(str(error))
        expected = set(expected_list)
        if len(expected) != len(expected_list):
            problems.append("a move is listed twice")
        if expected_list != sorted(expected_list):
            problems.append("moves not sorted by (from, to, captured)")
        try:
            actual = pydraughts_moves(block.fen)
        except Exception as error:  # a FEN pydraughts cannot read is a failure of the block
            actual = set()
            problems.append(f"pydraughts failed: {type(error).__name__}: {error}")
        missing = sorted(expected - actual)
        extra = sorted(actual - expected)
        if missing:
            problems.append("pydraughts lacks " + "; ".join(format_move(m) for m in missing))
        if extra:
            problems.append("file lacks " + "; ".join(format_move(m) for m in extra))
        if problems:
            failed += 1
            print(f"FAIL {block.rule} (line {block.line_no}): " + " | ".join(problems))
            if args.verbose:
                print(f"     file:       {', '.join(format_move(m) for m in sorted(expected)) or 'none'}")
                print(f"     pydraughts: {', '.join(format_move(m) for m in sorted(actual)) or 'none'}")
        else:
            passed += 1
            count = len(expected)
            print(f"ok   {block.rule}: "
                  + (f"{count} move{'s' if count != 1 else ''}" if count else "no legal move"))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not blocks else 0


if __name__ == "__main__":
    sys.exit(main())
