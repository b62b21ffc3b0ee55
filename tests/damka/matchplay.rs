//! The match runner end to end: real engine processes (`damka-test-engine`, a scripted engine
//! that plays the first legal move or misbehaves on request) refereed over pipes. Covers the
//! referee's rules (illegal move, crash, time loss on the clock and on move time, draw rules,
//! adjudication), PDN that reads back and replays, an SPRT that stops the match, and the
//! `damka match` command itself.

use damka::matchplay::engine_process::{EngineCommand, EngineProcess};
use damka::matchplay::referee::{
    self, DrawAdjudication, GameRecord, RefereeConfig, Termination, TimeControl, WinAdjudication,
};
use damka::matchplay::runner::{self, MatchConfig, MatchEngine};
use damka::matchplay::stats::{Sprt, SprtStatus};
use damka_engine::openings::{self, Opening};
use damka_rules::draw::{DrawReason, DrawRules};
use damka_rules::game::{GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::pdn::{self, PdnResult};
use damka_rules::types::Side;

type Game<R> = Record<Draughts<R>>;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const TEST_ENGINE: &str = env!("CARGO_BIN_EXE_damka-test-engine");

/// Kings on c1 and f8: with these preferences each side steps out and back, so the start
/// position comes round a third time after eight plies.
const SHUFFLE_FEN: &str = "W:WKc1:BKf8";
const WHITE_SHUFFLE: &str = "c1-b2,b2-c1";
const BLACK_SHUFFLE: &str = "f8-e7,e7-f8";

fn command(args: &[&str]) -> EngineCommand {
    EngineCommand {
        program: TEST_ENGINE.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
        ..EngineCommand::default()
    }
}

fn start(args: &[&str]) -> EngineProcess {
    EngineProcess::start(&command(args), Duration::from_secs(10)).expect("the test engine starts")
}

fn config(time: TimeControl) -> RefereeConfig {
    let mut config = RefereeConfig::new(time);
    config.reply_timeout = Duration::from_secs(10);
    config
}

fn play(opening: &Opening, white: &[&str], black: &[&str], config: &RefereeConfig) -> GameRecord {
    let (mut w, mut b) = (start(white), start(black));
    referee::play_game(opening, &mut w, &mut b, config, &AtomicBool::new(false))
        .expect("a valid opening")
        .expect("not aborted")
}

fn fen_opening(fen: &str) -> Opening {
    Opening {
        fen: Some(fen.to_string()),
        moves: Vec::new(),
    }
}

/// Replays a record's moves on a fresh game from its start.
fn replay(record: &GameRecord) -> Game<Russian> {
    let mut game = match &record.start_fen {
        Some(fen) => Game::from_fen(fen, DrawRules::default()).unwrap(),
        None => Game::startpos(DrawRules::default()),
    };
    for mv in &record.moves {
        game.play_text(mv).unwrap();
    }
    game
}

#[test]
fn an_illegal_move_loses() {
    let depth = config(TimeControl::Depth(1));
    let record = play(&Opening::startpos(), &["--illegal-at", "3"], &[], &depth);
    assert_eq!(record.winner, Some(Side::Black));
    match &record.termination {
        Termination::IllegalMove { side, text, reason } => {
            assert_eq!((*side, text.as_str()), (Side::White, "a1-h8"));
            assert!(reason.contains("a1-h8"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(record.moves.len(), 4, "two good moves each before it");

    // Text that is not a move at all, from Black this time.
    let record = play(
        &Opening::startpos(),
        &[],
        &["--illegal-at", "1", "--illegal-move", "hello"],
        &depth,
    );
    assert_eq!(record.winner, Some(Side::White));
    assert!(matches!(
        record.termination,
        Termination::IllegalMove {
            side: Side::Black,
            ..
        }
    ));
}

#[test]
fn a_crash_or_an_engine_that_never_starts_loses() {
    let depth = config(TimeControl::Depth(1));
    let record = play(&Opening::startpos(), &[], &["--crash-at", "2"], &depth);
    assert_eq!(record.winner, Some(Side::White));
    match &record.termination {
        Termination::Fault { side, detail } => {
            assert_eq!(*side, Side::Black);
            assert!(detail.contains("crashed"), "{detail}");
        }
        other => panic!("{other:?}"),
    }

    let missing = EngineCommand::parse("/nonexistent/engine").unwrap();
    let error = EngineProcess::start(&missing, Duration::from_secs(1))
        .err()
        .unwrap();
    let mut white = referee::Unavailable(error);
    let mut black = start(&[]);
    let record = referee::play_game(
        &Opening::startpos(),
        &mut white,
        &mut black,
        &depth,
        &AtomicBool::new(false),
    )
    .unwrap()
    .unwrap();
    assert_eq!(record.winner, Some(Side::Black));
    assert!(matches!(
        record.termination,
        Termination::Fault {
            side: Side::White,
            ..
        }
    ));
}

#[test]
fn exceeding_the_move_time_loses() {
    let movetime = config(TimeControl::MoveTime(Duration::from_millis(50)));
    let record = play(&Opening::startpos(), &[], &["--sleep-ms", "400"], &movetime);
    assert_eq!(record.winner, Some(Side::White));
    assert_eq!(record.moves.len(), 1, "White moved in time, Black did not");
    assert!(
        matches!(
            record.termination,
            Termination::TimeForfeit {
                side: Side::Black,
                ..
            }
        ),
        "{:?}",
        record.termination
    );
}

#[test]
fn the_clock_runs_down_and_flags() {
    // 1 s each, no increment; White takes 400 ms a move: 1000 → 600 → 200, then it cannot
    // make its third move in the 200 ms left.
    let clock = config(TimeControl::parse_clock("1+0").unwrap());
    let record = play(&Opening::startpos(), &["--sleep-ms", "400"], &[], &clock);
    assert_eq!(record.winner, Some(Side::Black));
    assert_eq!(record.moves.len(), 4);
    match record.termination {
        Termination::TimeForfeit {
            side: Side::White,
            allowed,
            ..
        } => assert!(allowed < Duration::from_millis(250), "{allowed:?}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    let depth = config(TimeControl::Depth(1));
    let record = play(
        &fen_opening(SHUFFLE_FEN),
        &["--prefer", WHITE_SHUFFLE],
        &["--prefer", BLACK_SHUFFLE],
        &depth,
    );
    assert_eq!(record.winner, None);
    assert_eq!(
        record.termination,
        Termination::DrawRule(DrawReason::REPETITION)
    );
    assert_eq!(record.moves.len(), 8);
    assert_eq!(
        replay(&record).result(),
        GameResult::Draw(DrawReason::REPETITION)
    );
}

#[test]
fn an_endgame_counter_draws_where_the_rules_say() {
    // Kings only and the counter at 26 plies (13 moves each): the draw comes on the 30th ply,
    // before the position can repeat a third time.
    let depth = config(TimeControl::Depth(1));
    let record = play(
        &fen_opening(&format!("{SHUFFLE_FEN}:H26")),
        &["--prefer", WHITE_SHUFFLE],
        &["--prefer", BLACK_SHUFFLE],
        &depth,
    );
    assert_eq!(
        record.termination,
        Termination::DrawRule(damka_rules::games::draughts::draw::reason::KINGS_ONLY)
    );
    assert_eq!(record.moves.len(), 4);
    assert_eq!(record.start_fen.as_deref(), Some("W:WKc1:BKf8:H26:F1"));
}

#[test]
fn scores_can_adjudicate() {
    let mut level = config(TimeControl::Depth(1));
    level.adjudicate_draw = Some(DrawAdjudication::parse("1,2,10").unwrap());
    let record = play(
        &Opening::startpos(),
        &["--score", "5"],
        &["--score", "-10"],
        &level,
    );
    assert_eq!(
        (record.winner, record.termination),
        (None, Termination::AdjudicatedDraw)
    );
    assert_eq!(record.moves.len(), 4, "two moves of each side");

    let mut decisive = config(TimeControl::Depth(1));
    decisive.adjudicate_win = Some(WinAdjudication::parse("2,400").unwrap());
    // Black's engine agrees that it is lost: White wins.
    let record = play(
        &Opening::startpos(),
        &["--score", "500"],
        &["--score", "-450"],
        &decisive,
    );
    assert_eq!(
        (record.winner, record.termination),
        (Some(Side::White), Termination::AdjudicatedWin(Side::White))
    );
    // One-sided optimism is not enough.
    let record = play(
        &fen_opening(SHUFFLE_FEN),
        &["--score", "500", "--prefer", WHITE_SHUFFLE],
        &["--score", "0", "--prefer", BLACK_SHUFFLE],
        &decisive,
    );
    assert_eq!(
        record.termination,
        Termination::DrawRule(DrawReason::REPETITION)
    );
}

fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("damka-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn match_config(openings: Vec<Opening>, engine2: &[&str], games: u32) -> MatchConfig {
    MatchConfig {
        engines: [
            MatchEngine {
                command: command(&["--prefer", &format!("{WHITE_SHUFFLE},{BLACK_SHUFFLE}")]),
                name: "one".to_string(),
            },
            MatchEngine {
                command: command(
                    &[
                        &["--prefer", &format!("{WHITE_SHUFFLE},{BLACK_SHUFFLE}")],
                        engine2,
                    ]
                    .concat(),
                ),
                name: "two".to_string(),
            },
        ],
        games,
        concurrency: 2,
        openings,
        referee: config(TimeControl::Depth(1)),
        sprt: None,
        event: "test match".to_string(),
        pdn: None,
        keep_engines: false,
        resumed: Vec::new(),
    }
}

#[test]
fn kept_engines_live_from_game_to_game_and_are_replaced_after_a_fault() {
    // Each game of two lone kings is a repetition draw after a few moves each. Engine 2 sends
    // an illegal move on its tenth `go`: a fresh process each game never gets there, a kept
    // one does in its third game, loses it, and is replaced by a fresh one.
    let book = "fen W:WKc1:BKf8\n";
    let openings = openings::parse(book, Variant::Russian).unwrap();
    let mut config = match_config(openings, &["--illegal-at", "10"], 12);
    let fresh = runner::run(&config, &mut |_, _| {}).unwrap();
    assert_eq!(fresh.tally.draws, 12, "{:?}", fresh.tally);
    config.keep_engines = true;
    let kept = runner::run(&config, &mut |_, _| {}).unwrap();
    assert!(kept.tally.wins >= 2, "{:?}", kept.tally);
    assert!(kept.tally.wins < 12, "{:?}", kept.tally);
    assert_eq!(kept.tally.losses, 0, "{:?}", kept.tally);
}

#[test]
fn match_games_are_written_as_pdn_that_reads_back() {
    let path = temp_path("roundtrip.pdn");
    let book = "startpos moves c3-d4 f6-g5\nfen W:WKc1:BKf8\n";
    let mut config = match_config(openings::parse(book, Variant::Russian).unwrap(), &[], 4);
    config.pdn = Some(path.clone());
    let mut seen = Vec::new();
    let summary = runner::run(&config, &mut |game, _| seen.push(game.clone())).unwrap();
    assert_eq!(summary.tally.games(), 4);
    assert_eq!(summary.engine1_white_games, 2);
    seen.sort_by_key(|g| g.number);

    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let mut games = pdn::read(&text).unwrap();
    assert_eq!(games.len(), 4);
    games.sort_by_key(|g| g.tag("Round").unwrap().parse::<u32>().unwrap());
    for (pdn, game) in games.iter().zip(&seen) {
        let record = &game.record;
        assert_eq!(pdn.tag("GameType"), Some("25"));
        assert_eq!(pdn.tag("Event"), Some("test match"));
        assert_eq!(pdn.tag("Result"), Some(record.pdn_result().token()));
        assert_eq!(pdn.result, record.pdn_result());
        let (white, black) = if game.engine1_white {
            ("one", "two")
        } else {
            ("two", "one")
        };
        assert_eq!(
            (pdn.tag("White"), pdn.tag("Black")),
            (Some(white), Some(black))
        );
        assert_eq!(pdn.tag("FEN"), record.start_fen.as_deref());
        assert_eq!(pdn.tag("SetUp").is_some(), record.start_fen.is_some());
        // The moves as read back replay to the same end by the same rule.
        let mut replayed = match pdn.tag("FEN") {
            Some(fen) => Game::<Russian>::from_fen(fen, DrawRules::default()).unwrap(),
            None => Game::startpos(DrawRules::default()),
        };
        for mv in &pdn.moves {
            replayed.play_text(mv).unwrap();
        }
        assert_eq!(replayed.fen(), replay(record).fen());
        let expected = match &record.termination {
            Termination::NoMoves(side) => GameResult::Win(side.opponent()),
            Termination::DrawRule(reason) => GameResult::Draw(*reason),
            other => panic!("the test engines play to the end: {other:?}"),
        };
        assert_eq!(replayed.result(), expected);
    }
    // The startpos opening's moves open the movetext; the FEN game has SetUp and FEN.
    assert!(text.contains("1. c3-d4 f6-g5 2. "));
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"W:WKc1:BKf8:H0:F1\"]"));
    assert!(games.iter().any(|g| g.result == PdnResult::Draw));
}

#[test]
fn an_sprt_stops_the_match_when_it_decides() {
    // Engine 2 sends an illegal move on its fifth turn: it loses every game from the initial
    // position, and draws the shuffle opening (repetition after four moves each) in time.
    let book = "startpos\nfen W:WKc1:BKf8\n";
    let mut config = match_config(
        openings::parse(book, Variant::Russian).unwrap(),
        &["--illegal-at", "5"],
        200,
    );
    config.sprt = Some(Sprt::parse("0,50").unwrap());
    let summary = runner::run(&config, &mut |_, _| {}).unwrap();
    let (llr, status) = summary.sprt.unwrap();
    assert_eq!(status, SprtStatus::AcceptH1, "llr {llr}");
    assert!(llr >= config.sprt.unwrap().upper_bound());
    assert!(summary.tally.games() < 60, "{:?}", summary.tally);
    assert_eq!(summary.tally.losses, 0);
    assert!(summary.tally.wins > 0 && summary.tally.draws > 0);
}

#[test]
fn the_match_command_reports_and_writes_pdn() {
    let path = temp_path("command.pdn");
    let book = temp_path("book.txt");
    std::fs::write(
        &book,
        "# two openings\nstartpos moves c3-d4\nstartpos moves e3-f4\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["match", "--engine1", TEST_ENGINE, "--engine2"])
        .arg(format!("{TEST_ENGINE} --name other --illegal-at 6"))
        .args([
            "--games",
            "4",
            "--concurrency",
            "2",
            "--depth",
            "1",
            "--seed",
            "0",
        ])
        .arg("--openings")
        .arg(&book)
        .arg("--pdn")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&book);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    assert!(
        stdout.contains("ending: 4 illegal move by other"),
        "{stdout}"
    );
    assert!(stdout.contains("engine1: test-engine ("), "{stdout}");
    let progress = stderr.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(progress, 4, "{stderr}");
    let games = pdn::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g.tag("FEN").is_none()));
}

#[test]
fn a_match_on_another_ugolki_house_starts_every_game_in_it() {
    let path = temp_path("house.pdn");
    let damka = env!("CARGO_BIN_EXE_damka");
    let output = std::process::Command::new(damka)
        .args(["match", "--engine1", damka, "--engine2", damka])
        .args(["--variant", "ugolki", "--house", "triangle"])
        .args(["--games", "2", "--concurrency", "2", "--nodes", "300"])
        .arg("--pdn")
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let games = pdn::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(games.len(), 2);
    for game in &games {
        let fen = game.tag("FEN").unwrap_or_default();
        assert!(fen.contains(":Htriangle"), "{fen}");
    }
}

#[test]
fn an_opening_the_rules_reject_fails_the_match() {
    let bad = Opening {
        fen: None,
        moves: vec!["c3-c5".to_string()],
    };
    let error = runner::run(&match_config(vec![bad], &[], 2), &mut |_, _| {}).unwrap_err();
    assert!(error.contains("c3-c5"), "{error}");
}

#[test]
fn the_side_left_without_a_move_wins_giveaway() {
    // Black must take c3 and leaves White with no piece: White has lost at Russian and won
    // at giveaway.
    let opening = fen_opening("B:Wc3:Bd4");
    let mut rules = config(TimeControl::Depth(1));
    let record = play(&opening, &[], &[], &rules);
    assert_eq!(
        (record.winner, &record.termination),
        (Some(Side::Black), &Termination::NoMoves(Side::White))
    );
    rules.variant = Variant::Giveaway;
    let record = play(&opening, &[], &[], &rules);
    assert_eq!(
        (record.winner, &record.termination),
        (Some(Side::White), &Termination::NoMoves(Side::White))
    );
    assert_eq!(record.moves, ["d4:b2"]);
}

#[test]
fn the_match_runner_plays_damka_over_hub() {
    let damka = env!("CARGO_BIN_EXE_damka");
    let path = temp_path("hub.pdn");
    let output = std::process::Command::new(damka)
        .args(["match", "--engine1", damka, "--engine2"])
        .arg(format!("hub:{damka} hub"))
        .args([
            "--games",
            "4",
            "--depth",
            "3",
            "--concurrency",
            "2",
            "--seed",
            "0",
        ])
        .args(["--option2", "hash=4"])
        .arg("--pdn")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("(hub:"), "{stdout}");
    assert!(
        !stdout.contains("illegal") && !stdout.contains("fault"),
        "{stdout}"
    );
    assert!(!stderr.contains("does not list"), "{stderr}");
    let games = pdn::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(games.len(), 4);
}

/// `damka match` with `--resume` plays only the games the PDN file lacks and counts the rest,
/// and refuses a file whose games of the match were played from other openings or with other
/// settings.
#[test]
fn a_resumed_match_plays_only_the_games_not_yet_in_its_pdn() {
    let path = temp_path("resumed.pdn");
    let book = temp_path("resumed-book.txt");
    std::fs::write(
        &book,
        "startpos moves c3-d4 f6-e5 d4:f6\nstartpos moves e3-f4\nstartpos moves g3-h4\n",
    )
    .unwrap();
    let run = |games: &str, seed: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_damka"))
            .args(["match", "--engine1", TEST_ENGINE, "--engine2"])
            .arg(format!("{TEST_ENGINE} --name other --illegal-at 6"))
            .args(["--games", games, "--concurrency", "2", "--depth", "1"])
            .args(["--seed", seed, "--resume", "--openings"])
            .arg(&book)
            .arg("--pdn")
            .arg(&path)
            .output()
            .unwrap();
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let played = |stderr: &str| -> Vec<String> {
        let mut numbers: Vec<String> = stderr
            .lines()
            .filter_map(|line| line.strip_prefix("game "))
            .filter_map(|rest| rest.split_whitespace().next().map(str::to_string))
            .collect();
        numbers.sort();
        numbers
    };
    // No file yet: a fresh match, two games of four.
    let (ok, stdout, stderr) = run("2", "5");
    assert!(ok, "{stderr}");
    assert!(stderr.contains("resuming: 0 games"), "{stderr}");
    assert!(stdout.contains("result: +2 =0 -0"), "{stdout}");
    // A game of another match in the same file is left alone.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(&text.replace("[Event \"damka match\"]", "[Event \"another\"]"));
    std::fs::write(&path, &text).unwrap();
    let (ok, stdout, stderr) = run("4", "5");
    assert!(ok, "{stderr}");
    assert!(stderr.contains("resuming: 2 games"), "{stderr}");
    assert_eq!(played(&stderr), ["3", "4"], "{stderr}");
    assert!(stdout.contains("games: 4 "), "{stdout}");
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    assert!(
        stdout.contains("ending: 4 illegal move by other"),
        "{stdout}"
    );
    assert!(stdout.contains("engine1 white in 2"), "{stdout}");
    // Everything played: nothing more to play.
    let (ok, stdout, stderr) = run("4", "5");
    assert!(ok, "{stderr}");
    assert!(played(&stderr).is_empty(), "{stderr}");
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    // Games played with other settings are refused; games written before damka recorded
    // them are taken as they are.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[MatchSettings \"adjudicate-draw off;"),
        "{text}"
    );
    let other = text.replace("adjudicate-win off", "adjudicate-win 4,1000");
    std::fs::write(&path, other).unwrap();
    let (ok, _, stderr) = run("4", "5");
    assert!(!ok, "{stderr}");
    assert!(
        stderr.contains("was played with other settings"),
        "{stderr}"
    );
    let older: String = text
        .lines()
        .filter(|line| !line.starts_with("[MatchSettings "))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&path, older).unwrap();
    let (ok, stdout, stderr) = run("4", "5");
    assert!(ok, "{stderr}");
    assert!(played(&stderr).is_empty(), "{stderr}");
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    // Another seed deals other openings to the same game numbers.
    let seed = (6..40).map(|seed| seed.to_string()).find(|seed| {
        let (_, _, stderr) = run("4", seed);
        stderr.contains("did not start from opening")
    });
    let _ = std::fs::remove_file(&book);
    let games = pdn::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(seed.is_some(), "no other seed was refused");
    assert_eq!(games.len(), 6);
}

/// Ctrl-C or SIGTERM during `damka match`: the game in progress is abandoned at once, the
/// report of the finished games is printed and they stay in the PDN file; exit status 130.
#[test]
fn an_interrupted_match_reports_the_games_it_finished() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::Instant;
    for signal in ["-INT", "-TERM"] {
        let path = temp_path(&format!("interrupted{signal}.pdn"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
            .args(["match", "--engine1", TEST_ENGINE, "--engine2"])
            .arg(format!(
                "{TEST_ENGINE} --name slow --sleep-ms 400 --illegal-at 3"
            ))
            .args(["--games", "10", "--concurrency", "1", "--movetime", "5000"])
            .arg("--pdn")
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start damka match");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
        let mut seen = String::new();
        let mut line = String::new();
        while !line.starts_with("game 1 ") {
            line.clear();
            let read = stderr.read_line(&mut line).expect("read stderr");
            assert!(read > 0, "the match ended before game 1: {seen}");
            seen.push_str(&line);
        }
        // Game 2 is being played, its slow engine thinking.
        std::thread::sleep(Duration::from_millis(200));
        let sent = Instant::now();
        let status = Command::new("kill")
            .arg(signal)
            .arg(child.id().to_string())
            .status()
            .expect("run kill");
        assert!(status.success());
        let output = child.wait_with_output().expect("wait for damka match");
        let took = sent.elapsed();
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut rest).expect("read stderr");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(130), "{signal}: {seen}{rest}");
        assert!(took < Duration::from_secs(2), "{signal}: took {took:?}");
        assert!(
            rest.contains("interrupted after 1 finished games"),
            "{signal}: {rest}"
        );
        assert!(stdout.contains("result: +1 =0 -0"), "{signal}: {stdout}");
        let games = pdn::read(&std::fs::read_to_string(&path).expect("pdn")).expect("reads");
        let _ = std::fs::remove_file(&path);
        assert_eq!(games.len(), 1, "{signal}");
    }
}
