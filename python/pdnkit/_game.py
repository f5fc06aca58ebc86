"""Games (issue 33, items 2, 3, 7): read() and parse() stream the games of an input, a Game
gives its record (tags, moves, comments, NAGs, variations), replays as pdncheck does and
is written back as PDN (str(game), write())."""
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from ._core import cstr, cstr0, variant_or_null, variant_row
from ._diag import Diagnostic
from ._input import Input
from ._pdnkit import ffi, lib

Note = Tuple[int, str]


class Game:
    """One game: as read (pdnkit.read, pdnkit.parse), or built
    (Game(tags={...}, moves=["32-28", ...], result="1-0")).

    .tags     dict of the tag pairs (a repeated tag: its first value)
    .moves    the main line's moves as written (list of str)
    .result   the game terminator ("1-0", "2-0", "*"), or None
    .variant  the variant its tags name (GameType), or None when they name none
    .line     the line where the game starts in its input (.col: its column; 0 when built)
    .index    its number in the input (1-based)
    .text     the game's text as it stands in the input (decoded to str; "" when built)
    .errors, .warnings  what the reader found in its record (replay() says more)
    .comments  [(ply, text)]: each comment after that many plies of the main line
    .nags      [(ply, n)]: each $n after the ply-th move
    .variations [(ply, [moves])]: each variation, replacing the ply-th move (1-based)
    str(game) is the game written as PDN; replay() replays it as pdncheck does.
    """

    __slots__ = ("_tags", "_moves", "_result", "variant", "_info", "_text", "file", "_default", "_guess", "_notes",
                 "_live", "_raw")
    # a game read keeps what the reader gave as one bytes object (_raw, laid out by
    # pkpy_game_blob: text, tags, moves, result) and its numbers (_info: index, line, col,
    # errors, warnings, cut, the ends of the parts in _raw...); its text, tags, moves and
    # result are cut from _raw and decoded when first asked for (None until then), so
    # that a loop that only replays pays for none of them (issue 33 item 9)
    _text: Union[str, bytes, None]
    _moves: Optional[List[str]]
    _tags: Optional[Dict[str, str]]
    _info: List[int]
    _raw: Optional[bytes]

    def __init__(self, tags: Optional[Dict[str, str]] = None, moves: Optional[Iterable[str]] = None,
                 result: Optional[str] = "*", comments: Iterable[Note] = (), nags: Iterable[Tuple[int, int]] = (),
                 variations: Iterable[Tuple[int, List[str]]] = ()) -> None:
        self.tags = dict(tags or {})
        for k, v in self.tags.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError("tags are str names and str values")
        self.moves = [str(m) for m in (moves or [])]
        self._raw = None
        self._info = [1, 0, 0, 0, 0, 0]
        self._result = result
        gt = self.tags.get("GameType")
        self.variant = _gametype_variant(gt) if gt is not None else None
        self.text = ""
        self.file = "<game>"
        self._default: Optional[str] = None
        self._guess: Any = None
        self._live: Optional[_ReaderState] = None
        self._notes: Optional[Tuple[List[Note], List[Tuple[int, int]], List[Tuple[int, List[str]]]]] = (
            list(comments), list(nags), [(p, list(ms)) for p, ms in variations])

    @property
    def tags(self) -> Dict[str, str]:
        """The tag pairs (a repeated tag: its first value)."""
        t = self._tags
        if t is None:
            raw, info = self._raw or b"", self._info
            words = raw[info[6]:info[7]].decode("utf-8", "replace").split("\0")
            t = {}
            for i in range(0, len(words) - 1, 2):
                if words[i] not in t:  # a repeated tag: its first value
                    t[words[i]] = words[i + 1]
            self._tags = t
        return t

    @tags.setter
    def tags(self, value: Dict[str, str]) -> None:
        self._tags = value

    @property
    def text(self) -> str:
        """The game's text as it stands in the input ("" when built)."""
        t = self._text
        if not isinstance(t, str):
            t = self._text_bytes().decode("utf-8", "replace")
            self._text = t
        return t

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    def _text_bytes(self) -> bytes:
        """The game's text as the reader read it (b"" when built)."""
        t = self._text
        if t is None:
            t = (self._raw or b"")[:self._info[6]]
            self._text = t
        return t if isinstance(t, bytes) else t.encode("utf-8")

    @property
    def moves(self) -> List[str]:
        """The main line's moves as written."""
        m = self._moves
        if m is None:
            info = self._info
            m = (self._raw or b"")[info[7]:info[8] - 1].decode("utf-8", "replace").split("\n") if info[8] > info[7] else []
            self._moves = m
        return m

    @moves.setter
    def moves(self, value: List[str]) -> None:
        self._moves = list(value)

    @property
    def result(self) -> Optional[str]:
        """The game terminator ("1-0", "2-0", "*"), or None."""
        r = self._result
        if r is _UNREAD:
            info = self._info
            r = (self._raw or b"")[info[8]:info[9]].decode("utf-8", "replace") if info[11] else None
            self._result = r
        return r

    @result.setter
    def result(self, value: Optional[str]) -> None:
        self._result = value

    # the numbers: _info's first fields
    @property
    def index(self) -> int:
        """The game's number in its input (1-based)."""
        return self._info[0]

    @index.setter
    def index(self, value: int) -> None:
        self._info[0] = value

    @property
    def line(self) -> int:
        """The line where the game starts in its input (0 when built)."""
        return self._info[1]

    @line.setter
    def line(self, value: int) -> None:
        self._info[1] = value

    @property
    def col(self) -> int:
        """The column where the game starts in its input (0 when built)."""
        return self._info[2]

    @col.setter
    def col(self, value: int) -> None:
        self._info[2] = value

    @property
    def errors(self) -> int:
        """The errors the reader found in its record."""
        return self._info[3]

    @errors.setter
    def errors(self, value: int) -> None:
        self._info[3] = value

    @property
    def warnings(self) -> int:
        """The warnings the reader found in its record."""
        return self._info[4]

    @warnings.setter
    def warnings(self, value: int) -> None:
        self._info[4] = value

    def __repr__(self) -> str:
        return "<pdnkit.Game %d at line %d: %s - %s, %s>" % (self.index, self.line, self.tags.get("White", "?"),
                                                             self.tags.get("Black", "?"), self.result)

    # ---- notes ----
    def _read_notes(self) -> Tuple[List[Note], List[Tuple[int, int]], List[Tuple[int, List[str]]]]:
        if self._notes is None:
            self._notes = _notes_of(self.text)
        return self._notes

    @property
    def comments(self) -> List[Note]:
        """[(ply, text)]: the main line's comments, each after that many plies."""
        return self._read_notes()[0]

    @property
    def nags(self) -> List[Tuple[int, int]]:
        """[(ply, n)]: the main line's $n, each after its ply-th move."""
        return self._read_notes()[1]

    @property
    def variations(self) -> List[Tuple[int, List[str]]]:
        """[(ply, moves)]: the main line's variations, each replacing its ply-th move."""
        return self._read_notes()[2]

    # ---- replay ----
    def replay(self, variant: Optional[str] = None, pick_first: bool = False) -> "Replay":
        """Replays the game under variant (a name; None: read()'s variant if it was given,
        else the one its tags name, else the guess of its file, as pdncheck guesses) and
        returns a Replay. pick_first: an ambiguous move goes on with the first candidate
        (pdncheck --pick-first)."""
        if not isinstance(pick_first, bool):
            raise TypeError("pick_first must be a bool, not %s" % type(pick_first).__name__)
        if variant is None:
            variant = self._default
        v = _NULL if variant is None else variant_row(variant)
        guess = self._guess.get() if v == _NULL and self.variant is None and self._guess is not None else _NULL
        r = Replay.__new__(Replay)
        r._args = (self, v, guess, pick_first)
        r._diagnostics = None
        state = self._live
        if state is not None and state.game is self:
            # the game the reader holds: replayed as read, its text not read again; what
            # only pdncheck's report gives (diagnostics, FENs, the record) on demand
            fen = state.fen
            packed = lib.pkpy_replay_fast(state.g, state.cname, v, guess, pick_first, fen)
            if packed >= 0:
                r._packed = packed
                r.final_fen = ffi.string(fen).decode("utf-8", "replace") or None
                return r
        elif self._raw is not None and self._info[3] == 0 and not self._info[5]:
            # a game read without error, kept after its reader moved on: its text read
            # again alone, the same text the slow path would read (pkpy_replay_text)
            text, raw, info = self._text_bytes(), self._raw, self._info
            fen = ffi.new("char[]", lib.PK_FEN_MAX)
            packed = lib.pkpy_replay_text(text, len(text), self.file.encode("utf-8", "surrogateescape"), v, guess,
                                          pick_first, raw.count(b"\n", info[7], info[8]),
                                          raw[info[8]:info[9]] if info[11] else _NULL, fen)
            if packed >= 0:
                r._packed = packed
                r.final_fen = ffi.string(fen).decode("utf-8", "replace") or None
                return r
        r._full()
        return r

    # ---- pickle and copies ----
    # A game read pickles with what replay() needs to give the same answer in another
    # process: its text as read, its record, the reader's variant and its file's guess of
    # the variant (as counts, _save_guess), not the reader it came from.
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        guess = None
        if self._guess is not None and self._default is None and self.variant is None:
            guess = _save_guess(self._guess.get())
        return (_rebuild_game, (self.tags, self.moves, self.result, self.variant, self.line, self.col, self.index,
                                self._text_bytes(), self.errors, self.warnings, self.file, self._default,
                                self._notes, guess))

    def __copy__(self) -> "Game":
        return self._copy(lambda x: x)

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        import copy
        return self._copy(lambda x: copy.deepcopy(x, memo))

    def _copy(self, each: Any) -> "Game":
        game = Game.__new__(Game)
        game._raw, game._info = self._raw, list(self._info)
        game._tags, game._moves, game._notes = each(self._tags), each(self._moves), each(self._notes)
        game._result, game.variant, game._text, game.file = self._result, self.variant, self._text, self.file
        game._default = self._default
        game._guess = self._guess  # the file's guess: the same for every copy, read once
        game._live = None  # a copy is replayed from its text, whatever the reader does
        return game

    # ---- writing ----
    def __str__(self) -> str:
        return _write_game(self)

    def pdn(self) -> str:
        """The game written as PDN (str(game))."""
        return _write_game(self)


def _variant_name(index: int, _cache: Dict[int, str] = {}) -> str:
    """The name of the variant of index (pk_variant.index)."""
    name = _cache.get(index)
    if name is None:
        for i in range(lib.pk_variant_count()):
            v = lib.pk_variant_at(i)
            _cache[int(v.index)] = cstr0(v.name)
        name = _cache[index]
    return name


def _label_key(label: int, _cache: Dict[int, str] = {}) -> str:
    """pdncheck's key of a verdict's label (enum pk_label): "ok", "errors"..."""
    key = _cache.get(label)
    if key is None:
        key = _cache[label] = cstr0(lib.pk_label_key(label))
    return key


def _gametype_variant(value: str, _cache: Dict[str, Optional[str]] = {}) -> Optional[str]:
    if value not in _cache:
        num = value.split(",")[0].strip()
        v = lib.pk_variant_lookup(num.encode()) if num.isdigit() else ffi.NULL
        _cache[value] = cstr(v.name) if v != ffi.NULL else None
    return _cache[value]


_UNREAD: Any = object()  # Game._result not yet cut from _raw
_NULL = ffi.NULL
_INFO_N = lib.PKPY_INFO_N


def _gametype_raw(raw: bytes, _cache: Dict[bytes, Optional[str]] = {}) -> Optional[str]:
    """The variant a GameType tag's value (the reader's bytes) names, or None."""
    v = _cache.get(raw, _UNREAD)
    if v is _UNREAD:
        v = _cache[raw] = _gametype_variant(raw.decode("utf-8", "replace"))
    return v


def _notes_of(text: str) -> Tuple[List[Note], List[Tuple[int, int]], List[Tuple[int, List[str]]]]:
    comments: List[Note] = []
    nags: List[Tuple[int, int]] = []
    variations: List[Tuple[int, List[str]]] = []
    data = text.encode("utf-8")
    err = ffi.new("pk_error *")
    r = lib.pk_pdn_open_memory(data, len(data), b"<game>", 0, err)
    if r == ffi.NULL:
        return comments, nags, variations
    g = ffi.new("pk_game *")
    lib.pk_game_init(g)
    try:
        if lib.pk_pdn_next(r, g, ffi.NULL, err) == lib.PK_OK:
            def walk(n: Any, ply: int, var_ply: int) -> None:
                while n != ffi.NULL:
                    if n.kind in (0, 1):  # PK_NOTE_COMMENT, PK_NOTE_LINE
                        comments.append((ply, cstr0(n.text).strip()))
                    elif n.kind == 2 and n.nag >= 0:
                        nags.append((ply, int(n.nag)))
                    elif n.kind == 4 and n.line != ffi.NULL:
                        ln = n.line
                        variations.append((var_ply, [cstr0(ln.moves[i].text) for i in range(ln.nmoves)]))
                    n = n.next
            main = g.main
            walk(lib.pkpy_line_pre(ffi.addressof(main)), 0, 0)
            for i in range(main.nmoves):
                m = ffi.addressof(main.moves[i])
                walk(lib.pkpy_move_before(m), i, i + 1)
                walk(lib.pkpy_move_after(m), i + 1, i + 1)
    finally:
        lib.pk_game_free(g)
        lib.pk_pdn_close(r)
    return comments, nags, variations


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def _write_game(game: Game, width: int = 80) -> str:
    """A game as PDN: the seven-tag roster first, the movetext numbered from the side that
    moves first (the FEN tag's side, else the variant's first mover), comments, NAGs and
    variations where they stand, lines of at most width columns, the result."""
    tags = dict(game.tags)
    result = game.result or tags.get("Result") or "*"
    if game.result is not None and "Result" in tags:
        tags["Result"] = game.result
    names = [k for k in _ROSTER if k in tags] + [k for k in tags if k not in _ROSTER]
    head = "".join('[%s "%s"]\n' % (k, _escape(tags[k])) for k in names)
    v = variant_row(game.variant or game._default or "international")
    first = "B" if v.first else "W"
    fen = tags.get("FEN", "").strip()
    side = fen[:1].upper() if fen[:1].upper() in ("W", "B") else first
    comments, nags, variations = game._read_notes()
    by_ply: Dict[int, List[str]] = {}
    for p, c in comments:
        by_ply.setdefault(p, []).append("{%s}" % c.replace("}", ")"))
    for p, n in nags:
        by_ply.setdefault(p, []).insert(0, "$%d" % n)
    for p, ms in variations:
        by_ply.setdefault(p, []).append("(%s)" % _movetext(ms, side if p % 2 else _other(side), first, p - 1))
    words = list(by_ply.get(0, []))
    words.extend(_numbered(game.moves, side, first, 0, by_ply))
    words.append(result)
    lines: List[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = cur + " " + w if cur else w
    lines.append(cur)
    return head + "\n" + "\n".join(lines) + "\n"


def _other(side: str) -> str:
    return "B" if side == "W" else "W"


def _numbered(moves: List[str], side: str, first: str, start: int, by_ply: Dict[int, List[str]]) -> List[str]:
    words: List[str] = []
    mover = side
    number = 1
    after_note = False
    for i, m in enumerate(moves):
        if mover == first:
            words.append("%d." % number)
        elif i == 0 or after_note:
            words.append("%d..." % number)
        words.append(m)
        notes = by_ply.get(start + i + 1, []) if by_ply else []
        words.extend(notes)
        after_note = bool(notes)
        if mover != first:
            number += 1
        mover = _other(mover)
    return words


def _movetext(moves: List[str], side: str, first: str, start: int) -> str:
    return " ".join(_numbered(moves, side, first, start, {}))


def read(source: Any = None, variant: Optional[str] = None, *, text: Union[str, bytes, None] = None) -> Iterator[Game]:
    """Iterates over the games of source: a path (str or os.PathLike), a file object
    (text or binary, read from where it stands, a pipe too), or bytes holding PDN; PDN
    text in a str is given as text=... (or pdnkit.parse(text)): a str source is always a
    path. Streams: one game in memory at a time (a file object without a descriptor,
    io.BytesIO, is read whole first). Gzip, bzip2, xz and zstd inputs and legacy encodings
    are read as pdncheck reads them. variant (a name) is the one game.replay() uses by
    default. Raises at the call: TypeError, UnknownVariant, InputError (an OSError:
    FileNotFoundError for a missing file)."""
    src = Input(source, text)
    if variant is not None:
        variant_row(variant)
    f, r = src.reader(lib.PK_PDN_KEEP_TEXT)
    return _games(src, f, r, variant)


def parse(text: Union[str, bytes], variant: Optional[str] = None) -> Iterator[Game]:
    """The games of PDN text (str or bytes): read(text=text, variant=variant)."""
    if not isinstance(text, (str, bytes, bytearray, memoryview)):
        raise TypeError("parse takes PDN text (str or bytes), not %s" % type(text).__name__)
    return read(text=bytes(text) if not isinstance(text, str) else text, variant=variant)


class _Guess:
    """The file's guess of the variant, made on the first replay that needs it."""

    __slots__ = ("src", "value")

    def __init__(self, src: Optional[Input]) -> None:
        self.src: Optional[Input] = src
        self.value: Any = ffi.NULL

    def get(self) -> Any:
        if self.src is not None:
            self.value = self.src.guess()
            self.src = None
        return self.value


def _save_guess(value: Any) -> Optional[Tuple[int, Dict[str, int], Tuple[int, ...]]]:
    """A file's guess (pk_file_guess) as plain values: the games counted, each variant's
    votes by name (the table's order may differ in the process that loads it), the counts
    of the notations."""
    if value == ffi.NULL:
        return None
    n = lib.pk_file_guess_size()
    raw = ffi.new("int[]", n)
    lib.pk_file_guess_save(value, raw)
    count = lib.pk_variant_count()
    fit = {cstr0(lib.pk_variant_at(i).name): int(raw[1 + i]) for i in range(count) if raw[1 + i]}
    return int(raw[0]), fit, tuple(int(raw[i]) for i in range(1 + count, n))


def _load_guess(saved: Optional[Tuple[int, Dict[str, int], Tuple[int, ...]]],
                _cache: Dict[Any, "_Guess"] = {}) -> Optional["_Guess"]:
    """The _Guess of _save_guess's values: one per distinct guess in this process (the games
    of one file share it, as they do in the reader's)."""
    if saved is None:
        return None
    key = (saved[0], tuple(sorted(saved[1].items())), tuple(saved[2]))
    guess = _cache.get(key)
    if guess is None:
        n = lib.pk_file_guess_size()
        count = lib.pk_variant_count()
        if len(saved[2]) != n - 1 - count:
            raise ValueError("a pickled game's file guess from another build of pdnkit")
        raw = ffi.new("int[]", n)
        raw[0] = saved[0]
        for name, votes in saved[1].items():
            raw[1 + variant_row(name).index] = votes
        for i, c in enumerate(saved[2]):
            raw[1 + count + i] = c
        value = ffi.gc(lib.pk_file_guess_new(), lib.pk_file_guess_free)
        if value == ffi.NULL:
            raise MemoryError("no memory for a file's guess")
        err = ffi.new("pk_error *")
        if lib.pk_file_guess_load(value, raw, n, err) != 0:
            raise ValueError("a pickled game's file guess: " + cstr0(err.msg))
        guess = _cache[key] = _Guess(None)
        guess.value = value
    return guess


def _rebuild_game(tags: Any, moves: Any, result: Optional[str], variant: Optional[str], line: int, col: int,
                  index: int, text: Union[str, bytes], errors: int, warnings: int, file: str,
                  default: Optional[str], notes: Any, guess: Any) -> Game:
    """A pickled Game (Game.__reduce__)."""
    game = Game.__new__(Game)
    game._raw, game._info = None, [index, line, col, errors, warnings, 0]
    game._tags, game._moves, game._result, game.variant = tags, moves, result, variant
    game._text, game.file, game._default = text, file, default
    game._notes = notes
    game._guess = _load_guess(guess)
    game._live = None
    return game


class _ReaderState:
    """The game the reader holds now (its pk_game is reused for the next one): .game is the
    Game made of it while it stands, when the reader read it without error (then replay()
    replays it as read)."""

    __slots__ = ("g", "game", "cname", "fen")

    def __init__(self, g: Any, cname: bytes) -> None:
        self.g = g
        self.game: Optional[Game] = None
        self.cname = cname
        # the fast replay's FEN, made once per reader (its game is one object anyway)
        self.fen = ffi.new("char[]", lib.PK_FEN_MAX)


def _games(src: Input, f: Any, r: Any, default: Optional[str]) -> Iterator[Game]:
    # one C call per game (pkpy_next_game) and one bytes object of what it holds; the
    # buffers are the reader's, not made per game (issue 33 item 9)
    guess = _Guess(src)
    g = ffi.new("pk_game *")
    state = _ReaderState(g, src.cname)
    err = ffi.new("pk_error *")
    info_c = ffi.new("long long[]", _INFO_N)
    size = 1 << 16
    buf = ffi.new("char[]", size)
    name = src.name
    nxt, blob, unpack, buffer, new = lib.pkpy_next_game, lib.pkpy_game_blob, ffi.unpack, ffi.buffer, Game.__new__
    ok = lib.PK_OK
    lib.pk_game_init(g)
    try:
        while True:
            st = nxt(r, g, err, info_c, buf, size)
            if st != ok:
                if st == lib.PK_END:
                    return
                raise src.error("read error after game %d (line %d: %s)" % (g.index, err.line, cstr0(err.msg)))
            info = unpack(info_c, _INFO_N)
            n = info[9]
            if n > size:
                size = n
                buf = ffi.new("char[]", size)
                blob(g, info_c, buf, size)
            game = new(Game)
            game._raw = raw = buffer(buf, n)[:]
            game._info = info
            game._tags = game._moves = game._text = game._notes = None
            game._result = _UNREAD
            game.variant = _gametype_raw(raw[info[12]:info[13]]) if info[12] >= 0 else None
            game.file = name
            game._default = default
            game._guess = guess
            if info[3] == 0 and not info[5]:  # no error, not cut: replayed as read
                game._live = state
                state.game = game
            else:
                game._live = None
                state.game = None
            yield game
    finally:
        state.game = None
        lib.pk_game_free(g)
        lib.pk_pdn_close(r)
        if f != ffi.NULL:
            lib.pkpy_close(f)


def write(games: Union[Game, Iterable[Game]], file: Any) -> int:
    """Writes games (a Game or an iterable of them) as PDN to file: a path, or a file
    object (text or binary), games separated by a blank line. Returns how many."""
    if isinstance(games, Game):
        games = [games]
    texts = []
    for g in games:
        if not isinstance(g, Game):
            raise TypeError("write takes pdnkit.Game objects, not %s" % type(g).__name__)
        texts.append(str(g))
    out = "\n".join(texts)
    if hasattr(file, "write"):
        try:
            file.write(out)
        except TypeError:
            file.write(out.encode("utf-8"))
    else:
        import os
        if not isinstance(file, (str, bytes, os.PathLike)):
            raise TypeError("write's file is a path or a file object, not %s" % type(file).__name__)
        with open(file, "w", encoding="utf-8") as fh:
            fh.write(out)
    return len(texts)


# ---- replay -----------------------------------------------------------------------------------
def _replay_lines(text: bytes, v: Any, guess: Any, pick_first: bool) -> List[Dict[str, Any]]:
    from ._check import run_json
    opts = ffi.new("pk_check_json_opts *")
    opts.variant = v
    opts.fens = True
    return run_json(Input(text), opts, guess, pick_first)


class Replay:
    """A game replayed (Game.replay()).

    .variant      the variant it was replayed under (named by its tags, or guessed)
    .variant_guessed  True when it was guessed
    .final_fen    the FEN of the position reached (None when it could not start)
    .plies        plies replayed
    .stopped      True when the replay stopped before the end of the main line
    .verdict      "valid" or "invalid" (pdncheck's verdict); .label its reason
                  ("ok", "errors", "result-board", "result-tag", "drawn", "draw-claimable")
    .fens         the FEN before the first move and after each ply (pdnfen's notation)
    .diagnostics  list of Diagnostic objects (.code, .ply, .move, .message, ... and
                  pdncheck's JSON keys as d["code"]), lines counted in the game's input
    .draws        list of dicts (rule, kind, ply): the draw rules that applied
    .record       the game object of pdncheck --json, as a dict
    The fields above .fens come from the replay of the game as the reader read it; .fens,
    .diagnostics, .draws and .record are made when first asked for (pdncheck's report of
    the game), so a loop that reads final_fen and plies pays for neither.
    """

    # Replay.__new__ by Game.replay(), which sets _args (game, variant row, guess,
    # pick_first), _diagnostics (None) and either _packed (pkpy_replay_fast's answer: the
    # fields above .fens as bits) with final_fen, or nothing more and calls _full(); the
    # fields read _packed until _full() has run, then pdncheck's record (issue 33 item 9)
    __slots__ = ("final_fen", "_packed", "_args", "_diagnostics", "_fens", "_record", "_draws")
    final_fen: Optional[str]
    _packed: int
    _args: Tuple[Game, Any, Any, bool]
    _diagnostics: Optional[List[Diagnostic]]

    def _full(self) -> None:
        """pdncheck's report of the game: diagnostics, FENs, draws, the record."""
        if self._diagnostics is not None:
            return
        game, v, guess, pick = self._args
        text = game._text_bytes() or str(game).encode("utf-8")
        lines = _replay_lines(text, v, guess, pick)
        dl, col = game.line - 1 if game.line else 0, game.col - 1 if game.col else 0
        diagnostics: List[Diagnostic] = []
        self._fens: List[str] = []
        self._record: Optional[Dict[str, Any]] = None
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
                diagnostics.append(Diagnostic(o))
            elif kind == "fens":
                self._fens = o["fens"]
            elif kind == "game":
                o.update(file=game.file, game=game.index, line=game.line)
                self._record = o
        self._diagnostics = diagnostics
        rec = self._record or {}
        self._packed = -1
        self.final_fen = rec.get("final_fen")
        self._draws: List[Dict[str, Any]] = rec.get("draws", [])

    def _rec(self) -> Dict[str, Any]:
        self._full()
        return self._record or {}

    @property
    def variant(self) -> Optional[str]:
        """The variant it was replayed under (named by its tags, or guessed)."""
        p = self._packed
        if p >= 0:
            i = (p >> 23) & 31
            return _variant_name(i - 1) if i else None
        return self._rec().get("variant")

    @property
    def variant_guessed(self) -> bool:
        """True when the variant was guessed."""
        p = self._packed
        return bool(p >> 21 & 1) if p >= 0 else bool(self._rec().get("variant_guessed", False))

    @property
    def plies(self) -> int:
        """Plies replayed."""
        p = self._packed
        return p & 0xFFFFF if p >= 0 else int(self._rec().get("plies") or 0)

    @property
    def stopped(self) -> Optional[bool]:
        """True when the replay stopped before the end of the main line."""
        p = self._packed
        return bool(p >> 20 & 1) if p >= 0 else self._rec().get("replay_stopped")

    @property
    def verdict(self) -> Optional[str]:
        """ "valid" or "invalid": pdncheck's verdict."""
        p = self._packed
        if p >= 0:
            return "valid" if p >> 22 & 1 else "invalid"
        return self._rec().get("verdict")

    @property
    def label(self) -> Optional[str]:
        """The verdict's reason: "ok", "errors", "result-board", "result-tag", "drawn",
        "draw-claimable"."""
        p = self._packed
        if p >= 0:
            i = p >> 28
            return _label_key(i - 1) if i else None
        return self._rec().get("label")

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """pdncheck's diagnostics of the game (Diagnostic objects)."""
        self._full()
        return self._diagnostics or []

    @property
    def fens(self) -> List[str]:
        """The FEN before the first move and after each ply."""
        self._full()
        return self._fens

    @property
    def record(self) -> Optional[Dict[str, Any]]:
        """pdncheck's game object, as a dict."""
        self._full()
        return self._record

    @property
    def draws(self) -> List[Dict[str, Any]]:
        """The draw rules that applied (rule, kind, ply)."""
        self._full()
        return self._draws

    def __repr__(self) -> str:
        return "<pdnkit.Replay %s, %d plies, %s (%s)>" % (self.variant, self.plies, self.verdict, self.label)
