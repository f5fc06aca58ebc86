"""A Game read from a file pickles and copies (issue 33, item 7: multiprocessing and Dask
return them): the copy gives the same record and the same replay as the game read, the
file's guess of the variant included, in this process and across a multiprocessing Pool."""
import copy
import multiprocessing
import os
import pickle

import pdnkit

from conftest import CORPORA

# game 1 has no GameType: the file's guess makes it czech (and valid); alone, its notation
# would make it russian and invalid (issue 33, item 3). A copy that lost the guess replays
# it as russian.
MRCD = os.path.join(CORPORA, "czech", "wiegerw-pdn", "mrcd2000kval.pdn")


def facts(g):
    """What a game says of itself and of its replay."""
    r = g.replay()
    return (g.tags, g.moves, g.result, g.variant, g.line, g.col, g.index, g.text, g.errors, g.warnings, g.file,
            g.comments, g.nags, g.variations, str(g),
            r.variant, r.variant_guessed, r.final_fen, r.plies, r.verdict, r.label,
            [d.code for d in r.diagnostics], r.fens)


def replayed(g):
    """Run in a worker: the game it was sent, replayed there."""
    r = g.replay()
    return r.variant, r.final_fen, r.plies, r.verdict, r.label


def test_game_read_pickles_and_copies():
    games = list(pdnkit.read(MRCD))[:3]
    assert games[0].variant is None and games[0].replay().variant == "czech"
    for g in games:
        want = facts(g)
        for y in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), copy.copy(g)):
            assert type(y) is pdnkit.Game
            assert facts(y) == want


def test_game_pickled_while_the_reader_holds_it():
    # pickled before the reader moves on (its moves and tags still the reader's), loaded after
    it = pdnkit.read(MRCD)
    g = next(it)
    data = pickle.dumps(g)
    want = facts(g)
    next(it)
    it.close()
    assert facts(pickle.loads(data)) == want


def test_deepcopy_is_independent():
    g = next(pdnkit.read(MRCD))
    d = copy.deepcopy(g)
    d.tags["White"] = "someone else"
    d.moves.append("x")
    assert g.tags.get("White") != "someone else" and g.moves[-1] != "x"


def test_built_game_pickles():
    g = pdnkit.Game(tags={"GameType": "21", "White": "a"}, moves=["11-15", "23-19"], result="*",
                    comments=[(1, "a comment")])
    y = pickle.loads(pickle.dumps(g))
    assert str(y) == str(g) and y.replay().final_fen == g.replay().final_fen and y.comments == g.comments


def test_games_across_a_pool():
    games = list(pdnkit.read(MRCD))[:6]
    want = [replayed(g) for g in games]
    assert want[0][0] == "czech"
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(2) as pool:
        # games sent to the workers, replayed there
        assert pool.map(replayed, games) == want
        # games made in the workers, sent back: pickled twice
        back = pool.map(copy.copy, games)
    assert [replayed(g) for g in back] == want
    assert [g.text for g in back] == [g.text for g in games]


def test_damaged_guess_refused():
    """A pickle whose file guess counts more votes than games (damaged, or from another
    version) is refused with the library's reason (pk_file_guess_load), never replayed
    under a guess the library never made."""
    g = list(pdnkit.read(MRCD))[0]
    fn, args = g.__reduce__()
    games, votes, notation = args[-1]
    assert votes.get("czech", 0) >= 1
    bad = args[:-1] + ((games, dict(votes, czech=games + 1), notation),)
    try:
        fn(*bad)
    except ValueError as e:
        assert "a pickled game's file guess" in str(e) and "count of" in str(e)
    else:
        raise AssertionError("a guess with more votes than games was loaded")
    assert fn(*args).replay().variant == "czech"
