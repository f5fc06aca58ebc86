"""Whole inputs at once (pdncheck --json, final FENs, pdnconv), C on a thread of its own
with the GIL released."""
import json as _json
import os as _os
import threading as _threading
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ._core import cstr0, int_arg, variant_or_null
from ._errors import ArgumentError, Error
from ._input import Input
from ._pdnkit import ffi, lib


def _opts(variant: Optional[str], jobs: int, shard: Optional[Tuple[int, int]], strict: bool, syntax_only: bool,
          quiet: bool, results: str) -> Any:
    o = ffi.new("pk_check_json_opts *")
    o.variant = variant_or_null(variant)
    o.jobs = int_arg(jobs, "jobs", 1)
    if results not in ("first", "white"):
        raise ArgumentError("results must be 'first' or 'white', not %r" % (results,))
    o.results = 1 if results == "white" else 0
    if shard is not None:
        if not isinstance(shard, tuple) or len(shard) != 2:
            raise TypeError("shard must be a tuple (K, N)")
        k, n = int_arg(shard[0], "shard K"), int_arg(shard[1], "shard N")
        if not (0 < n and 0 <= k < n):
            raise ArgumentError("shard (K, N) needs 0 <= K < N, not (%d, %d)" % (k, n))
        o.shard, o.shards = k, n
    o.strict, o.syntax_only, o.quiet = bool(strict), bool(syntax_only), bool(quiet)
    return o


def _to_memory(src: Input, call: Callable[[Any, Any, Any], int]) -> Tuple[int, bytes, Any]:
    """call(FILE *in, FILE *out, pk_error *err) on src's input with a memory stream as its
    output: (its status, what it wrote, the error record)."""
    f = src.open_file()
    buf, size = ffi.new("char **"), ffi.new("size_t *")
    out = lib.pkpy_open_output(-1, buf, size)
    err = ffi.new("pk_error *")
    try:
        st = call(f, out, err)
    finally:
        lib.pkpy_close(out)
        lib.pkpy_close(f)
    try:
        return int(st), bytes(ffi.unpack(buf[0], size[0])), err
    finally:
        lib.pkpy_free(buf[0])


def run_json(src: Input, opts: Any, guess: Any = None, pick_first: bool = False) -> List[Dict[str, Any]]:
    """The lines of pk_check_json for src, whole, as dicts; guess: the file's guess of the
    variant (NULL: src's own), pick_first as pdncheck --pick-first."""
    g = ffi.NULL if guess is None else guess
    st, text, err = _to_memory(src, lambda f, out, err: int(lib.pk_check_json_guessed(f, src.cname, opts, g,
                                                                                       pick_first, out, err)))
    if st not in (lib.PK_OK, lib.PK_ERR_IO):  # PK_ERR_IO: a read error, reported in the lines
        raise Error(cstr0(err.msg) or "checking failed")
    return [_json.loads(line) for line in text.splitlines()]


def check(source: Any = None, variant: Optional[str] = None, jobs: int = 1, shard: Optional[Tuple[int, int]] = None,
          strict: bool = False, syntax_only: bool = False, quiet: bool = False, results: str = "first", *,
          text: Optional[str] = None) -> Iterator[Dict[str, Any]]:
    """Iterates over dicts equal to the lines `pdncheck --json` writes for source (a path,
    a file object, bytes, or PDN text given as text=...): one per diagnostic ("type":
    "diagnostic") and per game ("type": "game"), in file order, then the summary ("type":
    "summary"). The options are pdncheck's: variant (--variant), jobs (-j, >= 1),
    shard=(K, N) (--shard K/N), strict, syntax_only, quiet (-q), results ("first" or
    "white"). Streams: C checks on a thread of its own (the GIL released) while the lines
    are read; stopping early stops it. Bad arguments and an input that cannot be opened
    raise at the call (TypeError, ValueError, InputError)."""
    src = Input(source, text)
    opts = _opts(variant, jobs, shard, strict, syntax_only, quiet, results)
    f = src.open_file()
    return _check_lines(src, opts, f)


def _check_lines(src: Input, opts: Any, f: Any) -> Iterator[Dict[str, Any]]:
    rfd, wfd = _os.pipe()
    out = lib.pkpy_open_output(wfd, ffi.NULL, ffi.NULL)
    err = ffi.new("pk_error *")
    status: List[int] = []

    def work() -> None:
        try:
            status.append(lib.pk_check_json(f, src.cname, opts, out, err))
        finally:
            lib.pkpy_close(out)
            lib.pkpy_close(f)

    t = _threading.Thread(target=work, name="pdnkit.check", daemon=True)
    t.start()
    try:
        with _os.fdopen(rfd, "rb") as pipe:
            for line in pipe:
                yield _json.loads(line)
    finally:
        t.join()
    if status and status[0] not in (lib.PK_OK, lib.PK_ERR_IO):
        raise Error(cstr0(err.msg) or "checking failed")


def final_fens(source: Any = None, variant: Optional[str] = None, jobs: int = 1, *,
               text: Optional[str] = None) -> List[Optional[str]]:
    """The final FEN of every game of source, in file order, replayed as pdncheck replays
    them (None for a game that could not be replayed): the fast path for a whole archive,
    one call into C for the input (Game.replay() costs a call per game)."""
    src = Input(source, text)
    v = variant_or_null(variant)
    j = int_arg(jobs, "jobs", 1)
    games = ffi.new("long *")
    st, out, err = _to_memory(src, lambda f, o, e: int(lib.pk_final_fens(f, src.cname, v, j, o, games, e)))
    if st != lib.PK_OK:
        raise src.error(cstr0(err.msg) or "read error")
    return [s or None for s in out.decode().split("\n")[:-1]]


def convert(source: Any = None, notation: Optional[str] = None, captures: str = "short", to: str = "pdn",
            variant: Optional[str] = None, jobs: int = 1, *, text: Optional[str] = None) -> str:
    """The text pdnconv writes for source (a path, a file object, bytes, or text=...):
    every game replayed and written again as clean PDN 3.0 with its moves converted.
    notation: "numeric", "algebraic" or None (the variant's); captures: "short" (from and
    to, with a landing square more where RULES 4.3 needs it) or "full" (every landing
    square); to: "pdn", "json" or "hub" (pdnconv --to); variant, jobs as pdnconv's
    --variant and -j. pdnconv's messages on standard error are not given."""
    src = Input(source, text)
    o = ffi.new("pk_convert_opts *")
    notations = {None: 0, "numeric": lib.PK_NOT_NUMERIC, "algebraic": lib.PK_NOT_ALGEBRAIC}
    targets = {"pdn": lib.PK_CONVERT_PDN, "json": lib.PK_CONVERT_JSON, "hub": lib.PK_CONVERT_HUB}
    if notation not in notations:
        raise ArgumentError("notation must be 'numeric', 'algebraic' or None, not %r" % (notation,))
    if captures not in ("short", "full"):
        raise ArgumentError("captures must be 'short' or 'full', not %r" % (captures,))
    if to not in targets:
        raise ArgumentError("to must be 'pdn', 'json' or 'hub', not %r" % (to,))
    o.notation, o.full, o.to = notations[notation], captures == "full", targets[to]
    o.variant, o.jobs = variant_or_null(variant), int_arg(jobs, "jobs", 1)
    st, out, err = _to_memory(src, lambda f, w, e: int(lib.pk_convert(f, src.cname, o, w, e)))
    if st != lib.PK_OK:
        raise src.error(cstr0(err.msg) or "read error")
    return out.decode("utf-8", "replace")
