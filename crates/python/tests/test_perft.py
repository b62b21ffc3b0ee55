"""Perft from Python against the numbers the Rust tests pin: every line of every
tests/data/<game>/*.perft file (the start of each game and the rule positions) up to the node
limit of the Rust tests' default run, which reads the same files."""

import pytest

import damka
from conftest import DATA, count, read_perft_file

#: Lines with more leaves than this are left out, as the Rust tests' default run does (their
#: deep run, `cargo test --release -- --ignored`, has them all).
LIMIT = 25_000_000


def test_every_game_has_perft_data():
    assert sorted(p.name for p in DATA.iterdir() if p.is_dir()) == sorted(damka.VARIANTS)


@pytest.mark.parametrize("variant", damka.VARIANTS)
def test_perft_agrees_with_the_rust_tests(variant):
    files = sorted((DATA / variant).glob("*.perft"))
    assert files, f"no perft file for {variant}"
    checked = 0
    for path in files:
        for ident, fen, paths, depth, nodes in read_perft_file(path):
            if nodes > LIMIT:
                continue
            board = damka.Board(variant, fen)
            assert board.perft(depth, paths=paths, parallel=True) == nodes, (
                f"{variant} {path.name} {ident} depth {depth} paths={paths}"
            )
            checked += 1
    assert checked > 0
    count(f"perft lines checked ({variant})", checked)


@pytest.mark.parametrize("variant", damka.VARIANTS)
def test_perft_from_the_start_of_each_game(variant):
    """The deepest start line of at most 100000 leaves, serial and parallel, and divide()."""
    lines = [
        line
        for line in read_perft_file(DATA / variant / "startpos.perft")
        if not line[2] and line[4] <= 100_000
    ]
    _, fen, _, depth, nodes = max(lines, key=lambda line: line[4])
    board = damka.Board(variant, fen)
    assert board.perft(depth) == nodes
    assert board.perft(depth, parallel=True) == nodes
    divided = board.divide(depth)
    assert sum(divided.values()) == nodes
    assert sorted(divided) == sorted(m.text for m in board.legal_moves)
    assert board.perft(1) == len(board.legal_moves) == board.legal_move_count()
    assert board.perft(0) == 1
