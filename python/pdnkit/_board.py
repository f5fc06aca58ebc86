"""Board: a game in progress, as python-chess and pydraughts users expect (issue 33,
item 6): push/pop, a move stack, legal moves, the side to move, game over and winner,
and the variant's draw rules (RULES 3: repetition, move limits, endgame classes) as
pdncheck judges them (the library's draw engine, draw.h)."""
from typing import Any, Dict, List, Optional, Tuple, Union

from ._core import cstr0
from ._pdnkit import ffi, lib
from ._position import BLACK, WHITE, Move, Position


class DrawEvent:
    """A draw rule that fired at a ply (RULES 3): .rule ("REP3", "K25", "F16", ...), .code
    ("draw-repetition", "draw-move-limit", "draw-endgame"), .kind ("automatic": the game is
    drawn; "claimable": a draw may be claimed; "info"), .ply, .message."""

    __slots__ = ("rule", "code", "kind", "ply", "message")

    def __init__(self, rule: str, code: str, kind: str, ply: int, message: str) -> None:
        self.rule, self.code, self.kind, self.ply, self.message = rule, code, kind, ply, message

    def __repr__(self) -> str:
        return "<pdnkit.DrawEvent %s %s at ply %d>" % (self.rule, self.kind, self.ply)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrawEvent) and self.__reduce__() == other.__reduce__()

    def __hash__(self) -> int:
        return hash((self.rule, self.kind, self.ply))

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, str, int, str]]:
        return (DrawEvent, (self.rule, self.code, self.kind, self.ply, self.message))


class Board:
    """A game in progress: Board(fen=None, variant="international").

    board.push(move) plays a Move of the current position (or a written move: push_text),
    board.pop() takes the last one back, board.move_stack lists the moves played,
    board.position the current Position, board.fen(), board.turn ("white"/"black"),
    board.legal_moves, board.is_game_over(), board.winner(), board.is_repetition(n),
    board.draw_events (every draw rule that fired, pdncheck's), board.can_claim_draw(),
    board.is_drawn(). A Board is picklable and deep-copyable."""

    def __init__(self, fen: Optional[str] = None, variant: str = "international") -> None:
        start = Position(fen, variant)
        self._start = start
        self._stack: List[Position] = [start]
        self._moves: List[Move] = []
        # the draw engine runs when asked (push and pop cost no draw work): _events[i] are
        # the events of ply i for the plies fed to it
        self._events: List[List[DrawEvent]] = []
        self._ds: Any = None

    def _sync(self) -> List[List[DrawEvent]]:
        """Feeds the draw engine the plies it has not seen (from the start when a pop
        took back a ply it had seen: the engine only goes forward)."""
        ev = ffi.new("pk_draw_event[]", lib.PK_DRAW_MAX_EVENTS)
        n = ffi.new("int *")
        if self._ds is None:
            self._ds = ffi.gc(lib.pk_draw_new(), lib.pk_draw_free)
            if self._ds == ffi.NULL:
                self._ds = None
                raise MemoryError("out of memory")
        if not self._events:
            p0 = self._stack[0]
            if lib.pk_draw_init(self._ds, p0._v, p0._p, -1, 0, ev, lib.PK_DRAW_MAX_EVENTS, n) != lib.PK_OK:
                raise MemoryError("out of memory")
            self._events = [self._take(ev, n[0])]
        while len(self._events) < len(self._stack):
            i = len(self._events)
            before, after, m = self._stack[i - 1], self._stack[i], self._moves[i - 1]
            if lib.pk_draw_ply(self._ds, before._p, m._m, after._p, ev, lib.PK_DRAW_MAX_EVENTS, n) != lib.PK_OK:
                self._events = []
                raise MemoryError("out of memory")
            self._events.append(self._take(ev, n[0]))
        return self._events

    @staticmethod
    def _take(ev: Any, n: int) -> List[DrawEvent]:
        return [DrawEvent(cstr0(ev[i].rule), cstr0(ev[i].code), cstr0(lib.pk_draw_kind_name(ev[i].kind)),
                          int(ev[i].ply), cstr0(ev[i].msg)) for i in range(n)]

    # ---- state ----
    @property
    def position(self) -> Position:
        """The current position."""
        return self._stack[-1]

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self._start.variant

    @property
    def start(self) -> Position:
        """The position the board started from."""
        return self._start

    @property
    def move_stack(self) -> List[Move]:
        """The moves played, first to last (a copy)."""
        return list(self._moves)

    @property
    def ply(self) -> int:
        """Plies played."""
        return len(self._moves)

    @property
    def turn(self) -> str:
        """The side to move: "white" or "black"."""
        return self.position.side

    @property
    def legal_moves(self) -> List[Move]:
        """The legal moves of the current position."""
        return self.position.legal_moves()

    def fen(self) -> str:
        """The current position's FEN."""
        return self.position.fen

    # ---- moves ----
    def push(self, move: Union[Move, str]) -> Move:
        """Plays move: a Move of the current position (IllegalMove "foreign-move" for a Move
        of another position or variant) or a written move (push_text). Returns the Move."""
        pos = self.position
        if isinstance(move, Move):
            if not pos.belongs(move):
                raise pos._foreign(move)
            m = move
        elif isinstance(move, str):
            m = Move.from_text(pos, move)
        else:
            raise TypeError("push takes a pdnkit.Move or a str, not %s" % type(move).__name__)
        self._stack.append(pos.play(m))
        self._moves.append(m)
        return m

    def push_text(self, text: str) -> Move:
        """Plays a written move ("c3:e5", "32x21"), resolved as pdncheck resolves it:
        MoveError when the text is no move, IllegalMove (pdncheck's code and words, an
        ambiguous capture too) when it is not legal here. Returns the Move played."""
        if not isinstance(text, str):
            raise TypeError("push_text takes a str, not %s" % type(text).__name__)
        return self.push(Move.from_text(self.position, text))

    def pop(self) -> Move:
        """Takes the last move back and returns it. IndexError when none was played."""
        if not self._moves:
            raise IndexError("pop from a board with no move played")
        m = self._moves.pop()
        self._stack.pop()
        if len(self._events) > len(self._stack):
            self._events = []  # the engine saw the ply taken back: it starts again when asked
        return m

    def peek(self) -> Move:
        """The last move played (IndexError when none)."""
        if not self._moves:
            raise IndexError("no move played")
        return self._moves[-1]

    # ---- outcome ----
    def _first_king(self) -> Optional[str]:
        """Breakthrough (pk_variant.goal PK_GOAL_FIRST_KING): the side that made the first
        king, which has won at once; else None."""
        if lib.pkpy_variant_goal(self._start._v) != 2:
            return None
        for p in self._stack[1:]:
            if p.count(kind="king"):
                return WHITE if p.count(WHITE, "king") else BLACK
        return None

    def is_game_over(self) -> bool:
        """True when the board decides the game (the side to move has no legal move,
        RULES 1.9; in Breakthrough a king was made) or a draw rule has drawn it (an
        automatic draw, RULES 3)."""
        return self.winner() is not None or self.position.count_moves() == 0 or self.is_drawn()

    def winner(self) -> Optional[str]:
        """"white" or "black" when the board decides the game: the side to move has no
        legal move and has lost (RULES 1.9; in Antidraughts it has won), or in
        Breakthrough the side that made the first king. None while the game goes on, or
        when a draw rule drew it."""
        king = self._first_king()
        if king is not None:
            return king
        if self.position.count_moves() == 0 and not self.is_drawn():
            blocked_wins = lib.pkpy_variant_goal(self._start._v) == 1  # Antidraughts
            return self.turn if blocked_wins else (WHITE if self.turn == BLACK else BLACK)
        return None

    @property
    def draw_events(self) -> List[DrawEvent]:
        """Every draw rule that fired so far, ply by ply (as pdncheck reports them)."""
        return [e for evs in self._sync() for e in evs]

    def is_drawn(self) -> bool:
        """True when a draw rule drew the game automatically (RULES 3)."""
        return any(e.kind == "automatic" for e in self.draw_events)

    def can_claim_draw(self) -> bool:
        """True when a draw may be claimed now or was claimable earlier (RULES 3)."""
        return any(e.kind == "claimable" for e in self.draw_events)

    def is_repetition(self, count: int = 3) -> bool:
        """True when the current position has stood on the board count times (same
        pieces, same side to move)."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError("count must be an int, not %s" % type(count).__name__)
        cur = self.position
        return sum(1 for p in self._stack if p == cur) >= count

    # ---- Python ----
    def copy(self) -> "Board":
        """A board of the same start and moves."""
        b = Board(self._start.fen, self._start.variant)
        for m in self._moves:
            b.push(m)
        return b

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, List[Move]]]:
        return (_board_of, (self._start.fen, self._start.variant, list(self._moves)))

    def __copy__(self) -> "Board":
        return self.copy()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Board":
        return self.copy()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._stack == other._stack

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return str(self.position)

    def __repr__(self) -> str:
        return "<pdnkit.Board %s %s, %d plies>" % (self.variant, self.fen(), len(self._moves))

    def _repr_svg_(self) -> str:
        return self.position.svg(size=320)


def _board_of(fen: str, variant: str, moves: List[Move]) -> Board:
    b = Board(fen, variant)
    for m in moves:
        b.push(m)
    return b

