"""Diagnostics as objects (issue 33, item 7): pdncheck's findings with .code, .ply,
.move, .message and the rest of pdncheck's JSON keys as attributes; d["code"] and
d.get("code") still read them as the dicts of earlier versions did."""
from typing import Any, Dict, Iterator, Optional, Tuple


class Diagnostic:
    """One finding of pdncheck about a game or a file.

    .severity  "error", "warning" or "note"      .code     "illegal-move", "variant-guess", ...
    .message   pdncheck's words                  .hint     how to fix it, or None
    .file .game .line .col  where it is           .ply      the ply (1-based) or None
    .move      the move as written, or None      .fen      the position before it, or None
    .data      every key of pdncheck's JSON object, as a dict
    """

    __slots__ = ("data",)

    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data

    def _str(self, key: str) -> Optional[str]:
        v = self.data.get(key)
        return v if isinstance(v, str) else None

    def _int(self, key: str) -> Optional[int]:
        v = self.data.get(key)
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    @property
    def severity(self) -> str:
        """"error", "warning" or "note"."""
        return str(self.data.get("severity", ""))

    @property
    def code(self) -> str:
        """pdncheck's code ("illegal-move", ...)."""
        return str(self.data.get("code", ""))

    @property
    def message(self) -> str:
        """pdncheck's words."""
        return str(self.data.get("message", ""))

    @property
    def hint(self) -> Optional[str]:
        """How to fix it, or None."""
        return self._str("hint")

    @property
    def file(self) -> Optional[str]:
        """The input's name."""
        return self._str("file")

    @property
    def game(self) -> Optional[int]:
        """The game's number in its input (1-based), or None for the file."""
        return self._int("game")

    @property
    def line(self) -> Optional[int]:
        """The line in the input, or None."""
        return self._int("line")

    @property
    def col(self) -> Optional[int]:
        """The column in the input, or None."""
        return self._int("col")

    @property
    def ply(self) -> Optional[int]:
        """The ply (1-based) it is about, or None."""
        return self._int("ply")

    @property
    def move(self) -> Optional[str]:
        """The move as written, or None."""
        return self._str("move")

    @property
    def fen(self) -> Optional[str]:
        """The position before the move, or None."""
        return self._str("fen")

    # the dict reading of earlier versions
    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        """d.get(key): the JSON key's value, or default."""
        return self.data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def keys(self) -> Any:
        """The JSON keys."""
        return self.data.keys()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Diagnostic):
            return self.data == other.data
        return isinstance(other, dict) and self.data == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any]]]:
        return (Diagnostic, (self.data,))

    def __str__(self) -> str:
        where = ":".join(str(x) for x in (self.file, self.line, self.col) if x is not None)
        return "%s%s: %s [%s]" % (where, ": " + self.severity if where else self.severity, self.message, self.code)

    def __repr__(self) -> str:
        return "<pdnkit.Diagnostic %s %s at line %s>" % (self.severity, self.code, self.line)
