//! `damka gui` through the real binary: the page is served over HTTP, and the WebSocket lists
//! legal moves, plays them, refuses bad requests without changing anything, and keeps each
//! connection's game to itself; a kept game comes back, results say why, a review marks a
//! blunder, engine lines are played, pasted and tower FENs are read, Ugolki's houses are given.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket, stream::MaybeTlsStream};

/// Generous: the machine may be busy with other builds.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The server, stopped when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:<port>`.
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    start_with(&[])
}

/// `damka gui` with more arguments.
fn start_with(extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["gui", "--port", "0", "--no-open"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the address is printed");
    let address = line
        .trim()
        .strip_prefix("damka gui: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server { child, address }
}

fn http_get(address: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(address).expect("connects");
    stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("a response");
    response
}

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(server: &Server) -> Socket {
    let (mut socket, _) =
        tungstenite::connect(format!("ws://{}/ws", server.address)).expect("the socket opens");
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    }
    socket
}

fn send(socket: &mut Socket, request: Value) {
    socket
        .send(Message::Text(request.to_string().into()))
        .expect("sent");
}

/// The next message of one of `types`, skipping search reports.
fn next(socket: &mut Socket, types: &[&str]) -> Value {
    let deadline = Instant::now() + TIMEOUT;
    while Instant::now() < deadline {
        let message = socket.read().expect("a message");
        let Message::Text(text) = message else {
            continue;
        };
        let value: Value = serde_json::from_str(text.as_str()).expect("JSON");
        if types.contains(&value["type"].as_str().unwrap_or("")) {
            return value;
        }
    }
    panic!("no message of {types:?} in time");
}

fn state(socket: &mut Socket) -> Value {
    send(socket, json!({"type": "state"}));
    next(socket, &["state"])
}

fn move_texts(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_page_and_its_files_are_served() {
    let server = start();
    let page = http_get(&server.address, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>damka</title>"));
    assert!(page.contains("app.js"));
    let script = http_get(&server.address, "/app.js");
    assert!(script.starts_with("HTTP/1.1 200"));
    assert!(script.contains("text/javascript"));
    assert!(http_get(&server.address, "/style.css").starts_with("HTTP/1.1 200"));
    assert!(page.contains("name=\"viewport\""), "no viewport meta tag");
    for icon in ["/favicon.svg", "/favicon.ico"] {
        let icon = http_get(&server.address, icon);
        assert!(icon.starts_with("HTTP/1.1 200") && icon.contains("image/svg+xml"));
    }
    assert!(http_get(&server.address, "/nothing").starts_with("HTTP/1.1 404"));
}

#[test]
fn moves_are_listed_played_and_refused() {
    let server = start();
    let mut socket = connect(&server);
    let first = next(&mut socket, &["state"]);
    assert_eq!(first["variant"], "russian");
    assert_eq!(first["board"]["cells"].as_array().unwrap().len(), 32);
    let moves = move_texts(&first);
    assert_eq!(moves.len(), 7);
    assert!(moves.contains(&"c3-d4".to_string()));
    let c3d4 = &first["moves"][2];
    assert_eq!(c3d4["path"], json!(["c3", "d4"]));

    send(
        &mut socket,
        json!({"type": "move", "text": "c3-d4", "ply": 0}),
    );
    let after = next(&mut socket, &["state", "error"]);
    assert_eq!(after["type"], "state");
    assert_eq!(after["side"], "black");
    assert_eq!(after["history"][0]["text"], "c3-d4");
    let fen = after["fen"].clone();

    // An illegal move, a stale request and a broken FEN are refused; nothing changes.
    send(
        &mut socket,
        json!({"type": "move", "text": "c3-d4", "ply": 1}),
    );
    let error = next(&mut socket, &["state", "error"]);
    assert_eq!(error["type"], "error");
    assert!(error["message"].as_str().unwrap().contains("illegal"));
    send(
        &mut socket,
        json!({"type": "move", "text": "f6-g5", "ply": 0}),
    );
    let error = next(&mut socket, &["state", "error"]);
    assert!(error["message"].as_str().unwrap().contains("stale"));
    send(&mut socket, json!({"type": "fen", "fen": "W:Wz9:Bq"}));
    let error = next(&mut socket, &["state", "error"]);
    assert_eq!(error["type"], "error");
    send(&mut socket, json!({"type": "new", "variant": "chess"}));
    assert_eq!(next(&mut socket, &["state", "error"])["type"], "error");
    send(&mut socket, json!({"type": "nonsense"}));
    assert_eq!(next(&mut socket, &["state", "error"])["type"], "error");
    let unchanged = state(&mut socket);
    assert_eq!(unchanged["fen"], fen);
    assert_eq!(unchanged["history"].as_array().unwrap().len(), 1);

    // The engine answers and its move is played; a take-back returns to before it.
    send(&mut socket, json!({"type": "go", "depth": 2, "ply": 1}));
    let best = next(&mut socket, &["bestmove", "error"]);
    assert_eq!(best["type"], "bestmove");
    let played = next(&mut socket, &["state", "error"]);
    assert_eq!(played["history"].as_array().unwrap().len(), 2);
    assert_eq!(played["history"][1]["text"], best["best"]);
    send(&mut socket, json!({"type": "takeback", "ply": 2}));
    let back = next(&mut socket, &["state", "error"]);
    assert_eq!(back["fen"], fen);

    // Viewing an earlier position changes nothing.
    send(&mut socket, json!({"type": "view", "ply": 0}));
    let view = next(&mut socket, &["view", "error"]);
    assert_eq!(view["fen"], first["fen"]);
    assert_eq!(state(&mut socket)["fen"], fen);
}

#[test]
fn connections_keep_their_own_games() {
    let server = start();
    let mut one = connect(&server);
    let mut two = connect(&server);
    let start_one = next(&mut one, &["state"]);
    next(&mut two, &["state"]);
    send(
        &mut two,
        json!({"type": "new", "variant": "bashni", "fen": "W:c3w,d4b,f6b:H0:F1"}),
    );
    let towers = next(&mut two, &["state", "error"]);
    assert_eq!(towers["variant"], "bashni");
    assert_eq!(move_texts(&towers), vec!["c3:e5:g7".to_string()]);
    send(
        &mut two,
        json!({"type": "move", "text": "c3:e5:g7", "ply": 0}),
    );
    let built = next(&mut two, &["state", "error"]);
    let g7 = built["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "g7")
        .expect("g7 is a square")
        .clone();
    assert_eq!(g7["stack"], "wbb");
    send(&mut one, json!({"type": "move", "text": "e3-f4", "ply": 0}));
    let mine = next(&mut one, &["state", "error"]);
    assert_eq!(mine["variant"], "russian");
    assert_ne!(mine["fen"], start_one["fen"]);
    assert_eq!(state(&mut two)["fen"], built["fen"]);
}

#[test]
fn pdn_goes_out_and_comes_back() {
    let server = start();
    let mut socket = connect(&server);
    next(&mut socket, &["state"]);
    for (ply, text) in ["c3-d4", "f6-e5", "d4:f6"].iter().enumerate() {
        send(
            &mut socket,
            json!({"type": "move", "text": text, "ply": ply}),
        );
        assert_eq!(next(&mut socket, &["state", "error"])["type"], "state");
    }
    send(&mut socket, json!({"type": "pdn_export"}));
    let pdn = next(&mut socket, &["pdn", "error"]);
    let text = pdn["text"].as_str().unwrap().to_string();
    assert!(text.contains("1. c3-d4 f6-e5 2. d4xf6"), "{text}");
    let played = state(&mut socket);
    send(
        &mut socket,
        json!({"type": "new", "variant": "international"}),
    );
    next(&mut socket, &["state"]);
    send(&mut socket, json!({"type": "pdn_import", "text": text}));
    let imported = next(&mut socket, &["state", "error"]);
    assert_eq!(imported["variant"], "russian");
    assert_eq!(imported["fen"], played["fen"]);
    send(
        &mut socket,
        json!({"type": "pdn_import", "text": "1. c3-d4 c3-d4 *"}),
    );
    assert_eq!(next(&mut socket, &["state", "error"])["type"], "error");
    assert_eq!(state(&mut socket)["fen"], played["fen"]);
    // A game type damka does not play is refused, not read as the current game.
    send(
        &mut socket,
        json!({"type": "pdn_import", "text": "[GameType \"99\"]\n1. c3-d4 *"}),
    );
    let refused = next(&mut socket, &["state", "error"]);
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or("")
            .contains("GameType 99"),
        "{refused}"
    );
    assert_eq!(state(&mut socket)["fen"], played["fen"]);
}

#[test]
fn another_sites_page_may_not_connect() {
    use tungstenite::client::IntoClientRequest;
    let server = start();
    let mut request = format!("ws://{}/ws", server.address)
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("Origin", "http://elsewhere.example".parse().unwrap());
    assert!(tungstenite::connect(request).is_err());
    // A host that only starts like a local one, with a page of that host as its origin.
    for host in ["127.0.0.1:evil", "localhost:80.example.com"] {
        let mut request = format!("ws://{}/ws", server.address)
            .into_client_request()
            .expect("a request");
        let headers = request.headers_mut();
        headers.insert("Host", host.parse().unwrap());
        headers.insert("Origin", format!("http://{host}").parse().unwrap());
        assert!(tungstenite::connect(request).is_err(), "{host}");
    }
    let mut page = connect(&server);
    assert_eq!(next(&mut page, &["state"])["type"], "state");
}

#[test]
fn the_page_starts_in_the_game_given_on_the_command_line() {
    let server = start_with(&["--variant", "ugolki", "--house", "triangle"]);
    let mut socket = connect(&server);
    let state = state(&mut socket);
    assert_eq!(state["variant"], "ugolki");
    assert!(
        state["fen"].as_str().unwrap().contains(":Htriangle"),
        "{}",
        state["fen"]
    );
    assert_eq!(state["start_fen"], state["fen"]);
}

/// The `state` that first fits `fits`, skipping the others and the search reports.
fn state_where(socket: &mut Socket, fits: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + TIMEOUT;
    while Instant::now() < deadline {
        let state = next(socket, &["state"]);
        if fits(&state) {
            return state;
        }
    }
    panic!("no fitting state in time");
}

fn history(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|p| p["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_kept_game_comes_back_and_ends_by_resignation() {
    let server = start();
    let mut socket = connect(&server);
    next(&mut socket, &["state"]);
    send(
        &mut socket,
        json!({"type": "new", "variant": "russian", "moves": ["c3-d4", "f6-g5"]}),
    );
    let kept = next(&mut socket, &["state", "error"]);
    assert_eq!(history(&kept), ["c3-d4", "f6-g5"]);
    send(
        &mut socket,
        json!({"type": "new", "variant": "russian", "moves": ["c3-d4", "c3-d4"]}),
    );
    let refused = next(&mut socket, &["state", "error"]);
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(history(&state(&mut socket)), ["c3-d4", "f6-g5"]);
    send(&mut socket, json!({"type": "resign", "side": "purple"}));
    assert_eq!(next(&mut socket, &["state", "error"])["type"], "error");
    send(&mut socket, json!({"type": "resign", "side": "white"}));
    let resigned = next(&mut socket, &["state", "error"]);
    assert_eq!(resigned["result"], "black wins", "{resigned}");
    assert_eq!(resigned["reason"], "White resigned");
    assert!(resigned["moves"].as_array().unwrap().is_empty());
    send(
        &mut socket,
        json!({"type": "move", "text": "g3-f4", "ply": 2}),
    );
    let over = next(&mut socket, &["state", "error"]);
    assert!(over["message"].as_str().unwrap().contains("over"), "{over}");
    send(
        &mut socket,
        json!({"type": "takeback", "count": 1, "ply": 2}),
    );
    let back = next(&mut socket, &["state", "error"]);
    assert_eq!(back["result"], "ongoing", "{back}");
    send(&mut socket, json!({"type": "draw"}));
    let agreed = next(&mut socket, &["state", "error"]);
    assert!(
        agreed["result"].as_str().unwrap().starts_with("draw"),
        "{agreed}"
    );
}

#[test]
fn a_finished_game_says_why_and_is_not_analysed() {
    let server = start();
    let mut socket = connect(&server);
    next(&mut socket, &["state"]);
    send(
        &mut socket,
        json!({"type": "new", "variant": "russian", "fen": "W:Wc3:Bd4", "moves": ["c3:e5"]}),
    );
    let over = next(&mut socket, &["state", "error"]);
    assert_eq!(over["result"], "white wins", "{over}");
    assert_eq!(over["reason"], "Black has no pieces left");
    assert_eq!(
        over["status"],
        "Game over: White wins (Black has no pieces left)"
    );
    send(&mut socket, json!({"type": "analyze"}));
    let refused = next(&mut socket, &["state", "error"]);
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("no legal move"),
        "{refused}"
    );
    // The position before the last move can be analysed.
    send(&mut socket, json!({"type": "analyze", "ply": 0}));
    let analysing = next(&mut socket, &["state", "error"]);
    assert_eq!(analysing["searching"], true, "{analysing}");
    assert_eq!(analysing["result"], "white wins", "the game is unchanged");
    let info = next(&mut socket, &["info"]);
    assert_eq!(info["ply"], 0);
    assert_eq!(info["analysis"], true);
    send(&mut socket, json!({"type": "stop"}));
    let stopped = state_where(&mut socket, |s| s["searching"] == false);
    assert_eq!(history(&stopped), ["c3:e5"]);
}

#[test]
fn a_review_marks_a_blunder_and_a_line_is_played() {
    let server = start();
    let mut socket = connect(&server);
    next(&mut socket, &["state"]);
    send(
        &mut socket,
        json!({"type": "new", "variant": "russian", "fen": "W:We3,a1:Bg5,h8",
               "moves": ["e3-f4", "g5:e3"]}),
    );
    next(&mut socket, &["state"]);
    send(&mut socket, json!({"type": "review", "depth": 5}));
    let reviewed = state_where(&mut socket, |s| s["reviewing"] == false);
    let marks: Vec<&Value> = reviewed["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["mark"])
        .collect();
    assert!(
        marks[0] == "??" || marks[0] == "?",
        "the man given away is not marked: {reviewed}"
    );
    assert!(
        marks[1].is_null(),
        "the forced capture is marked: {reviewed}"
    );
    // A line from the first position replaces the game's moves from there.
    send(
        &mut socket,
        json!({"type": "line", "ply": 0, "moves": ["e3-d4", "g5-f4"]}),
    );
    let played = next(&mut socket, &["state", "error"]);
    assert_eq!(history(&played), ["e3-d4", "g5-f4"], "{played}");
    send(
        &mut socket,
        json!({"type": "line", "ply": 1, "moves": ["h8-g7", "no-such"]}),
    );
    let refused = next(&mut socket, &["state", "error"]);
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(history(&state(&mut socket)), ["e3-d4", "g5-f4"]);
}

#[test]
fn pasted_fens_tower_fens_and_ugolki_houses() {
    let server = start();
    let mut socket = connect(&server);
    next(&mut socket, &["state"]);
    send(
        &mut socket,
        json!({"type": "fen", "fen": "[FEN \"W:Wc3:Bd6\"]"}),
    );
    let tag = next(&mut socket, &["state", "error"]);
    assert!(
        tag["fen"].as_str().unwrap().starts_with("W:Wc3:Bd6"),
        "{tag}"
    );
    send(
        &mut socket,
        json!({"type": "new", "variant": "bashni", "fen": "W:Wc3,Kd4:Bf6"}),
    );
    let towers = next(&mut socket, &["state", "error"]);
    assert!(
        towers["fen"].as_str().unwrap().starts_with("W:c3w,d4W,f6b"),
        "{towers}"
    );
    send(
        &mut socket,
        json!({"type": "new", "variant": "ugolki", "options": {"UgolkiHouse": "3x4"}}),
    );
    let ugolki = next(&mut socket, &["state", "error"]);
    assert!(
        ugolki["title"].as_str().unwrap().contains("3x4"),
        "{ugolki}"
    );
    let cells = ugolki["board"]["cells"].as_array().unwrap();
    let house = |side: &str| cells.iter().filter(|c| c["house"] == side).count();
    assert_eq!((house("white"), house("black")), (12, 12));
    assert!(
        ugolki["notes"][1]["text"]
            .as_str()
            .unwrap()
            .contains("move 40"),
        "{ugolki}"
    );
}
