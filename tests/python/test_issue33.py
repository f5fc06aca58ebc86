"""Issue 33, "Python the way Python users expect": each reproducer of the issue, with the
answer it now gives (items 1, 2, 3, 6, 7, 8; the types of item 5 are test_types.py's)."""
import copy
import io
import os
import pickle
import subprocess
import sys

import pdnkit
import pytest
from conftest import CORPORA, TOP, pdncheck_json

ENGLISH = os.path.join(TOP, "pdn", "english.pdn")


# ---- 1. never a corrupt position -----------------------------------------------------------------
def test_a_move_of_another_position_is_refused():
    # the issue: this gave 'B:W14,31:B1', a man from nowhere
    m = pdnkit.Position("W:WK40:B19,29").legal_moves()[0]
    with pytest.raises(pdnkit.IllegalMove) as e:
        pdnkit.Position("W:W31:B1").play(m)
    assert e.value.code == "foreign-move" and isinstance(e.value, ValueError)
    # the issue: square 27 in both colours
    p = pdnkit.Position()
    m = p.legal_moves()[0]
    q = p.play(m)
    with pytest.raises(pdnkit.IllegalMove):
        q.play(m)
    # the same squares in another variant are another move
    e1 = pdnkit.Position("W:W31:B1", "international")
    with pytest.raises(pdnkit.IllegalMove):
        pdnkit.Position("W:W31:B1", "frisian").play(e1.legal_moves()[0])
    # a Move of an equal position (made again from its FEN) is that position's move
    assert pdnkit.Position(p.fen).play(m) == q


def test_a_position_does_not_change():
    p = pdnkit.Position()
    with pytest.raises(AttributeError):
        p.variant = "english"
    with pytest.raises(AttributeError):
        p.fen = "W:W31:B1"
    with pytest.raises(AttributeError):
        p._p = None
    m = p.legal_moves()[0]
    with pytest.raises(AttributeError):
        m.short = "x"
    assert p.variant == "international"


# ---- 2. file objects from where they stand, PDN text explicitly ----------------------------------------
def test_a_pipe_after_readline_loses_nothing():
    games = sum(1 for _ in pdnkit.read(ENGLISH))
    code = "import sys, pdnkit; sys.stdin.buffer.readline(); print(len(list(pdnkit.read(sys.stdin.buffer))))"
    with open(ENGLISH, "rb") as f:
        out = subprocess.run([sys.executable, "-c", code], stdin=f, stdout=subprocess.PIPE, check=True,
                             env=dict(os.environ)).stdout
    assert int(out) == games == 3
    # a pipe through cat, as the issue wrote it, and check() on it
    code = ("import sys, pdnkit; sys.stdin.buffer.readline(); "
            "print(sum(o['type'] == 'game' for o in pdnkit.check(sys.stdin.buffer)))")
    cat = subprocess.Popen(["cat", ENGLISH], stdout=subprocess.PIPE)
    out = subprocess.run([sys.executable, "-c", code], stdin=cat.stdout, stdout=subprocess.PIPE, check=True).stdout
    cat.wait()
    assert int(out) == games


def test_text_streams_and_explicit_text():
    text = open(ENGLISH, encoding="utf-8").read()
    want = [g.moves for g in pdnkit.read(ENGLISH)]
    assert [g.moves for g in pdnkit.read(io.StringIO(text))] == want
    assert [g.moves for g in pdnkit.parse(text)] == want
    assert [g.moves for g in pdnkit.read(text=text)] == want
    one = "1. 32-28 19-23 *"
    assert [g.moves for g in pdnkit.parse(one)] == [["32-28", "19-23"]]
    with pytest.raises(FileNotFoundError):
        pdnkit.read(one)  # a str is a path, never guessed to be PDN
    with pytest.raises(FileNotFoundError, match=r"pdnkit\.parse\(text\)"):
        pdnkit.read(text + "")  # several lines: the error says how to give PDN text
    assert sum(o["type"] == "game" for o in pdnkit.check(text=one)) == 1


# ---- 6. Board ------------------------------------------------------------------------------
def test_board_push_pop():
    board = pdnkit.Board(variant="russian")
    assert board.turn == "white" and board.fen() == pdnkit.Position(variant="russian").fen
    m = board.push_text("c3-d4")
    assert board.move_stack == [m] and board.turn == "black"
    reply = board.legal_moves[0]
    board.push(reply)
    assert len(board.move_stack) == 2
    with pytest.raises(pdnkit.IllegalMove):
        board.push(m)  # a move of the start position
    assert board.pop() == reply and board.pop() == m
    assert board.fen() == pdnkit.Position(variant="russian").fen
    with pytest.raises(IndexError):
        board.pop()
    assert pdnkit.Move.from_text(board.position, "c3-d4") == m
    assert m.position == board.position and m.variant == "russian"


def test_board_push_text_resolves_as_pdncheck():
    # International: 32x21 -- white man on 32 takes 27 landing on 21
    b = pdnkit.Board("W:W32:B27", "international")
    m = b.push_text("32x21")
    assert m.captured == [27] and b.fen() == "B:W21:B"
    assert b.is_game_over() and b.winner() == "white"
    # Antidraughts: the side left without a move has won (pk_variant.goal, RULES of its row)
    a = pdnkit.Board("W:W32:B27", "antidraughts")
    a.push_text("32x21")
    assert a.is_game_over() and a.winner() == "black"
    # an ambiguous capture is refused in pdncheck's words (pdn/errors/demo-errors.pdn, game 3,
    # RULES 5.1 E2: 31x15 matches 31x18x29x15 and 31x13x24x15)
    b = pdnkit.Board("W:WK31:B19,20,22,23", "international")
    with pytest.raises(pdnkit.IllegalMove) as e:
        b.push_text("31x15")
    assert e.value.code == "ambiguous-move" and "31x18x29x15" in e.value.message
    assert b.push_text("31x18x29x15").captured == [22, 23, 20]
    assert b.move_stack[0].full == "31x18x29x15"
    with pytest.raises(pdnkit.MoveError):
        b.push_text("k9")


def test_board_draws():
    # English K-rules aside, a repetition: two kings walking back and forth
    b = pdnkit.Board("W:WK1:BK32", "english")
    for _ in range(2):
        for mv in ("1-5", "32-28", "5-1", "28-32"):
            b.push_text(mv)
    assert b.is_repetition(3)
    assert not b.is_repetition(4)
    assert any(e.code == "draw-repetition" for e in b.draw_events)
    assert b.can_claim_draw() or b.is_drawn()
    rules = {e.rule for e in b.draw_events}
    b.pop()
    b.push_text("28-32")
    assert {e.rule for e in b.draw_events} == rules


# ---- 7. values to work with ---------------------------------------------------------------------
def test_squares_in_the_variant_s_notation():
    # the issue: short was "c3:g7" but path [22, 15, 8]
    p = pdnkit.Position("W:Wc3:Bd4,f6", "russian")
    m = p.legal_moves()[0]
    assert m.short == "c3:g7" and m.path == ["c3", "e5", "g7"] and m.captured == ["d4", "f6"]
    assert m.path_numbers == [pdnkit.square_number("russian", s) for s in m.path]
    assert [pdnkit.square_name("russian", n) for n in m.path_numbers] == m.path
    assert pdnkit.square_name("international", 32) == "32"
    i = pdnkit.Position("W:W32:B27")
    assert i.legal_moves()[0].path == [32, 21]
    assert p.pieces("white") == ["c3"] and sorted(p.pieces("black", "man")) == ["d4", "f6"]
    assert p.count("black") == 2 and p.material()["black_men"] == 2
    assert p.piece_at("d4") == ("black", "man") and p.piece_at("a1") is None


def test_pickle_and_copies():
    p = pdnkit.Position(variant="english")
    m = p.legal_moves()[3]
    b = pdnkit.Board(variant="english")
    b.push(b.legal_moves[0])
    for x in (p, m, b):
        for y in (pickle.loads(pickle.dumps(x)), copy.deepcopy(x), copy.copy(x)):
            assert y == x
    assert pickle.loads(pickle.dumps(b)).move_stack == b.move_stack


def test_drawings():
    p = pdnkit.Position(variant="english")
    text = str(p)
    assert len(text.splitlines()) >= 8
    svg = p._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "</svg>" in svg


GAME = """[Event "Club"]
[White "A"]
[Black "B"]
[GameType "21"]
[Result "*"]

1. 11-15 {a start} 23-19 $1 (22-18 15x22) 2. 8-11 *
"""


def test_game_notes_and_writing(tmp_path):
    g = next(pdnkit.parse(GAME))
    assert g.comments == [(1, "a start")]
    assert g.nags == [(2, 1)]
    assert g.variations == [(2, ["22-18", "15x22"])]
    again = next(pdnkit.parse(str(g)))
    assert (again.tags, again.moves, again.comments, again.nags, again.variations) == \
        (g.tags, g.moves, g.comments, g.nags, g.variations)
    built = pdnkit.Game(tags={"White": "X", "Black": "Y", "GameType": "21"}, moves=["11-15", "23-19"], result="1-0")
    path = tmp_path / "out.pdn"
    assert pdnkit.write([g, built], path) == 2
    back = list(pdnkit.read(path))
    assert [x.moves for x in back] == [g.moves, built.moves] and back[1].result == "1-0"
    buf = io.StringIO()
    pdnkit.write(built, buf)
    assert buf.getvalue() == str(built)
    assert built.replay().verdict is not None


def test_diagnostics_are_objects():
    g = next(pdnkit.parse('[GameType "21"]\n\n1. 11-15 23-19 2. 1-5 *\n'))
    d = [x for x in g.replay().diagnostics if x.severity == "error"][0]
    assert d.code == "illegal-move" and d.ply == 3 and d.move == "1-5" and "occupied" in d.message
    assert d["code"] == d.code  # the dicts of earlier versions


# ---- 8. errors ------------------------------------------------------------------------------
def test_errors_are_typed():
    with pytest.raises(TypeError):
        pdnkit.Position(variant=None)
    with pytest.raises(TypeError):
        pdnkit.Position(variant=b"english")
    with pytest.raises(TypeError):
        pdnkit.check(ENGLISH, jobs="x")
    with pytest.raises(ValueError, match="jobs"):
        pdnkit.check(ENGLISH, jobs=-5)
    with pytest.raises(TypeError):
        pdnkit.Position().perft("2")
    with pytest.raises(TypeError):
        pdnkit.Position().play(42)
    with pytest.raises(pdnkit.UnknownVariant):
        pdnkit.read(ENGLISH, variant="nope")  # at the call, not at the first next()
    with pytest.raises(pdnkit.FenError):
        pdnkit.Position("W:W99:B1")
    assert issubclass(pdnkit.FenError, ValueError) and issubclass(pdnkit.UnknownVariant, ValueError)
    with pytest.raises(FileNotFoundError) as e:
        pdnkit.read("/nonexistent/games.pdn")
    assert e.value.errno == 2 and e.value.filename == "/nonexistent/games.pdn"
    assert isinstance(e.value, pdnkit.InputError) and isinstance(e.value, OSError)
    with pytest.raises(OSError):
        pdnkit.check("/nonexistent/games.pdn")
    fen = pdnkit.Position().fen
    assert pdnkit.Position(fen + "\n") == pdnkit.Position("  " + fen + " ")


def test_namespace():
    for name in ("ffi", "lib", "os", "json", "threading"):
        assert not hasattr(pdnkit, name), name


# ---- 3. one guess, the file's -------------------------------------------------------------
MRCD = os.path.join(CORPORA, "czech", "wiegerw-pdn", "mrcd2000kval.pdn")


def test_replay_takes_the_file_s_guess():
    assert os.path.exists(MRCD), "the corpora are unpacked by make (make corpora)"
    want = [o for o in pdncheck_json(MRCD) if o["type"] == "game"]
    g = next(pdnkit.read(MRCD))
    r = g.replay()
    assert (r.variant, r.verdict) == (want[0]["variant"], want[0]["verdict"]) == ("czech", "valid")


def test_pick_first(tmp_path):
    # an ambiguous capture (pdn/errors/demo-errors.pdn game 3): replay(pick_first=True) goes
    # on with the first candidate and reports as pdncheck --pick-first does
    text = '[GameType "20"]\n[FEN "W:WK31:B19,20,22,23"]\n\n1. 31x15 *\n'
    path = tmp_path / "amb.pdn"
    path.write_text(text)
    g = next(pdnkit.read(path))
    r, rp = g.replay(), g.replay(pick_first=True)
    assert [d.code for d in r.diagnostics] == ["ambiguous-move"] and r.plies == 0
    want = [o for o in pdncheck_json("--pick-first", str(path)) if o["type"] != "summary"]
    assert [d.data for d in rp.diagnostics] + [rp.record] == want
    assert rp.plies == 1 and rp.final_fen == "B:WK15:B19"
    with pytest.raises(TypeError):
        g.replay(pick_first="yes")


# ---- 9. the loop users write ---------------------------------------------------------------
def test_fast_fields_are_the_report_s():
    # Game.replay() replays the game the reader holds (its text not read again) and gives
    # variant, final_fen, plies, verdict and label at once; pdncheck's report of the game
    # (diagnostics, fens, record) is made when asked for, and must say the same
    from conftest import small_files
    files = small_files(200000)[:40] + [MRCD]
    seen = 0
    for path in files:
        for g in pdnkit.read(path):
            if g.index > 50:
                break
            r = g.replay()
            fast = (r.variant, r.variant_guessed, r.final_fen, r.plies, r.stopped, r.verdict, r.label)
            rec = r.record
            assert rec is not None
            assert fast == (rec["variant"], rec["variant_guessed"], rec["final_fen"], rec["plies"],
                            rec["replay_stopped"], rec["verdict"], rec["label"]), (path, g.index)
            seen += 1
    assert seen > 200
