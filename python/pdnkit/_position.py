"""Positions and moves (issue 33, items 1, 6, 7): an unchangeable Position, the Moves that
belong to it (a Move of another position or variant is refused: IllegalMove), squares in
the variant's own notation, pieces, text and SVG boards, pickling."""
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from ._core import Square, bit_num, cstr0, in_notation, int_arg, name_bit, parse_square, text_arg, variant_row
from ._errors import ArgumentError, Error, FenError, IllegalMove, MoveError
from ._pdnkit import ffi, lib

WHITE = "white"
BLACK = "black"


def _fen(v: Any, p: Any) -> str:
    # PK_FEN_MAX holds every FEN (replay.h); pk_fen_write says the length it needs all the
    # same, so a FEN is never cut here
    size = lib.PK_FEN_MAX
    buf = ffi.new("char[]", size)
    need = lib.pk_fen_write(v, p, v.algebraic, buf, size)
    if need >= size:
        buf = ffi.new("char[]", need + 1)
        lib.pk_fen_write(v, p, v.algebraic, buf, need + 1)
    return cstr0(buf)


class Move:
    """A legal move of one Position (Position.legal_moves(), Move.from_text()).

    .position   the Position it is played in (and .variant its variant)
    .short      PDN short form, disambiguated as RULES 4.3 says ("32-28", "28x19", "c3:e5")
    .full       with every square of a capture's path ("31x22x13")
    .path       the squares it visits, origin to destination, as the variant writes them:
                numbers on numeric boards, names ("c3") on algebraic ones (.short's squares)
    .captured   the squares of the pieces it takes, in capture order, the same way
    .path_numbers, .captured_numbers   the same as square numbers (PDN's numbering)
    .path_names, .captured_names       the same as the names the variant writes (str)
    .fen_after  the FEN of the position after it
    """

    # one slot, (position, the pk_move array that owns the move, its index): legal_moves()
    # makes a Move with one tuple and one store (issue 33 item 9: legal_moves() at 200,000
    # positions/s); _pos and _m are read from it
    __slots__ = ("_k",)
    _k: Tuple["Position", Any, int]

    def __init__(self, pos: "Position", arr: Any, i: int = 0) -> None:
        if not isinstance(pos, Position):
            raise TypeError("a Move is made by Position.legal_moves() or Move.from_text()")
        _set_move(self, (pos, arr, i))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a pdnkit.Move does not change")

    @property
    def _pos(self) -> "Position":
        return self._k[0]

    @property
    def _m(self) -> Any:
        """The pk_move (a pointer into the array the Move keeps alive)."""
        k = self._k
        return k[1] + k[2]

    @classmethod
    def from_text(cls, position: "Position", text: str) -> "Move":
        """The move written as text ("32x21", "c3:e5", "28x19x10") in position, resolved as
        pdncheck resolves a written move. Raises MoveError when the text is no move,
        IllegalMove (pdncheck's code and words: "illegal-move", "ambiguous-move", ...) when
        it is not legal there."""
        if not isinstance(position, Position):
            raise TypeError("position must be a pdnkit.Position, not %s" % type(position).__name__)
        st, played, code, msg = position._judge(text)
        if st != 1:
            raise IllegalMove(code, msg, text)
        return cls(position, played)

    @property
    def position(self) -> "Position":
        """The position the move is played in."""
        return self._pos

    @property
    def variant(self) -> str:
        """The variant of its position."""
        return self._pos.variant

    @property
    def short(self) -> str:
        """PDN short form, disambiguated as RULES 4.3 says."""
        buf = ffi.new("char[]", 256)
        lib.pkpy_move_short(self._pos._v, self._pos._p, self._m, self._pos._v.algebraic, buf, 256)
        return cstr0(buf)

    @property
    def full(self) -> str:
        """Every square of the path ("31x22x13")."""
        buf = ffi.new("char[]", 256)
        lib.pk_move_write(self._pos._v, self._m, lib.PK_NOT_FULL, buf, 256)
        return cstr0(buf)

    def _path_bits(self) -> List[int]:
        m = self._m
        if not m.ncap:
            return [int(getattr(m, "from")), int(m.to)]
        return [int(getattr(m, "from"))] + [int(m.path[i]) for i in range(m.ncap)]

    def _cap_bits(self) -> List[int]:
        m = self._m
        return [int(m.caps[i]) for i in range(m.ncap)]

    @property
    def path(self) -> List[Square]:
        """The squares visited, as the variant writes them (int or name)."""
        v = self._pos._v
        return [in_notation(v, b) for b in self._path_bits()]

    @property
    def captured(self) -> List[Square]:
        """The squares of the pieces taken, as the variant writes them."""
        v = self._pos._v
        return [in_notation(v, b) for b in self._cap_bits()]

    @property
    def path_numbers(self) -> List[int]:
        """The squares visited, as numbers."""
        v = self._pos._v
        return [bit_num(v, b) for b in self._path_bits()]

    @property
    def captured_numbers(self) -> List[int]:
        """The squares of the pieces taken, as numbers."""
        v = self._pos._v
        return [bit_num(v, b) for b in self._cap_bits()]

    @property
    def path_names(self) -> List[str]:
        """The squares visited, as the variant names them (str)."""
        v = self._pos._v
        return [name_bit(v, b) for b in self._path_bits()]

    @property
    def captured_names(self) -> List[str]:
        """The squares of the pieces taken, as the variant names them (str)."""
        v = self._pos._v
        return [name_bit(v, b) for b in self._cap_bits()]

    @property
    def is_capture(self) -> bool:
        """True for a capture."""
        return bool(self._m.ncap)

    @property
    def fen_after(self) -> str:
        """The FEN of the position after the move."""
        p = ffi.new("pk_pos *", self._pos._p[0])
        lib.pk_make(self._pos._v, p, self._m)
        return _fen(self._pos._v, p)

    def __repr__(self) -> str:
        return "<pdnkit.Move %s>" % self.short

    def __str__(self) -> str:
        return self.short

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._pos == other._pos and bool(lib.pkpy_move_same(self._m, other._m))

    def __hash__(self) -> int:
        return hash((self._pos, self.full, tuple(self._cap_bits())))

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (_move_of, (self._pos, self.full, self._cap_bits()))

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Move":
        return self


_set_move = Move.__dict__["_k"].__set__  # bypasses Move.__setattr__, which refuses every change
_new_move = Move.__new__


def _move_of(pos: "Position", full: str, caps: List[int]) -> Move:
    """The legal move of pos written full with these captures (unpickling)."""
    for m in pos.legal_moves():
        if m.full == full and m._cap_bits() == caps:
            return m
    raise IllegalMove("illegal-move", "no move %s in %s" % (full, pos.fen), full)


_rows: Dict[str, Tuple[Any, str]] = {}  # Position(variant=name): the row and its name
_NULL = ffi.NULL


class Position:
    """A position of a variant: Position(fen=None, variant="international"); fen None is
    the variant's start position (surrounding blanks are taken). Raises FenError for a
    FEN the variant cannot take, UnknownVariant for an unknown variant, TypeError for
    arguments of another type.

    .fen, .side/.turn ("white" or "black"), .variant; legal_moves(), play(move),
    check(written), perft(depth), pieces(color, kind), piece_at(square), count(...);
    str() is a text board, _repr_svg_() the library's SVG (Jupyter draws it).
    A Position does not change (setting an attribute raises AttributeError): play()
    returns a new one. Positions are hashable, picklable and deep-copyable.
    """

    __slots__ = ("_v", "_p", "_variant")
    _v: Any
    _p: Any
    _variant: str

    def __init__(self, fen: Optional[str] = None, variant: str = "international") -> None:
        # the variant's row and name looked up once per name, the FEN parsed without a
        # pk_error (made only to say why it was refused), the slots set past __setattr__:
        # legal_moves() on real FENs at 200,000 positions/s (issue 33 item 9)
        row = _rows.get(variant) if type(variant) is str else None
        if row is None:
            if variant is None:
                raise TypeError("variant must be a str (pdnkit.variants() lists them), not None")
            v = variant_row(variant)
            row = (v, cstr0(v.name))
            if type(variant) is str:
                _rows[variant] = row
        v = row[0]
        p = ffi.new("pk_pos *")
        if fen is None:
            text = ffi.string(v.start_fen)
        else:
            if not isinstance(fen, (str, bytes)):
                raise TypeError("fen must be a str, not %s" % type(fen).__name__)
            text = text_arg(fen, "FEN").strip()
        if lib.pk_fen_parse(v, text, len(text), p, _NULL, _NULL) != 0:
            err = ffi.new("pk_error *")
            lib.pk_fen_parse(v, text, len(text), p, _NULL, err)
            raise FenError("bad FEN '%s': %s" % (text.decode("utf-8", "replace"), cstr0(err.msg)), int(err.col))
        _set_v(self, v)
        _set_p(self, p)
        _set_variant(self, row[1])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a pdnkit.Position does not change: play() gives a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a pdnkit.Position does not change")

    @classmethod
    def _from(cls, v: Any, name: str, p: Any) -> "Position":
        pos = cls.__new__(cls)
        object.__setattr__(pos, "_v", v)
        object.__setattr__(pos, "_p", p)
        object.__setattr__(pos, "_variant", name)
        return pos

    @classmethod
    def from_pieces(cls, variant: str = "international", turn: str = WHITE,
                    white: Tuple[Square, ...] = (), black: Tuple[Square, ...] = (),
                    white_kings: Tuple[Square, ...] = (), black_kings: Tuple[Square, ...] = ()) -> "Position":
        """A position built from its pieces, squares by number or name."""
        v = variant_row(variant)
        if turn not in (WHITE, BLACK):
            raise ArgumentError("turn must be 'white' or 'black', not %r" % (turn,))
        p = ffi.new("pk_pos *")
        lib.pk_pos_clear(p, 1 if turn == BLACK else 0)
        for squares, color, king in ((white, 0, 0), (black, 1, 0), (white_kings, 0, 1), (black_kings, 1, 1)):
            for s in squares:
                lib.pkpy_pos_put(v, p, bit_num(v, parse_square(v, s)), color, king)
        return cls._from(v, cstr0(v.name), p)

    @property
    def variant(self) -> str:
        """The variant's name ("international", "english", ...)."""
        return str(self._variant)

    @property
    def fen(self) -> str:
        """The position's FEN (PDN 3.0, as pdnfen writes it)."""
        return _fen(self._v, self._p)

    @property
    def side(self) -> str:
        """The side to move: "white" or "black"."""
        return BLACK if self._p.turn else WHITE

    @property
    def turn(self) -> str:
        """The side to move: "white" or "black" (as .side)."""
        return self.side

    def legal_moves(self) -> List[Move]:
        """The legal moves (Move objects), in the library's order; [] when the side to move
        has lost (no legal move)."""
        cap = 32
        while True:
            out = ffi.new("pk_move[]", cap)
            n = lib.pkpy_legal(self._v, self._p, out, cap)
            if n < 0:
                raise MemoryError("out of memory")
            if n <= cap:
                moves = []
                for i in range(n):
                    m = _new_move(Move)
                    _set_move(m, (self, out, i))
                    moves.append(m)
                return moves
            cap = n

    def count_moves(self) -> int:
        """How many legal moves there are (no Move objects made)."""
        out = ffi.new("pk_move[]", 1)
        n = int(lib.pkpy_legal(self._v, self._p, out, 0))
        if n < 0:
            raise MemoryError("out of memory")
        return n

    def _judge(self, written: object) -> Tuple[int, Any, str, str]:
        if not isinstance(written, (str, bytes)):
            raise TypeError("a move is a pdnkit.Move or a str ('32-28'), not %s" % type(written).__name__)
        text = text_arg(written, "move").strip()
        played = ffi.new("pk_move *")
        code = ffi.new("char **")
        msg = ffi.new("char[]", 1024)
        err = ffi.new("pk_error *")
        st = lib.pkpy_judge(self._v, self._p, text, len(text), played, ffi.cast("const char **", code), msg,
                            1024, err)
        if st < 0:
            raise MoveError("bad move '%s': %s" % (text.decode("utf-8", "replace"), cstr0(err.msg)), int(err.col))
        return int(st), played, cstr0(code[0]), cstr0(msg)

    def check(self, written: str) -> Optional[Dict[str, str]]:
        """None when the written move ("32-28", "c3:e5", "28x19x10") is legal here; else
        why not, as a dict {"code": ..., "message": ...} in pdncheck's code and words.
        Raises MoveError when the text is not a move at all."""
        st, _, code, msg = self._judge(written)
        return None if st == 1 else {"code": code, "message": msg}

    def belongs(self, move: Move) -> bool:
        """True when move is a Move of this position (same variant, same position)."""
        if not isinstance(move, Move):
            raise TypeError("move must be a pdnkit.Move, not %s" % type(move).__name__)
        return move._pos is self or (move._pos._v == self._v and bool(lib.pkpy_pos_same(move._pos._p, self._p)))

    def _foreign(self, move: Move) -> IllegalMove:
        return IllegalMove("foreign-move", "%s is a move of %s %s, not of this position (%s %s)"
                           % (move.short, move._pos.variant, move._pos.fen, self.variant, self.fen), move)

    def play(self, move: Union[Move, str]) -> "Position":
        """The position after move (a Move of this position, or a written move). Raises
        IllegalMove (pdncheck's code and words) when it is not legal, or is a Move of
        another position or variant ("foreign-move"); MoveError when the text is no move."""
        if isinstance(move, Move):
            if not self.belongs(move):
                raise self._foreign(move)
            m = move._m
        else:
            st, m, code, msg = self._judge(move)
            if st != 1:
                raise IllegalMove(code, msg, move)
        p = ffi.new("pk_pos *", self._p[0])
        lib.pk_make(self._v, p, m)
        return Position._from(self._v, self._variant, p)

    def perft(self, depth: int) -> int:
        """Move paths depth plies below the position (PERFT.md, de-duplicated captures)."""
        depth = int_arg(depth, "perft depth", 0)
        n, err = ffi.new("uint64_t *"), ffi.new("pk_error *")
        if lib.pk_perft(self._v, self._p, depth, 0, n, err) != lib.PK_OK:
            raise Error(cstr0(err.msg))
        return int(n[0])

    # ---- pieces ----
    def pieces(self, color: Optional[str] = None, kind: Optional[str] = None) -> List[Square]:
        """The squares of the pieces (as the variant writes them), ascending by number:
        color "white", "black" or None (both), kind "man", "king" or None (both)."""
        v = self._v
        return [in_notation(v, int(lib.pkpy_square_bit(v, n))) for n in self._numbers(color, kind)]

    def _numbers(self, color: Optional[str], kind: Optional[str]) -> List[int]:
        if color not in (None, WHITE, BLACK):
            raise ArgumentError("color must be 'white', 'black' or None, not %r" % (color,))
        if kind not in (None, "man", "king"):
            raise ArgumentError("kind must be 'man', 'king' or None, not %r" % (kind,))
        k = -1 if kind is None else (1 if kind == "king" else 0)
        out = ffi.new("int[]", 128)
        got: List[int] = []
        for c in ((0, 1) if color is None else ((0,) if color == WHITE else (1,))):
            n = lib.pkpy_pos_squares(self._v, self._p, c, k, out)
            got.extend(int(out[i]) for i in range(n))
        return sorted(got)

    def piece_numbers(self, color: Optional[str] = None, kind: Optional[str] = None) -> List[int]:
        """pieces() as square numbers."""
        return self._numbers(color, kind)

    def count(self, color: Optional[str] = None, kind: Optional[str] = None) -> int:
        """How many pieces of the color and kind (None: any) stand on the board."""
        return len(self._numbers(color, kind))

    def material(self) -> Dict[str, int]:
        """Material counts: {"white_men", "white_kings", "black_men", "black_kings"}."""
        return {"%s_%s" % (c, k + "s" if k == "king" else "men"): self.count(c, k)
                for c in (WHITE, BLACK) for k in ("man", "king")}

    def piece_at(self, square: Square) -> Optional[Tuple[str, str]]:
        """(color, kind) of the piece on square (number or name), None when empty."""
        v = self._v
        bit = parse_square(v, square)
        num = bit_num(v, bit)
        for c in (WHITE, BLACK):
            for k in ("man", "king"):
                if num in self._numbers(c, k):
                    return (c, k)
        return None

    def __iter__(self) -> Iterator[Tuple[Square, str, str]]:
        """(square, color, kind) of every piece, ascending by number."""
        v = self._v
        rows = [(n, c, k) for c in (WHITE, BLACK) for k in ("man", "king") for n in self._numbers(c, k)]
        for n, c, k in sorted(rows):
            yield in_notation(v, int(lib.pkpy_square_bit(v, n))), c, k

    # ---- drawings ----
    def board(self, ascii: bool = False, move: Optional[Move] = None) -> str:
        """The position as a text board (pdndiagram's), Unicode or ASCII, with a Move of
        this position marked when given."""
        o = self._opts(lib.PK_BOARD_ASCII if ascii else 0, move)
        return self._draw(lib.pk_board_text_buf, o)

    def svg(self, size: int = 0, move: Optional[Move] = None) -> str:
        """The position as a standalone SVG (pdndiagram's), size px wide (0: its default)."""
        o = self._opts(0, move)
        o.size = int_arg(size, "size", 0)
        return self._draw(lib.pk_board_svg_buf, o)

    def _opts(self, flags: int, move: Optional[Move]) -> Any:
        o = ffi.new("pk_board_opts *")
        o.flags = flags
        if move is not None:
            if not self.belongs(move):
                raise self._foreign(move)
            o.move = move._m
        return o

    def _draw(self, fn: Any, o: Any) -> str:
        n, err = ffi.new("size_t *"), ffi.new("pk_error *")
        if fn(self._v, self._p, o, ffi.NULL, 0, n, err) != lib.PK_OK:
            raise ArgumentError(cstr0(err.msg))
        buf = ffi.new("char[]", n[0] + 1)
        fn(self._v, self._p, o, buf, n[0] + 1, n, err)
        return str(ffi.string(buf).decode("utf-8"))

    def _repr_svg_(self) -> str:
        return self.svg(size=320)

    def __str__(self) -> str:
        return self.board()

    def __repr__(self) -> str:
        return "<pdnkit.Position %s %s>" % (self.variant, self.fen)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._v == other._v and bool(lib.pkpy_pos_same(self._p, other._p))

    def __hash__(self) -> int:
        return hash((self._variant, int(lib.pk_pos_hash(self._p))))

    def __reduce__(self) -> Tuple[Any, Tuple[str, str]]:
        return (Position, (self.fen, self._variant))

    def __copy__(self) -> "Position":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Position":
        return self


# Position's slots set past its __setattr__, which refuses every change
_set_v = Position.__dict__["_v"].__set__
_set_p = Position.__dict__["_p"].__set__
_set_variant = Position.__dict__["_variant"].__set__
