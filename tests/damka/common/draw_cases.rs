//! Game sequences for each draw rule, shared by the library tests and the protocol tests.
//!
//! Each case is a start FEN and a list of moves after which a named rule declares the draw
//! exactly at the last ply, plus the draw options it needs. Repetition is switched off where a
//! shuffle would otherwise repeat positions, so each counter is seen on its own.

#![allow(dead_code)]

/// One draw test: the game, the rule expected to end it, and the option settings.
pub struct DrawCase {
    /// Name of the rule, as in the test names.
    pub name: &'static str,
    /// Start position.
    pub fen: &'static str,
    /// Moves ending exactly on the boundary ply.
    pub moves: Vec<String>,
    /// The `Result:` text expected after the last move.
    pub result: &'static str,
    /// `(option, value)` pairs to set first.
    pub options: Vec<(&'static str, &'static str)>,
}

/// Alternates `white` and `black` king moves between two squares each, for `plies` plies,
/// with `overrides` (1-based ply, move) replacing the shuffle at given plies. Squares are
/// tracked, so a shuffle resumes from wherever its king stands.
pub fn shuffle(
    white: (&str, &str),
    black: (&str, &str),
    plies: usize,
    overrides: &[(usize, &str)],
) -> Vec<String> {
    let mut at = [white.0, black.0];
    let homes = [white, black];
    let mut moves = Vec::new();
    for ply in 1..=plies {
        let side = (ply + 1) % 2; // ply 1 is White's
        if let Some((_, mv)) = overrides.iter().find(|(p, _)| *p == ply) {
            moves.push(mv.to_string());
            continue;
        }
        let (a, b) = homes[side];
        let to = if at[side] == a { b } else { a };
        moves.push(format!("{}-{}", at[side], to));
        at[side] = to;
    }
    moves
}

const NO_REPETITION: (&str, &str) = ("Draw Repetition", "false");

/// The man moves that keep the kings-only counter from firing in the long material cases.
const MAN_MOVES: [(usize, &str); 4] = [(21, "h2-g3"), (22, "a7-b6"), (41, "g3-h4"), (42, "b6-a5")];

/// Every rule's case ending in the draw.
pub fn drawn_cases() -> Vec<DrawCase> {
    vec![
        DrawCase {
            name: "threefold repetition",
            fen: "W:WKc1:BKf8",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 8, &[]),
            result: "draw (threefold repetition)",
            options: vec![],
        },
        DrawCase {
            name: "kings only",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 30, &[]),
            result: "draw (15 moves with kings only)",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "three kings",
            fen: "W:WKc1,Ke1,Kg1:BKa7",
            moves: shuffle(("c1", "d2"), ("a7", "b8"), 29, &[]),
            result: "draw (three kings against one, 15 moves)",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "main road",
            fen: "W:WKc1,Ke1,Kg1:BKh8",
            moves: shuffle(("c1", "d2"), ("h8", "g7"), 9, &[]),
            result: "draw (three kings against one on the main road, 5 moves)",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "two against one",
            fen: "W:WKc1,Ke1:BKa7",
            moves: shuffle(("c1", "d2"), ("a7", "b8"), 19, &[]),
            result: "draw (two pieces against one, 10 moves)",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "material unchanged",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 64, &MAN_MOVES),
            result: "draw (material unchanged)",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "material unchanged, 30-move claim",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 60, &MAN_MOVES),
            result: "draw (material unchanged)",
            options: vec![NO_REPETITION, ("Draw Material Moves", "30")],
        },
        DrawCase {
            name: "fmjd",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 60, &MAN_MOVES),
            result: "draw (FMJD endgame limit)",
            options: vec![NO_REPETITION, ("Draw FMJD", "true")],
        },
    ]
}

/// Cases where a capture or man move just before the boundary resets the counter, so the
/// same number of plies does not draw. The result after the last move is `ongoing`.
pub fn reset_cases() -> Vec<DrawCase> {
    vec![
        DrawCase {
            name: "kings only, man move at ply 29",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(("c1", "d2"), ("f8", "e7"), 30, &[(29, "h2-g3")]),
            result: "ongoing",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "three kings, a king lost at ply 28",
            fen: "W:WKc1,Ke1,Kg1:BKa7",
            moves: shuffle(
                ("c1", "d2"),
                ("a7", "b8"),
                29,
                &[(27, "e1-g3"), (28, "b8:h2"), (29, "d2-c1")],
            ),
            result: "ongoing",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "main road, lone king leaves at ply 8",
            fen: "W:WKc1,Ke1,Kg1:BKh8",
            moves: shuffle(("c1", "d2"), ("h8", "g7"), 9, &[(8, "g7-f8")]),
            result: "ongoing",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "two against one, capture at ply 18",
            fen: "W:WKc1,Ke1:BKa7",
            moves: shuffle(
                ("c1", "d2"),
                ("a7", "b8"),
                19,
                &[(17, "e1-f2"), (18, "a7:g1")],
            ),
            result: "ongoing",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "material unchanged, capture at ply 63",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(
                ("c1", "d2"),
                ("f8", "e7"),
                64,
                &[
                    MAN_MOVES[0],
                    MAN_MOVES[1],
                    MAN_MOVES[2],
                    MAN_MOVES[3],
                    (62, "a5-b4"),
                    (63, "d2:a5"),
                ],
            ),
            result: "ongoing",
            options: vec![NO_REPETITION],
        },
        DrawCase {
            name: "fmjd, capture at ply 59",
            fen: "W:WKc1,h2:BKf8,a7",
            moves: shuffle(
                ("c1", "d2"),
                ("f8", "e7"),
                60,
                &[
                    MAN_MOVES[0],
                    MAN_MOVES[1],
                    MAN_MOVES[2],
                    MAN_MOVES[3],
                    (58, "a5-b4"),
                    (59, "d2:a5"),
                ],
            ),
            result: "ongoing",
            options: vec![NO_REPETITION, ("Draw FMJD", "true")],
        },
    ]
}

/// The option that switches off the rule a drawn case ends by.
pub fn rule_option(case: &DrawCase) -> &'static str {
    match case.result {
        "draw (threefold repetition)" => "Draw Repetition",
        "draw (15 moves with kings only)" => "Draw Kings Only",
        "draw (three kings against one, 15 moves)" => "Draw Three Kings",
        "draw (three kings against one on the main road, 5 moves)" => "Draw Main Road",
        "draw (two pieces against one, 10 moves)" => "Draw Two Against One",
        "draw (material unchanged)" => "Draw Material",
        "draw (FMJD endgame limit)" => "Draw FMJD",
        other => panic!("no option for {other}"),
    }
}

/// A whole game from the initial position that ends in threefold repetition on its last ply
/// (played by damka against itself from a random opening).
pub const STARTPOS_REPETITION: &str = "e3-d4 h6-g5 d4-c5 b6:d4 c3:e5 d6:f4 g3:e5 f6:d4 d2-e3 g7-f6 \
    e3:c5 c7-b6 c1-d2 b6:d4 d2-e3 b8-c7 e3:c5 c7-b6 e1-d2 b6:d4 d2-e3 d8-c7 e3:c5 c7-b6 h2-g3 \
    b6:d4 g3-h4 e7-d6 b2-c3 d4:b2 a1:c3 a7-b6 f2-e3 d6-e5 a3-b4 f8-e7 e3-d4 e7-d6 b4-a5 g5-f4 \
    a5:c7 d6:b8 d4-c5 b8-a7 c3-b4 f4-e3 g1-f2 e3:g1 b4-a5 g1:b6 a5:c7 a7-b6 c7:a5 e5-f4 a5-b6 \
    f4-e3 b6-c7 e3-d2 c7-b8 d2-e1 b8-h2 e1-d2 h2-b8 d2-b4 b8-g3 b4-a5 g3-d6 a5-c3 d6-c7 h8-g7 \
    c7-g3 g7-h6 g3-f4 c3-b2 f4-c1 b2-a1 c1-d2 a1-d4 d2-c1 d4-e5 c1-e3 e5-d6 e3-d4 d6-e5 d4-e3 \
    e5-c7 e3-d4 c7-e5 d4-e3";
