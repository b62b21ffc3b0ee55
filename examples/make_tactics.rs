//! Makes damka's Russian tactics suite (`src/cli/tactics/russian.txt`, run by `damka tactics`):
//! positions with a forced win, each proved by the plain minimax of `damka_rules::proof`, never
//! by damka's search.
//!
//! `cargo run --release --features dev-tools --example make_tactics -- [endings] [shots] [seed] > russian.txt`
//! (defaults 80, 40, 1). Four kinds come out:
//!
//! * `ending`: random positions of up to seven pieces in which the side to move forces the win
//!   of the game within 11 plies, with at most two of at least four moves winning, and no
//!   other move winning within 13;
//! * `sacrifice`: such an ending whose every winning move gives a piece away (the opponent must
//!   capture next);
//! * `counters`: such an ending with a draw counter set to the last value at which the win is
//!   still in time (one more and it is a draw);
//! * `shot`: a position of a random game from the opening book, the material level within a
//!   man and at least three pieces a side, in which exactly one move wins
//!   at least a man by force, by material minimax to 7 and to 9 plies with the captures played
//!   out, while no other move gains anything, and that move gives a piece away.
//!
//! Progress goes to stderr; the suite, with a header that says how it was made, to stdout.

use damka::output;
use damka_rules::draw::DrawRules;
use damka_rules::game::Game;
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::moves::MoveList;
use damka_rules::proof::{self, Prover};
use damka_rules::types::Side;

type G = Draughts<Russian>;

/// The longest forced win an ending may need, in plies.
const ENDING_PLIES: u32 = 11;
/// The horizon within which no other move of an ending may win, not even slowly.
const SLOWER_PLIES: u32 = ENDING_PLIES + 2;
/// The shortest forced win an ending may need, in plies: anything faster is no puzzle.
const ENDING_MIN_PLIES: u32 = 5;
/// The depths at which a shot must win material, in plies.
const SHOT_PLIES: [u32; 2] = [7, 9];
/// The counters a Russian FEN can carry, by tag (see docs/rules.md).
const COUNTER_TAGS: [&str; 5] = ["H", "M", "T", "R", "E"];

/// splitmix64: a small, fixed random sequence, so a seed always makes the same suite.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One position of the suite.
struct Case {
    kind: &'static str,
    fen: String,
    best: Vec<String>,
    /// `mate N` or `gain N; plies N`.
    proof: String,
}

impl Case {
    fn line(&self) -> String {
        format!(
            "{}; bm {}; kind {}; {}",
            self.fen,
            self.best.join(" "),
            self.kind,
            self.proof
        )
    }
}

fn moves_of(pos: &<G as Game>::Position) -> Vec<<G as Game>::Move> {
    let mut list = MoveList::new();
    G::generate(pos, &mut list);
    list.iter().copied().collect()
}

/// True if the opponent must capture after `mv`.
fn gives_a_piece(pos: &<G as Game>::Position, mv: <G as Game>::Move) -> bool {
    let child = G::play(pos, mv);
    moves_of(&child).first().is_some_and(|m| m.is_capture())
}

/// A random legal position of up to seven pieces with the side to move stronger in kings.
fn random_ending(rng: &mut Rng) -> Option<String> {
    let mut free: Vec<u8> = (1..=32).collect();
    let mut take = |rng: &mut Rng, man_of: Option<Side>| -> Option<u8> {
        // Men never stand on their own crowning row (1–4 is Black's, 29–32 White's).
        for _ in 0..20 {
            let i = rng.below(free.len());
            let n = free[i];
            let crowning = match man_of {
                Some(Side::White) => n <= 4,
                Some(Side::Black) => n >= 29,
                None => false,
            };
            if !crowning {
                free.swap_remove(i);
                return Some(n);
            }
        }
        None
    };
    let to_move = if rng.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    let strong = [1 + rng.below(3), rng.below(3)];
    let weak = [rng.below(2), rng.below(4)];
    if weak[0] + weak[1] == 0 || strong[0] + strong[1] + weak[0] + weak[1] > 7 {
        return None;
    }
    let mut fields = [String::new(), String::new()];
    for (side, [kings, men]) in [(to_move, strong), (to_move.opponent(), weak)] {
        let mut squares = Vec::new();
        for _ in 0..kings {
            squares.push(format!("K{}", take(rng, None)?));
        }
        for _ in 0..men {
            squares.push(take(rng, Some(side))?.to_string());
        }
        fields[side.index()] = squares.join(",");
    }
    let letter = if to_move == Side::White { "W" } else { "B" };
    let fen = format!("{letter}:W{}:B{}", fields[0], fields[1]);
    // Back to the game's own FEN, with square names.
    let (pos, _) = G::parse_fen(&fen).ok()?;
    Some(G::fen(&pos))
}

/// True if a move besides `winning` wins too, only more slowly (within two more plies): an
/// engine playing it would not be wrong, so the position is no test.
fn slower_wins(
    prover: &mut Prover<G>,
    pos: &<G as Game>::Position,
    counters: &<G as Game>::Counters,
    winning: &[<G as Game>::Move],
) -> bool {
    prover.winning_moves(pos, counters, SLOWER_PLIES).len() > winning.len()
}

/// The ending case of `fen`, if it is one: play goes on, nothing to capture, a forced win the
/// prover finds within `ENDING_PLIES` but not faster than `ENDING_MIN_PLIES`, and few winning
/// moves among many.
fn ending_case(prover: &mut Prover<G>, fen: &str) -> Option<Case> {
    let (pos, tags) = G::parse_fen(fen).ok()?;
    let counters = G::counters_from_tags(&pos, &tags).ok()?;
    let moves = moves_of(&pos);
    if moves.len() < 4 || moves[0].is_capture() {
        return None;
    }
    if G::rule_outcome(&counters, &DrawRules::default(), &pos).is_some() {
        return None;
    }
    let plies = prover.fastest_win(&pos, &counters, ENDING_PLIES)?;
    if plies < ENDING_MIN_PLIES {
        return None;
    }
    let winning = prover.winning_moves(&pos, &counters, ENDING_PLIES);
    if winning.is_empty() || winning.len() > 2 || slower_wins(prover, &pos, &counters, &winning) {
        return None;
    }
    let kind = if winning.iter().all(|&mv| gives_a_piece(&pos, mv)) {
        "sacrifice"
    } else {
        "ending"
    };
    Some(Case {
        kind,
        fen: fen.to_string(),
        best: winning.iter().map(|&mv| G::move_text(&pos, mv)).collect(),
        proof: format!("mate {plies}"),
    })
}

/// The ending with one of its draw counters set to the last value at which the side to move
/// still wins in time, if some counter runs here and decides.
fn counters_case(prover: &mut Prover<G>, case: &Case) -> Option<Case> {
    let with = |tag: &str, value: u32| -> Option<(<G as Game>::Position, <G as Game>::Counters)> {
        let fen = format!("{}:{tag}{value}", case.fen);
        let (pos, tags) = G::parse_fen(&fen).ok()?;
        let counters = G::counters_from_tags(&pos, &tags).ok()?;
        // A counter whose condition does not hold reads as 0.
        (G::counter_tags(&counters)
            .iter()
            .any(|&(t, v)| t == tag && v == u64::from(value)))
        .then_some((pos, counters))
    };
    for tag in COUNTER_TAGS {
        // The last value that still wins, and the first that does not.
        let mut last_win = None;
        for value in 1..=80 {
            let Some((pos, counters)) = with(tag, value) else {
                break;
            };
            if G::rule_outcome(&counters, &DrawRules::default(), &pos).is_some() {
                break;
            }
            if prover.wins_within(&pos, &counters, ENDING_PLIES) {
                last_win = Some(value);
            } else {
                break;
            }
        }
        let Some(value) = last_win else { continue };
        let Some((pos, counters)) = with(tag, value + 1) else {
            continue;
        };
        if prover.wins_within(&pos, &counters, ENDING_PLIES) {
            continue;
        }
        let (pos, counters) = with(tag, value)?;
        let winning = prover.winning_moves(&pos, &counters, ENDING_PLIES);
        let plies = prover.fastest_win(&pos, &counters, ENDING_PLIES)?;
        if winning.is_empty() || winning.len() > 2 || slower_wins(prover, &pos, &counters, &winning)
        {
            continue;
        }
        return Some(Case {
            kind: "counters",
            fen: format!("{}:{tag}{value}", case.fen),
            best: winning.iter().map(|&mv| G::move_text(&pos, mv)).collect(),
            proof: format!("mate {plies}"),
        });
    }
    None
}

/// The shot in `pos`, if it has one: quiet, and exactly one move that wins at least a man at
/// both depths of `SHOT_PLIES` while every other move gains nothing, a move that gives a piece
/// away.
fn shot_case(pos: &<G as Game>::Position) -> Option<Case> {
    let moves = moves_of(pos);
    if moves.len() < 3 || moves[0].is_capture() {
        return None;
    }
    let side = G::side_to_move(pos);
    let now = proof::material::<G>(pos, side);
    // A man won in a lost position decides nothing: the material must be about level, and
    // a shot is a middle-game blow, with at least three pieces a side.
    let fewest = Side::BOTH.iter().map(|&s| pos.pieces(s).count()).min();
    if now.abs() > 100 || fewest < Some(3) {
        return None;
    }
    let mut gain = None;
    for plies in SHOT_PLIES {
        let mut winners = Vec::new();
        for &mv in &moves {
            let child = G::play(pos, mv);
            // Null windows: does the move reach `now + 100`, and does it stay at `now`?
            let value = -proof::material_minimax::<G>(&child, plies - 1, -(now + 101), -now);
            if value > now {
                winners.push((mv, value));
            }
        }
        let [(mv, value)] = winners[..] else {
            return None;
        };
        if value < now + 100 || !gives_a_piece(pos, mv) {
            return None;
        }
        if gain.is_some_and(|(m, _)| m != mv) {
            return None;
        }
        gain = Some((mv, value - now));
    }
    let (mv, _) = gain?;
    Some(Case {
        kind: "shot",
        fen: G::fen(pos),
        best: vec![G::move_text(pos, mv)],
        proof: format!("gain 100; plies {}", SHOT_PLIES[1]),
    })
}

/// Random games from the opening book, the moves drawn uniformly, scanned for shots.
fn shots(rng: &mut Rng, wanted: usize) -> Vec<Case> {
    let book = damka_engine::openings::builtin(damka_rules::games::Variant::Russian);
    let openings = damka_engine::openings::parse(&book, damka_rules::games::Variant::Russian)
        .expect("the built-in book reads");
    let mut found: Vec<Case> = Vec::new();
    let mut games = 0;
    while found.len() < wanted {
        games += 1;
        let opening = &openings[rng.below(openings.len())];
        let Ok(record) = opening.game::<G>(DrawRules::default()) else {
            continue;
        };
        let mut pos = *record.position();
        for _ply in 0..60 {
            let moves = moves_of(&pos);
            if moves.is_empty() {
                break;
            }
            if let Some(case) = shot_case(&pos)
                && !found.iter().any(|c| c.fen == case.fen)
            {
                found.push(case);
                eprintln!("shots {}/{wanted} (after {games} games)", found.len());
                break;
            }
            pos = G::play(&pos, moves[rng.below(moves.len())]);
        }
    }
    found
}

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("arguments are numbers: endings shots seed")
        })
        .collect();
    let arg = |i: usize, default: u64| numbers.get(i).copied().unwrap_or(default);
    let (endings_wanted, shots_wanted, seed) =
        (arg(0, 80) as usize, arg(1, 40) as usize, arg(2, 1));
    let mut rng = Rng(seed);
    let mut prover = Prover::<G>::new(DrawRules::default());
    let mut endings: Vec<Case> = Vec::new();
    let mut counters: Vec<Case> = Vec::new();
    let mut tried = 0u64;
    let started = std::time::Instant::now();
    while endings.len() < endings_wanted {
        tried += 1;
        let Some(fen) = random_ending(&mut rng) else {
            continue;
        };
        if endings.iter().any(|c| c.fen == fen) {
            continue;
        }
        let Some(case) = ending_case(&mut prover, &fen) else {
            prover.clear();
            continue;
        };
        // Every third ending also gives a counters case, when a counter decides it.
        if endings.len().is_multiple_of(3)
            && let Some(with_counter) = counters_case(&mut prover, &case)
        {
            counters.push(with_counter);
        }
        prover.clear();
        endings.push(case);
        eprintln!(
            "endings {}/{endings_wanted}, counters {} ({tried} tried, {:.0} s)",
            endings.len(),
            counters.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let shots = shots(&mut rng, shots_wanted);
    let header = [
        "# damka's Russian tactics suite: positions with a forced win, proved by plain minimax"
            .to_string(),
        "# (damka_rules::proof), run by `damka tactics`. Each line: FEN; bm the winning moves;".to_string(),
        "# kind; the proof: `mate N` = the side to move wins the game within N plies at the".to_string(),
        "# fastest, every move listed wins within 11 and no other within 13; `gain 100; plies 9` =".to_string(),
        "# the one move that wins a man by force at 7 and 9 plies (captures played out) while no".to_string(),
        "# other move gains anything, from material level within a man, three pieces a side or more.".to_string(),
        format!(
            "# Made by: cargo run --release --features dev-tools --example make_tactics -- {endings_wanted} {shots_wanted} {seed}"
        ),
    ];
    for line in header {
        output::line(&line);
    }
    for case in endings.iter().chain(&counters).chain(&shots) {
        output::line(&case.line());
    }
}
