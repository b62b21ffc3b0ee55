//! Draw rules from data files, through the real binary: each case of
//! `tests/data/<game>/draws.txt` is sent as `position fen … moves …`; `d` must show
//! `Result: ongoing` one ply before the boundary and the expected draw at it, and with the
//! rule's option switched off the game must go on (`option: none` for an ending that no option
//! switches off, such as Ugolki's move-number rules). A new game adds cases as data.

use crate::common::server::Server;
use damka_rules::games::Variant;
use std::path::Path;

/// One draw case of a data file.
struct Case {
    name: String,
    fen: String,
    moves: Vec<String>,
    result: String,
    option: String,
    settings: Vec<(String, String)>,
}

/// The moves of two kings stepping back and forth, White first.
fn shuffle(spec: &str) -> Vec<String> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let [wa, wb, ba, bb, plies] = words[..] else {
        panic!("shuffle wants four squares and a ply count: {spec}");
    };
    let plies: usize = plies.parse().expect("ply count");
    let mut at = [wa, ba];
    let homes = [(wa, wb), (ba, bb)];
    (0..plies)
        .map(|ply| {
            let side = ply % 2;
            let (a, b) = homes[side];
            let to = if at[side] == a { b } else { a };
            let mv = format!("{}-{to}", at[side]);
            at[side] = to;
            mv
        })
        .collect()
}

fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("draw data file is readable");
    let mut cases: Vec<Case> = Vec::new();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(':').expect("key: value");
        let value = value.trim().to_string();
        if key == "case" {
            cases.push(Case {
                name: value,
                fen: String::new(),
                moves: Vec::new(),
                result: String::new(),
                option: String::new(),
                settings: Vec::new(),
            });
            continue;
        }
        let case = cases.last_mut().expect("a case first");
        match key {
            "fen" => case.fen = value,
            "shuffle" => case.moves = shuffle(&value),
            "moves" => case.moves = value.split_whitespace().map(String::from).collect(),
            "result" => case.result = value,
            "option" => case.option = value,
            "set" => {
                let (name, setting) = value.split_once('=').expect("option=value");
                case.settings.push((name.to_string(), setting.to_string()));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

/// The `Result:` after the first `plies` moves of `case`, with `extra` options set last.
fn result(server: &mut Server, case: &Case, plies: usize, extra: &[(String, String)]) -> String {
    server.send("ucinewgame");
    for (name, value) in case.settings.iter().chain(extra) {
        server.send(&format!("setoption name {name} value {value}"));
    }
    let moves = case.moves[..plies].join(" ");
    server.send(&format!("position fen {} moves {moves}", case.fen));
    let errors = server.sync();
    assert!(errors.is_empty(), "{}: {errors:?}", case.name);
    let result = server.display_field("Result");
    // Leave the options as they were for the next case.
    for (name, _) in case.settings.iter().chain(extra) {
        server.send(&format!("setoption name {name} value true"));
    }
    result
}

fn check_game(variant: Variant, path: &Path) -> usize {
    let cases = read_cases(path);
    let mut server = Server::start();
    server.send(&format!("setoption name UCI_Variant value {variant}"));
    server.sync();
    for case in &cases {
        let n = case.moves.len();
        let before = result(&mut server, case, n - 1, &[]);
        assert_eq!(
            before, "ongoing",
            "{}: one ply before the boundary",
            case.name
        );
        let at = result(&mut server, case, n, &[]);
        assert_eq!(at, case.result, "{}: at the boundary", case.name);
        if case.option == "none" {
            continue;
        }
        let off = [(case.option.clone(), "false".to_string())];
        let switched_off = result(&mut server, case, n, &off);
        assert_ne!(
            switched_off, case.result,
            "{}: with {} off",
            case.name, case.option
        );
    }
    cases.len()
}

/// The fewest cases a game's draws file may hold.
const MIN_CASES: usize = 4;

#[test]
fn draw_rules_at_their_boundary_through_the_binary() {
    let mut games = 0;
    for variant in Variant::ALL {
        let path = crate::common::data_dir(variant).join("draws.txt");
        if !path.is_file() {
            continue;
        }
        let cases = check_game(variant, &path);
        assert!(cases >= MIN_CASES, "only {cases} {variant} cases");
        games += 1;
    }
    assert!(games >= 6, "only {games} games have a draws file");
}

/// The kings-only counter runs only while both sides have kings, so it has no boundary to put
/// in `draws.txt`: White's kings shuffle against Black's men (which step sideways, back and
/// forth) well past 30 plies, and an `H29` in a FEN where Black has no king is read as 0.
#[test]
fn turkish_kings_only_counter_needs_kings_on_both_sides() {
    let mut server = Server::start();
    server.send("setoption name UCI_Variant value turkish");
    server.send("setoption name Draw Repetition value false");
    server.sync();
    let moves = shuffle("c1 c2 h7 g7 40").join(" ");
    server.send(&format!("position fen W:WKc1,Kd1:Ba7,h7 moves {moves}"));
    assert!(server.sync().is_empty());
    assert_eq!(server.display_field("Result"), "ongoing", "after 40 plies");

    server.send("position fen W:WKc1,Kd1:Ba7,h7:H29 moves c1-c2");
    assert!(server.sync().is_empty());
    assert_eq!(
        server.display_field("Result"),
        "ongoing",
        "H29 without black kings"
    );
    // With kings on both sides the same H29 and one king move draw.
    server.send("position fen W:WKc1,Kd1:BKa8,h7:H29 moves c1-c2");
    assert!(server.sync().is_empty());
    assert_eq!(
        server.display_field("Result"),
        "draw (15 moves with kings only)",
        "H29 with kings on both sides"
    );
}
