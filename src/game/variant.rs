//! [`Variant`]: the runtime name of every game damka plays, as `UCI_Variant`, `--variant` and
//! Hub's `variant` give it. [`with_game!`](crate::with_game) turns it into a type.

use std::fmt;
use std::str::FromStr;

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
    /// Turkish dama: all 64 squares, men step forward or sideways, kings fly along ranks and
    /// files, the capture taking most pieces is compulsory.
    Turkish,
    /// Fuk (huffing): Russian checkers with optional capture; a piece that could capture and
    /// did not may be huffed.
    Fuk,
    /// Ugolki (corners): a race on all 64 squares to fill the opponent's house, stepping and
    /// jumping along ranks and files.
    Ugolki,
    /// Ugolki in all eight directions.
    UgolkiDiagonal,
    /// Bashni (column draughts): Russian moves, but a jumped tower loses only its top piece,
    /// which goes under the capturing tower.
    Bashni,
    /// Lasca: towers on the 7×7 board; men move and capture forward only, kings one square.
    Lasca,
}

impl Variant {
    /// Every variant, in the order they are listed to users.
    pub const ALL: [Variant; 10] = [
        Variant::Russian,
        Variant::Giveaway,
        Variant::Brazilian,
        Variant::International,
        Variant::Turkish,
        Variant::Fuk,
        Variant::Ugolki,
        Variant::UgolkiDiagonal,
        Variant::Bashni,
        Variant::Lasca,
    ];

    /// The protocol name, as used by `UCI_Variant` and `--variant`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Russian => "russian",
            Variant::Giveaway => "giveaway",
            Variant::Brazilian => "brazilian",
            Variant::International => "international",
            Variant::Turkish => "turkish",
            Variant::Fuk => "fuk",
            Variant::Ugolki => "ugolki",
            Variant::UgolkiDiagonal => "ugolki-diagonal",
            Variant::Bashni => "bashni",
            Variant::Lasca => "lasca",
        }
    }

    /// The game's name in titles: `Russian checkers`, `Turkish dama`.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Russian => "Russian checkers",
            Variant::Giveaway => "giveaway checkers",
            Variant::Brazilian => "Brazilian checkers",
            Variant::International => "International draughts",
            Variant::Turkish => "Turkish dama",
            Variant::Fuk => "fuk (huffing checkers)",
            Variant::Ugolki => "Ugolki",
            Variant::UgolkiDiagonal => "diagonal Ugolki",
            Variant::Bashni => "Bashni (column draughts)",
            Variant::Lasca => "Lasca",
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
            Variant::Turkish => {
                "all 64 squares, men step forward or sideways, kings fly along ranks and files, the capture taking most pieces is compulsory"
            }
            Variant::Fuk => {
                "Russian with optional capture; a piece that could capture and did not may be huffed"
            }
            Variant::Ugolki => {
                "a race on all 64 squares to fill the opponent's house, stepping and jumping along ranks and files"
            }
            Variant::UgolkiDiagonal => "Ugolki stepping and jumping in all eight directions",
            Variant::Bashni => {
                "towers on the Russian board: only the top of a jumped tower is taken, to the bottom of the capturer"
            }
            Variant::Lasca => {
                "towers on 7x7: men forward only, kings one square, crowning ends a capture"
            }
        }
    }

    /// The FEN of the starting position.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Russian | Variant::Giveaway | Variant::Brazilian | Variant::Fuk => {
                "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
            }
            Variant::International => {
                "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
            }
            Variant::Bashni => {
                "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,h2w,a3w,c3w,e3w,g3w,b6b,d6b,f6b,h6b,a7b,c7b,e7b,g7b,b8b,d8b,f8b,h8b"
            }
            Variant::Lasca => {
                "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,a3w,c3w,e3w,g3w,a5b,c5b,e5b,g5b,b6b,d6b,f6b,a7b,c7b,e7b,g7b"
            }
            Variant::Turkish => {
                "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7"
            }
            Variant::Ugolki | Variant::UgolkiDiagonal => {
                "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h6,h7,h8"
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
