"""Shared helpers of damka's Python tests: where the repository's test data lives, how to
read it, pydraughts when it is installed, and a summary of what was compared."""

import os
import pathlib
import random

import pytest

#: The repository's root (crates/python/tests/conftest.py is three levels below it).
ROOT = pathlib.Path(__file__).resolve().parents[3]
#: The per-game test data the Rust tests read too.
DATA = ROOT / "tests" / "data"
#: The damka binary `cargo test --release` builds (for the Hub test).
BINARY = pathlib.Path(os.environ.get("DAMKA_BINARY", ROOT / "target" / "release" / "damka"))

#: What the comparisons counted, printed at the end of the run.
SUMMARY = {}


def count(key, n=1):
    """Adds to a number printed in the run's summary."""
    SUMMARY[key] = SUMMARY.get(key, 0) + n


def pytest_terminal_summary(terminalreporter):
    if SUMMARY:
        terminalreporter.section("damka comparisons")
        for key in sorted(SUMMARY):
            terminalreporter.write_line(f"{key}: {SUMMARY[key]}")


def pydraughts_or_skip():
    """pydraughts' draughts package, or a skip saying why it cannot be had. py-draughts uses
    the same import name, so the package is checked to be pydraughts."""
    try:
        import draughts
        import draughts.core.game  # noqa: F401  (pydraughts only)
        from draughts.engine import HubEngine  # noqa: F401
    except ImportError as error:
        pytest.skip(f"pydraughts is not installed ({error}); pip install pydraughts==0.6.7")
    return draughts


def shuffle(spec):
    """The moves of two kings stepping back and forth, White first: ``wa wb ba bb plies``
    (the draws.txt data files' `shuffle:` lines)."""
    wa, wb, ba, bb, plies = spec.split()
    at = [wa, ba]
    homes = [(wa, wb), (ba, bb)]
    moves = []
    for ply in range(int(plies)):
        side = ply % 2
        a, b = homes[side]
        to = b if at[side] == a else a
        moves.append(f"{at[side]}-{to}")
        at[side] = to
    return moves


def option_value(text):
    """An option value of a data file as Python: true/false as bools, digits as ints."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text)


def read_draw_cases(path):
    """The cases of a tests/data/<game>/draws.txt file, as dicts."""
    cases = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "case":
            cases.append({"name": value, "moves": [], "settings": {}, "option": "none"})
            continue
        case = cases[-1]
        if key == "fen":
            case["fen"] = value
        elif key == "shuffle":
            case["moves"] = shuffle(value)
        elif key == "moves":
            case["moves"] = value.split()
        elif key == "result":
            case["result"] = value
        elif key == "option":
            case["option"] = value
        elif key == "set":
            name, _, setting = value.partition("=")
            case["settings"][name.strip()] = option_value(setting.strip())
        else:
            raise ValueError(f"{path}: unknown key {key}")
    return cases


def read_perft_file(path):
    """The lines of a tests/data/<game>/*.perft file: (id, fen, paths, depth, nodes)."""
    lines = []
    ident = fen = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key == "limit":
            continue
        if key == "id":
            ident = rest
        elif key == "fen":
            fen = rest
        elif key in ("perft", "paths"):
            depth, nodes = rest.split()
            lines.append((ident, fen, key == "paths", int(depth), int(nodes)))
        else:
            raise ValueError(f"{path}: unknown key {key}")
    return lines


def status(board):
    """The result as damka's `d` command shows it: ``ongoing``, ``white wins``, ``draw
    (<rule>)``, with ``; <rule>`` for Ugolki's numbered endings."""
    outcome = board.outcome()
    return "ongoing" if outcome is None else str(outcome)


def random_game(board, rng, plies):
    """Plays up to `plies` random legal moves on `board` (fewer if the game ends)."""
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    return board


@pytest.fixture
def rng():
    return random.Random(20240601)
