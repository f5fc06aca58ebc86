"""What every part of the module shares: the C strings, argument checks, the variant
table and square names (issue 33, items 7 and 8)."""
from typing import Any, Dict, List, Optional, Union

from ._errors import ArgumentError, UnknownVariant
from ._pdnkit import ffi, lib

Square = Union[int, str]


def cstr(p: Any) -> Optional[str]:
    """A C string as str (None for NULL)."""
    return str(ffi.string(p).decode("utf-8", "replace")) if p != ffi.NULL else None


def cstr0(p: Any) -> str:
    """A C string as str ("" for NULL)."""
    return str(ffi.string(p).decode("utf-8", "replace")) if p != ffi.NULL else ""


def text_arg(text: object, what: str) -> bytes:
    """text (str or bytes) as C bytes, surrounding blanks kept; a NUL inside is an error."""
    if isinstance(text, str):
        data = text.encode("utf-8")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise TypeError("%s must be str or bytes, not %s" % (what, type(text).__name__))
    if b"\0" in data:
        raise ArgumentError("%s contains a NUL character" % what)
    return data


def int_arg(value: object, what: str, low: Optional[int] = None) -> int:
    """value as an int (bool and float refused: TypeError), at least low (ValueError)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if low is not None and value < low:
        raise ArgumentError("%s must be >= %d, not %d" % (what, low, value))
    return value


def variants() -> List[str]:
    """The names of the variants pdnkit plays ("international", "english", ...), in the
    library's order."""
    return [cstr0(lib.pk_variant_at(i).name) for i in range(lib.pk_variant_count())]


_variant_cache: Dict[str, Any] = {}


def variant_row(name: object) -> Any:
    """The library's row for a variant name, an alias or a GameType number (a str; an int
    is taken as a GameType number). Raises TypeError for another type, UnknownVariant."""
    if isinstance(name, bool) or not isinstance(name, (str, int)):
        raise TypeError("variant must be a str (pdnkit.variants() lists them), not %s" % type(name).__name__)
    key = str(name)
    v = _variant_cache.get(key)
    if v is None:
        v = ffi.NULL if "\0" in key else lib.pk_variant_lookup(key.encode("utf-8"))
        if v == ffi.NULL:
            raise UnknownVariant("unknown variant '%s' (known: %s)" % (key, ", ".join(variants())))
        _variant_cache[key] = v
    return v


def variant_or_null(name: object) -> Any:
    """variant_row, or NULL for None (the file's own variant)."""
    return ffi.NULL if name is None else variant_row(name)


def square_name(variant: str, square: int) -> str:
    """The name of square number `square` as the variant writes it: "32" on numeric boards,
    "c3" on algebraic ones (Russian, Brazilian, Czech...). Raises ValueError for a number
    off the board."""
    v = variant_row(variant)
    return _name_of(v, int_arg(square, "square"))


def square_number(variant: str, name: Square) -> int:
    """The number of a square given by its number or name ("c3" or "22" or 22) in the
    variant. Raises ValueError when it is no square of the board."""
    v = variant_row(variant)
    return bit_num(v, parse_square(v, name))


def _name_of(v: Any, num: int) -> str:
    return name_bit(v, _num_bit(v, num))


def _num_bit(v: Any, num: int) -> int:
    bit = int(lib.pkpy_square_bit(v, num))
    if bit < 0:
        raise ArgumentError("no square %d on the %s board (1..%d)" % (num, cstr0(v.name),
                                                                      int(lib.pkpy_square_count(v))))
    return bit


def name_bit(v: Any, bit: int) -> str:
    buf = ffi.new("char[8]")
    return cstr0(lib.pk_square_name(v.geom, bit, v.algebraic, buf))


def bit_num(v: Any, bit: int) -> int:
    return int(v.geom.num_of[bit])


def parse_square(v: Any, square: object) -> int:
    """The bit of a square given by number (int) or by name (str: "c3", "22")."""
    g = v.geom
    if isinstance(square, bool) or not isinstance(square, (int, str)):
        raise TypeError("a square is an int or a str, not %s" % type(square).__name__)
    if isinstance(square, int):
        return _num_bit(v, square)
    text = square.strip().encode("utf-8")
    bit = ffi.new("int *")
    err = ffi.new("pk_error *")
    if b"\0" in text or lib.pk_square_parse(g, text, len(text), bit, err) != 0:
        raise ArgumentError("no square '%s' on the %s board" % (square, cstr0(v.name)))
    return int(bit[0])


def in_notation(v: Any, bit: int) -> Square:
    """A square as the variant writes it: its number (int) on a numeric board, its name
    (str) on an algebraic one."""
    return name_bit(v, bit) if v.algebraic else bit_num(v, bit)
