"""Game.replay() and pdnkit.final_fens against pdncheck's game objects."""
import pdnkit
from conftest import pdncheck_json

BAD = b"""[GameType "21"]

1. 11-15 23-19 2. 8-11 22-18 3. 15x22 25x18 4. 12-16 29-25 5. 4-8 18-14 1-0
"""


def test_fens_and_final_fen(oca):
    games = pdncheck_json(oca)
    objs = [o for o in games if o["type"] == "game"][:300]
    for g, o in zip(pdnkit.read(oca), objs):
        r = g.replay()
        assert r.final_fen == o["final_fen"]
        assert r.plies == o["plies"] and len(r.fens) == r.plies + 1
        assert r.fens[-1] == r.final_fen
        assert r.verdict == o["verdict"] and r.label == o["label"]
        assert r.variant == "english"


def test_final_fens_of_a_whole_file(oca):
    objs = [o for o in pdncheck_json(oca) if o["type"] == "game"]
    fens = pdnkit.final_fens(oca)
    assert fens == [o["final_fen"] for o in objs]
    assert pdnkit.final_fens(oca, jobs=2) == fens


def test_start_fen_of_the_variant():
    g = next(pdnkit.read(BAD))
    r = g.replay()
    assert r.fens[0] == pdnkit.Position(variant="english").fen


def test_diagnostics_are_pdncheck_s(tmp_path):
    # the bad game second in its file, its tags indented: lines and columns are the file's
    p = tmp_path / "bad.pdn"
    p.write_bytes(b'[GameType "21"]\n1. 11-15 23-19 *\n\n  [Event "x"]\n' + BAD)
    want = [o for o in pdncheck_json(str(p)) if o["type"] == "diagnostic" and o["game"] == 2]
    games = list(pdnkit.read(str(p)))
    assert len(games) == 2 and games[1].line == 4 and games[1].col == 3
    r = games[1].replay()
    assert r.diagnostics == want  # the same dicts
    # 29-25 while 19x12 takes (RULES 1.4: capturing is mandatory); pdncheck plays it as
    # recorded and goes on, so the replay is not stopped
    d = r.diagnostics[0]
    assert (d["code"], d["line"], d["col"], d["move"]) == ("capture-required", 7, 54, "29-25")
    assert d["fen"] == "W:W18,19,21,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,16"
    assert [x["code"] for x in r.diagnostics] == ["capture-required"] * 3
    assert r.verdict == "invalid" and r.label == "errors" and not r.stopped and r.plies == 10
    for d in r.diagnostics:
        for key in ("severity", "code", "line", "col", "ply", "move", "fen", "message", "hint"):
            assert key in d


def test_replay_under_another_variant():
    g = next(pdnkit.read(b"1. 32-28 19-23 2. 28x19 14x23 *"))
    assert g.replay("international").variant == "international"
    assert g.replay("english").variant == "english"
    assert g.replay().variant_guessed
    # read()'s variant is replay()'s default; the tags' variant stays what they say
    g = next(pdnkit.read(b"1. 32-28 19-23 2. 28x19 14x23 *", variant="international"))
    assert g.variant is None
    r = g.replay()
    assert r.variant == "international" and not r.variant_guessed
    assert g.replay("english").variant == "english"
