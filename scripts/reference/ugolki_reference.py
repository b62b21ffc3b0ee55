#!/usr/bin/env python3
"""An independent, deliberately simple Ugolki move generator and referee (Python 3, stdlib only).

Written from the rules in docs/rules.md, not from damka's Rust: squares are (file, rank) pairs,
the board is a dict, jump chains are searched depth first square by square. It is slow and meant
to check damka (tests/data/ugolki*/rules.txt and *.perft).

Rules:
  * all 64 squares; houses `3x3` (White a1..c3), `3x4` (White a1..d3) or `triangle` (White
    a1,b1,c1,d1,a2,b2,c2,a3,b3,a4); Black's house is the point reflection of White's;
  * a move: one piece steps to an adjacent empty square, or jumps over an adjacent piece of
    either colour to the empty square right beyond it, and may go on jumping, stopping after any
    jump; the start square counts as empty during the chain;
  * classic: the four orthogonal directions; diagonal: all eight;
  * a move is (from, to) with from != to; perft counts those;
  * endings (full move number F, plies played = 2 (F - 1) + 1 if Black is to move):
    1. White filled Black's house and Black filled White's: draw; only Black: Black wins; only
       White, White to move: White wins (Black has had its reply); only White, Black to move:
       play on (Black's reply);
    2./3. once 80 plies are played (diagonal: 60), a side with a piece in its own house loses
       (both: draw); rule 2 at exactly that ply, rule 3 after it;
    4. once 160 plies are played, more pieces outside the opponent's house loses (equal: draw);
    5. no legal move loses (checked first).

Usage:
  python3 scripts/reference/ugolki_reference.py perft classic|diagonal FEN DEPTH
  python3 scripts/reference/ugolki_reference.py divide classic|diagonal FEN DEPTH
  python3 scripts/reference/ugolki_reference.py moves classic|diagonal FEN
  python3 scripts/reference/ugolki_reference.py check-rules classic|diagonal tests/data/ugolki/rules.txt
  python3 scripts/reference/ugolki_reference.py fill-rules classic|diagonal FILE   (writes the move lines)
FEN: `W:Wa1,b1:Bh8,g8:Htriangle:F12` (side to move, each side's squares, optional house and
move number).
"""

import sys

FILES = "abcdefgh"
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
ALL_EIGHT = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))
HOUSES = {
    "3x3": [(f, r) for f in range(3) for r in range(3)],
    "3x4": [(f, r) for f in range(4) for r in range(3)],
    "triangle": [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (0, 3)],
}


def name(square):
    return FILES[square[0]] + str(square[1] + 1)


def parse_square(text):
    return (FILES.index(text[0]), int(text[1:]) - 1)


def house_of(house, side):
    white = set(HOUSES[house])
    if side == "W":
        return white
    return {(7 - f, 7 - r) for (f, r) in white}


class Pos:
    def __init__(self, side, board, house, fullmove):
        self.side, self.board, self.house, self.fullmove = side, board, house, fullmove

    def plies(self):
        return 2 * (self.fullmove - 1) + (1 if self.side == "B" else 0)


def parse_fen(text):
    fields = text.replace(" ", "").rstrip(".").split(":")
    side = fields[0].upper()
    board, house, fullmove = {}, "3x3", 1
    for field in fields[1:]:
        tag, rest = field[0].upper(), field[1:]
        if tag in "WB" and (not rest or rest[0].isalpha() or rest == ""):
            for item in filter(None, rest.split(",")):
                board[parse_square(item)] = tag
        elif tag == "H":
            house = rest
        elif tag == "F":
            fullmove = int(rest)
        else:
            raise ValueError("unknown FEN field " + field)
    return Pos(side, board, house, fullmove)


def fen(pos):
    def squares(side):
        return ",".join(name(s) for s in sorted(s for s, v in pos.board.items() if v == side))
    text = "%s:W%s:B%s" % (pos.side, squares("W"), squares("B"))
    if pos.house != "3x3":
        text += ":H" + pos.house
    return text


def on_board(square):
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def legal_moves(pos, directions):
    """Every (from, to) of the side to move, each once."""
    moves = set()
    for start, owner in pos.board.items():
        if owner != pos.side:
            continue
        others = {s for s in pos.board if s != start}
        for df, dr in directions:
            step = (start[0] + df, start[1] + dr)
            if on_board(step) and step not in others:
                moves.add((start, step))
        # Jump chains, depth first, never landing twice on a square within one search.
        seen = {start}
        stack = [start]
        while stack:
            at = stack.pop()
            for df, dr in directions:
                over = (at[0] + df, at[1] + dr)
                land = (at[0] + 2 * df, at[1] + 2 * dr)
                if over in others and on_board(land) and land not in others and land not in seen:
                    seen.add(land)
                    stack.append(land)
        for land in seen:
            if land != start:
                moves.add((start, land))
    return sorted(moves)


def play(pos, move):
    board = dict(pos.board)
    del board[move[0]]
    board[move[1]] = pos.side
    fullmove = pos.fullmove + (1 if pos.side == "B" else 0)
    return Pos("B" if pos.side == "W" else "W", board, pos.house, fullmove)


def perft(pos, depth, directions):
    moves = legal_moves(pos, directions)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1, directions) for m in moves)


def result(pos, directions, diagonal):
    """(outcome, rule number): outcome 'white wins', 'black wins', 'draw' or 'ongoing'."""
    if not legal_moves(pos, directions):
        return ("black wins" if pos.side == "W" else "white wins", 5)
    mine = lambda side: {s for s, v in pos.board.items() if v == side}
    white, black = mine("W"), mine("B")
    white_done = house_of(pos.house, "B") <= white
    black_done = house_of(pos.house, "W") <= black
    if white_done and black_done:
        return ("draw", 1)
    if black_done:
        return ("black wins", 1)
    if white_done and pos.side == "W":
        return ("white wins", 1)
    deadline = 60 if diagonal else 80
    if pos.plies() >= deadline:
        w = bool(white & house_of(pos.house, "W"))
        b = bool(black & house_of(pos.house, "B"))
        rule = 2 if pos.plies() == deadline else 3
        if w and b:
            return ("draw", rule)
        if w:
            return ("black wins", rule)
        if b:
            return ("white wins", rule)
    if pos.plies() >= 160:
        w = len(white - house_of(pos.house, "B"))
        b = len(black - house_of(pos.house, "W"))
        if w > b:
            return ("black wins", 4)
        if b > w:
            return ("white wins", 4)
        return ("draw", 4)
    return ("ongoing", 0)


def move_text(move):
    return name(move[0]) + "-" + name(move[1])


def read_blocks(path):
    blocks = []
    for number_, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "rule":
            blocks.append({"rule": value, "line": number_, "moves": set()})
        elif key == "move":
            blocks[-1]["moves"].add(value)
        elif key == "moves":
            assert value == "none", line
        elif key in ("fen", "play", "then", "result"):
            blocks[-1][key] = value
        else:
            raise ValueError("%s:%d: unknown key %s" % (path, number_, key))
    return blocks


def check_rules(path, directions, diagonal):
    """Re-checks every block: its move lines are exactly the legal moves; `play:` then `then:`
    gives the position after the move; `result:` is the outcome (and rule) after `play`.
    Returns the number of failures."""
    failures = 0
    blocks = read_blocks(path)
    for block in blocks:
        pos = parse_fen(block["fen"])
        moves = {move_text(m): m for m in legal_moves(pos, directions)}
        problems = []
        if set(moves) != block["moves"]:
            problems.append("expected %s, reference %s" % (sorted(block["moves"]), sorted(moves)))
        after = pos
        if "play" in block:
            squares = block["play"].split("-")
            move = (parse_square(squares[0]), parse_square(squares[-1]))
            if move_text(move) not in moves:
                problems.append("play: %s is not a legal move" % block["play"])
            else:
                after = play(pos, move)
        if "then" in block and fen(after) != block["then"].split(":F")[0]:
            problems.append("then: expected %s, reference %s" % (block["then"], fen(after)))
        if "result" in block:
            outcome, rule = result(after, directions, diagonal)
            words = block["result"].split(";")
            want_rule = words[1].strip().split(":")[0] if len(words) > 1 else ""
            got_rule = "rule %d" % rule if rule else ""
            if not words[0].strip().startswith(outcome) or want_rule != got_rule:
                problems.append("result: expected %s, reference %s (%s)"
                                % (block["result"], outcome, got_rule))
        for problem in problems:
            failures += 1
            print("%s (line %d): %s" % (block["rule"], block["line"], problem))
    print("%d blocks, %d failures" % (len(blocks), failures))
    return failures


def fill_rules(path, directions):
    """Rewrites the move lines of every block from the reference generator."""
    out, pos = [], None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        key = line.strip().partition(":")[0]
        if key in ("move", "moves"):
            continue
        out.append(line)
        if key == "fen":
            pos = parse_fen(line.partition(":")[2].strip())
            moves = sorted(move_text(m) for m in legal_moves(pos, directions))
            out.extend("move: " + m for m in moves) if moves else out.append("moves: none")
    open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")


def main(argv):
    if len(argv) < 2 or argv[1] not in ("classic", "diagonal"):
        print(__doc__.split("Usage:")[1].split("FEN:")[0].rstrip(), file=sys.stderr)
        return 2
    diagonal = argv[1] == "diagonal"
    directions = ALL_EIGHT if diagonal else ORTHOGONAL
    command, args = argv[0], argv[2:]
    if command == "perft" and len(args) == 2:
        print(perft(parse_fen(args[0]), int(args[1]), directions))
    elif command == "divide" and len(args) == 2:
        pos = parse_fen(args[0])
        total = 0
        for move in legal_moves(pos, directions):
            count = perft(play(pos, move), int(args[1]) - 1, directions) if int(args[1]) > 1 else 1
            total += count
            print(move_text(move) + ": " + str(count))
        print("total " + str(total))
    elif command == "moves" and len(args) == 1:
        moves = [move_text(m) for m in legal_moves(parse_fen(args[0]), directions)]
        print("\n".join(moves) if moves else "none")
    elif command == "check-rules" and len(args) == 1:
        return 1 if check_rules(args[0], directions, diagonal) else 0
    elif command == "fill-rules" and len(args) == 1:
        fill_rules(args[0], directions)
    else:
        print(__doc__.split("Usage:")[1].split("FEN:")[0].rstrip(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
