#!/usr/bin/env python3
"""An independent Fuk move generator and perft, written from the rules in docs/rules.md and
sharing no code with damka: the reference for tests/data/fuk/*.perft and rules.txt.

    scripts/reference/fuk_reference.py perft FEN DEPTH     # prints the node count
    scripts/reference/fuk_reference.py moves FEN           # prints the legal moves, one per line
    scripts/reference/fuk_reference.py check-fen FEN       # "ok", or why the FEN is refused
    scripts/reference/fuk_reference.py check-rules tests/data/fuk/rules.txt

Squares are (file, rank) pairs, a1 = (0, 0); only squares with file + rank even are used. A
move is (huffed square or None, from, to, frozenset of captured squares, crowned?); perft counts
distinct moves. FENs are damka's: `W:Wc3,Ke3,g5:Bd4,f6:Uf6` (squares algebraic or PDN numbers,
1 = b8, 29 = a1; `K` marks a king; `:U` lists the huffable pieces; other `:<tag><n>` fields are
ignored).

A FEN is refused, as damka refuses it, when its huffable set is one no game can reach: every
huffable square must hold a piece of the side that has just moved, and some quiet move of that
side, taken back, must give a board on which exactly those pieces (the moved one at its new
square) had a capture.
"""
import sys

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def parse_square(text):
    if text.isdigit():
        # PDN numbers: 1..4 are b8, d8, f8, h8, then rank by rank downwards, 29 = a1.
        n = int(text) - 1
        assert 0 <= n < 32, text
        r = 7 - n // 4
        return (2 * (n % 4) + (1 if r % 2 == 1 else 0), r)
    f, r = "abcdefgh".index(text[0].lower()), int(text[1:]) - 1
    assert (f + r) % 2 == 0 and on_board(f, r), text
    return (f, r)


def parse_fen(text):
    fields = text.replace(" ", "").rstrip(".").split(":")
    side = fields[0].upper()
    pieces, huffable = {}, set()
    for field in fields[1:]:
        tag, rest = field[0].upper(), field[1:]
        if tag in "WB":
            for item in filter(None, rest.split(",")):
                king = item[0] in "Kk"
                pieces[parse_square(item[1:] if king else item)] = (tag, king)
        elif tag == "U":
            huffable = {parse_square(s) for s in filter(None, rest.split(","))}
    pos = {"side": side, "pieces": pieces, "huffable": frozenset(huffable)}
    problem = refusal(pos)
    if problem:
        raise ValueError("%s: %s" % (text, problem))
    return pos


def crown_rank(side):
    return 7 if side == "W" else 0


def forward(side):
    return 1 if side == "W" else -1


def captures(pieces, side):
    """Every capture of `side`: (from, to, captured frozenset, crowned)."""
    found = set()
    for start, (owner, king) in list(pieces.items()):
        if owner != side:
            continue
        board = dict(pieces)
        del board[start]  # the start square is empty once the piece has left

        def enemy(sq, taken):
            p = board.get(sq)
            return p is not None and p[0] != side and sq not in taken

        def can_capture(sq, is_king, taken):
            return bool(jumps(sq, is_king, taken))

        def jumps(sq, is_king, taken):
            """(victim, [landing squares]) for each possible next jump."""
            out = []
            for df, dr in DIRS:
                if not is_king:
                    v = (sq[0] + df, sq[1] + dr)
                    land = (sq[0] + 2 * df, sq[1] + 2 * dr)
                    if on_board(*land) and enemy(v, taken) and land not in board:
                        out.append((v, [land]))
                    continue
                f, r = sq[0] + df, sq[1] + dr
                while on_board(f, r) and (f, r) not in board:
                    f, r = f + df, r + dr
                if not on_board(f, r) or not enemy((f, r), taken):
                    continue
                victim = (f, r)
                lands = []
                f, r = f + df, r + dr
                while on_board(f, r) and (f, r) not in board:
                    lands.append((f, r))
                    f, r = f + df, r + dr
                if lands:
                    out.append((victim, lands))
            return out

        def search(sq, is_king, taken, crowned):
            options = jumps(sq, is_king, taken)
            if not options:
                if taken:
                    found.add((start, sq, frozenset(taken), crowned))
                return
            for victim, lands in options:
                now = taken | {victim}
                if is_king:
                    onward = [l for l in lands if can_capture(l, True, now)]
                    for land in onward or lands:
                        search(land, True, now, crowned)
                else:
                    land = lands[0]
                    if land[1] == crown_rank(side):
                        search(land, True, now, True)
                    else:
                        search(land, False, now, False)

        search(start, king, frozenset(), False)
    return found


def quiets(pieces, side):
    out = set()
    for sq, (owner, king) in pieces.items():
        if owner != side:
            continue
        for df, dr in DIRS:
            if not king:
                if dr != forward(side):
                    continue
                to = (sq[0] + df, sq[1] + dr)
                if on_board(*to) and to not in pieces:
                    out.add((sq, to, frozenset(), to[1] == crown_rank(side)))
                continue
            f, r = sq[0] + df, sq[1] + dr
            while on_board(f, r) and (f, r) not in pieces:
                out.add((sq, (f, r), frozenset(), False))
                f, r = f + df, r + dr
    return out


def capturers(pieces, side):
    return {c[0] for c in captures(pieces, side)}


def legal_moves(pos):
    moves = []
    for huff in [None] + sorted(pos["huffable"]):
        pieces = dict(pos["pieces"])
        if huff is not None:
            del pieces[huff]
        for mv in captures(pieces, pos["side"]) | quiets(pieces, pos["side"]):
            moves.append((huff,) + mv)
    return moves


def play(pos, move):
    huff, frm, to, taken, crowned = move
    side = pos["side"]
    pieces = dict(pos["pieces"])
    if huff is not None:
        del pieces[huff]
    huffable = frozenset()
    if not taken:
        had = capturers(pieces, side)
        if frm in had:
            had = (had - {frm}) | {to}
        huffable = frozenset(had)
    king = pieces.pop(frm)[1] or crowned
    for sq in taken:
        del pieces[sq]
    pieces[to] = (side, king)
    return {"side": "B" if side == "W" else "W", "pieces": pieces, "huffable": huffable}


def perft(pos, depth):
    moves = legal_moves(pos)
    assert len(set(moves)) == len(moves)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def move_text(move):
    huff, frm, to, taken, _ = move
    head = name(huff) + "*" if huff else ""
    if taken:
        return head + name(frm) + "x" + name(to) + " " + ",".join(
            name(s) for s in sorted(taken, key=lambda s: (s[0], s[1])))
    return head + name(frm) + "-" + name(to)


def other(side):
    return "B" if side == "W" else "W"


def refusal(pos):
    """Why no game can reach `pos` because of its huffable set, or None if one can. Written
    from the rule, not from damka's search: each piece of the side that has just moved is taken
    back along each quiet move that could have brought it to its square (a man one step back,
    and crowned if it stands on its crowning rank as a king; a king back along each diagonal over
    empty squares), and the capturers of that board, the moved piece at its new square, must be
    exactly the huffable set."""
    side, pieces, huffable = pos["side"], pos["pieces"], pos["huffable"]
    mover = other(side)
    for sq in sorted(huffable):
        if pieces.get(sq, (None, False))[0] != mover:
            return "huffable square %s holds no piece of the side that has just moved" % name(sq)
    if not huffable:
        return None
    for to, (owner, king) in sorted(pieces.items()):
        if owner != mover:
            continue
        starts = []
        if king == (to[1] == crown_rank(mover)):
            for df in (1, -1):
                frm = (to[0] + df, to[1] - forward(mover))
                if on_board(*frm) and frm not in pieces:
                    starts.append((frm, False))
        if king:
            for df, dr in DIRS:
                f, r = to[0] + df, to[1] + dr
                while on_board(f, r) and (f, r) not in pieces:
                    starts.append(((f, r), True))
                    f, r = f + df, r + dr
        for frm, was_king in starts:
            before = dict(pieces)
            del before[to]
            before[frm] = (mover, was_king)
            had = capturers(before, mover)
            if frm in had:
                had = (had - {frm}) | {to}
            if had == huffable:
                return None
    return "no quiet move leaves exactly %s huffable" % ",".join(
        name(s) for s in sorted(huffable))


def number(sq):
    """The PDN number of a square, 1 = b8, 32 = g1: damka's order for captured squares."""
    return (7 - sq[1]) * 4 + sq[0] // 2 + 1


def rules_text(move):
    """A move as tests/data/fuk/rules.txt writes it: captured squares in PDN order."""
    huff, frm, to, taken, _ = move
    head = name(huff) + "*" if huff else ""
    if taken:
        return head + name(frm) + "x" + name(to) + " " + ",".join(
            name(s) for s in sorted(taken, key=number))
    return head + name(frm) + "-" + name(to)


def fen(pos):
    """damka's FEN of `pos` (without counters): squares file by file, `K` before a king."""
    fields = [pos["side"]]
    for colour in ("W", "B"):
        squares = sorted(s for s in pos["pieces"] if pos["pieces"][s][0] == colour)
        fields.append(colour + ",".join(
            ("K" if pos["pieces"][s][1] else "") + name(s) for s in squares))
    if pos["huffable"]:
        fields.append("U" + ",".join(name(s) for s in sorted(pos["huffable"])))
    return ":".join(fields)


def check_rules(path):
    """Re-checks every block of a rules file (tests/data/fuk/rules.txt): its FEN is accepted,
    its move lines are exactly the legal moves, `then` is the position after `play` (or of the
    FEN itself), the huffable set included, and a `result` of a position with no legal move is
    a loss for the side to move. Returns the number of failures."""
    blocks = []
    for line_number, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "rule":
            blocks.append({"rule": value, "line": line_number, "moves": set(), "play": None})
        elif key in ("fen", "play", "then", "result"):
            blocks[-1][key] = value
        elif key == "move":
            blocks[-1]["moves"].add(value)
        elif key == "moves":
            assert value == "none", line
        else:
            raise ValueError("%s:%d: unknown key %s" % (path, line_number, key))
    failures = 0
    for block in blocks:
        problems = []
        try:
            pos = parse_fen(block["fen"])
        except ValueError as error:
            problems.append("refused: %s" % error)
            pos = None
        if pos is not None:
            moves = {rules_text(m): m for m in legal_moves(pos)}
            if set(moves) != block["moves"]:
                problems.append("expected %s, reference %s"
                                % (sorted(block["moves"]), sorted(moves)))
            after = pos
            if block["play"]:
                given = block["play"].replace(":", "x")
                named = [m for m in moves if m == given or m.startswith(given + " ")]
                if len(named) != 1:
                    problems.append("play: %s is not one legal move" % block["play"])
                    after = None
                else:
                    after = play(pos, moves[named[0]])
            if after is not None and "then" in block:
                try:
                    expected = parse_fen(block["then"])
                except ValueError as error:
                    problems.append("then refused: %s" % error)
                else:
                    if expected != after or refusal(after):
                        problems.append("then: expected %s, reference %s"
                                        % (block["then"], fen(after)))
            # The one ending this reference knows: no legal move loses (draws need counters).
            if after is not None and "result" in block and not legal_moves(after):
                lost = "white wins" if after["side"] == "B" else "black wins"
                if block["result"] != lost:
                    problems.append("result: expected %s, reference %s" % (block["result"], lost))
        for problem in problems:
            failures += 1
            print("%s (line %d): %s" % (block["rule"], block["line"], problem))
    print("%d blocks, %d failures" % (len(blocks), failures))
    return failures


def main(argv):
    if len(argv) == 3 and argv[0] == "perft":
        print(perft(parse_fen(argv[1]), int(argv[2])))
    elif len(argv) == 2 and argv[0] == "moves":
        for text in sorted(move_text(m) for m in legal_moves(parse_fen(argv[1]))):
            print(text)
    elif len(argv) == 2 and argv[0] == "check-fen":
        try:
            parse_fen(argv[1])
        except ValueError as error:
            print("refused: %s" % error)
            return 1
        print("ok")
    elif len(argv) == 2 and argv[0] == "check-rules":
        return 1 if check_rules(argv[1]) else 0
    else:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
