//! Whole-game review: from the score of every position of a game, the moves that lost much.

use super::messages::ScoreView;
use damka_rules::game::GameResult;
use damka_rules::types::Side;

/// A move that loses at least this much (centi-pieces, a man being about 100) is a mistake.
pub const MISTAKE: i32 = 90;
/// A move that loses at least this much is a blunder.
pub const BLUNDER: i32 = 250;
/// Scores are compared up to this size: beyond it a side is winning anyway.
const CAP: i32 = 1000;

/// The score given to a position whose game is over: a win's is beyond [`CAP`].
pub fn final_score(result: GameResult) -> Option<ScoreView> {
    match result {
        GameResult::Ongoing => None,
        GameResult::Draw(_) => Some(ScoreView { cp: 0, mate: None }),
        GameResult::Win(side) => {
            let cp = if side == Side::White {
                2 * CAP
            } else {
                -2 * CAP
            };
            Some(ScoreView { cp, mate: None })
        }
    }
}

/// A score for White, capped, a forced win counting as the cap.
fn capped(score: ScoreView) -> i32 {
    match score.mate {
        Some(m) if m > 0 => CAP,
        Some(m) if m < 0 => -CAP,
        _ => score.cp.clamp(-CAP, CAP),
    }
}

/// The mark of every move: `scores[i]` is the score for White after `i` plies, and
/// `first` moved first. Move `i` (1-based) is marked by how much it lost for its mover.
pub fn marks(scores: &[Option<ScoreView>], first: Side) -> Vec<Option<String>> {
    let mut mover = first;
    let mut out = Vec::new();
    for pair in scores.windows(2) {
        let mark = match (pair[0], pair[1]) {
            (Some(before), Some(after)) => {
                let sign = if mover == Side::White { 1 } else { -1 };
                let lost = sign * (capped(before) - capped(after));
                if lost >= BLUNDER {
                    Some("??".to_string())
                } else if lost >= MISTAKE {
                    Some("?".to_string())
                } else {
                    None
                }
            }
            _ => None,
        };
        out.push(mark);
        mover = mover.opponent();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(cp: i32) -> Option<ScoreView> {
        Some(ScoreView { cp, mate: None })
    }

    #[test]
    fn losses_are_marked_for_the_side_that_moved() {
        let scores = [cp(0), cp(-300), cp(-250), cp(-400), None, cp(0)];
        let found = marks(&scores, Side::White);
        assert_eq!(found[0].as_deref(), Some("??"));
        assert_eq!(found[1].as_deref(), None);
        assert_eq!(found[2].as_deref(), Some("?"));
        assert_eq!(found[3], None);
        assert_eq!(found[4], None);
        let mated = [
            cp(50),
            Some(ScoreView {
                cp: 0,
                mate: Some(-3),
            }),
        ];
        assert_eq!(marks(&mated, Side::White)[0].as_deref(), Some("??"));
    }
}
