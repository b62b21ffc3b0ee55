"""PDN read and write: damka's own games of every variant back and forth, the match runner's
tags, lidraughts' GameType numbers and numbered moves, and the errors."""

import pytest

import damka
from conftest import random_game


@pytest.mark.parametrize("variant", damka.VARIANTS)
def test_a_game_of_every_variant_round_trips(variant, rng):
    board = random_game(damka.Board(variant), rng, 80)
    text = board.pdn({"White": "one", "Black": "two", "Round": 3})
    (game,) = damka.read_pdn(text)
    assert game.variant == variant
    assert game.tag("White") == "one" and game.tags["Round"] == "3"
    assert game.result == board.result()
    assert len(game) == board.ply
    again = game.board()
    assert again.fen == board.fen
    assert again.move_stack == board.move_stack
    assert game.board(ply=0).fen == board.start_fen
    assert game.pdn() == text


def test_games_from_a_position_carry_their_fen():
    board = damka.Board("russian", "B:WKa1,c3:Bh8,f6:H0:F7")
    board.push("f6-e5")
    text = board.pdn()
    assert '[SetUp "1"]' in text and '[FEN "B:WKa1,c3:Bf6,h8:H0:F7"]' in text
    assert "7... f6-e5" in text
    (game,) = damka.read_pdn(text)
    assert game.start_fen == "B:WKa1,c3:Bf6,h8:H0:F7"
    assert game.board().fen == board.fen


def test_an_ugolki_house_is_kept():
    board = damka.Board("ugolki", house="triangle")
    board.push(board.legal_moves[0])
    (game,) = damka.read_pdn(board.pdn())
    assert game.board().house == "triangle"
    assert game.board().fen == board.fen


def test_games_needing_a_variant_tag_get_one():
    for variant, number in [("giveaway", "25"), ("fuk", "25"), ("bashni", "25"), ("lasca", "25"),
                            ("russian", "25"), ("international", "20"), ("brazilian", "26")]:
        (game,) = damka.read_pdn(damka.Board(variant).pdn())
        assert game.tag("GameType") == number
        assert (game.tag("Variant") == variant) == (variant not in ("russian", "international", "brazilian"))


def test_several_games_and_what_the_match_runner_writes():
    russian = damka.Board("russian")
    russian.push("c3-d4")
    giveaway = damka.Board("giveaway")
    giveaway.push("c3-d4")
    (giveaway_game,) = damka.read_pdn(giveaway.pdn({"Event": "match"}))
    text = damka.write_pdn([russian, giveaway_game])
    # A game as `damka match` writes it (src/matchplay/runner.rs).
    text += (
        '[Event "damka match"]\n[Site "?"]\n[Date "2024.06.01"]\n[Round "1"]\n'
        '[White "a"]\n[Black "b"]\n[Result "0-2"]\n[GameType "25"]\n[Variant "giveaway"]\n'
        '[SetUp "1"]\n[FEN "W:Wa1:Bb2,c3:H0:F1"]\n[TimeControl "10+0.1"]\n'
        '[Termination "no legal move"]\n\n0-2\n\n'
    )
    games = damka.read_pdn(text)
    assert [g.variant for g in games] == ["russian", "giveaway", "giveaway"]
    assert games[1].tag("Event") == "match"
    last = games[2].board()
    assert last.is_game_over() and last.outcome().winner == "white"
    assert "no legal move" in repr(games[2]) or games[2].result == "0-2"


def test_lidraughts_game_types_and_numbered_moves():
    text = """[Event "Casual"]
[GameType "20,W,10,10,N2,0"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 *

[Event "Rated Russian game"]
[GameType "25"]
[Result "*"]

1. 22-18 11-15 2. 18x11 8x15 *

[Event "Brazilian"]
[GameType "26"]
[Variant "Brazilian"]

1. c3-d4 f6-g5 *
"""
    international, russian, brazilian = damka.read_pdn(text)
    assert international.variant == "international"
    assert international.board().move_stack[-1].text == "14x23"
    assert russian.variant == "russian"
    # lidraughts numbers the 8x8 board (1 = b8): 22-18 is c3-d4.
    assert [m.text for m in russian.board().move_stack] == ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    assert brazilian.variant == "brazilian"
    assert brazilian.board().ply == 2


def test_an_unknown_game_type_is_a_variant_error():
    (frisian,) = damka.read_pdn('[GameType "40"]\n\n1. 32-28 *\n')
    with pytest.raises(damka.VariantError, match='GameType "40" is not a game damka plays'):
        frisian.variant
    with pytest.raises(damka.VariantError):
        frisian.board()
    (untagged,) = damka.read_pdn("1. 32-28 *\n")
    assert untagged.variant == "international"
    (forced,) = damka.read_pdn('[GameType "40"]\n\n1. c3-d4 *\n', variant="russian")
    assert forced.board().ply == 1


def test_unreadable_pdn_and_unplayable_games():
    with pytest.raises(damka.PdnError, match="PDN line 2: 'hello' is not a move"):
        damka.read_pdn('[Event "a"]\n1. c3-d4 hello 2-0\n')
    with pytest.raises(damka.PdnError, match="never closed"):
        damka.read_pdn("1. c3-d4 {open")
    (game,) = damka.read_pdn('[GameType "25"]\n\n1. c3-d4 f6-e5 2. d4-c5 *\n')
    with pytest.raises(damka.PdnError, match=r"move 3 \(d4-c5\): illegal move"):
        game.board()
    assert game.board(ply=2).ply == 2
    with pytest.raises(IndexError):
        game.board(ply=9)
    (bad_fen,) = damka.read_pdn('[GameType "25"]\n[FEN "W:Wz9"]\n\n*\n')
    with pytest.raises(damka.PdnError, match="FEN tag"):
        bad_fen.board()


def test_files(tmp_path):
    board = damka.Board("lasca")
    board.push(board.legal_moves[0])
    path = tmp_path / "games.pdn"
    path.write_text(damka.write_pdn([board, board]), encoding="utf-8")
    games = damka.read_pdn_file(path)
    assert len(games) == 2 and all(g.board().fen == board.fen for g in games)
    assert len(damka.read_pdn_file(str(path))) == 2
    with pytest.raises(FileNotFoundError):
        damka.read_pdn_file(tmp_path / "missing.pdn")
    with pytest.raises(TypeError):
        damka.write_pdn(["not a game"])
