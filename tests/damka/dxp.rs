//! `damka dxp` driven through real TCP sockets on 127.0.0.1: whole International games in each
//! role, a back request, a game-end request, every kind of malformed message, and a dropped
//! connection. The other program is played by this test, which checks every move damka sends
//! with damka's own rules.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use damka::dxp::message::{AcceptCode, BackCode, EndReason, Message};
use damka::hub::notation::HubSquares;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::games::draughts::{Draughts, International};
use damka_rules::types::Side;

type Intl = Draughts<International>;

const TIMEOUT: Duration = Duration::from_secs(30);

/// The other program's end of a connection.
struct Peer {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Peer {
    fn new(stream: TcpStream) -> Peer {
        stream.set_read_timeout(Some(TIMEOUT)).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        Peer { stream, reader }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    fn send(&mut self, message: &Message) {
        self.send_raw(format!("{}\0", message.text()).as_bytes());
    }

    /// The next message text (`None` when the connection is closed).
    fn receive_text(&mut self) -> Option<String> {
        let mut bytes = Vec::new();
        let read = self
            .reader
            .read_until(0, &mut bytes)
            .expect("damka answers in time");
        if read == 0 {
            return None;
        }
        bytes.pop_if(|b| *b == 0);
        Some(String::from_utf8(bytes).unwrap())
    }

    fn receive(&mut self) -> Message {
        let text = self.receive_text().expect("the connection is open");
        Message::parse(&text).unwrap_or_else(|e| panic!("damka sent '{text}': {e}"))
    }

    /// The next message that is not a chat line.
    fn receive_no_chat(&mut self) -> Message {
        loop {
            match self.receive() {
                Message::Chat(_) => continue,
                other => return other,
            }
        }
    }
}

/// `damka dxp --listen 0 …`, and the address it listens on.
fn follower(extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["dxp", "--listen", "0", "--depth", "2"])
        .args(if extra.contains(&"--hash") {
            &[][..]
        } else {
            &["--hash", "8"][..]
        })
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    (child, address)
}

fn request(follower: Side) -> Message {
    Message::GameRequest {
        version: 1,
        name: "test initiator".to_string(),
        follower,
        minutes: 10,
        moves: 0,
        position: None,
    }
}

/// Plays damka's DXP move on the test's record, checking that it is legal.
fn play_dxp(record: &mut Record<Intl>, message: &Message) {
    let Message::Move {
        from, to, captured, ..
    } = message
    else {
        panic!("expected a move, got {message:?}")
    };
    let squares = HubSquares::for_variant(Variant::International);
    let mut wanted: Vec<u8> = captured.clone();
    wanted.sort_unstable();
    let found = record.legal_moves().iter().copied().find(|&mv| {
        let r = Intl::move_record(record.position(), mv);
        let path = r.path.squares();
        let mut taken: Vec<u8> = r
            .captured
            .into_iter()
            .map(|sq| squares.number(sq))
            .collect();
        taken.sort_unstable();
        squares.number(path[0]) == *from
            && squares.number(path[path.len() - 1]) == *to
            && taken == wanted
    });
    let mv = found.unwrap_or_else(|| panic!("{message:?} is not legal in {}", record.fen()));
    record.play(mv);
}

/// The test's own move, as a DXP message: the first legal move in sorted notation.
fn our_move(record: &mut Record<Intl>) -> Message {
    let squares = HubSquares::for_variant(Variant::International);
    let mut moves = Intl::legal_move_texts(record.position());
    moves.sort_by(|a, b| a.1.cmp(&b.1));
    let mv = moves[0].0;
    let r = Intl::move_record(record.position(), mv);
    let path = r.path.squares();
    record.play(mv);
    Message::Move {
        seconds: 0,
        from: squares.number(path[0]),
        to: squares.number(path[path.len() - 1]),
        captured: r
            .captured
            .into_iter()
            .map(|sq| squares.number(sq))
            .collect(),
    }
}

/// Plays a game to its end with damka on `damka_side`, the peer moving when it is its turn;
/// returns how many plies were played.
fn play_to_the_end(peer: &mut Peer, record: &mut Record<Intl>, damka_side: Side) -> usize {
    let mut plies = 0;
    loop {
        if record.result() != GameResult::Ongoing {
            if Intl::side_to_move(record.position()) == damka_side {
                // damka must end it on its turn.
                let end = peer.receive_no_chat();
                assert!(matches!(end, Message::GameEnd { .. }), "{end:?}");
                peer.send(&Message::GameEnd {
                    reason: EndReason::Unknown,
                    stop: false,
                });
            } else {
                peer.send(&Message::GameEnd {
                    reason: EndReason::ILose,
                    stop: false,
                });
                assert!(matches!(peer.receive_no_chat(), Message::GameEnd { .. }));
            }
            return plies;
        }
        if Intl::side_to_move(record.position()) == damka_side {
            let message = peer.receive_no_chat();
            play_dxp(record, &message);
        } else {
            let message = our_move(record);
            peer.send(&message);
        }
        plies += 1;
        assert!(plies < 2000, "the game does not end");
    }
}

#[test]
fn a_whole_game_as_the_follower_then_another_with_colours_swapped() {
    let (mut child, address) = follower(&["--once"]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    for damka_side in [Side::White, Side::Black] {
        peer.send(&request(damka_side));
        match peer.receive_no_chat() {
            Message::GameAccept {
                name,
                code: AcceptCode::Accepted,
            } => assert!(name.starts_with("damka"), "{name}"),
            other => panic!("{other:?}"),
        }
        let mut record = Record::<Intl>::startpos(DrawRules::default());
        let plies = play_to_the_end(&mut peer, &mut record, damka_side);
        assert!(plies > 10, "{plies}");
    }
    drop(peer);
    assert!(
        child.wait().unwrap().success(),
        "--once ends after the connection"
    );
}

#[test]
fn a_whole_game_as_the_initiator() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["dxp", "--connect", &format!("127.0.0.1:{port}")])
        .args([
            "--depth",
            "2",
            "--hash",
            "8",
            "--color",
            "black",
            "--minutes",
            "3",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (stream, _) = listener.accept().unwrap();
    let mut peer = Peer::new(stream);
    match peer.receive() {
        Message::GameRequest {
            version,
            follower,
            minutes,
            moves,
            position,
            ..
        } => {
            assert_eq!((version, follower, minutes, moves), (1, Side::White, 3, 0));
            assert_eq!(position, None);
        }
        other => panic!("{other:?}"),
    }
    peer.send(&Message::GameAccept {
        name: "test follower".to_string(),
        code: AcceptCode::Accepted,
    });
    let mut record = Record::<Intl>::startpos(DrawRules::default());
    play_to_the_end(&mut peer, &mut record, Side::Black);
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("game 1: damka black"), "{stdout}");
    assert!(stdout.contains("score: +"), "{stdout}");
}

#[test]
fn a_back_request_returns_to_the_position_asked_for() {
    let (mut child, address) = follower(&[]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    peer.send(&request(Side::Black));
    assert!(matches!(
        peer.receive_no_chat(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    let mut record = Record::<Intl>::startpos(DrawRules::default());
    let mut fens = Vec::new();
    for _ in 0..3 {
        fens.push(record.fen());
        peer.send(&our_move(&mut record));
        let reply = peer.receive_no_chat();
        play_dxp(&mut record, &reply);
    }
    // Back to move 2 with White to move: the test moves again from there.
    peer.send(&Message::BackRequest {
        move_number: 2,
        side: Side::White,
    });
    assert_eq!(
        peer.receive_no_chat(),
        Message::BackAccept(BackCode::Accepted)
    );
    let mut back = Record::<Intl>::from_fen(&fens[1], DrawRules::default()).unwrap();
    peer.send(&our_move(&mut back));
    let reply = peer.receive_no_chat();
    play_dxp(&mut back, &reply);
    // A move number the game never had: the game goes on unchanged.
    peer.send(&Message::BackRequest {
        move_number: 40,
        side: Side::White,
    });
    assert_eq!(
        peer.receive_no_chat(),
        Message::BackAccept(BackCode::Continue)
    );
    peer.send(&our_move(&mut back));
    let reply = peer.receive_no_chat();
    play_dxp(&mut back, &reply);
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn a_game_end_request_is_acknowledged_and_a_new_game_follows() {
    let (mut child, address) = follower(&[]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    peer.send(&request(Side::Black));
    peer.receive_no_chat();
    let mut record = Record::<Intl>::startpos(DrawRules::default());
    peer.send(&our_move(&mut record));
    let reply = peer.receive_no_chat();
    play_dxp(&mut record, &reply);
    peer.send(&Message::GameEnd {
        reason: EndReason::Draw,
        stop: false,
    });
    assert!(matches!(
        peer.receive_no_chat(),
        Message::GameEnd {
            reason: EndReason::Unknown,
            ..
        }
    ));
    peer.send(&request(Side::White));
    assert!(matches!(
        peer.receive_no_chat(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    assert!(matches!(peer.receive_no_chat(), Message::Move { .. }));
    child.kill().unwrap();
    let _ = child.wait();
}

/// After a bad message the follower still accepts a game.
fn still_serves(peer: &mut Peer) {
    peer.send(&request(Side::Black));
    loop {
        match peer.receive() {
            Message::GameAccept {
                code: AcceptCode::Accepted,
                ..
            } => return,
            Message::Chat(_) | Message::GameEnd { .. } => continue,
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn malformed_messages_are_answered_and_nothing_breaks() {
    let (mut child, address) = follower(&[]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    // Outside a game: a chat line says why.
    for bad in [
        &b"X123\0"[..],
        b"R01short\0",
        b"M0012\0",
        b"\xff\xfe\0",
        b"E9\0",
    ] {
        peer.send_raw(bad);
        match peer.receive() {
            Message::Chat(text) => assert!(text.starts_with("damka: "), "{text}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    // A request damka cannot play: another version, a position with no game left.
    let mut old = request(Side::White);
    if let Message::GameRequest { version, .. } = &mut old {
        *version = 2;
    }
    peer.send(&old);
    assert!(matches!(
        peer.receive_no_chat(),
        Message::GameAccept {
            code: AcceptCode::WrongVersion,
            ..
        }
    ));
    let empty = format!(
        "R01test                            W010000BW{}\0",
        "e".repeat(50)
    );
    peer.send_raw(empty.as_bytes());
    assert!(matches!(
        peer.receive_no_chat(),
        Message::GameAccept {
            code: AcceptCode::NotThisGame,
            ..
        }
    ));
    let bad_piece = format!(
        "R01test                            W010000BW{}\0",
        "q".repeat(50)
    );
    peer.send_raw(bad_piece.as_bytes());
    assert!(matches!(peer.receive(), Message::Chat(_)));
    // In a game, where a move was due: an illegal move, or garbage, ends the game.
    for bad in [
        Message::Move {
            seconds: 0,
            from: 31,
            to: 22,
            captured: vec![],
        }
        .text(),
        "M00".to_string(),
        "Q".to_string(),
    ] {
        still_serves(&mut peer);
        peer.send_raw(format!("{bad}\0").as_bytes());
        loop {
            match peer.receive() {
                Message::Chat(_) => continue,
                Message::GameEnd { .. } => break,
                other => panic!("{bad}: {other:?}"),
            }
        }
        peer.send(&Message::GameEnd {
            reason: EndReason::Unknown,
            stop: false,
        });
    }
    // A message with no end at all is cut and reported.
    peer.send_raw(&[b'C'; 600]);
    peer.send_raw(b"\0");
    assert!(matches!(peer.receive(), Message::Chat(_)));
    still_serves(&mut peer);
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn a_dropped_connection_ends_the_game_and_the_follower_waits_for_the_next() {
    let (mut child, address) = follower(&[]);
    {
        let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
        peer.send(&request(Side::White));
        peer.receive_no_chat();
        peer.receive_no_chat();
        // Half a message, then the connection is gone.
        peer.send_raw(b"M00");
    }
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    still_serves(&mut peer);
    let mut rest = Vec::new();
    peer.stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let _ = peer.reader.read_to_end(&mut rest);
    assert!(child.try_wait().unwrap().is_none(), "the follower is alive");
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn the_match_runner_plays_damka_over_dxp() {
    let (mut child, address) = follower(&[]);
    let pdn_path = std::env::temp_dir().join(format!("damka-dxp-match-{}.pdn", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["match", "--variant", "international", "--engine1"])
        .arg(env!("CARGO_BIN_EXE_damka"))
        .arg("--engine2")
        .arg(format!("dxp:{address}"))
        .args([
            "--games",
            "4",
            "--depth",
            "2",
            "--concurrency",
            "2",
            "--seed",
            "0",
        ])
        .arg("--pdn")
        .arg(&pdn_path)
        .output()
        .unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("games: 4"), "{stdout}");
    assert!(
        !stdout.contains("illegal") && !stdout.contains("fault"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&pdn_path).unwrap();
    let _ = std::fs::remove_file(&pdn_path);
    assert_eq!(damka_rules::pdn::read(&text).unwrap().len(), 4);
}

/// Reads the follower's messages until it closes the connection; returns them.
fn until_closed(peer: &mut Peer) -> Vec<String> {
    std::iter::from_fn(|| peer.receive_text()).collect()
}

#[test]
fn a_flood_of_nul_bytes_gets_no_reply_and_the_follower_still_serves() {
    let (mut child, address) = follower(&[]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    peer.send_raw(&[0u8; 10_000]);
    // The first answer after the flood is the acceptance: no chat line per empty message.
    peer.send(&request(Side::Black));
    assert!(matches!(
        peer.receive(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn unreadable_messages_in_a_row_close_the_connection() {
    let (mut child, address) = follower(&[]);
    let mut peer = Peer::new(TcpStream::connect(&address).unwrap());
    peer.send_raw(&b"X1\0".repeat(100));
    let said = until_closed(&mut peer);
    assert_eq!(said.len(), 16, "{said:?}");
    assert!(said[15].contains("in a row, closing"), "{said:?}");
    // Others are still served.
    let mut other = Peer::new(TcpStream::connect(&address).unwrap());
    still_serves(&mut other);
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn connections_beyond_the_limit_are_refused_and_idle_ones_closed() {
    let (mut child, address) = follower(&["--max-connections", "2", "--idle-timeout", "2"]);
    let mut first = Peer::new(TcpStream::connect(&address).unwrap());
    let mut second = Peer::new(TcpStream::connect(&address).unwrap());
    for peer in [&mut first, &mut second] {
        still_serves(peer);
        // Out of the game, a connection may stay silent only the idle timeout.
        peer.send(&Message::GameEnd {
            reason: EndReason::Unknown,
            stop: false,
        });
    }
    let mut third = Peer::new(TcpStream::connect(&address).unwrap());
    let said = until_closed(&mut third);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("busy, serving 2 connections"), "{said:?}");
    // Silent for the idle timeout, the first two are closed.
    let started = std::time::Instant::now();
    for peer in [&mut first, &mut second] {
        let said = until_closed(peer);
        assert!(
            said.last()
                .is_some_and(|l| l.contains("nothing received for 2 s")),
            "{said:?}"
        );
    }
    assert!(started.elapsed() < Duration::from_secs(10));
    // Then there is room again.
    std::thread::sleep(Duration::from_millis(100));
    let mut fourth = Peer::new(TcpStream::connect(&address).unwrap());
    still_serves(&mut fourth);
    child.kill().unwrap();
    let _ = child.wait();
}

/// The virtual size of process `pid` in MiB (Linux).
fn virtual_mib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

#[test]
fn idle_connections_hold_no_engine() {
    let (mut child, address) = follower(&["--hash", "1024"]);
    let peers: Vec<Peer> = (0..10)
        .map(|_| Peer::new(TcpStream::connect(&address).unwrap()))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    if let Some(size) = virtual_mib(child.id()) {
        // Ten engines would reserve ten tables of 1 GiB.
        assert!(size < 3 * 1024, "{size} MiB for idle connections");
    }
    drop(peers);
    child.kill().unwrap();
    let _ = child.wait();
}
