//! Fuk through the real binary: `UCI_Variant fuk`, FENs with the `:U` field, moves with a huff,
//! the `d` display, a search that returns a Fuk move, `Fuk Russian Play`, and bad input getting
//! one error line while the position stays as it was.

use crate::common::server::Server;

/// The engine switched to Fuk.
fn fuk() -> Server {
    let mut engine = Server::start();
    engine.send("setoption name UCI_Variant value fuk");
    let answer = engine.line();
    assert!(
        answer.starts_with("info string variant fuk startpos "),
        "{answer}"
    );
    engine
}

#[test]
fn fuk_is_a_variant_and_starts_from_the_russian_position() {
    let mut engine = fuk();
    assert_eq!(engine.display_field("Variant"), "fuk");
    assert_eq!(
        engine.fen(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8:H0:F1"
    );
    assert_eq!(engine.legal_moves().len(), 7);
}

#[test]
fn a_fen_with_huffable_pieces_round_trips_and_d_names_them() {
    let mut engine = fuk();
    // f6 could take g5 when Black played c5-d4, so f6 (and only f6) is huffable.
    engine.send("position fen W:Wc3,e3,g5:Bd4,f6:Uf6");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "W:Wc3,e3,g5:Bd4,f6:Uf6:H0:F1");
    let lines = engine.display();
    assert!(
        lines.iter().any(|l| l.trim() == "huffable: f6"),
        "{lines:?}"
    );
    let mut moves = engine.legal_moves();
    moves.sort();
    assert_eq!(
        moves,
        [
            "c3-b4", "c3:e5:g7", "e3-f4", "e3:c5", "f6*c3-b4", "f6*c3:e5", "f6*e3-f4", "f6*e3:c5",
            "f6*g5-f6", "f6*g5-h6", "g5-h6", "g5:e7"
        ]
    );
    // The FEN the engine writes is read back as it is, counters and all.
    let fen = engine.fen();
    engine.send(&format!("position fen {fen}"));
    assert_eq!(engine.fen(), fen);
}

#[test]
fn moves_with_a_huff_are_played_and_make_new_pieces_huffable() {
    let mut engine = fuk();
    engine.send("position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves f6*e3-f4");
    assert!(engine.sync().is_empty());
    // After the huff, c3 and e3 could take d4; e3 stepped to f4 instead.
    assert_eq!(engine.fen(), "B:Wc3,f4,g5:Bd4:Uc3,f4:H0:F1");
    // From the start: d4 could take e5 and White played g3-h4, so d4 is huffable; the material
    // counter (M) runs, as in Russian.
    engine.send("position startpos moves c3-d4 f6-e5 g3-h4");
    assert_eq!(
        engine.fen(),
        "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,g7,h6,h8:Ud4:H0:F2:M3"
    );
    assert!(engine.legal_moves().contains(&"d4*e5-f4".to_string()));
}

#[test]
fn the_search_answers_with_a_legal_fuk_move() {
    let mut engine = fuk();
    // Black's g5 could take f4 and Black played b8-a7 instead: huffing g5, or taking it, wins a
    // man; a plain quiet move would leave f4 and h4 to be huffed.
    engine.send("position fen W:Wa1,c3,f4,h4:Ba7,g5,h8:Ug5");
    engine.send("go nodes 3000");
    let best = engine.bestmove();
    let legal = engine.legal_moves();
    assert!(legal.contains(&best), "{best} not in {legal:?}");
    assert!(best.starts_with("g5*") || best.contains(':'), "{best}");
}

#[test]
fn fuk_russian_play_captures_when_it_can_and_never_huffs() {
    let mut engine = fuk();
    engine.send("setoption name Fuk Russian Play value true");
    // Fuk play would huff g5 and keep its men; Russian play must take with f4 or h4.
    engine.send("position fen W:Wa1,c3,f4,h4:Ba7,g5,h8:Ug5");
    engine.send("go nodes 3000");
    let best = engine.bestmove();
    assert!(["f4:h6", "h4:f6"].contains(&best.as_str()), "{best}");
}

#[test]
fn bad_fuk_input_gets_one_error_line_and_keeps_the_position() {
    let mut engine = fuk();
    engine.send("position fen W:Wc3,e3,g5:Bd4,f6:Uf6");
    let fen = engine.fen();
    for bad in [
        "position fen W:Wc3,e3,g5:Bd4,f6:Ue3",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6:Ud4",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uz9",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves d4*e3-f4",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves f6*",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves f6*f6*e3-f4",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves *e3-f4",
        "position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves f6*e3-d4",
        // Sets no game can reach: f6 had nothing to take; d4 could take c3 and e3 too.
        "position fen W:Wc3,e3:Bd4,f6:Uf6",
        "position fen W:Wc3,e3,g5:Bd4,f6:Ud4,f6",
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

#[test]
fn an_unreachable_huffable_set_is_refused_and_the_position_kept() {
    let mut engine = fuk();
    engine.send("position fen W:Wc3,e3,g5:Bd4,f6:Uf6 moves f6*e3-f4");
    let fen = engine.fen();
    assert_eq!(fen, "B:Wc3,f4,g5:Bd4:Uc3,f4:H0:F1");
    // White's c1 never had a capture: no quiet move leaves it huffable.
    for bad in [
        "position fen B:Wc1,e3:Bh8:Uc1",
        // Before e3-f4, c3 and e3 could take d4 and g5 could not: a set without c3, and one
        // with g5, are refused.
        "position fen B:Wc3,f4,g5:Bd4:Uf4",
        "position fen B:Wc3,f4,g5:Bd4:Uc3,f4,g5",
    ] {
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error") && lines[0].contains("huffable"),
            "{bad}: {lines:?}"
        );
        assert_eq!(engine.fen(), fen, "{bad}");
        assert!(
            engine
                .display()
                .iter()
                .any(|l| l.trim() == "huffable: c3,f4"),
            "{bad}"
        );
    }
}
