"""pdnkit.read: every kind of source, the Game fields, streaming."""
import gzip
import io

import pdnkit
import pytest

GAME = b"""[Event "Club"]
[White "Smith"]
[Black "Jones"]
[GameType "21"]
[Result "1-0"]

1. 11-15 23-19 2. 8-11 22-17 1-0

[Event "Second"]
[White "A"]
[Black "B"]

1. 32-28 19-23 2. 28x19 14x23 *
"""


def fields(g):
    return (g.index, g.line, g.tags, g.moves, g.result, g.variant)


def test_game_fields():
    a, b = list(pdnkit.read(GAME))
    assert a.tags == {"Event": "Club", "White": "Smith", "Black": "Jones", "GameType": "21", "Result": "1-0"}
    assert a.moves == ["11-15", "23-19", "8-11", "22-17"]
    assert a.result == "1-0" and a.variant == "english" and a.line == 1 and a.index == 1
    assert b.line == 9 and b.index == 2 and b.variant is None and b.result == "*"
    assert b.moves == ["32-28", "19-23", "28x19", "14x23"]
    assert b.text.startswith('[Event "Second"]') and b.text.endswith("*")


def test_sources_agree(tmp_path):
    p = tmp_path / "g.pdn"
    p.write_bytes(GAME)
    z = tmp_path / "g.pdn.gz"
    z.write_bytes(gzip.compress(GAME))
    want = [fields(g) for g in pdnkit.read(GAME)]
    assert [fields(g) for g in pdnkit.read(str(p))] == want
    assert [fields(g) for g in pdnkit.read(p)] == want  # os.PathLike
    assert [fields(g) for g in pdnkit.read(z)] == want  # compressed, told by its bytes
    with open(p, "rb") as f:
        assert [fields(g) for g in pdnkit.read(f)] == want
    assert [fields(g) for g in pdnkit.read(io.BytesIO(GAME))] == want
    assert [fields(g) for g in pdnkit.read(bytearray(GAME))] == want
    # PDN text is given explicitly (issue 33): a str source is always a path
    assert [fields(g) for g in pdnkit.read(text=GAME.decode())] == want
    assert [fields(g) for g in pdnkit.parse(GAME.decode())] == want
    assert [fields(g) for g in pdnkit.parse(GAME)] == want
    with pytest.raises(FileNotFoundError):
        pdnkit.read(GAME.decode())


def test_file_object_from_its_position(tmp_path):
    p = tmp_path / "g.pdn"
    p.write_bytes(b"junk line\n" + GAME)
    with open(p, "rb") as f:
        f.readline()
        games = list(pdnkit.read(f))
    assert [g.tags["Event"] for g in games] == ["Club", "Second"]


def test_text_file_object_is_read(tmp_path):
    # issue 33: a text stream is read as well as a binary one, from where it stands
    want = [fields(g) for g in pdnkit.read(GAME)]
    assert [fields(g) for g in pdnkit.read(io.StringIO(GAME.decode()))] == want
    p = tmp_path / "g.pdn"
    p.write_bytes(b"junk line\n" + GAME)
    with open(p, encoding="utf-8") as f:
        f.readline()
        assert [fields(g) for g in pdnkit.read(f)] == want


def test_streams(oca):
    it = pdnkit.read(oca)
    first = next(it)
    assert first.index == 1 and first.tags["White"] == "Wyllie, J."
    it.close()  # stopping early frees the reader
    n = sum(1 for _ in pdnkit.read(oca))
    assert n == 22621


def test_empty_inputs():
    assert list(pdnkit.read(b"")) == []
    assert list(pdnkit.read(b"   \n")) == []
