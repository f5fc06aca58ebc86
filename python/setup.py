"""What python/pyproject.toml cannot say itself: the version, read from the library's header
(the C library's version is the package's: pdnkit.__version__ == pk_version()), and the cffi
extension pdnkit._pdnkit (python/build_ffi.py: its ffi, the library's C compiled in).

`make wheel` runs it through pip (mk/python.mk) with PDNKIT_OBJECTS, the library's -fPIC
objects make built, and PDNKIT_BUILD_BASE, where setuptools works (under build/, not in
python/). Without them (pip install ./python by hand) the library's sources are compiled
here and setuptools works in python/build.
"""
import os
import platform
import re

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "..", "include", "pdnkit", "pk_common.h"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"^#define PDNKIT_VERSION_%s +(\d+)$" % k, text, re.M) for k in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise SystemExit("setup.py: no PDNKIT_VERSION_MAJOR/MINOR/PATCH in include/pdnkit/pk_common.h")
    return ".".join(p.group(1) for p in parts)


options = {}
base = os.environ.get("PDNKIT_BUILD_BASE")
if base:
    os.makedirs(base, exist_ok=True)
    options = {"build": {"build_base": base}, "egg_info": {"egg_base": base}}
# cffi builds CPython's extension on the stable ABI (_pdnkit.abi3.so): one wheel for
# CPython 3.9 and later, tagged so (cp39-abi3); PyPy's wheel is PyPy's own
if platform.python_implementation() == "CPython":
    options["bdist_wheel"] = {"py_limited_api": "cp39"}

setup(version=version(), cffi_modules=["build_ffi.py:ffi"], options=options)
