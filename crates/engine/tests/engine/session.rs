//! Game sessions and the engine name a capture by its start, end and captured squares, so that
//! a short capture whose full path is part of a longer one can still be chosen.

use damka_engine::engine::Engine;
use damka_engine::session::new_session;
use damka_rules::draw::DrawRules;
use damka_rules::games::Variant;
use damka_rules::notation::{MoveRecord, NotationError};
use damka_rules::types::{Side, Square};

use damka_rules::games::draughts::Russian;
use damka_rules::moves::Path;

fn parse_square(text: &str) -> Result<Square, NotationError> {
    damka_rules::games::draughts::notation::parse_square::<Russian>(text)
}

fn record(path: &[&str], captured: &[&str]) -> MoveRecord {
    let squares: Vec<Square> = path.iter().map(|s| parse_square(s).unwrap()).collect();
    MoveRecord {
        path: Path::new(&squares).unwrap(),
        captured: captured.iter().map(|s| parse_square(s).unwrap()).collect(),
        text: path.join(":"),
    }
}

/// Two captures from c3 to g7: over d4 and f6, or round by a5, c7 and e5 over four pieces.
/// The short one's full path is also a shortening of the long one's.
const TWO_ROADS: &str = "W:Wc3,f2,f4,Kh4:Ba7,b4,b6,b8,d2,Kd4,Kd6,Kf6,f8,g5";

#[test]
fn records_name_moves_by_their_captured_pieces() {
    let short = record(&["c3", "g7"], &["d4", "f6"]);
    let mut game = new_session(Variant::Russian, Some(TWO_ROADS), &[], DrawRules::default())
        .expect("valid FEN");
    let mut by_text = game.boxed_clone();
    by_text
        .play_text("c3:e5:g7")
        .expect("a full path is never ambiguous");
    game.play_record(&short).expect("legal");
    assert_eq!(game.fen(), by_text.fen());
    assert!(game.piece_at(parse_square("b4").unwrap()).is_some());
    assert!(game.piece_at(parse_square("f6").unwrap()).is_none());

    let mut engine = Engine::new();
    let wrong = record(&["c3", "g7"], &["d4"]);
    assert!(
        engine
            .set_position_records(Some(TWO_ROADS), &[wrong])
            .is_err()
    );
    assert_eq!(engine.game().fen(), Engine::new().game().fen());
    engine
        .set_position_records(Some(TWO_ROADS), &[short])
        .expect("legal");
    assert_eq!(engine.game().side_to_move(), Side::Black);
}
