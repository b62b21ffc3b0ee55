//! One search thread's alpha-beta: principal-variation search with a transposition table,
//! aspiration windows at the root, late-move reductions, a ply less where the table has no move,
//! a single-reply extension and a capture resolution that never stops in the middle of a forced
//! capture. Draws by repetition and by every endgame counter are scored here exactly as the game
//! record declares them.

use super::config::SearchConfig;
use super::databases::{Databases, EndgameDatabase};
use super::evaluation::Evaluator;
use super::ordering::{MAX_PLY, Ordering, pick_next, sort_if_long};
use super::shared::Shared;
use crate::tt::{Bound, Entry, MoveHint, Tt};
use damka_rules::draw::{DrawRules, REPETITION, Remaining};
use damka_rules::game::{Game, GameMove, GameResult};
use damka_rules::moves::MoveList;
use damka_rules::score::Score;
use damka_rules::types::Side;
use std::sync::LazyLock;
use std::sync::atomic::Ordering as AtomicOrdering;

/// The draw counters that are this many plies or fewer from a draw are part of the table key;
/// farther ones cannot change a score within a search's reach.
const COUNTER_HORIZON: u16 = 48;

/// A position of the search with what the draw rules need to judge it.
#[derive(Clone, Copy)]
struct Node<G: Game> {
    pos: G::Position,
    counters: G::Counters,
    /// Index in the key stack of the first position since the last irreversible move: no
    /// earlier position can repeat.
    rep_start: usize,
    /// The move into this node was a quiet one: a capture forced here answers a sacrifice.
    after_quiet: bool,
}

/// A root move with what the last completed iteration learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its score in the last completed iteration (or -INFINITE if not searched yet).
    pub score: Score,
    /// The principal variation starting with it.
    pub pv: Vec<M>,
    /// Deepest ply reached below it.
    pub seldepth: u32,
}

/// Generated moves between two looks at the clock, whatever the node count (see
/// [`Worker::note_moves`]).
const MOVES_PER_POLL: usize = 4096;

/// Remaining depth from which ProbCut tries a shallow search.
const PROBCUT_DEPTH: i32 = 5;
/// How much shallower ProbCut's search is.
const PROBCUT_REDUCTION: i32 = 4;
/// How far above beta ProbCut's shallow search must score, in hundredths of a man.
const PROBCUT_MARGIN: i32 = 60;
/// ProbCut stays out of endings of this many pieces or fewer, where a king caught in a trap
/// or a sacrifice that frees a man decides games well beyond a shallow search's sight.
const PROBCUT_ENDING: u32 = 6;

/// Remaining depth from which a node without a table move is searched a ply shallower (an
/// internal iterative reduction): its move order is a guess, and the next iteration finds
/// the move this one stores and searches the node in full.
const UNHINTED_REDUCTION_DEPTH: i32 = 4;

/// Remaining depth up to which the static cut looks at a node's evaluation.
const STATIC_CUT_DEPTH: i32 = 2;

/// Remaining depth from which a worker defers moves another worker is searching.
const DEFER_DEPTH: i32 = 3;

/// The state of one search thread.
pub struct Worker<'a, G: Game> {
    /// 0 for the main thread.
    pub id: usize,
    shared: &'a Shared<'a>,
    tt: &'a Tt,
    /// The static evaluation, with the network's sums along the path.
    eval: Evaluator<G>,
    draws: DrawRules,
    /// Threefold repetition is in force (read once from `draws`).
    repetition: bool,
    /// The endgame databases of the game, if loaded.
    egdb: Option<std::sync::Arc<dyn EndgameDatabase<G>>>,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Horizon leaves reached since the last [`Worker::mean_depth`] reset, and the sum of
    /// their plies (Hub's `mean-depth`).
    leaves: u64,
    leaf_plies: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: u32,
    /// Keys from the last irreversible move of the game up to the current node.
    keys: Vec<u64>,
    lists: Vec<MoveList<G::Move>>,
    sort_keys: Vec<Vec<i32>>,
    quiets: Vec<Vec<G::Move>>,
    /// Moves put off because another worker was searching them (see [`super::busy`]).
    deferred: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
    ordering: Ordering<G::Move>,
    /// The root position and counters.
    root: G::Position,
    root_counters: G::Counters,
    /// Root moves, best first after each iteration.
    pub root_moves: Vec<RootMove<G::Move>>,
    /// Set when the search was aborted; scores from that iteration are not to be trusted.
    pub aborted: bool,
    /// Moves generated since the clock was last looked at (see [`Worker::note_moves`]).
    moves_since_poll: usize,
    /// A root move that beat the first one in the iteration under way and was searched in
    /// full: if the iteration is cut short, a better move than the last completed one's.
    pub unfinished_best: Option<RootMove<G::Move>>,
}

/// Zobrist-style keys for "draw rule `r` is `n` plies away", mixed into the table key.
fn counter_key(rule: usize, left: u16) -> u64 {
    // A fixed mix of the two numbers; only needs to differ between (rule, left) pairs.
    let mut z = (rule as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (left as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    z ^= z >> 32;
    z.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

impl<'a, G: Game> Worker<'a, G> {
    /// A worker for the root `position` with `counters`, the game's keys since the last
    /// irreversible move (the current position last), and the root moves to consider.
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        tt: &'a Tt,
        config: &SearchConfig,
        root: (G::Position, G::Counters, &[u64], DrawRules),
        root_moves: &[G::Move],
    ) -> Self {
        let (position, counters, keys, draws) = root;
        let mut keys = keys.to_vec();
        if keys.last() != Some(&G::key(&position)) {
            keys.push(G::key(&position));
        }
        Worker {
            id,
            shared,
            tt,
            eval: Evaluator::new(
                config.weights,
                config.network,
                config.network_file.clone(),
                &position,
                MAX_PLY + 1,
            ),
            draws,
            repetition: draws.is_on(&REPETITION),
            egdb: config.egdb.as_ref().and_then(Databases::for_game::<G>),
            nodes: 0,
            seldepth: 0,
            leaves: 0,
            leaf_plies: 0,
            keys,
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            sort_keys: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            quiets: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            deferred: (0..MAX_PLY + 1).map(|_| Vec::new()).collect(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            ordering: Ordering::default(),
            root: position,
            root_counters: counters,
            root_moves: root_moves
                .iter()
                .map(|&mv| RootMove {
                    mv,
                    score: -Score::INFINITE,
                    pv: vec![mv],
                    seldepth: 0,
                })
                .collect(),
            aborted: false,
            moves_since_poll: 0,
            unfinished_best: None,
        }
    }

    /// The mean ply of the horizon leaves since the last call, which starts a new count.
    pub fn mean_depth(&mut self) -> f64 {
        let mean = self.leaf_plies as f64 / self.leaves.max(1) as f64;
        (self.leaves, self.leaf_plies) = (0, 0);
        mean
    }

    /// The root position.
    pub fn root(&self) -> G::Position {
        self.root
    }

    /// True once the search must stop: checked at every node, cheap.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.id == 0
            && self
                .shared
                .node_limit
                .is_some_and(|limit| self.shared.total_nodes(self.nodes) >= limit)
        {
            self.shared.abort.store(true, AtomicOrdering::Relaxed);
        }
        if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.shared.abort.load(AtomicOrdering::Relaxed) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Publishes the node count and, on the main thread, looks at the clock and `stop`.
    fn poll(&mut self) {
        self.moves_since_poll = 0;
        self.shared.publish_nodes(self.id, self.nodes);
        // Every worker watches the clock: with more threads than cores the main one may wait
        // for a core while the time runs out.
        self.shared.poll_clock();
    }

    /// Counts `moves` just generated towards the next look at the clock.
    ///
    /// Nodes are a fair measure of time while positions have a few dozen moves, but a tower
    /// game's node can list thousands of capture paths, and a thousand such nodes take seconds.
    /// Polling also after every [`MOVES_PER_POLL`] generated moves bounds the time between two
    /// looks at the clock by the work done, not by the node count, so `stop` and the hard time
    /// limit are obeyed within a few milliseconds in every game. Node counts do not change.
    #[inline]
    fn note_moves(&mut self, moves: usize) {
        self.moves_since_poll += moves;
        if self.moves_since_poll >= MOVES_PER_POLL {
            self.poll();
        }
    }

    /// The table key of a node: the position's key, plus the draw counters close to firing
    /// (`remaining`, the node's running counters).
    #[inline]
    fn node_key(pos: &G::Position, remaining: &Remaining) -> u64 {
        let mut key = G::key(pos);
        for (rule, &left) in remaining.lefts().iter().enumerate() {
            if left <= COUNTER_HORIZON {
                key ^= counter_key(rule, left);
            }
        }
        key
    }

    /// True if the current node (the last key) repeats a position since `rep_start`.
    #[inline]
    fn is_repetition(&self, rep_start: usize) -> bool {
        if !self.repetition {
            return false;
        }
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let mut i = current;
        while i >= rep_start + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// The score of a side to move that has no legal move.
    #[inline]
    fn no_move_score(ply: usize) -> Score {
        if G::NO_MOVE_WINS {
            Score::win_in(ply as u32)
        } else {
            Score::loss_in(ply as u32)
        }
    }

    /// The score for `to_move` of a result the rules declare at `ply`.
    #[inline]
    fn result_score(result: GameResult, to_move: Side, ply: usize) -> Score {
        match result {
            GameResult::Win(side) if side == to_move => Score::win_in(ply as u32),
            GameResult::Win(_) => Score::loss_in(ply as u32),
            GameResult::Draw(_) | GameResult::Ongoing => Score::DRAW,
        }
    }

    /// Searches the root moves from `pv_index` on to `depth` in the window and sorts them. On
    /// the first line, a move that beats the first one searched is also kept in
    /// [`Worker::unfinished_best`] as soon as its search ends.
    pub fn search_root(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        pv_index: usize,
    ) -> Score {
        self.seldepth = 0;
        let root = Node {
            pos: self.root,
            counters: self.root_counters,
            rep_start: 0,
            after_quiet: false,
        };
        let mut best = -Score::INFINITE;
        for i in pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let child = self.enter(&root, mv);
            self.nodes += 1;
            let score = self.search_child::<true>(&child, alpha, beta, depth, 0, i == pv_index, 0);
            self.keys.pop();
            if self.aborted {
                break;
            }
            let entry = &mut self.root_moves[i];
            if i == pv_index || score > alpha {
                entry.score = score;
                entry.seldepth = self.seldepth;
                entry.pv.clear();
                entry.pv.push(mv);
                entry.pv.extend_from_slice(&self.pv[1]);
            } else {
                // Not better than the best so far: only an upper bound, keep it below.
                entry.score = -Score::INFINITE;
            }
            if score > best {
                best = score;
            }
            if pv_index == 0 && i > 0 && score > alpha {
                self.unfinished_best = Some(self.root_moves[i].clone());
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
                // Keep the new best at the front of the unsearched part.
                self.root_moves[pv_index..=i].rotate_right(1);
            }
        }
        // Stable sort keeps the order of equal (e.g. unsearched) moves.
        self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        best
    }

    /// Plays `mv` from `node` and pushes the child's key on the repetition stack (the caller
    /// pops it when done with the child).
    #[inline]
    fn enter(&mut self, node: &Node<G>, mv: G::Move) -> Node<G> {
        let pos = G::play(&node.pos, mv);
        let counters = G::counters_after(&node.counters, &node.pos, mv, &pos);
        // After an irreversible move older positions cannot come back.
        let rep_start = if G::is_irreversible(&node.pos, mv) {
            self.keys.len()
        } else {
            node.rep_start
        };
        self.keys.push(G::key(&pos));
        Node {
            pos,
            counters,
            rep_start,
            after_quiet: !mv.is_capture(),
        }
    }

    /// Principal-variation search of a child of a node at `ply` searched to `depth`: the first
    /// move gets the full window, the others a null window, first `reduction` plies shallower;
    /// a move that surprises is searched again at full depth, then (on the principal variation)
    /// with the full window.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_child<const PV: bool>(
        &mut self,
        child: &Node<G>,
        alpha: Score,
        beta: Score,
        depth: i32,
        ply: usize,
        first: bool,
        reduction: i32,
    ) -> Score {
        if first {
            return -self.search::<PV>(child, -beta, -alpha, depth - 1, ply + 1);
        }
        let mut score =
            -self.search::<false>(child, -alpha - 1, -alpha, depth - 1 - reduction, ply + 1);
        if reduction > 0 && score > alpha && !self.aborted {
            score = -self.search::<false>(child, -alpha - 1, -alpha, depth - 1, ply + 1);
        }
        if PV && score > alpha && score < beta && !self.aborted {
            score = -self.search::<true>(child, -beta, -alpha, depth - 1, ply + 1);
        }
        score
    }

    /// Alpha-beta below the root. `PV` is true on the principal variation.
    fn search<const PV: bool>(
        &mut self,
        node: &Node<G>,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
    ) -> Score {
        let (pos, counters) = (&node.pos, node.counters);
        self.eval.enter(ply, pos);
        self.pv[ply].clear();
        // A repetition is a draw also on the horizon, before the capture resolution.
        if self.is_repetition(node.rep_start) {
            return Score::DRAW;
        }
        if depth <= 0 || ply >= MAX_PLY {
            self.leaves += 1;
            self.leaf_plies += ply as u64;
            return self.quiescence(pos, counters, alpha, beta, ply);
        }
        if self.should_stop() {
            return Score::DRAW;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);

        // The table's bucket is fetched from memory while the moves are generated.
        let (outcome, remaining) = G::rule_outcome_and_remaining(&counters, &self.draws, pos);
        let key = Self::node_key(pos, &remaining);
        self.tt.prefetch(key);
        let mut list = std::mem::take(&mut self.lists[ply]);
        G::generate(pos, &mut list);
        self.note_moves(list.len());
        if list.is_empty() {
            self.lists[ply] = list;
            return Self::no_move_score(ply);
        }
        if let Some(result) = outcome {
            self.lists[ply] = list;
            return Self::result_score(result, G::side_to_move(pos), ply);
        }
        // Endgame databases: an exact score where they decide, when nothing must be captured.
        if let Some(egdb) = &self.egdb
            && !list[0].is_capture()
            && let Some(score) = egdb.score(pos, &counters, &self.draws)
        {
            self.lists[ply] = list;
            return score;
        }
        // Mate distance pruning: no score here can beat a faster forced result found already.
        alpha = alpha.max(Score::loss_in(ply as u32));
        beta = beta.min(Score::win_in(ply as u32 + 1));
        if alpha >= beta {
            self.lists[ply] = list;
            return alpha;
        }

        let entry = self.tt.probe(key);
        let mut table_move = None;
        if let Some(entry) = entry {
            table_move = entry.hint.resolve(&list);
            let score = entry.score.from_table(ply as u32);
            if !PV && entry.depth >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    self.lists[ply] = list;
                    return score;
                }
            }
        }
        // Static cut: a node a ply or two from the horizon, with nothing to capture, whose
        // static evaluation clears beta by a margin a ply is unlikely to take back, fails
        // high without a search. Only in the games where it won games
        // ([`Game::STATIC_CUT_MARGIN`]), and not in small endings (as ProbCut).
        if !PV
            && G::STATIC_CUT_MARGIN > 0
            && depth <= STATIC_CUT_DEPTH
            && !list[0].is_capture()
            && !beta.is_decisive()
            && G::pieces_on_board(pos) > PROBCUT_ENDING
        {
            let margin = G::STATIC_CUT_MARGIN * depth;
            let bar = beta + margin;
            let eval = self.eval.evaluate_within(ply, pos, bar - 1, bar);
            if eval >= bar {
                self.lists[ply] = list;
                return eval - margin;
            }
        }
        // ProbCut: when a search `PROBCUT_REDUCTION` plies shallower clears beta by a margin,
        // the full-depth search would almost surely clear beta too. Not where the move is
        // forced, nor where a capture answers a quiet move: that is how a sacrifice is
        // answered, and a shallow look at it sees the material taken and not the blow to
        // come. Nor in small endings (`PROBCUT_ENDING`).
        let answers_quiet_move_with_capture = node.after_quiet && list[0].is_capture();
        if !PV
            && list.len() > 1
            && !answers_quiet_move_with_capture
            && depth >= PROBCUT_DEPTH
            && !beta.is_decisive()
            && !entry.is_some_and(|e| {
                e.depth >= depth - PROBCUT_REDUCTION
                    && e.bound != Bound::Lower
                    && e.score.from_table(ply as u32) < beta + PROBCUT_MARGIN
            })
            && G::pieces_on_board(pos) > PROBCUT_ENDING
        {
            let raised = beta + PROBCUT_MARGIN;
            // The shallow search works on this same node and needs this ply's buffers; it
            // leaves this node's moves in the list, in its own order.
            self.lists[ply] = list;
            let score =
                self.search::<false>(node, raised - 1, raised, depth - PROBCUT_REDUCTION, ply);
            if self.aborted {
                return Score::DRAW;
            }
            if score >= raised {
                return score;
            }
            list = std::mem::take(&mut self.lists[ply]);
        }
        // A forced reply costs nothing to look at one ply deeper.
        let extension = i32::from(list.len() == 1 && ply < 2 * MAX_PLY / 3);
        // Without a move from the table the order is a guess: a ply less (see
        // `UNHINTED_REDUCTION_DEPTH`).
        let unhinted = G::UNHINTED_REDUCTION
            && table_move.is_none()
            && list.len() > 1
            && depth >= UNHINTED_REDUCTION_DEPTH;
        let depth = depth + extension - i32::from(unhinted);

        let mut sort_keys = std::mem::take(&mut self.sort_keys[ply]);
        self.ordering
            .score_moves(&list, G::side_to_move(pos), ply, table_move, &mut sort_keys);
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();

        let original_alpha = alpha;
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        let side = G::side_to_move(pos);
        let sorted = sort_if_long(list.as_mut_slice(), &mut sort_keys);
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let busy = self.shared.busy.as_ref().filter(|_| depth >= DEFER_DEPTH);
        let mut step = 0;
        while step < list.len() + deferred.len() {
            let index = step;
            step += 1;
            let mv = if index >= list.len() {
                deferred[index - list.len()]
            } else if sorted {
                list[index]
            } else {
                pick_next(list.as_mut_slice(), &mut sort_keys, index)
            };
            let quiet = !mv.is_capture() && !mv.promotes();
            // Late quiet moves are searched shallower first; a surprise earns a full search.
            let mut reduction = 0;
            if index > 0
                && depth >= 3
                && quiet
                && index >= if PV { 4 } else { 2 }
                && !self.ordering.is_killer(ply, mv)
            {
                reduction = (lmr(depth, index) - i32::from(PV)).clamp(0, depth - 2);
            }
            let child = self.enter(node, mv);
            let child_key = self.keys[self.keys.len() - 1];
            if let Some(busy) = busy {
                // Another worker is on this position: come back to it after the others.
                if index > 0 && index < list.len() && busy.is_busy(child_key) {
                    self.keys.pop();
                    deferred.push(mv);
                    continue;
                }
                busy.enter(child_key);
            }
            let score =
                self.search_child::<PV>(&child, alpha, beta, depth, ply, index == 0, reduction);
            if let Some(busy) = busy {
                busy.leave(child_key);
            }
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(mv);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if quiet {
                            self.ordering.reward(side, ply, depth, mv, &quiets);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(mv);
            }
        }

        if !self.aborted {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let hint = best_move.map_or(MoveHint::NONE, |mv| MoveHint::new(mv, &list));
            self.tt.store(
                key,
                Entry {
                    hint,
                    score: best_score.to_table(ply as u32),
                    depth,
                    bound,
                },
            );
        }
        self.lists[ply] = list;
        self.sort_keys[ply] = sort_keys;
        self.quiets[ply] = quiets;
        self.deferred[ply] = deferred;
        best_score
    }

    /// Resolves captures: while the side to move must capture it may not stand pat; otherwise
    /// the static evaluation stands. A game where capturing is optional
    /// ([`Game::quiescence_moves`]) may stand pat beside its captures.
    fn quiescence(
        &mut self,
        pos: &G::Position,
        counters: G::Counters,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if ply >= MAX_PLY {
            return self.eval.evaluate(ply, pos);
        }
        if self.should_stop() {
            return Score::DRAW;
        }
        if G::is_quiet(pos) {
            let mut scratch = std::mem::take(&mut self.lists[ply]);
            let moves = G::count_moves(pos, &mut scratch);
            self.lists[ply] = scratch;
            if moves == 0 {
                return Self::no_move_score(ply);
            }
            if let Some(result) = G::rule_outcome(&counters, &self.draws, pos) {
                return Self::result_score(result, G::side_to_move(pos), ply);
            }
            // A quiet leaf the endgame databases decide needs no evaluation.
            if let Some(egdb) = &self.egdb
                && let Some(score) = egdb.score(pos, &counters, &self.draws)
            {
                return score;
            }
            return self.eval.evaluate_within(ply, pos, alpha, beta);
        }
        if let Some(result) = G::rule_outcome(&counters, &self.draws, pos) {
            return Self::result_score(result, G::side_to_move(pos), ply);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let stand_pat = G::quiescence_moves(pos, &mut list);
        self.note_moves(list.len());
        let mut best = -Score::INFINITE;
        if stand_pat {
            if list.is_empty() {
                let moves = G::count_moves(pos, &mut list);
                list.clear();
                if moves == 0 {
                    self.lists[ply] = list;
                    return Self::no_move_score(ply);
                }
            }
            best = self.eval.evaluate(ply, pos);
            if best >= beta {
                self.lists[ply] = list;
                return best;
            }
            alpha = alpha.max(best);
        }
        for index in 0..list.len() {
            let mv = list[index];
            let child = G::play(pos, mv);
            let child_counters = G::counters_after(&counters, pos, mv, &child);
            self.eval.enter(ply + 1, &child);
            let score = -self.quiescence(&child, child_counters, -beta, -alpha, ply + 1);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }
}

/// Late-move reduction in plies for the `index`-th move at `depth`: from a table made once
/// for the depths and move numbers a search meets, worked out afresh beyond it.
#[inline]
fn lmr(depth: i32, index: usize) -> i32 {
    static TABLE: LazyLock<[[u8; LMR_MOVES]; LMR_DEPTHS]> = LazyLock::new(|| {
        let mut table = [[0; LMR_MOVES]; LMR_DEPTHS];
        for (depth, row) in table.iter_mut().enumerate() {
            for (index, cell) in row.iter_mut().enumerate() {
                *cell = lmr_formula(depth as i32, index) as u8;
            }
        }
        table
    });
    // A negative depth turns into an index far past the table.
    match TABLE.get(depth as usize).and_then(|row| row.get(index)) {
        Some(&plies) => i32::from(plies),
        None => lmr_formula(depth, index),
    }
}

/// Depths and move numbers the late-move reduction table holds.
const LMR_DEPTHS: usize = 128;
const LMR_MOVES: usize = 64;

/// The late-move reduction's formula: half a ply plus ln(depth) · ln(index) / 2.25, rounded
/// down (0 for a depth or index below 1).
fn lmr_formula(depth: i32, index: usize) -> i32 {
    if depth < 1 || index < 1 {
        return 0;
    }
    let d = (depth as f64).ln();
    let i = (index as f64).ln();
    (0.5 + d * i / 2.25) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table gives what the formula gives, inside it and beyond its edges.
    #[test]
    fn late_move_reductions_follow_the_formula() {
        for depth in -2..200 {
            for index in 0..300 {
                assert_eq!(
                    lmr(depth, index),
                    lmr_formula(depth, index),
                    "{depth} {index}"
                );
            }
        }
        assert_eq!(lmr(3, 2), 0);
        assert_eq!(lmr(20, 30), 5);
    }
}
