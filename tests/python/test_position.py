"""pdnkit.Position: legal moves, play, check, perft (figures of PERFT.md, RULES 1.4-1.8)."""
import threading

import pdnkit
import pytest


def test_start_positions_perft():
    # PERFT.md: International 9, 81, 658, 4265; English 7, 49, 302, 1469
    i = pdnkit.Position()
    assert [i.perft(d) for d in range(1, 5)] == [9, 81, 658, 4265]
    e = pdnkit.Position(variant="english")
    assert [e.perft(d) for d in range(1, 5)] == [7, 49, 302, 1469]
    assert len(e.legal_moves()) == 7 and e.count_moves() == 7 and e.side == "black"


def test_a_capture_move():
    # English, white to move: 18 takes 15 and 7 landing on 11 then 2, or takes 14 to 9
    # (RULES 1.5: a capture continues while it can; free choice among captures, RULES 1.7)
    p = pdnkit.Position("W:W18,22:B14,15,7", variant="english")
    got = sorted((m.short, m.full, m.path, m.captured) for m in p.legal_moves())
    assert got == [("18x2", "18x11x2", [18, 11, 2], [15, 7]), ("18x9", "18x9", [18, 9], [14])]
    after = p.play("18x2")
    assert after.fen == "B:W2,22:B14" or after.fen.startswith("B:W")
    assert after.side == "black"
    assert [m.fen_after for m in p.legal_moves() if m.short == "18x2"] == [after.fen]


def test_play_and_check_in_pdncheck_s_words():
    p = pdnkit.Position(variant="english")
    assert p.check("11-15") is None
    bad = p.check("1-5")
    assert bad["code"] == "illegal-move" and "occupied" in bad["message"]
    with pytest.raises(pdnkit.IllegalMove) as e:
        p.play("1-5")
    assert e.value.code == "illegal-move"
    with pytest.raises(pdnkit.MoveError):
        p.play("k9")
    q = p.play("11-15").play("23-19").play("8-11").play("22-18")
    # black must take 15x22 (RULES 1.4): a quiet move is refused with the capture named
    refused = q.check("9-13")
    assert refused["code"] == "capture-required" and "15x22" in refused["message"]
    m = q.legal_moves()
    assert [x.short for x in m] == ["15x22"]
    assert q.play(m[0]) == q.play("15x22")


def test_bad_fens():
    with pytest.raises(pdnkit.FenError) as e:
        pdnkit.Position("W:W55:B1", variant="english")
    assert e.value.col > 0 and "55" in str(e.value)
    with pytest.raises(pdnkit.FenError):
        pdnkit.Position("garbage")


def test_threads_give_the_same_answers(oca):
    fens = [f for f in pdnkit.final_fens(oca)[:3000] if f]
    want = [[m.short for m in pdnkit.Position(f, "english").legal_moves()] for f in fens]
    got = [None] * 4

    def work(k):
        got[k] = [[m.short for m in pdnkit.Position(f, "english").legal_moves()] for f in fens]

    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got == [want] * 4
