//! Bashni and Lasca through the real binary: `UCI_Variant bashni` and `lasca`, the tower FEN
//! read and written, `d` showing every tower, capture paths played, a search answering with a
//! legal path, and bad input getting one error line while the position stays as it was.

use crate::common::server::Server;

/// The engine switched to `variant`.
fn engine(variant: &str) -> Server {
    let mut engine = Server::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    let answer = engine.line();
    assert!(
        answer.starts_with(&format!("info string variant {variant} startpos ")),
        "{answer}"
    );
    engine
}

#[test]
fn bashni_starts_from_the_russian_position_as_towers() {
    let mut engine = engine("bashni");
    assert_eq!(engine.display_field("Variant"), "bashni");
    assert_eq!(
        engine.fen(),
        "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,h2w,a3w,c3w,e3w,g3w,b6b,d6b,f6b,h6b,a7b,c7b,e7b,g7b,b8b,d8b,f8b,h8b:H0:F1"
    );
    assert_eq!(engine.legal_moves().len(), 7);
}

#[test]
fn lasca_starts_with_eleven_men_each_on_the_seven_by_seven_board() {
    let mut engine = engine("lasca");
    assert_eq!(
        engine.fen(),
        "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,a3w,c3w,e3w,g3w,a5b,c5b,e5b,g5b,b6b,d6b,f6b,a7b,c7b,e7b,g7b:H0:F1"
    );
    let mut moves = engine.legal_moves();
    moves.sort();
    assert_eq!(
        moves,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"]
    );
}

#[test]
fn a_tower_fen_round_trips_and_d_shows_every_stack() {
    let mut engine = engine("bashni");
    // Squares in any order, lower-case side, spaces and a trailing period are accepted; the
    // engine writes the towers rank by rank from a1.
    engine.send("position fen w: h8b, d4Bw ,c3wbb,a1w:H3.");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "W:a1w,c3wbb,d4Bw,h8b:H3:F1");
    let lines = engine.display();
    for tower in [
        "c3  white man tower of 3: wbb",
        "d4  black king tower of 2: Bw",
        "a1  white man tower of 1: w",
    ] {
        assert!(
            lines.iter().any(|l| l.trim() == tower),
            "{tower}: {lines:?}"
        );
    }
    let fen = engine.fen();
    engine.send(&format!("position fen {fen}"));
    assert_eq!(engine.fen(), fen);
}

#[test]
fn capture_paths_are_played_stack_by_stack() {
    let mut engine = engine("bashni");
    engine.send("position fen W:c3w,d4bbbb,a7b moves c3:e5:c3:e5:c3");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "B:c3wbbbb,a7b:H0:F1");
    // From the start: the exchange gives White a prisoner under e5 and frees nothing.
    engine.send("position startpos moves c3-d4 f6-e5 d4:f6 g7:e5");
    assert!(engine.sync().is_empty());
    let fen = engine.fen();
    assert!(fen.contains("e5bw"), "{fen}");
    // A shortened capture is read when one path matches, refused when several do.
    engine.send("position fen W:c3w,d4b,b4b,b6b,d6b,h8b moves c3:a5:e5:c3");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "B:c3wbbbb,h8b:H0:F1");
    engine.send("position fen W:c3w,d4b,b4b,b6b,d6b,h8b moves c3:c7:c3");
    let lines = engine.sync();
    assert!(
        lines.len() == 1 && lines[0].contains("ambiguous"),
        "{lines:?}"
    );
}

#[test]
fn the_search_answers_with_a_legal_tower_move() {
    for variant in ["bashni", "lasca"] {
        let mut engine = engine(variant);
        engine.send("position startpos moves c3-d4");
        let legal = engine.legal_moves();
        engine.send("go nodes 3000");
        let best = engine.bestmove();
        assert!(legal.contains(&best), "{variant}: {best} not in {legal:?}");
    }
}

#[test]
fn bad_tower_input_gets_one_error_line_and_keeps_the_position() {
    for (variant, fen) in [("bashni", "W:c3wbb,d4b,h8B"), ("lasca", "W:c3wbb,d4b,g7B")] {
        let mut engine = engine(variant);
        engine.send(&format!("position fen {fen}"));
        let kept = engine.fen();
        for bad in [
            "position fen W:c3wbx",
            "position fen W:c3",
            "position fen W:c3w,c3b",
            "position fen W:z9w",
            "position fen W:c3wwwwwwwwwwwwwwwwwwwwwwwwww",
            "position fen W:a2w",
            "position fen Q:c3w",
            "position fen W:c3w:H",
            &format!("position fen {fen} moves c3-c5"),
            &format!("position fen {fen} moves c3:e5:c3"),
            &format!("position fen {fen} moves d4-e3"),
            &format!("position fen {fen} moves c3-"),
        ] {
            engine.send(bad);
            let lines = engine.sync();
            assert_eq!(lines.len(), 1, "{variant} {bad}: {lines:?}");
            assert!(
                lines[0].starts_with("info string error"),
                "{variant} {bad}: {lines:?}"
            );
            assert_eq!(engine.fen(), kept, "{variant} {bad}");
        }
    }
}
