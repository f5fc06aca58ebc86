#!/usr/bin/env python3
# Writes input.pdn of this case (and, with "russian", of check-draw-russian-k30-r724-same-ply):
# king-only games on 8x8 with flying kings in which no side to move ever has a capture,
# found by a seeded random walk (the output is committed; rerunning gives the same file).
#   pool:    B:WK29,K31:BK2,K4; the start position recurs at ply 4 and, after a walk over
#            positions never seen before, for the third time at ply 542 (RULES 3.2 REP3).
#   russian: B:WKb8,Kd8,Kf8:BKg1; 30 plies, no repetition, Black's king never on the main
#            road a1-h8 (no R727): K30 and R724 fire together at ply 30.
import random, sys

DIRS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]

def on(r, c): return 0 <= r < 8 and 0 <= c < 8

def num(sq):  # pool: 1 = b8 ... 32 = g1
    r, c = sq
    return str(r * 4 + c // 2 + 1)

def alg(sq):
    r, c = sq
    return "abcdefgh"[c] + str(8 - r)

def parse(tok, name):
    if name == "pool":
        n = int(tok) - 1
        r = n // 4
        return (r, 2 * (n % 4) + (1 if r % 2 == 0 else 0))
    return (8 - int(tok[1:]), "abcdefgh".index(tok[0]))

# a position: (frozenset of white king squares, frozenset of black, side to move 0=W 1=B)
def moves(p):
    w, b, t = p
    mine, occ = (w, b)[t], w | b
    for s in sorted(mine):
        for dr, dc in DIRS:
            r, c = s[0] + dr, s[1] + dc
            while on(r, c) and (r, c) not in occ:
                yield s, (r, c)
                r, c = r + dr, c + dc

def has_capture(p):
    w, b, t = p
    mine, theirs, occ = (w, b)[t], (w, b)[1 - t], w | b
    for s in mine:
        for dr, dc in DIRS:
            r, c = s[0] + dr, s[1] + dc
            while on(r, c) and (r, c) not in occ:
                r, c = r + dr, c + dc
            if on(r, c) and (r, c) in theirs and on(r + dr, c + dc) and (r + dr, c + dc) not in occ:
                return True
    return False

def play(p, f, to):
    w, b, t = p
    if t == 0: w = (w - {f}) | {to}
    else: b = (b - {f}) | {to}
    return (w, b, 1 - t)

def ok(p, name):
    if has_capture(p):
        return False
    # russian: Black's lone king off the main road (no R727 run)
    return name != "russian" or all(r + c != 7 for r, c in p[1])

def succ(p, name):
    return [(f, t, play(p, f, t)) for f, t in moves(p) if ok(play(p, f, t), name)]

def exact(p, goal, n, seen, name):  # a path of n plies from p to goal through unseen positions
    if n == 0:
        return [] if p == goal else None
    for f, t, q in succ(p, name):
        if (q == goal and n == 1) or (q not in seen and q != goal):
            seen.add(q)
            rest = exact(q, goal, n - 1, seen, name)
            seen.discard(q)
            if rest is not None:
                return [(f, t)] + rest
    return None

def pool_game(rng):
    p0 = (frozenset({parse("29", "pool"), parse("31", "pool")}),
          frozenset({parse("2", "pool"), parse("4", "pool")}), 1)
    # plies 1-4: there and back
    for f, t, q in succ(p0, "pool"):
        for f2, t2, q2 in succ(q, "pool"):
            q3 = play(q2, t, f)
            if ok(q3, "pool") and ok(play(q3, t2, f2), "pool") and play(q3, t2, f2) == p0:
                path = [(f, t), (f2, t2), (t, f), (t2, f2)]
                break
        else:
            continue
        break
    while True:  # a walk that gets stuck is started again
        seen, p, walk = set(), p0, list(path)
        for f, t in path:
            seen.add(p)
            p = play(p, f, t)
        assert p == p0
        ply = 4
        while ply < 542 - 6:
            opts = [(f, t, q) for f, t, q in succ(p, "pool") if q not in seen and q != p0]
            if not opts:
                break
            f, t, q = rng.choice(opts)
            seen.add(p)
            walk.append((f, t))
            p, ply = q, ply + 1
        if ply < 542 - 6:
            continue
        seen.add(p)
        tail = exact(p, p0, 542 - ply, seen, "pool")
        if tail is not None:
            return "B:WK29,K31:BK2,K4", walk + tail

def russian_game(rng):
    p0 = (frozenset({parse(s, "russian") for s in ("b8", "d8", "f8")}),
          frozenset({parse("g1", "russian")}), 1)
    while True:  # a walk that gets stuck is started again
        seen, p, path = {p0}, p0, []
        while len(path) < 30:
            opts = [(f, t, q) for f, t, q in succ(p, "russian") if q not in seen]
            if not opts:
                break
            f, t, q = rng.choice(opts)
            seen.add(q)
            path.append((f, t))
            p = q
        if len(path) == 30:
            return "B:WKb8,Kd8,Kf8:BKg1", path

def write(name, fen, path, gametype):
    sq = num if name == "pool" else alg
    out = ['[GameType "%d"]' % gametype, '[FEN "%s"]' % fen, ""]
    toks = []
    lag = 0 if name == "pool" else 1  # Russian: White moves first, so Black's is "1..."
    for i, (f, t) in enumerate(path):
        mv = sq(f) + "-" + sq(t)
        if i == 0 and lag:
            toks.append("1... " + mv)
        else:
            toks.append("%d. %s" % ((i + lag) // 2 + 1, mv) if (i + lag) % 2 == 0 else mv)
    toks.append("1/2-1/2")
    line = ""
    for tok in toks:
        if len(line) + len(tok) + 1 > 79:
            out.append(line)
            line = tok
        else:
            line = tok if not line else line + " " + tok
    out.append(line)
    return "\n".join(out) + "\n"

if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "pool"
    rng = random.Random(20261130)
    if name == "pool":
        fen, path = pool_game(rng)
        sys.stdout.write(write(name, fen, path, 23))
    else:
        fen, path = russian_game(rng)
        sys.stdout.write(write(name, fen, path, 25))
