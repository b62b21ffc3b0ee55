"""damka: the rules of nine draughts games and the damka engine, in Rust.

Boards of Russian checkers, Russian giveaway, Brazilian, International (10x10), Turkish dama,
Fuk, Bashni, Lasca and Ugolki (with its diagonal variant), with legal moves in each game's own
notation, push/pop, FEN, results and draw rules, perft; the damka engine in-process; PDN; the
Russian endgame databases. The guide is docs/python.md in damka's repository.

    >>> import damka
    >>> board = damka.Board("russian")
    >>> [m.text for m in board.legal_moves][:3]
    ['a3-b4', 'c3-b4', 'c3-d4']
    >>> board.push("c3-d4")
    <Move c3-d4 (russian)>
"""

from ._damka import (
    BLACK,
    VARIANTS,
    WHITE,
    Board,
    DamkaError,
    DrawCounter,
    EgdbError,
    EndgameDatabase,
    Engine,
    FenError,
    Line,
    Move,
    MoveError,
    OptionError,
    Outcome,
    PdnError,
    PdnGame,
    Probe,
    SearchResult,
    VariantError,
    __version__,
    generate_egdb,
    read_pdn,
    read_pdn_file,
    start_fen,
    variants,
    write_pdn,
)

__all__ = [
    "BLACK",
    "VARIANTS",
    "WHITE",
    "Board",
    "DamkaError",
    "DrawCounter",
    "EgdbError",
    "EndgameDatabase",
    "Engine",
    "FenError",
    "Line",
    "Move",
    "MoveError",
    "OptionError",
    "Outcome",
    "PdnError",
    "PdnGame",
    "Probe",
    "SearchResult",
    "VariantError",
    "__version__",
    "generate_egdb",
    "read_pdn",
    "read_pdn_file",
    "start_fen",
    "variants",
    "write_pdn",
]
