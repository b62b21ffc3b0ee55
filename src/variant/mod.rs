//! The games damka plays: the [`Rules`] trait that move generation, evaluation and search are
//! generic over, and the runtime [`Variant`] tag that picks one of them.
//!
//! Each game is a zero-sized type whose constants describe its rules. Code is monomorphised per
//! game, so the compiler removes every branch a game does not take and Russian pays nothing for
//! the others. The one runtime decision is the [`with_rules!`](crate::with_rules) match on a
//! [`Variant`], made once per command (`go`, `perft`, `bench`…), never per node.

mod brazilian;
mod draughts;
mod giveaway;
mod international;
mod russian;

pub use brazilian::Brazilian;
pub use draughts::Draughts;
pub use giveaway::Giveaway;
pub use international::International;
pub use russian::Russian;

use crate::board::{Diagonal, Geometry};
use crate::draw::DrawProfile;
use crate::types::Square;
use std::fmt;
use std::str::FromStr;

/// How a game writes its squares and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Algebraic squares (`c3`); a capture lists every landing square, `c3:e5:c7`.
    Algebraic,
    /// PDN numbers (`32`); a capture is `28x19` when that names one move, else its full path
    /// `28x19x10`.
    Numeric,
}

/// The rules of one game played with men and kings on the dark squares of a board.
pub trait Rules: Copy + Default + Send + Sync + fmt::Debug + 'static {
    /// The variant this type implements.
    const VARIANT: Variant;
    /// The board.
    type Board: Diagonal;
    /// How squares and moves are written.
    const MOVE_STYLE: MoveStyle;
    /// The sequence taking the most pieces is compulsory (kings and men count the same).
    const MAJORITY_CAPTURE: bool;
    /// A man reaching the far rank in the middle of a capture is promoted at once and goes on
    /// capturing as a king. When false it is promoted only if the move ends there.
    const PROMOTE_MID_CAPTURE: bool;
    /// The side to move that has no legal move wins (giveaway) rather than loses.
    const NO_MOVE_WINS: bool;
    /// Which set of draw rules applies.
    const DRAWS: DrawProfile;
    /// The `GameType` number of PDN 3.0.
    const PDN_GAME_TYPE: u32;
    /// The positions `damka bench` searches.
    const BENCH_POSITIONS: &'static [&'static str];

    /// The name of a square as this game writes it: `c3`, or `32` on a numbered board.
    fn square_name(square: Square) -> String {
        match Self::MOVE_STYLE {
            MoveStyle::Algebraic => Self::Board::algebraic(square),
            MoveStyle::Numeric => Self::Board::number(square).to_string(),
        }
    }
}

/// Opening, middle game and ending positions on the 8×8 board, legal in all three 8×8 games:
/// their `bench` positions.
pub const BENCH_8X8: &[&str] = &[
    "W:W21-32:B1-12",
    "W:Wa1,a3,b4,c1,c3,e1,f2,f4,g1,g3,h2:Ba5,a7,b8,c7,d6,d8,e7,f6,f8,h6,h8",
    "W:Wa1,a3,b4,c1,d2,d4,e1,e3,g1,g3,h2,h4:Ba7,b8,d6,d8,e7,f6,f8,g5,h6,h8",
    "W:Wa1,a3,b2,b4,c1,d2,f2,h4:Ba7,b6,b8,c7,d4,d6,d8,g7,h2,h8",
    "W:Wa1,a3,b2,f2,g1,g3:Ba7,b6,c3,c5,c7,d8,e7,f8,g5,g7,h4",
    "W:Wa1,a3,a5,b4,d2,d4,e1,e3,f2:Bb6,b8,d6,d8,f6,g3,g5,g7",
    "W:Wb2,c1,d4,e3,g1,h4:Ba3,d6,e7,f4,f6,g7",
    "W:Wc5,e5,g5:Bb6,f6,h6",
    "W:WKa1,Kc3,e3:BKh8,Kd8,f6",
    "B:WKc1,Ke1,Kg1:BKd4",
    "W:WKe1,c3,e3:Bb6,d6,Kh8",
    "B:Wc3,e3,g3,h2:Bb6,d6,f6,h6,Kb8",
];

/// A game damka can play, chosen at run time (the `UCI_Variant` option, `--variant` in the CLI).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Russian checkers (shashki): flying kings, free choice of capture, promotion mid-capture.
    #[default]
    Russian,
    /// Russian giveaway (poddavki): Russian moves; the side that cannot move wins.
    Giveaway,
    /// Brazilian draughts: International rules (majority capture) on the 8×8 board.
    Brazilian,
    /// International draughts: the 10×10 board, majority capture, crowned only at the end of a
    /// move.
    International,
}

impl Variant {
    /// Every variant, in the order they are listed to users.
    pub const ALL: [Variant; 4] = [
        Variant::Russian,
        Variant::Giveaway,
        Variant::Brazilian,
        Variant::International,
    ];

    /// The protocol name, as used by `UCI_Variant` and `--variant`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Russian => "russian",
            Variant::Giveaway => "giveaway",
            Variant::Brazilian => "brazilian",
            Variant::International => "international",
        }
    }

    /// One line on the rules, for listings.
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Russian => {
                "flying kings, men capture backward, free choice of capture, crowned mid-capture"
            }
            Variant::Giveaway => "Russian moves and captures; the side left without a move wins",
            Variant::Brazilian => {
                "International rules on 8x8: the capture taking most pieces is compulsory, crowned only at the end of a move"
            }
            Variant::International => {
                "10x10, 20 men each, flying kings, the capture taking most pieces is compulsory, crowned only at the end of a move"
            }
        }
    }

    /// The FEN of the starting position.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Russian | Variant::Giveaway | Variant::Brazilian => {
                "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
            }
            Variant::International => {
                "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a variant name damka does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == wanted)
            .ok_or_else(|| UnknownVariant(s.trim().to_string()))
    }
}

/// Runs `$body` with the type alias `$R` bound to the rules type of the runtime `$variant`.
///
/// This is the one place a runtime variant turns into a compile-time type:
///
/// ```
/// use damka::{with_rules, variant::{Rules, Variant}};
/// let name = with_rules!(Variant::Russian, R => R::VARIANT.name());
/// assert_eq!(name, "russian");
/// ```
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Russian => {
                type $R = $crate::variant::Russian;
                $body
            }
            $crate::variant::Variant::Giveaway => {
                type $R = $crate::variant::Giveaway;
                $body
            }
            $crate::variant::Variant::Brazilian => {
                type $R = $crate::variant::Brazilian;
                $body
            }
            $crate::variant::Variant::International => {
                type $R = $crate::variant::International;
                $body
            }
        }
    };
}
