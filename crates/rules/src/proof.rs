//! Plain minimax proofs over any game: forced wins of the game within a number of plies, and
//! forced gains of material. They know only the rules (move generation, the draw counters and
//! the no-move rule), no evaluation and no pruning beyond alpha-beta, so they can check what
//! a search claims: the tactics suite of damka is made and verified with them.
//!
//! ```
//! use damka_rules::{draw::DrawRules, games::draughts::{Draughts, Russian}, game::Game};
//! use damka_rules::proof::Prover;
//! type G = Draughts<Russian>;
//! // Black to move: d4-c3 falls to the a1 king, d4-e3 to the g1 king.
//! let (pos, tags) = G::parse_fen("B:WKa1,Kg1:Bd4").unwrap();
//! let counters = G::counters_from_tags(&pos, &tags).unwrap();
//! let mut prover = Prover::<G>::new(DrawRules::default());
//! assert!(prover.loses_within(&pos, &counters, 2));
//! ```

use crate::draw::DrawRules;
use crate::game::{Game, GameMove, GameResult};
use crate::moves::MoveList;
use crate::types::{Kind, Side};
use std::collections::HashMap;

/// Proves forced wins of the game by exhaustive minimax, remembering what it has proved.
///
/// A win is proved within `plies` plies when the side to move has a move after which every
/// line ends, within those plies, with the opponent out of moves or with the rules declaring
/// the mover's win; a line that runs into a draw counter is not a win. Repetitions need no
/// tracking: a fastest win never passes the same position twice, because the counters only
/// ever run toward a draw, so a win proved here is a win under the repetition rule as well.
pub struct Prover<G: Game> {
    rules: DrawRules,
    memo: HashMap<(u64, G::Counters, u32), bool>,
    lists: Vec<MoveList<G::Move>>,
    nodes: u64,
}

impl<G: Game> Prover<G> {
    /// A prover under the given draw rules, with nothing proved yet.
    pub fn new(rules: DrawRules) -> Self {
        Prover {
            rules,
            memo: HashMap::new(),
            lists: Vec::new(),
            nodes: 0,
        }
    }

    /// The positions visited so far, a measure of the work done.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets what was proved, so memory stays bounded over many positions.
    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// How the game stands in `child`, reached by a move of `mover`, before any search: won
    /// by the mover when the opponent has no move, or what the rules declare; `None` while
    /// play goes on.
    fn settled(
        &mut self,
        child: &G::Position,
        counters: &G::Counters,
        mover: Side,
    ) -> Option<GameResult> {
        let mut list = self.lists.pop().unwrap_or_default();
        G::generate(child, &mut list);
        let empty = list.is_empty();
        self.lists.push(list);
        if empty {
            return Some(GameResult::Win(mover));
        }
        G::rule_outcome(counters, &self.rules, child)
    }

    /// The moves of the side to move in `pos`.
    fn moves(&mut self, pos: &G::Position) -> Vec<G::Move> {
        let mut list = self.lists.pop().unwrap_or_default();
        G::generate(pos, &mut list);
        let moves = list.iter().copied().collect();
        self.lists.push(list);
        moves
    }

    /// True if `mv` from `pos` wins within `plies` plies (the move counted).
    fn move_wins(
        &mut self,
        pos: &G::Position,
        counters: &G::Counters,
        mv: G::Move,
        plies: u32,
    ) -> bool {
        let mover = G::side_to_move(pos);
        let child = G::play(pos, mv);
        let after = G::counters_after(counters, pos, mv, &child);
        match self.settled(&child, &after, mover) {
            Some(result) => result == GameResult::Win(mover),
            None => plies >= 3 && self.loses_within(&child, &after, plies - 1),
        }
    }

    /// True if the side to move in `pos` can force a win within `plies` plies (its own move
    /// counted). The position itself must be one where play goes on.
    pub fn wins_within(&mut self, pos: &G::Position, counters: &G::Counters, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        let memo_key = (G::key(pos), *counters, plies);
        if let Some(&known) = self.memo.get(&memo_key) {
            return known;
        }
        self.nodes += 1;
        let won = self
            .moves(pos)
            .into_iter()
            .any(|mv| self.move_wins(pos, counters, mv, plies));
        self.memo.insert(memo_key, won);
        won
    }

    /// True if every move of the side to move in `pos` leads to a position its opponent wins
    /// within `plies - 1` plies. The position itself must be one where play goes on.
    pub fn loses_within(&mut self, pos: &G::Position, counters: &G::Counters, plies: u32) -> bool {
        if plies < 2 {
            return false;
        }
        let mover = G::side_to_move(pos);
        self.nodes += 1;
        for mv in self.moves(pos) {
            let child = G::play(pos, mv);
            let after = G::counters_after(counters, pos, mv, &child);
            let lost = match self.settled(&child, &after, mover) {
                Some(result) => result == GameResult::Win(mover.opponent()),
                None => self.wins_within(&child, &after, plies - 1),
            };
            if !lost {
                return false;
            }
        }
        true
    }

    /// The fewest plies, up to `max_plies`, in which the side to move forces a win, or `None`
    /// if it cannot within them.
    pub fn fastest_win(
        &mut self,
        pos: &G::Position,
        counters: &G::Counters,
        max_plies: u32,
    ) -> Option<u32> {
        (1..=max_plies)
            .step_by(2)
            .find(|&plies| self.wins_within(pos, counters, plies))
    }

    /// The moves of the side to move after which it still forces a win within `plies` plies
    /// (the move itself counted), in generation order.
    pub fn winning_moves(
        &mut self,
        pos: &G::Position,
        counters: &G::Counters,
        plies: u32,
    ) -> Vec<G::Move> {
        self.moves(pos)
            .into_iter()
            .filter(|&mv| self.move_wins(pos, counters, mv, plies))
            .collect()
    }
}

/// The material of a position in hundredths of a man for `side`: a man 100, a king 300, summed
/// over every square (the top piece of a tower stands for the tower).
pub fn material<G: Game>(pos: &G::Position, side: Side) -> i32 {
    use crate::board::Geometry;
    <G::Board as Geometry>::SQUARES
        .into_iter()
        .filter_map(|square| G::piece_at(pos, square))
        .map(|piece| {
            let value = if piece.kind == Kind::King { 300 } else { 100 };
            if piece.side == side { value } else { -value }
        })
        .sum()
}

/// A score beyond any material: the side to move has lost (no move).
const LOST: i32 = -100_000;

/// Minimax over material: the material balance for the side to move that both sides can force
/// `plies` plies ahead, with every capture sequence played out at the horizon (captures are
/// compulsory, so a position with a capture to make is never scored). A side left without a
/// move has lost, scored below any material. Plain alpha-beta in the window `(alpha, beta)`,
/// fail-hard: the value is exact inside the window and a bound outside it.
pub fn material_minimax<G: Game>(pos: &G::Position, plies: u32, alpha: i32, beta: i32) -> i32 {
    let mut lists: Vec<MoveList<G::Move>> = Vec::new();
    material_search::<G>(pos, plies, alpha, beta, 0, &mut lists)
}

fn material_search<G: Game>(
    pos: &G::Position,
    plies: u32,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    lists: &mut Vec<MoveList<G::Move>>,
) -> i32 {
    if lists.len() <= ply {
        lists.push(MoveList::new());
    }
    let mut list = std::mem::take(&mut lists[ply]);
    G::generate(pos, &mut list);
    let result = if list.is_empty() {
        LOST + ply as i32
    } else if (plies == 0 && !list[0].is_capture()) || ply >= 200 {
        material::<G>(pos, G::side_to_move(pos))
    } else {
        for &mv in list.iter() {
            let child = G::play(pos, mv);
            let score = -material_search::<G>(
                &child,
                plies.saturating_sub(1),
                -beta,
                -alpha,
                ply + 1,
                lists,
            );
            if score >= beta {
                alpha = beta;
                break;
            }
            alpha = alpha.max(score);
        }
        alpha
    };
    lists[ply] = list;
    result
}
