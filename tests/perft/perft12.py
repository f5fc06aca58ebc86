#!/usr/bin/env python3
"""perft12.py -- a second, independent move generator for the 12x12 games, written for the
test from the rules text (pdnkit-rules(7), THE 12x12 GAMES), not from pdnkit's code: plain
coordinates, sets, a depth-first search per piece. It counts perft from the start position
so that pdnkit's figures can be checked against it (tests/perft/cross-check.sh).

    python3 perft12.py canadian 6     # International rules on 12x12 (dctl publishes these)
    python3 perft12.py malaysian 6    # men move and take forward only; most pieces, then king

Canadian is here to prove the script itself: its figures must equal dctl's published ones.
Counting: one move per (from, to, captured set) ("drop"); positions are memoised by depth.
"""
import sys

N = 12
DIRS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
EMPTY, WM, WK, BM, BK = 0, 1, 2, 3, 4
WHITE, BLACK = 0, 1


def color_of(piece):
    return WHITE if piece in (WM, WK) else BLACK


def is_king(piece):
    return piece in (WK, BK)


def start():
    board = {}
    for r in range(N):
        for f in range(N):
            if (f + r) % 2 == 0:  # a1 dark: the near-left corner plays
                board[(f, r)] = WM if r < 5 else BM if r >= N - 5 else EMPTY
    return board


class Rules:
    def __init__(self, men_back, king_priority):
        self.men_back = men_back            # men capture backwards too
        self.king_priority = king_priority  # among the longest captures, a king's first


def forward(side):
    return 1 if side == WHITE else -1


def jumps(board, rules, side, sq, king, taken):
    """The jumps from sq: [(captured square, [landing squares])]. Pieces already taken stay
    on the board and block; they cannot be taken again."""
    out = []
    f, r = sq
    for df, dr in DIRS:
        if not king and not rules.men_back and dr != forward(side):
            continue
        x, y = f + df, r + dr
        if king:  # flying: pass empty squares
            while (x, y) in board and board[(x, y)] == EMPTY:
                x, y = x + df, y + dr
        if (x, y) not in board or (x, y) in taken:
            continue
        piece = board[(x, y)]
        if piece == EMPTY or color_of(piece) == side:
            continue
        lands = []
        lx, ly = x + df, y + dr
        while (lx, ly) in board and board[(lx, ly)] == EMPTY:
            lands.append((lx, ly))
            if not king:
                break
            lx, ly = lx + df, ly + dr
        if lands:
            out.append(((x, y), lands))
    return out


def complete(board, rules, side, sq, king, taken):
    """Every complete capture continuing from sq: [(end square, frozenset taken)]. A capture
    goes on while it can; of a king's landing squares, only those that go on may be used
    when one does."""
    js = jumps(board, rules, side, sq, king, taken)
    if not js:
        return [(sq, taken)] if taken else []
    res = []
    for q, lands in js:
        t = taken | {q}
        going_on = [l for l in lands if jumps(board, rules, side, l, king, t)]
        for l in going_on or lands:
            res.extend(complete(board, rules, side, l, king, t))
    return res


def moves(board, rules, side):
    """Legal moves: (from, to, frozenset captured, by_king), one per from/to/captured set."""
    caps = set()
    for sq, piece in board.items():
        if piece != EMPTY and color_of(piece) == side:
            board[sq] = EMPTY  # the origin is empty during the capture
            for end, taken in complete(board, rules, side, sq, is_king(piece), frozenset()):
                caps.add((sq, end, taken, is_king(piece)))
            board[sq] = piece
    if caps:
        most = max(len(c[2]) for c in caps)
        caps = [c for c in caps if len(c[2]) == most]
        if rules.king_priority and any(c[3] for c in caps):
            caps = [c for c in caps if c[3]]
        return caps
    quiet = []
    for (f, r), piece in board.items():
        if piece == EMPTY or color_of(piece) != side:
            continue
        for df, dr in DIRS:
            if not is_king(piece) and dr != forward(side):
                continue
            x, y = f + df, r + dr
            while (x, y) in board and board[(x, y)] == EMPTY:
                quiet.append(((f, r), (x, y), frozenset(), is_king(piece)))
                if not is_king(piece):
                    break
                x, y = x + df, y + dr
    return quiet


def play(board, side, move):
    frm, to, taken, _ = move
    b = dict(board)
    piece = b[frm]
    b[frm] = EMPTY
    for q in taken:
        b[q] = EMPTY
    if piece == WM and to[1] == N - 1:
        piece = WK
    elif piece == BM and to[1] == 0:
        piece = BK
    b[to] = piece
    return b


SQUARES = sorted(start())


def perft(board, rules, side, depth, memo):
    if depth == 1:
        return len(moves(board, rules, side))
    key = bytes([board[s] for s in SQUARES] + [side, depth])
    if key not in memo:
        memo[key] = sum(perft(play(board, side, m), rules, 1 - side, depth - 1, memo)
                        for m in moves(board, rules, side))
    return memo[key]


RULES = {"canadian": Rules(men_back=True, king_priority=False),
         "malaysian": Rules(men_back=False, king_priority=True)}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in RULES:
        sys.exit("usage: perft12.py canadian|malaysian DEPTH")
    memo = {}
    for d in range(1, int(sys.argv[2]) + 1):
        print(d, perft(start(), RULES[sys.argv[1]], WHITE, d, memo), flush=True)
