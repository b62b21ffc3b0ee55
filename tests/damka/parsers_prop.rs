//! Property tests of every parser of every game: FEN, move text, and the command lines of the
//! UCI-style and Hub servers. Random and mutated input must never panic and never change the
//! engine's state, and everything the engine prints (FENs, move texts) must read back as the
//! same thing. Every game of `Variant::ALL` is covered without naming it here.
//!
//! The cases are seeded by proptest; a failure prints the input that shrank to it.

use std::io::Cursor;
use std::sync::Arc;

use damka::hub::Hub;
use damka::hub::notation::{HubSquares, move_text as hub_move_text};
use damka::lines::Buffer;
use damka::protocol;
use damka_rules::board::Geometry;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::moves::MoveList;
use damka_rules::types::{Kind, Side};
use damka_rules::with_game;
use proptest::prelude::*;
use proptest::sample::Index;

/// A deterministic generator for random games (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// A game of `G` after up to `plies` random legal moves from the initial position (fewer if
/// it ends first).
fn random_game<G: Game>(seed: u64, plies: usize) -> Record<G> {
    let mut rng = Rng::new(seed);
    let mut record = Record::<G>::startpos(DrawRules::default());
    for _ in 0..plies {
        let moves = record.legal_moves();
        if moves.is_empty() || record.result() != GameResult::Ongoing {
            break;
        }
        record.play(moves.as_slice()[rng.below(moves.len())]);
    }
    record
}

/// One edit of a line: delete, insert, replace, duplicate a run, or cut the rest.
#[derive(Clone, Debug)]
enum Edit {
    Delete(Index, Index),
    Insert(Index, char),
    Replace(Index, char),
    Duplicate(Index, Index),
    Truncate(Index),
}

/// Characters that matter to the parsers, and a few that should never appear.
fn parser_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(
            ":,-x*WBKwbekUHFMTabcdefgh0123456789 =\"\t".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Delete(a, b)),
        (any::<Index>(), parser_char()).prop_map(|(a, c)| Edit::Insert(a, c)),
        (any::<Index>(), parser_char()).prop_map(|(a, c)| Edit::Replace(a, c)),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Duplicate(a, b)),
        any::<Index>().prop_map(Edit::Truncate),
    ]
}

/// Applies `edits` to `text` character by character.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: &Index, len: usize| i.index(len + 1);
        match edit {
            Edit::Delete(a, b) => {
                if !chars.is_empty() {
                    let start = a.index(chars.len());
                    let end = (start + 1 + b.index(4)).min(chars.len());
                    chars.drain(start..end);
                }
            }
            Edit::Insert(a, c) => chars.insert(at(a, chars.len()), *c),
            Edit::Replace(a, c) => {
                if !chars.is_empty() {
                    let i = a.index(chars.len());
                    chars[i] = *c;
                }
            }
            Edit::Duplicate(a, b) => {
                if !chars.is_empty() {
                    let start = a.index(chars.len());
                    let end = (start + 1 + b.index(8)).min(chars.len());
                    let run: Vec<char> = chars[start..end].to_vec();
                    chars.splice(end..end, run);
                }
            }
            Edit::Truncate(a) => chars.truncate(at(a, chars.len())),
        }
    }
    chars.into_iter().collect()
}

fn variant() -> impl Strategy<Value = Variant> {
    proptest::sample::select(Variant::ALL.to_vec())
}

/// Everything `G` prints reads back: the FEN of a random game gives the same position and
/// counters, and every legal move's text (and its record's text) gives the same move.
fn printed_text_reads_back<G: Game>(seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let record = random_game::<G>(seed, plies);
    let fen = record.fen();
    let again = Record::<G>::from_fen(&fen, DrawRules::default())
        .map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
    prop_assert_eq!(again.position(), record.position(), "{}", fen);
    prop_assert_eq!(again.counters(), record.counters(), "{}", fen);
    prop_assert_eq!(again.fen(), fen.clone());
    let pos = record.position();
    for (mv, text) in G::legal_move_texts(pos) {
        let parsed = G::parse_move(pos, &text)
            .map_err(|e| TestCaseError::fail(format!("{fen} {text}: {e}")))?;
        prop_assert_eq!(parsed, mv, "{} {}", fen, text);
        let shown = G::move_record(pos, mv).text;
        prop_assert_eq!(
            G::parse_move(pos, &shown).ok(),
            Some(mv),
            "{} {}",
            fen,
            shown
        );
    }
    Ok(())
}

/// A mutated FEN never panics the reader; when it is accepted, what the engine prints for it
/// reads back as the same game.
fn mutated_fen_is_safe<G: Game>(seed: u64, edits: &[Edit]) -> Result<(), TestCaseError> {
    let text = mutate(&random_game::<G>(seed, 12).fen(), edits);
    if let Ok(record) = Record::<G>::from_fen(&text, DrawRules::default()) {
        let fen = record.fen();
        let again = Record::<G>::from_fen(&fen, DrawRules::default())
            .map_err(|e| TestCaseError::fail(format!("'{text}' printed as '{fen}': {e}")))?;
        prop_assert_eq!(again.position(), record.position());
        prop_assert_eq!(again.fen(), fen);
    }
    Ok(())
}

/// A mutated move text never panics the move reader, and what it accepts is a legal move.
fn mutated_move_is_safe<G: Game>(
    seed: u64,
    pick: Index,
    edits: &[Edit],
) -> Result<(), TestCaseError> {
    let record = random_game::<G>(seed, 10);
    let pos = record.position();
    let texts = G::legal_move_texts(pos);
    let base = if texts.is_empty() {
        "a1-b2".to_string()
    } else {
        texts[pick.index(texts.len())].1.clone()
    };
    let text = mutate(&base, edits);
    if let Ok(mv) = G::parse_move(pos, &text) {
        let mut legal = MoveList::new();
        G::generate(pos, &mut legal);
        prop_assert!(
            legal.iter().any(|&m| m == mv),
            "'{}' read as an illegal move",
            text
        );
    }
    Ok(())
}

/// Well-formed UCI-style lines for a game in progress: the mutations start from these.
fn protocol_seeds<G: Game>(record: &Record<G>) -> Vec<String> {
    let fen = record.fen();
    let moves: Vec<String> = G::legal_move_texts(record.position())
        .into_iter()
        .map(|(_, text)| text)
        .take(3)
        .collect();
    let first = moves.first().cloned().unwrap_or_default();
    vec![
        format!("position fen {fen}"),
        format!("position fen {fen} moves {first}"),
        format!("position startpos moves {}", moves.join(" ")),
        "setoption name MultiPV value 2".to_string(),
        "setoption name Move Overhead value 30".to_string(),
        "setoption name Draw Repetition value false".to_string(),
        format!("setoption name UCI_Variant value {}", G::NAME),
        "setoption name Hash value 8".to_string(),
        "ucinewgame".to_string(),
        "moves".to_string(),
    ]
}

/// The server's replies split at each `readyok`.
fn sections(lines: Vec<String>) -> Vec<Vec<String>> {
    let mut sections = vec![Vec::new()];
    for line in lines {
        if line == "readyok" {
            sections.push(Vec::new());
        } else if let Some(last) = sections.last_mut() {
            last.push(line);
        }
    }
    sections
}

/// Feeds a mutated command to the UCI-style server between two `d`s. If the server answered
/// it with an error, it answered with exactly one error line and the game is as before.
fn protocol_line_is_safe<G: Game>(
    seed: u64,
    pick: Index,
    edits: &[Edit],
) -> Result<(), TestCaseError> {
    let record = random_game::<G>(seed, 8);
    let seeds = protocol_seeds(&record);
    let line = mutate(&seeds[pick.index(seeds.len())], edits);
    let first = line.split_whitespace().next().unwrap_or("");
    // Commands that start work, end the server, or are a whole new line of input.
    if ["go", "perft", "bench", "quit", "stop", "ponderhit"].contains(&first)
        || line.contains(['\n', '\r'])
    {
        return Ok(());
    }
    let script = [
        format!("setoption name UCI_Variant value {}", G::NAME),
        "setoption name Hash value 1".to_string(),
        format!("position fen {}", record.fen()),
        "isready".to_string(),
        "d".to_string(),
        "isready".to_string(),
        line.clone(),
        "isready".to_string(),
        "d".to_string(),
        "isready".to_string(),
    ]
    .join("\n");
    let sink = Arc::new(Buffer::default());
    protocol::serve(Cursor::new(script.into_bytes()), sink.clone());
    let sections = sections(sink.take());
    prop_assert_eq!(sections.len(), 5, "{:?}", sections);
    let errors = sections[2]
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    prop_assert!(errors <= 1, "'{}' got {} error lines", line, errors);
    if errors == 1 {
        prop_assert_eq!(&sections[1], &sections[3], "'{}' changed the game", line);
    }
    Ok(())
}

/// The Hub `pos=` board of a position: the side to move, then each square by number.
fn hub_board<G: Game>(record: &Record<G>) -> String {
    let pos = record.position();
    let mut squares: Vec<_> = G::Board::squares().collect();
    squares.sort_by_key(|&sq| G::Board::number(sq));
    let side = match G::side_to_move(pos) {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let cells = squares.into_iter().map(|sq| match G::piece_at(pos, sq) {
        None => 'e',
        Some(piece) => match (piece.side, piece.kind) {
            (Side::White, Kind::Man) => 'w',
            (Side::White, Kind::King) => 'W',
            (Side::Black, Kind::Man) => 'b',
            (Side::Black, Kind::King) => 'B',
        },
    });
    std::iter::once(side).chain(cells).collect()
}

/// Feeds a mutated Hub line to a Hub front end. It never panics; if it is answered with an
/// error, the engine's options and game are as before.
fn hub_line_is_safe<G: Game>(seed: u64, pick: Index, edits: &[Edit]) -> Result<(), TestCaseError> {
    let record = random_game::<G>(seed, 8);
    let squares = HubSquares::of::<G>();
    let pos = record.position();
    let hub_moves: Vec<String> = G::legal_move_texts(pos)
        .into_iter()
        .take(2)
        .map(|(mv, _)| hub_move_text(&G::move_record(pos, mv), &squares))
        .collect();
    let board = hub_board(&record);
    let seeds = [
        format!("pos pos={board}"),
        format!("pos pos={board} moves=\"{}\"", hub_moves.join(" ")),
        format!("set-param name=variant value={}", G::NAME),
        "level depth=3".to_string(),
        "level move-time=0.5".to_string(),
        "set-param name=tt-size value=4".to_string(),
        "new-game".to_string(),
    ];
    let line = mutate(&seeds[pick.index(seeds.len())], edits);
    let first = line.split_whitespace().next().unwrap_or("");
    if ["go", "quit", "stop", "ponder-hit"].contains(&first) {
        return Ok(());
    }
    let sink = Arc::new(Buffer::default());
    let mut hub = Hub::with_sink(sink.clone());
    hub.handle(&format!("set-param name=variant value={}", G::NAME));
    hub.handle(&format!("pos pos={board}"));
    let before = (hub.engine().display(), hub.engine().options().clone());
    sink.take();
    hub.handle(&line);
    let replies = sink.take();
    if replies.iter().any(|l| l.starts_with("error")) {
        prop_assert_eq!(replies.len(), 1, "'{}': {:?}", line, replies);
        let after = (hub.engine().display(), hub.engine().options().clone());
        prop_assert_eq!(before, after, "'{}' changed the engine", line);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn printed_fens_and_moves_read_back(v in variant(), seed in any::<u64>(), plies in 0usize..60) {
        with_game!(v, G => printed_text_reads_back::<G>(seed, plies))?;
    }

    #[test]
    fn mutated_fens_never_panic(
        v in variant(),
        seed in any::<u64>(),
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        with_game!(v, G => mutated_fen_is_safe::<G>(seed, &edits))?;
    }

    #[test]
    fn random_fens_never_panic(v in variant(), text in "[WB]?:?[WBKwbUHFMT0-9a-j,:x -]{0,40}") {
        with_game!(v, G => { let _ = Record::<G>::from_fen(&text, DrawRules::default()); });
    }

    #[test]
    fn mutated_moves_never_panic(
        v in variant(),
        seed in any::<u64>(),
        pick in any::<Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        with_game!(v, G => mutated_move_is_safe::<G>(seed, pick, &edits))?;
    }

    #[test]
    fn command_parsers_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        let _ = protocol::Command::parse_bytes(&bytes);
        let _ = damka::hub::command::Command::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn hub_lines_never_panic_nor_change_state(
        v in variant(),
        seed in any::<u64>(),
        pick in any::<Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        with_game!(v, G => hub_line_is_safe::<G>(seed, pick, &edits))?;
    }
}

proptest! {
    // Each case runs a whole server in-process: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn protocol_lines_never_panic_nor_change_state(
        v in variant(),
        seed in any::<u64>(),
        pick in any::<Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        with_game!(v, G => protocol_line_is_safe::<G>(seed, pick, &edits))?;
    }
}
