//! How a game stands, in words for the page: whose move it is, or who won and why, and the
//! game's own deadlines (Ugolki's houses and move limits, as docs/rules.md gives them).

use super::messages::NoteView;
use damka_engine::session::GameSession;
use damka_rules::board::Geometry;
use damka_rules::game::{Game, GameResult};
use damka_rules::games::Variant;
use damka_rules::games::ugolki::house::House;
use damka_rules::games::ugolki::rules::{LAST_MOVE, home_deadline};
use damka_rules::option::Setup;
use damka_rules::types::{Side, Square};
use damka_rules::with_game;

/// A result the players decided, not the board: a resignation, a fallen flag, a draw agreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The result.
    pub result: GameResult,
    /// Why, in words (`White resigned`).
    pub reason: String,
}

/// A side's name with a capital, for the start of a sentence.
pub fn title_case(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Why the board's result came about, in words; `None` while the game goes on.
pub fn reason(game: &dyn GameSession) -> Option<String> {
    match game.result() {
        GameResult::Ongoing => None,
        GameResult::Draw(rule) => Some(format!("draw by the rule: {rule}")),
        GameResult::Win(_) => {
            if let Some(rule) = game.ending_rule() {
                return Some(rule.to_string());
            }
            let to_move = game.side_to_move();
            let pieces = squares(game.variant())
                .into_iter()
                .any(|s| game.piece_at(s).is_some_and(|p| p.side == to_move));
            let who = title_case(to_move);
            Some(if pieces {
                format!("{who} has no legal move")
            } else {
                format!("{who} has no pieces left")
            })
        }
    }
}

/// The status line: whose move it is, or the result and why.
pub fn status(game: &dyn GameSession, verdict: Option<&Verdict>) -> String {
    let (result, why) = match verdict {
        Some(v) => (v.result, Some(v.reason.clone())),
        None => (game.result(), reason(game)),
    };
    let why = why.unwrap_or_default();
    match result {
        GameResult::Ongoing => format!("{} to move", title_case(game.side_to_move())),
        GameResult::Win(side) => format!("Game over: {} wins ({why})", title_case(side)),
        GameResult::Draw(_) => format!("Game over: drawn ({why})"),
    }
}

/// The playable squares of `variant`'s board.
fn squares(variant: Variant) -> Vec<Square> {
    with_game!(variant, G => <G as Game>::Board::squares().collect())
}

/// Ugolki's house in `fen` (its `H` field) or, without one, the one `setup` gives; `None`
/// for the other games.
pub fn house(variant: Variant, fen: &str, setup: &Setup) -> Option<House> {
    if !matches!(variant, Variant::Ugolki | Variant::UgolkiDiagonal) {
        return None;
    }
    let named = fen
        .split(':')
        .filter_map(|f| f.trim().strip_prefix('H'))
        .find_map(|name| name.parse::<House>().ok());
    Some(named.unwrap_or_else(|| House::from_setup(setup)))
}

/// The side whose house `square` is in, if any.
pub fn house_of(house: Option<House>, square: Square) -> Option<Side> {
    let house = house?;
    [Side::White, Side::Black]
        .into_iter()
        .find(|&side| house.of(side).contains(square))
}

/// Ugolki's deadlines as they bear on the position now; nothing for the other games.
pub fn notes(game: &dyn GameSession) -> Vec<NoteView> {
    let variant = game.variant();
    if !matches!(variant, Variant::Ugolki | Variant::UgolkiDiagonal) {
        return Vec::new();
    }
    let deadline = u32::from(home_deadline(variant == Variant::UgolkiDiagonal));
    let last = u32::from(LAST_MOVE);
    let fullmove = game.fullmove();
    let mut notes = vec![NoteView {
        text: "White races to fill Black's house (the dark-marked squares), Black to fill \
               White's (the light-marked ones)."
            .to_string(),
        warn: false,
    }];
    if fullmove <= deadline {
        let left = deadline + 1 - fullmove;
        notes.push(NoteView {
            text: format!(
                "Move {fullmove}: leave your own house by the end of move {deadline} \
                 ({left} to go). A side with a piece still at home then loses (both: a draw), \
                 and after that moving back home loses at once."
            ),
            warn: left <= 5,
        });
    } else {
        notes.push(NoteView {
            text: format!(
                "Move {fullmove}: past move {deadline}, a piece that goes back into its own \
                 house loses at once."
            ),
            warn: false,
        });
    }
    if fullmove <= last {
        let left = last + 1 - fullmove;
        notes.push(NoteView {
            text: format!(
                "At the end of move {last} ({left} to go) the side with more pieces outside \
                 the opponent's house loses; equal counts draw."
            ),
            warn: left <= 10,
        });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_engine::session::new_session;
    use damka_rules::draw::DrawRules;

    fn game(variant: Variant, fen: &str, moves: &[&str]) -> Box<dyn GameSession> {
        new_session(variant, Some(fen), moves, DrawRules::default()).expect("a game")
    }

    #[test]
    fn a_win_says_why() {
        let taken = game(Variant::Russian, "W:Wc3:Bd4", &["c3:e5"]);
        assert_eq!(
            reason(taken.as_ref()).as_deref(),
            Some("Black has no pieces left")
        );
        assert_eq!(
            status(taken.as_ref(), None),
            "Game over: White wins (Black has no pieces left)"
        );
        let blocked = game(Variant::Russian, "B:Wa1,b2,c1:Ba3", &[]);
        assert_eq!(
            reason(blocked.as_ref()).as_deref(),
            Some("Black has no legal move")
        );
        let going = game(Variant::Russian, "B:Wa1,b2:Ba3", &[]);
        assert_eq!(reason(going.as_ref()), None);
        let verdict = Verdict {
            result: GameResult::Win(Side::Black),
            reason: "White resigned".to_string(),
        };
        assert_eq!(
            status(blocked.as_ref(), Some(&verdict)),
            "Game over: Black wins (White resigned)"
        );
    }

    #[test]
    fn ugolki_warns_of_its_deadlines() {
        let early = game(Variant::Ugolki, "W:Wa1,a2,b3:Bh8,h7,g8:F5", &[]);
        let notes = notes(early.as_ref());
        assert!(notes[0].text.contains("Black's house"));
        assert!(notes[1].text.contains("move 40") && !notes[1].warn);
        let late = game(Variant::UgolkiDiagonal, "W:Wa1,a2,b3:Bh8,h7,g8:F28", &[]);
        let late = super::notes(late.as_ref());
        assert!(late[1].text.contains("move 30") && late[1].warn);
        assert!(super::notes(game(Variant::Russian, "W:Wc3:Bd4", &[]).as_ref()).is_empty());
    }
}
