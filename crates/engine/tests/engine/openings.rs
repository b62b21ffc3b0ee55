//! Opening books: every form of line, errors with their line number, and the lines a book is
//! made from.

use damka_engine::openings::{Opening, distinct_lines, parse};
use damka_rules::games::Variant;
use damka_rules::games::draughts::Russian;

#[test]
fn lines_of_every_form_are_read() {
    let text = "# comment\n\nstartpos\nstartpos moves c3-d4 f6-g5 # trailing\n\
                fen W:Wa1:Bh8 moves a1-b2\nB:Wa1,c3:Bf6\n";
    let book = parse(text, Variant::Russian).unwrap();
    assert_eq!(book.len(), 4);
    assert_eq!(book[0], Opening::startpos());
    assert_eq!(book[1].moves, ["c3-d4", "f6-g5"]);
    assert_eq!(book[2].fen.as_deref(), Some("W:Wa1:Bh8"));
    assert_eq!(book[3].to_string(), "fen B:Wa1,c3:Bf6");
    assert_eq!(book[1].to_string(), "startpos moves c3-d4 f6-g5");
}

#[test]
fn bad_lines_are_reported_with_their_number() {
    let err = parse("startpos\nstartpos moves c3-c5\n", Variant::Russian).unwrap_err();
    assert_eq!(err.line, 2);
    assert!(err.message.contains("c3-c5"), "{err}");
    assert!(parse("hello", Variant::Russian).is_err());
    let over = parse("W:Wa1:Bb2,c3", Variant::Russian).unwrap_err();
    assert!(over.message.contains("over"), "{over}");
}

#[test]
fn distinct_lines_deduplicate_transpositions() {
    // 7 first moves; after two plies the 49 lines reach 49 different positions, but by
    // four plies some lines transpose (perft 4 = 1469 counts lines, not positions).
    type G = damka_rules::games::draughts::Draughts<Russian>;
    assert_eq!(distinct_lines::<G>(1).len(), 7);
    assert_eq!(distinct_lines::<G>(2).len(), 49);
    assert!(distinct_lines::<G>(4).len() < 1469);
}
