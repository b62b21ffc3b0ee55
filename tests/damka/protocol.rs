//! The protocol server as a GUI or a script sees it: the real binary, driven through pipes.
//!
//! Every line read is checked to be a protocol line (see `common::server`). Waits are long and
//! nothing is timed: a test fails on a missing answer, never on a slow one.

use crate::common::server::{PATIENCE, Server, is_move};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const START_FEN: &str =
    "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8:H0:F1";

/// A short wait for something that must not happen.
const QUIET: Duration = Duration::from_millis(300);

#[test]
fn handshake_lists_every_option() {
    let mut engine = Server::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name damka "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in [
        "Hash type spin default 16 min 1 max 65536",
        "Threads type spin default 1 min 1 max 256",
        "Clear Hash type button",
        "Ponder type check default false",
        "MultiPV type spin default 1 min 1 max 64",
        "Move Overhead type spin default 20 min 0 max 5000",
        "UCI_Variant type combo default russian var russian var giveaway var brazilian var international var turkish var fuk var ugolki var ugolki-diagonal var bashni var lasca",
        "Draw Repetition type check default true",
        "Draw Kings Only type check default true",
        "Draw Three Kings type check default true",
        "Draw Main Road type check default true",
        "Draw Two Against One type check default true",
        "Draw Material type check default true",
        "Draw Material Moves type spin default 32 min 1 max 200",
        "Draw FMJD type check default false",
        "Draw Sixteen Moves type check default true",
        "Draw Five Moves type check default true",
        "UgolkiHouse type combo default 3x3 var 3x3 var 3x4 var triangle",
        "EGDBPath type string default <empty>",
        "EGDBPieces type spin default 5 min 2 max 7",
        "EGDBCache type spin default 1024 min 16 max 65536",
    ] {
        let wanted = format!("option name {option}");
        assert!(lines.contains(&wanted), "missing '{wanted}' in {lines:?}");
    }
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), START_FEN);
}

#[test]
fn d_shows_the_game_state() {
    let mut engine = Server::start();
    engine.send("position startpos moves c3-d4 f6-e5");
    let lines = engine.display();
    assert!(lines.contains(&"Variant: russian".to_string()), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Key: ")), "{lines:?}");
    assert!(
        lines.contains(&"Side to move: white".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Legal moves (1): d4:f6".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Counter: ")),
        "{lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("Result: ")).count(),
        1
    );
    assert_eq!(lines.last().map(String::as_str), Some("Result: ongoing"));
    engine.send("moves");
    assert_eq!(engine.line(), "info string moves d4:f6");
    engine.send("eval");
    let eval = engine.until(|l| l.starts_with("info string total "));
    assert!(
        eval.iter().any(|l| l.starts_with("info string man ")),
        "{eval:?}"
    );
}

/// A game between two engines, with a third opinion on legality: each move the mover sends
/// must be in the referee's list of legal moves, and the game must reach a result.
#[test]
fn two_engines_play_a_game_to_the_end() {
    let mut white = Server::start();
    let mut black = Server::start();
    let mut referee = Server::start();
    for engine in [&mut white, &mut black, &mut referee] {
        engine.send("uci");
        engine.until(|l| l == "uciok");
        engine.send("ucinewgame");
    }
    let mut moves: Vec<String> = Vec::new();
    let position = |moves: &[String]| {
        if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        }
    };
    let max_plies = 1500;
    let result = loop {
        assert!(moves.len() < max_plies, "no result after {max_plies} plies");
        referee.send(&position(&moves));
        let state = referee.display();
        let result = state
            .iter()
            .find_map(|l| l.strip_prefix("Result: "))
            .expect("d has a result")
            .to_string();
        let legal = referee.legal_moves();
        let mover = if moves.len().is_multiple_of(2) {
            &mut white
        } else {
            &mut black
        };
        mover.send(&position(&moves));
        mover.send("go nodes 3000");
        let best = mover.bestmove();
        if result != "ongoing" {
            if legal.is_empty() {
                assert_eq!(best, "(none)", "no legal move, yet a move");
            }
            break result;
        }
        assert!(legal.contains(&best), "{best} is not in {legal:?}");
        moves.push(best);
    };
    eprintln!("game over after {} plies: {result}", moves.len());
    let side_to_move = if moves.len().is_multiple_of(2) {
        "white"
    } else {
        "black"
    };
    assert!(
        result == "white wins" || result == "black wins" || result.starts_with("draw ("),
        "{result}"
    );
    assert_ne!(
        result,
        format!("{side_to_move} wins"),
        "the winner cannot be to move"
    );
    for engine in [&mut white, &mut black, &mut referee] {
        engine.send("quit");
        assert!(engine.exit_status(PATIENCE).success());
    }
}

/// Each bad input gets exactly one error line; the position, the options and the engine's
/// readiness are as before.
#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut engine = Server::start();
    engine.send("setoption name MultiPV value 2");
    engine.send("position startpos moves c3-d4 f6-e5");
    let before = engine.fen();
    assert!(engine.sync().is_empty());
    let megabyte = format!("position fen {}", "W:Wa1,".repeat(180_000));
    let too_long = "x".repeat(1_100_000);
    let bad: Vec<&[u8]> = vec![
        b"foo bar",
        b"GO!",
        b"\x00\x01\x02",
        b"position",
        b"position start",
        b"position startpos c3-d4",
        b"position fen",
        b"position fen X:Wa1:Bh8",
        b"position fen W:Wa2:Bh8",
        b"position fen W:Wa1,a1:Bh8",
        b"position fen W:Wb8:Bh6",
        b"position fen W:W21-32:B1-12:Q3",
        b"position startpos moves c3-d4 c3-d4",
        b"position startpos moves c3-d4 zz",
        b"position fen B:Wb4,d4,e3,g3:BKa5 moves a5:h2",
        b"setoption",
        b"setoption name",
        b"setoption name Nope value 1",
        b"setoption name Hash value -5",
        b"setoption name Hash value 65537",
        b"setoption name Threads value 0",
        b"setoption name MultiPV value 0",
        b"setoption name MultiPV",
        b"setoption name Ponder value maybe",
        b"setoption name UCI_Variant value chess",
        b"go depth -1",
        b"go depth 0",
        b"go wtime abc",
        b"go movetime 10 frobnicate",
        b"go nodes 1e6",
        b"go nodes 99999999999999999999999",
        b"go depth 3 depth 4",
        b"go searchmoves",
        b"go searchmoves c3-d4",
        b"perft",
        b"perft 999",
        b"perft -1",
        b"bench 0",
        b"isready now",
        b"position fen \xff\xfe",
        b"\xc3\x28 go",
        megabyte.as_bytes(),
        too_long.as_bytes(),
    ];
    for input in bad {
        engine.send_bytes(input);
        let replies = engine.sync();
        let shown = String::from_utf8_lossy(&input[..input.len().min(60)]).into_owned();
        assert_eq!(replies.len(), 1, "{shown:?} got {replies:?}");
        assert!(
            replies[0].starts_with("info string error: "),
            "{shown:?} got {replies:?}"
        );
        assert!(
            replies[0].len() < 4000,
            "{shown:?}: a {} byte reply",
            replies[0].len()
        );
        assert_eq!(engine.fen(), before, "{shown:?} changed the position");
    }
    // The options are as they were: MultiPV is still 2, the variant still Russian.
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.until(|l| l.starts_with("bestmove "));
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    assert_eq!(engine.display_field("Variant"), "russian");
    // Blank lines get no answer at all.
    engine.send("");
    engine.send("   \t");
    assert!(engine.sync().is_empty());
}

#[test]
fn errors_are_logged_to_stderr() {
    let mut engine = Server::start_with(Stdio::piped());
    let mut stderr = engine.take_stderr().expect("stderr is piped");
    engine.send("frobnicate");
    assert!(
        engine
            .line()
            .starts_with("info string error: unknown command")
    );
    engine.send("quit");
    assert!(engine.exit_status(PATIENCE).success());
    let mut log = String::new();
    stderr.read_to_string(&mut log).expect("stderr reads");
    assert!(
        log.contains("WARN") && log.contains("frobnicate"),
        "{log:?}"
    );
}

#[test]
fn bad_input_during_a_search_does_not_stop_it() {
    let mut engine = Server::start();
    engine.send("go infinite");
    engine.send("setoption name Hash value 0");
    engine.send("position fen nonsense");
    engine.send("go depth -5");
    let mut errors = 0;
    while errors < 3 {
        let line = engine.line();
        assert!(!line.starts_with("bestmove"), "the search ended: {line}");
        errors += usize::from(line.starts_with("info string error: "));
    }
    while let Some(line) = engine.line_within(QUIET) {
        assert!(!line.starts_with("bestmove"), "the search ended: {line}");
        assert!(
            !line.starts_with("info string"),
            "more than three replies: {line}"
        );
    }
    engine.send("stop");
    assert!(is_move(&engine.bestmove()));
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut engine = Server::start();
    engine.send("position startpos moves c3-d4 d6-c5");
    let legal = engine.legal_moves();
    engine.send("go infinite");
    std::thread::sleep(QUIET);
    // isready is answered during the search, and the search goes on.
    let before_ready = engine.sync();
    assert!(
        before_ready.iter().all(|l| !l.starts_with("bestmove")),
        "{before_ready:?}"
    );
    engine.send("stop");
    let best = engine.bestmove();
    assert!(legal.contains(&best), "{best} not in {legal:?}");
    // Exactly one bestmove: nothing else arrives.
    assert_eq!(engine.sync(), Vec::<String>::new());
}

#[test]
fn ponderhit_turns_pondering_into_a_timed_search() {
    let mut engine = Server::start();
    engine.send("position startpos moves c3-d4");
    engine.send("go ponder wtime 2000 btime 2000");
    while let Some(line) = engine.line_within(QUIET) {
        assert!(!line.starts_with("bestmove"), "pondering gave up: {line}");
    }
    engine.send("ponderhit");
    assert!(is_move(&engine.bestmove()));
}

#[test]
fn a_position_without_moves_gets_bestmove_none() {
    let mut engine = Server::start();
    engine.send("position fen W:Wa1:Bb2,c3");
    assert_eq!(engine.display_field("Result"), "black wins");
    engine.send("go depth 3");
    assert_eq!(engine.bestmove(), "(none)");
    engine.send("go infinite");
    assert!(
        engine.line_within(QUIET).is_none(),
        "infinite answered early"
    );
    engine.send("stop");
    assert_eq!(engine.bestmove(), "(none)");
}

#[test]
fn searchmoves_and_short_captures() {
    let mut engine = Server::start();
    engine.send("position startpos");
    engine.send("go depth 4 searchmoves a3-b4");
    assert_eq!(engine.bestmove(), "a3-b4");
    // The short form of a capture is accepted when only one move matches; output is full.
    engine.send("position fen B:Wb4,d4,e3,g3:BKa5 moves a5:h2");
    let replies = engine.sync();
    assert!(replies[0].contains("ambiguous"), "{replies:?}");
    assert!(replies[0].contains("a5:c3:e5:h2") && replies[0].contains("a5:d2:f4:h2"));
    engine.send("position fen B:Wb4,d4,e3,g3:BKa5 moves a5:e5:h2");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "W:We3:BKh2:H0:F2");
}

#[test]
fn perft_and_bench_in_the_protocol() {
    let mut engine = Server::start();
    engine.send("perft 5");
    let line = engine.line();
    assert!(line.starts_with("nodes 7482 time "), "{line}");
    engine.send("bench 4");
    let lines = engine.until(|l| l.ends_with(" nps") && !l.starts_with("position "));
    assert_eq!(lines.len(), 13, "{lines:?}");
    // `position <i> nodes <n> time <ms>`
    let total: u64 = lines[..12]
        .iter()
        .map(|l| l.split(' ').nth(3).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(
        lines[12].starts_with(&format!("{total} nodes ")),
        "{lines:?}"
    );
    // The signature is the same from the command line.
    let cli = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["bench", "4"])
        .output()
        .expect("damka bench runs");
    assert!(cli.status.success());
    let text = String::from_utf8(cli.stdout).expect("UTF-8");
    let cli_last = text.lines().last().unwrap_or_default();
    assert!(cli_last.starts_with(&format!("{total} nodes ")), "{text}");
}

#[test]
fn the_same_search_twice_gives_the_same_lines() {
    let mut engine = Server::start();
    let mut run = || {
        engine.send("ucinewgame");
        engine.send("position startpos moves c3-d4 f6-g5");
        engine.send("go nodes 20000");
        engine
            .until(|l| l.starts_with("bestmove "))
            .iter()
            .map(|l| {
                // Time and speed vary from run to run; everything else must not.
                let words: Vec<&str> = l.split(' ').collect();
                let mut kept = Vec::new();
                let mut i = 0;
                while i < words.len() {
                    if words[i] == "time" || words[i] == "nps" {
                        i += 2;
                    } else {
                        kept.push(words[i]);
                        i += 1;
                    }
                }
                kept.join(" ")
            })
            .collect::<Vec<String>>()
    };
    let first = run();
    let second = run();
    assert_eq!(first, second);
}

#[test]
fn quit_exits_at_once_even_while_searching_or_counting() {
    // Neither would end on its own for hours.
    for busy in ["go infinite", "perft 40"] {
        let mut engine = Server::start();
        engine.send(busy);
        std::thread::sleep(QUIET);
        engine.send("quit");
        assert_eq!(engine.exit_status(PATIENCE).code(), Some(0), "{busy}");
    }
}

#[test]
fn end_of_input_exits_with_zero() {
    let mut engine = Server::start();
    engine.send("go infinite");
    std::thread::sleep(QUIET);
    engine.close_input();
    assert_eq!(engine.exit_status(PATIENCE).code(), Some(0));

    // Work read before the end of input is still done.
    let mut engine = Server::start();
    engine.send("position startpos moves c3-d4");
    engine.send("perft 4");
    engine.send("d");
    engine.close_input();
    assert!(engine.line().starts_with("nodes "));
    assert!(
        engine
            .until(|l| l.starts_with("info string Result: "))
            .len()
            > 5
    );
    assert_eq!(engine.exit_status(PATIENCE).code(), Some(0));
}

#[test]
fn command_line_tools() {
    let damka = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_damka"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("damka runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (ok, text) = damka(&[
        "analyze",
        "--fen",
        "W:Wc3,e3:Bd4,f6",
        "--depth",
        "5",
        "--multipv",
        "2",
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("#2 depth  5/"), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("best move "),
        "{text}"
    );
    let (ok, text) = damka(&["analyze", "--fen", "W:Wa1:Bb2,c3", "--movetime", "50"]);
    assert!(ok && text.contains("no legal move: black wins"), "{text}");
    let (ok, _) = damka(&["analyze", "--fen", "W:Wa2:Bh8"]);
    assert!(!ok);
    let (ok, _) = damka(&["analyze", "--threads", "0", "--depth", "2"]);
    assert!(!ok);
    let (ok, text) = damka(&["moves"]);
    assert!(ok && text.lines().count() == 7, "{text}");
    for command in ["perft", "moves", "bench", "analyze"] {
        let (ok, text) = damka(&[command, "--help"]);
        assert!(ok && text.contains("Usage: damka"), "{command}: {text}");
    }
    let (ok, text) = damka(&["--help"]);
    assert!(
        ok && text.contains("analyze") && text.contains("bench"),
        "{text}"
    );
}

#[test]
fn an_overdrawn_clock_still_gets_a_move_at_once() {
    // GUIs send a negative time when a clock has run past zero, and wait for a move.
    let mut server = Server::start();
    server.send("position startpos");
    for go in [
        "go wtime -5 btime 1000",
        "go wtime -99999999999999999999999 btime 1",
    ] {
        let start = Instant::now();
        server.send(go);
        let best = server.bestmove();
        assert!(is_move(&best), "{go}: {best}");
        assert!(start.elapsed() < Duration::from_millis(500), "{go}");
    }
    assert!(server.sync().is_empty());
}

#[test]
fn a_button_takes_no_value() {
    let mut server = Server::start();
    server.send("setoption name Clear Hash value 5");
    let replies = server.sync();
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].starts_with("info string error") && replies[0].contains("button"));
    server.send("setoption name Clear Hash");
    assert!(server.sync().is_empty());
}

#[test]
fn a_side_with_more_pieces_than_it_starts_with_is_refused() {
    let thirteen_kings = "W:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13:B30";
    let twenty_one_men = "W:W30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1";
    for (variant, fen, most) in [
        ("russian", thirteen_kings, "12"),
        ("giveaway", thirteen_kings, "12"),
        ("brazilian", thirteen_kings, "12"),
        ("fuk", thirteen_kings, "12"),
        ("international", twenty_one_men, "20"),
    ] {
        let mut server = Server::start();
        server.send(&format!("setoption name UCI_Variant value {variant}"));
        server.sync();
        assert_fen_refused(&mut server, fen, most);
    }
}

/// `position fen <fen>` gets one error line that says `says`, and the position is kept.
fn assert_fen_refused(server: &mut Server, fen: &str, says: &str) {
    let before = server.fen();
    server.send(&format!("position fen {fen}"));
    let replies = server.sync();
    assert_eq!(replies.len(), 1, "{fen}: {replies:?}");
    assert!(
        replies[0].starts_with("info string error") && replies[0].contains(says),
        "{fen}: {replies:?}"
    );
    assert_eq!(server.fen(), before, "{fen}: the position is kept");
}

#[test]
fn an_empty_board_and_repeated_counters_are_refused() {
    let mut server = Server::start();
    for (fen, says) in [
        ("W", "no piece"),
        ("W:W,,,:B,,", "no piece"),
        ("W:W21:B1:F3:F4", "given twice"),
        ("W:W21:B1:H3:H3", "given twice"),
    ] {
        assert_fen_refused(&mut server, fen, says);
    }
}

#[test]
fn a_number_field_too_large_is_refused_not_clamped() {
    for (variant, fen, says) in [
        ("russian", "W:W21:B1:H4294967295", "at most 65535"),
        ("russian", "W:W21:B1:F99999999999", "at most 65535"),
        ("turkish", "W:Wa2:Bh7:H65536", "at most 65535"),
        ("bashni", "W:a1w,h8b:H4294967295", "at most 65535"),
        ("bashni", "W:a1w,h8b:H3:H4", "given twice"),
        ("ugolki", "W:Wa1:Bh8:F99999999999", "at most 65535"),
        ("ugolki", "W:Wa1:Bh8:F82", "ends after move 80"),
        ("ugolki", "B:Wa1:Bh8:F81", "ends after move 80"),
    ] {
        let mut server = Server::start();
        server.send(&format!("setoption name UCI_Variant value {variant}"));
        server.sync();
        assert_fen_refused(&mut server, fen, says);
    }
}

#[test]
fn the_largest_number_fields_are_kept() {
    let mut server = Server::start();
    server.send("position fen W:W21:B1:F65535");
    server.sync();
    assert!(server.fen().ends_with(":F65535"), "{}", server.fen());
    server.send("setoption name UCI_Variant value ugolki");
    server.send("position fen W:Wa1:Bh8:F81");
    server.sync();
    assert!(server.fen().ends_with(":F81"), "{}", server.fen());
}
