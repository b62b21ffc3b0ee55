//! Thousands of random and mutated command lines into one engine process, then checks that it
//! is alive, answers, and is consistent. The stream is seeded, so a failure reproduces.
//!
//! Left out of the stream: `quit` (it would end the test), `perft` and `bench` (a mutated depth
//! can run for hours, which is documented behaviour, not a bug) and the `Hash` and `Threads`
//! options (a mutated value can ask for gigabytes or hundreds of threads, which are allowed).

use crate::common::Rng;
use crate::common::server::{Server, is_move};

/// Well-formed lines the mutations start from.
const SEEDS: [&str; 62] = [
    "uci",
    "isready",
    "ucinewgame",
    "debug on",
    "d",
    "moves",
    "eval",
    "help",
    "stop",
    "ponderhit",
    "position startpos",
    "position startpos moves c3-d4 f6-e5 d4:f6 g7:e5",
    "position startpos moves c3-b4 b6-a5 b4-c5 d6:b4 a3:c5",
    "position fen W:Wa1,c1,Kd4:Bb6,Kh8",
    "position fen B:Wb4,d4,e3,g3:BKa5 moves a5:e5:h2",
    "position fen W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1",
    "position fen W:WKa1,Kc1,Ke1:BKh8:H7:F40:M21:T5",
    "position fen W:Wa1:Bb2,c3",
    "go depth 2",
    "go nodes 500",
    "go movetime 5",
    "go wtime 100 btime 100 winc 5 binc 5 movestogo 3",
    "go infinite",
    "go ponder wtime 50 btime 50",
    "go depth 3 searchmoves c3-d4 a3-b4",
    "go mate 2 nodes 300",
    "setoption name MultiPV value 3",
    "setoption name MultiPV value 1",
    "setoption name Move Overhead value 10",
    "setoption name Ponder value true",
    "setoption name Draw Material Moves value 30",
    "setoption name Draw Repetition value false",
    "setoption name UCI_Variant value russian",
    "setoption name UCI_Variant value international",
    "position startpos moves 32-28 19-23 28x19 14x23",
    "position fen W:WK46,33:B19,24,28",
    "position fen B:W27,31,33:B18,22 moves 22x31",
    "go depth 3 searchmoves 32-28 31-27",
    "setoption name Draw Sixteen Moves value false",
    "setoption name Clear Hash",
    "setoption name UCI_Variant value turkish",
    "position startpos moves d3-d4 e6-e5",
    "position fen W:WKd4,a2:Bd6,g6 moves d4:d8",
    "go depth 3 searchmoves d3-d4 e3-e4",
    "setoption name UCI_Variant value fuk",
    "position fen W:Wc3,e3,g5:Bd4,f6:Uf6",
    "setoption name UCI_Variant value ugolki",
    "setoption name UgolkiHouse value triangle",
    "position startpos moves a4-a5 h5-h4 a2-a4",
    "position fen B:Wa2,a4,b1,b3,c2,c4,d1,d3,e2:Bd6,e5,e7,f5,f8,g5,g6,h4,h7:H3x4:F39",
    "setoption name UCI_Variant value ugolki-diagonal",
    "setoption name UgolkiHouse value 3x3",
    "go depth 3 searchmoves a3-b4 c3-e5",
    "setoption name UCI_Variant value bashni",
    "position startpos moves c3-d4 f6-e5 d4:f6",
    "position fen W:c3wbb,d4bW,f6b,h8B:H4",
    "position fen W:c3w,d4bbbb,a7b moves c3:e5:c3:e5:c3",
    "go depth 3 searchmoves c3-d4 e3-f4",
    "setoption name UCI_Variant value lasca",
    "position fen W:d4W,e5bb,a7b moves d4:f6:d4",
    "position startpos moves c3-d4 e5:c3",
    "position fen B:e3b,d2w,b2w,g5w:H29",
];

const WORDS: [&str; 24] = [
    "go",
    "depth",
    "-1",
    "0",
    "99999999999999999999999",
    "searchmoves",
    "infinite",
    "moves",
    "fen",
    "startpos",
    "position",
    "value",
    "name",
    "c3:e5:c7",
    "x",
    "W:",
    ":B",
    "K",
    "é",
    "\u{7f}",
    "",
    "nodes",
    "movetime",
    "setoption",
];

fn mutate(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut bytes = line.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() as u64 + 1) as usize;
        match rng.below(8) {
            0 => bytes.insert(at, rng.below(256) as u8),
            1 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            2 if at < bytes.len() => {
                let end = (at + 1 + rng.below(6) as usize).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => bytes.truncate(at),
            4 => {
                let word = WORDS[rng.below(WORDS.len() as u64) as usize];
                let spliced = format!(" {word} ");
                bytes.splice(at..at, spliced.bytes());
            }
            5 => {
                // Swap two words.
                let mut words: Vec<Vec<u8>> =
                    bytes.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
                if words.len() > 1 {
                    let i = rng.below(words.len() as u64) as usize;
                    let j = rng.below(words.len() as u64) as usize;
                    words.swap(i, j);
                }
                bytes = words.join(&b' ');
            }
            6 => {
                let other = SEEDS[rng.below(SEEDS.len() as u64) as usize];
                bytes.extend_from_slice(b" ");
                bytes.extend_from_slice(other.as_bytes());
            }
            _ => {
                let junk: Vec<u8> = (0..rng.below(20)).map(|_| rng.below(256) as u8).collect();
                bytes.splice(at..at, junk);
            }
        }
    }
    bytes
}

/// Lines the stream must not contain (see the module comment).
fn excluded(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line).to_ascii_lowercase();
    let first = text.split_whitespace().next().unwrap_or("");
    matches!(first, "quit" | "perft" | "bench")
        || (first == "setoption" && (text.contains("hash") || text.contains("threads")))
}

#[test]
fn thousands_of_random_lines_leave_the_engine_alive_and_consistent() {
    let mut rng = Rng::new(0xDA3C_A001);
    let mut engine = Server::start();
    let mut sent = 0;
    let mut errors_expected_at_least = 0;
    while sent < 3000 {
        let seed = SEEDS[rng.below(SEEDS.len() as u64) as usize].as_bytes();
        let mut line = match rng.below(10) {
            0 => seed.to_vec(),
            1 => (0..rng.below(80)).map(|_| rng.below(256) as u8).collect(),
            2 if rng.below(50) == 0 => vec![b'a'; 1_200_000],
            _ => mutate(&mut rng, seed),
        };
        line.retain(|&b| b != b'\n');
        if excluded(&line) {
            continue;
        }
        if line.len() > 1 << 20 || std::str::from_utf8(&line).is_err() {
            errors_expected_at_least += 1;
        }
        engine.send_bytes(&line);
        sent += 1;
        // Read as we go, so that neither pipe fills; every line is checked as it is read.
        while engine.line_within(std::time::Duration::ZERO).is_some() {}
    }
    // The stream may hold its own `isready`s; an unknown command of our own marks its end.
    engine.send("stop");
    engine.send("end-of-fuzz");
    engine.until(|l| l.contains("'end-of-fuzz'"));
    assert!(engine.sync().is_empty());
    let errors = engine
        .transcript
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert!(
        errors >= errors_expected_at_least && errors > 100,
        "{errors} errors for {sent} lines, at least {errors_expected_at_least} expected"
    );

    // Still consistent: the position it shows can be set again and shows the same.
    let fen = engine.fen();
    engine.send(&format!("position fen {fen}"));
    assert!(engine.sync().is_empty(), "its own FEN was refused: {fen}");
    assert_eq!(engine.fen(), fen);

    // And it still plays: a fresh game, a short search, a legal move.
    engine.send("setoption name MultiPV value 1");
    engine.send("setoption name Draw Repetition value true");
    engine.send("ucinewgame");
    engine.send("position startpos moves c3-d4");
    let legal = engine.legal_moves();
    engine.send("go depth 3");
    let best = engine.bestmove();
    assert!(
        is_move(&best) && legal.contains(&best),
        "{best} not in {legal:?}"
    );
    engine.send("quit");
    assert_eq!(
        engine.exit_status(crate::common::server::PATIENCE).code(),
        Some(0)
    );
}
