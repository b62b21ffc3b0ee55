"""Reads a PDN file written by `damka match` with pydraughts, an independent implementation of
the rules, and replays every game: each move must be legal for pydraughts, and a game that
damka ended by the rules (no legal move, or a draw rule) must be over for pydraughts too, with
the same winner. Games whose end pydraughts cannot judge (the material-unchanged rule, which it
lacks; draw counters carried in by the FEN) are counted as skipped once their moves replay, and
so are games of a variant pydraughts lacks (giveaway). Russian, Brazilian and International
(pydraughts' "standard") games are checked. Prints one line per game and a summary; exits 1 if
any game disagrees.

Run it through scripts/interop/pdn_check.sh, which installs pydraughts first.
"""

import argparse
import sys

from draughts import Board, Move
from draughts.PDN import PDNReader

# pydraughts' winner(): 2 for White, 1 for Black, 0 for a draw.
WINNER = {"2-0": 2, "0-2": 1, "1-1": 0}
VARIANTS = {"20": "standard", "25": "russian", "26": "brazilian"}
# damka's Variant tag names, as pydraughts calls the games it has.
PYDRAUGHTS_NAMES = {"russian": "russian", "brazilian": "brazilian", "international": "standard"}


def counters_set(fen):
    """True if a FEN carries a draw counter (H, or damka's M, T, R, E, J) above 0: pydraughts
    starts every counter at 0, so it cannot judge a draw that such a counter brought on."""
    for field in (fen or "").split(":")[3:]:
        field = field.strip().rstrip(".")
        if field[:1] in "HMTREJ" and field[1:].isdigit() and int(field[1:]) > 0:
            return True
    return False


def check(game):
    tags = game.tags
    variant = VARIANTS.get(tags.get("GameType", "25").split(",")[0], "russian")
    if tags.get("Variant"):
        if tags["Variant"] not in PYDRAUGHTS_NAMES:
            return None, "pydraughts has no " + tags["Variant"]
        variant = PYDRAUGHTS_NAMES[tags["Variant"]]
    fen = tags.get("FEN")
    moves = list(game.moves)
    # pydraughts 0.6.7's reader repeats the first move of a game that Black starts.
    if fen and fen.startswith("B") and len(moves) > 1 and moves[0] == moves[1]:
        moves = moves[1:]
    board = Board(variant, fen) if fen else Board(variant)
    for index, text in enumerate(moves):
        try:
            board.push(Move(board, pdn_move=text))
        except Exception as error:  # pydraughts raises several kinds on an illegal move
            return False, f"move {index + 1} ({text}) rejected: {error!r}"
    termination = tags.get("Termination", "")
    by_rules = "no legal move" in termination or "draw by rule" in termination
    if not by_rules:
        return True, f"{len(moves)} moves, ended by {termination!r} (not a rules ending)"
    if "draw by rule" in termination and counters_set(fen):
        return None, f"{len(moves)} legal moves; the draw came from the FEN's counters, not checked"
    if "material unchanged" in termination:
        # damka's draw 6 (docs/rules.md) (32 moves without capture or promotion): pydraughts has no such rule.
        return None, f"{len(moves)} legal moves; material-unchanged draw, a rule pydraughts lacks"
    if not board.is_over():
        return False, f"{len(moves)} moves; damka says {termination!r}, pydraughts plays on"
    expected = WINNER.get(tags.get("Result"))
    if board.winner() != expected:
        return False, f"result {tags.get('Result')} but pydraughts' winner is {board.winner()}"
    return True, f"{len(moves)} moves, {tags.get('Result')}, agreed"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("pdn", help="the PDN file")
    args = parser.parse_args()
    games = PDNReader(filename=args.pdn).games
    counts = {True: 0, False: 0, None: 0}
    for game in games:
        ok, text = check(game)
        counts[ok] += 1
        print(f"round {game.tags.get('Round', '?')}: {'ok' if ok else 'SKIP' if ok is None else 'FAIL'} {text}")
    print(f"{counts[True]} passed, {counts[False]} failed, {counts[None]} skipped")
    sys.exit(1 if counts[False] else 0)


if __name__ == "__main__":
    main()
