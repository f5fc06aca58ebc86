"""doc/guide.md's recipe for many machines ("The Python analyst", "Checking on a Dask cluster"):
a LocalCluster of 2 worker processes on the loopback, one task per corpus file and one
per --shard K/N slice of OCA; the merged game objects and totals must equal one
pdncheck --json run over the same files."""
import os

import pytest
from conftest import pdncheck_json, small_files

distributed = pytest.importorskip("distributed")  # python3-distributed (make deps-python)

import pdnkit  # noqa: E402

TOTALS = ("games", "with_errors", "errors", "warnings")


# ---- the recipe, as doc/guide.md shows it -----------------------------------------------
def check_part(path, shard=None):
    """One task: the pdncheck --json lines of one file, or of one slice of it."""
    return list(pdnkit.check(path, shard=shard))


def merge(parts):
    """The game objects of every task, and the totals of one pdncheck run over them."""
    games = [o for lines in parts for o in lines if o["type"] == "game"]
    sums = [o for lines in parts for o in lines if o["type"] == "summary"]
    totals = {k: sum(s[k] for s in sums) for k in TOTALS}
    return games, totals


def test_dask_recipe_equals_pdncheck(oca, tmp_path):
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
    assert games == want_games and totals == want_totals
    assert one_run[-1]["files"] == len(files)

    oca_run = pdncheck_json(oca)
    games, totals = merge(slices)
    key = lambda o: o["game"]  # noqa: E731
    assert sorted(games, key=key) == [o for o in oca_run if o["type"] == "game"]
    assert totals == {k: oca_run[-1][k] for k in TOTALS}
