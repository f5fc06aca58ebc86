#!/usr/bin/env python3
# The hand check of this case: an independent count of Frysk! perft (python3 count.py).
# Independent count: Frysk! start (W men 46-50, B men 1-5, White first) on 10x10; before
# depth 7 no piece can reach another (rows 0-3 vs 6-9), so every move is a man's diagonal step.
def sq(n):  # 10x10 TL a1-dark: (file, rank)
    i, j = (n - 1) // 5, (n - 1) % 5
    r = 9 - i
    return (2 * j + (r % 2), r)
W = frozenset(sq(n) for n in range(46, 51)); B = frozenset(sq(n) for n in range(1, 6))
def moves(w, b, white):
    me, occ = (w if white else b), w | b
    dr = 1 if white else -1
    for (f, r) in me:
        for df in (-1, 1):
            t = (f + df, r + dr)
            if 0 <= t[0] < 10 and 0 <= t[1] < 10 and t not in occ:
                yield (f, r), t
def perft(w, b, white, d):
    if d == 0: return 1
    n = 0
    for s, t in moves(w, b, white):
        if white: n += perft((w - {s}) | {t}, b, False, d - 1)
        else: n += perft(w, (b - {s}) | {t}, True, d - 1)
    return n
print([perft(W, B, True, d) for d in range(1, 7)])
