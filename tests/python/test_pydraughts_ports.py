"""Issue 33: three pydraughts scripts ported to the Board API and run on the corpora, each
checked against the tools (pdncheck's final FENs, pdnmoves, pdngrep --fen):

1. replay an archive and print each game's final FEN (push_text per move, board.fen());
2. list the legal moves of FENs (Board(fen).legal_moves);
3. find the games where a position occurs (push per move, compare the position).

A port replays what pdncheck replays: a game that pdncheck stops in (an illegal move) is
left out of script 1, as the script would stop on its IllegalMove."""
import glob
import os
import subprocess
from typing import Dict, List, Optional, Tuple

import pdnkit
import pytest
from conftest import CORPORA, TOP, tool

SAMPLE = 300  # games per file: the ports run in seconds


def files():
    """OCA's start, the repository's sample files of each variant, a file of each corpus
    folder of the 8x8 algebraic and 10x10 variants."""
    out = [os.path.join(CORPORA, "english", "oca", "OCA_2.0.pdn")]
    out += sorted(glob.glob(os.path.join(TOP, "pdn", "*.pdn")))
    for v in ("russian", "international", "brazilian", "czech", "frisian", "italian", "pool"):
        found = sorted(glob.glob(os.path.join(CORPORA, v, "**", "*.pdn"), recursive=True))
        found = [f for f in found if os.path.getsize(f) < 1 << 20]
        out += found[:2]
    assert all(os.path.exists(f) for f in out), "the corpora are unpacked by make (make corpora)"
    return out


# ---- script 1: replay an archive, print each final FEN -------------------------------------------
def replay_archive(path: str) -> List[Tuple[int, Optional[str]]]:
    """(game number, final FEN) of each game of path; None for a game that stops (an
    illegal or unreadable move) or that pdnkit does not play."""
    out: List[Tuple[int, Optional[str]]] = []
    for game in pdnkit.read(path):
        if game.index > SAMPLE:
            break
        variant = game.variant or game.replay().variant  # the tag, else the file's guess
        if variant is None:
            out.append((game.index, None))
            continue
        try:
            board = pdnkit.Board(game.tags.get("FEN"), variant)
            for move in game.moves:
                board.push_text(move)
        except (pdnkit.IllegalMove, pdnkit.MoveError, pdnkit.FenError):
            out.append((game.index, None))
            continue
        out.append((game.index, board.fen()))
    return out


@pytest.mark.parametrize("path", files(), ids=lambda p: os.path.relpath(p, TOP))
def test_port_replay_archive(path):
    got = replay_archive(path)
    want = pdnkit.final_fens(path)[:SAMPLE]
    records = [o for o in pdnkit.check(path) if o["type"] == "game"][:SAMPLE]
    assert len(got) == len(want) == len(records)
    compared = 0
    for (n, fen), w, rec in zip(got, want, records):
        plain = not rec["replay_stopped"] and rec["plies"] == rec["moves_recorded"]
        if fen is not None and plain:
            assert fen == w, (path, n)
            compared += 1
        elif plain and w is not None and "/FEN" not in open(path, "rb").read().decode("latin-1"):
            pytest.fail("%s game %d: pdncheck replays it to %s, the port stopped" % (path, n, w))
    assert compared > 0 or not got


# ---- script 2: the legal moves of FENs ------------------------------------------------------------
def legal_moves(fens: List[str], variant: str) -> Dict[str, List[Tuple[str, str, str]]]:
    return {fen: [(m.short, m.full, m.fen_after) for m in pdnkit.Board(fen, variant).legal_moves] for fen in fens}


@pytest.mark.parametrize("variant,path", [("english", "english/oca/OCA_2.0.pdn"),
                                          ("russian", None), ("international", None)])
def test_port_legal_moves(variant, path):
    if path:
        fens = [f for f in pdnkit.final_fens(os.path.join(CORPORA, path))[:500] if f]
    else:
        fens = [f for f in pdnkit.final_fens(os.path.join(TOP, "pdn", variant + ".pdn"), variant) if f]
        fens += [pdnkit.Position(variant=variant).fen]
    fens = list(dict.fromkeys(fens))  # each once
    got = legal_moves(fens, variant)
    out = subprocess.run([tool("pdnmoves"), "-v", variant, "-"], input="\n".join(fens).encode() + b"\n",
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    want: Dict[str, List[Tuple[str, str, str]]] = {f: [] for f in fens}
    for line in out.splitlines():
        if line.split("\t")[1].startswith("#"):  # "# black has no legal move": none listed
            continue
        k, short, full, _caps, after = line.split("\t")
        want[fens[int(k) - 1]].append((short, full, after))
    assert got == want


# ---- script 3: the games where a position occurs -------------------------------------------------------
def games_with(path: str, target: pdnkit.Position) -> List[int]:
    found = []
    for game in pdnkit.read(path):
        if game.index > SAMPLE:
            break
        board = pdnkit.Board(game.tags.get("FEN"), target.variant)
        seen = board.position == target
        try:
            for move in game.moves:
                if seen:
                    break
                board.push_text(move)
                seen = board.position == target
        except (pdnkit.IllegalMove, pdnkit.MoveError):
            pass
        if seen:
            found.append(game.index)
    return found


def test_port_position_search():
    oca = os.path.join(CORPORA, "english", "oca", "OCA_2.0.pdn")
    # the position after 1. 11-15 23-19 2. 8-11 22-17 (a common opening)
    b = pdnkit.Board(variant="english")
    for mv in ("11-15", "23-19", "8-11", "22-17"):
        b.push_text(mv)
    got = games_with(oca, b.position)
    assert got
    # pdngrep -l: file, game, ply of each game where the position occurs
    out = subprocess.run([tool("pdngrep"), "--variant=english", "--fen", b.fen(), "-l", oca],
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    want = [int(line.split("\t")[1]) for line in out.splitlines() if line.strip()]
    assert got == [n for n in want if n <= SAMPLE]
