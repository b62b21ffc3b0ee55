"""Type stubs of damka, the Python module of the damka checkers engine (see docs/python.md)."""

from os import PathLike
from typing import Callable, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

__version__: str

#: The side that moves first.
WHITE: Literal["white"]
#: The side that moves second.
BLACK: Literal["black"]
#: Every game's name, in the order damka lists them.
VARIANTS: List[str]

Side = Literal["white", "black"]
Square = Union[str, int]
MoveLike = Union["Move", str]

class DamkaError(Exception):
    """The base of every error damka raises; its message is the engine's."""

class VariantError(DamkaError):
    """A game name damka does not know, or a board of another game than the one asked for."""

class FenError(DamkaError):
    """A FEN that is not a position of the game."""

class MoveError(DamkaError):
    """A move that is malformed, illegal or ambiguous in the position."""

class OptionError(DamkaError):
    """An engine option, draw rule or game option that does not exist or takes another value."""

class PdnError(DamkaError):
    """PDN text that cannot be read, or a game in it that cannot be replayed."""

class EgdbError(DamkaError):
    """Endgame databases that cannot be opened, generated or probed."""

def variants() -> List[Tuple[str, str, str]]:
    """Every game's (name, title, one line on its rules)."""

def start_fen(variant: str, *, house: Optional[str] = None) -> str:
    """The FEN of a game's initial position (Ugolki under ``house``)."""

class Move:
    """A move of one game, as ``Board.legal_moves`` lists it and ``Board.push`` takes it.

    Squares are named in the game's notation: ``c3`` on the algebraic boards, PDN numbers
    (``"32"``) in International draughts. Two moves are equal when they are of the same game and
    have the same landing path and captured squares.
    """

    @property
    def text(self) -> str:
        """The move in the game's notation, as the engine prints it (``c3-d4``, ``c3:e5:c7``, ``28x19``)."""
    @property
    def variant(self) -> str:
        """The game the move is of."""
    @property
    def from_square(self) -> str:
        """The square the moving piece starts on."""
    @property
    def to_square(self) -> str:
        """The square the moving piece ends on."""
    @property
    def path(self) -> List[str]:
        """The start square, then every landing square."""
    @property
    def captured(self) -> List[str]:
        """The squares of the captured pieces, in the board's square order."""
    @property
    def is_capture(self) -> bool:
        """True if the move captures."""
    @property
    def is_promotion(self) -> bool:
        """True if a piece is crowned during the move."""
    @property
    def huffed(self) -> Optional[str]:
        """The square of the piece huffed before the move, in Fuk; else None."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended. ``str(outcome)`` is the result as damka's ``d`` command shows it."""

    @property
    def winner(self) -> Optional[Side]:
        """``"white"`` or ``"black"``, or None for a draw."""
    @property
    def reason(self) -> str:
        """Why the game ended, in words: the draw rule, or that the side to move has no move."""
    @property
    def rule(self) -> Optional[str]:
        """The game's numbered rule that decided it (Ugolki); else None."""
    @property
    def result(self) -> str:
        """``"2-0"``, ``"0-2"`` or ``"1-1"``, as PDN writes it."""
    @property
    def is_draw(self) -> bool:
        """True for a draw."""

class DrawCounter:
    """One draw counter of a position."""

    @property
    def name(self) -> str:
        """The rule's name as the game words it."""
    @property
    def plies(self) -> int:
        """Its count in plies."""
    @property
    def left(self) -> Optional[int]:
        """Plies left before the rule draws; None where the rule is switched off."""

class Board:
    """A game of one of damka's games, from its start or a FEN, with the moves played since.

    ``variant`` is a game name (``damka.VARIANTS``; ``standard`` is taken for International);
    ``fen`` a position in the game's FEN; ``house`` Ugolki's house (``"3x3"``, ``"3x4"``,
    ``"triangle"``); ``draw_rules`` changes to the game's draw rules by name
    (``{"Draw Repetition": False, "Draw Material Moves": 30}``).
    """

    def __init__(
        self,
        variant: str = "russian",
        fen: Optional[str] = None,
        *,
        house: Optional[str] = None,
        draw_rules: Optional[Dict[str, Union[bool, int]]] = None,
    ) -> None: ...
    @property
    def variant(self) -> str:
        """The game's name."""
    @property
    def title(self) -> str:
        """The game's name in titles (``Russian checkers``)."""
    @property
    def fen(self) -> str:
        """The FEN of the current position with its draw counters and move number."""
    @property
    def start_fen(self) -> str:
        """The FEN of the position the game started from."""
    @property
    def turn(self) -> Side:
        """The side to move."""
    @property
    def fullmove(self) -> int:
        """The full move number (1 at the start, up by one after each Black move)."""
    @property
    def ply(self) -> int:
        """The number of moves played on this board."""
    @property
    def key(self) -> int:
        """The position's 64-bit Zobrist key (the engine's hash key)."""
    @property
    def house(self) -> Optional[str]:
        """Ugolki's house; None in the other games."""
    @property
    def legal_moves(self) -> List[Move]:
        """The legal moves, sorted by their text."""
    def legal_move_count(self) -> int:
        """The number of legal moves (faster than ``len(board.legal_moves)``)."""
    def parse_move(self, text: str) -> Move:
        """The legal move a text names, not played. Raises MoveError if it names none."""
    def is_legal(self, move: MoveLike) -> bool:
        """True if the move (a Move or a text) is legal here."""
    def push(self, move: MoveLike) -> Move:
        """Plays a Move or a text in the game's notation; returns the Move. Raises MoveError."""
    def pop(self) -> Move:
        """Takes back the last move and returns it; IndexError if none was played."""
    def peek(self) -> Optional[Move]:
        """The last move played, or None."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played on this board since its start."""
    def copy(self) -> "Board":
        """A copy with the same moves."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...
    def is_game_over(self) -> bool:
        """True once the game has ended."""
    def result(self) -> str:
        """``"2-0"``, ``"0-2"``, ``"1-1"`` or ``"*"`` (the game goes on), as PDN writes it."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def repetitions(self) -> int:
        """How many times the current position has occurred, counting this time."""
    def draw_counters(self) -> List[DrawCounter]:
        """The game's draw counters now."""
    @property
    def draw_rules(self) -> Dict[str, Union[bool, int]]:
        """The draw rules in force, by name."""
    def set_draw_rules(self, rules: Dict[str, Union[bool, int]]) -> None:
        """Changes draw rules from now on."""
    def perft(self, depth: int, *, paths: bool = False, parallel: bool = False) -> int:
        """The leaves of the move tree ``depth`` plies deep (the GIL is released)."""
    def divide(self, depth: int, *, paths: bool = False, parallel: bool = False) -> Dict[str, int]:
        """Perft below each legal move, by the move's text."""
    def piece_at(self, square: Square) -> Optional[str]:
        """The top piece on a square: ``w``/``b`` men, ``W``/``B`` kings; None if empty."""
    def stack_at(self, square: Square) -> str:
        """Every piece on a square, top first (towers)."""
    @property
    def pieces(self) -> Dict[str, str]:
        """The occupied squares and their pieces, top first."""
    @property
    def squares(self) -> List[str]:
        """Every playable square's name."""
    def evaluate(self) -> int:
        """The engine's static evaluation for the side to move, in hundredths of a man."""
    def pdn(self, tags: Optional[Dict[str, object]] = None) -> str:
        """The game as PDN text, ``tags`` added to or replacing damka's."""

class Line:
    """One principal variation of a search, after a completed depth."""

    @property
    def multipv(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def score(self) -> int:
        """For the side to move, in hundredths of a man."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to a forced result (positive: the side to move wins); else None."""
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds since the search started."""
    @property
    def pv(self) -> List[Move]: ...

class SearchResult:
    """What a search found."""

    @property
    def move(self) -> Optional[Move]:
        """The move to play; None when the side to move has no legal move."""
    @property
    def ponder(self) -> Optional[Move]:
        """The expected reply, if any."""
    @property
    def score(self) -> int:
        """The best move's score for the side to move, in hundredths of a man."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to a forced result (positive: the side to move wins); else None."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds spent."""
    @property
    def lines(self) -> List[Line]:
        """The last line of each variation, best first."""
    @property
    def warnings(self) -> List[str]:
        """What the engine warned of (fewer threads than asked for, unreadable database files)."""

class Engine:
    """damka's engine, in-process. A search of a board of another game switches to it."""

    def __init__(
        self,
        variant: str = "russian",
        *,
        threads: int = 1,
        hash_mb: Optional[int] = None,
        egdb_path: Optional[Union[str, PathLike[str]]] = None,
        egdb_pieces: Optional[int] = None,
        house: Optional[str] = None,
        options: Optional[Dict[str, object]] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    def search(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
        wtime: Optional[float] = None,
        btime: Optional[float] = None,
        winc: Optional[float] = None,
        binc: Optional[float] = None,
        movestogo: Optional[int] = None,
        multipv: Optional[int] = None,
        searchmoves: Optional[Iterable[MoveLike]] = None,
        on_info: Optional[Callable[[Line], object]] = None,
    ) -> SearchResult:
        """Searches ``board`` (times in seconds); with no limit, until ``stop()`` (at once
        when the side to move has no legal move)."""
    def stop(self) -> None:
        """Asks a running search to stop; callable from any thread."""
    def new_game(self) -> None:
        """Empties the table, as before a new game."""
    def set_option(self, name: str, value: object) -> None:
        """Sets an engine option by name; OptionError for a bad name or value."""
    def option(self, name: str) -> Optional[str]:
        """An option's value as text, or None for a name that is not an option."""
    @property
    def options(self) -> Dict[str, str]:
        """Every option with its value."""

class PdnGame:
    """One game of a PDN text."""

    @property
    def tags(self) -> Dict[str, str]: ...
    def tag(self, name: str) -> Optional[str]: ...
    @property
    def moves(self) -> List[str]:
        """The moves as written in the file."""
    @property
    def result(self) -> str:
        """``"2-0"``, ``"0-2"``, ``"1-1"`` or ``"*"``."""
    @property
    def variant(self) -> str:
        """The game, from the Variant or GameType tag; VariantError if damka does not play it."""
    @property
    def start_fen(self) -> Optional[str]: ...
    def board(self, ply: Optional[int] = None) -> Board:
        """The game replayed: after ``ply`` moves, or all. PdnError for an illegal move."""
    def pdn(self) -> str: ...
    def __len__(self) -> int: ...

def read_pdn(text: str, variant: Optional[str] = None) -> List[PdnGame]:
    """Every game of a PDN text; ``variant`` overrides the tags."""

def read_pdn_file(path: Union[str, PathLike[str]], variant: Optional[str] = None) -> List[PdnGame]:
    """Every game of a PDN file."""

def write_pdn(games: Iterable[Union[PdnGame, Board]]) -> str:
    """PDN text of several games."""

class Probe:
    """What the endgame databases store for a position."""

    @property
    def value(self) -> Literal["win", "draw", "loss"]: ...
    @property
    def distance(self) -> int:
        """Plies to the next capture or man move on the best path."""
    @property
    def best_moves(self) -> List[Move]: ...

class EndgameDatabase:
    """damka's endgame databases of one draughts game in a directory."""

    def __init__(
        self, path: Union[str, PathLike[str]], pieces: int = 5, variant: str = "russian"
    ) -> None: ...
    def probe(self, board: Board) -> Optional[Probe]:
        """The stored value of a board of the databases' game, or None if they lack it."""
    def score(self, board: Board) -> Optional[int]:
        """The search's score from the databases under the board's draw counters, or None."""
    @property
    def pieces(self) -> int: ...
    @property
    def variant(self) -> str: ...

def generate_egdb(
    path: Union[str, PathLike[str]], pieces: int = 3, variant: str = "russian"
) -> int:
    """Generates ``variant``'s databases up to ``pieces`` pieces in ``path``; the number of files."""

__all__: Sequence[str]
