"""Results and draw rules at their boundary ply, as the Rust tests check them through the
binary: the cases of every tests/data/<game>/draws.txt, the Russian rules of
tests/damka/common/draw_cases.rs, the threefold repetition of a whole game from the start, and
the games won by a side left without a move."""

import pytest

import damka
from conftest import DATA, count, read_draw_cases, status

GAMES_WITH_DRAW_DATA = sorted(p.parent.name for p in DATA.glob("*/draws.txt"))


def board_after(variant, case, plies, extra=None):
    rules = dict(case["settings"])
    rules.update(extra or {})
    board = damka.Board(variant, case["fen"], draw_rules=rules)
    for move in case["moves"][:plies]:
        board.push(move)
    return board


@pytest.mark.parametrize("variant", GAMES_WITH_DRAW_DATA)
def test_data_file_cases_end_exactly_at_their_boundary(variant):
    cases = read_draw_cases(DATA / variant / "draws.txt")
    assert cases
    for case in cases:
        n = len(case["moves"])
        assert status(board_after(variant, case, n - 1)) == "ongoing", f"{case['name']}: one ply before"
        at = board_after(variant, case, n)
        assert status(at) == case["result"], f"{case['name']}: at the boundary"
        assert at.is_game_over()
        if case["option"] != "none":
            off = board_after(variant, case, n, {case["option"]: False})
            assert status(off) == "ongoing", f"{case['name']}: {case['option']} off"
    count(f"draw cases checked ({variant})", len(cases))


def shuffle_with(white, black, plies, overrides=()):
    """tests/damka/common/draw_cases.rs's shuffle: two kings step back and forth between two
    squares each, with (1-based ply, move) replacing the shuffle at some plies."""
    at = [white[0], black[0]]
    homes = [white, black]
    overrides = dict(overrides)
    moves = []
    for ply in range(1, plies + 1):
        side = (ply + 1) % 2
        if ply in overrides:
            moves.append(overrides[ply])
            continue
        a, b = homes[side]
        to = b if at[side] == a else a
        moves.append(f"{at[side]}-{to}")
        at[side] = to
    return moves


NO_REPETITION = {"Draw Repetition": False}
MAN_MOVES = [(21, "h2-g3"), (22, "a7-b6"), (41, "g3-h4"), (42, "b6-a5")]

#: The Russian rules, as tests/damka/common/draw_cases.rs gives them: (name, FEN, moves ending
#: on the boundary ply, result there, draw rules set first, the rule that switches it off).
RUSSIAN_DRAWS = [
    ("threefold repetition", "W:WKc1:BKf8", shuffle_with(("c1", "d2"), ("f8", "e7"), 8),
     "draw (threefold repetition)", {}, "Draw Repetition"),
    ("kings only", "W:WKc1,h2:BKf8,a7", shuffle_with(("c1", "d2"), ("f8", "e7"), 30),
     "draw (15 moves with kings only)", NO_REPETITION, "Draw Kings Only"),
    ("three kings", "W:WKc1,Ke1,Kg1:BKa7", shuffle_with(("c1", "d2"), ("a7", "b8"), 29),
     "draw (three kings against one, 15 moves)", NO_REPETITION, "Draw Three Kings"),
    ("main road", "W:WKc1,Ke1,Kg1:BKh8", shuffle_with(("c1", "d2"), ("h8", "g7"), 9),
     "draw (three kings against one on the main road, 5 moves)", NO_REPETITION, "Draw Main Road"),
    ("two against one", "W:WKc1,Ke1:BKa7", shuffle_with(("c1", "d2"), ("a7", "b8"), 19),
     "draw (two pieces against one, 10 moves)", NO_REPETITION, "Draw Two Against One"),
    ("material unchanged", "W:WKc1,h2:BKf8,a7",
     shuffle_with(("c1", "d2"), ("f8", "e7"), 64, MAN_MOVES),
     "draw (material unchanged)", NO_REPETITION, "Draw Material"),
    ("material unchanged, 30-move claim", "W:WKc1,h2:BKf8,a7",
     shuffle_with(("c1", "d2"), ("f8", "e7"), 60, MAN_MOVES),
     "draw (material unchanged)", {**NO_REPETITION, "Draw Material Moves": 30}, "Draw Material"),
    ("fmjd", "W:WKc1,h2:BKf8,a7", shuffle_with(("c1", "d2"), ("f8", "e7"), 60, MAN_MOVES),
     "draw (FMJD endgame limit)", {**NO_REPETITION, "Draw FMJD": True}, "Draw FMJD"),
]

#: A capture or man move just before the boundary resets the counter: still going on.
RUSSIAN_RESETS = [
    ("kings only, man move at ply 29", "W:WKc1,h2:BKf8,a7",
     shuffle_with(("c1", "d2"), ("f8", "e7"), 30, [(29, "h2-g3")]), NO_REPETITION),
    ("three kings, a king lost at ply 28", "W:WKc1,Ke1,Kg1:BKa7",
     shuffle_with(("c1", "d2"), ("a7", "b8"), 29, [(27, "e1-g3"), (28, "b8:h2"), (29, "d2-c1")]),
     NO_REPETITION),
    ("main road, lone king leaves at ply 8", "W:WKc1,Ke1,Kg1:BKh8",
     shuffle_with(("c1", "d2"), ("h8", "g7"), 9, [(8, "g7-f8")]), NO_REPETITION),
    ("two against one, capture at ply 18", "W:WKc1,Ke1:BKa7",
     shuffle_with(("c1", "d2"), ("a7", "b8"), 19, [(17, "e1-f2"), (18, "a7:g1")]), NO_REPETITION),
    ("material unchanged, capture at ply 63", "W:WKc1,h2:BKf8,a7",
     shuffle_with(("c1", "d2"), ("f8", "e7"), 64, MAN_MOVES + [(62, "a5-b4"), (63, "d2:a5")]),
     NO_REPETITION),
    ("fmjd, capture at ply 59", "W:WKc1,h2:BKf8,a7",
     shuffle_with(("c1", "d2"), ("f8", "e7"), 60, MAN_MOVES + [(58, "a5-b4"), (59, "d2:a5")]),
     {**NO_REPETITION, "Draw FMJD": True}),
]


def play(variant, fen, moves, rules):
    board = damka.Board(variant, fen, draw_rules=rules)
    for move in moves:
        board.push(move)
    return board


@pytest.mark.parametrize("case", RUSSIAN_DRAWS, ids=[c[0] for c in RUSSIAN_DRAWS])
def test_russian_rules_draw_exactly_at_their_boundary(case):
    name, fen, moves, result, rules, option = case
    before = play("russian", fen, moves[:-1], rules)
    assert status(before) == "ongoing"
    assert before.result() == "*"
    at = play("russian", fen, moves, rules)
    assert status(at) == result
    assert at.result() == "1-1"
    assert at.outcome().is_draw and at.outcome().winner is None
    assert status(play("russian", fen, moves, {**rules, option: False})) == "ongoing"
    # Taking the last move back takes the draw back too; pushing it again brings it back.
    last = at.pop()
    assert status(at) == "ongoing"
    at.push(last)
    assert status(at) == result
    # Switching the rule off on the board itself.
    at.set_draw_rules({option: False})
    assert status(at) == "ongoing"


@pytest.mark.parametrize("case", RUSSIAN_RESETS, ids=[c[0] for c in RUSSIAN_RESETS])
def test_a_reset_just_before_the_boundary_keeps_the_game_going(case):
    _, fen, moves, rules = case
    assert status(play("russian", fen, moves, rules)) == "ongoing"


#: A whole game from the initial position that ends in threefold repetition on its last ply
#: (tests/damka/common/draw_cases.rs).
STARTPOS_REPETITION = """e3-d4 h6-g5 d4-c5 b6:d4 c3:e5 d6:f4 g3:e5 f6:d4 d2-e3 g7-f6
    e3:c5 c7-b6 c1-d2 b6:d4 d2-e3 b8-c7 e3:c5 c7-b6 e1-d2 b6:d4 d2-e3 d8-c7 e3:c5 c7-b6 h2-g3
    b6:d4 g3-h4 e7-d6 b2-c3 d4:b2 a1:c3 a7-b6 f2-e3 d6-e5 a3-b4 f8-e7 e3-d4 e7-d6 b4-a5 g5-f4
    a5:c7 d6:b8 d4-c5 b8-a7 c3-b4 f4-e3 g1-f2 e3:g1 b4-a5 g1:b6 a5:c7 a7-b6 c7:a5 e5-f4 a5-b6
    f4-e3 b6-c7 e3-d2 c7-b8 d2-e1 b8-h2 e1-d2 h2-b8 d2-b4 b8-g3 b4-a5 g3-d6 a5-c3 d6-c7 h8-g7
    c7-g3 g7-h6 g3-f4 c3-b2 f4-c1 b2-a1 c1-d2 a1-d4 d2-c1 d4-e5 c1-e3 e5-d6 e3-d4 d6-e5 d4-e3
    e5-c7 e3-d4 c7-e5 d4-e3""".split()


def test_threefold_repetition_of_a_whole_game_from_the_start():
    board = damka.Board("russian")
    for move in STARTPOS_REPETITION[:88]:
        board.push(move)
    assert status(board) == "ongoing"
    assert board.repetitions() == 2
    board.push(STARTPOS_REPETITION[88])
    assert status(board) == "draw (threefold repetition)"
    assert board.repetitions() == 3
    assert board.outcome().reason == "threefold repetition"
    off = damka.Board("russian", draw_rules={"Draw Repetition": False})
    for move in STARTPOS_REPETITION:
        off.push(move)
    assert status(off) == "ongoing"


def test_draw_counters_count_to_the_boundary():
    name, fen, moves, result, rules, option = RUSSIAN_DRAWS[1]
    board = damka.Board("russian", fen, draw_rules=rules)
    for i, move in enumerate(moves, 1):
        board.push(move)
        counter = next(c for c in board.draw_counters() if c.name == "15 moves with kings only")
        assert counter.plies == i
        assert counter.left == 30 - i
    off = damka.Board("russian", fen, draw_rules={"Draw Kings Only": False})
    counter = next(c for c in off.draw_counters() if c.name == "15 moves with kings only")
    assert counter.left is None
    assert "15 moves with kings only" in repr(counter)


def test_the_kings_only_counter_of_a_fen_is_read_and_written():
    board = damka.Board("russian", "W:WKc1,h2:BKf8,a7:H20", draw_rules=NO_REPETITION)
    assert ":H20" in board.fen
    moves = shuffle_with(("c1", "d2"), ("f8", "e7"), 10)
    for move in moves[:-1]:
        board.push(move)
    assert status(board) == "ongoing"
    board.push(moves[-1])
    assert status(board) == "draw (15 moves with kings only)"


@pytest.mark.parametrize(
    "variant, fen, winner, reason",
    [
        ("russian", "W:Wa1:Bb2,c3", "black", "the side to move has no legal move"),
        ("russian", "B:Wa1:B", "white", "the side to move has no legal move"),
        ("giveaway", "W:Wa1:Bb2,c3", "white",
         "the side to move has no legal move, which wins this game"),
        ("international", "B:W46:B", "white", "the side to move has no legal move"),
        ("turkish", "W:Wa2:B", "white", None),
        ("bashni", "W:a1w,b2b,c3b", "black", "the side to move has no legal move"),
    ],
)
def test_a_side_without_a_move(variant, fen, winner, reason):
    board = damka.Board(variant, fen)
    if reason is None:
        # White to move with no black piece left: White still has a move, the game goes on
        # until Black is to move.
        assert not board.is_game_over()
        board.push(board.legal_moves[0])
        assert board.outcome().winner == winner
        return
    assert board.legal_moves == [] and board.legal_move_count() == 0
    outcome = board.outcome()
    assert board.is_game_over()
    assert outcome.winner == winner and not outcome.is_draw
    assert outcome.reason == reason
    assert outcome.rule is None
    assert board.result() == ("2-0" if winner == "white" else "0-2")
    assert str(outcome) == f"{winner} wins"


def test_ugolki_names_its_rule():
    case = next(c for c in read_draw_cases(DATA / "ugolki" / "draws.txt") if c["name"].startswith("rule3"))
    board = board_after("ugolki", case, len(case["moves"]))
    outcome = board.outcome()
    assert outcome.winner == "black"
    assert outcome.rule == "rule 3: a piece moved back into its own house"
    assert outcome.reason == outcome.rule
    assert board.result() == "0-2"


def test_a_game_of_every_variant_is_over_exactly_when_the_outcome_says(rng):
    for variant in damka.VARIANTS:
        board = damka.Board(variant)
        for _ in range(400):
            over = board.is_game_over()
            assert over == (board.outcome() is not None) == (board.result() != "*")
            if over or not board.legal_moves:
                break
            board.push(rng.choice(board.legal_moves))
