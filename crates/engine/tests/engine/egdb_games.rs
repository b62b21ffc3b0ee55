//! The endgame databases of Brazilian, International and giveaway: each game's set up to 3
//! pieces and kings only up to 4, generated here and checked against a plain depth-limited
//! search under the game's own rules, for internal consistency, against International theory
//! (three kings against a lone king on the main diagonal), at the boundary ply of the 16- and
//! 5-move rules, and split by split as a cluster builds them (the same files).

use damka_engine::egdb::generate::{
    generate, generate_only, generate_pair, pairs, solve_in_memory,
};
use damka_engine::egdb::{Egdb, EgdbRules, Entry, Layout, Material, Value, decode};
use damka_engine::search::{self, Control, Databases, Limits, SearchConfig, Silent};
use damka_engine::tt::Tt;
use damka_rules::board::{Dark10, Diagonal};
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::draughts::draw::Counters;
use damka_rules::games::draughts::movegen::gen_moves;
use damka_rules::games::draughts::moves::{Move, MoveList};
use damka_rules::games::draughts::notation::parse_fen;
use damka_rules::games::draughts::position::Position;
use damka_rules::games::draughts::{Brazilian, Draughts, Giveaway, International, Russian};
use damka_rules::score::Score;
use damka_rules::types::Side;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A fresh directory under the target directory.
fn test_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("egdb-games-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("test directory");
    dir
}

/// Game `R`'s splits up to 3 pieces and its kings-only splits of 4, generated once per run.
fn databases<R: EgdbRules>() -> PathBuf {
    static DIRS: Mutex<Vec<(&'static str, PathBuf)>> = Mutex::new(Vec::new());
    let mut dirs = DIRS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, dir)) = dirs.iter().find(|(name, _)| *name == R::NAME) {
        return dir.clone();
    }
    let dir = test_dir(R::NAME);
    generate::<R>(&dir, 3, |_| {}).expect("generate 3 pieces");
    generate_only::<R>(&dir, 4, |m| m.men() == 0, |_| {}).expect("generate 4 kings");
    dirs.push((R::NAME, dir.clone()));
    dir
}

fn open<R: EgdbRules>() -> Egdb<R> {
    Egdb::<R>::open(&databases::<R>(), 4).expect("databases")
}

/// The splits generated: every split up to 3 pieces and the kings-only ones of 4.
pub(crate) fn generated() -> Vec<Material> {
    (2..=4)
        .flat_map(Material::all_with)
        .filter(|m| m.pieces() <= 3 || m.men() == 0)
        .collect()
}

/// Every position of split `m`, with White and with Black to move.
pub(crate) fn positions<R: EgdbRules>(m: Material) -> Vec<Position<R>> {
    let layout = Layout::of_game::<R>();
    let mut out = Vec::new();
    for i in 0..layout.size(m) {
        if let Some(p) = layout.from_index(m, i) {
            for side in [Side::White, Side::Black] {
                out.extend(layout.position::<R>(p, side));
            }
        }
    }
    out
}

fn moves<R: EgdbRules>(pos: &Position<R>) -> Vec<Move> {
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    list.iter().copied().collect()
}

fn is_zeroing<R: EgdbRules>(pos: &Position<R>, mv: Move) -> bool {
    mv.is_capture() || !pos.all_kings().contains(mv.from())
}

/// Plain negamax to `depth` under the game's own rules and no counters: `Some(true)` if the
/// side to move wins by force within the depth, `Some(false)` if it loses, `None` if unknown.
pub(crate) fn minimax<R: EgdbRules>(pos: &Position<R>, depth: u32) -> Option<bool> {
    let list = moves(pos);
    if list.is_empty() {
        return Some(R::NO_MOVE_WINS);
    }
    if depth == 0 {
        return None;
    }
    let mut all_lose = true;
    for mv in list {
        match minimax(&pos.after(mv), depth - 1) {
            Some(false) => return Some(true),
            Some(true) => {}
            None => all_lose = false,
        }
    }
    all_lose.then_some(false)
}

/// The value of `pos` for the side to move when the kings-only counter alone runs, `plies` of
/// its `limit` gone: a plain search over (position, counter). It ends because a king move uses
/// a ply of the counter and a capture or a man move leads to fewer pieces or fewer man steps.
fn counted_value<R: EgdbRules>(
    pos: &Position<R>,
    plies: u32,
    limit: u32,
    memo: &mut HashMap<(Position<R>, u32), Value>,
) -> Value {
    if let Some(&v) = memo.get(&(*pos, plies)) {
        return v;
    }
    let list = moves(pos);
    let value = if list.is_empty() {
        if R::NO_MOVE_WINS {
            Value::Win
        } else {
            Value::Loss
        }
    } else if plies >= limit {
        Value::Draw
    } else {
        let mut best = Value::Loss;
        for mv in list {
            let next = if is_zeroing(pos, mv) { 0 } else { plies + 1 };
            match counted_value(&pos.after(mv), next, limit, memo) {
                Value::Loss => {
                    best = Value::Win;
                    break;
                }
                Value::Draw => best = Value::Draw,
                Value::Win => {}
            }
        }
        best
    };
    memo.insert((*pos, plies), value);
    value
}

/// The counted values (the kings-only counter starting afresh at every capture and man move)
/// of every game's splits up to 3 pieces, solved with a short counter of `limit` plies so that
/// it spoils many wins, against [`counted_value`] on every third position, with the counter
/// fresh and part gone: a counted win or loss at distance `d` stands exactly while `d` fits
/// the plies left, and a counted draw is a draw.
fn counted_values_agree_with_a_search_under_the_kings_only_counter<R: EgdbRules>(limit: u32) {
    let solved = solve_in_memory::<R>(3, limit).expect("solve");
    let layout = Layout::of_game::<R>();
    let mut memo = HashMap::new();
    let (mut checked, mut spoiled) = (0, 0);
    for m in (2..=3).flat_map(Material::all_with) {
        let tables = &solved[&m];
        let white_to_move = positions::<R>(m)
            .into_iter()
            .filter(|p| p.side_to_move() == Side::White);
        for pos in white_to_move.step_by(3) {
            let index = layout.index(layout.placement(&pos)).expect("index") as usize;
            let counted = decode(tables.counted_entries()[index]).expect("a position");
            let plain = decode(tables.plain_entries()[index]).expect("a position");
            spoiled += u32::from(plain.value != Value::Draw && counted.value == Value::Draw);
            for gone in [0, 1, limit / 2] {
                let fits = u32::from(counted.distance) <= limit - gone;
                let expected = if fits { counted.value } else { Value::Draw };
                assert_eq!(
                    counted_value(&pos, gone, limit, &mut memo),
                    expected,
                    "{} with {gone} plies of the counter gone: counted {counted:?}, plain {plain:?}",
                    Draughts::<R>::fen(&pos)
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked > 3000 && spoiled >= 20,
        "{checked} checked, {spoiled} spoiled"
    );
}

#[test]
fn russian_counted_values_agree_with_a_search_under_the_kings_only_counter() {
    counted_values_agree_with_a_search_under_the_kings_only_counter::<Russian>(4);
}

#[test]
fn giveaway_counted_values_agree_with_a_search_under_the_kings_only_counter() {
    counted_values_agree_with_a_search_under_the_kings_only_counter::<Giveaway>(4);
}

/// 2000 random positions of up to 4 pieces: wherever a plain search of `depth` plies decides
/// the game, the database says the same.
fn values_agree_with_a_plain_search<R: EgdbRules>(depth: u32) {
    let egdb = open::<R>();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let all: Vec<Position<R>> = generated().into_iter().flat_map(positions::<R>).collect();
    let (mut checked, mut conclusive, mut four) = (0, 0, 0);
    while checked < 2000 {
        let pos = all[(next() % all.len() as u64) as usize];
        let entry = egdb.probe(&pos).expect("every position is stored");
        checked += 1;
        four += u32::from(pos.occupied().count() == 4);
        if let Some(win) = minimax(&pos, depth) {
            conclusive += 1;
            let expected = if win { Value::Win } else { Value::Loss };
            assert_eq!(
                entry.value,
                expected,
                "{} {}",
                R::NAME,
                Draughts::<R>::fen(&pos)
            );
        }
    }
    assert!(conclusive > 200, "{}: {conclusive} conclusive", R::NAME);
    assert!(four > 500, "{}: {four} positions of 4 pieces", R::NAME);
}

/// Every stored value in `egdb` is the best of its moves' values, and every distance the
/// winner's fastest (the loser's slowest) way to the next capture or man move, over every
/// position of the [`generated`] splits.
pub(crate) fn values_and_distances_are_consistent<R: EgdbRules>(egdb: &Egdb<R>) {
    let mut count = 0;
    for m in generated() {
        for pos in positions::<R>(m) {
            let entry = egdb.probe(&pos).expect("stored");
            let children: Vec<(bool, Entry)> = moves(&pos)
                .into_iter()
                .map(|mv| {
                    let child = egdb.probe(&pos.after(mv)).expect("child");
                    (is_zeroing(&pos, mv), child)
                })
                .collect();
            let cost = |(z, e): &(bool, Entry)| if *z { 1 } else { 1 + u32::from(e.distance) };
            let fen = Draughts::<R>::fen(&pos);
            if children.is_empty() {
                let value = if R::NO_MOVE_WINS {
                    Value::Win
                } else {
                    Value::Loss
                };
                assert_eq!((entry.value, entry.distance), (value, 0), "{fen}");
                continue;
            }
            match entry.value {
                Value::Win => {
                    let best = children
                        .iter()
                        .filter(|c| c.1.value == Value::Loss)
                        .map(cost)
                        .min();
                    assert_eq!(best, Some(u32::from(entry.distance)), "win {fen}");
                }
                Value::Loss => {
                    assert!(children.iter().all(|c| c.1.value == Value::Win), "{fen}");
                    let worst = children.iter().map(cost).max();
                    assert_eq!(worst, Some(u32::from(entry.distance)), "loss {fen}");
                }
                Value::Draw => {
                    assert!(children.iter().all(|c| c.1.value != Value::Loss), "{fen}");
                    assert!(children.iter().any(|c| c.1.value == Value::Draw), "{fen}");
                }
            }
            count += 1;
        }
    }
    assert!(count > 100_000, "{}: {count}", R::NAME);
}

#[test]
fn brazilian_values_agree_with_a_plain_search() {
    values_agree_with_a_plain_search::<Brazilian>(5);
}

#[test]
fn international_values_agree_with_a_plain_search() {
    // Flying kings on 50 squares: a ply less keeps the test short.
    values_agree_with_a_plain_search::<International>(4);
}

#[test]
fn giveaway_values_agree_with_a_plain_search() {
    values_agree_with_a_plain_search::<Giveaway>(5);
}

#[test]
fn brazilian_values_and_distances_are_consistent() {
    values_and_distances_are_consistent(&open::<Brazilian>());
}

#[test]
fn international_values_and_distances_are_consistent() {
    values_and_distances_are_consistent(&open::<International>());
}

#[test]
fn giveaway_values_and_distances_are_consistent() {
    values_and_distances_are_consistent(&open::<Giveaway>());
}

/// The sets of the games share a directory: the files are named per game, and a Russian set
/// is not read as another game's.
#[test]
fn each_game_names_its_own_files() {
    let dir = databases::<International>();
    assert!(dir.join("i0201.egdb").is_file());
    let egdb = Egdb::<Brazilian>::open(&dir, 3).expect("open");
    let errors = egdb.take_errors();
    assert!(
        errors.iter().any(|e| e.contains("brazilian files missing")),
        "{errors:?}"
    );
}

/// True if the side to move has a move and none of them is a capture.
pub(crate) fn quiet<R: EgdbRules>(pos: &Position<R>) -> bool {
    moves(pos).first().is_some_and(|mv| !mv.is_capture())
}

/// International theory: three kings against a lone king are usually a draw on the 10×10
/// board, won only by a trick (a sacrifice, a king caught at the edge), even when they hold the
/// main diagonal (a1–j10); the lone king alone on the main diagonal holds.
#[test]
fn three_kings_against_a_lone_king_on_the_main_diagonal_is_a_draw_in_international() {
    type R = International;
    let egdb = open::<R>();
    let road = Dark10::long_diagonal();
    let m = Material {
        wm: 0,
        wk: 3,
        bm: 0,
        bk: 1,
    };
    let (mut held, mut held_wins, mut on_road, mut on_road_draws, mut max) = (0, 0, 0, 0, 0);
    for pos in positions::<R>(m) {
        let entry = egdb.probe(&pos).expect("stored");
        if entry.value == Value::Win {
            max = max.max(entry.distance);
        }
        if pos.side_to_move() != Side::White || !quiet(&pos) {
            continue;
        }
        let lone = pos.kings(Side::Black);
        if (pos.kings(Side::White) & road).any() && (lone & road).is_empty() {
            held += 1;
            held_wins += u32::from(entry.value == Value::Win);
        }
        if (lone & road).any() && (pos.kings(Side::White) & road).is_empty() {
            on_road += 1;
            on_road_draws += u32::from(entry.value == Value::Draw);
        }
    }
    assert!(
        held_wins > 0 && held_wins * 2 < held,
        "{held_wins} of {held} won"
    );
    assert!(
        on_road_draws * 100 >= on_road * 95,
        "{on_road_draws} of {on_road} drawn"
    );
    eprintln!(
        "international 3K v 1K: largest distance {max}; {held_wins}/{held} won holding the \
         diagonal; {on_road_draws}/{on_road} drawn on it"
    );
    // The classic draw: the lone king on the main diagonal, the kings not on it.
    let pos = parse_fen::<R>("W:WK1,K2,K3:BK28").expect("fen");
    assert_eq!(egdb.probe(&pos).map(|e| e.value), Some(Value::Draw));
}

/// The first stored win with its side to move in a quiet position of split `m` for which
/// `keep` holds, and its distance.
fn a_win<R: EgdbRules>(
    egdb: &Egdb<R>,
    m: Material,
    keep: impl Fn(&Position<R>) -> bool,
) -> (Position<R>, u8) {
    positions::<R>(m)
        .into_iter()
        .filter(|p| p.side_to_move() == Side::White && quiet(p) && keep(p))
        .find_map(|p| {
            let e = egdb.probe(&p)?;
            (e.value == Value::Win && e.distance > 2).then_some((p, e.distance))
        })
        .expect("a won position")
}

/// Counters in which the rule named `rule` has run `plies` plies (the others fresh).
fn counters_with(rule: &str, plies: u16) -> Counters {
    let mut counters = Counters::default();
    match rule {
        "sixteen" => counters.sixteen = plies,
        "five" => counters.five = plies,
        _ => unreachable!("{rule}"),
    }
    counters
}

/// The 16-move rule (three pieces with a king against a lone king) and the 5-move rule (one or
/// two against a lone king): a stored win is claimed exactly while the winner's distance fits
/// in the plies the rule has left, and not from the ply on which it no longer does.
#[test]
fn international_wins_are_claimed_up_to_the_boundary_ply_of_the_16_and_5_move_rules() {
    type R = International;
    let egdb = open::<R>();
    let rules = DrawRules::default();
    let cases = [
        (
            "sixteen",
            32u16,
            Material {
                wm: 0,
                wk: 3,
                bm: 0,
                bk: 1,
            },
        ),
        (
            "five",
            10u16,
            Material {
                wm: 0,
                wk: 2,
                bm: 0,
                bk: 1,
            },
        ),
    ];
    for (rule, limit, m) in cases {
        let (pos, d) = a_win::<R>(&egdb, m, |p| {
            let left = Counters::default().remaining(&rules, p);
            left.iter().any(|(_, n)| n == limit)
        });
        let d = u16::from(d);
        // `left` plies before the draw: the win is claimed while d < left.
        let claimed = |left: u16| egdb.score(&pos, &counters_with(rule, limit - left), &rules);
        let fen = Draughts::<R>::fen(&pos);
        assert_eq!(
            claimed(d + 1),
            Some(Score(damka_engine::egdb::probe::EGDB_WIN - i32::from(d))),
            "{rule} {fen}: {d} plies to win, {} left",
            d + 1
        );
        assert_eq!(claimed(d), None, "{rule} {fen}: {d} plies to win, {d} left");
        // The rule switched off: claimed whatever the counter says.
        let option = if rule == "sixteen" {
            damka_rules::games::draughts::draw::SIXTEEN_MOVES
        } else {
            damka_rules::games::draughts::draw::FIVE_MOVES
        };
        let off = rules.with_switch(&option, false);
        assert!(
            egdb.score(&pos, &counters_with(rule, limit - d), &off)
                .is_some(),
            "{rule} off {fen}"
        );
    }
}

/// Three kings against a lone king off the main diagonal, from the split's longest win, played
/// out by the engine with the databases against itself with the databases, all draw rules on:
/// won within the 16 moves.
#[test]
fn the_search_converts_three_kings_against_one_in_international() {
    type G = Draughts<International>;
    let egdb: Arc<Egdb<International>> = Arc::new(open());
    let m = Material {
        wm: 0,
        wk: 3,
        bm: 0,
        bk: 1,
    };
    let start = positions::<International>(m)
        .into_iter()
        .filter(|p| p.side_to_move() == Side::White)
        .filter_map(|p| {
            let e = egdb.probe(&p)?;
            (e.value == Value::Win).then_some((e.distance, p))
        })
        .max_by_key(|(d, _)| *d)
        .map(|(_, p)| p)
        .expect("a win");
    let config = SearchConfig {
        egdb: Some(Databases::new::<G>(egdb)),
        ..SearchConfig::for_game::<G>()
    };
    let fen = G::fen(&start);
    let mut game = Record::<G>::from_fen(&fen, DrawRules::default()).expect("fen");
    let mut plies = 0;
    while game.result() == GameResult::Ongoing && plies < 80 {
        let tt = Tt::new(4);
        let out = search::run(
            &game,
            &Limits::depth(4),
            &config,
            &tt,
            &Control::default(),
            &mut Silent,
        );
        game.play(out.best_move().expect("a move"));
        plies += 1;
    }
    assert_eq!(
        game.result(),
        GameResult::Win(Side::White),
        "{fen}: after {plies} plies"
    );
}

/// Built pair by pair in the order of [`pairs`], each from the files of those it needs (as
/// the cluster script does), the files are byte for byte those of one `generate` run.
#[test]
fn splits_built_one_by_one_give_the_same_files() {
    type R = International;
    let dir = test_dir("pairs");
    for m in pairs(3) {
        generate_pair::<R>(&dir, m).expect("pair");
    }
    let whole = databases::<R>();
    let mut names: HashMap<String, Vec<u8>> = HashMap::new();
    for entry in std::fs::read_dir(&dir).expect("dir").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        names.insert(name, std::fs::read(entry.path()).expect("read"));
    }
    let expected: Vec<Material> = (2..=3).flat_map(Material::all_with).collect();
    assert_eq!(names.len(), expected.len(), "{:?}", names.keys());
    for m in expected {
        let name = R::file_name(m);
        let same = std::fs::read(whole.join(&name)).expect("whole");
        assert!(names.get(&name) == Some(&same), "{name} differs");
    }
    // A pair whose needs are missing is refused with the file it needs.
    let empty = test_dir("pairs-missing");
    let err = generate_pair::<R>(
        &empty,
        Material {
            wm: 1,
            wk: 0,
            bm: 0,
            bk: 2,
        },
    )
    .expect_err("needs first");
    assert!(err.to_string().contains("needed first"), "{err}");
}
