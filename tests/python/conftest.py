"""Shared fixtures of the Python module's tests (tests/scripts/python.sh runs them with
pytest): where the corpora and the tools are, and pdncheck's own JSON for comparison."""
import glob
import json
import os
import subprocess

import pytest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(TOP, os.environ.get("BUILD", "build"))
CORPORA = os.environ.get("CORPORA", os.path.join(BUILD, "corpora"))
OCA = os.path.join(CORPORA, "english", "oca", "OCA_2.0.pdn")


def tool(name):
    return os.path.join(BUILD, "bin", name)


def pdncheck_json(*args):
    """The lines of `pdncheck --json ARGS` as dicts."""
    out = subprocess.run([tool("pdncheck"), "--json", *args], stdout=subprocess.PIPE, check=False).stdout
    return [json.loads(line) for line in out.decode().splitlines()]


def small_files(limit=1 << 20):
    """Every corpus .pdn file under limit bytes (the ones every test can afford), sorted."""
    files = sorted(glob.glob(os.path.join(CORPORA, "**", "*.pdn"), recursive=True))
    return [f for f in files if os.path.getsize(f) < limit]


@pytest.fixture(scope="session")
def oca():
    assert os.path.exists(OCA), "the corpora are unpacked by make (make corpora)"
    return OCA
