//! Indexing of the endgame positions (docs/egdb.md): a [`Material`] split, and a dense number
//! for every placement of that material with White to move on a board's [`Layout`].
//!
//! The dark squares are numbered `0..n` row by row from White's side (`a1 c1 e1 g1` are 0–3 on
//! the 8×8 board, `b8 d8 f8 h8` are 28–31), so turning the board round is `n - 1 - s`. With `w`
//! squares to a row, a position's index is, in mixed radix (most significant first): the colex
//! rank of the white men among squares `0..n-w`, of the black men among squares `w..n`
//! (counted from `w`), of the white kings among the squares left free by the men (counted in
//! order over the free squares), and of the black kings among the squares still free.
//! White-man and black-man sets that overlap give unused indices.

use damka_rules::board::Geometry;
use damka_rules::games::draughts::Rules;
use damka_rules::games::draughts::position::Position;
use damka_rules::types::{Bitboard, Side, Square};
use std::fmt;

/// The largest board the databases index: 50 dark squares (10×10).
const MAX_SQUARES: usize = 50;

/// Binomial coefficients up to 50 choose 50.
static BINOM: [[u64; MAX_SQUARES + 1]; MAX_SQUARES + 1] = {
    let mut t = [[0u64; MAX_SQUARES + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
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

impl std::str::FromStr for Material {
    type Err = String;

    /// Reads the `2100` form of [`Material`]'s `Display`.
    fn from_str(text: &str) -> Result<Material, String> {
        let digits: Vec<u8> = text.trim().bytes().map(|b| b.wrapping_sub(b'0')).collect();
        match digits[..] {
            [wm, wk, bm, bk] if digits.iter().all(|&d| d <= 9) => Ok(Material { wm, wk, bm, bk }),
            _ => Err(format!(
                "'{}' is not a material split (four digits: white men, white kings, black men, \
                 black kings, e.g. 0201)",
                text.trim()
            )),
        }
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
    pub fn of<R: Rules>(pos: &Position<R>) -> Material {
        Material {
            wm: pos.men(Side::White).count() as u8,
            wk: pos.kings(Side::White).count() as u8,
            bm: pos.men(Side::Black).count() as u8,
            bk: pos.kings(Side::Black).count() as u8,
        }
    }

    /// True if a move (a capture, a promotion, or both) can turn a position of this split into
    /// one of `other`, White to move or not: men only become kings, pieces only disappear.
    pub fn can_become(self, other: Material) -> bool {
        other.wm <= self.wm
            && other.bm <= self.bm
            && other.wm + other.wk <= self.wm + self.wk
            && other.bm + other.bk <= self.bm + self.bk
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

/// Colex rank of the set bits of `set` (relative numbering).
#[inline]
fn rank_set(set: u64) -> u64 {
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

/// The set of `k` bits of colex rank `r` among bits `0..universe`.
#[inline]
fn unrank_set(mut r: u64, k: usize, universe: usize) -> u64 {
    let mut set = 0u64;
    // Each bit lies below the one found before it: search down from there.
    let mut b = universe;
    for i in (1..=k).rev() {
        // The largest b with C(b, i) <= r.
        while b > i - 1 && binom(b, i) > r {
            b -= 1;
        }
        r -= binom(b, i);
        set |= 1 << b;
    }
    set
}

/// Colex rank of the set bits of `set` counted over the bits of `free` (which holds `set`):
/// a bit's place is the number of free bits below it.
#[inline]
fn rank_within(set: u64, free: u64) -> u64 {
    let mut s = set;
    let mut r = 0;
    let mut i = 1;
    while s != 0 {
        let below = (s & s.wrapping_neg()) - 1;
        s &= s - 1;
        r += binom((free & below).count_ones() as usize, i);
        i += 1;
    }
    r
}

/// The `n`-th set bit of `set` (from 0, lowest first), as a one-bit set; 0 if there is none.
#[inline]
fn select_bit(set: u64, n: u32) -> u64 {
    let (mut rest, mut base, mut n) = (set, 0, n);
    // Whole bytes first, then bit by bit within the byte that holds it.
    while base < 64 {
        let in_byte = (rest & 0xff).count_ones();
        if n < in_byte {
            break;
        }
        n -= in_byte;
        rest >>= 8;
        base += 8;
    }
    if base >= 64 {
        return 0;
    }
    for _ in 0..n {
        rest &= rest - 1;
    }
    (rest & rest.wrapping_neg()) << base
}

/// The inverse of [`rank_within`]: spreads the low bits of `packed` over the bits of `free`.
#[inline]
fn expand(packed: u64, free: u64) -> u64 {
    let mut out = 0;
    let mut p = packed;
    while p != 0 {
        out |= select_bit(free, p.trailing_zeros());
        p &= p - 1;
    }
    out
}

/// A placement in dense sets (bit `s` is dense square `s`): white men, white kings, black men,
/// black kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// White men.
    pub wm: u64,
    /// White kings.
    pub wk: u64,
    /// Black men.
    pub bm: u64,
    /// Black kings.
    pub bk: u64,
}

impl Placement {
    /// The material.
    pub fn material(self) -> Material {
        Material {
            wm: self.wm.count_ones() as u8,
            wk: self.wk.count_ones() as u8,
            bm: self.bm.count_ones() as u8,
            bk: self.bk.count_ones() as u8,
        }
    }
}

/// A board as the databases see it: its dark squares numbered densely from White's side, both
/// ways, and what the index needs of its size. Built once per database or generation.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Dark squares (`n`).
    squares: usize,
    /// Dark squares to a row (`w`).
    row: usize,
    to_square: [Square; 64],
    to_dense: [u8; 64],
}

impl Layout {
    /// The layout of board `B` (8×8 or 10×10).
    pub fn of<B: Geometry>() -> Layout {
        let squares = B::SQUARE_COUNT;
        assert!(
            squares <= MAX_SQUARES,
            "a board of at most {MAX_SQUARES} squares"
        );
        let mut to_square = [Square::from_index_unchecked(0); 64];
        let mut to_dense = [u8::MAX; 64];
        for sq in B::squares() {
            let dense = B::relative(Side::White, sq);
            to_square[dense] = sq;
            to_dense[sq.index()] = dense as u8;
        }
        Layout {
            squares,
            row: usize::from(B::FILES) / 2,
            to_square,
            to_dense,
        }
    }

    /// The layout of game `R`'s board.
    pub fn of_game<R: Rules>() -> Layout {
        Layout::of::<R::Board>()
    }

    /// Dark squares of the board.
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// Every dense square.
    #[inline]
    fn all(&self) -> u64 {
        (1u64 << self.squares) - 1
    }

    /// A board bitboard as a dense set.
    #[inline]
    pub fn dense(&self, bb: Bitboard) -> u64 {
        let mut out = 0u64;
        for sq in bb {
            out |= 1 << self.to_dense[sq.index()];
        }
        out
    }

    /// A dense set as a board bitboard.
    #[inline]
    pub fn board(&self, set: u64) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut s = set;
        while s != 0 {
            let i = s.trailing_zeros();
            s &= s - 1;
            out |= self.to_square[i as usize].bb();
        }
        out
    }

    /// A dense set turned round (square `s` becomes `n - 1 - s`).
    #[inline]
    pub fn rotate(&self, set: u64) -> u64 {
        set.reverse_bits() >> (64 - self.squares)
    }

    /// The placement of a position as it stands (whoever is to move).
    pub fn placement<R: Rules>(&self, pos: &Position<R>) -> Placement {
        Placement {
            wm: self.dense(pos.men(Side::White)),
            wk: self.dense(pos.kings(Side::White)),
            bm: self.dense(pos.men(Side::Black)),
            bk: self.dense(pos.kings(Side::Black)),
        }
    }

    /// The placement turned round with the colours swapped.
    pub fn flipped(&self, p: Placement) -> Placement {
        Placement {
            wm: self.rotate(p.bm),
            wk: self.rotate(p.bk),
            bm: self.rotate(p.wm),
            bk: self.rotate(p.wk),
        }
    }

    /// The radices of split `m`: white-man sets, black-man sets, white-king and black-king
    /// sets.
    fn radices(&self, m: Material) -> [u64; 4] {
        let (n, men_squares) = (self.squares, self.squares - self.row);
        let (wm, wk, bm, bk) = (m.wm as usize, m.wk as usize, m.bm as usize, m.bk as usize);
        if wm + bm > n || wm + bm + wk + bk > n {
            return [0; 4];
        }
        [
            binom(men_squares, wm),
            binom(men_squares, bm),
            binom(n - wm - bm, wk),
            binom(n - wm - bm - wk, bk),
        ]
    }

    /// Number of indices of split `m` (some unused: see the module documentation).
    pub fn size(&self, m: Material) -> u64 {
        self.radices(m).iter().product()
    }

    /// Split `m`'s indices in blocks, in index order: one block per pair of men sets (white,
    /// black), each `(used, length)`. A block is unused exactly when the two sets overlap; the
    /// kings' ranks fill the block, so its entries are all positions or all unused.
    pub fn blocks(&self, m: Material) -> impl Iterator<Item = (bool, u64)> + use<> {
        let [n_wm, n_bm, n_wk, n_bk] = self.radices(m);
        let length = n_wk * n_bk;
        let white_sets = if length == 0 { 0 } else { n_wm };
        let (wm, bm, row) = (m.wm as usize, m.bm as usize, self.row);
        let men_squares = self.squares - row;
        // Every black set, once: a pair then costs one white set's unranking per row of pairs
        // and an AND per pair.
        let black_sets: std::sync::Arc<[u64]> = (0..n_bm)
            .map(|rank| unrank_set(rank, bm, men_squares) << row)
            .collect();
        (0..white_sets).flat_map(move |rank| {
            let white = unrank_set(rank, wm, men_squares);
            let black_sets = black_sets.clone();
            (0..black_sets.len()).map(move |b| (white & black_sets[b] == 0, length))
        })
    }

    /// The index of `p` within its split; `None` if a man stands on its promotion rank.
    pub fn index(&self, p: Placement) -> Option<u64> {
        let m = p.material();
        let (n, row) = (self.squares, self.row);
        if p.wm >> (n - row) != 0 || p.bm & ((1 << row) - 1) != 0 {
            return None;
        }
        let free = self.all() & !(p.wm | p.bm);
        let free2 = free & !p.wk;
        let r_wm = rank_set(p.wm);
        let r_bm = rank_set(p.bm >> row);
        let r_wk = rank_within(p.wk, free);
        let r_bk = rank_within(p.bk, free2);
        let [_, n_bm, n_wk, n_bk] = self.radices(m);
        Some(((r_wm * n_bm + r_bm) * n_wk + r_wk) * n_bk + r_bk)
    }

    /// The placement of `index` in split `m`; `None` for an unused index (men overlap) or one
    /// past the split.
    pub fn from_index(&self, m: Material, index: u64) -> Option<Placement> {
        let [n_wm, n_bm, n_wk, n_bk] = self.radices(m);
        if n_bk == 0 || n_wk == 0 || n_bm == 0 {
            return None;
        }
        let (wm, wk, bm, bk) = (m.wm as usize, m.wk as usize, m.bm as usize, m.bk as usize);
        let r_bk = index % n_bk;
        let rest = index / n_bk;
        let r_wk = rest % n_wk;
        let rest = rest / n_wk;
        let r_bm = rest % n_bm;
        let r_wm = rest / n_bm;
        if r_wm >= n_wm {
            return None;
        }
        let men_squares = self.squares - self.row;
        let s_wm = unrank_set(r_wm, wm, men_squares);
        let s_bm = unrank_set(r_bm, bm, men_squares) << self.row;
        if s_wm & s_bm != 0 {
            return None;
        }
        let free = self.all() & !(s_wm | s_bm);
        let kings_squares = free.count_ones() as usize;
        let s_wk = expand(unrank_set(r_wk, wk, kings_squares), free);
        let s_bk = expand(unrank_set(r_bk, bk, kings_squares - wk), free & !s_wk);
        Some(Placement {
            wm: s_wm,
            wk: s_wk,
            bm: s_bm,
            bk: s_bk,
        })
    }

    /// The position of `p` with `side` to move.
    pub fn position<R: Rules>(&self, p: Placement, side: Side) -> Option<Position<R>> {
        Position::from_parts(
            self.board(p.wm | p.wk),
            self.board(p.bm | p.bk),
            self.board(p.wk | p.bk),
            side,
        )
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::board::{Dark8, Dark10};
    use damka_rules::games::draughts::{International, Russian};

    fn round_trip<R: Rules>(layout: &Layout, materials: &[Material]) {
        for &m in materials {
            let mut used = 0;
            for i in 0..layout.size(m) {
                if let Some(p) = layout.from_index(m, i) {
                    used += 1;
                    assert_eq!(layout.index(p), Some(i));
                    assert_eq!(p.material(), m);
                    let pos = layout.position::<R>(p, Side::White).expect("valid");
                    assert_eq!(layout.placement(&pos), p);
                    assert_eq!(layout.flipped(layout.flipped(p)), p);
                }
            }
            assert!(used > 0);
        }
    }

    #[test]
    fn indices_round_trip() {
        let materials = [
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
        ];
        let layout = Layout::of::<Dark8>();
        round_trip::<Russian>(&layout, &materials);
        assert_eq!(layout.rotate(1), 1 << 31);
        let layout = Layout::of::<Dark10>();
        round_trip::<International>(&layout, &materials[..1]);
        assert_eq!(layout.rotate(1), 1 << 49);
    }

    #[test]
    fn the_8x8_sizes_are_those_of_the_russian_files() {
        let layout = Layout::of::<Dark8>();
        let m = Material {
            wm: 2,
            wk: 1,
            bm: 1,
            bk: 1,
        };
        assert_eq!(
            layout.size(m),
            binom(28, 2) * binom(28, 1) * binom(29, 1) * binom(28, 1)
        );
        let layout = Layout::of::<Dark10>();
        assert_eq!(
            layout.size(m),
            binom(45, 2) * binom(45, 1) * binom(47, 1) * binom(46, 1)
        );
    }

    #[test]
    fn ranks_within_free_squares_count_the_free_squares_below() {
        let free = 0b1011_0110u64;
        // Free squares 1, 2, 4, 5, 7 are places 0..5; squares 4 and 7 are places 2 and 4.
        let set = (1 << 4) | (1 << 7);
        assert_eq!(rank_within(set, free), rank_set(0b1_0100));
        assert_eq!(expand(0b1_0100, free), set);
        assert_eq!(select_bit(free, 0), 1 << 1);
        assert_eq!(select_bit(free, 4), 1 << 7);
        assert_eq!(select_bit(free, 5), 0);
        assert_eq!(select_bit(1 << 63 | 1 << 40, 1), 1 << 63);
    }

    #[test]
    fn materials_read_back_from_their_names() {
        let m = Material {
            wm: 0,
            wk: 3,
            bm: 0,
            bk: 1,
        };
        assert_eq!(m.to_string().parse::<Material>(), Ok(m));
        assert!("03x1".parse::<Material>().is_err());
        assert!("031".parse::<Material>().is_err());
    }
}
