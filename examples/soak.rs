//! The soak test driver behind `scripts/dev/soak.sh`: damka against itself in every game, for
//! hundreds of games, with everything a GUI or a bot may throw at an engine, on a machine kept
//! busy by other work.
//!
//! Two engine processes play all the games of a variant, as under a GUI: `ucinewgame` between
//! games, and before each game a random share of option changes (`Threads` 1–4, `Hash` 1–1024,
//! `Ponder`, `MultiPV` 1–3). Games are played on a very short clock (0.2 s + 0.01 s by
//! default), a fifth of the moves asked by `go movetime` instead. On a random share of moves the
//! driver jumps to another position in the middle of a search, stops an infinite search after a
//! few milliseconds, or ponders on the expected reply and then sends `ponderhit` or `stop`.
//! `--load N` keeps N CPU-bound threads spinning beside the engines all along.
//!
//! Engines run with the defaults a GUI leaves alone (`Move Overhead`), and a move is late when
//! it comes after its clock or move time plus `damka match`'s default margin (`--margin-ms`).
//! Every move is checked against damka's own rules. Reported per variant: games, moves,
//! crashes, illegal moves, time losses, commands left unanswered, stops and the worst `stop` →
//! `bestmove` latency, the worst overrun of the time asked for (negative: always early), the
//! peak resident memory above the largest `Hash` the engine held, and the load average.
//!
//! ```text
//! cargo run --release --features dev-tools --example soak -- --games 100 [--variant russian] [--seed 1] [--load 2]
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::with_game;

/// Settings from the command line.
struct Settings {
    engine: String,
    games: u32,
    variants: Vec<Variant>,
    seed: u64,
    base_ms: u64,
    increment_ms: u64,
    max_plies: usize,
    /// CPU-bound threads kept spinning beside the engines.
    load: usize,
    /// Think time tolerated beyond the clock or move time.
    margin: Duration,
}

fn settings() -> Result<Settings, String> {
    let mut settings = Settings {
        engine: "target/release/damka".to_string(),
        games: 20,
        variants: Variant::ALL.to_vec(),
        seed: 1,
        base_ms: 200,
        increment_ms: 10,
        max_plies: 200,
        load: 0,
        margin: damka::matchplay::referee::DEFAULT_TIME_MARGIN,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|e| format!("{text}: {e}"));
        match flag.as_str() {
            "--engine" => settings.engine = value()?,
            "--games" => settings.games = number(value()?)? as u32,
            "--variant" => {
                settings.variants = value()?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, damka_rules::games::UnknownVariant>>()
                    .map_err(|e| e.to_string())?
            }
            "--seed" => settings.seed = number(value()?)?,
            "--base-ms" => settings.base_ms = number(value()?)?,
            "--increment-ms" => settings.increment_ms = number(value()?)?,
            "--max-plies" => settings.max_plies = number(value()?)? as usize,
            "--load" => settings.load = number(value()?)? as usize,
            "--margin-ms" => settings.margin = Duration::from_millis(number(value()?)?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(settings)
}

/// A deterministic generator (xorshift64*), so a soak run can be repeated.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// What went wrong, added up over a run.
#[derive(Default, Clone)]
struct Tally {
    games: u32,
    moves: u32,
    white_wins: u32,
    black_wins: u32,
    draws: u32,
    crashes: u32,
    illegal_moves: u32,
    time_losses: u32,
    unanswered: u32,
    stops: u32,
    worst_stop: Duration,
    ponderhits: u32,
    jumps: u32,
    option_changes: u32,
    /// The largest `used - asked` of any timed move, in milliseconds (negative: all early).
    worst_overrun_ms: Option<f64>,
    /// The most resident memory above `Hash` seen in any engine, in MiB (negative: every
    /// engine stayed below its table's size, whose pages are only touched as they are used).
    worst_rss_over_hash: i64,
    /// That engine's `Hash` and peak.
    worst_rss: (u64, u64),
}

/// Why a game ended early for one side.
enum Fault {
    Crash,
    Illegal(String),
    /// Over by how much, with the clock it had and how the move was asked for.
    TimeLoss(Duration, Duration, &'static str),
    Unanswered(&'static str),
}

/// An engine process with its output read on a thread.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    hash: u64,
    /// The largest `Hash` the process has held: its peak memory is measured against it.
    largest_hash: u64,
    ponder: bool,
}

impl Engine {
    fn start(path: &str, variant: Variant, rng: &mut Rng) -> Result<Engine, Fault> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|_| Fault::Crash)?;
        let stdin = child.stdin.take().ok_or(Fault::Crash)?;
        let stdout = child.stdout.take().ok_or(Fault::Crash)?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            hash: 16,
            largest_hash: 16,
            ponder: false,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(5))?;
        engine.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.name()
        ))?;
        engine.change_options(rng, 100)?;
        Ok(engine)
    }

    /// Sets each option to a random value with `percent` chance, as a user between games.
    /// Returns how many changed.
    fn change_options(&mut self, rng: &mut Rng, percent: u64) -> Result<u32, Fault> {
        let mut changed = 0;
        if rng.chance(percent) {
            // Mostly small tables, now and then a big one.
            self.hash = if rng.chance(20) {
                256 + rng.below(769)
            } else {
                1 + rng.below(128)
            };
            self.largest_hash = self.largest_hash.max(self.hash);
            self.send(&format!("setoption name Hash value {}", self.hash))?;
            changed += 1;
        }
        if rng.chance(percent) {
            self.ponder = rng.chance(50);
            self.send(&format!("setoption name Ponder value {}", self.ponder))?;
            changed += 1;
        }
        for (name, most) in [("Threads", 4), ("MultiPV", 3)] {
            if rng.chance(percent) {
                let value = 1 + rng.below(most);
                self.send(&format!("setoption name {name} value {value}"))?;
                changed += 1;
            }
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(5))?;
        Ok(changed)
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Fault::Crash)
    }

    /// Reads up to a line starting with `prefix`; an error line is a fault too.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, Fault> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(line) if line.starts_with("info string error") => {
                    return Err(Fault::Illegal(line));
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Unanswered(if prefix == "bestmove" {
                        "go"
                    } else {
                        "isready"
                    }));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash),
            }
        }
    }

    /// The peak resident memory of the process in MiB (Linux), if known.
    fn peak_rss_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib / 1024)
    }

    fn quit(mut self) -> bool {
        let _ = self.send("quit");
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        false
    }
}

/// `bestmove X [ponder Y]` → (X, Y).
fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let mut words = line.split_whitespace().skip(1);
    let best = words.next().unwrap_or("").to_string();
    let ponder = match (words.next(), words.next()) {
        (Some("ponder"), Some(p)) => Some(p.to_string()),
        _ => None,
    };
    (best, ponder)
}

/// A legal position of `G` some random moves into a game, for jumps in the middle of a search.
fn random_fen<G: Game>(rng: &mut Rng) -> String {
    let mut record = Record::<G>::startpos(DrawRules::default());
    for _ in 0..rng.below(30) {
        let moves = record.legal_moves();
        if moves.is_empty() || record.result() != GameResult::Ongoing {
            break;
        }
        record.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
    }
    record.fen()
}

/// Plays one game; returns its result, and the fault that ended it if any.
/// A timed move: the time it took, the time it was given, and whether by `go movetime`.
type Timed = (Duration, Duration, bool);

/// An engine's answer: its move, the reply it expects, and the timing if the move was timed.
type Answer = (String, Option<String>, Option<Timed>);

/// Plays one game between `engines` (started if empty, after a random share of option
/// changes otherwise) and adds it to `tally`. After a fault the engines are shut down and
/// `engines` left empty, so the next game starts fresh ones.
fn play_game<G: Game>(
    settings: &Settings,
    engines: &mut Vec<Engine>,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    if engines.is_empty() {
        for _ in 0..2 {
            match Engine::start(&settings.engine, Variant::of::<G>(), rng) {
                Ok(engine) => engines.push(engine),
                Err(fault) => {
                    record_fault(tally, fault, 0);
                    for engine in engines.drain(..) {
                        engine.quit();
                    }
                    return;
                }
            }
        }
    } else {
        for (side, engine) in engines.iter_mut().enumerate() {
            match engine.change_options(rng, 25) {
                Ok(changed) => tally.option_changes += changed,
                Err(fault) => {
                    record_fault(tally, fault, side);
                    for engine in engines.drain(..) {
                        engine.quit();
                    }
                    return;
                }
            }
        }
    }
    let mut record = Record::<G>::startpos(DrawRules::default());
    // A few random moves, so that no two games are alike.
    for _ in 0..rng.below(5) {
        let moves = record.legal_moves();
        if moves.is_empty() {
            break;
        }
        record.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
    }
    let start_fen = record.fen();
    let mut texts: Vec<String> = Vec::new();
    let mut clocks = [Duration::from_millis(settings.base_ms); 2];
    let increment = Duration::from_millis(settings.increment_ms);
    // The move each engine expects from its opponent, when it has said.
    let mut expected: [Option<String>; 2] = [None, None];
    let mut fault = None;
    while record.result() == GameResult::Ongoing && texts.len() < settings.max_plies {
        let side = texts.len() % 2;
        let waiting = 1 - side;
        let position = |texts: &[String]| {
            if texts.is_empty() {
                format!("position fen {start_fen}")
            } else {
                format!("position fen {start_fen} moves {}", texts.join(" "))
            }
        };
        let go_clock = |clocks: &[Duration; 2]| {
            let (white, black) =
                if G::side_to_move(record.position()) == damka_rules::types::Side::White {
                    (clocks[side], clocks[waiting])
                } else {
                    (clocks[waiting], clocks[side])
                };
            format!(
                "wtime {} btime {} winc {} binc {}",
                white.as_millis(),
                black.as_millis(),
                increment.as_millis(),
                increment.as_millis()
            )
        };
        // The waiting engine ponders on the reply it expects.
        let mut pondering = false;
        if engines[waiting].ponder
            && let Some(guess) = expected[waiting].clone()
        {
            let mut line = texts.clone();
            line.push(guess);
            let go = format!("go ponder {}", go_clock(&clocks));
            let sent = engines[waiting]
                .send(&position(&line))
                .and_then(|()| engines[waiting].send(&go));
            if let Err(f) = sent {
                fault = Some((f, waiting));
                break;
            }
            pondering = true;
        }
        let engine = &mut engines[side];
        let result = (|| -> Result<Answer, Fault> {
            let roll = rng.below(100);
            if roll < 6 {
                // A jump to another position in the middle of a search.
                tally.jumps += 1;
                engine.send(&format!("position fen {}", random_fen::<G>(rng)))?;
                engine.send("go infinite")?;
                std::thread::sleep(Duration::from_millis(rng.below(30)));
                let sent = Instant::now();
                engine.send(&position(&texts))?;
                engine.wait_for("bestmove", Duration::from_secs(2))?;
                note_stop(tally, sent.elapsed());
            }
            if (6..12).contains(&roll) {
                // An infinite search stopped after a few milliseconds: its move is played.
                engine.send(&position(&texts))?;
                engine.send("go infinite")?;
                std::thread::sleep(Duration::from_millis(1 + rng.below(50)));
                let sent = Instant::now();
                engine.send("stop")?;
                let line = engine.wait_for("bestmove", Duration::from_secs(2))?;
                note_stop(tally, sent.elapsed());
                let (best, ponder) = parse_bestmove(&line);
                return Ok((best, ponder, None));
            }
            engine.send(&position(&texts))?;
            // A fifth of the moves by move time, the rest on the clock.
            let (go, asked) = if rng.chance(20) {
                let movetime = Duration::from_millis(20 + rng.below(131));
                (format!("go movetime {}", movetime.as_millis()), movetime)
            } else {
                (format!("go {}", go_clock(&clocks)), clocks[side])
            };
            let sent = Instant::now();
            engine.send(&go)?;
            let line = engine.wait_for("bestmove", asked + Duration::from_secs(2))?;
            let (best, ponder) = parse_bestmove(&line);
            Ok((
                best,
                ponder,
                Some((sent.elapsed(), asked, go.starts_with("go movetime"))),
            ))
        })();
        let (best, ponder, timed) = match result {
            Ok(answer) => answer,
            Err(f) => {
                fault = Some((f, side));
                break;
            }
        };
        if let Some((used, asked, by_movetime)) = timed {
            note_overrun(tally, used, asked);
            if used > asked + settings.margin {
                log(&format!("position of the time loss: {}", record.fen()));
                let how = if by_movetime { "go movetime" } else { "go" };
                fault = Some((Fault::TimeLoss(used - asked, asked, how), side));
                break;
            }
            if !by_movetime {
                clocks[side] = clocks[side].saturating_sub(used) + increment;
            }
        }
        if let Err(e) = record.play_text(&best) {
            fault = Some((Fault::Illegal(format!("{best}: {e}")), side));
            break;
        }
        texts.push(best.clone());
        tally.moves += 1;
        expected[side] = ponder;
        if pondering && record.result() != GameResult::Ongoing {
            // The game is over: the ponder search is stopped and its move thrown away.
            let engine = &mut engines[waiting];
            let sent = Instant::now();
            let stopped = engine
                .send("stop")
                .and_then(|()| engine.wait_for("bestmove", Duration::from_secs(2)));
            match stopped {
                Ok(_) => note_stop(tally, sent.elapsed()),
                Err(f) => fault = Some((f, waiting)),
            }
            break;
        }
        // The pondering engine hears the move: a hit continues the search on its clock, a
        // miss stops it (its move is thrown away, as a GUI would).
        if pondering {
            let hit = expected[waiting].as_deref() == Some(best.as_str());
            let engine = &mut engines[waiting];
            let sent = Instant::now();
            let outcome = if hit {
                tally.ponderhits += 1;
                engine.send("ponderhit").and_then(|()| {
                    engine.wait_for("bestmove", clocks[waiting] + Duration::from_secs(2))
                })
            } else {
                engine
                    .send("stop")
                    .and_then(|()| engine.wait_for("bestmove", Duration::from_secs(2)))
            };
            match outcome {
                Ok(line) if hit => {
                    let used = sent.elapsed();
                    note_overrun(tally, used, clocks[waiting]);
                    if used > clocks[waiting] + settings.margin {
                        log(&format!("position of the time loss: {}", record.fen()));
                        let over = used - clocks[waiting];
                        fault =
                            Some((Fault::TimeLoss(over, clocks[waiting], "ponderhit"), waiting));
                        break;
                    }
                    clocks[waiting] = clocks[waiting].saturating_sub(used) + increment;
                    let (best, ponder) = parse_bestmove(&line);
                    if let Err(e) = record.play_text(&best) {
                        fault = Some((Fault::Illegal(format!("{best}: {e}")), waiting));
                        break;
                    }
                    texts.push(best);
                    tally.moves += 1;
                    expected[waiting] = ponder;
                }
                Ok(_) => note_stop(tally, sent.elapsed()),
                Err(f) => {
                    fault = Some((f, waiting));
                    break;
                }
            }
        }
    }
    // Both engines must still answer, and their memory is measured before they quit.
    for engine in engines.iter_mut() {
        if fault.is_none() {
            let ready = engine
                .send("isready")
                .and_then(|()| engine.wait_for("readyok", Duration::from_secs(2)));
            if let Err(f) = ready {
                fault = Some((f, 0));
            }
        }
        if let Some(peak) = engine.peak_rss_mib() {
            let over = peak as i64 - engine.largest_hash as i64;
            if over > tally.worst_rss_over_hash {
                tally.worst_rss_over_hash = over;
                tally.worst_rss = (engine.largest_hash, peak);
            }
        }
    }
    if fault.is_some() {
        for engine in engines.drain(..) {
            engine.quit();
        }
    }
    tally.games += 1;
    match fault {
        Some((f, side)) => record_fault(tally, f, side),
        None => match record.result() {
            GameResult::Win(damka_rules::types::Side::White) => tally.white_wins += 1,
            GameResult::Win(damka_rules::types::Side::Black) => tally.black_wins += 1,
            _ => tally.draws += 1,
        },
    }
}

/// Keeps the largest `used - asked` of a timed move.
fn note_overrun(tally: &mut Tally, used: Duration, asked: Duration) {
    let over = (used.as_secs_f64() - asked.as_secs_f64()) * 1000.0;
    tally.worst_overrun_ms = Some(tally.worst_overrun_ms.map_or(over, |worst| worst.max(over)));
}

fn note_stop(tally: &mut Tally, latency: Duration) {
    tally.stops += 1;
    tally.worst_stop = tally.worst_stop.max(latency);
}

fn record_fault(tally: &mut Tally, fault: Fault, side: usize) {
    match fault {
        Fault::Crash => {
            tally.crashes += 1;
            log(&format!("engine {side} crashed"));
        }
        Fault::Illegal(what) => {
            tally.illegal_moves += 1;
            log(&format!("engine {side}: illegal or refused: {what}"));
        }
        Fault::TimeLoss(over, clock, how) => {
            tally.time_losses += 1;
            log(&format!(
                "engine {side} lost on time by {over:?} with {clock:?} left (after {how})"
            ));
        }
        Fault::Unanswered(what) => {
            tally.unanswered += 1;
            log(&format!("engine {side} left a '{what}' unanswered"));
        }
    }
}

fn log(line: &str) {
    eprintln!("soak: {line}");
}

/// The one-minute load average (Linux), if known.
fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn report(variant: Variant, t: &Tally) -> String {
    format!(
        "{:<16} games {:>4} (+{} ={} -{})  moves {}  crashes {}  illegal {}  time losses {}  \
         unanswered {}  stops {} (worst {:.1} ms)  worst overrun {:+.1} ms  ponderhits {}  \
         jumps {}  option changes {}  peak RSS - Hash {} MiB (Hash {} MiB, peak {} MiB)  load {}",
        variant.name(),
        t.games,
        t.white_wins,
        t.draws,
        t.black_wins,
        t.moves,
        t.crashes,
        t.illegal_moves,
        t.time_losses,
        t.unanswered,
        t.stops,
        t.worst_stop.as_secs_f64() * 1000.0,
        t.worst_overrun_ms.unwrap_or(0.0),
        t.ponderhits,
        t.jumps,
        t.option_changes,
        t.worst_rss_over_hash,
        t.worst_rss.0,
        t.worst_rss.1,
        load_average().map_or("?".to_string(), |l| format!("{l:.1}"))
    )
}

fn main() -> std::process::ExitCode {
    let settings = match settings() {
        Ok(settings) => settings,
        Err(e) => {
            log(&e);
            return std::process::ExitCode::from(2);
        }
    };
    let mut rng = Rng(settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let total = settings.games as usize * settings.variants.len();
    let started = Instant::now();
    let mut last_progress = Instant::now();
    let mut done = 0;
    let mut failures = 0;
    let mut lines = Vec::new();
    let spinning = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    for _ in 0..settings.load {
        let spinning = spinning.clone();
        std::thread::spawn(move || {
            let mut x = 0u64;
            while spinning.load(std::sync::atomic::Ordering::Relaxed) {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        });
    }
    if settings.load > 0 {
        log(&format!(
            "{} CPU-bound threads spinning beside the engines",
            settings.load
        ));
    }
    for &variant in &settings.variants {
        // Below any real value, so that an engine using less than its Hash shows as negative.
        let mut tally = Tally {
            worst_rss_over_hash: i64::MIN,
            ..Tally::default()
        };
        let mut engines = Vec::new();
        for _ in 0..settings.games {
            with_game!(variant, G => play_game::<G>(&settings, &mut engines, &mut rng, &mut tally));
            done += 1;
            if last_progress.elapsed() > Duration::from_secs(5) || done == total {
                last_progress = Instant::now();
                let per_game = started.elapsed() / done as u32;
                log(&format!(
                    "{done}/{total} games, {:.0} s left",
                    (per_game * (total - done) as u32).as_secs_f64()
                ));
            }
        }
        for engine in engines {
            engine.quit();
        }
        failures += tally.crashes + tally.illegal_moves + tally.time_losses + tally.unanswered;
        let line = report(variant, &tally);
        println!("{line}");
        lines.push(line);
    }
    if failures == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
