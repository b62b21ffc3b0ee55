"""The engine in-process: limits, MultiPV, lines, stopping from another thread, options, the
endgame databases, and complete games between two damka engines."""

import threading
import time

import pytest

import damka


@pytest.fixture(scope="module")
def engine():
    return damka.Engine("russian", hash_mb=8)


def test_a_depth_search(engine):
    board = damka.Board("russian")
    result = engine.search(board, depth=6)
    assert result.move in board.legal_moves
    assert result.depth == 6 and result.nodes > 0 and result.time >= 0
    assert result.mate is None and isinstance(result.score, int)
    assert result.ponder is not None
    (line,) = result.lines
    assert line.multipv == 1 and line.depth == 6 and line.pv[0] == result.move
    assert repr(result).startswith("<SearchResult move ")
    # The board is not changed by a search.
    assert board.ply == 0


def test_multipv_gives_distinct_lines(engine):
    board = damka.Board("russian")
    result = engine.search(board, depth=5, multipv=3)
    assert [line.multipv for line in result.lines] == [1, 2, 3]
    firsts = [line.pv[0] for line in result.lines]
    assert len(set(firsts)) == 3 and firsts[0] == result.move
    assert all(first in board.legal_moves for first in firsts)
    scores = [line.score for line in result.lines]
    assert scores == sorted(scores, reverse=True)
    # The option stays what it was set to until a search asks for another.
    assert engine.option("MultiPV") == "3"
    assert len(engine.search(board, depth=3, multipv=1).lines) == 1


def test_the_lines_are_playable_moves(engine):
    board = damka.Board("international")
    result = engine.search(board, depth=6)
    line = result.lines[0]
    replay = board.copy()
    for move in line.pv:
        replay.push(move)
    assert engine.variant == "international"


def test_nodes_and_movetime_limits(engine):
    board = damka.Board("russian")
    assert engine.search(board, nodes=5000).nodes < 50_000
    start = time.perf_counter()
    result = engine.search(board, movetime=0.2)
    assert time.perf_counter() - start < 2.0
    assert result.move in board.legal_moves
    clock = engine.search(board, wtime=1.0, btime=1.0, winc=0.01, binc=0.01)
    assert clock.move in board.legal_moves
    with pytest.raises(ValueError, match="seconds"):
        engine.search(board, movetime=-1)


def test_searchmoves_restrict_the_root(engine):
    board = damka.Board("russian")
    result = engine.search(board, depth=4, searchmoves=["a3-b4", board.parse_move("g3-h4")])
    assert result.move.text in ("a3-b4", "g3-h4")
    with pytest.raises(damka.MoveError):
        engine.search(board, depth=4, searchmoves=["a3-a4"])


def test_a_forced_win_is_a_mate_score(engine):
    result = engine.search(damka.Board("russian", "W:Wc3:Bd4"), depth=5)
    assert result.move.text == "c3:e5"
    assert result.mate == 1 and result.score > 29_000
    lost = engine.search(damka.Board("russian", "W:Wa1:Bc3"), depth=5)
    assert lost.move.text == "a1-b2" and lost.mate == -1


def test_no_legal_move_gives_no_move(engine):
    board = damka.Board("russian", "W:Wa1:Bb2,c3")
    result = engine.search(board, depth=3)
    assert result.move is None and result.ponder is None
    # Without a limit too: nothing to wait for.
    assert engine.search(board).move is None


def test_on_info_hears_every_depth(engine):
    depths = []
    engine.search(damka.Board("russian"), depth=5, on_info=lambda line: depths.append(line.depth))
    assert depths == [1, 2, 3, 4, 5]

    def fail(line):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        engine.search(damka.Board("russian"), depth=20, on_info=fail)


def test_stop_from_another_thread_ends_an_unlimited_search(engine):
    board = damka.Board("russian")
    found = {}
    thread = threading.Thread(
        target=lambda: found.setdefault("result", engine.search(board)), daemon=True)
    start = time.perf_counter()
    thread.start()
    ticks = 0
    while time.perf_counter() - start < 0.3:
        ticks += 1  # the search runs without the GIL: this thread runs meanwhile
    engine.stop()
    thread.join(10)
    assert not thread.is_alive(), "stop() did not end the search"
    assert found["result"].move in board.legal_moves
    assert ticks > 1000
    # A stop when nothing runs does not cut the next search short.
    engine.stop()
    assert engine.search(board, depth=4).depth == 4


def test_a_stop_as_soon_as_the_search_reports_ends_it(engine):
    board = damka.Board("russian")
    for _ in range(3):
        started = threading.Event()
        thread = threading.Thread(
            target=engine.search, args=(board,), kwargs={"on_info": lambda line: started.set()},
            daemon=True)
        thread.start()
        assert started.wait(10)
        engine.stop()
        thread.join(10)
        assert not thread.is_alive()


def test_two_engines_search_at_once():
    boards = [damka.Board("russian"), damka.Board("bashni")]
    engines = [damka.Engine("russian"), damka.Engine("bashni")]
    results = [None, None]

    def run(i):
        results[i] = engines[i].search(boards[i], depth=6)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert all(r is not None and r.move in b.legal_moves for r, b in zip(results, boards))


def test_options():
    engine = damka.Engine("turkish", threads=2, hash_mb=4, options={"Move Overhead": 5})
    assert engine.option("Threads") == "2" and engine.option("hash") == "4"
    assert engine.options["Move Overhead"] == "5"
    engine.set_option("Draw Repetition", False)
    assert engine.option("Draw Repetition") == "false"
    engine.new_game()
    assert engine.option("Nothing") is None
    with pytest.raises(damka.OptionError, match="unknown option 'Nothing'"):
        engine.set_option("Nothing", 1)
    with pytest.raises(damka.OptionError, match="between 1 and"):
        engine.set_option("Hash", 0)
    with pytest.raises(damka.OptionError):
        damka.Engine(options={"Threads": "many"})
    with pytest.raises(damka.VariantError):
        damka.Engine("chess")
    with pytest.raises(damka.OptionError):
        damka.Engine("russian", house="3x3")
    assert "turkish" in repr(engine)


def test_the_board_decides_the_game_house_and_draw_rules():
    engine = damka.Engine("russian")
    board = damka.Board("ugolki", house="triangle")
    result = engine.search(board, depth=3)
    assert result.move in board.legal_moves
    assert engine.option("UgolkiHouse") == "triangle"
    plain = damka.Board("ugolki")
    assert engine.search(plain, depth=3).move in plain.legal_moves
    assert engine.option("UgolkiHouse") == "3x3"
    engine.search(damka.Board("russian", draw_rules={"Draw Repetition": False}), depth=2)
    assert engine.option("Draw Repetition") == "false"


def test_endgame_databases(tmp_path):
    assert damka.generate_egdb(tmp_path, 3) == 16
    egdb = damka.EndgameDatabase(tmp_path, 3)
    assert egdb.pieces == 3 and "up to 3 pieces" in repr(egdb)
    board = damka.Board("russian", "W:WKc1,Ke1:Bh6")
    probe = egdb.probe(board)
    assert probe.value == "win" and probe.distance == 2
    assert "c1-d2" in [m.text for m in probe.best_moves]
    assert egdb.score(board) == 20_000 - 2
    assert egdb.probe(damka.Board("russian")) is None
    assert egdb.probe(damka.Board("russian", "W:WKc1:BKf8")).value == "draw"
    with pytest.raises(damka.VariantError):
        egdb.probe(damka.Board("international"))
    with pytest.raises(damka.EgdbError, match="not found"):
        damka.EndgameDatabase(tmp_path / "none", 3)
    with pytest.raises(damka.EgdbError):
        damka.generate_egdb(tmp_path, 9)
    engine = damka.Engine("russian", egdb_path=tmp_path, egdb_pieces=3)
    result = engine.search(board, depth=4)
    assert result.move in probe.best_moves
    assert result.score >= 19_000 and result.warnings == []
    with pytest.raises(damka.EgdbError):
        damka.Engine("russian", egdb_path=tmp_path / "none")


def test_endgame_databases_of_international_and_the_other_draughts_games(tmp_path):
    assert damka.generate_egdb(tmp_path, 3, variant="international") == 16
    egdb = damka.EndgameDatabase(tmp_path, 3, variant="international")
    assert egdb.variant == "international"
    board = damka.Board("international", "W:WK46,K1:B30")
    probe = egdb.probe(board)
    assert probe.value == "win" and probe.distance == 2
    assert egdb.score(board) == 20_000 - 2
    # A side to move without a move has lost.
    blocked = egdb.probe(damka.Board("international", "W:W46:B41,37"))
    assert blocked.value == "loss" and blocked.distance == 0 and blocked.best_moves == []
    with pytest.raises(damka.VariantError):
        egdb.probe(damka.Board("russian"))
    with pytest.raises(damka.VariantError):
        damka.EndgameDatabase(tmp_path, 3, variant="turkish")
    with pytest.raises(damka.VariantError):
        damka.generate_egdb(tmp_path, 3, variant="bashni")
    # The sets of several games share a directory.
    assert damka.generate_egdb(tmp_path, 3, variant="giveaway") == 16
    giveaway = damka.EndgameDatabase(tmp_path, 3, variant="giveaway")
    # In giveaway the side that cannot move wins.
    stuck = giveaway.probe(damka.Board("giveaway", "W:Wa1:Bb2,c3"))
    assert stuck.value == "win" and stuck.distance == 0
    engine = damka.Engine("international", egdb_path=tmp_path, egdb_pieces=3)
    result = engine.search(board, depth=3)
    assert result.move in probe.best_moves
    assert result.score >= 19_000 and result.warnings == []


def play_out(white, black, board, max_plies, **limits):
    """Plays a game between two engines to its end; returns the board."""
    for _ in range(max_plies):
        if board.is_game_over():
            break
        engine = white if board.turn == damka.WHITE else black
        result = engine.search(board, **limits)
        assert result.move in board.legal_moves
        board.push(result.move)
    return board


def test_a_complete_game_between_two_engines():
    white = damka.Engine("russian", hash_mb=8)
    black = damka.Engine("russian", hash_mb=8)
    board = play_out(white, black, damka.Board("russian"), 400, depth=4)
    outcome = board.outcome()
    assert outcome is not None, f"the game did not end in 400 plies: {board.fen}"
    # The game reads back from its PDN to the same end.
    (game,) = damka.read_pdn(board.pdn({"White": "damka", "Black": "damka"}))
    assert game.result == board.result() and game.board().fen == board.fen
    print(f"russian engine game: {outcome} after {board.ply} plies")


@pytest.mark.parametrize("variant", ["international", "bashni", "ugolki", "turkish"])
def test_complete_games_of_other_variants(variant):
    white, black = damka.Engine(variant, hash_mb=4), damka.Engine(variant, hash_mb=4)
    board = play_out(white, black, damka.Board(variant), 600, nodes=1500)
    assert board.is_game_over(), f"{variant}: unfinished after {board.ply} plies"
    print(f"{variant} engine game: {board.outcome()} after {board.ply} plies")
