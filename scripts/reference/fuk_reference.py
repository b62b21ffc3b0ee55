#!/usr/bin/env python3
"""An independent Fuk move generator and perft, written from the rules in docs/rules.md and
sharing no code with damka: the reference for tests/data/fuk/*.perft and rules.txt.

    scripts/reference/fuk_reference.py perft FEN DEPTH     # prints the node count
    scripts/reference/fuk_reference.py moves FEN           # prints the legal moves, one per line

Squares are (file, rank) pairs, a1 = (0, 0); only squares with file + rank even are used. A
move is (huffed square or None, from, to, frozenset of captured squares, crowned?); perft counts
distinct moves. FENs are damka's: `W:Wc3,Kd4:Bf6:Uf6` (algebraic squares only, `:U` lists the
huffable pieces; other `:<tag><n>` fields are ignored).
"""
import sys

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def parse_square(text):
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
    return {"side": side, "pieces": pieces, "huffable": frozenset(huffable)}


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


if __name__ == "__main__":
    command, fen = sys.argv[1], sys.argv[2]
    pos = parse_fen(fen)
    if command == "perft":
        print(perft(pos, int(sys.argv[3])))
    else:
        for text in sorted(move_text(m) for m in legal_moves(pos)):
            print(text)
