//! The endgame draw counters of the draughts games (docs/rules.md: Russian draws 2–7, and the
//! International rules that Brazilian shares): which rules a game has ([`DrawProfile`]) and the
//! counters themselves ([`Counters`]), the options that switch each rule ([`KINGS_ONLY`] …) and
//! the reasons a drawn game gives ([`reason`]); threefold repetition needs the game's history and
//! lives in the game record. The search keeps its own key stack but uses
//! these counters, so a draw is scored exactly as it is declared in the game.
//!
//! Every counter is a number of plies. A counter tied to a material condition starts at 0 in the
//! first position where its condition holds, grows by one each ply while it keeps holding, and
//! goes back to 0 as soon as it stops holding. Rules about "the stronger side's N-th move" are
//! checked by counting that side's moves inside the plies (see [`moves_by`]).

use super::Rules;
use super::moves::Move;
use super::position::Position;
use crate::board::Diagonal;
use crate::draw::{DrawKind, DrawOption, DrawReason, DrawRules, Remaining};
use crate::types::Side;

/// Draw 2: 15 moves of each side (International: 25) with only kings moved and nothing captured.
pub const KINGS_ONLY: DrawOption = DrawOption {
    name: "Draw Kings Only",
    kind: DrawKind::Switch { on: true },
    doc: "a draw after a run of king moves with no capture and no man moved",
};
/// Draw 3: three or more kings fail to capture a lone king by their 15th move.
pub const THREE_KINGS: DrawOption = DrawOption {
    name: "Draw Three Kings",
    kind: DrawKind::Switch { on: true },
    doc: "three kings or more that fail to take a lone king by their 15th move draw",
};
/// Draw 4: three kings fail to win against a lone king on the main road by their 5th move.
pub const MAIN_ROAD: DrawOption = DrawOption {
    name: "Draw Main Road",
    kind: DrawKind::Switch { on: true },
    doc: "three kings that fail to beat a lone king holding the main road by their 5th move draw",
};
/// Draw 5: two kings, or a king and a man, fail to win against one piece by their 10th move.
pub const TWO_AGAINST_ONE: DrawOption = DrawOption {
    name: "Draw Two Against One",
    kind: DrawKind::Switch { on: true },
    doc: "two pieces with a king that fail to beat a lone piece by their 10th move draw",
};
/// Draw 6: material unchanged (no capture, no promotion) for [`MATERIAL_MOVES`] moves each.
pub const MATERIAL: DrawOption = DrawOption {
    name: "Draw Material",
    kind: DrawKind::Switch { on: true },
    doc: "a draw after a long run of moves with no capture and no promotion",
};
/// The length of draw 6 in moves of each side: 32 by default, 30 in one of the rule texts.
pub const MATERIAL_MOVES: DrawOption = DrawOption {
    name: "Draw Material Moves",
    kind: DrawKind::Length {
        moves: 32,
        min: 1,
        max: 200,
    },
    doc: "the moves of each side that Draw Material waits for in the Russian games",
};
/// Draw 7 (the FMJD profile, off by default): kings on both sides, no capture or promotion,
/// 30 moves with 4–5 pieces on the board and 60 moves with 6–7.
pub const FMJD: DrawOption = DrawOption {
    name: "Draw FMJD",
    kind: DrawKind::Switch { on: false },
    doc: "the FMJD endgame limits: kings on both sides, 30 moves with 4-5 pieces, 60 with 6-7",
};
/// International: a lone king against three pieces including a king, 16 moves each.
pub const SIXTEEN_MOVES: DrawOption = DrawOption {
    name: "Draw Sixteen Moves",
    kind: DrawKind::Switch { on: true },
    doc: "a lone king that holds out 16 moves against three pieces with a king draws",
};
/// International: a lone king against one or two pieces including a king, 5 moves each.
pub const FIVE_MOVES: DrawOption = DrawOption {
    name: "Draw Five Moves",
    kind: DrawKind::Switch { on: true },
    doc: "a lone king that holds out 5 moves against one or two pieces with a king draws",
};

/// Why a draughts game was drawn, rule by rule.
pub mod reason {
    use crate::draw::DrawReason;

    /// Draw 2 in the Russian games.
    pub const KINGS_ONLY: DrawReason = DrawReason::new(&"15 moves with kings only");
    /// Draw 2 in International and Brazilian.
    pub const KINGS_ONLY_LONG: DrawReason = DrawReason::new(&"25 moves with kings only");
    /// Draw 3.
    pub const THREE_KINGS: DrawReason = DrawReason::new(&"three kings against one, 15 moves");
    /// Draw 4.
    pub const MAIN_ROAD: DrawReason =
        DrawReason::new(&"three kings against one on the main road, 5 moves");
    /// Draw 5.
    pub const TWO_AGAINST_ONE: DrawReason = DrawReason::new(&"two pieces against one, 10 moves");
    /// Draw 6.
    pub const MATERIAL: DrawReason = DrawReason::new(&"material unchanged");
    /// Draw 7.
    pub const FMJD: DrawReason = DrawReason::new(&"FMJD endgame limit");
    /// International: a lone king held out 16 moves against three pieces.
    pub const SIXTEEN_MOVES: DrawReason = DrawReason::new(&"lone king against three, 16 moves");
    /// International: a lone king held out 5 moves against one or two pieces.
    pub const FIVE_MOVES: DrawReason = DrawReason::new(&"lone king against two or one, 5 moves");
}

/// The family of draw rules a game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawProfile {
    /// Russian: repetition, 15 moves of kings only, three kings against one (15 moves, 5 on
    /// the main road), two against one (10 moves), material unchanged, optional FMJD limits.
    Russian,
    /// International (Brazilian): repetition, 25 moves of kings only, a lone king against three
    /// pieces with a king (16 moves each) or against fewer (5 moves each).
    International,
    /// Giveaway: repetition and 15 moves of kings only.
    Giveaway,
}

impl DrawProfile {
    /// Plies of kings-only play that draw.
    pub const fn kings_only_plies(self) -> u16 {
        match self {
            DrawProfile::International => 50,
            DrawProfile::Russian | DrawProfile::Giveaway => 30,
        }
    }

    const fn kings_only_reason(self) -> DrawReason {
        match self {
            DrawProfile::International => reason::KINGS_ONLY_LONG,
            DrawProfile::Russian | DrawProfile::Giveaway => reason::KINGS_ONLY,
        }
    }

    /// The options of the profile's rules, in listing order.
    pub const fn options(self) -> &'static [DrawOption] {
        match self {
            DrawProfile::Russian => &[
                KINGS_ONLY,
                THREE_KINGS,
                MAIN_ROAD,
                TWO_AGAINST_ONE,
                MATERIAL,
                MATERIAL_MOVES,
                FMJD,
            ],
            DrawProfile::International => &[KINGS_ONLY, SIXTEEN_MOVES, FIVE_MOVES],
            DrawProfile::Giveaway => &[KINGS_ONLY],
        }
    }
}

/// The endgame counters, all in plies. See the module documentation for how they run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Draw 2: consecutive plies that were non-capturing king moves. Reset by any man move or
    /// capture. This is lidraughts' `H` field.
    pub kings_only: u16,
    /// Draw 3: plies since one side got three or more kings and nothing else against a lone
    /// king. Reset when that stops being the balance.
    pub three_kings: u16,
    /// Draw 4: plies since one side got exactly three kings against a lone king standing alone
    /// on the main road. Reset when the lone king leaves the road, another piece enters it, or
    /// the balance changes.
    pub main_road: u16,
    /// Draw 5: plies since one side got exactly two pieces, at least one a king, against a
    /// single piece. Reset when that stops being the balance.
    pub two_against_one: u16,
    /// Draw 6: plies with no capture and no promotion. Reset by either.
    pub material: u16,
    /// Draw 7: plies since kings stand on both sides with 4–7 pieces in all. Reset by a capture
    /// or a promotion (the balance changes) and when the condition stops holding.
    pub fmjd: u16,
    /// International: plies since a lone king faced three pieces including a king. Reset when
    /// that stops being the balance.
    pub sixteen: u16,
    /// International: plies since a lone king faced one or two pieces including a king. Reset
    /// when that stops being the balance.
    pub five: u16,
}

// Each balance below comes as `<rule>_holds(pos)`, which finds the side it favours (if any),
// and, where a caller has found that side already, `<rule>_given(pos, strong)`.

/// The side with the advantage in an ending of one lone piece against two or more.
#[inline]
fn lone_piece_side<R: Rules>(pos: &Position<R>) -> Option<Side> {
    let white = pos.pieces(Side::White).count();
    let black = pos.pieces(Side::Black).count();
    match (white, black) {
        (2.., 1) => Some(Side::White),
        (1, 2..) => Some(Side::Black),
        _ => None,
    }
}

/// Draw 3's balance: three or more kings (and no men) against a lone king.
fn three_kings_holds<R: Rules>(pos: &Position<R>) -> Option<Side> {
    lone_piece_side(pos).filter(|&strong| three_kings_given(pos, strong))
}

/// Draw 3's balance given the side `strong` that has more than one piece against one.
#[inline]
fn three_kings_given<R: Rules>(pos: &Position<R>, strong: Side) -> bool {
    pos.kings(strong.opponent()).count() == 1
        && pos.men(strong).is_empty()
        && pos.kings(strong).count() >= 3
}

/// Draw 4's balance: exactly three kings against a lone king that is the only piece on the
/// main road.
fn main_road_holds<R: Rules>(pos: &Position<R>) -> Option<Side> {
    three_kings_holds(pos).filter(|&strong| main_road_given(pos, strong))
}

/// Draw 4's balance given that Draw 3's holds for `strong`.
#[inline]
fn main_road_given<R: Rules>(pos: &Position<R>, strong: Side) -> bool {
    let main_road = R::Board::long_diagonal();
    pos.kings(strong).count() == 3
        && (pos.kings(strong.opponent()) & main_road).any()
        && (pos.occupied() & main_road).count() == 1
}

/// Draw 5's balance: two kings, or a king and a man, against one man or king.
fn two_against_one_holds<R: Rules>(pos: &Position<R>) -> Option<Side> {
    lone_piece_side(pos).filter(|&strong| two_against_one_given(pos, strong))
}

/// Draw 5's balance given the side `strong` that has more than one piece against one.
#[inline]
fn two_against_one_given<R: Rules>(pos: &Position<R>, strong: Side) -> bool {
    pos.pieces(strong).count() == 2 && pos.kings(strong).any()
}

/// Draw 7's condition: kings on both sides and 4 to 7 pieces on the board.
fn fmjd_holds<R: Rules>(pos: &Position<R>) -> bool {
    let pieces = pos.occupied().count();
    pos.kings(Side::White).any() && pos.kings(Side::Black).any() && (4..=7).contains(&pieces)
}

/// The International balances: a lone king (the only piece of its side) against `n` pieces
/// including at least one king; returns `n`.
fn lone_king_against<R: Rules>(pos: &Position<R>) -> Option<u32> {
    let strong = lone_piece_side(pos)?;
    let weak = strong.opponent();
    (pos.kings(weak).any() && pos.kings(strong).any()).then(|| pos.pieces(strong).count())
}

fn sixteen_holds<R: Rules>(pos: &Position<R>) -> bool {
    lone_king_against(pos) == Some(3)
}

fn five_holds<R: Rules>(pos: &Position<R>) -> bool {
    lone_king_against(pos).is_some_and(|n| n <= 2) || one_king_each(pos)
}

/// A king against a king, nothing else: covered by the five-move rule.
fn one_king_each<R: Rules>(pos: &Position<R>) -> bool {
    pos.occupied().count() == 2 && pos.all_kings().count() == 2
}

/// How many of the last `plies` plies were moves of `side`, given who is to move now.
#[inline]
pub fn moves_by(side: Side, plies: u16, to_move: Side) -> u16 {
    // The last ply was played by the side not to move; plies alternate backwards from there.
    if side == to_move.opponent() {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

/// Advances a condition counter: one more ply if the condition held before and still holds,
/// 0 if it has just started or does not hold.
#[inline]
fn step(counter: u16, held_before: bool, holds_now: bool) -> u16 {
    if holds_now && held_before {
        counter.saturating_add(1)
    } else {
        0
    }
}

impl Counters {
    /// The counters after `mv` took `before` to `after`. Only the rules of the game's profile
    /// are counted; the others stay 0.
    pub fn after_move<R: Rules>(
        self,
        before: &Position<R>,
        mv: Move,
        after: &Position<R>,
    ) -> Counters {
        let capture = mv.is_capture();
        let man_moved = !before.all_kings().contains(mv.from());
        let changed = capture || mv.promotes();
        let mut next = Counters {
            kings_only: if capture || man_moved {
                0
            } else {
                self.kings_only.saturating_add(1)
            },
            ..Counters::default()
        };
        match R::DRAWS {
            DrawProfile::Russian => {
                next.material = if changed {
                    0
                } else {
                    self.material.saturating_add(1)
                };
                // Every other Russian rule is about seven pieces or fewer.
                if before.occupied().count() <= 8 {
                    // Draws 3, 5 and 7 depend on the material alone, which only a capture or a
                    // promotion changes: otherwise their balance held before iff it holds now.
                    // Draw 4 adds where the kings stand to Draw 3's balance, so it is looked
                    // at on both positions, given the side Draw 3's balance found.
                    let three_kings = three_kings_holds(after);
                    let two_against_one = two_against_one_holds(after).is_some();
                    let fmjd = fmjd_holds(after);
                    let (three_kings_before, two_against_one_before, fmjd_before) = if changed {
                        (
                            three_kings_holds(before),
                            two_against_one_holds(before).is_some(),
                            fmjd_holds(before),
                        )
                    } else {
                        (three_kings, two_against_one, fmjd)
                    };
                    next.three_kings = step(
                        self.three_kings,
                        three_kings_before.is_some(),
                        three_kings.is_some(),
                    );
                    next.main_road = step(
                        self.main_road,
                        three_kings_before.is_some_and(|s| main_road_given(before, s)),
                        three_kings.is_some_and(|s| main_road_given(after, s)),
                    );
                    next.two_against_one = step(
                        self.two_against_one,
                        two_against_one_before,
                        two_against_one,
                    );
                    next.fmjd = step(self.fmjd, fmjd_before && !changed, fmjd);
                }
            }
            DrawProfile::International => {
                // Both balances depend on the material alone, as in the Russian case.
                if before.occupied().count() <= 5 {
                    let sixteen = sixteen_holds(after);
                    let five = five_holds(after);
                    let (sixteen_before, five_before) = if changed {
                        (sixteen_holds(before), five_holds(before))
                    } else {
                        (sixteen, five)
                    };
                    next.sixteen = step(self.sixteen, sixteen_before, sixteen);
                    next.five = step(self.five, five_before, five);
                }
            }
            DrawProfile::Giveaway => {}
        }
        next
    }

    /// The same counters with every counter whose rule the game does not have, or whose
    /// condition does not hold in `pos`, set to 0 (used on counters read from a FEN).
    pub fn normalized<R: Rules>(self, pos: &Position<R>) -> Counters {
        let keep = |value: u16, holds: bool| if holds { value } else { 0 };
        let russian = R::DRAWS == DrawProfile::Russian;
        let international = R::DRAWS == DrawProfile::International;
        Counters {
            kings_only: self.kings_only,
            material: keep(self.material, russian),
            three_kings: keep(
                self.three_kings,
                russian && three_kings_holds(pos).is_some(),
            ),
            main_road: keep(self.main_road, russian && main_road_holds(pos).is_some()),
            two_against_one: keep(
                self.two_against_one,
                russian && two_against_one_holds(pos).is_some(),
            ),
            fmjd: keep(self.fmjd, russian && fmjd_holds(pos)),
            sixteen: keep(self.sixteen, international && sixteen_holds(pos)),
            five: keep(self.five, international && five_holds(pos)),
        }
    }

    /// The draw that the counters declare in `pos`, if any (repetition is not checked here).
    /// A side without a legal move has lost; callers check that first.
    pub fn draw<R: Rules>(&self, rules: &DrawRules, pos: &Position<R>) -> Option<DrawReason> {
        self.remaining(rules, pos).expired()
    }

    /// For each draw rule in force whose condition holds, the plies left before it declares
    /// a draw (0 = drawn now). Search mixes the near ones into its table key.
    pub fn remaining<R: Rules>(&self, rules: &DrawRules, pos: &Position<R>) -> Remaining {
        let mut out = Remaining::default();
        let to_move = pos.side_to_move();
        // Plies until `side` has made `moves` moves, `plies` plies after its condition arose.
        let strong_left = |side: Side, plies: u16, moves: u16| {
            let moves_left = moves.saturating_sub(moves_by(side, plies, to_move));
            match moves_left {
                0 => 0,
                n if side == to_move => 2 * n - 1,
                n => 2 * n,
            }
        };
        if rules.is_on(&KINGS_ONLY) {
            let limit = R::DRAWS.kings_only_plies();
            out.push(
                R::DRAWS.kings_only_reason(),
                limit.saturating_sub(self.kings_only),
            );
        }
        let pieces = pos.occupied().count();
        match R::DRAWS {
            DrawProfile::Russian => {
                if rules.is_on(&MATERIAL) {
                    let limit = rules.length(&MATERIAL_MOVES).saturating_mul(2);
                    out.push(reason::MATERIAL, limit.saturating_sub(self.material));
                }
                if pieces > 7 {
                    return out;
                }
                // Draws 3, 4 and 5 are all endings of one piece against several.
                if let Some(strong) = lone_piece_side(pos) {
                    let three_kings = three_kings_given(pos, strong);
                    if three_kings && rules.is_on(&THREE_KINGS) {
                        out.push(
                            reason::THREE_KINGS,
                            strong_left(strong, self.three_kings, 15),
                        );
                    }
                    if three_kings && rules.is_on(&MAIN_ROAD) && main_road_given(pos, strong) {
                        out.push(reason::MAIN_ROAD, strong_left(strong, self.main_road, 5));
                    }
                    if rules.is_on(&TWO_AGAINST_ONE) && two_against_one_given(pos, strong) {
                        out.push(
                            reason::TWO_AGAINST_ONE,
                            strong_left(strong, self.two_against_one, 10),
                        );
                    }
                }
                if rules.is_on(&FMJD) && fmjd_holds(pos) {
                    let limit = if pieces <= 5 { 60 } else { 120 };
                    out.push(reason::FMJD, limit - self.fmjd.min(limit));
                }
            }
            DrawProfile::International => {
                // "16 moves each" and "5 moves each" count both sides' moves: 32 and 10 plies.
                if rules.is_on(&SIXTEEN_MOVES) && pieces <= 4 && sixteen_holds(pos) {
                    out.push(reason::SIXTEEN_MOVES, 32u16.saturating_sub(self.sixteen));
                }
                if rules.is_on(&FIVE_MOVES) && pieces <= 3 && five_holds(pos) {
                    out.push(reason::FIVE_MOVES, 10u16.saturating_sub(self.five));
                }
            }
            DrawProfile::Giveaway => {}
        }
        out
    }

    /// The bound a forced win found now must end within, in plies, set by a draw rule in force
    /// that can start later in `pos`'s material without a capture or a man move resetting
    /// anything: Russian draw 4, whose five moves start when three kings and a lone king come
    /// to stand with the lone king alone on the main road. `None` when no rule can start so.
    /// (The other balance rules start only with a change of material.)
    pub fn late_start_limit<R: Rules>(rules: &DrawRules, pos: &Position<R>) -> Option<u16> {
        let russian = R::DRAWS == DrawProfile::Russian;
        let three_kings = three_kings_holds(pos).is_some_and(|s| pos.kings(s).count() == 3);
        // The rule starts one ply from now at the earliest, with the strong side to move and
        // nine plies left, or with the lone king to move and ten.
        (russian
            && rules.is_on(&MAIN_ROAD)
            && pos.occupied().count() <= 7
            && three_kings
            && main_road_holds(pos).is_none())
        .then_some(10)
    }

    /// The counters that are running in `pos`, as `(reason, plies so far)`, for display.
    pub fn active<R: Rules>(&self, pos: &Position<R>) -> Vec<(DrawReason, u16)> {
        let mut out = vec![(R::DRAWS.kings_only_reason(), self.kings_only)];
        match R::DRAWS {
            DrawProfile::Russian => {
                out.push((reason::MATERIAL, self.material));
                if three_kings_holds(pos).is_some() {
                    out.push((reason::THREE_KINGS, self.three_kings));
                }
                if main_road_holds(pos).is_some() {
                    out.push((reason::MAIN_ROAD, self.main_road));
                }
                if two_against_one_holds(pos).is_some() {
                    out.push((reason::TWO_AGAINST_ONE, self.two_against_one));
                }
                if fmjd_holds(pos) {
                    out.push((reason::FMJD, self.fmjd));
                }
            }
            DrawProfile::International => {
                if sixteen_holds(pos) {
                    out.push((reason::SIXTEEN_MOVES, self.sixteen));
                }
                if five_holds(pos) {
                    out.push((reason::FIVE_MOVES, self.five));
                }
            }
            DrawProfile::Giveaway => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;
    use crate::games::draughts::notation::parse_fen;

    #[test]
    fn main_road_is_the_long_diagonal() {
        use crate::board::{Dark8, Diagonal, Geometry};
        let names: Vec<String> = Dark8::long_diagonal()
            .into_iter()
            .map(Dark8::algebraic)
            .collect();
        assert_eq!(names, ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    }

    #[test]
    fn stronger_side_move_counting() {
        // Stronger side White to move when the balance arises: its 15th move is ply 29.
        assert_eq!(moves_by(Side::White, 29, Side::Black), 15);
        assert_eq!(moves_by(Side::White, 28, Side::White), 14);
        // Black (the weaker side) to move first: White's 15th move is ply 30.
        assert_eq!(moves_by(Side::White, 30, Side::Black), 15);
        assert_eq!(moves_by(Side::White, 29, Side::White), 14);
    }

    /// The counters after a move by the rule's plain wording: each balance tested before and
    /// after the move, with no shortcut for an unchanged material.
    fn after_move_plainly<R: Rules>(
        counters: Counters,
        before: &Position<R>,
        mv: Move,
        after: &Position<R>,
    ) -> Counters {
        let changed = mv.is_capture() || mv.promotes();
        let mut plain = counters.after_move(before, mv, after);
        let small = before.occupied().count();
        match R::DRAWS {
            DrawProfile::Russian if small <= 8 => {
                let three = |p| three_kings_holds(p).is_some();
                let road = |p| main_road_holds(p).is_some();
                let two = |p| two_against_one_holds(p).is_some();
                plain.three_kings = step(counters.three_kings, three(before), three(after));
                plain.main_road = step(counters.main_road, road(before), road(after));
                plain.two_against_one = step(counters.two_against_one, two(before), two(after));
                plain.fmjd = step(
                    counters.fmjd,
                    fmjd_holds(before) && !changed,
                    fmjd_holds(after),
                );
            }
            DrawProfile::International if small <= 5 => {
                plain.sixteen = step(
                    counters.sixteen,
                    sixteen_holds(before),
                    sixteen_holds(after),
                );
                plain.five = step(counters.five, five_holds(before), five_holds(after));
            }
            _ => {}
        }
        plain
    }

    /// Plays random games from `fens` and checks every move's counters against the plain
    /// wording, and the running counters' plies left against a fresh look at the position.
    fn check_random_endings<R: Rules>(fens: &[&str]) {
        use crate::games::draughts::Draughts;
        use crate::testing::{Rng, random_games};
        let rules = DrawRules::default().with_switch(&FMJD, true);
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for fen in fens {
            let start = parse_fen::<R>(fen).unwrap();
            let mut counters = Counters::default();
            random_games::<Draughts<R>>(&mut rng, &start, 200, 80, |ply, pos, mv, next| {
                if ply == 0 {
                    counters = Counters::default();
                }
                let fast = counters.after_move(pos, mv, next);
                assert_eq!(fast, after_move_plainly(counters, pos, mv, next), "{fen}");
                let remaining: Vec<u16> = fast.remaining(&rules, next).lefts().to_vec();
                let normal = fast.normalized(next).remaining(&rules, next);
                assert_eq!(remaining, normal.lefts(), "{fen}");
                counters = fast;
            });
        }
    }

    #[test]
    fn balance_counters_skip_no_rule_when_the_material_stands_still() {
        check_random_endings::<Russian>(&[
            "W:WKa1,Kc1,Ke1,g3:BKh8,f8",
            "W:WKc1,e3,g3:Bh6,b6",
            "B:WKa1,c3:BKh8,Kf8,d6",
            "W:Wc3,e3,g3,a3:Bb6,d6,Kh8",
        ]);
        check_random_endings::<crate::games::draughts::International>(&[
            "W:WK46,28,K1:BK5,14",
            "B:WK46,K10:BK5,24,15",
        ]);
    }

    #[test]
    fn balances_are_recognised() {
        let pos = parse_fen::<Russian>("W:WKa1,Kc1,Ke1:BKh8").unwrap();
        assert_eq!(three_kings_holds(&pos), Some(Side::White));
        assert_eq!(main_road_holds(&pos), None, "a1 and h8 share the road");
        let pos = parse_fen::<Russian>("W:WKc1,Ke1,Kg1:BKd4").unwrap();
        assert_eq!(main_road_holds(&pos), Some(Side::White));
        let pos = parse_fen::<Russian>("W:WKc1,e3:Bh6").unwrap();
        assert_eq!(two_against_one_holds(&pos), Some(Side::White));
        let pos = parse_fen::<Russian>("W:Wc1,e3:BKh6").unwrap();
        assert_eq!(two_against_one_holds(&pos), None, "two men are not covered");
    }
}
