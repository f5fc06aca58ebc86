"""pdnkit's exceptions (issue 33, item 8): bad values are ValueError subclasses, file
problems OSError subclasses with errno and filename, wrong types plain TypeError."""
import errno as _errno
from typing import Optional, Type


class Error(Exception):
    """Every error pdnkit raises of its own (a bad FEN, an unreadable file, a bad argument)."""


class ArgumentError(Error, ValueError):
    """An argument of the right type but a value pdnkit cannot take (jobs=-5, a NUL in a
    path, perft depth -1)."""


class InputError(Error, OSError):
    """An input that cannot be opened or read (a missing file, a read error): an OSError
    with .errno and .filename (FileNotFoundError too for a missing file)."""


class _FileNotFound(InputError, FileNotFoundError):
    """A missing input: pdnkit.InputError and FileNotFoundError."""


class _PermissionDenied(InputError, PermissionError):
    """An input pdnkit may not read: pdnkit.InputError and PermissionError."""


def input_error(name: Optional[str], message: str, code: int = 0) -> InputError:
    """The InputError for a file (its errno when known, else guessed from the words)."""
    if not code:
        low = message.lower()
        if "no such file" in low:
            code = _errno.ENOENT
        elif "permission denied" in low:
            code = _errno.EACCES
        elif "is a directory" in low:
            code = _errno.EISDIR
    cls: Type[InputError] = InputError
    if code == _errno.ENOENT:
        cls = _FileNotFound
    elif code == _errno.EACCES:
        cls = _PermissionDenied
    e = cls(code or _errno.EIO, "%s: %s" % (name, message) if name else message)
    e.filename = name
    return e


class FenError(Error, ValueError):
    """A FEN that cannot be read for the variant; .col is the 1-based column at fault."""

    def __init__(self, message: str, col: int = 0) -> None:
        super().__init__(message)
        self.col = col


class MoveError(Error, ValueError):
    """A text that is not a move at all ("32x", "k9"); .col is the column at fault."""

    def __init__(self, message: str, col: int = 0) -> None:
        super().__init__(message)
        self.col = col


class IllegalMove(Error, ValueError):
    """A move that is not legal in the position: .code is pdncheck's code
    ("illegal-move", "capture-required", "missed-capture", "incomplete-capture",
    "ambiguous-move", "foreign-move" for a Move of another position or variant) and
    .message pdncheck's words."""

    def __init__(self, code: str, message: str, move: object = None) -> None:
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message
        self.move = move


class UnknownVariant(Error, ValueError):
    """A variant name pdnkit does not know (pdnkit.variants() lists the known ones)."""
