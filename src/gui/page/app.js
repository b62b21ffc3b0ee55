// damka's board page: draws the state the server sends and turns clicks into requests.
// The server decides everything (legal moves, results); the page only filters the legal
// move list by the squares clicked so far. Messages are described in docs/gui.md.
"use strict";

const $ = (id) => document.getElementById(id);

const ui = {
  state: null,        // the last `state` message
  view: null,         // a `view` message while looking at an earlier position
  flipped: false,
  huff: null,         // Fuk: the huffed square chosen before the move
  path: [],           // the squares of the move clicked so far
  analysing: false,
  lines: [],          // analysis lines by multipv
  evals: {},          // ply -> score seen in analysis
  editing: null,      // the board being edited: name -> stack
  waitingGo: -1,      // the ply at which an engine move was asked for
  clock: { white: 0, black: 0, since: null, side: null },
  socket: null,
  states: 0,          // how many states have arrived
};

// The page's state, for tests and the curious.
window.damka = ui;

function connect() {
  const socket = new WebSocket(`ws://${location.host}/ws`);
  ui.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => message("The connection to damka is closed; reload the page.");
}

function send(request) {
  if (ui.socket && ui.socket.readyState === WebSocket.OPEN) {
    ui.socket.send(JSON.stringify(request));
  } else {
    message("Not connected to damka.");
  }
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
    case "view": ui.view = msg; clearSelection(); render(); break;
    case "pdn": $("pdn").value = msg.text; message("PDN exported below.", true); break;
    case "error": message(msg.message); clearSelection(); render(); break;
  }
}

function onState(state) {
  const previous = ui.state;
  const newGame = !previous || previous.variant !== state.variant ||
    previous.start_fen !== state.start_fen || state.history.length < previous.history.length;
  if (newGame) {
    ui.evals = {};
    $("evalfill").style.height = "50%";
  }
  ui.state = state;
  ui.states += 1;
  ui.view = null;
  ui.lines = [];
  clearSelection();
  if (document.activeElement !== $("fen")) {
    $("fen").value = state.fen;
  }
  fillGames(state.games);
  if ($("variant").value !== state.variant) {
    $("variant").value = state.variant;
    renderGameOptions();
  }
  tickClock();
  render();
  next();
}

// Asks the engine to move, or to analyse, when it is its turn.
function next() {
  const s = ui.state;
  if (!s || s.searching || ui.editing) return;
  if (s.result !== "ongoing") {
    ui.analysing = false;
    $("analyze").textContent = "Analyse";
    return;
  }
  if (ui.analysing) {
    send({ type: "analyze", multipv: Math.max(1, Number($("multipv").value) || 1) });
    return;
  }
  const human = $("side").value;
  if (human !== "both" && s.side !== human && ui.waitingGo !== s.history.length) {
    ui.waitingGo = s.history.length;
    const depth = Number($("depth").value) || 0;
    const request = { type: "go", ply: s.history.length };
    if (depth > 0) request.depth = depth;
    else request.movetime = Math.max(1, Number($("movetime").value) || 1000);
    send(request);
    $("status").textContent = `${s.title}: the engine is thinking…`;
  }
}

function onInfo(info) {
  ui.lines[info.multipv - 1] = info;
  if (info.multipv === 1 && ui.state) ui.evals[ui.state.history.length] = info.score;
  renderAnalysis();
  renderEval(info.score);
  renderGraph();
}

function onBestmove(msg) {
  if (ui.state && msg.best) ui.evals[ui.state.history.length] = msg.score;
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

// ---- selection -----------------------------------------------------------------------------

function clearSelection() {
  ui.huff = null;
  ui.path = [];
}

function startsWith(path, prefix) {
  return prefix.every((sq, i) => path[i] === sq);
}

// The legal moves that fit the squares clicked so far.
function candidates() {
  return ui.state.moves.filter((m) => (m.huff || null) === ui.huff && startsWith(m.path, ui.path));
}

function play(move) {
  clearSelection();
  send({ type: "move", text: move.text, ply: ui.state.history.length });
}

function clickSquare(name) {
  if (ui.editing) {
    editSquare(name);
    return;
  }
  const s = ui.state;
  if (!s) return;
  if (ui.view) {
    message("You are looking at an earlier position; press Live to play on.");
    return;
  }
  if (s.result !== "ongoing") {
    message(`The game is over: ${s.result}.`);
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
      message(`Illegal: no legal move starts on ${name}.`);
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

// ---- drawing -------------------------------------------------------------------------------

function board() {
  return ui.view ? ui.view.board : ui.state.board;
}

function stackOf(cell) {
  if (ui.editing) return ui.editing[cell.name] || "";
  return cell.stack;
}

function pieceElement(stack) {
  const wrap = document.createElement("div");
  wrap.className = "stack" + (stack.length === 1 ? " single" : "");
  for (const ch of stack) {
    const disc = document.createElement("div");
    disc.className = "disc " + (ch.toLowerCase() === "w" ? "pw" : "pb");
    if (ch === "W" || ch === "B") disc.textContent = "K";
    wrap.appendChild(disc);
  }
  return wrap;
}

function render() {
  const s = ui.state;
  if (!s) return;
  const b = board();
  const el = $("board");
  const size = Math.floor(Math.min(560, 64 * Math.max(b.files, b.ranks)) / Math.max(b.files, b.ranks));
  el.style.setProperty("--sq", `${size}px`);
  el.style.gridTemplateColumns = `18px repeat(${b.files}, ${size}px)`;
  el.style.gridTemplateRows = `repeat(${b.ranks}, ${size}px) 18px`;
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
            h.className = "height";
            h.textContent = String(stack.length);
            h.title = stack;
            sq.appendChild(h);
          }
        }
        if (ui.path.includes(cell.name)) sq.classList.add("sel");
        if (ui.huff === cell.name) sq.classList.add("huffsq");
        if (dests.has(cell.name)) sq.classList.add("dest");
        if (last.includes(cell.name) && ui.path.length === 0) sq.classList.add("last");
        sq.addEventListener("click", () => clickSquare(cell.name));
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
  renderStatus();
  renderMoves();
  renderAnalysis();
  renderGraph();
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
  let status = `${s.title} — ${s.side} to move`;
  if (ui.view) status = `${s.title} — viewing ply ${ui.view.ply} of ${s.history.length}`;
  else if (s.searching && !ui.analysing) status = `${s.title}: the engine is thinking…`;
  $("status").textContent = status;
  let result = "";
  if (s.result !== "ongoing") {
    result = `Result: ${s.result}` + (s.ending_rule ? ` — ${s.ending_rule}` : "");
  }
  $("result").textContent = result;
  $("counters").textContent = s.counters.join("; ");
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
  s.history.forEach((ply, i) => {
    if (white || i === 0) {
      const n = document.createElement("span");
      n.textContent = white ? `${number}.` : `${number}...`;
      list.appendChild(n);
    }
    const mv = document.createElement("span");
    mv.className = "mv" + (i + 1 === current ? " current" : "");
    mv.dataset.ply = String(i + 1);
    mv.textContent = ply.text;
    mv.addEventListener("click", () => viewPly(i + 1));
    list.appendChild(mv);
    list.appendChild(document.createTextNode(" "));
    if (!white) number += 1;
    white = !white;
  });
  list.scrollTop = list.scrollHeight;
}

function viewPly(ply) {
  const s = ui.state;
  if (!s) return;
  if (ply >= s.history.length) {
    ui.view = null;
    render();
    return;
  }
  send({ type: "view", ply: Math.max(0, ply) });
}

function renderAnalysis() {
  const box = $("analysis");
  if (!ui.analysing && ui.lines.length === 0) {
    box.textContent = "";
    return;
  }
  box.innerHTML = "";
  for (const line of ui.lines) {
    if (!line) continue;
    const div = document.createElement("div");
    div.className = "line";
    div.textContent = `${line.multipv}. ${scoreText(line.score)} d${line.depth} ` +
      `${line.pv.join(" ")}`;
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

function renderEval(score) {
  $("evalfill").style.height = `${(100 * scoreFraction(score)).toFixed(1)}%`;
}

function renderGraph() {
  const s = ui.state;
  const svg = $("graph");
  if (!s) return;
  const points = [];
  const total = s.history.length;
  for (let ply = 0; ply <= total; ply++) {
    const played = ply > 0 ? s.history[ply - 1].score : null;
    const score = played || ui.evals[ply];
    if (score) points.push([ply, scoreFraction(score)]);
  }
  const w = 300;
  const h = 80;
  const x = (ply) => (total === 0 ? 0 : (ply / total) * w);
  const line = points.map(([p, f]) => `${x(p).toFixed(1)},${(h - f * h).toFixed(1)}`).join(" ");
  svg.innerHTML = `<line x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}" stroke="#bbb"/>` +
    (line ? `<polyline fill="none" stroke="#2a8df0" stroke-width="2" points="${line}"/>` : "");
  if (points.length > 0) {
    const lastScore = points[points.length - 1][1];
    $("evalfill").style.height = `${(100 * lastScore).toFixed(1)}%`;
  }
}

// ---- the clock: each side's thinking time in this game --------------------------------------

function tickClock() {
  const c = ui.clock;
  const s = ui.state;
  const now = Date.now();
  if (c.since !== null && c.side) c[c.side] += now - c.since;
  c.since = s && s.result === "ongoing" ? now : null;
  c.side = s ? s.side : null;
}

function showClock() {
  const c = ui.clock;
  const fmt = (ms) => {
    const t = Math.floor(ms / 1000);
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  };
  const running = (side) => c[side] + (c.since !== null && c.side === side ? Date.now() - c.since : 0);
  $("clock").textContent = `White ${fmt(running("white"))} · Black ${fmt(running("black"))}`;
}

// ---- the board editor ----------------------------------------------------------------------

const CYCLE = ["", "w", "W", "b", "B"];
const MEN_CYCLE = ["", "w", "b"];

function startEditing() {
  const s = ui.state;
  if (!s) return;
  ui.view = null;
  ui.editing = {};
  for (const cell of s.board.cells) ui.editing[cell.name] = cell.stack;
  $("edit-side").value = s.side === "white" ? "W" : "B";
  $("editor").hidden = false;
  clearSelection();
  render();
}

function stopEditing() {
  ui.editing = null;
  $("editor").hidden = true;
  render();
}

function editSquare(name) {
  const cycle = ui.state.board.kings ? CYCLE : MEN_CYCLE;
  const now = ui.editing[name] || "";
  const i = cycle.indexOf(now);
  ui.editing[name] = cycle[(i + 1) % cycle.length];
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
    $("analyze").textContent = "Analyse";
    send({ type: "stop" });
  }
}

function bind() {
  $("new").addEventListener("click", () => {
    stopAnalysis();
    ui.waitingGo = -1;
    ui.clock = { white: 0, black: 0, since: null, side: null };
    ui.flipped = $("side").value === "black";
    send({ type: "new", variant: $("variant").value, options: gameOptionValues() });
    message("");
  });
  $("variant").addEventListener("change", renderGameOptions);
  $("takeback").addEventListener("click", () => {
    const s = ui.state;
    if (!s) return;
    // Against the engine, take back to the human's last turn.
    const human = $("side").value;
    let count = 1;
    if (human !== "both" && s.history.length >= 2 && s.side === human) count = 2;
    ui.waitingGo = s.history.length;
    send({ type: "takeback", count, ply: s.history.length });
  });
  $("flip").addEventListener("click", () => {
    ui.flipped = !ui.flipped;
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
    stopEditing();
    $("side").value = "both";
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
    $("side").value = "both";
    if (ui.state && ui.state.searching) send({ type: "stop" });
    send({ type: "analyze", multipv: Math.max(1, Number($("multipv").value) || 1) });
  });
  $("fen-set").addEventListener("click", () => {
    stopAnalysis();
    ui.waitingGo = -1;
    send({ type: "fen", fen: $("fen").value });
  });
  $("pdn-export").addEventListener("click", () => send({ type: "pdn_export" }));
  $("pdn-import").addEventListener("click", () => {
    stopAnalysis();
    $("side").value = "both";
    send({ type: "pdn_import", text: $("pdn").value });
  });
  $("live").addEventListener("click", () => {
    ui.view = null;
    render();
  });
  document.addEventListener("keydown", (event) => {
    if (!ui.state || event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA") return;
    const current = ui.view ? ui.view.ply : ui.state.history.length;
    if (event.key === "ArrowLeft") viewPly(current - 1);
    if (event.key === "ArrowRight") viewPly(current + 1);
  });
  setInterval(showClock, 500);
}

bind();
connect();
