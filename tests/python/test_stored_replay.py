"""A game replayed after its reader moved on (kept in a list, unpickled) gives the same
Replay as the game replayed while the reader held it and as pdncheck's report of it
(issue 33 item 9: such a game's text is read again alone, pkpy_replay_text, instead of
through pdncheck's JSON report; where its text alone reads otherwise than in its file,
the report answers)."""
import glob
import itertools
import os
import pickle

import pdnkit

from conftest import CORPORA, OCA, TOP

FIELDS = ("variant", "variant_guessed", "final_fen", "plies", "stopped", "verdict", "label")
FILES = [
    # game 17 ends "62.35-30 -" on a line of games whose Result tags are "-": alone, its
    # text reads "-" as a 124th move, and the replay stops there
    os.path.join(CORPORA, "international", "brunogui-dames", "48th Polish Team Championship.pdn"),
    # its game 1 is czech by the file's guess only
    os.path.join(CORPORA, "czech", "wiegerw-pdn", "mrcd2000kval.pdn"),
] + sorted(glob.glob(os.path.join(TOP, "pdn", "*.pdn")) + glob.glob(os.path.join(TOP, "pdn", "errors", "*.pdn")))


def fields(r):
    return tuple(getattr(r, k) for k in FIELDS)


def check_file(path, limit=None):
    games, live = [], []
    for g in itertools.islice(pdnkit.read(path), limit):
        live.append(fields(g.replay()))
        games.append(g)
    assert games
    for g, want in zip(games, live):
        assert fields(g.replay()) == want, (path, g.index)
        assert fields(pickle.loads(pickle.dumps(g)).replay()) == want, (path, g.index)
        r = g.replay()
        r.diagnostics  # pdncheck's report of the game: its record answers from now on
        assert fields(r) == want, (path, g.index)


def test_stored_games_replay_as_read():
    for path in FILES:
        check_file(path)


def test_stored_oca_games():
    check_file(OCA, 500)
