//! The sibling games on the Russian board: Brazilian (majority capture, crowning only at the end
//! of a move) and Russian giveaway (the side left without a move wins).

use damka_engine::search::{self, Control, Limits, SearchConfig, Silent};
use damka_engine::tt::Tt;
use damka_rules::draw::{DrawRules, REPETITION};
use damka_rules::game::{GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::games::draughts::movegen::gen_moves;
use damka_rules::games::draughts::moves::MoveList;
use damka_rules::games::draughts::notation::{self, legal_move_strings, parse_fen};
use damka_rules::games::draughts::position::Position;
use damka_rules::games::draughts::{Brazilian, Draughts, Giveaway, Rules, Russian};
use damka_rules::types::{Kind, Side};

type Game<R> = Record<Draughts<R>>;

fn moves<R: Rules>(fen: &str) -> Vec<String> {
    let pos: Position<R> = parse_fen(fen).expect("test FEN");
    let mut moves: Vec<String> = legal_move_strings(&pos)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    moves.sort();
    moves
}

fn kind_after<R: Rules>(fen: &str, mv: &str, square: &str) -> Option<Kind> {
    let pos: Position<R> = parse_fen(fen).expect("test FEN");
    let mv = notation::parse_move(&pos, mv).expect("legal move");
    pos.after(mv)
        .piece_at(notation::parse_square::<R>(square).expect("square"))
        .map(|p| p.kind)
}

// --- Brazilian ---------------------------------------------------------------------------------

#[test]
fn brazilian_majority_capture_king_and_man_sequences_of_equal_length_are_both_legal() {
    // The man takes b6 and b4, the king takes b4 and b6: two each. The king's capture of f2
    // alone (legal in Russian) is too short.
    let fen = "W:Wa7,Ke1:Bb4,b6,Kf2";
    assert_eq!(
        moves::<Brazilian>(fen),
        ["a7:c5:a3", "e1:a5:c7", "e1:a5:d8"]
    );
    assert_eq!(
        moves::<Russian>(fen),
        ["a7:c5:a3", "e1:a5:c7", "e1:a5:d8", "e1:g3", "e1:h4"]
    );
}

#[test]
fn brazilian_majority_capture_counts_kings_and_men_the_same() {
    // Taking the king alone or one man alone: equal, both legal; no longer sequence exists.
    assert_eq!(moves::<Brazilian>("W:Wc3:BKd4,b4"), ["c3:a5", "c3:e5"]);
}

#[test]
fn brazilian_man_passing_the_last_rank_mid_capture_stays_a_man() {
    // d6 takes e7 landing on f8, then g7 backward: it ends on h6 as a man. In Russian it was
    // crowned on f8 and ends as a king.
    let fen = "W:Wd6:Be7,g7";
    assert_eq!(moves::<Brazilian>(fen), ["d6:f8:h6"]);
    assert_eq!(
        kind_after::<Brazilian>(fen, "d6:f8:h6", "h6"),
        Some(Kind::Man)
    );
    assert_eq!(
        kind_after::<Russian>(fen, "d6:f8:h6", "h6"),
        Some(Kind::King)
    );
}

#[test]
fn brazilian_man_ending_its_capture_on_the_last_rank_is_crowned() {
    // As a man on d8 it cannot reach f6, so the capture ends there and it is crowned; a Russian
    // man would be crowned on d8 and fly on to take f6.
    let fen = "W:Wb6:Bc7,f6";
    assert_eq!(moves::<Brazilian>(fen), ["b6:d8"]);
    assert_eq!(
        kind_after::<Brazilian>(fen, "b6:d8", "d8"),
        Some(Kind::King)
    );
    assert_eq!(moves::<Russian>(fen), ["b6:d8:g5", "b6:d8:h4"]);
}

#[test]
fn brazilian_draw_by_twenty_five_king_moves_not_fifteen() {
    let mut game = Game::<Brazilian>::from_fen(
        "W:WKc1,h2:BKf8,a7",
        DrawRules::default().with_switch(&REPETITION, false),
    )
    .expect("FEN");
    for ply in 0..50 {
        let mv = ["c1-d2", "f8-e7", "d2-c1", "e7-f8"][ply % 4];
        assert_eq!(game.result(), GameResult::Ongoing, "ply {ply}");
        game.play_text(mv).expect("legal");
    }
    assert_eq!(game.result().to_string(), "draw (25 moves with kings only)");
}

#[test]
fn brazilian_lone_king_against_three_holds_sixteen_moves_each() {
    let mut game = Game::<Brazilian>::from_fen(
        "W:WKc1,Ke1,Kg1:BKa7",
        DrawRules::default().with_switch(&REPETITION, false),
    )
    .expect("FEN");
    for ply in 0..32 {
        assert_eq!(game.result(), GameResult::Ongoing, "ply {ply}");
        let mv = ["c1-d2", "a7-b8", "d2-c1", "b8-a7"][ply % 4];
        game.play_text(mv).expect("legal");
    }
    assert_eq!(
        game.result().to_string(),
        "draw (lone king against three, 16 moves)"
    );
}

// --- Giveaway ----------------------------------------------------------------------------------

#[test]
fn giveaway_side_without_a_move_wins() {
    let blocked = Game::<Giveaway>::from_fen("W:Wa1:Bb2,c3", DrawRules::default()).expect("FEN");
    assert_eq!(blocked.result(), GameResult::Win(Side::White));
    let no_pieces = Game::<Giveaway>::from_fen("B:Wa1:B", DrawRules::default()).expect("FEN");
    assert_eq!(no_pieces.result(), GameResult::Win(Side::Black));
    let russian = Game::<Russian>::from_fen("W:Wa1:Bb2,c3", DrawRules::default()).expect("FEN");
    assert_eq!(russian.result(), GameResult::Win(Side::Black));
}

#[test]
fn giveaway_moves_and_captures_exactly_as_russian() {
    for fen in [
        "W:Wc3:Bb4,d4,d6",
        "W:WKa1:Bc3,d6,b6,b4",
        "W:Wb6:Bc7,f6,e3",
        "B:Wb4,d4,e3,g3:BKa5",
    ] {
        assert_eq!(moves::<Giveaway>(fen), moves::<Russian>(fen), "{fen}");
    }
}

#[test]
fn giveaway_engine_gives_its_last_man_away() {
    // c3-d4 forces e5:c3, after which White has nothing left and wins.
    let game = Game::<Giveaway>::from_fen("W:Wc3:Be5", DrawRules::default()).expect("FEN");
    let tt = Tt::new(16);
    let config = SearchConfig::for_variant(Variant::Giveaway);
    let outcome = search::run(
        &game,
        &Limits::depth(6),
        &config,
        &tt,
        &Control::default(),
        &mut Silent,
    );
    assert_eq!(
        outcome.best.as_ref().map(|r| r.to_string()).as_deref(),
        Some("c3-d4")
    );
    assert_eq!(outcome.score.mate_moves(), Some(1));
}

#[test]
fn variant_names_round_trip() {
    for variant in Variant::ALL {
        assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
    }
    assert!("frisian".parse::<Variant>().is_err());
    let list: MoveList = MoveList::new();
    assert!(list.is_empty());
    let pos = Position::<Brazilian>::startpos();
    let mut moves = MoveList::new();
    gen_moves(&pos, &mut moves);
    assert_eq!(moves.len(), 7);
}
