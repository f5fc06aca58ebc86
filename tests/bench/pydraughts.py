"""`make bench`: the same 200 OCA games replayed move by move with pydraughts' API shape
(a board per game, each move pushed as written, the FEN at the end), by pdnkit and, where
it can be imported, by pydraughts (the `draughts` package: pydraughts' Board/Move, or the
py-draughts rewrite's get_board/push_uci), and the ratio. pydraughts is not a Debian
package and nothing is fetched here: without it the script says so and stops (exit 0).

    PYTHONPATH=build/bench/python python3 tests/bench/pydraughts.py OCA
"""
import sys
import time

import pdnkit

N = 200


def games_of(path):
    out = []
    for g in pdnkit.read(path):
        out.append([m for m in g.moves])
        if len(out) == N:
            break
    return out


def pdnkit_shape(games):
    """pydraughts' shape over pdnkit: Position per game, play() each written move, .fen."""
    fens = []
    for moves in games:
        board = pdnkit.Position(variant="english")
        for m in moves:
            try:
                board = board.play(m)
            except pdnkit.Error:
                break
        fens.append(board.fen)
    return fens


def pydraughts_shape(draughts, games):
    fens = []
    if hasattr(draughts, "Board") and hasattr(draughts, "Move"):  # pydraughts
        for moves in games:
            board = draughts.Board(variant="english")
            for m in moves:
                try:
                    board.push(draughts.Move(board, pdn_move=m))
                except Exception:
                    break
            fens.append(board.fen)
    else:  # py-draughts
        for moves in games:
            board = draughts.get_board("american")
            for m in moves:
                try:
                    board.push_uci(m)
                except Exception:
                    break
            fens.append(board.fen)
    return fens


def timed(fn, *args):
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def main(path):
    games = games_of(path)
    t = min(timed(pdnkit_shape, games) for _ in range(3))
    print("pdnkit, pydraughts' API shape (play per move), %d OCA games: %.0f games/s" % (len(games), len(games) / t))
    try:
        import draughts
    except ImportError as e:
        print("pydraughts: SKIP (cannot import draughts: %s; it is not a Debian package and nothing "
              "is fetched here)" % e)
        return 0
    tp = timed(pydraughts_shape, draughts, games)
    print("pydraughts, same games: %.1f games/s; pdnkit is %.0fx faster" % (len(games) / tp, tp / t))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
