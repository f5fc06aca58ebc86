"""pdnkit: draughts (checkers) game records in PDN, read, replayed and checked by libpdnkit.

The same library as the pdnkit tools, with the same answers: the rules of 15 variants,
pdncheck's diagnostics, pdnfen's FENs. C does the work with the GIL released, so threads
help.

    import pdnkit
    for game in pdnkit.read("games.pdn"):
        r = game.replay()
        if r.verdict != "valid":
            print(game.line, game.tags.get("White"), [d["code"] for d in r.diagnostics])

    for obj in pdnkit.check("games.pdn"):       # pdncheck --json, line by line
        ...
    pos = pdnkit.Position(variant="english")
    for m in pos.legal_moves():
        print(m.short, m.fen_after)

Public names: version, variants(), read(), Game, Replay, check(), final_fens(), convert(), Position,
Move, Error, InputError, FenError, MoveError, IllegalMove, UnknownVariant.
"""
import json
import os
import threading

from ._pdnkit import ffi, lib

__all__ = ["version", "variants", "read", "Game", "Replay", "check", "final_fens", "convert", "Position", "Move",
           "Error", "InputError", "FenError", "MoveError", "IllegalMove", "UnknownVariant"]

#: The version of libpdnkit this module runs with (pk_version(), "1.0.0").
version = ffi.string(lib.pk_version(ffi.NULL)).decode()
#: The package's version: the library's (python/setup.py reads the same header), so that
#: importlib.metadata.version("pdnkit") == pdnkit.__version__ == pdnkit.version.
__version__ = version


class Error(Exception):
    """Every error pdnkit raises (a bad FEN, an unreadable file, a bad argument)."""


class InputError(Error, OSError):
    """An input that cannot be opened or read (a missing file, a read error)."""


class FenError(Error, ValueError):
    """A FEN that cannot be read for the variant; .col is the 1-based column at fault."""

    def __init__(self, message, col=0):
        super().__init__(message)
        self.col = col


class MoveError(Error, ValueError):
    """A text that is not a move at all ("32x", "k9"); .col is the column at fault."""

    def __init__(self, message, col=0):
        super().__init__(message)
        self.col = col


class IllegalMove(Error, ValueError):
    """A move that is not legal in the position: .code is pdncheck's code
    ("illegal-move", "capture-required", "missed-capture", "incomplete-capture",
    "ambiguous-move") and the message pdncheck's words."""

    def __init__(self, code, message, move=None):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message
        self.move = move


class UnknownVariant(Error, ValueError):
    """A variant name pdnkit does not know (pdnkit.variants() lists the known ones)."""


def _s(p):
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else None


def _arg(text, what):
    """text as C bytes; a NUL inside is an error, never a cut."""
    if isinstance(text, str):
        text = text.encode("utf-8")
    if not isinstance(text, (bytes, bytearray)):
        raise TypeError("%s must be str or bytes, not %s" % (what, type(text).__name__))
    if b"\0" in text:
        raise Error("%s contains a NUL character" % what)
    return bytes(text)


def variants():
    """The names of the variants pdnkit plays ("international", "english", ...), in the
    library's order."""
    return [_s(lib.pk_variant_at(i).name) for i in range(lib.pk_variant_count())]


_variant_cache = {}


def _variant(name, default=None):
    """The library's row for a name, an alias or a GameType number; None when name is None
    and there is no default."""
    if name is None:
        if default is None:
            return ffi.NULL
        name = default
    key = name
    v = _variant_cache.get(key)
    if v is None:
        v = lib.pk_variant_lookup(_arg(str(name), "variant"))
        if v == ffi.NULL:
            raise UnknownVariant("unknown variant '%s' (known: %s)" % (name, ", ".join(variants())))
        _variant_cache[key] = v
    return v


# ---- inputs -------------------------------------------------------------------------------
class _Input:
    """What a source is: a path (str or os.PathLike), the PDN itself (bytes, bytearray,
    memoryview, or a str with a line break in it: no path has one), or a binary file
    object. Keeps whatever C borrows alive."""

    def __init__(self, source):
        self.path = self.data = None
        self.fd = -1
        if isinstance(source, str) and ("\n" in source or "\r" in source):
            source = source.encode("utf-8")
        if isinstance(source, (str, os.PathLike)):
            self.path = os.fsencode(source)
            if b"\0" in self.path:
                raise Error("the path contains a NUL character")
            self.name = os.fsdecode(source)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            self.data = bytes(source)
            self.name = "<memory>"
        elif hasattr(source, "read"):
            self.name = getattr(source, "name", None)
            self.name = self.name if isinstance(self.name, str) else "<file>"
            try:
                self.fd = source.fileno()
                # the descriptor is read from the file object's position on
                if source.seekable():
                    os.lseek(self.fd, source.tell(), os.SEEK_SET)
            except (AttributeError, OSError, ValueError):
                self.fd = -1
            if self.fd < 0:  # BytesIO and the like: no descriptor, read it whole
                data = source.read()
                if isinstance(data, str):
                    raise TypeError("pdnkit reads binary file objects (open(path, 'rb'))")
                self.data = bytes(data)
        else:
            raise TypeError("a source is a path, bytes or a binary file object, not %s" % type(source).__name__)
        self.cname = self.name.encode("utf-8", "surrogateescape")

    def reader(self, flags):
        """(FILE * to close after the reader, or None; the reader)."""
        err = ffi.new("pk_error *")
        f = ffi.NULL
        if self.path is not None:
            r = lib.pk_pdn_open_path(self.path, flags, err)
        elif self.data is not None:
            r = lib.pk_pdn_open_memory(self.data, len(self.data), self.cname, flags, err)
        else:
            f = self.file()
            r = lib.pk_pdn_open(f, self.cname, flags, err)
            if r == ffi.NULL:
                lib.pkpy_close(f)
        if r == ffi.NULL:
            raise InputError("%s: %s" % (self.name, _s(err.msg)))
        return f, r

    def file(self):
        """A FILE * of the input for the checking calls (closed by the caller)."""
        err = ffi.new("pk_error *")
        if self.path is not None:
            f = lib.pkpy_open_input(self.path, ffi.NULL, 0, -1, err)
        elif self.data is not None:
            f = lib.pkpy_open_input(ffi.NULL, self.data, len(self.data), -1, err)
        else:
            f = lib.pkpy_open_input(ffi.NULL, ffi.NULL, 0, self.fd, err)
        if f == ffi.NULL:
            raise InputError("%s: %s" % (self.name, _s(err.msg)))
        return f


# ---- games ---------------------------------------------------------------------------------
class Game:
    """One game as read (pdnkit.read): its record, not yet replayed.

    .tags     dict of the tag pairs, as read (a repeated tag: its first value)
    .moves    the main line's moves as written (list of str; variations are left out)
    .result   the game terminator as written ("1-0", "2-0", "*"), or None
    .variant  the variant its tags name (GameType), or None when they name none
    .line     the line where the game starts in its input (.col: its column)
    .index    its number in the input (1-based)
    .text     the game's text as it stands in the input (decoded to str)
    .errors, .warnings  what the reader found in its record (replay() says more)
    """

    __slots__ = ("tags", "moves", "result", "variant", "line", "col", "index", "text", "errors", "warnings",
                 "file", "_default")

    def __repr__(self):
        return "<pdnkit.Game %d at line %d: %s - %s, %s>" % (self.index, self.line, self.tags.get("White", "?"),
                                                             self.tags.get("Black", "?"), self.result)

    def replay(self, variant=None):
        """Replays the game under variant (a name; None: read()'s variant if it was given,
        else the one its tags name, else guessed as pdncheck guesses for a file of this one
        game) and returns a Replay."""
        data = self.text.encode("utf-8")
        opts = ffi.new("pk_check_json_opts *")
        opts.variant = _variant(variant if variant is not None else self._default)
        opts.fens = True
        lines = _run_json(_Input(data), opts)
        return Replay(self, lines)


def _game(g, name, variant_of):
    game = Game.__new__(Game)
    tags = {}
    for i in range(g.ntags):
        t = g.tags[i]
        k = _s(t.name)
        if k not in tags:
            tags[k] = _s(t.value)
    game.tags = tags
    mv = g.main.moves
    game.moves = [_s(mv[i].text) for i in range(g.main.nmoves)]
    game.result = _s(g.result.text)
    gt = tags.get("GameType")
    game.variant = variant_of(gt) if gt is not None else None
    game.line, game.col, game.index = g.line, g.col, g.index
    game.text = ffi.unpack(g.text, g.text_len).decode("utf-8", "replace") if g.text != ffi.NULL else ""
    game.errors, game.warnings = g.nerrors, g.nwarnings
    game.file = name
    game._default = None
    return game


def _gametype_variant(value, _cache={}):
    if value not in _cache:
        num = value.split(",")[0].strip()
        v = lib.pk_variant_lookup(num.encode()) if num.isdigit() else ffi.NULL
        _cache[value] = _s(v.name) if v != ffi.NULL else None
    return _cache[value]


def read(source, variant=None):
    """Iterates over the games of source: a path, a binary file object, or the PDN itself
    (bytes, or a str of more than one line). Streams: one game in memory at a time, whatever the input's size (a file
    object without a descriptor, io.BytesIO, is read whole first). Gzip, bzip2, xz and zstd
    inputs and legacy encodings are read as pdncheck reads them. variant (a name) is the
    one game.replay() uses by default. Raises InputError when the input cannot be opened.
    """
    src = _Input(source)
    default = variant
    if variant is not None:
        _variant(variant)
    f, r = src.reader(lib.PK_PDN_KEEP_TEXT)
    g = ffi.new("pk_game *")
    err = ffi.new("pk_error *")
    lib.pk_game_init(g)
    try:
        while True:
            st = lib.pk_pdn_next(r, g, ffi.NULL, err)
            if st == lib.PK_END:
                return
            if st != lib.PK_OK:
                raise InputError("%s: read error after game %d (line %d: %s)"
                                 % (src.name, g.index, err.line, _s(err.msg)))
            game = _game(g, src.name, _gametype_variant)
            game._default = default
            yield game
    finally:
        lib.pk_game_free(g)
        lib.pk_pdn_close(r)
        if f != ffi.NULL:
            lib.pkpy_close(f)


class Replay:
    """A game replayed (Game.replay()).

    .variant      the variant it was replayed under (named by its tags, or guessed)
    .variant_guessed  True when it was guessed
    .fens         the FEN before the first move and after each ply (pdnfen's notation)
    .final_fen    the FEN of the position reached (None when it could not start)
    .plies        plies replayed
    .stopped      True when the replay stopped before the end of the main line
    .diagnostics  list of dicts with pdncheck's JSON keys (severity, code, line, col, ply,
                  move, fen, message, hint, ...), lines counted in the game's input
    .draws        list of dicts (rule, kind, ply): the draw rules that applied
    .verdict      "valid" or "invalid" (pdncheck's verdict); .label its reason
                  ("ok", "errors", "result-board", "result-tag", "drawn", "draw-claimable")
    .record       the game object of pdncheck --json, as a dict
    """

    __slots__ = ("variant", "variant_guessed", "fens", "final_fen", "plies", "stopped", "diagnostics", "draws",
                 "verdict", "label", "record")

    def __init__(self, game, lines):
        dl, col = game.line - 1, game.col - 1
        self.diagnostics, self.fens, self.record = [], [], None
        for o in lines:
            kind = o.get("type")
            if kind == "diagnostic":
                o["file"] = game.file
                if o.get("game"):
                    o["game"] = game.index
                if o.get("line"):
                    if o["line"] == 1 and o.get("col"):
                        o["col"] += col
                    o["line"] += dl
                self.diagnostics.append(o)
            elif kind == "fens":
                self.fens = o["fens"]
            elif kind == "game":
                o.update(file=game.file, game=game.index, line=game.line)
                self.record = o
        rec = self.record or {}
        self.variant = rec.get("variant")
        self.variant_guessed = rec.get("variant_guessed", False)
        self.final_fen = rec.get("final_fen")
        self.plies = rec.get("plies") or 0
        self.stopped = rec.get("replay_stopped")
        self.draws = rec.get("draws", [])
        self.verdict = rec.get("verdict")
        self.label = rec.get("label")

    def __repr__(self):
        return "<pdnkit.Replay %s, %d plies, %s (%s)>" % (self.variant, self.plies, self.verdict, self.label)


# ---- checking ------------------------------------------------------------------------------
def _opts(variant, jobs, shard, strict, syntax_only, quiet, results):
    o = ffi.new("pk_check_json_opts *")
    o.variant = _variant(variant)
    o.jobs = int(jobs)
    if results not in ("first", "white"):
        raise Error("results must be 'first' or 'white'")
    o.results = 1 if results == "white" else 0
    if shard is not None:
        k, n = shard
        if not (0 < n and 0 <= k < n):
            raise Error("shard (K, N) needs 0 <= K < N")
        o.shard, o.shards = k, n
    o.strict, o.syntax_only, o.quiet = bool(strict), bool(syntax_only), bool(quiet)
    return o


def _to_memory(src, call):
    """call(FILE *in, FILE *out, pk_error *err) on src's input with a memory stream as its
    output: (its status, what it wrote, the error record)."""
    f = src.file()
    buf, size = ffi.new("char **"), ffi.new("size_t *")
    out = lib.pkpy_open_output(-1, buf, size)
    err = ffi.new("pk_error *")
    try:
        st = call(f, out, err)
    finally:
        lib.pkpy_close(out)
        lib.pkpy_close(f)
    try:
        return st, ffi.unpack(buf[0], size[0]), err
    finally:
        lib.pkpy_free(buf[0])


def _run_json(src, opts):
    """The lines of pk_check_json for src, whole, as dicts."""
    st, text, err = _to_memory(src, lambda f, out, err: lib.pk_check_json(f, src.cname, opts, out, err))
    if st not in (lib.PK_OK, lib.PK_ERR_IO):  # PK_ERR_IO: a read error, reported in the lines
        raise Error(_s(err.msg) or "checking failed")
    return [json.loads(line) for line in text.splitlines()]


def check(source, variant=None, jobs=1, shard=None, strict=False, syntax_only=False, quiet=False,
          results="first"):
    """Iterates over dicts equal to the lines `pdncheck --json` writes for source (a path,
    a binary file object, or the PDN as bytes or a str of more than one line): one per diagnostic ("type": "diagnostic") and per game
    ("type": "game"), in file order, then the summary ("type": "summary"). The options are
    pdncheck's: variant (--variant), jobs (-j), shard=(K, N) (--shard K/N), strict,
    syntax_only, quiet (-q), results ("first" or "white"). Streams: C checks on a thread of
    its own (the GIL released) while the lines are read; stopping early stops it.
    Raises InputError when the input cannot be opened.
    """
    src = _Input(source)
    opts = _opts(variant, jobs, shard, strict, syntax_only, quiet, results)
    f = src.file()
    rfd, wfd = os.pipe()
    out = lib.pkpy_open_output(wfd, ffi.NULL, ffi.NULL)
    err = ffi.new("pk_error *")
    status = []

    def work():
        try:
            status.append(lib.pk_check_json(f, src.cname, opts, out, err))
        finally:
            lib.pkpy_close(out)
            lib.pkpy_close(f)

    t = threading.Thread(target=work, name="pdnkit.check", daemon=True)
    t.start()
    try:
        with os.fdopen(rfd, "rb") as pipe:
            for line in pipe:
                yield json.loads(line)
    finally:
        t.join()
    if status and status[0] not in (lib.PK_OK, lib.PK_ERR_IO):
        raise Error(_s(err.msg) or "checking failed")


def final_fens(source, variant=None, jobs=1):
    """The final FEN of every game of source, in file order, replayed as pdncheck replays
    them (None for a game that could not be replayed): the fast path for a whole archive,
    one call into C for the input (Game.replay() costs a call per game)."""
    src = _Input(source)
    v = _variant(variant)
    games = ffi.new("long *")
    st, text, err = _to_memory(src, lambda f, out, err: lib.pk_final_fens(f, src.cname, v, int(jobs), out, games, err))
    text = text.decode()
    if st != lib.PK_OK:
        raise InputError("%s: %s" % (src.name, _s(err.msg) or "read error"))
    return [s or None for s in text.split("\n")[:-1]]


def convert(source, notation=None, captures="short", to="pdn", variant=None, jobs=1):
    """The text pdnconv writes for source (a path, a binary file object or bytes): every
    game replayed and written again as clean PDN 3.0 with its moves converted.
    notation: "numeric", "algebraic" or None (the variant's); captures: "short" (from and
    to, with a landing square more where RULES 4.3 needs it) or "full" (every landing
    square); to: "pdn", "json" or "hub" (pdnconv --to); variant, jobs as pdnconv's
    --variant and -j. pdnconv's messages on standard error are not given."""
    src = _Input(source)
    o = ffi.new("pk_convert_opts *")
    notations = {None: 0, "numeric": lib.PK_NOT_NUMERIC, "algebraic": lib.PK_NOT_ALGEBRAIC}
    targets = {"pdn": lib.PK_CONVERT_PDN, "json": lib.PK_CONVERT_JSON, "hub": lib.PK_CONVERT_HUB}
    if notation not in notations:
        raise Error("notation must be 'numeric', 'algebraic' or None, not %r" % (notation,))
    if captures not in ("short", "full"):
        raise Error("captures must be 'short' or 'full', not %r" % (captures,))
    if to not in targets:
        raise Error("to must be 'pdn', 'json' or 'hub', not %r" % (to,))
    o.notation, o.full, o.to = notations[notation], captures == "full", targets[to]
    o.variant, o.jobs = _variant(variant), int(jobs)
    st, text, err = _to_memory(src, lambda f, out, err: lib.pk_convert(f, src.cname, o, out, err))
    text = text.decode("utf-8", "replace")
    if st != lib.PK_OK:
        raise InputError("%s: %s" % (src.name, _s(err.msg) or "read error"))
    return text


# ---- positions -----------------------------------------------------------------------------
class Move:
    """A legal move of a Position (Position.legal_moves()).

    .short      PDN short form, disambiguated as RULES 4.3 says ("32-28", "28x19")
    .full       with every square of a capture's path ("31x22x13")
    .path       the squares it visits, from the origin to the destination (numbers)
    .captured   the squares of the pieces it takes, in capture order
    .fen_after  the FEN of the position after it
    """

    __slots__ = ("_pos", "_m", "_arr")

    def __init__(self, pos, arr, i):
        self._pos = pos
        self._arr = arr  # owns the memory _m points into
        self._m = arr + i

    def _name(self, bit):
        return int(self._pos._v.geom.num_of[bit])

    @property
    def short(self):
        buf = ffi.new("char[]", 256)
        lib.pkpy_move_short(self._pos._v, self._pos._p, self._m, self._pos._v.algebraic, buf, 256)
        return ffi.string(buf).decode()

    @property
    def full(self):
        buf = ffi.new("char[]", 256)
        lib.pk_move_write(self._pos._v, self._m, lib.PK_NOT_FULL, buf, 256)
        return ffi.string(buf).decode()

    @property
    def path(self):
        m = self._m
        if not m.ncap:
            return [self._name(getattr(m, "from")), self._name(m.to)]
        return [self._name(getattr(m, "from"))] + [self._name(m.path[i]) for i in range(m.ncap)]

    @property
    def captured(self):
        m = self._m
        return [self._name(m.caps[i]) for i in range(m.ncap)]

    @property
    def fen_after(self):
        p = ffi.new("pk_pos *", self._pos._p[0])
        lib.pk_make(self._pos._v, p, self._m)
        return _fen(self._pos._v, p)

    def __repr__(self):
        return "<pdnkit.Move %s>" % self.short

    def __str__(self):
        return self.short

    def __eq__(self, other):
        return isinstance(other, Move) and self._pos.fen == other._pos.fen and self.full == other.full and \
            self.captured == other.captured

    def __hash__(self):
        return hash((self.full, tuple(self.captured)))


def _fen(v, p):
    # PK_FEN_MAX holds every FEN (replay.h); pk_fen_write says the length it needs all the
    # same, so a FEN is never cut here
    size = lib.PK_FEN_MAX
    buf = ffi.new("char[]", size)
    need = lib.pk_fen_write(v, p, v.algebraic, buf, size)
    if need >= size:
        buf = ffi.new("char[]", need + 1)
        lib.pk_fen_write(v, p, v.algebraic, buf, need + 1)
    return ffi.string(buf).decode()


class Position:
    """A position of a variant: Position(fen=None, variant="international"); fen None is
    the variant's start position. Raises FenError for a FEN the variant cannot take.

    .fen, .side ("white" or "black"), .variant; legal_moves(), play(move),
    check(written), perft(depth). A Position does not change: play() returns a new one.
    """

    __slots__ = ("_v", "_p", "variant")

    def __init__(self, fen=None, variant="international"):
        v = _variant(variant)
        self._v = v
        self.variant = _s(v.name)
        self._p = ffi.new("pk_pos *")
        text = _arg(fen, "FEN") if fen is not None else ffi.string(v.start_fen)
        err = ffi.new("pk_error *")
        if lib.pk_fen_parse(v, text, len(text), self._p, ffi.NULL, err) != 0:
            raise FenError("bad FEN '%s': %s" % (text.decode("utf-8", "replace"), _s(err.msg)), err.col)

    @classmethod
    def _from(cls, v, name, p):
        pos = cls.__new__(cls)
        pos._v, pos.variant, pos._p = v, name, p
        return pos

    @property
    def fen(self):
        """The position's FEN (PDN 3.0, as pdnfen writes it)."""
        return _fen(self._v, self._p)

    @property
    def side(self):
        """The side to move: "white" or "black"."""
        return "black" if self._p.turn else "white"

    def legal_moves(self):
        """The legal moves (Move objects), in the library's order; [] when the side to move
        has lost (no legal move)."""
        cap = 32
        while True:
            out = ffi.new("pk_move[]", cap)
            n = lib.pkpy_legal(self._v, self._p, out, cap)
            if n < 0:
                raise MemoryError("out of memory")
            if n <= cap:
                return [Move(self, out, i) for i in range(n)]
            cap = n

    def count_moves(self):
        """How many legal moves there are (no Move objects made)."""
        out = ffi.new("pk_move[]", 1)
        n = lib.pkpy_legal(self._v, self._p, out, 0)
        if n < 0:
            raise MemoryError("out of memory")
        return n

    def _judge(self, written):
        text = _arg(written, "move")
        played = ffi.new("pk_move *")
        code = ffi.new("char **")
        msg = ffi.new("char[]", 1024)
        err = ffi.new("pk_error *")
        st = lib.pkpy_judge(self._v, self._p, text, len(text), played, ffi.cast("const char **", code), msg,
                            1024, err)
        if st < 0:
            raise MoveError("bad move '%s': %s" % (text.decode("utf-8", "replace"), _s(err.msg)), err.col)
        return st, played, _s(code[0]), _s(msg)

    def check(self, written):
        """None when the written move ("32-28", "c3:e5", "28x19x10") is legal here; else
        why not, as a dict {"code": ..., "message": ...} in pdncheck's code and words.
        Raises MoveError when the text is not a move at all."""
        st, _, code, msg = self._judge(written)
        return None if st == 1 else {"code": code, "message": msg}

    def play(self, move):
        """The position after move (a Move of this position, or a written move). Raises
        IllegalMove (pdncheck's code and words) when it is not legal, MoveError when the
        text is not a move."""
        if isinstance(move, Move):
            p = ffi.new("pk_pos *", self._p[0])
            lib.pk_make(self._v, p, move._m)
            return Position._from(self._v, self.variant, p)
        st, played, code, msg = self._judge(move)
        if st != 1:
            raise IllegalMove(code, msg, move)
        p = ffi.new("pk_pos *", self._p[0])
        lib.pk_make(self._v, p, played)
        return Position._from(self._v, self.variant, p)

    def perft(self, depth):
        """Move paths depth plies below the position (PERFT.md, de-duplicated captures)."""
        if depth < 0:
            raise Error("perft depth must be >= 0")
        n, err = ffi.new("uint64_t *"), ffi.new("pk_error *")
        if lib.pk_perft(self._v, self._p, int(depth), 0, n, err) != lib.PK_OK:
            raise Error(_s(err.msg))
        return n[0]

    def __repr__(self):
        return "<pdnkit.Position %s %s>" % (self.variant, self.fen)

    def __eq__(self, other):
        return isinstance(other, Position) and self.variant == other.variant and self.fen == other.fen

    def __hash__(self):
        return hash((self.variant, self.fen))
