"""The module itself: version, variants, help, errors as exceptions."""
import subprocess

import pdnkit
import pytest
from conftest import tool


def test_version_is_the_library_s():
    out = subprocess.run([tool("pdncheck"), "--version"], stdout=subprocess.PIPE, check=True).stdout.decode()
    assert out.split()[-1] == pdnkit.version


def test_variants_are_pdncheck_s():
    out = subprocess.run([tool("pdncheck"), "--list-variants"], stdout=subprocess.PIPE, check=True).stdout.decode()
    names = [line.split()[0] for line in out.splitlines()[1:] if line.strip()]
    assert pdnkit.variants() == names
    assert "international" in names and "english" in names and len(names) >= 14


def test_help_documents_every_public_name():
    for name in pdnkit.__all__:
        obj = getattr(pdnkit, name)
        if isinstance(obj, str):
            continue
        assert obj.__doc__ and len(obj.__doc__.strip()) > 20, name
        for attr, member in vars(obj).items() if isinstance(obj, type) else ():
            if not attr.startswith("_") and callable(member):
                assert member.__doc__, "%s.%s" % (name, attr)
    assert "final_fens" in pdnkit.__doc__


def test_exceptions_are_errors():
    for e in (pdnkit.InputError, pdnkit.FenError, pdnkit.MoveError, pdnkit.IllegalMove, pdnkit.UnknownVariant):
        assert issubclass(e, pdnkit.Error)
    with pytest.raises(pdnkit.UnknownVariant, match="unknown variant 'klingon'"):
        pdnkit.Position(variant="klingon")
    with pytest.raises(pdnkit.InputError, match="cannot open"):
        list(pdnkit.read("/nonexistent/games.pdn"))
    with pytest.raises(pdnkit.Error, match="NUL"):
        list(pdnkit.read("games\0.pdn"))
    with pytest.raises(pdnkit.Error, match="NUL"):
        pdnkit.Position("W:W31\0:B1", variant="international")
    with pytest.raises(TypeError):
        list(pdnkit.read(42))
