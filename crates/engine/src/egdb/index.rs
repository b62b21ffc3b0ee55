//! Indexing of the Russian endgame positions (docs/egdb.md): a [`Material`] split and a dense
//! number for every placement of that material with White to move.
//!
//! The 32 dark squares are numbered 0..32 row by row from White's side (`a1 c1 e1 g1` are 0–3,
//! `b8 d8 f8 h8` are 28–31), so turning the board round is `31 - s`. A position's index is,
//! in mixed radix (most significant first): the colex rank of the white men among squares 0..28,
//! of the black men among squares 4..32 (counted from 4), of the white kings among the squares
//! left free by the men (counted in order over the free squares), and of the black kings among
//! the squares still free. White-man and black-man sets that overlap give unused indices.

use damka_rules::board::{Dark8, Geometry};
use damka_rules::games::draughts::Russian;
use damka_rules::games::draughts::position::Position;
use damka_rules::types::{Bitboard, Side, Square};
use std::fmt;

/// The position type the databases hold.
pub type RPos = Position<Russian>;

/// Binomial coefficients up to 32 choose 32.
const BINOM: [[u64; 33]; 33] = {
    let mut t = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k` (0 when `k > n`).
pub fn binom(n: usize, k: usize) -> u64 {
    if k > n { 0 } else { BINOM[n][k] }
}

/// The bit of the board square of each dense square number.
fn dense_to_square() -> [Square; 32] {
    let mut out = [Square::from_index_unchecked(0); 32];
    for (i, sq) in Dark8::squares().enumerate().take(32) {
        out[i] = sq;
    }
    out
}

/// Dense numbering of the board's squares, both ways.
#[derive(Clone, Debug)]
pub struct Squares {
    to_square: [Square; 32],
    to_dense: [u8; 64],
}

impl Default for Squares {
    fn default() -> Self {
        Self::new()
    }
}

impl Squares {
    /// The tables.
    pub fn new() -> Self {
        let to_square = dense_to_square();
        let mut to_dense = [255u8; 64];
        for (i, sq) in to_square.iter().enumerate() {
            to_dense[sq.index()] = i as u8;
        }
        Squares {
            to_square,
            to_dense,
        }
    }

    /// A board bitboard as a 32-bit dense set.
    #[inline]
    pub fn dense(&self, bb: Bitboard) -> u32 {
        let mut out = 0u32;
        for sq in bb {
            out |= 1 << self.to_dense[sq.index()];
        }
        out
    }

    /// A dense set as a board bitboard.
    #[inline]
    pub fn board(&self, set: u32) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut s = set;
        while s != 0 {
            let i = s.trailing_zeros();
            s &= s - 1;
            out |= self.to_square[i as usize].bb();
        }
        out
    }
}

/// A dense set turned round (square `s` becomes `31 - s`).
#[inline]
pub fn rotate(set: u32) -> u32 {
    set.reverse_bits()
}

/// A material split: white men, white kings, black men, black kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White men.
    pub wm: u8,
    /// White kings.
    pub wk: u8,
    /// Black men.
    pub bm: u8,
    /// Black kings.
    pub bk: u8,
}

impl fmt::Display for Material {
    /// `2100` style: white men, white kings, black men, black kings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.wm, self.wk, self.bm, self.bk)
    }
}

impl Material {
    /// All pieces.
    pub fn pieces(self) -> u32 {
        u32::from(self.wm + self.wk + self.bm + self.bk)
    }

    /// All men.
    pub fn men(self) -> u32 {
        u32::from(self.wm + self.bm)
    }

    /// The material with the colours swapped.
    pub fn flipped(self) -> Material {
        Material {
            wm: self.bm,
            wk: self.bk,
            bm: self.wm,
            bk: self.wk,
        }
    }

    /// The material of a position.
    pub fn of(pos: &RPos) -> Material {
        Material {
            wm: pos.men(Side::White).count() as u8,
            wk: pos.kings(Side::White).count() as u8,
            bm: pos.men(Side::Black).count() as u8,
            bk: pos.kings(Side::Black).count() as u8,
        }
    }

    /// The file name of the slice: `r2100.egdb`.
    pub fn file_name(self) -> String {
        format!("r{self}.egdb")
    }

    /// Number of indices of the slice (some unused: see the module documentation).
    pub fn size(self) -> u64 {
        let (wm, wk, bm, bk) = (
            self.wm as usize,
            self.wk as usize,
            self.bm as usize,
            self.bk as usize,
        );
        if wm + bm > 32 || wm + bm + wk + bk > 32 {
            return 0;
        }
        binom(28, wm) * binom(28, bm) * binom(32 - wm - bm, wk) * binom(32 - wm - bm - wk, bk)
    }

    /// The slice's indices in blocks, in index order: one block per pair of men sets (white,
    /// black), each `(used, length)`. A block is unused exactly when the two sets overlap; the
    /// kings' ranks fill the block, so its entries are all positions or all unused.
    pub fn blocks(self) -> impl Iterator<Item = (bool, u64)> {
        let (wm, wk, bm, bk) = (
            self.wm as usize,
            self.wk as usize,
            self.bm as usize,
            self.bk as usize,
        );
        let length = if self.size() == 0 {
            0
        } else {
            binom(32 - wm - bm, wk) * binom(32 - wm - bm - wk, bk)
        };
        let black_sets = binom(28, bm);
        let pairs = if length == 0 {
            0
        } else {
            binom(28, wm) * black_sets
        };
        (0..pairs).map(move |pair| {
            let white = unrank_set(pair / black_sets, wm);
            let black = unrank_set(pair % black_sets, bm) << 4;
            (white & black == 0, length)
        })
    }

    /// Every split with both sides on the board and `pieces` pieces in all, fewest men first.
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let n = pieces as u8;
        let mut out = Vec::new();
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    let bk = n - wm - wk - bm;
                    if wm + wk == 0 || bm + bk == 0 {
                        continue;
                    }
                    out.push(Material { wm, wk, bm, bk });
                }
            }
        }
        out.sort_by_key(|m| (m.men(), *m));
        out
    }
}

/// Colex rank of the set bits of `set` (relative numbering), `k` bits.
#[inline]
fn rank_set(set: u32) -> u64 {
    let mut s = set;
    let mut r = 0;
    let mut i = 1;
    while s != 0 {
        let b = s.trailing_zeros() as usize;
        s &= s - 1;
        r += binom(b, i);
        i += 1;
    }
    r
}

/// The set of `k` bits of colex rank `r`.
#[inline]
fn unrank_set(mut r: u64, k: usize) -> u32 {
    let mut set = 0u32;
    for i in (1..=k).rev() {
        // The largest b with C(b, i) <= r.
        let mut b = i - 1;
        while binom(b + 1, i) <= r {
            b += 1;
        }
        r -= binom(b, i);
        set |= 1 << b;
    }
    set
}

/// Packs the bits of `set` that lie in `free` into consecutive low bits.
#[inline]
fn compress(set: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut bit = 0;
    let mut f = free;
    while f != 0 {
        let b = f & f.wrapping_neg();
        if set & b != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        f &= f - 1;
    }
    out
}

/// The inverse of [`compress`]: spreads consecutive low bits over the bits of `free`.
#[inline]
fn expand(packed: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut bit = 0;
    let mut f = free;
    while f != 0 {
        let b = f & f.wrapping_neg();
        if packed & (1 << bit) != 0 {
            out |= b;
        }
        bit += 1;
        f &= f - 1;
    }
    out
}

/// A placement in dense sets: white men, white kings, black men, black kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// White men.
    pub wm: u32,
    /// White kings.
    pub wk: u32,
    /// Black men.
    pub bm: u32,
    /// Black kings.
    pub bk: u32,
}

impl Placement {
    /// The placement of a position as it stands (whoever is to move).
    pub fn of(sq: &Squares, pos: &RPos) -> Placement {
        Placement {
            wm: sq.dense(pos.men(Side::White)),
            wk: sq.dense(pos.kings(Side::White)),
            bm: sq.dense(pos.men(Side::Black)),
            bk: sq.dense(pos.kings(Side::Black)),
        }
    }

    /// The placement turned round with the colours swapped.
    pub fn flipped(self) -> Placement {
        Placement {
            wm: rotate(self.bm),
            wk: rotate(self.bk),
            bm: rotate(self.wm),
            bk: rotate(self.wk),
        }
    }

    /// The material.
    pub fn material(self) -> Material {
        Material {
            wm: self.wm.count_ones() as u8,
            wk: self.wk.count_ones() as u8,
            bm: self.bm.count_ones() as u8,
            bk: self.bk.count_ones() as u8,
        }
    }

    /// The index within its slice; `None` if a man stands on its promotion rank.
    pub fn index(self) -> Option<u64> {
        let m = self.material();
        if self.wm >> 28 != 0 || self.bm & 0xF != 0 {
            return None;
        }
        let men = self.wm | self.bm;
        let free = !men;
        let free2 = free & !self.wk;
        let r_wm = rank_set(self.wm);
        let r_bm = rank_set(self.bm >> 4);
        let r_wk = rank_set(compress(self.wk, free));
        let r_bk = rank_set(compress(self.bk, free2));
        let (wm, wk, bm, bk) = (m.wm as usize, m.wk as usize, m.bm as usize, m.bk as usize);
        let n_bm = binom(28, bm);
        let n_wk = binom(32 - wm - bm, wk);
        let n_bk = binom(32 - wm - bm - wk, bk);
        Some(((r_wm * n_bm + r_bm) * n_wk + r_wk) * n_bk + r_bk)
    }

    /// The placement of `index` in slice `m`; `None` for an unused index (men overlap).
    pub fn from_index(m: Material, index: u64) -> Option<Placement> {
        let (wm, wk, bm, bk) = (m.wm as usize, m.wk as usize, m.bm as usize, m.bk as usize);
        let n_bm = binom(28, bm);
        let n_wk = binom(32 - wm - bm, wk);
        let n_bk = binom(32 - wm - bm - wk, bk);
        let r_bk = index % n_bk;
        let rest = index / n_bk;
        let r_wk = rest % n_wk;
        let rest = rest / n_wk;
        let r_bm = rest % n_bm;
        let r_wm = rest / n_bm;
        if r_wm >= binom(28, wm) {
            return None;
        }
        let s_wm = unrank_set(r_wm, wm);
        let s_bm = unrank_set(r_bm, bm) << 4;
        if s_wm & s_bm != 0 {
            return None;
        }
        let free = !(s_wm | s_bm);
        let s_wk = expand(unrank_set(r_wk, wk), free);
        let s_bk = expand(unrank_set(r_bk, bk), free & !s_wk);
        Some(Placement {
            wm: s_wm,
            wk: s_wk,
            bm: s_bm,
            bk: s_bk,
        })
    }

    /// The position with `side` to move.
    pub fn position(self, sq: &Squares, side: Side) -> Option<RPos> {
        RPos::from_parts(
            sq.board(self.wm | self.wk),
            sq.board(self.bm | self.bk),
            sq.board(self.wk | self.bk),
            side,
        )
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip() {
        let sq = Squares::new();
        for m in [
            Material {
                wm: 1,
                wk: 1,
                bm: 1,
                bk: 0,
            },
            Material {
                wm: 0,
                wk: 2,
                bm: 2,
                bk: 1,
            },
            Material {
                wm: 2,
                wk: 0,
                bm: 0,
                bk: 1,
            },
        ] {
            let mut used = 0;
            for i in 0..m.size() {
                if let Some(p) = Placement::from_index(m, i) {
                    used += 1;
                    assert_eq!(p.index(), Some(i));
                    assert_eq!(p.material(), m);
                    let pos = p.position(&sq, Side::White).expect("valid");
                    assert_eq!(Placement::of(&sq, &pos), p);
                    assert_eq!(p.flipped().flipped(), p);
                }
            }
            assert!(used > 0);
        }
        assert_eq!(rotate(1), 1 << 31);
    }
}
