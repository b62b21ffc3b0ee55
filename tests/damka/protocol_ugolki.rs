//! Ugolki through the real binary: `UCI_Variant ugolki` and `ugolki-diagonal`, the
//! `UgolkiHouse` option, moves by their ends or as a whole chain, FENs with the house and move
//! number read back as written, `d` naming the rule that ended a game, a search that answers
//! with a legal move, and bad input getting one error line while the position stays as it was.

use crate::common::server::Server;

/// The engine switched to `variant`, checking the announcement.
fn ugolki(variant: &str) -> Server {
    let mut engine = Server::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    let answer = engine.line();
    assert!(
        answer.starts_with(&format!("info string variant {variant} startpos W:Wa1,")),
        "{answer}"
    );
    engine
}

#[test]
fn uci_lists_both_variants_and_the_house_option() {
    let mut engine = Server::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .expect("UCI_Variant is listed");
    assert!(variant.contains(" var ugolki "), "{variant}");
    assert!(variant.contains(" var ugolki-diagonal"), "{variant}");
    assert!(
        lines.contains(
            &"option name UgolkiHouse type combo default 3x3 var 3x3 var 3x4 var triangle"
                .to_string()
        ),
        "{lines:?}"
    );
}

#[test]
fn each_variant_and_house_starts_where_it_should() {
    let starts = [
        (
            "ugolki",
            "3x3",
            "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h6,h7,h8:F1",
            12,
        ),
        (
            "ugolki",
            "3x4",
            "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3:Be6,e7,e8,f6,f7,f8,g6,g7,g8,h6,h7,h8:H3x4:F1",
            14,
        ),
        (
            "ugolki",
            "triangle",
            "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,d1:Be8,f7,f8,g6,g7,g8,h5,h6,h7,h8:Htriangle:F1",
            14,
        ),
        (
            "ugolki-diagonal",
            "3x3",
            "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h6,h7,h8:F1",
            26,
        ),
        (
            "ugolki-diagonal",
            "triangle",
            "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,d1:Be8,f7,f8,g6,g7,g8,h5,h6,h7,h8:Htriangle:F1",
            24,
        ),
    ];
    for (variant, house, fen, moves) in starts {
        let mut engine = ugolki(variant);
        engine.send(&format!("setoption name UgolkiHouse value {house}"));
        if house != "3x3" {
            let answer = engine.line();
            assert_eq!(
                answer,
                format!("info string variant {variant} startpos {fen}")
            );
        }
        assert!(engine.sync().is_empty());
        assert_eq!(engine.display_field("Variant"), variant);
        assert_eq!(engine.fen(), fen, "{variant} {house}");
        assert_eq!(engine.legal_moves().len(), moves, "{variant} {house}");
        // ucinewgame keeps the house.
        engine.send("ucinewgame");
        engine.send("position startpos");
        assert_eq!(engine.fen(), fen, "{variant} {house} after ucinewgame");
    }
}

#[test]
fn the_house_option_decides_a_fen_without_a_house_field() {
    let mut engine = ugolki("ugolki");
    engine.send("setoption name UgolkiHouse value triangle");
    engine.line();
    engine.send("position fen W:Wa1:Bh8:F3");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "W:Wa1:Bh8:Htriangle:F3");
    // A FEN's own field wins over the option.
    engine.send("position fen W:Wa1:Bh8:H3x4:F3");
    assert_eq!(engine.fen(), "W:Wa1:Bh8:H3x4:F3");
    engine.send("position fen W:Wa1:Bh8:H3x3:F3");
    assert_eq!(engine.fen(), "W:Wa1:Bh8:F3");
}

#[test]
fn moves_by_their_ends_or_as_a_whole_chain() {
    let mut engine = ugolki("ugolki");
    engine.send("position startpos moves a2-a4 h7-h5 a1-a2");
    assert!(engine.sync().is_empty());
    assert_eq!(
        engine.fen(),
        "B:Wa2,a3,a4,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h5,h6,h8:F2"
    );
    // a1 over a2 to a3, over b3 to c3: written by its ends, given as a chain or by its ends.
    let fen = "W:Wa1:Ba2,b3,h8";
    for text in ["a1-c3", "a1-a3-c3", "a1:a3:c3"] {
        engine.send(&format!("position fen {fen} moves {text}"));
        assert!(engine.sync().is_empty(), "{text}");
        assert_eq!(engine.fen(), "B:Wc3:Ba2,b3,h8:F1", "{text}");
    }
    engine.send(&format!("position fen {fen}"));
    let mut moves = engine.legal_moves();
    moves.sort();
    assert_eq!(moves, ["a1-a3", "a1-b1", "a1-c3"]);
}

#[test]
fn fens_round_trip_with_house_and_move_number() {
    for variant in ["ugolki", "ugolki-diagonal"] {
        let mut engine = ugolki(variant);
        for fen in [
            "B:Wa2,a4,b1,b3,c2,c4,d1,d3,e2:Bd6,e5,e7,f5,f8,g5,g6,h4,h7:F9",
            "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,d1:Be8,f7,f8,g6,g7,g8,h5,h6,h7,h8:Htriangle:F1",
            "W:Wd4:Be5:H3x4:F77",
        ] {
            engine.send(&format!("position fen {fen}"));
            assert!(engine.sync().is_empty(), "{fen}");
            assert_eq!(engine.fen(), fen);
            let written = engine.fen();
            engine.send(&format!("position fen {written}"));
            assert_eq!(engine.fen(), fen);
        }
    }
}

#[test]
fn d_names_the_rule_that_ended_the_game() {
    let mut engine = ugolki("ugolki");
    engine.send(
        "position fen B:Wf6,f7,f8,g6,g7,g8,h6,h7,h8:Ba1,a2,a3,b1,b2,b3,c1,c2,e3:F20 moves e3-d3",
    );
    assert!(engine.sync().is_empty());
    assert_eq!(
        engine.display_field("Result"),
        "white wins; rule 1: the opponent's house is filled"
    );
    engine.send("position fen B:Wa1,d4:Bh8,e5:F40 moves e5-e6");
    assert_eq!(
        engine.display_field("Result"),
        "draw (both sides left a piece at home at the deadline); rule 2: a piece still in its own house at the deadline"
    );
    engine.send("position startpos");
    assert_eq!(engine.display_field("Result"), "ongoing");
}

#[test]
fn the_search_answers_with_a_legal_move_and_takes_rule_1s_extra_move() {
    for variant in ["ugolki", "ugolki-diagonal"] {
        let mut engine = ugolki(variant);
        engine.send("go nodes 2000");
        let best = engine.bestmove();
        let legal = engine.legal_moves();
        assert!(legal.contains(&best), "{variant}: {best} not in {legal:?}");
        // White has finished; Black's one reply fills White's house and draws: it must find it.
        engine.send("position fen B:Wf6,f7,f8,g6,g7,g8,h6,h7,h8:Ba1,a2,a3,b1,b2,b3,c1,c2,d3:F20");
        engine.send("go depth 3");
        assert_eq!(engine.bestmove(), "d3-c3", "{variant}");
    }
}

#[test]
fn the_search_does_not_walk_into_rule_2_or_3() {
    let mut engine = ugolki("ugolki");
    // Move 40, White to move, c3 still at home: only moving it out in time saves the game.
    engine.send("position fen W:Wc3,d5,e5,e6,f7,g6,g7,h6,h7:Ba2,a3,b2,b3,c2,d2,e2,e3,f2:F40");
    engine.send("go depth 4");
    let best = engine.bestmove();
    assert!(best == "c3-c4" || best == "c3-d3", "{best}");
    // After the deadline stepping back home loses at once: d1-c1 is never chosen.
    engine.send("position fen W:Wd1,d5,e5,e6,f7,g6,g7,h6,h7:Ba2,a3,b2,b3,c2,c3,d2,e2,e3:F45");
    engine.send("go depth 4");
    let best = engine.bestmove();
    assert_ne!(best, "d1-c1");
}

#[test]
fn bad_ugolki_input_gets_one_error_line_and_keeps_the_position() {
    let mut engine = ugolki("ugolki");
    engine.send("position fen W:Wa1:Ba2,b3,h8:F5");
    let fen = engine.fen();
    for bad in [
        "position fen W:WKa1:Bh8",
        "position fen W:Wa1:Bh8:Hpentagon",
        "position fen W:Wa1:Bh8:H3x3:H3x4",
        "position fen W:Wa1:Bh8:Q3",
        "position fen W:Wa1,a2,a3,a4,a5,a6,a7,a8,b1,b2:Bh8",
        "position fen W:Wa1:Ba1",
        "position fen W:Wa1:Ba2,b3,h8 moves a1-a2",
        "position fen W:Wa1:Ba2,b3,h8 moves a1-b3-c3",
        "position fen W:Wa1:Ba2,b3,h8 moves a1-a1",
        "position fen W:Wa1:Ba2,b3,h8 moves h8-h7",
        "position fen W:Wa1:Ba2,b3,h8 moves a1-z9",
        "setoption name UgolkiHouse value pentagon",
    ] {
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error"),
            "{bad}: {lines:?}"
        );
        assert_eq!(engine.fen(), fen, "{bad}");
    }
}
