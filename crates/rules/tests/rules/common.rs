//! Helpers shared by the rules tests: a reproducible random generator, random positions, and
//! where the per-game data files are.

use damka_rules::board::Geometry;
use damka_rules::games::draughts::Rules;
use damka_rules::games::draughts::position::Position;
use damka_rules::types::{Bitboard, Side, Square};

/// A small deterministic random generator (xorshift64*), so failures reproduce.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal-looking position: up to `max_men` men and `max_kings` kings a side.
pub fn random_position<R: Rules>(rng: &mut Rng, max_men: u64, max_kings: u64) -> Position<R> {
    let squares: Vec<Square> = R::Board::squares().collect();
    let mut taken = Bitboard::EMPTY;
    let mut sides = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for side in Side::BOTH {
        let men = rng.below(max_men + 1);
        let crowned = rng.below(max_kings + 1);
        for i in 0..men + crowned {
            let is_king = i >= men;
            loop {
                let sq = squares[rng.below(squares.len() as u64) as usize];
                if taken.contains(sq) {
                    continue;
                }
                if !is_king && R::Board::promotion_rank(side).contains(sq) {
                    continue;
                }
                taken |= sq.bb();
                sides[side.index()] |= sq.bb();
                if is_king {
                    kings |= sq.bb();
                }
                break;
            }
        }
    }
    let side = if rng.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    Position::from_parts(sides[0], sides[1], kings, side).expect("random position is valid")
}

/// The folder of a game's data files: `tests/data/<game>/` at the top of the workspace.
pub fn data_dir(variant: damka_rules::games::Variant) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(variant.name())
}
