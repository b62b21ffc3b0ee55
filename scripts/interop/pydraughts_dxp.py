#!/usr/bin/env python3
"""Complete International draughts games between `damka dxp --listen` and pydraughts'
DXPEngine (pydraughts initiates, damka follows), pydraughts refereeing every move.

Run it through `scripts/interop/pydraughts_game.sh --dxp`, which builds damka and installs pydraughts
into a virtual environment. In each game a seeded random mover plays against damka through
DXPEngine, damka White in odd games and Black in even ones. The script fails (exit status 1)
if damka refuses a game, sends a move pydraughts does not accept, or does not answer.
"""

import argparse
import logging
import random
import subprocess
import sys

from draughts import BLACK, Board, WHITE
from draughts.engine import DXPEngine


class Failure(Exception):
    """Something a referee must not let pass."""


def play_game(port: int, damka_white: bool, seed: int, max_plies: int) -> str:
    """One game over a fresh DXP connection; returns the result as pydraughts sees it."""
    board = Board("standard")
    engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port,
                              "initial-time": 600})
    mover = random.Random(seed)
    damka_turn = WHITE if damka_white else BLACK
    try:
        while not board.is_over():
            if len(board.move_stack) >= max_plies:
                return f"unfinished after {max_plies} plies"
            if board.turn == damka_turn:
                result = engine.play(board)
                move = result.move
                if move is None:
                    raise Failure(f"damka gave no move after {len(board.move_stack)} plies")
                legal = {m.pdn_move for m in board.legal_moves()}
                if move.pdn_move not in legal:
                    raise Failure(f"damka played {move.pdn_move}, which pydraughts finds illegal")
                who = "damka"
            else:
                move = mover.choice(board.legal_moves())
                who = "random"
            ply = len(board.move_stack)
            number = f"{ply // 2 + 1}." if ply % 2 == 0 else f"{ply // 2 + 1}..."
            print(f"{number:>5} {move.pdn_move:<20} {who}")
            board.push(move)
        if engine.id.get("name", "") and not engine.id["name"].startswith("damka"):
            raise Failure(f"unexpected follower name {engine.id['name']!r}")
        winner = board.winner()
        plies = len(board.move_stack)
        if winner == 0:
            return f"draw after {plies} plies"
        damka_won = (winner == WHITE) == damka_white
        return f"{'damka' if damka_won else 'the random mover'} wins after {plies} plies"
    finally:
        engine.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="path to the damka binary")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--depth", type=int, default=4, help="damka's search depth per move")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--debug", action="store_true", help="log pydraughts' DXP messages")
    args = parser.parse_args()
    if args.debug:
        logging.basicConfig(level=logging.DEBUG)
    follower = subprocess.Popen(
        [args.engine, "dxp", "--listen", "0", "--depth", str(args.depth)],
        stdout=subprocess.PIPE, text=True)
    failures = 0
    try:
        line = follower.stdout.readline().strip()
        port = int(line.rsplit(":", 1)[1])
        print(f"damka follows on port {port}")
        for game in range(args.games):
            damka_white = game % 2 == 0
            print(f"\n=== game {game + 1}: damka {'White' if damka_white else 'Black'} ===")
            try:
                print("Result:", play_game(port, damka_white, args.seed + game, args.max_plies))
            except Failure as failure:
                failures += 1
                print(f"FAILED: {failure}")
        if follower.poll() is not None:
            print("FAILED: damka dxp exited")
            failures += 1
    finally:
        follower.kill()
        follower.wait()
        follower.stdout.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
