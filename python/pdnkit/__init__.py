"""pdnkit: draughts (checkers) game records in PDN, read, replayed and checked by libpdnkit.

The same library as the pdnkit tools, with the same answers: the rules of its variants,
pdncheck's diagnostics, pdnfen's FENs. C does the work with the GIL released, so threads
help.

    import pdnkit
    for game in pdnkit.read("games.pdn"):          # a path, or any file object
        r = game.replay()
        if r.verdict != "valid":
            print(game.line, game.tags.get("White"), [d.code for d in r.diagnostics])

    for obj in pdnkit.check("games.pdn"):       # pdncheck --json, line by line
        ...
    board = pdnkit.Board(variant="english")
    board.push_text("11-15")
    for m in board.legal_moves:
        print(m.short, m.fen_after)

Public names: version, variants(), square_name(), square_number(), read(), parse(),
write(), Game, Replay, Diagnostic, check(), final_fens(), convert(), Position, Move, Board,
DrawEvent, WHITE, BLACK, Error, ArgumentError, InputError, FenError, MoveError,
IllegalMove, UnknownVariant.
"""
from ._board import Board, DrawEvent
from ._check import check, convert, final_fens
from ._core import square_name, square_number, variants
from ._diag import Diagnostic
from ._errors import ArgumentError, Error, FenError, IllegalMove, InputError, MoveError, UnknownVariant
from ._game import Game, Replay, parse, read, write
from ._pdnkit import ffi as _ffi
from ._pdnkit import lib as _lib
from ._position import BLACK, WHITE, Move, Position

__all__ = ["version", "variants", "square_name", "square_number", "read", "parse", "write", "Game", "Replay",
           "Diagnostic", "check", "final_fens", "convert", "Position", "Move", "Board", "DrawEvent", "WHITE",
           "BLACK", "Error", "ArgumentError", "InputError", "FenError", "MoveError", "IllegalMove",
           "UnknownVariant"]

#: The version of libpdnkit this module runs with (pk_version(), "1.0.0").
version: str = _ffi.string(_lib.pk_version(_ffi.NULL)).decode()
#: The package's version: the library's (python/setup.py reads the same header), so that
#: importlib.metadata.version("pdnkit") == pdnkit.__version__ == pdnkit.version.
__version__: str = version

del _ffi, _lib
