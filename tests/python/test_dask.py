"""doc/guide.md's recipe for many machines ("The Python analyst", "Checking on a Dask cluster"),
taken from the guide's own text (issue 33 item 10), so that the recipe a reader copies is the
one tested:
- run as written, as a script (`python3 dask_check.py` from the top of the tree): it must
  start its LocalCluster (2 worker processes on 127.0.0.1, no dashboard), finish and print
  the totals of one pdncheck --json run over the same files; without its
  `if __name__ == "__main__":` guard the workers would import it again and again;
- its check_part (the recipe's text run as a module, the guard keeping its main part out)
  on a cluster of this test: the merged game objects and totals equal one pdncheck --json
  run, in the order the guide states (task order; the --shard slices one after the other,
  sorted back by (file, game))."""
import glob
import os
import re
import subprocess
import sys

import pytest
from conftest import TOP, pdncheck_json, small_files

distributed = pytest.importorskip("distributed")  # python3-distributed (make deps-python)

import pdnkit  # noqa: E402,F401  (the module the recipe's workers import)

TOTALS = ("games", "with_errors", "errors", "warnings")
GUIDE = os.path.join(TOP, "doc", "guide.md")


def recipe_text():
    with open(GUIDE, encoding="utf-8") as f:
        m = re.search(r"^```python file=dask_check\.py\n(.*?)^```$", f.read(), re.S | re.M)
    assert m, "doc/guide.md shows no dask_check.py"
    return m.group(1)


def recipe_module():
    """The recipe's names (check_part), its text run as a module not named __main__."""
    ns = {"__name__": "pk_dask_recipe"}
    exec(compile(recipe_text(), GUIDE + ":dask_check.py", "exec"), ns)
    return ns


def merge(parts):
    """The game objects of every task, and the totals of one pdncheck run over them."""
    games = [o for lines in parts for o in lines if o["type"] == "game"]
    sums = [o for lines in parts for o in lines if o["type"] == "summary"]
    totals = {k: sum(s[k] for s in sums) for k in TOTALS}
    return games, totals


def test_recipe_runs_as_written(tmp_path):
    text = recipe_text()
    assert 'if __name__ == "__main__":' in text and 'host="127.0.0.1"' in text and "dashboard_address=None" in text
    script = tmp_path / "dask_check.py"
    script.write_text(text)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run([sys.executable, str(script)], cwd=TOP, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, timeout=600, check=False)
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    # the files the recipe names, checked by one pdncheck run (the slices of the big file are
    # the whole file)
    files = sorted(os.path.relpath(f, TOP) for f in glob.glob(os.path.join(TOP, "pdn", "*.pdn")))
    big = re.search(r'big = "([^"]+)"', text).group(1)
    one_run = pdncheck_json(*[os.path.join(TOP, f) for f in files + [big]])
    totals = {k: one_run[-1][k] for k in TOTALS}
    assert run.stdout.decode().splitlines()[-1] == "%d %r" % (totals["games"], totals)


def test_recipe_merge_equals_pdncheck(oca):
    check_part = recipe_module()["check_part"]
    files = small_files(1 << 19)[:40] + [oca]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        # (1) a task per file
        by_file = client.gather(client.map(check_part, files))
        # (2) one big file, a task per --shard K/3 slice
        slices = client.gather(client.map(check_part, [oca] * 3, [(k, 3) for k in range(3)]))
    one_run = pdncheck_json(*files)
    want_games = [o for o in one_run if o["type"] == "game"]
    want_totals = {k: one_run[-1][k] for k in TOTALS}
    games, totals = merge(by_file)
    assert games == want_games and totals == want_totals  # task order: pdncheck's order
    assert one_run[-1]["files"] == len(files)

    oca_run = pdncheck_json(oca)
    games, totals = merge(slices)
    # slice 0's games (1, 4, 7, ...), then slice 1's, then slice 2's, as the guide says
    assert [o["game"] for o in games[:3]] == [1, 4, 7]
    slice_of = [(o["game"] - 1) % 3 for o in games]
    assert slice_of == sorted(slice_of)
    assert sorted(games, key=lambda o: (o["file"], o["game"])) == [o for o in oca_run if o["type"] == "game"]
    assert totals == {k: oca_run[-1][k] for k in TOTALS}
