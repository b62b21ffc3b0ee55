#!/usr/bin/env python3
"""An independent, deliberately simple Bashni and Lasca move generator (Python 3, stdlib only).

Written from the rules (docs/rules.md), not from damka's Rust: squares are (file, rank) pairs,
the board is a dict from square to a list of piece letters top first, captures are searched
depth first on copies of the board. It is slow and meant to check damka's move generator
(tests/data/bashni/, tests/data/lasca/).

Rules:
  * a square holds a tower, a list of pieces (w b men, W B kings); it belongs to the side of its
    top piece and moves as that piece would;
  * a jump takes only the top piece of the jumped tower, at once, and puts it under the bottom
    of the capturing tower; the rest of the jumped tower stays, owned by its new top; a jumped
    one-piece tower leaves its square empty at once; the capturer's start square is empty while
    it captures;
  * capture is compulsory, any sequence may be chosen, and a sequence goes on while a capture is
    possible; a move is its landing path, each path one move;
  * Bashni (8x8, 12 men each): men step forward, capture forward and backward; kings fly and
    capture at a distance; a king must land where a further capture is possible if there is such
    a square among its landing squares; a man reaching the far rank mid-capture is crowned and
    goes on as a king;
  * Lasca (7x7, 11 men each): men step and capture forward only; kings step and capture one
    square in all four directions; a man reaching the far rank mid-capture is crowned and the
    move ends.

Usage:
  python3 scripts/reference/towers_reference.py perft bashni|lasca DEPTH [FEN]
  python3 scripts/reference/towers_reference.py moves bashni|lasca FEN
  python3 scripts/reference/towers_reference.py check-rules bashni|lasca tests/data/<game>/rules.txt
  python3 scripts/reference/towers_reference.py random bashni|lasca GAMES SEED PATH-TO-DAMKA
      (plays random games with this generator; at every position damka's legal moves and, after
       every move, damka's position must be the reference's, driven through its protocol)
FEN: `W:a1w,c3wbb,d4Bw` (side to move, then each tower: square and pieces top first); extra
fields such as `:H4` are ignored.
"""

import random
import subprocess
import sys

FILES = "abcdefgh"


class Game:
    def __init__(self, name):
        self.name = name
        if name == "bashni":
            self.size, self.flying, self.backward, self.crown_ends = 8, True, True, False
        elif name == "lasca":
            self.size, self.flying, self.backward, self.crown_ends = 7, False, False, True
        else:
            raise ValueError("unknown game " + name)

    def on_board(self, sq):
        f, r = sq
        return 0 <= f < self.size and 0 <= r < self.size and (f + r) % 2 == 0

    def start(self):
        if self.name == "bashni":
            white_ranks, black_ranks = (0, 1, 2), (5, 6, 7)
        else:
            white_ranks, black_ranks = (0, 1, 2), (4, 5, 6)
        board = {}
        for f in range(self.size):
            for r in range(self.size):
                if self.on_board((f, r)):
                    if r in white_ranks:
                        board[(f, r)] = ["w"]
                    elif r in black_ranks:
                        board[(f, r)] = ["b"]
        return board, "W"

    def far_rank(self, side):
        return self.size - 1 if side == "W" else 0


def owner(stack):
    return "W" if stack[0] in "wW" else "B"


def is_king(piece):
    return piece in "WB"


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def parse_square(text):
    return (FILES.index(text[0]), int(text[1:]) - 1)


def parse_fen(game, text):
    text = "".join(text.split()).rstrip(".")
    fields = text.split(":")
    side = fields[0].upper()
    board = {}
    if len(fields) > 1 and fields[1]:
        for item in fields[1].split(","):
            i = 1
            while i < len(item) and item[i].isdigit():
                i += 1
            sq = parse_square(item[:i])
            assert game.on_board(sq), item
            board[sq] = list(item[i:])
            top = board[sq][0]
            if (top == "w" and sq[1] == game.size - 1) or (top == "b" and sq[1] == 0):
                raise ValueError("a man on top on its far rank: " + item)
    return board, side


def fen(game, board, side):
    squares = sorted(board, key=lambda sq: (sq[1], sq[0]))
    return side + ":" + ",".join(name(sq) + "".join(board[sq]) for sq in squares)


DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def forward_dirs(side):
    return ((1, 1), (-1, 1)) if side == "W" else ((1, -1), (-1, -1))


def add(sq, d, n=1):
    return (sq[0] + d[0] * n, sq[1] + d[1] * n)


def jumps(game, board, at, side, king):
    """Every (over, [landing squares]) for a capturer of `side` at `at` (not on the board)."""
    out = []
    dirs = DIAGONALS if (king or game.backward) else forward_dirs(side)
    for d in dirs:
        if king and game.flying:
            x = add(at, d)
            while game.on_board(x) and x not in board:
                x = add(x, d)
            if not game.on_board(x) or owner(board[x]) == side:
                continue
            landings = []
            y = add(x, d)
            while game.on_board(y) and y not in board:
                landings.append(y)
                y = add(y, d)
            if landings:
                out.append((x, landings))
        else:
            x, y = add(at, d), add(at, d, 2)
            if game.on_board(x) and x in board and owner(board[x]) != side:
                if game.on_board(y) and y not in board:
                    out.append((x, [y]))
    return out


def capture_moves(game, board, side):
    """Every capture path with the board after it."""
    results = []

    def extend(b, at, mover, path):
        king = is_king(mover[0])
        found = jumps(game, b, at, side, king)
        for over, landings in found:
            b2 = dict(b)
            taken = b2[over][0]
            rest = b2[over][1:]
            if rest:
                b2[over] = rest
            else:
                del b2[over]
            carried = mover + [taken]
            if king and game.flying:
                going_on = [l for l in landings if jumps(game, b2, l, side, True)]
                if going_on:
                    landings = going_on
            for land in landings:
                land_on(b2, land, carried, path + [land])
        return bool(found)

    def land_on(b, land, mover, path):
        crowned = not is_king(mover[0]) and land[1] == game.far_rank(side)
        if crowned:
            mover = [mover[0].upper()] + mover[1:]
        if (crowned and game.crown_ends) or not extend(b, land, mover, path):
            after = dict(b)
            after[land] = mover
            results.append((path, after))

    for sq in list(board):
        if owner(board[sq]) != side:
            continue
        b = dict(board)
        mover = b.pop(sq)
        extend(b, sq, mover, [sq])
    return results


def quiet_moves(game, board, side):
    results = []
    for sq, stack in board.items():
        if owner(stack) != side:
            continue
        if is_king(stack[0]):
            for d in DIAGONALS:
                x = add(sq, d)
                while game.on_board(x) and x not in board:
                    results.append(([sq, x], stack))
                    if not game.flying:
                        break
                    x = add(x, d)
        else:
            for d in forward_dirs(side):
                x = add(sq, d)
                if game.on_board(x) and x not in board:
                    moved = list(stack)
                    if x[1] == game.far_rank(side):
                        moved[0] = moved[0].upper()
                    results.append(([sq, x], moved))
    out = []
    for path, moved in results:
        after = dict(board)
        del after[path[0]]
        after[path[1]] = moved
        out.append((path, after))
    return out


def legal_moves(game, board, side):
    """[(text, board after)]"""
    caps = capture_moves(game, board, side)
    if caps:
        return [(":".join(name(s) for s in path), after) for path, after in caps]
    return [("-".join(name(s) for s in path), after) for path, after in quiet_moves(game, board, side)]


def other(side):
    return "B" if side == "W" else "W"


def perft(game, board, side, depth):
    if depth == 0:
        return 1
    moves = legal_moves(game, board, side)
    if depth == 1:
        return len(moves)
    return sum(perft(game, after, other(side), depth - 1) for _, after in moves)


def check_rules(game, path):
    """Checks every block of a rules file: the exact set of legal moves, and `then:` after
    `play:` when given."""
    blocks, block = [], None
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, value = line.split(":", 1)
        value = value.strip()
        if key == "rule":
            block = {"rule": value, "moves": set(), "play": None, "then": None}
            blocks.append(block)
        elif key == "fen":
            block["fen"] = value
        elif key == "move":
            block["moves"].add(value)
        elif key == "moves":
            assert value == "none"
        elif key in ("play", "then"):
            block[key] = value
    failures = 0
    for block in blocks:
        board, side = parse_fen(game, block["fen"])
        moves = legal_moves(game, board, side)
        texts = {t for t, _ in moves}
        if texts != block["moves"]:
            failures += 1
            print("%s: expected %s, generated %s" % (block["rule"], sorted(block["moves"]), sorted(texts)))
        if block["then"] is not None:
            after, to_move = board, side
            if block["play"] is not None:
                matches = [a for t, a in moves if t == block["play"]]
                if len(matches) != 1:
                    failures += 1
                    print("%s: play %s is not one legal move" % (block["rule"], block["play"]))
                    continue
                after, to_move = matches[0], other(side)
            got = fen(game, after, to_move)
            if got != block["then"]:
                failures += 1
                print("%s: after %s expected %s, got %s" % (block["rule"], block["play"], block["then"], got))
    print("%d blocks, %d failures" % (len(blocks), failures))
    return failures == 0


class Damka:
    """damka's UCI-style protocol, one process for many positions."""

    def __init__(self, binary, variant):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.send("setoption name UCI_Variant value " + variant)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def show(self, fen_text, move=None):
        """damka's FEN (placement only) and sorted legal moves after `move` from `fen_text`."""
        self.send("position fen " + fen_text + ("" if move is None else " moves " + move))
        self.send("d")
        placement, moves = None, None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("damka exited")
            line = line.strip()
            if line.startswith("info string error"):
                raise RuntimeError(line)
            if line.startswith("info string Fen: "):
                fields = line[len("info string Fen: "):].split(":")
                placement = ":".join(fields[:2])
            elif line.startswith("info string Legal moves"):
                moves = sorted(line.split("): ", 1)[1].split()) if "): " in line else []
            elif line.startswith("info string Result:"):
                return placement, moves

    def close(self):
        self.send("quit")
        self.proc.wait()


def random_check(game, games, seed, binary):
    """Random games with this generator: at every position damka's legal moves, and after every
    move damka's position, must be the reference's. Pieces are counted after every move."""
    rng = random.Random(seed)
    engine = Damka(binary, game.name)
    positions = 0
    for _ in range(games):
        board, side = game.start()
        placement, theirs = engine.show(fen(game, board, side))
        for _ply in range(300):
            text = fen(game, board, side)
            moves = legal_moves(game, board, side)
            ours = sorted(t for t, _ in moves)
            if placement != text or theirs != ours:
                print("MISMATCH at", text, "damka", placement)
                print("  reference:", ours)
                print("  damka:    ", theirs)
                return False
            positions += 1
            if not moves:
                break
            counts = [sum(p in "wW" for s in board.values() for p in s),
                      sum(p in "bB" for s in board.values() for p in s)]
            move, board = rng.choice(moves)
            side = other(side)
            after = [sum(p in "wW" for s in board.values() for p in s),
                     sum(p in "bB" for s in board.values() for p in s)]
            assert counts == after, "pieces not conserved"
            placement, theirs = engine.show(text, move)
    engine.close()
    print("%d positions agree" % positions)
    return True


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    command, game = argv[1], Game(argv[2])
    if command == "perft":
        board, side = parse_fen(game, argv[4]) if len(argv) > 4 else game.start()
        for depth in range(1, int(argv[3]) + 1):
            print("perft %d %d" % (depth, perft(game, board, side, depth)))
    elif command == "moves":
        board, side = parse_fen(game, argv[3])
        for text in sorted(t for t, _ in legal_moves(game, board, side)):
            print(text)
    elif command == "after":
        board, side = parse_fen(game, argv[3])
        for text, after in sorted(legal_moves(game, board, side), key=lambda m: m[0]):
            print(text, fen(game, after, other(side)))
    elif command == "check-rules":
        return 0 if check_rules(game, argv[3]) else 1
    elif command == "random":
        return 0 if random_check(game, int(argv[3]), int(argv[4]), argv[5]) else 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
