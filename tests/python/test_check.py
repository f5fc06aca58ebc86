"""pdnkit.check: the same lines as pdncheck --json."""
import io
import subprocess
import threading

import pdnkit
import pytest
from conftest import pdncheck_json, small_files, tool


def test_every_small_corpus_file():
    files = small_files()
    assert len(files) > 20
    for f in files:
        assert list(pdnkit.check(f)) == pdncheck_json(f), f


def test_oca_and_options(oca):
    assert list(pdnkit.check(oca)) == pdncheck_json(oca)
    assert list(pdnkit.check(oca, jobs=2)) == pdncheck_json(oca)
    assert list(pdnkit.check(oca, variant="english", strict=True)) == pdncheck_json("--variant", "english", "--strict", oca)
    assert list(pdnkit.check(oca, shard=(1, 3))) == pdncheck_json("--shard", "1/3", oca)
    assert list(pdnkit.check(oca, syntax_only=True, quiet=True)) == pdncheck_json("--syntax-only", "-q", oca)


def test_sources(oca):
    data = open(oca, "rb").read()[:200000]
    want = list(pdnkit.check(data))
    assert want[-1]["type"] == "summary" and want[-1]["games"] > 100
    # the same lines, named "<file>" (a file object without a name) for "<memory>"
    named = [dict(o, file="<memory>") if "file" in o else o for o in pdnkit.check(io.BytesIO(data))]
    assert named == want


def test_stopping_early_stops_the_check(oca):
    it = pdnkit.check(oca)
    first = [next(it) for _ in range(3)]
    it.close()
    assert all(o["type"] in ("diagnostic", "game") for o in first)


def test_errors():
    with pytest.raises(pdnkit.InputError):
        list(pdnkit.check("/nonexistent.pdn"))
    with pytest.raises(pdnkit.Error):
        list(pdnkit.check(b"", shard=(3, 2)))
    assert list(pdnkit.check(b""))[0]["code"] == "no-game"


def test_the_gil_is_released(oca):
    """check() runs pk_check_json on a thread of its own that writes into a pipe of 64 KB
    while this thread reads it: were the GIL held during the C call, the writer would block
    on the full pipe with the reader unable to run, and this would never end (OCA's report
    is 20 MB). A second thread replaying at the same time gives the same answers."""
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("fens", pdnkit.final_fens(oca)))
    t.start()
    n = sum(1 for o in pdnkit.check(oca) if o["type"] == "game")
    t.join(timeout=600)
    assert n == 22621 and len(box["fens"]) == 22621


def test_convert_is_pdnconv_s(oca):
    files = small_files(1 << 18)[:25] + [oca]
    modes = [({}, []), ({"notation": "algebraic", "captures": "full"}, ["--algebraic", "--full"]),
             ({"notation": "numeric", "to": "json"}, ["--numeric", "--to", "json"]), ({"to": "hub"}, ["--to", "hub"])]
    for f in files:
        for kw, args in modes if f != oca else modes[:2]:
            want = subprocess.run([tool("pdnconv"), *args, f], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")
            assert pdnkit.convert(f, **kw) == want, (f, args)
    with pytest.raises(pdnkit.Error):
        pdnkit.convert(b"", notation="roman")


def test_name_promising_another_format(tmp_path):
    # issue 31 item 9: text named .xz is read as text and said so, as pdncheck says it
    p = tmp_path / "r.pdn.xz"
    p.write_bytes(b'[GameType "20"]\n1. 32-28 *\n')
    lines = list(pdnkit.check(str(p)))
    assert lines == pdncheck_json(str(p))
    said = [o for o in lines if o.get("code") == "compression"]
    assert [(o["severity"], o["game"], o["message"]) for o in said] == [("warning", None, "not xz data; read as text")]
    assert [o["code"] for o in pdnkit.check(str(p), strict=True) if o.get("severity") == "error"] == ["compression"]
