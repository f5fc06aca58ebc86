# The cffi extension module (python/build_ffi.py): typed loosely, its C is checked by cffi.
from typing import Any

ffi: Any
lib: Any
