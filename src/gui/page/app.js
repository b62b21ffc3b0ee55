// damka's board page: draws the state the server sends and turns clicks and drags into
// requests. The server decides everything (legal moves, results); the page only filters the
// legal move list by the squares chosen so far. Messages are described in docs/gui.md.
//
// The game is kept in the browser's local storage after every state, so that a reload, a
// closed tab or a restarted server finds it again.
"use strict";

const $ = (id) => document.getElementById(id);
const STORE = "damka.game";

const ui = {
  state: null,        // the last `state` message
  view: null,         // a `view` message while looking at an earlier position
  flipped: false,
  huff: null,         // Fuk: the huffed square chosen before the move
  path: [],           // the squares of the move chosen so far
  analysing: false,
  analysisPly: null,  // the ply of the position being analysed
  pendingAnalyze: false,
  lines: [],          // analysis lines by multipv
  evals: {},          // ply -> score seen in analysis or review
  review: null,       // {done, total} while a whole-game review runs
  editing: null,      // the board being edited: name -> stack
  editSaved: null,    // the setup sent from the editor, kept until it is accepted
  waitingGo: -1,      // the ply at which an engine move was asked for
  clock: null,        // see newClock()
  socket: null,
  connected: false,
  restoring: false,   // a kept game has been sent back to the server
  restored: false,    // the kept game was looked at for this connection
  verdict: null,      // the resign/flag/draw request that ended the game, to keep
  verdictSent: null,  // such a request sent and not yet answered
  dropped: false,     // the last move was dropped by a drag: it is not animated
  dropping: false,    // a drop is being handled
  resending: false,   // a kept resignation, flag or draw is being sent again
  initialState: null, // the server's first state, drawn if the kept game is refused
  drag: null,
  animate: null,      // {from, to} squares of a move to animate on the next render
  states: 0,          // how many states have arrived
};

// The page's state, for tests and the curious.
window.damka = ui;

// ---- the connection ------------------------------------------------------------------------

function connect() {
  let socket;
  try {
    socket = new WebSocket(`ws://${location.host}/ws`);
  } catch (e) {
    setTimeout(connect, 1000);
    return;
  }
  ui.socket = socket;
  socket.onopen = () => {
    ui.connected = true;
    ui.restored = false;
    ui.waitingGo = -1;
    renderConnection();
  };
  socket.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    receive(msg);
  };
  socket.onclose = () => {
    if (ui.socket !== socket) return;
    const was = ui.connected;
    ui.connected = false;
    ui.socket = null;
    if (was || ui.states > 0) pauseClock();
    renderConnection();
    if (ui.state) renderStatus();
    setTimeout(connect, 1000);
  };
}

function send(request) {
  if (ui.socket && ui.socket.readyState === WebSocket.OPEN) {
    ui.socket.send(JSON.stringify(request));
    return true;
  }
  message("Not connected to damka: the request was not sent.");
  return false;
}

// Says when the server is gone, and turns off the buttons that need it.
function renderConnection() {
  const bar = $("connection");
  const buttons = document.querySelectorAll("header button, #nav button, .box button, #editor button");
  if (ui.connected) {
    bar.hidden = true;
    for (const b of buttons) {
      b.disabled = false;
      if (b.dataset.why) { b.title = b.dataset.title || ""; delete b.dataset.why; }
    }
  } else {
    bar.hidden = false;
    bar.textContent = "Disconnected: the damka server does not answer. Trying again every second; " +
      "the game is kept and comes back when it does.";
    for (const b of buttons) {
      if (!b.dataset.why) { b.dataset.title = b.title; b.dataset.why = "1"; }
      b.disabled = true;
      b.title = "not connected to the damka server";
    }
  }
}

// Sends a resignation, a flag or a draw offer; it is kept with the game once accepted.
function sendVerdict(request) {
  ui.verdictSent = request;
  send(request);
}

function message(text, ok) {
  const box = $("message");
  box.textContent = text || "";
  box.className = ok ? "ok" : "";
}

function receive(msg) {
  switch (msg.type) {
    case "state": onState(msg); break;
    case "info": onInfo(msg); break;
    case "bestmove": onBestmove(msg); break;
    case "review": onReview(msg); break;
    case "view":
      if (ui.view && ui.view.ply + 1 === msg.ply) ui.animate = plyMove(msg.ply);
      ui.view = msg.ply >= ui.state.history.length ? null : msg;
      clearSelection();
      render();
      followAnalysis();
      break;
    case "pdn": $("pdn").value = msg.text; message("PDN exported below.", true); break;
    case "error": onError(msg); break;
  }
}

function onError(msg) {
  message(msg.message);
  ui.verdictSent = null;
  if (ui.pendingAnalyze) {
    ui.pendingAnalyze = false;
    ui.analysing = false;
    ui.lines = [];
    $("analyze").textContent = "Analyse";
  }
  if (ui.editSaved) {
    // The editor's position was refused: back to the editor with the same setup.
    const saved = ui.editSaved;
    ui.editSaved = null;
    startEditing(saved);
    message(msg.message);
    return;
  }
  if (ui.restoring) {
    ui.restoring = false;
    ui.verdict = null;
    message(`The kept game could not be restored: ${msg.message}`);
    if (ui.initialState) {
      const first = ui.initialState;
      ui.initialState = null;
      onState(first);
      message(`The kept game could not be restored: ${msg.message}`);
    }
    return;
  }
  clearSelection();
  render();
}

function onState(state) {
  if (!ui.restored) {
    ui.restored = true;
    if (restoreKept(state)) return;
  }
  const previous = ui.state;
  const sameGame = previous && previous.variant === state.variant &&
    previous.start_fen === state.start_fen;
  const newGame = !sameGame || state.history.length < previous.history.length;
  if (newGame) {
    ui.evals = {};
    ui.review = null;
  }
  if (sameGame && state.history.length === previous.history.length + 1 && !ui.view &&
      !ui.dropped) {
    ui.animate = plyMove(state.history.length, state);
  }
  ui.dropped = false;
  if (!ui.clock) ui.clock = newClock();
  if (previous && !ui.restoring) clockAfter(previous, state, newGame);
  else resumeClock(state);
  if (ui.restoring) {
    ui.restoring = false;
    // A game the players had ended (resigned, flag, draw agreed) is ended again.
    if (ui.verdict && state.result === "ongoing") sendVerdict(ui.verdict);
  } else if (state.result !== "ongoing") {
    if (ui.verdictSent) ui.verdict = ui.verdictSent;
    ui.verdictSent = null;
  } else if (!ui.resending) {
    ui.verdict = null;
  }
  ui.resending = false;
  ui.state = state;
  ui.states += 1;
  if (ui.view && ui.view.ply >= state.history.length) ui.view = null;
  if (!ui.analysing) ui.lines = [];
  ui.pendingAnalyze = false;
  ui.editSaved = null;
  // A search running means the engine's move was taken up; if it is dropped for analysis or
  // a review, the engine is asked again once they end.
  if (state.searching) ui.waitingGo = -1;
  if (!state.reviewing) ui.review = null;
  if ($("message").className !== "ok") message("");
  clearSelection();
  if (document.activeElement !== $("fen")) $("fen").value = state.fen;
  fillGames(state.games);
  if ($("variant").value !== state.variant && !ui.editing) {
    $("variant").value = state.variant;
    renderGameOptions();
  }
  document.title = `damka — ${state.title}`;
  keep();
  render();
  next();
}

// Asks the engine to move, or to analyse, when it is its turn.
function next() {
  const s = ui.state;
  if (!s || s.searching || ui.editing || !ui.connected || ui.restoring) return;
  if (ui.analysing) {
    sendAnalyze();
    return;
  }
  if (s.result !== "ongoing") return;
  const human = $("side").value;
  if (human !== "both" && s.side !== human && ui.waitingGo !== s.history.length) {
    ui.waitingGo = s.history.length;
    const depth = Number($("depth").value) || 0;
    const request = { type: "go", ply: s.history.length };
    const c = ui.clock;
    if (depth > 0) request.depth = depth;
    else if (c && c.base > 0) {
      request.wtime = Math.max(1, Math.round(clockLeft("white")));
      request.btime = Math.max(1, Math.round(clockLeft("black")));
      request.winc = c.inc;
      request.binc = c.inc;
    } else request.movetime = Math.max(1, Number($("movetime").value) || 1000);
    send(request);
    renderStatus();
  }
}

function sendAnalyze() {
  const s = ui.state;
  const ply = ui.view ? ui.view.ply : s.history.length;
  if (ply !== ui.analysisPly) ui.lines = [];
  ui.analysisPly = ply;
  ui.pendingAnalyze = true;
  send({ type: "analyze", multipv: Math.max(1, Number($("multipv").value) || 1), ply });
}

// Analysis follows the position looked at.
function followAnalysis() {
  if (!ui.analysing || !ui.state) return;
  const ply = ui.view ? ui.view.ply : ui.state.history.length;
  if (ply !== ui.analysisPly) {
    ui.lines = [];
    sendAnalyze();
  }
}

function onInfo(info) {
  ui.pendingAnalyze = false;
  if (!info.analysis) return; // the engine thinking of its own move: its lines stay hidden
  if (!ui.analysing || info.ply !== ui.analysisPly) return;
  ui.lines[info.multipv - 1] = info;
  if (info.multipv === 1) ui.evals[info.ply] = info.score;
  renderAnalysis();
  renderEval(info.score);
  renderGraph();
}

function onBestmove(msg) {
  if (ui.state && msg.best) ui.evals[ui.state.history.length] = msg.score;
}

function onReview(msg) {
  ui.review = { done: msg.done, total: msg.scores.length };
  msg.scores.forEach((score, ply) => { if (score) ui.evals[ply] = score; });
  renderAnalysis();
  renderGraph();
}

function scoreText(score) {
  if (score.mate !== null && score.mate !== undefined) {
    return score.mate > 0 ? `+M${score.mate}` : `-M${-score.mate}`;
  }
  const v = score.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

function scoreFraction(score) {
  if (score.mate !== null && score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 0.5 + 0.5 * Math.tanh(score.cp / 400);
}

// ---- keeping the game over reloads ---------------------------------------------------------

function optionValues(state, variant) {
  const game = state.games.find((g) => g.name === variant);
  const values = {};
  if (game) for (const o of game.options) values[o.name] = o.value;
  return values;
}

function keep() {
  const s = ui.state;
  if (!s || ui.restoring) return;
  const kept = {
    variant: s.variant,
    options: optionValues(s, s.variant),
    start_fen: s.start_fen,
    moves: s.history.map((p) => p.text),
    side: $("side").value,
    flipped: ui.flipped,
    verdict: ui.verdict,
    clock: ui.clock,
    saved: Date.now(),
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch (e) { /* storage full or off: the game is just not kept */ }
}

function readKept() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "null");
  } catch (e) {
    return null;
  }
}

// The game carried by the page's address (`#game=…`, made by the Link button), if any.
function fromLink() {
  const m = /^#game=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    const g = JSON.parse(decodeURIComponent(m[1]));
    return { variant: g.variant, options: g.options || {}, start_fen: g.start_fen,
      moves: Array.isArray(g.moves) ? g.moves : [], side: "both" };
  } catch (e) {
    return null;
  }
}

// Puts the game in the page's address, and on the clipboard when the browser lets it.
function makeLink() {
  const s = ui.state;
  if (!s) return;
  const game = { variant: s.variant, options: optionValues(s, s.variant), start_fen: s.start_fen,
    moves: s.history.map((p) => p.text) };
  const url = `${location.origin}${location.pathname}#game=${encodeURIComponent(JSON.stringify(game))}`;
  history.replaceState(null, "", url);
  $("pdn").value = url;
  message("The page's address now carries this game (also below).", true);
  try {
    navigator.clipboard.writeText(url).then(
      () => message("The game's link is copied, and in the page's address.", true), () => {});
  } catch (e) { /* no clipboard here: the address and the box below have the link */ }
}

// On a fresh connection: sends the kept game back if the server's differs (true: sent, the
// state that answers it is the one to draw).
function restoreKept(state) {
  ui.initialState = state;
  const link = fromLink();
  if (link) history.replaceState(null, "", location.pathname);
  const kept = link || readKept();
  if (!kept || typeof kept.variant !== "string" || !Array.isArray(kept.moves)) return false;
  if (["white", "black", "both"].includes(kept.side)) $("side").value = kept.side;
  ui.flipped = !!kept.flipped;
  if (kept.clock && typeof kept.clock === "object" && kept.clock.left) ui.clock = kept.clock;
  ui.verdict = kept.verdict || null;
  const same = state.variant === kept.variant && state.start_fen === kept.start_fen &&
    state.history.length === kept.moves.length &&
    state.history.every((p, i) => p.text === kept.moves[i]);
  if (same && !(ui.verdict && state.result === "ongoing")) return false;
  ui.restoring = true;
  ui.state = null;
  if (same) {
    ui.resending = true;
    sendVerdict(ui.verdict);
    ui.restoring = false;
    return false;
  }
  send({ type: "new", variant: kept.variant, options: kept.options || {}, fen: kept.start_fen,
    moves: kept.moves });
  return true;
}

// ---- the clocks ----------------------------------------------------------------------------

// base and inc in ms; left per side; running: the side whose clock runs, since when.
function newClock() {
  const base = Math.max(0, Number($("tc-base").value) || 0) * 60000;
  const inc = Math.max(0, Number($("tc-inc").value) || 0) * 1000;
  return { base, inc, left: { white: base, black: base }, used: { white: 0, black: 0 },
    running: null, since: null, paused: false, flagged: false };
}

function clockLeft(side) {
  const c = ui.clock;
  if (!c) return 0;
  let spent = 0;
  if (c.running === side && c.since !== null && !c.paused) spent = Date.now() - c.since;
  return c.base > 0 ? c.left[side] - spent : c.used[side] + spent;
}

function chargeRunning() {
  const c = ui.clock;
  if (!c || c.running === null || c.since === null || c.paused) return;
  const spent = Date.now() - c.since;
  if (c.base > 0) c.left[c.running] -= spent;
  else c.used[c.running] += spent;
  c.since = Date.now();
}

function pauseClock() {
  const c = ui.clock;
  if (!c) return;
  chargeRunning();
  c.paused = true;
  keep();
}

// A clock kept over a reload or a lost connection runs on from now, for the side to move.
function resumeClock(state) {
  const c = ui.clock;
  if (c.paused || c.since === null) c.since = Date.now();
  c.paused = false;
  c.running = state.result === "ongoing" ? state.side : null;
  if (c.running === null) c.since = null;
}

// Brings the clocks up to a new state: the mover's time is charged and its increment added.
function clockAfter(previous, state, newGame) {
  const c = ui.clock;
  if (c.paused) { c.paused = false; c.since = Date.now(); }
  chargeRunning();
  if (!newGame && state.history.length === previous.history.length + 1 && c.base > 0) {
    c.left[previous.side] += c.inc;
  }
  if (state.result === "ongoing") {
    c.running = state.side;
    c.since = Date.now();
  } else {
    c.running = null;
    c.since = null;
  }
}

function showClock() {
  const c = ui.clock;
  const s = ui.state;
  if (!c || !s) return;
  const fmt = (ms) => {
    const v = c.base > 0 ? Math.max(0, Math.ceil(ms / 1000)) : Math.floor(ms / 1000);
    return `${Math.floor(v / 60)}:${String(v % 60).padStart(2, "0")}`;
  };
  for (const side of ["white", "black"]) {
    const el = $(`clock-${side}`);
    const left = clockLeft(side);
    el.textContent = `${side === "white" ? "White" : "Black"} ${fmt(left)}`;
    el.className = "clock" + (c.running === side && !c.paused ? " running" : "") +
      (c.base > 0 && left < 10000 ? " low" : "");
  }
  $("clock").textContent = c.base > 0
    ? `${c.base / 60000} min + ${c.inc / 1000} s a move${c.paused ? " (stopped: not connected)" : ""}`
    : `time used${c.paused ? " (stopped: not connected)" : ""}`;
  if (c.base > 0 && c.running && !c.paused && !c.flagged && clockLeft(c.running) <= 0 &&
      s.result === "ongoing" && ui.connected) {
    c.flagged = true;
    sendVerdict({ type: "flag", side: c.running });
  }
}

// ---- selection -----------------------------------------------------------------------------

function clearSelection() {
  ui.huff = null;
  ui.path = [];
}

function startsWith(path, prefix) {
  return prefix.every((sq, i) => path[i] === sq);
}

// The legal moves that fit the squares chosen so far.
function candidates() {
  return ui.state.moves.filter((m) => (m.huff || null) === ui.huff && startsWith(m.path, ui.path));
}

function play(move) {
  clearSelection();
  ui.dropped = !!ui.dropping;
  send({ type: "move", text: move.text, ply: ui.state.history.length });
}

function cellByName(name) {
  return board().cells.find((c) => c.name === name);
}

// Why no legal move starts on `name`.
function whyNot(name) {
  const s = ui.state;
  const moves = s.moves.filter((m) => (m.huff || null) === ui.huff);
  const capturing = [...new Set(moves.filter((m) => m.captured.length > 0).map((m) => m.path[0]))];
  if (s.variant !== "fuk" && moves.length > 0 && capturing.length > 0 &&
      moves.every((m) => m.captured.length > 0)) {
    return `A capture is compulsory: ${capturing.join(", ")} can capture.`;
  }
  const cell = cellByName(name);
  const top = cell && cell.stack ? cell.stack[0].toLowerCase() : "";
  if (!top) return `Illegal: ${name} is empty; choose one of your pieces.`;
  if ((top === "w") !== (s.side === "white")) return `Illegal: the piece on ${name} is not yours.`;
  return `Illegal: the piece on ${name} cannot move.`;
}

function clickSquare(name) {
  if (ui.editing) {
    editSquare(name);
    return;
  }
  const s = ui.state;
  if (!s) return;
  if (!ui.connected) {
    message("Not connected to damka: wait until the server answers again.");
    return;
  }
  if (ui.view) {
    message("You are looking at an earlier position; press >| to play on.");
    return;
  }
  if (s.result !== "ongoing") {
    message(`The game is over: ${s.status}.`);
    return;
  }
  if (s.reviewing) {
    message("Wait: the game is being reviewed.");
    return;
  }
  if (s.searching && !ui.analysing) {
    message("Wait for the engine's move.");
    return;
  }
  const human = $("side").value;
  if (human !== "both" && s.side !== human) {
    message("It is the engine's turn.");
    return;
  }
  if (ui.path.length === 0) {
    if (ui.huff === name) {
      ui.huff = null;
      message("");
      render();
      return;
    }
    if (ui.huff === null && s.moves.some((m) => m.huff === name)) {
      ui.huff = name;
      message(`Huff ${name}: now make your move.`, true);
      render();
      return;
    }
    const fits = candidates().filter((m) => m.path[0] === name);
    if (fits.length === 0) {
      message(whyNot(name));
      render();
      return;
    }
    ui.path = [name];
    message("");
    render();
    return;
  }
  const moves = candidates();
  const longer = ui.path.concat([name]);
  const exact = moves.filter((m) => m.path.length === longer.length && startsWith(m.path, longer));
  if (exact.length > 0) {
    play(exact[0]);
    return;
  }
  if (moves.some((m) => startsWith(m.path, longer))) {
    ui.path = longer;
    render();
    return;
  }
  const ending = moves.filter((m) => m.path[m.path.length - 1] === name);
  if (ending.length === 1) {
    play(ending[0]);
    return;
  }
  if (ending.length > 1) {
    message(`Several moves end on ${name}: click the squares on the way.`);
    return;
  }
  if (name === ui.path[ui.path.length - 1]) return;
  const from = s.moves.filter((m) => (m.huff || null) === ui.huff && m.path[0] === name);
  if (from.length > 0) {
    ui.path = [name];
    message("");
    render();
    return;
  }
  message(`Illegal: ${ui.path.join("-")} cannot go on to ${name}.`);
  clearSelection();
  render();
}

// ---- drag and drop -------------------------------------------------------------------------

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest ? el.closest("#board [data-square]") : null;
  return sq ? sq.dataset.square : null;
}

function onPointerDown(event) {
  if (event.button !== undefined && event.button !== 0) return;
  const sq = event.target.closest ? event.target.closest("[data-square]") : null;
  if (!sq) return;
  event.preventDefault();
  const name = sq.dataset.square;
  clickSquare(name);
  if (!ui.editing && ui.path.length === 1 && ui.path[0] === name) {
    ui.drag = { from: name, x: event.clientX, y: event.clientY, ghost: null };
  }
}

function onPointerMove(event) {
  const d = ui.drag;
  if (!d) return;
  if (!d.ghost) {
    if (Math.hypot(event.clientX - d.x, event.clientY - d.y) < 5) return;
    const cell = cellByName(d.from);
    const origin = document.querySelector(`#board [data-square="${d.from}"]`);
    if (!cell || !origin) return;
    const size = origin.getBoundingClientRect().width;
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.style.setProperty("--sq", `${size}px`);
    ghost.style.width = `${size}px`;
    ghost.style.height = `${size}px`;
    ghost.appendChild(pieceElement(cell.stack));
    document.body.appendChild(ghost);
    d.ghost = ghost;
    d.size = size;
    const piece = origin.querySelector(".piece");
    if (piece) piece.classList.add("dragging");
  }
  d.ghost.style.left = `${event.clientX - d.size / 2}px`;
  d.ghost.style.top = `${event.clientY - d.size / 2}px`;
}

function onPointerUp(event) {
  const d = ui.drag;
  if (!d) return;
  ui.drag = null;
  if (!d.ghost) return; // a click: the square was chosen on the way down
  d.ghost.remove();
  const target = squareAt(event.clientX, event.clientY);
  if (target && target !== d.from) {
    ui.dropping = true;
    clickSquare(target);
    ui.dropping = false;
  } else render();
}

// ---- drawing -------------------------------------------------------------------------------

function board() {
  return ui.view ? ui.view.board : ui.state.board;
}

function stackOf(cell) {
  if (ui.editing) return ui.editing[cell.name] || "";
  return cell.stack;
}

function discClass(ch) {
  return (ch.toLowerCase() === "w" ? "pw" : "pb") + (ch === "W" || ch === "B" ? " king" : "");
}

// A piece or a tower: the top piece whole, up to four layers under it, and the height.
function pieceElement(stack) {
  const wrap = document.createElement("div");
  wrap.className = "piece " + (stack.length === 1 ? "single" : "tower");
  const shown = stack.slice(1, 5);
  // The layers from the bottom up: the piece just under the top is drawn highest.
  for (let i = shown.length - 1, row = 0; i >= 0; i--, row++) {
    const layer = document.createElement("div");
    layer.className = "layer " + discClass(shown[i]);
    layer.style.bottom = `${4 + row * 11}%`;
    wrap.appendChild(layer);
  }
  const top = document.createElement("div");
  top.className = "disc top " + discClass(stack[0]);
  if (stack[0] === "W" || stack[0] === "B") top.textContent = "K";
  wrap.appendChild(top);
  wrap.title = stack.length > 1 ? `tower of ${stack.length}, top first: ${stack}` : "";
  return wrap;
}

// The board's square size for the window: the whole board fits the width on a phone.
function squareSize(b) {
  const n = Math.max(b.files, b.ranks);
  const w = document.documentElement.clientWidth || window.innerWidth;
  let avail;
  if (w >= 860) {
    avail = Math.min(760, w - 480, Math.max(320, window.innerHeight - 150));
  } else {
    avail = Math.min(600, w - 54);
  }
  return Math.max(22, Math.floor(avail / n));
}

function render() {
  const s = ui.state;
  if (!s) return;
  const b = board();
  const el = $("board");
  const size = squareSize(b);
  el.style.setProperty("--sq", `${size}px`);
  el.style.gridTemplateColumns = `16px repeat(${b.files}, ${size}px)`;
  el.style.gridTemplateRows = `repeat(${b.ranks}, ${size}px) 16px`;
  el.innerHTML = "";
  const byPos = {};
  for (const cell of b.cells) byPos[`${cell.file},${cell.rank}`] = cell;
  const moves = ui.view || ui.editing ? [] : candidates();
  const dests = new Set();
  if (ui.path.length > 0) {
    for (const m of moves) {
      if (m.path.length > ui.path.length) dests.add(m.path[ui.path.length]);
      dests.add(m.path[m.path.length - 1]);
    }
  }
  const last = lastMoveSquares();
  for (let row = 0; row < b.ranks; row++) {
    const rank = ui.flipped ? row : b.ranks - 1 - row;
    const label = document.createElement("div");
    label.className = "coord rank";
    label.textContent = String(rank + 1);
    el.appendChild(label);
    for (let col = 0; col < b.files; col++) {
      const file = ui.flipped ? b.files - 1 - col : col;
      const cell = byPos[`${file},${rank}`];
      const sq = document.createElement("div");
      sq.className = "sq " + ((file + rank) % 2 === 0 ? "dark" : "light");
      if (cell) {
        sq.dataset.square = cell.name;
        if (cell.house) sq.classList.add(`house-${cell.house}`);
        if (b.numbered) {
          const num = document.createElement("span");
          num.className = "num";
          num.textContent = cell.name;
          sq.appendChild(num);
        }
        const stack = stackOf(cell);
        if (stack) {
          sq.appendChild(pieceElement(stack));
          if (stack.length > 1) {
            const h = document.createElement("span");
            h.className = "height " + (stack[0].toLowerCase() === "w" ? "ow" : "ob");
            h.textContent = String(stack.length);
            h.title = `${stack.length} pieces, top first: ${stack}`;
            sq.appendChild(h);
          }
        }
        if (ui.path.includes(cell.name)) sq.classList.add("sel");
        if (ui.huff === cell.name) sq.classList.add("huffsq");
        if (dests.has(cell.name)) sq.classList.add("dest");
        if (last.includes(cell.name) && ui.path.length === 0) sq.classList.add("last");
      }
      el.appendChild(sq);
    }
  }
  el.appendChild(document.createElement("div"));
  for (let col = 0; col < b.files; col++) {
    const file = ui.flipped ? b.files - 1 - col : col;
    const label = document.createElement("div");
    label.className = "coord";
    label.textContent = String.fromCharCode(97 + file);
    el.appendChild(label);
  }
  $("evalbar").classList.toggle("flipped", ui.flipped);
  runAnimation();
  renderStatus();
  renderMoves();
  renderAnalysis();
  renderGraph();
}

// The start and end squares of the move of ply `ply` (1-based).
function plyMove(ply, state) {
  const s = state || ui.state;
  if (!s || ply < 1 || ply > s.history.length) return null;
  const squares = s.history[ply - 1].text.replace(/^[^*]*\*/, "").split(/[-:x]/);
  return { from: squares[0], to: squares[squares.length - 1] };
}

// Slides the piece just moved from its start square to where it is now drawn.
function runAnimation() {
  const a = ui.animate;
  ui.animate = null;
  if (!a || a.from === a.to) return;
  const from = document.querySelector(`#board [data-square="${a.from}"]`);
  const to = document.querySelector(`#board [data-square="${a.to}"]`);
  const piece = to && to.querySelector(".piece");
  if (!from || !piece) return;
  const f = from.getBoundingClientRect();
  const t = to.getBoundingClientRect();
  piece.style.transition = "none";
  piece.style.transform = `translate(${f.left - t.left}px, ${f.top - t.top}px)`;
  piece.style.zIndex = "20";
  requestAnimationFrame(() => requestAnimationFrame(() => {
    piece.style.transition = "transform 0.18s ease-out";
    piece.style.transform = "";
  }));
}

function lastMoveSquares() {
  const s = ui.state;
  const ply = ui.view ? ui.view.ply : s.history.length;
  if (ply === 0) return [];
  const text = s.history[ply - 1].text;
  return text.replace(/^[^*]*\*/, "").split(/[-:x]/);
}

function renderStatus() {
  const s = ui.state;
  let status = `${s.title} — ${s.result === "ongoing" ? s.status : "game over"}`;
  const human = $("side").value;
  if (!ui.connected) status = `${s.title} — disconnected from damka`;
  else if (ui.view) status = `${s.title} — viewing ply ${ui.view.ply} of ${s.history.length}`;
  else if (s.reviewing) status = `${s.title} — reviewing the game…`;
  else if (s.searching && !ui.analysing && s.result === "ongoing") {
    status = `${s.title} — the engine (${s.side}) is thinking…`;
  } else if (s.result === "ongoing" && human !== "both") {
    status += s.side === human ? " (you)" : " (the engine)";
    if (s.side !== human && ui.analysing) status += ": it waits while you analyse";
  }
  $("status").textContent = status;
  $("result").textContent = s.result !== "ongoing" ? `Result: ${s.status.replace(/^Game over: /, "")}` : "";
  const counters = $("counters");
  counters.textContent = s.counters.length ? `Draw rules: ${s.counters.join("; ")}` : "";
  const notes = $("notes");
  notes.textContent = "";
  for (const note of s.notes || []) {
    const div = document.createElement("div");
    div.className = "note" + (note.warn ? " warn" : "");
    div.textContent = note.text;
    notes.appendChild(div);
  }
  const over = s.result !== "ongoing";
  $("resign").disabled = !ui.connected || over;
  $("draw").disabled = !ui.connected || over;
  $("review").textContent = s.reviewing ? "Stop review" : "Review game";
}

// ---- the games and their own options, as the server lists them ----------------------------

// Fills the game list once.
function fillGames(games) {
  const select = $("variant");
  if (select.options.length === games.length) return;
  select.textContent = "";
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.name;
    option.textContent = game.title;
    select.appendChild(option);
  }
  renderGameOptions();
}

// The controls of the options of the game chosen in the list, at their values now.
function renderGameOptions() {
  const box = $("game-options");
  box.textContent = "";
  const game = (ui.state ? ui.state.games : []).find((g) => g.name === $("variant").value);
  if (!game) return;
  for (const option of game.options) {
    const label = document.createElement("label");
    label.title = option.doc;
    label.append(option.label + " ");
    let input;
    if (option.kind === "combo") {
      input = document.createElement("select");
      for (const choice of option.choices) {
        const item = document.createElement("option");
        item.value = choice;
        item.textContent = choice;
        input.appendChild(item);
      }
      input.value = option.value;
    } else if (option.kind === "check") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = option.value === "true";
    } else {
      input = document.createElement("input");
      input.value = option.value;
    }
    input.dataset.option = option.name;
    label.appendChild(input);
    box.appendChild(label);
  }
}

// The values of the option controls, by option name.
function gameOptionValues() {
  const values = {};
  for (const input of $("game-options").querySelectorAll("[data-option]")) {
    values[input.dataset.option] = input.type === "checkbox" ? String(input.checked) : input.value;
  }
  return values;
}

function moveNumbering() {
  const fen = ui.state.start_fen;
  const whiteFirst = !/^\s*[Bb]/.test(fen);
  const f = /:F(\d+)/.exec(fen);
  return { number: f ? Number(f[1]) : 1, whiteFirst };
}

function renderMoves() {
  const s = ui.state;
  const list = $("movelist");
  list.innerHTML = "";
  let { number, whiteFirst } = moveNumbering();
  let white = whiteFirst;
  const current = ui.view ? ui.view.ply : s.history.length;
  let currentEl = null;
  if (s.history.length === 0) {
    const none = document.createElement("span");
    none.className = "none";
    none.textContent = "No moves yet.";
    list.appendChild(none);
  }
  s.history.forEach((ply, i) => {
    if (white || i === 0) {
      const n = document.createElement("span");
      n.textContent = white ? `${number}.` : `${number}...`;
      list.appendChild(n);
    }
    const mv = document.createElement("span");
    mv.className = "mv" + (i + 1 === current ? " current" : "");
    if (ply.mark === "?") mv.classList.add("mistake");
    if (ply.mark === "??") mv.classList.add("blunder");
    mv.dataset.ply = String(i + 1);
    mv.textContent = ply.text;
    if (ply.mark) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = ply.mark;
      mark.title = ply.mark === "??" ? "a blunder" : "a mistake";
      mv.appendChild(mark);
    }
    mv.addEventListener("click", () => viewPly(i + 1));
    list.appendChild(mv);
    list.appendChild(document.createTextNode(" "));
    if (i + 1 === current) currentEl = mv;
    if (!white) number += 1;
    white = !white;
  });
  if (currentEl && !ui.view) list.scrollTop = list.scrollHeight;
  else if (currentEl) {
    const top = currentEl.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) list.scrollTop = top - 40;
  }
}

function viewPly(ply) {
  const s = ui.state;
  if (!s || ui.editing) return;
  const current = ui.view ? ui.view.ply : s.history.length;
  ply = Math.max(0, Math.min(ply, s.history.length));
  if (ply === current) return;
  if (ply >= s.history.length) {
    if (current + 1 === ply) ui.animate = plyMove(ply);
    ui.view = null;
    clearSelection();
    render();
    followAnalysis();
    return;
  }
  send({ type: "view", ply });
}

function renderAnalysis() {
  const box = $("analysis");
  box.innerHTML = "";
  if (ui.review) {
    const div = document.createElement("div");
    div.textContent = `Reviewing the game: ${ui.review.done} of ${ui.review.total} positions…`;
    box.appendChild(div);
  }
  if (!ui.analysing) {
    const marks = ui.state ? ui.state.history.filter((p) => p.mark) : [];
    if (!ui.review && ui.state && ui.state.history.some((p) => p.mark !== null && p.mark !== undefined)) {
      const div = document.createElement("div");
      const blunders = marks.filter((p) => p.mark === "??").length;
      div.textContent = `Review: ${marks.length - blunders} mistakes (?), ${blunders} blunders (??).`;
      box.appendChild(div);
    }
    return;
  }
  if (ui.lines.length === 0) {
    const div = document.createElement("div");
    div.textContent = "Analysing…";
    box.appendChild(div);
  }
  for (const line of ui.lines) {
    if (!line) continue;
    const div = document.createElement("div");
    div.className = "line";
    div.append(`${line.multipv}. ${scoreText(line.score)} d${line.depth} `);
    line.pv.forEach((text, k) => {
      const mv = document.createElement("span");
      mv.className = "pvmove";
      mv.textContent = text;
      mv.title = "play the line up to here on the board";
      mv.addEventListener("click", () => playLine(line, k + 1));
      div.appendChild(mv);
      div.append(" ");
    });
    box.appendChild(div);
  }
  const first = ui.lines[0];
  if (first) {
    const stats = document.createElement("div");
    stats.textContent = `depth ${first.depth}/${first.seldepth} nodes ${first.nodes} ` +
      `nps ${first.nps} time ${(first.time_ms / 1000).toFixed(1)} s`;
    box.appendChild(stats);
  }
}

// Puts the first `count` moves of an analysis line on the board, from the position analysed
// (later moves of the game are cut off).
function playLine(line, count) {
  const s = ui.state;
  if (!s) return;
  const cut = s.history.length - line.ply;
  ui.view = null;
  ui.waitingGo = -1;
  send({ type: "line", ply: line.ply, moves: line.pv.slice(0, count) });
  message(cut > 0 ? `The line was played from ply ${line.ply}; the ${cut} later plies were cut.` :
    "The line was played on the board.", true);
}

function renderEval(score) {
  $("evalfill").style.height = `${(100 * scoreFraction(score)).toFixed(1)}%`;
}

function scoreAt(ply) {
  const s = ui.state;
  const played = ply > 0 && ply <= s.history.length ? s.history[ply - 1].score : null;
  return played || ui.evals[ply] || null;
}

function renderGraph() {
  const s = ui.state;
  const svg = $("graph");
  if (!s) return;
  const total = s.history.length;
  const w = 300;
  const h = 80;
  const x = (ply) => (total === 0 ? 0 : (ply / total) * w);
  const y = (f) => (h - f * h).toFixed(1);
  const points = [];
  for (let ply = 0; ply <= total; ply++) {
    const score = scoreAt(ply);
    if (score) points.push([ply, scoreFraction(score)]);
  }
  const line = points.map(([p, f]) => `${x(p).toFixed(1)},${y(f)}`).join(" ");
  let marks = "";
  s.history.forEach((p, i) => {
    if (!p.mark) return;
    const score = scoreAt(i + 1);
    const f = score ? scoreFraction(score) : 0.5;
    const colour = p.mark === "??" ? "#d01010" : "#d07000";
    marks += `<circle class="gmark ${p.mark === "??" ? "blunder" : "mistake"}" cx="${x(i + 1).toFixed(1)}" ` +
      `cy="${y(f)}" r="4" fill="${colour}"/>`;
  });
  const current = ui.view ? ui.view.ply : total;
  svg.innerHTML = `<line x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}" stroke="#bbb"/>` +
    (total > 0 ? `<line x1="${x(current)}" y1="0" x2="${x(current)}" y2="${h}" stroke="#2a8df0" stroke-dasharray="2,2"/>` : "") +
    (line ? `<polyline fill="none" stroke="#333" stroke-width="1.5" points="${line}"/>` : "") + marks;
  const here = scoreAt(current);
  if (here) renderEval(here);
  else if (!ui.analysing) $("evalfill").style.height = "50%";
}

// ---- the board editor ----------------------------------------------------------------------

function startEditing(saved) {
  const s = ui.state;
  if (!s) return;
  stopAnalysis();
  ui.view = null;
  ui.editing = {};
  if (saved) {
    Object.assign(ui.editing, saved.stacks);
    $("edit-side").value = saved.side;
  } else {
    for (const cell of s.board.cells) ui.editing[cell.name] = cell.stack;
    $("edit-side").value = s.side === "white" ? "W" : "B";
  }
  for (const k of document.querySelectorAll("#palette .kings")) k.hidden = !s.board.kings;
  $("under-label").hidden = !s.board.stacks;
  $("editor").hidden = false;
  $("edit").textContent = "Stop editing";
  clearSelection();
  render();
}

function stopEditing() {
  ui.editing = null;
  $("editor").hidden = true;
  $("edit").textContent = "Edit board";
  render();
}

function chosenPiece() {
  const checked = document.querySelector('#palette input[name="piece"]:checked');
  return checked ? checked.value : "w";
}

function editSquare(name) {
  const piece = chosenPiece();
  const now = ui.editing[name] || "";
  if (piece === "") ui.editing[name] = "";
  else if (ui.state.board.stacks && $("edit-under").checked && now) ui.editing[name] = now + piece;
  else ui.editing[name] = now === piece ? "" : piece;
  render();
}

function editedFen() {
  const s = ui.state;
  const side = $("edit-side").value;
  const cells = s.board.cells;
  if (s.board.stacks) {
    const items = cells.filter((c) => ui.editing[c.name]).map((c) => c.algebraic + ui.editing[c.name]);
    return `${side}:${items.join(",")}`;
  }
  const list = (colour) => cells
    .filter((c) => (ui.editing[c.name] || "").toLowerCase() === colour)
    .map((c) => (ui.editing[c.name] === colour.toUpperCase() ? "K" : "") + c.name);
  return `${side}:W${list("w").join(",")}:B${list("b").join(",")}`;
}

// ---- controls ------------------------------------------------------------------------------

function stopAnalysis() {
  if (ui.analysing) {
    ui.analysing = false;
    ui.lines = [];
    $("analyze").textContent = "Analyse";
    send({ type: "stop" });
    if (ui.state) renderAnalysis();
  }
}

function humanSide() {
  return $("side").value;
}

function engineSide() {
  const human = humanSide();
  return human === "both" ? null : human === "white" ? "black" : "white";
}

function bind() {
  $("new").addEventListener("click", () => {
    stopAnalysis();
    ui.waitingGo = -1;
    ui.verdict = null;
    ui.clock = newClock();
    ui.flipped = humanSide() === "black";
    ui.view = null;
    send({ type: "new", variant: $("variant").value, options: gameOptionValues() });
    message("");
  });
  $("variant").addEventListener("change", renderGameOptions);
  $("side").addEventListener("change", () => {
    // The engine takes over the other side at once if it is its turn.
    ui.waitingGo = -1;
    if (humanSide() !== "both") ui.flipped = humanSide() === "black";
    keep();
    if (ui.state) render();
    next();
  });
  $("takeback").addEventListener("click", () => {
    const s = ui.state;
    if (!s || s.history.length === 0) return;
    // Against the engine, take back to the human's last turn.
    const human = humanSide();
    const count = human !== "both" && s.side === human && s.history.length >= 2 ? 2 : 1;
    ui.waitingGo = -1;
    ui.verdict = null;
    if (ui.clock) ui.clock.flagged = false;
    send({ type: "takeback", count, ply: s.history.length });
  });
  $("resign").addEventListener("click", () => {
    const s = ui.state;
    if (!s) return;
    const side = humanSide() === "both" ? s.side : humanSide();
    sendVerdict({ type: "resign", side });
  });
  $("draw").addEventListener("click", () => {
    const engine = engineSide();
    const request = engine ? { type: "draw", engine } : { type: "draw" };
    sendVerdict(request);
  });
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
    keep();
    render();
  });
  $("edit").addEventListener("click", () => (ui.editing ? stopEditing() : startEditing()));
  $("edit-cancel").addEventListener("click", stopEditing);
  $("edit-clear").addEventListener("click", () => {
    for (const name of Object.keys(ui.editing || {})) ui.editing[name] = "";
    render();
  });
  $("edit-apply").addEventListener("click", () => {
    const fen = editedFen();
    ui.editSaved = { stacks: Object.assign({}, ui.editing), side: $("edit-side").value };
    stopEditing();
    ui.waitingGo = -1;
    ui.clock = newClock();
    send({ type: "fen", fen });
  });
  $("analyze").addEventListener("click", () => {
    if (ui.analysing) {
      stopAnalysis();
      return;
    }
    ui.analysing = true;
    ui.lines = [];
    $("analyze").textContent = "Stop";
    if (ui.state && ui.state.searching) send({ type: "stop" });
    sendAnalyze();
    renderAnalysis();
  });
  $("review").addEventListener("click", () => {
    const s = ui.state;
    if (!s) return;
    if (s.reviewing) {
      send({ type: "stop" });
      return;
    }
    stopAnalysis();
    const depth = Number($("depth").value) || 0;
    const request = { type: "review" };
    if (depth > 0) request.depth = depth;
    else request.movetime = 200;
    ui.review = { done: 0, total: s.history.length + 1 };
    send(request);
    renderAnalysis();
  });
  const setFen = () => {
    stopAnalysis();
    ui.waitingGo = -1;
    ui.clock = newClock();
    send({ type: "fen", fen: $("fen").value });
  };
  $("fen-set").addEventListener("click", setFen);
  $("fen").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      setFen();
    }
  });
  $("pdn-export").addEventListener("click", () => send({ type: "pdn_export" }));
  $("link").addEventListener("click", makeLink);
  $("pdn-import").addEventListener("click", () => {
    stopAnalysis();
    ui.waitingGo = -1;
    send({ type: "pdn_import", text: $("pdn").value });
  });
  const current = () => (ui.view ? ui.view.ply : ui.state.history.length);
  $("first").addEventListener("click", () => ui.state && viewPly(0));
  $("back").addEventListener("click", () => ui.state && viewPly(current() - 1));
  $("forward").addEventListener("click", () => ui.state && viewPly(current() + 1));
  $("last").addEventListener("click", () => ui.state && viewPly(ui.state.history.length));
  $("graph").addEventListener("click", (event) => {
    const s = ui.state;
    if (!s || s.history.length === 0) return;
    const r = $("graph").getBoundingClientRect();
    viewPly(Math.round(((event.clientX - r.left) / r.width) * s.history.length));
  });
  document.addEventListener("keydown", (event) => {
    const tag = event.target.tagName;
    if (!ui.state || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    const keys = {
      ArrowLeft: () => viewPly(current() - 1),
      ArrowRight: () => viewPly(current() + 1),
      ArrowUp: () => viewPly(0),
      Home: () => viewPly(0),
      ArrowDown: () => viewPly(ui.state.history.length),
      End: () => viewPly(ui.state.history.length),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });
  const boardEl = $("board");
  boardEl.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", () => {
    if (ui.drag && ui.drag.ghost) ui.drag.ghost.remove();
    ui.drag = null;
  });
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => ui.state && render(), 100);
  });
  setInterval(showClock, 200);
}

bind();
renderConnection();
connect();
