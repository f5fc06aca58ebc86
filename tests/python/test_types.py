"""Issue 33, item 5: the package's inline type hints. mypy --strict (Debian's) passes on the
package and on a script written against its API, and finds `pos.play(42)` a type error.
Skipped where mypy is not installed (make deps-python installs it)."""
import os
import shutil
import subprocess

import pdnkit
import pytest

MYPY = shutil.which("mypy") or ("/usr/bin/mypy" if os.access("/usr/bin/mypy", os.X_OK) else None)
PKG = os.path.dirname(os.path.dirname(os.path.abspath(pdnkit.__file__)))

GOOD = '''
import pdnkit
from typing import List, Optional

board = pdnkit.Board(variant="russian")
m: pdnkit.Move = board.push_text("c3-d4")
board.push(board.legal_moves[0])
fen: str = board.fen()
back: pdnkit.Move = board.pop()
winner: Optional[str] = board.winner()
pos = pdnkit.Position(variant="english")
after: pdnkit.Position = pos.play(pos.legal_moves()[0])
n: int = pos.perft(2)
for game in pdnkit.parse("1. 11-15 23-19 *"):
    r = game.replay()
    codes: List[str] = [d.code for d in r.diagnostics]
    plies: int = r.plies
'''

BAD = '''
import pdnkit
pos = pdnkit.Position()
pos.play(42)
'''


def mypy(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    env = dict(os.environ, MYPYPATH=PKG)
    return subprocess.run([MYPY, "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(p)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=str(tmp_path))


@pytest.mark.skipif(MYPY is None, reason="mypy is not installed (make deps-python)")
def test_mypy_strict(tmp_path):
    pkg = subprocess.run([MYPY, "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), "-p", "pdnkit"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, MYPYPATH=PKG),
                         cwd=str(tmp_path))
    assert pkg.returncode == 0, pkg.stdout.decode()
    good = mypy(tmp_path, "good.py", GOOD)
    assert good.returncode == 0, good.stdout.decode()
    bad = mypy(tmp_path, "bad.py", BAD)
    out = bad.stdout.decode()
    assert bad.returncode == 1 and 'Argument 1 to "play" of "Position" has incompatible type "int"' in out, out
