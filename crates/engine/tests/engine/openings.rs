//! Opening books: every form of line, errors with their line number, and the lines a book is
//! made from.

use damka_engine::openings::{Opening, builtin, builtin_with, distinct_lines, parse};
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::games::draughts::Russian;
use damka_rules::games::ugolki::house::OPTION as HOUSE;
use damka_rules::option::Setup;
use std::collections::HashSet;

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

#[test]
fn every_variant_has_a_book() {
    for variant in Variant::ALL {
        let book = parse(&builtin(variant), variant).unwrap();
        assert!(book.len() >= 50, "{variant}: {}", book.len());
    }
}

#[test]
fn the_shipped_books_are_valid() {
    // Parsing plays every move of every opening under the game's rules, so this checks that
    // each line is legal and leaves a game still going on.
    for variant in Variant::ALL {
        let Some(book) = damka_rules::with_game!(variant, G => G::OPENING_BOOK) else {
            continue;
        };
        let openings = parse(book, variant).unwrap();
        assert!(openings.len() >= 50, "{variant}: {}", openings.len());
        assert_eq!(parse(&builtin(variant), variant).unwrap(), openings);
        let distinct: HashSet<String> = openings.iter().map(|o| o.to_string()).collect();
        assert_eq!(distinct.len(), openings.len(), "{variant}: repeated lines");
    }
}

#[test]
fn a_book_for_another_ugolki_house_starts_from_that_house() {
    assert_eq!(
        builtin_with(Variant::Ugolki, &Setup::default()),
        builtin(Variant::Ugolki)
    );
    for house in ["3x4", "triangle"] {
        let setup = Setup::default().with(&HOUSE, house).unwrap();
        let text = builtin_with(Variant::Ugolki, &setup);
        let book = parse(&text, Variant::Ugolki).unwrap();
        assert!(book.len() >= 50, "{house}: {}", book.len());
        for opening in &book {
            let fen = opening.fen.as_deref().unwrap_or("");
            assert!(fen.ends_with(&format!(":H{house}")), "{house}: {opening}");
            assert_eq!(opening.moves.len(), 4, "{opening}");
        }
    }
}
