//! A whole match: `games` games between two engine commands, each opening played twice with
//! the colours swapped, `concurrency` games at a time, every game written to a PDN file as it
//! ends, stopped early when an SPRT reaches a decision.
//!
//! Each game starts its own two engine processes and ends them, so a crash, a hang or a
//! lost-on-time engine still thinking can never leak into the next game. With
//! [`MatchConfig::keep_engines`] each game thread keeps its two processes from game to game
//! instead (for engines slow to start, such as one loading large endgame databases), and
//! replaces only an engine that crashed, lost on time or sent a bad move.

use super::engine_process::{
    EngineCommand, EngineError, EngineInfo, EngineProcess, EngineProtocol,
};
use super::players;
use super::referee::{self, GameRecord, Player, RefereeConfig, Unavailable};
use super::stats::{Sprt, SprtStatus, Tally};
use crate::interrupt;
use damka_engine::openings::Opening;
use damka_rules::games::Variant;
use damka_rules::pdn::{self, PdnGame};
use damka_rules::types::Side;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// One side of the match.
#[derive(Clone, Debug)]
pub struct MatchEngine {
    /// How to start and set it up.
    pub command: EngineCommand,
    /// Its name in the PDN and the reports.
    pub name: String,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine 1 (whose score is reported) and engine 2.
    pub engines: [MatchEngine; 2],
    /// Games to play at most.
    pub games: u32,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Openings in the order they are used; game `2k` and `2k + 1` share opening `k`
    /// (wrapping around), engine 1 taking White in the first.
    pub openings: Vec<Opening>,
    /// The referee's settings (variant, time control, adjudication).
    pub referee: RefereeConfig,
    /// Stop when this test reaches a decision.
    pub sprt: Option<Sprt>,
    /// The `Event` tag.
    pub event: String,
    /// Where to append the games, if anywhere.
    pub pdn: Option<PathBuf>,
    /// Keep each engine process from one game to the next (`ucinewgame` between them).
    pub keep_engines: bool,
    /// Games of this match played before ([`played_games`]): counted first, not played again.
    pub resumed: Vec<PlayedGame>,
}

/// A game of the match that an earlier run played, as its PDN says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// 1-based game number (the `Round` tag).
    pub number: u32,
    /// True if engine 1 had White.
    pub engine1_white: bool,
    /// Engine 1's result: `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub engine1_won: Option<bool>,
    /// How it ended, as the summary counts endings.
    pub ending: String,
}

/// A finished game of the match.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// 1-based game number (the `Round` tag).
    pub number: u32,
    /// 0-based index of its opening in [`MatchConfig::openings`].
    pub opening: usize,
    /// True if engine 1 had White.
    pub engine1_white: bool,
    /// The game.
    pub record: GameRecord,
}

impl FinishedGame {
    /// Engine 1's result: `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub fn engine1_won(&self) -> Option<bool> {
        self.record
            .winner
            .map(|side| (side == Side::White) == self.engine1_white)
    }

    /// The engine index (0 or 1) that played `side`.
    pub fn engine_of(&self, side: Side) -> usize {
        usize::from((side == Side::White) != self.engine1_white)
    }
}

/// The outcome of a match.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    /// Engine 1's wins, draws and losses, and its points in each finished pair of games.
    pub tally: Tally,
    /// The games whose twin (the same opening, the colours swapped) has not ended yet: engine
    /// 1's half points, by the pair's number.
    unpaired: BTreeMap<u32, usize>,
    /// Games engine 1 played with White.
    pub engine1_white_games: u32,
    /// The SPRT's log-likelihood ratio and status, if one was run.
    pub sprt: Option<(f64, SprtStatus)>,
    /// How many games ended each way (`<kind>`, or `<kind> by <engine>` for faults).
    pub terminations: BTreeMap<String, u32>,
}

impl MatchSummary {
    /// The summary of games played before ([`MatchConfig::resumed`]).
    pub fn of_played(games: &[PlayedGame]) -> MatchSummary {
        let mut summary = MatchSummary::default();
        for game in games {
            summary.count(
                game.number,
                game.engine1_won,
                game.engine1_white,
                game.ending.clone(),
            );
        }
        summary
    }

    fn add(&mut self, game: &FinishedGame, names: &[String; 2]) {
        let termination = &game.record.termination;
        let ending = ending_key(termination.kind(), termination.offender(), |side| {
            &names[game.engine_of(side)]
        });
        self.count(game.number, game.engine1_won(), game.engine1_white, ending);
    }

    /// Counts game `number` (1-based: games 2k − 1 and 2k are the two colours of one opening).
    fn count(
        &mut self,
        number: u32,
        engine1_won: Option<bool>,
        engine1_white: bool,
        ending: String,
    ) {
        let half_points = match engine1_won {
            Some(true) => {
                self.tally.wins += 1;
                2
            }
            Some(false) => {
                self.tally.losses += 1;
                0
            }
            None => {
                self.tally.draws += 1;
                1
            }
        };
        let pair = number.div_ceil(2);
        match self.unpaired.remove(&pair) {
            Some(twin) => self.tally.pairs[twin + half_points] += 1,
            None => {
                self.unpaired.insert(pair, half_points);
            }
        }
        if engine1_white {
            self.engine1_white_games += 1;
        }
        *self.terminations.entry(ending).or_default() += 1;
    }
}

/// How the summary counts an ending: its kind, with the engine at fault where one is.
fn ending_key<'a>(kind: String, offender: Option<Side>, name: impl Fn(Side) -> &'a str) -> String {
    match offender {
        Some(side) => format!("{kind} by {}", name(side)),
        None => kind,
    }
}

/// The PDN tag that records [`match_settings`] in every game of a match.
pub const SETTINGS_TAG: &str = "MatchSettings";

/// The settings of `config` that change how its games end, beside those the PDN already
/// records (event, engines, game, clock, opening): adjudication, the time margin, time odds
/// and each engine's options, in one line. A resumed match must have the same.
pub fn match_settings(config: &MatchConfig) -> String {
    let referee = &config.referee;
    let draw = match referee.adjudicate_draw {
        Some(d) => format!("{},{},{}", d.from_move, d.moves, d.cp),
        None => "off".to_string(),
    };
    let win = match referee.adjudicate_win {
        Some(w) => format!("{},{}", w.moves, w.cp),
        None => "off".to_string(),
    };
    let [odds1, odds2] = referee.time_odds;
    let mut settings = format!(
        "adjudicate-draw {draw}; adjudicate-win {win}; time-margin {} ms; time-odds {odds1},{odds2}",
        referee.margin.as_millis()
    );
    for (number, engine) in config.engines.iter().enumerate() {
        let options: Vec<String> = engine
            .command
            .options
            .iter()
            .map(|(name, value)| match value {
                Some(value) => format!("{name}={value}"),
                None => name.clone(),
            })
            .collect();
        let options = if options.is_empty() {
            "none".to_string()
        } else {
            options.join(", ")
        };
        settings.push_str(&format!("; engine{} options {options}", number + 1));
    }
    settings
}

/// The games of the match `config` that `pdn`, the text of a PDN file, already holds: those
/// of its event, game type and time control between its two engines (by name), numbered up
/// to [`MatchConfig::games`]. A file may hold other matches' games too; they are left alone.
/// Fails if the file does not read, or if a game of this match holds another number than this
/// match would give it (its colours or its opening are not those of that number: another
/// `--seed` or book), or was played with other [`match_settings`] (a game without the tag,
/// written before damka recorded them, is taken as it is), or a number twice.
pub fn played_games(pdn: &str, config: &MatchConfig) -> Result<Vec<PlayedGame>, String> {
    let games = pdn::read(pdn).map_err(|e| e.to_string())?;
    let names = [&config.engines[0].name, &config.engines[1].name];
    let time = config.referee.time.to_string();
    let game_type = pdn::game_type(config.referee.variant).to_string();
    let settings = match_settings(config);
    let mut played: BTreeMap<u32, PlayedGame> = BTreeMap::new();
    for game in &games {
        let (Some(white), Some(black)) = (game.tag("White"), game.tag("Black")) else {
            continue;
        };
        let engine1_white = match (white, black) {
            (w, b) if w == names[0] && b == names[1] => true,
            (w, b) if w == names[1] && b == names[0] => false,
            _ => continue,
        };
        if game.tag("Event") != Some(config.event.as_str())
            || game.tag("TimeControl") != Some(time.as_str())
            || game.tag("GameType") != Some(game_type.as_str())
            || (pdn::needs_variant_tag(config.referee.variant)
                && game.tag("Variant") != Some(config.referee.variant.name()))
        {
            continue;
        }
        let Some(number) = game.tag("Round").and_then(|r| r.parse::<u32>().ok()) else {
            continue;
        };
        if number > config.games {
            continue;
        }
        let wrong = |why: &str| format!("game {number} of this match in the PDN file {why}");
        if number == 0 || (number % 2 == 1) != engine1_white {
            return Err(wrong("has its colours the other way round"));
        }
        if let Some(theirs) = game.tag(SETTINGS_TAG)
            && theirs != settings
        {
            return Err(wrong(&format!(
                "was played with other settings: {theirs} (this run: {settings})"
            )));
        }
        let opening = &config.openings[((number - 1) / 2) as usize % config.openings.len()];
        let start = referee::opening_session(opening, &config.referee)?;
        // PDN writes a capture with `x` where damka's notation may have `:`.
        let written = |mv: &String| mv.replace(':', "x");
        let opening_moves: Vec<String> = start.moves.iter().map(written).collect();
        let game_moves = game.moves.iter().take(opening_moves.len()).map(written);
        if game.tag("FEN").map(str::to_string) != start.start_fen || !game_moves.eq(opening_moves) {
            return Err(wrong(&format!(
                "did not start from opening {} (another --seed or book?)",
                (number - 1) / 2 + 1
            )));
        }
        let engine1_won = match game.result {
            pdn::PdnResult::WhiteWins => Some(engine1_white),
            pdn::PdnResult::BlackWins => Some(!engine1_white),
            pdn::PdnResult::Draw => None,
            _ => return Err(wrong("has no result")),
        };
        let termination = game.tag("Termination").unwrap_or("");
        let ending = match referee::Termination::kind_of_text(termination) {
            Some((kind, offender)) => ending_key(kind, offender, |side| {
                names[usize::from((side == Side::White) != engine1_white)]
            }),
            None => termination.to_string(),
        };
        let game = PlayedGame {
            number,
            engine1_white,
            engine1_won,
            ending,
        };
        if played.insert(number, game).is_some() {
            return Err(wrong(
                "is there twice: give each match its own PDN file or event",
            ));
        }
    }
    Ok(played.into_values().collect())
}

/// Starts an engine once to check that it speaks the protocol, and reports what it said. A
/// DXP follower is only connected to: it says nothing about itself before a game.
pub fn probe(
    command: &EngineCommand,
    variant: Variant,
    timeout: Duration,
) -> Result<EngineInfo, EngineError> {
    match command.protocol {
        EngineProtocol::Uci => {}
        EngineProtocol::Hub => {
            let hub = players::HubPlayer::start(command, variant, timeout)?;
            return Ok(hub.info());
        }
        EngineProtocol::Dxp => {
            players::DxpPlayer::connect(command, variant, timeout)?;
            return Ok(EngineInfo {
                id_name: None,
                option_names: Vec::new(),
            });
        }
    }
    let engine = EngineProcess::start(command, timeout)?;
    let info = EngineInfo {
        id_name: engine.id_name.clone(),
        option_names: engine.option_names.clone(),
    };
    engine.quit();
    Ok(info)
}

/// Today's date as PDN writes it, `YYYY.MM.DD` (UTC).
pub fn pdn_date(now: SystemTime) -> String {
    let days = now
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's days_from_civil, inverted).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The PDN of a match game.
pub fn to_pdn(game: &FinishedGame, config: &MatchConfig, date: &str) -> PdnGame {
    let names = [&config.engines[0].name, &config.engines[1].name];
    let (white, black) = if game.engine1_white {
        (names[0], names[1])
    } else {
        (names[1], names[0])
    };
    let record = &game.record;
    let mut tags: Vec<(String, String)> = [
        ("Event", config.event.clone()),
        ("Site", "?".to_string()),
        ("Date", date.to_string()),
        ("Round", game.number.to_string()),
        ("White", white.clone()),
        ("Black", black.clone()),
        ("Result", record.pdn_result().token().to_string()),
        (
            "GameType",
            pdn::game_type(config.referee.variant).to_string(),
        ),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect();
    if pdn::needs_variant_tag(config.referee.variant) {
        tags.push((
            "Variant".to_string(),
            config.referee.variant.name().to_string(),
        ));
    }
    if let Some(fen) = &record.start_fen {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen.clone()));
    }
    tags.push(("TimeControl".to_string(), config.referee.time.to_string()));
    tags.push(("Termination".to_string(), record.termination.to_string()));
    tags.push((SETTINGS_TAG.to_string(), match_settings(config)));
    PdnGame {
        tags,
        moves: record.moves.clone(),
        result: record.pdn_result(),
    }
}

/// Plays the match: every game number up to [`MatchConfig::games`] but those of
/// [`MatchConfig::resumed`], which the summary counts first. `on_game` hears of every counted
/// game with the running summary, in the order the games end. Once [`interrupt::requested`],
/// no game starts, the games in progress are abandoned uncounted, and the summary of the
/// finished games is returned. Fails if the PDN file cannot be written or an opening is not
/// valid for the variant (books read with [`openings::parse`](damka_engine::openings::parse)
/// are).
pub fn run(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&FinishedGame, &MatchSummary),
) -> Result<MatchSummary, String> {
    if config.openings.is_empty() {
        return Err("no openings to play".to_string());
    }
    let mut pdn_file = match &config.pdn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let date = pdn_date(SystemTime::now());
    let names = [
        config.engines[0].name.clone(),
        config.engines[1].name.clone(),
    ];
    let mut commands = [
        config.engines[0].command.clone(),
        config.engines[1].command.clone(),
    ];
    if config.referee.variant != Variant::default() {
        for command in &mut commands {
            let value = Some(config.referee.variant.name().to_string());
            command
                .options
                .insert(0, ("UCI_Variant".to_string(), value));
        }
    }
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let mut summary = MatchSummary::of_played(&config.resumed);
    let done: BTreeSet<u32> = config.resumed.iter().map(|game| game.number).collect();
    let mut failure = None;
    let mut decided = false;
    if let Some(sprt) = &config.sprt {
        let status = sprt.status(&summary.tally);
        summary.sprt = Some((sprt.llr(&summary.tally), status));
        // Games played before may have decided already (no games never do).
        decided = status != SprtStatus::Continue;
        stop.store(decided, Ordering::Relaxed);
    }
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Result<FinishedGame, String>>();
        for _ in 0..config.concurrency.clamp(1, config.games.max(1) as usize) {
            let sender = sender.clone();
            let (next, stop, commands, done) = (&next, &stop, &commands, &done);
            scope.spawn(move || {
                // Engine 1's and engine 2's processes, kept between games if asked.
                let mut kept: [Option<Box<dyn Player>>; 2] = [None, None];
                while !stop.load(Ordering::Relaxed) && !interrupt::requested() {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    if done.contains(&(index + 1)) {
                        continue;
                    }
                    let game = match play_one(index, config, commands, stop, &mut kept) {
                        Ok(Some(game)) => Ok(game),
                        Ok(None) => break,
                        Err(e) => Err(format!("game {}: {e}", index + 1)),
                    };
                    let failed = game.is_err();
                    if sender.send(game).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for game in receiver {
            let game = match game {
                Ok(game) => game,
                // A game broken off by the interruption is not a failure of the match.
                Err(_) if interrupt::requested() => continue,
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            };
            if decided {
                // The SPRT has decided: games still ending are not counted.
                continue;
            }
            if let Some(file) = pdn_file.as_mut() {
                let text = to_pdn(&game, config, &date).to_text();
                if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
                    failure = Some(format!("cannot write the PDN file: {e}"));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            summary.add(&game, &names);
            if let Some(sprt) = &config.sprt {
                let status = sprt.status(&summary.tally);
                summary.sprt = Some((sprt.llr(&summary.tally), status));
                if status != SprtStatus::Continue {
                    decided = true;
                    stop.store(true, Ordering::Relaxed);
                }
            }
            on_game(&game, &summary);
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Plays game `index` (0-based) with the engines in `kept` (taken out, and put back after the
/// game under [`MatchConfig::keep_engines`] unless at fault) or fresh processes.
fn play_one(
    index: u32,
    config: &MatchConfig,
    commands: &[EngineCommand; 2],
    stop: &AtomicBool,
    kept: &mut [Option<Box<dyn Player>>; 2],
) -> Result<Option<FinishedGame>, String> {
    let opening_index = (index / 2) as usize % config.openings.len();
    let opening = &config.openings[opening_index];
    let engine1_white = index.is_multiple_of(2);
    let (white, black) = if engine1_white { (0, 1) } else { (1, 0) };
    let timeout = config.referee.reply_timeout;
    let mut start = |i: usize| -> Box<dyn Player> {
        if let Some(engine) = kept[i].take() {
            return engine;
        }
        match players::start(&commands[i], config.referee.variant, timeout) {
            Ok(engine) => engine,
            Err(e) => Box::new(Unavailable(e)),
        }
    };
    let (mut w, mut b) = (start(white), start(black));
    let mut referee = config.referee.clone();
    referee.time_odds = [
        config.referee.time_odds[white],
        config.referee.time_odds[black],
    ];
    referee.ponder = [ponders(&commands[white]), ponders(&commands[black])];
    let record = referee::play_game(opening, w.as_mut(), b.as_mut(), &referee, stop)?;
    if config.keep_engines
        && let Some(record) = &record
    {
        let offender = record.termination.offender();
        if offender != Some(Side::White) {
            kept[white] = Some(w);
        }
        if offender != Some(Side::Black) {
            kept[black] = Some(b);
        }
    }
    Ok(record.map(|record| FinishedGame {
        number: index + 1,
        opening: opening_index,
        engine1_white,
        record,
    }))
}

/// True if the engine is set to think on its opponent's time (its last `Ponder` option is
/// `true`): the referee then lets it ponder as UCI describes.
fn ponders(command: &EngineCommand) -> bool {
    command
        .options
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("Ponder"))
        .and_then(|(_, value)| value.as_deref())
        .is_some_and(|value| value.eq_ignore_ascii_case("true"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_paired_by_opening_whatever_order_they_end_in() {
        let game = |number: u32, engine1_won: Option<bool>| PlayedGame {
            number,
            engine1_white: number % 2 == 1,
            engine1_won,
            ending: "adjudicated".to_string(),
        };
        // Openings 1 (games 1, 2): a win and a draw; 2 (games 3, 4): two losses; 3 (game 5)
        // still waits for its twin.
        let played = [
            game(4, Some(false)),
            game(1, Some(true)),
            game(5, None),
            game(3, Some(false)),
            game(2, None),
        ];
        let summary = MatchSummary::of_played(&played);
        assert_eq!(summary.tally.pairs, [1, 0, 0, 1, 0]);
        assert_eq!(
            (
                summary.tally.wins,
                summary.tally.draws,
                summary.tally.losses
            ),
            (1, 2, 2)
        );
    }

    #[test]
    fn dates_are_civil() {
        let at = |secs: u64| pdn_date(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970.01.01");
        assert_eq!(at(951_782_400), "2000.02.29");
        assert_eq!(at(1_735_689_599), "2024.12.31");
        assert_eq!(at(1_735_689_600), "2025.01.01");
    }
}
