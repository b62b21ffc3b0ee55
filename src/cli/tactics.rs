//! `damka tactics`: the tactics suite, positions with a forced win proved by plain minimax,
//! put to an engine through its UCI-style protocol at a fixed node count or depth. Any build
//! of damka (or any engine of the protocol) can be measured, so a search change is judged by
//! the positions it solves and the nodes each needs, beside the games it wins.
//!
//! A position is solved when the engine plays one of its winning moves; it is stopped early
//! once it reports a forced win (a mate score) along one of them.
//!
//! The built-in suite is Russian (`tactics/russian.txt`, made by the `make_tactics` example).
//! Each line is `FEN; bm <winning moves>; kind <kind>; <proof>`; `#` starts a comment.

use crate::matchplay::engine_process::{
    EngineCommand, EngineError, EngineProcess, EngineScore, parse_info,
};
use crate::output;
use damka_rules::games::Variant;
use std::time::{Duration, Instant};

/// The Russian suite compiled in.
pub const RUSSIAN_SUITE: &str = include_str!("tactics/russian.txt");

/// How long an engine may take to start or to answer `isready`.
const HANDSHAKE: Duration = Duration::from_secs(20);
/// How long one position may take at most, whatever the limit.
const POSITION_TIMEOUT: Duration = Duration::from_secs(300);

/// Arguments of `damka tactics`.
#[derive(clap::Args, Clone, Debug)]
pub struct TacticsArgs {
    /// The engine to test, a command line (default: this damka, with no arguments).
    #[arg(long, value_name = "COMMAND")]
    pub engine: Option<String>,
    /// An option for the engine, `name=value` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// A suite file (default: the built-in Russian suite).
    #[arg(long, value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// The game of the suite's positions.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Nodes per position (the default limit: 1000000).
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Depth per position instead of a node count.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
}

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The position.
    pub fen: String,
    /// The moves that win, as the engine writes them.
    pub best: Vec<String>,
    /// `ending`, `sacrifice`, `counters`, `shot` or whatever the file says.
    pub kind: String,
    /// How the win was proved (`mate 9`, `gain 100; plies 9`).
    pub proof: String,
}

/// Reads a suite: one case per line, blank lines and `#` comments skipped. A line without a
/// FEN or a `bm` is an error naming the line.
pub fn parse_suite(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap_or("").to_string();
        let mut case = Case {
            fen,
            best: Vec::new(),
            kind: "position".to_string(),
            proof: String::new(),
        };
        let mut proof = Vec::new();
        for field in fields {
            let (key, value) = field.split_once(' ').unwrap_or((field, ""));
            match key {
                "bm" => case.best = value.split_whitespace().map(str::to_string).collect(),
                "kind" => case.kind = value.trim().to_string(),
                _ => proof.push(field),
            }
        }
        case.proof = proof.join("; ");
        if case.fen.is_empty() || case.best.is_empty() {
            return Err(format!(
                "line {}: a case is 'FEN; bm <moves>; ...', not '{line}'",
                number + 1
            ));
        }
        cases.push(case);
    }
    Ok(cases)
}

/// What the engine made of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move it played (`None`: no move, or the position was refused).
    pub played: Option<String>,
    /// Whether the move is one of the winning ones.
    pub solved: bool,
    /// The depth and nodes of the first report from which on the principal variation began
    /// with a winning move, when it was solved.
    pub needed: Option<(u32, u64)>,
    /// The engine's complaint about the position, if it refused it.
    pub refused: Option<String>,
}

/// Puts one case to a running engine under the `go` line.
pub fn solve(engine: &mut EngineProcess, case: &Case, go: &str) -> Result<Answer, EngineError> {
    engine.send(&format!("position fen {}", case.fen))?;
    engine.send("isready")?;
    let deadline = Instant::now() + HANDSHAKE;
    let mut refused = None;
    loop {
        let (_, line) = engine.recv(deadline, "readyok")?;
        if line == "readyok" {
            break;
        }
        if let Some(error) = line.strip_prefix("info string error") {
            refused = Some(error.trim_start_matches(':').trim().to_string());
        }
    }
    if let Some(refused) = refused {
        return Ok(Answer {
            played: None,
            solved: false,
            needed: None,
            refused: Some(refused),
        });
    }
    engine.send(go)?;
    let deadline = Instant::now() + POSITION_TIMEOUT;
    // The first report of the run of reports, up to the last, whose line starts with a winning
    // move.
    let mut since: Option<(u32, u64)> = None;
    let mut stopped = false;
    loop {
        let (_, line) = engine.recv(deadline, "bestmove")?;
        if let Some(rest) = line.strip_prefix("bestmove") {
            let played = rest.split_whitespace().next().filter(|m| *m != "(none)");
            let solved = played.is_some_and(|m| case.best.iter().any(|b| b == m));
            return Ok(Answer {
                played: played.map(str::to_string),
                solved,
                needed: if solved { since } else { None },
                refused: None,
            });
        }
        if !line.starts_with("info ") {
            continue;
        }
        let info = parse_info(&line);
        let (Some(first), Some(depth), Some(nodes)) = (info.first_move, info.depth, info.nodes)
        else {
            continue;
        };
        if info.multipv.unwrap_or(1) != 1 {
            continue;
        }
        let winning = case.best.contains(&first);
        since = match (winning, since) {
            (false, _) => None,
            (true, Some(kept)) => Some(kept),
            (true, None) => Some((depth, nodes)),
        };
        // A forced win found along a winning move is the answer: no need to search on.
        if winning && matches!(info.score, Some(EngineScore::Mate(m)) if m > 0) && !stopped {
            engine.send("stop")?;
            stopped = true;
        }
    }
}

/// `damka tactics`: one line per position, then `solved N of M` with the count per kind and
/// the nodes the solved positions needed.
pub fn run(args: TacticsArgs) -> Result<(), String> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        None if args.variant == Variant::Russian => RUSSIAN_SUITE.to_string(),
        None => {
            return Err(format!(
                "no built-in tactics suite for {}: give one with --file",
                args.variant
            ));
        }
    };
    let cases = parse_suite(&text)?;
    let mut command = match &args.engine {
        Some(line) => EngineCommand::parse(line)?,
        None => EngineCommand {
            program: std::env::current_exe()
                .map_err(|e| format!("cannot find this program: {e}"))?
                .display()
                .to_string(),
            ..EngineCommand::default()
        },
    };
    if args.variant != Variant::Russian {
        command.add_option(&format!("UCI_Variant={}", args.variant))?;
    }
    for option in &args.options {
        command.add_option(option)?;
    }
    let go = match (args.depth, args.nodes) {
        (Some(depth), _) => format!("go depth {depth}"),
        (None, nodes) => format!("go nodes {}", nodes.unwrap_or(1_000_000)),
    };
    let mut engine = EngineProcess::start(&command, HANDSHAKE).map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    let started = Instant::now();
    for (index, case) in cases.iter().enumerate() {
        engine
            .send("ucinewgame")
            .map_err(|e| format!("position {}: {e}", index + 1))?;
        let answer =
            solve(&mut engine, case, &go).map_err(|e| format!("position {}: {e}", index + 1))?;
        output::line(&describe(index + 1, case, &answer));
        tally.add(case, &answer);
        if started.elapsed() > Duration::from_secs(5) && (index + 1) % 20 == 0 {
            eprintln!("tactics: {}/{} positions", index + 1, cases.len());
        }
    }
    engine.quit();
    for line in tally.summary(&go) {
        output::line(&line);
    }
    Ok(())
}

/// One position's line: `ok`/`missed`/`refused`, what it needed, the move and the case.
fn describe(number: usize, case: &Case, answer: &Answer) -> String {
    let head = match (&answer.refused, answer.solved, answer.needed) {
        (Some(_), _, _) => "refused".to_string(),
        (None, true, Some((depth, nodes))) => format!("ok      depth {depth:>2} nodes {nodes:>9}"),
        (None, true, None) => "ok      (no report)".to_string(),
        (None, false, _) => "missed".to_string(),
    };
    let played = answer.played.as_deref().unwrap_or("(none)");
    let mut line = format!(
        "{number:>3} {head:<34} {played:<10} bm {:<12} {:<9} {}",
        case.best.join(" "),
        case.kind,
        case.fen
    );
    if let Some(refused) = &answer.refused {
        line.push_str(&format!("  ({refused})"));
    }
    line
}

/// The counts of a run, per kind in the order the kinds first came.
#[derive(Default)]
struct Tally {
    kinds: Vec<(String, usize, usize)>,
    solved: usize,
    total: usize,
    nodes: Vec<u64>,
}

impl Tally {
    fn add(&mut self, case: &Case, answer: &Answer) {
        let index = match self.kinds.iter().position(|(k, _, _)| *k == case.kind) {
            Some(index) => index,
            None => {
                self.kinds.push((case.kind.clone(), 0, 0));
                self.kinds.len() - 1
            }
        };
        self.kinds[index].2 += 1;
        self.total += 1;
        if answer.solved {
            self.kinds[index].1 += 1;
            self.solved += 1;
            if let Some((_, nodes)) = answer.needed {
                self.nodes.push(nodes);
            }
        }
    }

    fn summary(&self, go: &str) -> Vec<String> {
        let kinds: Vec<String> = self
            .kinds
            .iter()
            .map(|(kind, solved, total)| format!("{kind} {solved}/{total}"))
            .collect();
        let mut nodes = self.nodes.clone();
        nodes.sort_unstable();
        let median = nodes.get(nodes.len() / 2).copied().unwrap_or(0);
        let worst = nodes.last().copied().unwrap_or(0);
        vec![
            format!(
                "nodes to solve ({go}): total {}, median {median}, most {worst}",
                nodes.iter().sum::<u64>()
            ),
            format!(
                "solved {} of {} ({})",
                self.solved,
                self.total,
                kinds.join(", ")
            ),
        ]
    }
}
