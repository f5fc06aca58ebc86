"""`make bench` (tests/bench/python.sh): the Python module's speed, on one core, beside
pdncheck -j 1. Issue 23's targets: replaying every OCA game with its final FEN at
>= 100,000 games/s, legal_moves() on 100,000 real FENs at >= 200,000 positions/s, and
threads that help because C runs with the GIL released. Issue 33 item 9's: the loop users
write, `for g in pdnkit.read(OCA): r = g.replay(); r.final_fen, r.plies`, at 0.5x
pdncheck -j 1 or better (both measured here, in the same run, and their ratio printed).

    PYTHONPATH=build/bench/python python3 tests/bench/python.py OCA PDNCHECK
"""
import os
import re
import subprocess
import sys
import threading
import time

import pdnkit


def best(fn, runs=5):
    """The shortest of runs timings of fn(), and its value."""
    t, value = None, None
    for _ in range(runs):
        t0 = time.perf_counter()
        value = fn()
        dt = time.perf_counter() - t0
        t = dt if t is None or dt < t else t
    return t, value


def main(oca, pdncheck):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    t, fens = best(lambda: pdnkit.final_fens(oca), 10)
    n = len(fens)
    print("python final_fens(OCA), %d games, 1 core: %.0f games/s (target 100000)" % (n, n / t))
    rates = []
    for _ in range(3):  # the best of three, as best() takes for Python
        stats = subprocess.run([pdncheck, "-j", "1", "--stats", oca], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE).stderr.decode()
        m = re.search(r"(\d+) games/s", stats)
        if m:
            rates.append(int(m.group(1)))
    pdncheck_rate = max(rates) if rates else None
    print("pdncheck -j 1 on the same file:              %s games/s" % (pdncheck_rate or "?"))

    def loop():
        n = 0
        for g in pdnkit.read(oca):
            r = g.replay()
            r.final_fen, r.plies
            n += 1
        return n
    t, n = best(loop, 2)
    ratio = "%.2fx" % (n / t / pdncheck_rate) if pdncheck_rate else "?"
    print("python loop `for g in pdnkit.read(OCA): r = g.replay(); r.final_fen, r.plies`, 1 core: "
          "%.0f games/s = %s pdncheck -j 1 (goal 0.5x)" % (n / t, ratio))
    k = 2000
    sub = []
    for g in pdnkit.read(oca):
        sub.append(g)
        if len(sub) == k:
            break
    t, _ = best(lambda: [g.replay().final_fen for g in sub], 2)
    print("python game.replay().final_fen, one call per game: %.0f games/s (fens, diagnostics and "
          "verdict of each)" % (k / t))
    t, games = best(lambda: sum(1 for _ in pdnkit.read(oca)), 2)
    print("python read(OCA) (Game objects, tags, moves): %.0f games/s" % (games / t))

    # 100,000 real FENs: every position of the first OCA games, in play order
    positions = []
    for g in pdnkit.read(oca):
        positions.extend(g.replay("english").fens)
        if len(positions) >= 100000:
            break
    positions = positions[:100000]
    t, moves = best(lambda: sum(len(pdnkit.Position(f, "english").legal_moves()) for f in positions), 3)
    print("python Position(fen).legal_moves() on %d real FENs, 1 core: %.0f positions/s (target 200000), "
          "%d moves" % (len(positions), len(positions) / t, moves))

    # threads: the GIL is released while C replays
    os.sched_setaffinity(0, os.sched_getaffinity(0) | set(range(os.cpu_count() or 1)))
    cores = len(os.sched_getaffinity(0))
    t1, _ = best(lambda: [pdnkit.final_fens(oca) for _ in range(2)], 2)

    def two():
        ts = [threading.Thread(target=pdnkit.final_fens, args=(oca,)) for _ in range(2)]
        for x in ts:
            x.start()
        for x in ts:
            x.join()
    t2, _ = best(two, 2)
    print("python final_fens twice: one thread %.2f s, two threads %.2f s on %d cores: %.2fx "
          "(the GIL is released while C works; load average %.1f)" % (t1, t2, cores, t1 / t2, os.getloadavg()[0]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
