"""`make bench` (tests/bench/python.sh): the Python module's speed, on one core, beside
pdncheck -j 1. Issue 23's targets: replaying every OCA game with its final FEN at
>= 100,000 games/s, legal_moves() on 100,000 real FENs at >= 200,000 positions/s, and
threads that help because C runs with the GIL released. Issue 33 item 9's: the loop users
write, `for g in pdnkit.read(OCA): r = g.replay(); r.final_fen, r.plies`, at 0.5x
pdncheck -j 1 or better (both measured here, in the same run, and their ratio printed).
The ratio is taken by CPU time, this process's (time.process_time) against the child
pdncheck's (getrusage RUSAGE_CHILDREN), so that the machine's load does not decide it; the
wall-clock figures are printed beside it.

    PYTHONPATH=build/bench/python python3 tests/bench/python.py OCA PDNCHECK
"""
import os
import re
import resource
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


def best_cpu(fn, runs=5):
    """The shortest CPU time (this process's) and wall time of runs calls of fn(), and its value."""
    cpu = wall = None
    value = None
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        value = fn()
        c, w = time.process_time() - c0, time.perf_counter() - w0
        cpu = c if cpu is None or c < cpu else cpu
        wall = w if wall is None or w < wall else wall
    return cpu, wall, value


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def holds(value, goal):
    return "holds" if value >= goal else "MISSED"


def main(oca, pdncheck):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    t, fens = best(lambda: pdnkit.final_fens(oca), 10)
    n = len(fens)
    print("python final_fens(OCA), %d games, 1 core: %.0f games/s (target 100000)" % (n, n / t))
    rates = []
    cpus = []
    for _ in range(5):  # the best of five, as best_cpu() takes for Python
        # the CPU time of pdncheck -j 1 OCA as the issue runs it; its wall rate from --stats
        c0 = child_cpu()
        subprocess.run([pdncheck, "-j", "1", oca], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cpus.append(child_cpu() - c0)
        stats = subprocess.run([pdncheck, "-j", "1", "--stats", oca], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE).stderr.decode()
        m = re.search(r"(\d+) games/s", stats)
        if m:
            rates.append(int(m.group(1)))
    pdncheck_rate = max(rates) if rates else None
    pdncheck_cpu = min(cpus)

    def loop():
        n = 0
        for g in pdnkit.read(oca):
            r = g.replay()
            r.final_fen, r.plies
            n += 1
        return n
    cpu, wall, n = best_cpu(loop, 5)
    print("pdncheck -j 1 on the same file: %.3f s CPU = %.0f games/s by CPU time; %s games/s wall (its --stats)"
          % (pdncheck_cpu, n / pdncheck_cpu, pdncheck_rate or "?"))
    ratio = pdncheck_cpu / cpu
    wall_ratio = "%.2fx" % (n / wall / pdncheck_rate) if pdncheck_rate else "?"
    print("python loop `for g in pdnkit.read(OCA): r = g.replay(); r.final_fen, r.plies`, 1 core: %.3f s CPU = "
          "%.0f games/s by CPU time = %.2fx pdncheck -j 1 by CPU time (goal 0.5x: %s); %.0f games/s wall = %s "
          "(wall clocks the load of the machine too: load average %.1f)"
          % (cpu, n / cpu, ratio, holds(ratio, 0.5), n / wall, wall_ratio, os.getloadavg()[0]))
    k = 2000
    sub = []
    for g in pdnkit.read(oca):
        sub.append(g)
        if len(sub) == k:
            break
    cpu, wall, _ = best_cpu(lambda: [g.replay().final_fen for g in sub], 3)
    print("python game.replay().final_fen of %d games kept in a list (their reader moved on: each text read "
          "again alone): %.0f games/s by CPU time, %.0f wall" % (k, k / cpu, k / wall))
    t, games = best(lambda: sum(1 for _ in pdnkit.read(oca)), 2)
    print("python read(OCA) (Game objects, tags, moves): %.0f games/s" % (games / t))

    # 100,000 real FENs: every position of the first OCA games, in play order
    positions = []
    for g in pdnkit.read(oca):
        positions.extend(g.replay("english").fens)
        if len(positions) >= 100000:
            break
    positions = positions[:100000]
    cpu, wall, moves = best_cpu(lambda: sum(len(pdnkit.Position(f, "english").legal_moves()) for f in positions),
                                3)
    rate = len(positions) / cpu
    print("python Position(fen).legal_moves() on %d real FENs, 1 core: %.0f positions/s by CPU time (target "
          "200000: %s), %.0f positions/s wall; %d moves" % (len(positions), rate, holds(rate, 200000),
                                                            len(positions) / wall, moves))

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
