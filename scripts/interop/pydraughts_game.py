#!/usr/bin/env python3
"""Complete games of Russian checkers or International draughts between damka, driven by
pydraughts' HubEngine (the client lidraughts bots use), and a second player, with pydraughts
refereeing every move.

Run it through scripts/interop/pydraughts_game.sh, which builds damka and installs pydraughts into a
virtual environment. Each game prints its moves and the result pydraughts declares; the script
fails (exit status 1) if damka refuses the variant, ever answers with a move pydraughts does not
accept, or if damka and pydraughts disagree about a side having no move left.

Squares: pydraughts speaks Hub to damka with the board in PDN order (1 = b8 on 8x8, 1 = b10 on
10x10). Russian moves use the Russian numbering (1 = a1, 2 = c1, ... 32 = h8) and are printed
here algebraically; International moves use the PDN numbers and are printed as they are.
"""

import argparse
import random
import sys
import time

import draughts
from draughts import Board, WHITE, BLACK
from draughts.engine import HubEngine, Limit


# Per --variant: pydraughts' name for the game, the name damka lists in its `variant` param,
# and the name sent in `set-param name=variant` unless --hub-variant says otherwise (what a
# lidraughts bot sends: lidraughts' key for the game, which pydraughts also uses).
VARIANTS = {
    "russian": {"pydraughts": "russian", "listed": "russian", "hub": "russian"},
    "international": {"pydraughts": "standard", "listed": "international", "hub": "standard"},
}


def square_name(number: int) -> str:
    """Algebraic name of a square in the Russian numbering (1 = a1 ... 32 = h8)."""
    rank = (number - 1) // 4
    file = 2 * ((number - 1) % 4) + rank % 2
    return "abcdefgh"[file] + str(rank + 1)


def move_name(move: draughts.Move, variant: str) -> str:
    """A move with every landing square: c3-d4 or c3:e5:c7 in Russian, 32-28 or 28x19x10 in
    International."""
    steps = move.steps_move
    if variant == "russian":
        separator = ":" if move.captures else "-"
        return separator.join(square_name(s) for s in steps)
    separator = "x" if move.captures else "-"
    return separator.join(str(s) for s in steps)


class Failure(Exception):
    """Something a referee must not let pass."""


class DamkaPlayer:
    """damka through pydraughts' HubEngine, with a clock, a depth or a node budget."""

    def __init__(self, path: str, name: str, limit: Limit, threads: int, hash_mib: int,
                 listed: str, hub_variant: str):
        self.name = name
        self.limit = limit
        self.clock_out = False
        self.engine = HubEngine([path, "hub"])
        try:
            if self.engine.id.get("name") != "damka":
                raise Failure(f"{name}: unexpected id {self.engine.id}")
            if listed not in self.engine.variants:
                raise Failure(f"{name}: {listed} not among the variants {self.engine.variants}")
            self.engine.configure({"variant": hub_variant, "threads": threads, "hash": hash_mib})
            self.expect_no_answer(f"set-param name=variant value={hub_variant}")
            self.engine.init()
            self.engine.ping()
        except Failure:
            self.quit()
            raise

    def expect_no_answer(self, what: str) -> None:
        """Fails if damka answered anything (an error line) to the lines sent so far."""
        self.engine.send("ping")
        answers = []
        while True:
            command, arg = self.engine.recv_hub()
            if command == "pong":
                break
            answers.append(f"{command} {arg}")
        if answers:
            raise Failure(f"{self.name}: after {what}: {answers}")

    def describe(self) -> str:
        limit = self.limit
        if limit.time is not None:
            return f"{self.name} (clock {limit.time:g}s + {limit.inc or 0:g}s)"
        if limit.depth is not None:
            return f"{self.name} (depth {limit.depth})"
        return f"{self.name} (nodes {limit.nodes})"

    def choose(self, board: Board) -> draughts.Move:
        start = time.perf_counter()
        try:
            result = self.engine.play(board, self.limit, ponder=False)
        except (KeyError, IndexError, ValueError) as error:
            # pydraughts finds damka's move among the legal ones by its Hub text; a KeyError
            # names the move it could not find.
            raise Failure(f"{self.name}: pydraughts does not accept the answer ({error!r})")
        used = time.perf_counter() - start
        if self.limit.time is not None:
            self.limit.time = self.limit.time - used + (self.limit.inc or 0)
            if self.limit.time < 0:
                self.clock_out = True
        info = result.info or {}
        self.last_note = f"depth {info.get('depth', '?')} score {info.get('score', '?')}"
        if result.move is None:
            raise Failure(f"{self.name} gave no move")
        return result.move

    def sees_no_move(self, board: Board) -> bool:
        """Asks damka directly (Hub lines, since pydraughts' go expects a move) whether the
        side to move has a move left: a bare 'done' means it has none."""
        moves = " ".join(m.hub_move for m in board.move_stack)
        engine = self.engine
        engine.send(f'pos pos={board._game.initial_hub_fen} moves="{moves}"')
        engine.send("level depth=1")
        engine.send("go think")
        while True:
            command, arg = engine.recv_hub()
            if command == "done":
                return arg.strip() == ""

    def quit(self) -> None:
        self.engine.quit()
        self.engine.p.communicate(timeout=30)


class RandomPlayer:
    """Picks a legal move at random (seeded, so games repeat)."""

    def __init__(self, seed: int):
        self.name = "random mover"
        self.random = random.Random(seed)
        self.last_note = ""
        self.clock_out = False

    def describe(self) -> str:
        return self.name

    def choose(self, board: Board) -> draughts.Move:
        return self.random.choice(board.legal_moves())

    def quit(self) -> None:
        pass


def play(white, black, variant: str, max_plies: int) -> str:
    """Plays one game; returns the result as pydraughts declares it."""
    board = Board(VARIANTS[variant]["pydraughts"])
    print(f"White: {white.describe()}\nBlack: {black.describe()}")
    while not board.is_over():
        if len(board.move_stack) >= max_plies:
            return f"unfinished after {max_plies} plies"
        player = white if board.turn == WHITE else black
        move = player.choose(board)
        legal = {(tuple(map(tuple, m.board_move)), tuple(m.captures or [])) for m in board.legal_moves()}
        key = (tuple(map(tuple, move.board_move)), tuple(move.captures or []))
        if key not in legal:
            raise Failure(f"{player.name} played {move.hub_move}, which pydraughts finds illegal")
        ply = len(board.move_stack)
        number = f"{ply // 2 + 1}." if ply % 2 == 0 else f"{ply // 2 + 1}..."
        print(f"{number:>5} {move_name(move, variant):<22} {move.hub_move:<16} {player.last_note}")
        board.push(move)
        if player.clock_out:
            return f"{'black' if player is black else 'white'} lost on time"
    winner = board.winner()
    side_to_move = "white" if board.turn == WHITE else "black"
    plies = len(board.move_stack)
    if winner == 0:
        return f"draw (pydraughts' draw rules) after {plies} plies"
    loser_player = white if board.turn == WHITE else black
    checker = loser_player if isinstance(loser_player, DamkaPlayer) else (
        white if isinstance(white, DamkaPlayer) else black)
    if isinstance(checker, DamkaPlayer) and not checker.sees_no_move(board):
        raise Failure("pydraughts says the side to move is lost, damka still finds a move")
    who = "white" if winner == WHITE else "black"
    return f"{who} wins after {plies} plies ({side_to_move} to move has no legal move; damka agrees)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="path to the damka binary")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="russian",
                        help="the game (international is pydraughts' 'standard')")
    parser.add_argument("--hub-variant",
                        help="the name sent in set-param name=variant (default: russian, or "
                             "standard for international; Scan's name is normal)")
    parser.add_argument("--games", default="clock-vs-depth,random",
                        help="comma-separated games: clock-vs-depth, random")
    parser.add_argument("--time", type=float, default=20.0, help="clock in seconds")
    parser.add_argument("--inc", type=float, default=0.2, help="increment in seconds")
    parser.add_argument("--depth", type=int, default=6, help="depth of the fixed-depth player")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random mover")
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    variant = args.variant
    hub_variant = args.hub_variant or VARIANTS[variant]["hub"]
    listed = VARIANTS[variant]["listed"]
    print(f"pydraughts {draughts.__version__}, {variant} "
          f"(pydraughts '{VARIANTS[variant]['pydraughts']}', set-param variant={hub_variant})")

    def damka(limit: Limit, hash_mib: int) -> DamkaPlayer:
        return DamkaPlayer(args.engine, "damka", limit, 1, hash_mib, listed, hub_variant)

    failures = 0
    for index, game in enumerate(args.games.split(","), 1):
        print(f"\n=== game {index}: {game} ===")
        players = []
        try:
            if game == "clock-vs-depth":
                players = [
                    damka(Limit(time=args.time, inc=args.inc), 32),
                    damka(Limit(depth=args.depth), 16),
                ]
            elif game == "random":
                players = [
                    RandomPlayer(args.seed),
                    damka(Limit(time=args.time, inc=args.inc), 32),
                ]
            else:
                print(f"unknown game '{game}'")
                return 2
            result = play(players[0], players[1], variant, args.max_plies)
            print(f"Result: {result}")
        except Failure as failure:
            failures += 1
            print(f"FAILED: {failure}")
        finally:
            for player in players:
                player.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
