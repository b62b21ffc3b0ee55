//! `damka match`: the command-line face of the match runner. Parses the arguments, checks both
//! engines, plays the match with progress on stderr, and writes the final report to stdout.

use super::GameArgs;
use crate::interrupt;
use crate::matchplay::engine_process::EngineCommand;
use crate::matchplay::referee::{
    DEFAULT_TIME_MARGIN, DrawAdjudication, RefereeConfig, TimeControl, WinAdjudication,
};
use crate::matchplay::runner::{
    self, FinishedGame, MatchConfig, MatchEngine, MatchSummary, PlayedGame,
};
use crate::matchplay::stats::{Sprt, SprtStatus};
use crate::output;
use damka_engine::openings::{self, Opening};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `damka match`.
#[derive(clap::Args, Clone, Debug)]
pub struct MatchArgs {
    /// Engine 1's command line, split on white space (its score is the one reported); prefix
    /// `hub:` for a Hub engine, or give `dxp:HOST:PORT` for a DXP follower.
    #[arg(long, value_name = "COMMAND")]
    pub engine1: String,
    /// Engine 2's command line, split on white space; prefix `hub:` for a Hub engine, or give
    /// `dxp:HOST:PORT` for a DXP follower.
    #[arg(long, value_name = "COMMAND")]
    pub engine2: String,
    /// Engine 1's name in the PDN and the report (default: its `id name`).
    #[arg(long)]
    pub name1: Option<String>,
    /// Engine 2's name in the PDN and the report (default: its `id name`).
    #[arg(long)]
    pub name2: Option<String>,
    /// An option for engine 1, sent as `setoption` (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option1: Vec<String>,
    /// An option for engine 2, sent as `setoption` (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option2: Vec<String>,
    /// An option for both engines (repeatable; sent before the per-engine ones).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option: Vec<String>,
    /// Russian endgame databases for both engines (`EGDBPath=DIR`; to match with against
    /// without, give `--option1 EGDBPath=DIR` instead).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<PathBuf>,
    /// Games to play (with --sprt: at most; default 100, or 20000 with --sprt).
    #[arg(long)]
    pub games: Option<u32>,
    /// Games played at once (default: the available cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS", conflicts_with_all = ["tc", "depth", "nodes"])]
    pub movetime: Option<u64>,
    /// A real clock per side, BASE+INC in seconds (default 10+0.1), or MOVES/BASE+INC for
    /// BASE seconds every MOVES moves (`go` then gives `movestogo`); a flag fall loses.
    #[arg(long, value_name = "[MOVES/]BASE+INC", conflicts_with_all = ["depth", "nodes"])]
    pub tc: Option<String>,
    /// Time odds for engine 1: its move time, or clock and increment, times this factor
    /// (e.g. 2 to measure what twice the time is worth).
    #[arg(long, value_name = "FACTOR", default_value_t = 1.0)]
    pub time_odds1: f64,
    /// Time odds for engine 2, as for engine 1.
    #[arg(long, value_name = "FACTOR", default_value_t = 1.0)]
    pub time_odds2: f64,
    /// Fixed search depth per move (no clock).
    #[arg(long, conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Fixed node count per move (no clock).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Extra think time in milliseconds tolerated beyond the clock or the move time before a
    /// move loses on time: covers the scheduling delays of a busy machine.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_TIME_MARGIN.as_millis() as u64)]
    pub time_margin: u64,
    /// The opening book (default: the balanced openings built into damka).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Shuffle the openings with this seed; 0 plays them in file order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop as soon as the SPRT of elo0 against elo1 decides: `elo0,elo1[,alpha,beta]`.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<String>,
    /// Draw when both engines' scores stay within ±CP for MOVES moves each, from move FROM.
    #[arg(long, value_name = "FROM,MOVES,CP")]
    pub adjudicate_draw: Option<String>,
    /// Win when both engines agree on a score beyond ±CP for MOVES moves each.
    #[arg(long, value_name = "MOVES,CP")]
    pub adjudicate_win: Option<String>,
    /// The PDN file every game is appended to.
    #[arg(long, value_name = "FILE", default_value = "match.pdn")]
    pub pdn: PathBuf,
    /// Go on with a match stopped before: the games of this match already in the PDN file
    /// (same event, engine names, game and clock; the same `--seed` and book give each game
    /// number its opening) are counted and not played again, the rest up to --games are played.
    #[arg(long)]
    pub resume: bool,
    /// The PDN Event tag.
    #[arg(long, default_value = "damka match")]
    pub event: String,
    /// The game (`--variant`), and its options: those that change the start (Ugolki's
    /// `--house`) choose the built-in book's start, the others are given to both engines.
    #[command(flatten)]
    pub game: GameArgs,
    /// Keep each engine running from one game to the next instead of starting it afresh for
    /// every game (for engines slow to start, e.g. with large endgame databases); an engine
    /// that crashed, lost on time or sent a bad move is still replaced.
    #[arg(long)]
    pub keep_engines: bool,
}

/// How long an engine may take to start, to answer `isready`, or to move under depth and
/// node limits.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

fn time_control(args: &MatchArgs) -> Result<TimeControl, String> {
    Ok(match (args.movetime, &args.tc, args.depth, args.nodes) {
        (Some(ms), ..) if ms > 0 => TimeControl::MoveTime(Duration::from_millis(ms)),
        (Some(_), ..) => return Err("--movetime must be above 0".to_string()),
        (_, Some(tc), ..) => TimeControl::parse_clock(tc)?,
        (_, _, Some(depth), _) => TimeControl::Depth(depth),
        (_, _, _, Some(nodes)) => TimeControl::Nodes(nodes),
        _ => TimeControl::parse_clock("10+0.1")?,
    })
}

/// Fisher–Yates with a small xorshift generator: the same seed gives the same order everywhere.
fn shuffle(openings: &mut [Opening], seed: u64) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..openings.len()).rev() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        openings.swap(i, (r % (i as u64 + 1)) as usize);
    }
}

fn engine_command(line: &str, common: &[String], own: &[String]) -> Result<EngineCommand, String> {
    let mut command = EngineCommand::parse(line)?;
    for option in common.iter().chain(own) {
        command.add_option(option)?;
    }
    Ok(command)
}

/// The game options that change how the game is searched, as `Name=value` for both engines
/// (an option that changes the start reaches them in the openings' FENs instead).
fn search_options(game: &GameArgs) -> Vec<String> {
    let options = game.search_options().into_iter();
    options
        .map(|(option, value)| format!("{}={value}", option.name))
        .collect()
}

/// `damka match`.
pub fn run(args: MatchArgs) -> Result<(), String> {
    let time = time_control(&args)?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let mut referee = RefereeConfig::new(time);
    referee.variant = args.game.variant;
    referee.margin = Duration::from_millis(args.time_margin);
    referee.reply_timeout = REPLY_TIMEOUT;
    for odds in [args.time_odds1, args.time_odds2] {
        if !(odds > 0.0 && odds <= 100.0) {
            return Err(format!(
                "time odds {odds} are not between 0 (excluded) and 100"
            ));
        }
    }
    referee.time_odds = [args.time_odds1, args.time_odds2];
    referee.adjudicate_draw = args
        .adjudicate_draw
        .as_deref()
        .map(DrawAdjudication::parse)
        .transpose()?;
    referee.adjudicate_win = args
        .adjudicate_win
        .as_deref()
        .map(WinAdjudication::parse)
        .transpose()?;

    let (book, source) = match &args.openings {
        Some(path) => (
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            path.display().to_string(),
        ),
        None => (
            openings::builtin_with(args.game.variant, &args.game.setup),
            "built-in".to_string(),
        ),
    };
    let mut book =
        openings::parse(&book, args.game.variant).map_err(|e| format!("{source}: {e}"))?;
    if book.is_empty() {
        return Err(format!("{source}: no openings"));
    }
    if args.seed != 0 {
        shuffle(&mut book, args.seed);
    }

    let mut common = search_options(&args.game);
    common.extend(args.option.iter().cloned());
    if let Some(dir) = &args.egdb {
        common.insert(0, format!("EGDBPath={}", dir.display()));
    }
    let commands = [
        engine_command(&args.engine1, &common, &args.option1)?,
        engine_command(&args.engine2, &common, &args.option2)?,
    ];
    let mut names = [args.name1.clone(), args.name2.clone()];
    for (i, command) in commands.iter().enumerate() {
        let info = runner::probe(command, args.game.variant, Duration::from_secs(10))
            .map_err(|e| format!("engine{} ({}): {e}", i + 1, command.display()))?;
        for (name, _) in &command.options {
            if !info
                .option_names
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name))
            {
                eprintln!(
                    "warning: engine{} does not list an option named '{name}'",
                    i + 1
                );
            }
        }
        if names[i].is_none() {
            names[i] = Some(info.id_name.unwrap_or_else(|| command.program.clone()));
        }
    }
    let [mut name1, mut name2] = names.map(|n| n.unwrap_or_default());
    if name1 == name2 {
        name1.push_str(" #1");
        name2.push_str(" #2");
    }

    let games = args
        .games
        .unwrap_or(if sprt.is_some() { 20_000 } else { 100 });
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut config = MatchConfig {
        engines: [
            MatchEngine {
                command: commands[0].clone(),
                name: name1.clone(),
            },
            MatchEngine {
                command: commands[1].clone(),
                name: name2.clone(),
            },
        ],
        games,
        concurrency,
        openings: book,
        referee,
        sprt,
        event: args.event.clone(),
        pdn: Some(args.pdn.clone()),
        keep_engines: args.keep_engines,
        resumed: Vec::new(),
    };
    if args.resume {
        config.resumed = resumed_games(&args.pdn, &config)?;
    }
    eprintln!(
        "match: {name1} vs {name2}, {games} games at most, {time}, {concurrency} at once, {} {source} openings, PDN to {}",
        config.openings.len(),
        args.pdn.display()
    );
    let clock = MatchClock {
        start: Instant::now(),
        resumed: config.resumed.len() as u32,
    };
    let mut progress = |game: &FinishedGame, summary: &MatchSummary| {
        eprintln!("{}", progress_line(game, summary, &config, &clock));
    };
    interrupt::install("match: interrupted; abandoning the games in progress")?;
    let summary = runner::run(&config, &mut progress)?;
    if interrupt::requested() {
        eprintln!(
            "match: interrupted after {} finished games (all in {})",
            summary.tally.games(),
            args.pdn.display()
        );
    }
    for line in report(&summary, &config) {
        output::line(&line);
    }
    if interrupt::requested() {
        std::process::exit(interrupt::EXIT_STATUS);
    }
    Ok(())
}

/// The games of `config` already in the PDN file at `path` (none if there is no file yet),
/// said on stderr.
fn resumed_games(path: &std::path::Path, config: &MatchConfig) -> Result<Vec<PlayedGame>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let played =
        runner::played_games(&text, config).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "match: resuming: {} games of this match already in {} ({})",
        played.len(),
        path.display(),
        MatchSummary::of_played(&played).tally
    );
    Ok(played)
}

/// A number to two places, without the sign of a value that rounds to zero.
fn two_places(x: f64) -> String {
    let x = if x.abs() < 0.005 { 0.0 } else { x };
    format!("{x:.2}")
}

/// The running totals as one line: `+W =D -L, score, Elo, LLR`.
fn totals(summary: &MatchSummary, config: &MatchConfig) -> String {
    let tally = &summary.tally;
    let mut text = format!("{tally} {:.1}%", 100.0 * tally.score());
    if let Some(elo) = tally.elo() {
        text.push_str(&format!(" Elo {elo}"));
    }
    if let (Some(sprt), Some((llr, _))) = (&config.sprt, summary.sprt) {
        text.push_str(&format!(
            " LLR {} [{:.2}, {:.2}]",
            two_places(llr),
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    text
}

/// When this run of the match began, and how many of its games an earlier run had played.
struct MatchClock {
    start: Instant,
    resumed: u32,
}

impl MatchClock {
    /// The time the games not yet played will take at this run's pace so far, once `done`
    /// of `total` games are over.
    fn left(&self, done: u32, total: u32) -> Duration {
        let played_now = done.saturating_sub(self.resumed);
        if played_now == 0 {
            return Duration::ZERO;
        }
        self.start.elapsed() / played_now * total.saturating_sub(done)
    }
}

/// A duration to the nearest second, minute or minute and hour: `40 s`, `12 min`, `2 h 05 min`.
fn rough(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..90 => format!("{seconds} s"),
        90..5400 => format!("{} min", (seconds + 30) / 60),
        _ => {
            let minutes = (seconds + 30) / 60;
            format!("{} h {:02} min", minutes / 60, minutes % 60)
        }
    }
}

fn progress_line(
    game: &FinishedGame,
    summary: &MatchSummary,
    config: &MatchConfig,
    clock: &MatchClock,
) -> String {
    let names = [&config.engines[0].name, &config.engines[1].name];
    let (white, black) = (
        names[game.engine_of(damka_rules::types::Side::White)],
        names[game.engine_of(damka_rules::types::Side::Black)],
    );
    let done = summary.tally.games();
    let left = match (done < config.games, config.sprt.is_some()) {
        (false, _) => String::new(),
        (true, sprt) => format!(
            " | {}about {} left",
            if sprt { "at most " } else { "" },
            rough(clock.left(done, config.games))
        ),
    };
    format!(
        "game {} ({white} - {black}, opening {}): {} {} | {done}/{} games: {}{left}",
        game.number,
        game.opening + 1,
        game.record.pdn_result(),
        game.record.termination,
        config.games,
        totals(summary, config),
    )
}

/// The final report, one `key: value` line each.
pub fn report(summary: &MatchSummary, config: &MatchConfig) -> Vec<String> {
    let tally = &summary.tally;
    let [e1, e2] = &config.engines;
    let mut lines = vec![
        format!("engine1: {} ({})", e1.name, e1.command.display()),
        format!("engine2: {} ({})", e2.name, e2.command.display()),
        format!(
            "games: {} ({}, engine1 white in {})",
            tally.games(),
            config.referee.time,
            summary.engine1_white_games
        ),
        format!("result: {tally} (engine1's wins, draws, losses)"),
    ];
    if tally.pair_count() > 0 {
        let [p0, p1, p2, p3, p4] = tally.pairs;
        lines.push(format!(
            "pairs: {p0} {p1} {p2} {p3} {p4} (openings where engine1 scored 0, 0.5, 1, 1.5, 2 points with both colours)"
        ));
    }
    lines.push(format!("score: {:.1}%", 100.0 * tally.score()));
    if let Some(elo) = tally.elo() {
        let basis = if tally.paired() {
            format!("95%, from {} pairs of games", tally.pair_count())
        } else {
            "95%".to_string()
        };
        lines.push(format!("elo: {elo} ({basis})"));
    }
    lines.push(format!("draws: {:.1}%", 100.0 * tally.draw_ratio()));
    if let (Some(sprt), Some((llr, status))) = (&config.sprt, summary.sprt) {
        let verdict = match status {
            SprtStatus::AcceptH1 => format!(
                "H1 accepted: engine1 is stronger (elo1={} is more likely than elo0={})",
                sprt.elo1, sprt.elo0
            ),
            SprtStatus::AcceptH0 => format!(
                "H0 accepted: engine1 is not elo1={} stronger (elo0={} is more likely)",
                sprt.elo1, sprt.elo0
            ),
            SprtStatus::Continue => "no decision yet".to_string(),
        };
        lines.push(format!(
            "sprt: {sprt} llr {} [{:.2}, {:.2}]: {verdict}",
            two_places(llr),
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    let mut endings: Vec<(&String, &u32)> = summary.terminations.iter().collect();
    endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (kind, count) in endings {
        lines.push(format!("ending: {count} {kind}"));
    }
    if let Some(path) = &config.pdn {
        lines.push(format!("pdn: {}", path.display()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_said_roughly() {
        assert_eq!(rough(Duration::from_secs(40)), "40 s");
        assert_eq!(rough(Duration::from_secs(89)), "89 s");
        assert_eq!(rough(Duration::from_secs(90)), "2 min");
        assert_eq!(rough(Duration::from_secs(725)), "12 min");
        assert_eq!(rough(Duration::from_secs(7500)), "2 h 05 min");
    }

    #[test]
    fn time_left_counts_only_the_games_of_this_run() {
        let start = Instant::now() - Duration::from_secs(100);
        let clock = MatchClock { start, resumed: 10 };
        assert_eq!(clock.left(10, 40), Duration::ZERO);
        let left = clock.left(20, 40).as_secs_f64();
        assert!((199.0..=202.0).contains(&left), "{left}");
        assert_eq!(clock.left(40, 40), Duration::ZERO);
    }

    #[test]
    fn only_options_of_the_search_are_given_to_the_engines() {
        use damka_rules::games::{self, Variant};
        use damka_rules::option::Setup;
        let option = |flag: &str| {
            let all = games::all_options();
            all.into_iter().find(|o| o.flag == flag).unwrap()
        };
        let setup = Setup::default()
            .with(&option("house"), "3x4")
            .and_then(|s| s.with(&option("fuk-russian-play"), "true"))
            .unwrap();
        let game = |setup| GameArgs {
            variant: Variant::Fuk,
            setup,
        };
        assert_eq!(search_options(&game(setup)), ["Fuk Russian Play=true"]);
        assert!(search_options(&game(Setup::default())).is_empty());
    }

    #[test]
    fn shuffling_is_a_fixed_permutation() {
        let book: Vec<Opening> = (0..20)
            .map(|i| Opening {
                fen: None,
                moves: vec![i.to_string()],
            })
            .collect();
        let mut a = book.clone();
        let mut b = book.clone();
        shuffle(&mut a, 7);
        shuffle(&mut b, 7);
        assert_eq!(a, b);
        assert_ne!(a, book);
        let mut sorted = a.clone();
        sorted.sort_by_key(|o| o.moves[0].parse::<u32>().unwrap());
        assert_eq!(sorted, book);
    }
}
