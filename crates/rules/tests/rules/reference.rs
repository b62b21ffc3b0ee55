//! A deliberately plain Russian move generator on an 8×8 array, written straight from the rules
//! text with no bitboards and no shared code, to cross-check the engine's generator.

#![allow(dead_code)]

use std::collections::BTreeSet;

/// A piece on the reference board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Man(bool),  // true = white
    King(bool), // true = white
}

/// A board indexed [file][rank], and whether White is to move.
#[derive(Clone, Debug)]
pub struct Board {
    pub cells: [[Cell; 8]; 8],
    pub white_to_move: bool,
}

/// A capture path: the start then every landing, the pieces taken in order, and whether the man
/// was crowned.
pub type RefPath = (Vec<(u8, u8)>, Vec<(u8, u8)>, bool);

/// (from, to, captured squares sorted, promotes) with squares as (file, rank).
pub type RefMove = ((u8, u8), (u8, u8), Vec<(u8, u8)>, bool);

const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn on_board(f: i8, r: i8) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Board {
    fn cell(&self, f: i8, r: i8) -> Cell {
        self.cells[f as usize][r as usize]
    }

    fn is_enemy(&self, f: i8, r: i8, white: bool) -> bool {
        match self.cell(f, r) {
            Cell::Man(w) | Cell::King(w) => w != white,
            Cell::Empty => false,
        }
    }

    /// Every capture path: (start, landings, captured in order, crowned).
    pub fn capture_paths(&self) -> Vec<RefPath> {
        let white = self.white_to_move;
        let mut out = Vec::new();
        for f in 0..8i8 {
            for r in 0..8i8 {
                let (is_king, owner) = match self.cell(f, r) {
                    Cell::Man(w) => (false, w),
                    Cell::King(w) => (true, w),
                    Cell::Empty => continue,
                };
                if owner != white {
                    continue;
                }
                let mut path = vec![(f as u8, r as u8)];
                let mut taken = Vec::new();
                self.extend(
                    f,
                    r,
                    (f, r),
                    is_king,
                    false,
                    &mut path,
                    &mut taken,
                    &mut out,
                );
            }
        }
        out
    }

    fn free(&self, f: i8, r: i8, start: (i8, i8)) -> bool {
        on_board(f, r) && ((f, r) == start || self.cell(f, r) == Cell::Empty)
    }

    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        f: i8,
        r: i8,
        start: (i8, i8),
        king: bool,
        crowned: bool,
        path: &mut Vec<(u8, u8)>,
        taken: &mut Vec<(u8, u8)>,
        out: &mut Vec<RefPath>,
    ) {
        let white = self.white_to_move;
        let last_rank = if white { 7 } else { 0 };
        let mut any = false;
        for (df, dr) in DIRS {
            if king {
                // Fly over free squares to the first piece.
                let (mut x, mut y) = (f + df, r + dr);
                while self.free(x, y, start) {
                    x += df;
                    y += dr;
                }
                if !on_board(x, y)
                    || !self.is_enemy(x, y, white)
                    || taken.contains(&(x as u8, y as u8))
                {
                    continue;
                }
                let victim = (x as u8, y as u8);
                let mut landings = Vec::new();
                let (mut lx, mut ly) = (x + df, y + dr);
                while self.free(lx, ly, start) {
                    landings.push((lx, ly));
                    lx += df;
                    ly += dr;
                }
                if landings.is_empty() {
                    continue;
                }
                any = true;
                taken.push(victim);
                let continuing: Vec<(i8, i8)> = landings
                    .iter()
                    .copied()
                    .filter(|&(lx, ly)| self.king_can_capture(lx, ly, start, taken))
                    .collect();
                let chosen = if continuing.is_empty() {
                    landings
                } else {
                    continuing
                };
                for (lx, ly) in chosen {
                    path.push((lx as u8, ly as u8));
                    self.extend(lx, ly, start, true, crowned, path, taken, out);
                    path.pop();
                }
                taken.pop();
            } else {
                let (x, y, lx, ly) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
                if !on_board(lx, ly)
                    || !self.is_enemy(x, y, white)
                    || taken.contains(&(x as u8, y as u8))
                {
                    continue;
                }
                if !self.free(lx, ly, start) {
                    continue;
                }
                any = true;
                taken.push((x as u8, y as u8));
                path.push((lx as u8, ly as u8));
                let promote = ly == last_rank;
                self.extend(lx, ly, start, promote, promote, path, taken, out);
                path.pop();
                taken.pop();
            }
        }
        if !any && !taken.is_empty() {
            out.push((path.clone(), taken.clone(), crowned));
        }
    }

    fn king_can_capture(&self, f: i8, r: i8, start: (i8, i8), taken: &[(u8, u8)]) -> bool {
        DIRS.iter().any(|&(df, dr)| {
            let (mut x, mut y) = (f + df, r + dr);
            while self.free(x, y, start) {
                x += df;
                y += dr;
            }
            on_board(x, y)
                && self.is_enemy(x, y, self.white_to_move)
                && !taken.contains(&(x as u8, y as u8))
                && self.free(x + df, y + dr, start)
        })
    }

    /// The legal moves, each distinct (from, to, captured set, promotes) once.
    pub fn legal_moves(&self) -> BTreeSet<RefMove> {
        let captures = self.capture_paths();
        if !captures.is_empty() {
            return captures
                .into_iter()
                .map(|(path, taken, crowned)| {
                    let mut set = taken.clone();
                    set.sort();
                    (path[0], *path.last().unwrap(), set, crowned)
                })
                .collect();
        }
        let white = self.white_to_move;
        let mut out = BTreeSet::new();
        for f in 0..8i8 {
            for r in 0..8i8 {
                match self.cell(f, r) {
                    Cell::Man(w) if w == white => {
                        let dr = if white { 1 } else { -1 };
                        for df in [-1, 1] {
                            let (x, y) = (f + df, r + dr);
                            if on_board(x, y) && self.cell(x, y) == Cell::Empty {
                                let promote = y == if white { 7 } else { 0 };
                                out.insert((
                                    (f as u8, r as u8),
                                    (x as u8, y as u8),
                                    vec![],
                                    promote,
                                ));
                            }
                        }
                    }
                    Cell::King(w) if w == white => {
                        for (df, dr) in DIRS {
                            let (mut x, mut y) = (f + df, r + dr);
                            while on_board(x, y) && self.cell(x, y) == Cell::Empty {
                                out.insert(((f as u8, r as u8), (x as u8, y as u8), vec![], false));
                                x += df;
                                y += dr;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }
}
