#!/usr/bin/env python3
"""An independent, deliberately simple Turkish dama move generator (Python 3, stdlib only).

Written from the rules, not from damka's Rust: squares are (file, rank) pairs, the board is a
dict, captures are searched depth first. It is slow and meant to check damka's move generator
(tests/data/turkish/rules.txt and *.perft).

Rules:
  * all 64 squares; White men start on ranks 2-3 and move up, Black on ranks 6-7 and move down;
  * a man steps one square forward or sideways (never backward) and captures the same way,
    jumping an adjacent enemy piece to the empty square right behind it;
  * a king moves any distance along a rank or file; it captures at a distance, passing empty
    squares up to the enemy piece and landing on any empty square beyond it (before the next
    piece); between two captures of one sequence it may not turn 180 degrees;
  * captured pieces leave the board at once (their squares may be crossed or landed on later in
    the same sequence); the moving piece's start square is empty during its capture;
  * capturing is compulsory and only sequences taking the most pieces are legal (kings and men
    count alike);
  * a man is crowned only when its move ends on its last rank; reaching it mid-capture it goes
    on capturing as a man;
  * a move is (from, to, set of captured squares), each distinct one once.

Usage:
  python3 scripts/reference/turkish_reference.py perft FEN DEPTH
  python3 scripts/reference/turkish_reference.py divide FEN DEPTH
  python3 scripts/reference/turkish_reference.py moves FEN
  python3 scripts/reference/turkish_reference.py check-rules tests/data/turkish/rules.txt
FEN: `W:Wa2,Kd4:Bh7,Ke5` (side to move, then each side's squares, K marks a king); extra fields
such as `:H12` are ignored.
"""

import sys

FILES = "abcdefgh"
WHITE, BLACK = "W", "B"
UP, DOWN, LEFT, RIGHT = (0, 1), (0, -1), (-1, 0), (1, 0)
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)


def name(square):
    file, rank = square
    return FILES[file] + str(rank + 1)


def parse_square(text):
    text = text.strip()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError("bad square " + repr(text))
    return (FILES.index(text[0]), int(text[1]) - 1)


def number(square):
    """damka's Board::number on the full board: a8 = 1, h8 = 8, ..., a1 = 57, h1 = 64."""
    file, rank = square
    return (7 - rank) * 8 + file + 1


def on_board(square):
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def step(square, direction):
    return (square[0] + direction[0], square[1] + direction[1])


def opponent(side):
    return BLACK if side == WHITE else WHITE


def forward(side):
    return UP if side == WHITE else DOWN


def last_rank(side):
    return 7 if side == WHITE else 0


class Position:
    """board: {square: (side, is_king)}; side: the side to move."""

    def __init__(self, board, side):
        self.board = board
        self.side = side


def parse_fen(fen):
    fields = fen.strip().split(":")
    side = fields[0].strip().upper()
    if side not in (WHITE, BLACK):
        raise ValueError("bad side to move in " + repr(fen))
    board = {}
    for field in fields[1:]:
        field = field.strip()
        if not field or field[0] not in (WHITE, BLACK):
            continue  # counters such as H12
        colour = field[0]
        for item in field[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0] == "K"
            square = parse_square(item[1:] if king else item)
            if square in board:
                raise ValueError("square twice: " + name(square))
            if not king and square[1] == last_rank(colour):
                raise ValueError("man on its last rank: " + name(square))
            board[square] = (colour, king)
    return Position(board, side)


# ---------------------------------------------------------------------------------------------
# Move generation. A move is a tuple (from, to, frozenset of captured squares).


def man_captures(board, side, square, captured, start, out):
    """Extends a man's capture from `square`; `board` already lacks the captured pieces and the
    moving man. Records (start, end, captured) at the end of every sequence."""
    extended = False
    for direction in (forward(side), LEFT, RIGHT):
        over = step(square, direction)
        land = step(over, direction)
        if not on_board(land):
            continue
        piece = board.get(over)
        if piece is None or piece[0] == side or land in board:
            continue
        extended = True
        del board[over]
        man_captures(board, side, land, captured | {over}, start, out)
        board[over] = piece
    if not extended and captured:
        out.add((start, square, frozenset(captured)))


def king_captures(board, side, square, last_direction, captured, start, out):
    """Extends a king's capture from `square`; `last_direction` is the direction of the previous
    capture (None at the start), whose reverse is forbidden."""
    extended = False
    for direction in DIRECTIONS:
        if last_direction is not None and direction == (-last_direction[0], -last_direction[1]):
            continue
        over = step(square, direction)
        while on_board(over) and over not in board:
            over = step(over, direction)
        if not on_board(over) or board[over][0] == side:
            continue
        land = step(over, direction)
        piece = board[over]
        del board[over]
        while on_board(land) and land not in board:
            extended = True
            king_captures(board, side, land, direction, captured | {over}, start, out)
            land = step(land, direction)
        board[over] = piece
    if not extended and captured:
        out.add((start, square, frozenset(captured)))


def legal_moves(pos):
    side = pos.side
    captures = set()
    for square, (colour, king) in list(pos.board.items()):
        if colour != side:
            continue
        board = dict(pos.board)
        del board[square]  # the start square is empty during the capture
        if king:
            king_captures(board, side, square, None, frozenset(), square, captures)
        else:
            man_captures(board, side, square, frozenset(), square, captures)
    if captures:
        most = max(len(c) for (_, _, c) in captures)
        return sorted((m for m in captures if len(m[2]) == most), key=move_text)
    quiets = []
    for square, (colour, king) in pos.board.items():
        if colour != side:
            continue
        if king:
            for direction in DIRECTIONS:
                to = step(square, direction)
                while on_board(to) and to not in pos.board:
                    quiets.append((square, to, frozenset()))
                    to = step(to, direction)
        else:
            for direction in (forward(side), LEFT, RIGHT):
                to = step(square, direction)
                if on_board(to) and to not in pos.board:
                    quiets.append((square, to, frozenset()))
    return sorted(quiets, key=move_text)


def play(pos, move):
    start, end, captured = move
    board = dict(pos.board)
    colour, king = board.pop(start)
    for square in captured:
        del board[square]
    if not king and end[1] == last_rank(colour):
        king = True
    board[end] = (colour, king)
    return Position(board, opponent(pos.side))


def perft(fen, depth):
    """The number of leaves of the move tree of `fen` (a FEN string or a Position) at `depth`."""
    pos = parse_fen(fen) if isinstance(fen, str) else fen
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def move_text(move):
    """`d3-d4` or `d4xd8 d6,d7`-style text: captured squares ordered by damka's Board::number."""
    start, end, captured = move
    if not captured:
        return name(start) + "-" + name(end)
    squares = ",".join(name(s) for s in sorted(captured, key=number))
    return name(start) + "x" + name(end) + " " + squares


def fen(pos):
    """The FEN of `pos`, squares file by file, `K` before a king."""
    fields = [pos.side]
    for colour in (WHITE, BLACK):
        squares = sorted(s for s in pos.board if pos.board[s][0] == colour)
        items = [("K" if pos.board[s][1] else "") + name(s) for s in squares]
        fields.append(colour + ",".join(items))
    return ":".join(fields)


def same_position(fen_a, fen_b):
    a, b = parse_fen(fen_a), parse_fen(fen_b)
    return a.side == b.side and a.board == b.board


def check_rules(path):
    """Re-checks every block of a rules file (tests/data/turkish/rules.txt): its move lines are
    exactly the legal moves, and a `play: <from-to or fromxto>` line followed by `then: <fen>`
    gives the position after that move. Returns the number of failures."""
    blocks = []
    for number_, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "rule":
            blocks.append({"rule": value, "line": number_, "moves": set(), "after": []})
        elif key == "fen":
            blocks[-1]["fen"] = value
        elif key == "move":
            blocks[-1]["moves"].add(value)
        elif key == "moves":
            assert value == "none", line
        elif key == "play":
            blocks[-1]["play"] = value
        elif key == "then":
            blocks[-1]["after"].append((blocks[-1].pop("play"), value))
        else:
            raise ValueError("%s:%d: unknown key %s" % (path, number_, key))
    failures = 0
    for block in blocks:
        pos = parse_fen(block["fen"])
        moves = {move_text(m): m for m in legal_moves(pos)}
        problems = []
        if set(moves) != block["moves"]:
            problems.append("expected %s, reference %s" % (sorted(block["moves"]), sorted(moves)))
        for given, after in block["after"]:
            named = [m for m in moves if m == given or m.startswith(given + " ")]
            move = named[0] if len(named) == 1 else given
            if move not in moves:
                problems.append("after: %s is not a legal move" % move)
            elif not same_position(fen(play(pos, moves[move])), after):
                problems.append("after %s: expected %s, reference %s"
                                % (move, after, fen(play(pos, moves[move]))))
        for problem in problems:
            failures += 1
            print("%s (line %d): %s" % (block["rule"], block["line"], problem))
    print("%d blocks, %d failures" % (len(blocks), failures))
    return failures


def main(argv):
    if len(argv) == 3 and argv[0] == "perft":
        print(perft(argv[1], int(argv[2])))
    elif len(argv) == 3 and argv[0] == "divide":
        pos = parse_fen(argv[1])
        total = 0
        for move in legal_moves(pos):
            count = perft(play(pos, move), int(argv[2]) - 1)
            total += count
            print(move_text(move) + ": " + str(count))
        print("total " + str(total))
    elif len(argv) == 2 and argv[0] == "moves":
        moves = sorted(move_text(m) for m in legal_moves(parse_fen(argv[1])))
        print("\n".join(moves) if moves else "none")
    elif len(argv) == 2 and argv[0] == "check-rules":
        return 1 if check_rules(argv[1]) else 0
    else:
        print(__doc__.split("Usage:")[1].split("FEN:")[0].rstrip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
