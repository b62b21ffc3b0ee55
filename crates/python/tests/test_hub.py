"""A complete game between damka in-process and pydraughts' HubEngine (the client lidraughts
bots use) driving the `damka hub` binary, pydraughts keeping its own board beside damka's.

The binary is target/release/damka (`cargo build --release` or `cargo test --release` makes
it; DAMKA_BINARY names another); without it the test is skipped and says so."""

import os

import pytest

import damka
from conftest import BINARY, pydraughts_or_skip
from test_pydraughts import PYDRAUGHTS, pydraughts_moves, pydraughts_pieces

#: The variant lidraughts calls each game in `set-param name=variant` (see PROTOCOL.md).
HUB_VARIANT = {"russian": "russian", "international": "standard"}


@pytest.mark.parametrize("variant", sorted(HUB_VARIANT))
def test_a_game_against_damka_hub_under_pydraughts(variant):
    draughts = pydraughts_or_skip()
    from draughts.engine import HubEngine, Limit

    if not BINARY.is_file():
        pytest.skip(f"{BINARY} is not built (cargo build --release builds it)")
    # pydraughts reads the engine's stderr as protocol output: keep the log quiet.
    os.environ.setdefault("RUST_LOG", "error")
    hub = HubEngine([str(BINARY), "hub"])
    try:
        assert hub.id.get("name") == "damka"
        hub.configure({"variant": HUB_VARIANT[variant], "hash": 8})
        hub.init()
        engine = damka.Engine(variant, hash_mb=8)
        board = damka.Board(variant)
        theirs = draughts.Board(PYDRAUGHTS[variant])
        hub_is_white = variant == "international"
        for _ in range(300):
            if board.is_game_over():
                break
            their_moves = pydraughts_moves(theirs, variant)
            ours = {(m.from_square, m.to_square, frozenset(m.captured)): m for m in board.legal_moves}
            assert set(ours) == set(their_moves), board.fen
            if (board.turn == damka.WHITE) == hub_is_white:
                played = hub.play(theirs, Limit(depth=4), ponder=False).move
                key = next(k for k, m in their_moves.items() if m.board_move == played.board_move)
            else:
                key_move = engine.search(board, depth=4).move
                key = (key_move.from_square, key_move.to_square, frozenset(key_move.captured))
            board.push(ours[key])
            theirs.push(their_moves[key])
            assert pydraughts_pieces(theirs.fen) == board.pieces
        outcome = board.outcome()
        assert outcome is not None, f"unfinished after {board.ply} plies: {board.fen}"
        print(f"{variant}: damka in-process vs damka hub under pydraughts: {outcome}, {board.ply} plies")
    finally:
        hub.quit()
        hub.p.communicate(timeout=30)
