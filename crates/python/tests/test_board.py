"""The Board and Move API for every game, and the exceptions bad input raises."""

import copy
import threading

import pytest

import damka
from conftest import random_game


@pytest.mark.parametrize("variant", damka.VARIANTS)
def test_every_game_starts_and_round_trips_its_fen(variant):
    board = damka.Board(variant)
    assert board.variant == variant
    assert board.fen == board.start_fen == damka.start_fen(variant)
    assert board.turn == damka.WHITE
    assert board.fullmove == 1 and board.ply == 0
    assert board.legal_moves and not board.is_game_over()
    assert board.result() == "*" and board.outcome() is None
    assert damka.Board(variant, board.fen).fen == board.fen
    assert damka.Board(variant, board.fen).key == board.key
    assert str(board).strip()
    assert repr(board).startswith(f"<Board {variant} ")
    assert variant in [name for name, _, _ in damka.variants()]


@pytest.mark.parametrize("variant", damka.VARIANTS)
def test_push_and_pop_walk_the_game_back(variant, rng):
    board = damka.Board(variant)
    fens, keys = [board.fen], [board.key]
    played = []
    for _ in range(60):
        if board.is_game_over():
            break
        move = rng.choice(board.legal_moves)
        assert board.is_legal(move) and board.is_legal(move.text)
        played.append(board.push(move))
        fens.append(board.fen)
        keys.append(board.key)
        # The FEN of every position reads back to the same position.
        assert damka.Board(variant, board.fen).key == board.key
    assert board.move_stack == played
    assert board.peek() == played[-1]
    assert board.ply == len(played)
    copied = board.copy()
    while board.ply:
        assert board.pop() == played[board.ply]
        assert board.fen == fens[board.ply] and board.key == keys[board.ply]
    assert board.peek() is None
    with pytest.raises(IndexError):
        board.pop()
    # The copy kept the game.
    assert copied.ply == len(played) and copied.fen == fens[-1]
    # A game replayed by the moves' texts is the same game.
    replay = damka.Board(variant)
    for move in played:
        replay.push(move.text)
    assert replay.fen == fens[-1]


def test_moves_of_russian():
    board = damka.Board("russian", "W:Wc3:Bd4,f6")
    (move,) = board.legal_moves
    assert move.text == "c3:e5:g7"
    assert move.from_square == "c3" and move.to_square == "g7"
    assert move.path == ["c3", "e5", "g7"]
    assert sorted(move.captured) == ["d4", "f6"]
    assert move.is_capture and not move.is_promotion and move.huffed is None
    assert move.variant == "russian"
    assert str(move) == "c3:e5:g7" and repr(move) == "<Move c3:e5:g7 (russian)>"
    assert board.parse_move("c3:g7") == move
    assert board.parse_move("c3xe5xg7") == move
    assert hash(board.parse_move("c3:g7")) == hash(move)
    assert move != board.legal_moves[0] or move == board.legal_moves[0]
    assert move != "c3:e5:g7"
    board.push(move)
    assert board.pieces == {"g7": "w"}
    assert board.outcome().winner == "white"


def test_a_man_crowned_mid_capture_goes_on_as_a_king():
    board = damka.Board("russian", "W:Wf6:Be7,c7")
    moves = board.legal_moves
    assert moves and all(m.is_promotion and m.path[:2] == ["f6", "d8"] for m in moves)
    assert all(len(m.captured) == 2 for m in moves)
    board.push(moves[0])
    assert board.piece_at(moves[0].to_square) == "W"


def test_international_moves_are_numbered():
    board = damka.Board("international")
    moves = board.legal_moves
    assert [m.text for m in moves][:3] == ["31-26", "31-27", "32-27"]
    assert moves[0].from_square == "31" and moves[0].to_square == "26"
    board.push("32-28")
    assert board.piece_at(28) == "w" and board.piece_at("28") == "w"
    assert board.piece_at(32) is None
    assert len(board.squares) == 50


def test_towers_stack_their_pieces():
    board = damka.Board("bashni", "W:c3w,d4b")
    (move,) = board.legal_moves
    board.push(move)
    assert board.stack_at("e5") == "wb"
    assert board.piece_at("e5") == "w"
    assert board.pieces == {"e5": "wb"}


def test_fuk_huffs():
    # White could capture d4 but steps away: Black may huff the white man c3 first.
    board = damka.Board("fuk", "W:Wc3,h2:Bd4,a7")
    board.push("h2-g3")
    huffs = [m for m in board.legal_moves if m.huffed]
    assert huffs and all(m.huffed == "c3" for m in huffs)


def test_ugolki_houses():
    for house in ("3x3", "3x4", "triangle"):
        board = damka.Board("ugolki", house=house)
        assert board.house == house
        assert damka.Board("ugolki", board.fen).house == house
        assert board.fen == damka.start_fen("ugolki", house=house)
    assert damka.Board("ugolki-diagonal", house="3x4").perft(2) == 1107
    assert damka.Board("ugolki").house == "3x3"
    assert damka.Board("russian").house is None
    with pytest.raises(damka.OptionError, match="house"):
        damka.Board("russian", house="3x3")
    with pytest.raises(damka.OptionError, match="3x3, 3x4, triangle"):
        damka.Board("ugolki", house="square")


def test_game_names_and_aliases():
    assert damka.Board("standard").variant == "international"
    assert damka.Board("Russian").variant == "russian"
    assert damka.Board("ugolki_diagonal").variant == "ugolki-diagonal"
    with pytest.raises(damka.VariantError, match="unknown variant 'chess'"):
        damka.Board("chess")
    assert issubclass(damka.VariantError, damka.DamkaError)


def test_draw_rules_by_name():
    board = damka.Board("russian", draw_rules={"draw repetition": False, "Draw Material Moves": 30})
    rules = board.draw_rules
    assert rules["Draw Repetition"] is False and rules["Draw Material Moves"] == 30
    assert rules["Draw Kings Only"] is True
    board.set_draw_rules({"Draw Kings Only": False})
    assert board.draw_rules["Draw Kings Only"] is False
    assert board.draw_rules["Draw Material Moves"] == 30
    with pytest.raises(damka.OptionError, match="has no draw rule 'Draw Nonsense'"):
        damka.Board("russian", draw_rules={"Draw Nonsense": True})
    with pytest.raises(damka.OptionError, match="between"):
        damka.Board("russian", draw_rules={"Draw Material Moves": 1000})
    with pytest.raises(damka.OptionError):
        damka.Board("russian", draw_rules={"Draw Repetition": "yes"})
    assert list(damka.Board("ugolki").draw_rules) == ["Draw Repetition"]


@pytest.mark.parametrize(
    "variant, fen, message",
    [
        ("russian", "", "empty FEN"),
        ("russian", "X:Wa1:Bh8", "side to move 'X' must be W or B"),
        ("russian", "W:Wz9:Bh8", "'z9' is not a playable square"),
        ("russian", "W:Wa1,a1:Bh8", "listed twice"),
        ("russian", "W:Wa1:Bh8:Q3", "Q"),
        ("international", "W:W51:B1", "'51' is not a playable square"),
        ("turkish", "W:Wa1:Ba1", "twice"),
        ("bashni", "W:a1q", ""),
        ("ugolki", "W:Wa1:Bh8:Hoval", ""),
    ],
)
def test_bad_fens_raise_fen_error(variant, fen, message):
    with pytest.raises(damka.FenError) as error:
        damka.Board(variant, fen)
    assert str(error.value).startswith("bad FEN: ")
    assert message in str(error.value)
    assert isinstance(error.value, damka.DamkaError)


@pytest.mark.parametrize(
    "variant, fen, text, message",
    [
        ("russian", None, "", "empty move"),
        ("russian", None, "hello", "'hello' is not a move"),
        ("russian", None, "c3-c5", "illegal move 'c3-c5'"),
        ("russian", None, "c3-d4-e5", "illegal move"),
        ("russian", "W:Wc3:Bd4", "c3-b4", "illegal move 'c3-b4'"),
        ("international", None, "c3-d4", "is not a move"),
        ("international", None, "31-22", "illegal move"),
        ("turkish", None, "a2-b3", "illegal move"),
    ],
)
def test_bad_moves_raise_move_error_and_change_nothing(variant, fen, text, message):
    board = damka.Board(variant, fen)
    before = board.fen
    with pytest.raises(damka.MoveError, match=message):
        board.push(text)
    with pytest.raises(damka.MoveError):
        board.parse_move(text)
    assert not board.is_legal(text)
    assert board.fen == before and board.ply == 0


def test_an_ambiguous_capture_names_its_candidates():
    # PROTOCOL.md's example: the king on a5 reaches h2 by two paths.
    board = damka.Board("russian", "B:Wb4,d4,e3,g3:BKa5")
    with pytest.raises(damka.MoveError) as error:
        board.push("a5:h2")
    assert str(error.value) == (
        "ambiguous move 'a5:h2': it matches a5:d2:f4:h2, a5:c3:e5:h2 (give more landing squares)"
    )
    assert board.push("a5:e5:h2").path == ["a5", "c3", "e5", "h2"]


def test_moves_of_another_game_or_type_are_refused():
    russian = damka.Board("russian")
    brazilian = damka.Board("brazilian")
    with pytest.raises(damka.MoveError, match="is a move of russian, not of brazilian"):
        brazilian.push(russian.legal_moves[0])
    assert not brazilian.is_legal(russian.legal_moves[0])
    with pytest.raises(TypeError):
        russian.push(42)
    with pytest.raises(damka.MoveError):
        # A move of the start position is not legal after it was played.
        move = russian.legal_moves[0]
        russian.push(move)
        russian.push(move)


def test_bad_squares():
    board = damka.Board("russian")
    with pytest.raises(ValueError, match="not a playable square"):
        board.piece_at("a2")
    with pytest.raises(ValueError):
        board.piece_at(33)
    with pytest.raises(TypeError):
        board.piece_at(1.5)
    # PDN numbers name the squares of the 8x8 boards too (1 = b8).
    assert board.piece_at(1) == "b" and board.piece_at(32) == "w"


def test_copies_are_independent():
    board = damka.Board("russian")
    board.push("c3-d4")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.push("f6-e5")
        assert board.ply == 1 and other.ply == 2


def test_evaluate_is_from_the_side_to_move():
    assert damka.Board("russian").evaluate() == 0 or isinstance(damka.Board("russian").evaluate(), int)
    up = damka.Board("russian", "W:Wa1,c1,e1:Bh8")
    down = damka.Board("russian", "B:Wa1,c1,e1:Bh8")
    assert up.evaluate() > 0 > down.evaluate()


def test_perft_releases_the_gil():
    board = damka.Board("international")
    ticks = 0
    thread = threading.Thread(target=board.perft, args=(7,))
    thread.start()
    while thread.is_alive():
        ticks += 1
    thread.join()
    assert ticks > 1000, "the main thread did not run while perft counted"


def test_random_games_of_every_variant_keep_keys_and_fens_consistent(rng):
    for variant in damka.VARIANTS:
        board = random_game(damka.Board(variant), rng, 120)
        again = damka.Board(variant, board.fen)
        assert again.key == board.key
        assert again.pieces == board.pieces
        assert again.turn == board.turn
        assert again.fullmove == board.fullmove
