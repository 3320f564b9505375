// ovnilab's class page: join a class game, play your seat, watch a room.
// Plain script, no framework: it asks the class server for this seat's view (long poll)
// and draws it. Every text that came from a person (names) is set with textContent, never
// as HTML; the board is the SVG the server drew for this seat.
"use strict";

const KEY = "ovnilab-seat";
const $ = (id) => document.getElementById(id);
const S = { token: null, version: null, view: null, busy: false, deadline: null, svg: null, failures: 0 };

function el(tag, props, text) {
  const e = document.createElement(tag);
  if (props) for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
  }
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

async function api(path, options) {
  const opts = Object.assign({ headers: {} }, options || {});
  if (S.token) opts.headers["X-Ovnilab-Seat"] = S.token;
  if (opts.json !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(opts.json);
    delete opts.json;
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: "the server sent no answer" }; }
  return { status: r.status, data: data };
}

// ----------------------------------------------------------------- landing page
function initIndex() {
  const port = document.body.dataset.voilaPort;
  document.querySelectorAll("a.solo").forEach((a) => {
    if (port && /^\d+$/.test(port)) {
      a.href = `${location.protocol}//${location.hostname}:${port}/voila/render/${a.dataset.game}.ipynb`;
    } else {
      a.hidden = true;
      $("solo-note").hidden = false;
    }
  });
}

// ----------------------------------------------------------------- join page
function initJoin() {
  const m = location.hash.match(/t=([A-Za-z0-9_-]{16,64})/);
  if (m) {
    localStorage.setItem(KEY, m[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const code = new URLSearchParams(location.search).get("code");
  if (code) $("code").value = code;
  $("join-form").addEventListener("submit", onJoin);
  $("leave").addEventListener("click", () => {
    localStorage.removeItem(KEY); S.token = null; S.view = null; showJoin("");
  });
  S.token = localStorage.getItem(KEY);
  if (S.token) { showPlay(); pollLoop(); } else showJoin("");
  setInterval(tickTimer, 250);
}

function showJoin(error) {
  $("join").hidden = false; $("play").hidden = true; $("who").textContent = "";
  $("join-error").textContent = error || "";
}

function showPlay() { $("join").hidden = true; $("play").hidden = false; }

async function onJoin(ev) {
  ev.preventDefault();
  const btn = ev.target.querySelector("button");
  btn.disabled = true;
  try {
    const r = await api("/api/join", { json: { code: $("code").value, name: $("name").value } });
    if (r.status !== 200) { $("join-error").textContent = r.data.error || "could not join"; return; }
    S.token = r.data.token;
    localStorage.setItem(KEY, S.token);
    showPlay();
    render(r.data.view);
    pollLoop();
  } catch (e) {
    $("join-error").textContent = "the class server does not answer: check the address";
  } finally { btn.disabled = false; }
}

let polling = false;
async function pollLoop() {
  if (polling) return;
  polling = true;
  try {
    while (S.token) {
      const since = S.version === null ? "" : S.version;
      let r;
      try {
        r = await api(`/api/view?since=${since}`);
      } catch (e) {
        S.failures += 1;
        $("connection").hidden = false;
        await sleep(Math.min(5000, 300 * 2 ** S.failures));
        continue;
      }
      S.failures = 0;
      $("connection").hidden = true;
      if (r.status === 401) { localStorage.removeItem(KEY); S.token = null; showJoin(r.data.error); break; }
      if (r.status !== 200) { $("message").textContent = r.data.error || "error"; await sleep(2000); continue; }
      render(r.data);
    }
  } finally { polling = false; }
}

function tickTimer() {
  const t = $("timer");
  if (!t) return;
  if (S.deadline === null) { t.textContent = ""; t.classList.remove("urgent"); return; }
  const left = Math.max(0, Math.round((S.deadline - Date.now()) / 1000));
  t.textContent = `${left} s left`;
  t.classList.toggle("urgent", left <= 15);
}

function statusText(v) {
  if (v.kind === "experiment") return v.message || "";
  if (v.status === "lobby") return v.message;
  if (v.status === "waiting") return "waiting for the teacher to start the game";
  if (v.status === "paused") return "the teacher paused the game";
  if (v.status === "ended") return "the teacher ended the game";
  if (v.status === "over") return `game over: won by ${(v.winners || []).join(", ")}; scores ${JSON.stringify(v.scores)}`;
  if (v.your_turn) return `your turn (you are ${v.seat_name})`;
  if (v.controller === "bot" && v.seat !== null) return "a bot plays your seat for now (the teacher's choice)";
  return `to act: ${v.turn_name}`;
}

function render(v) {
  S.view = v;
  S.version = v.version;
  const who = v.seat_name ? `${v.name}: ${v.seat_name}` : v.name;
  $("who").textContent = `${who} · code ${v.code}`;
  $("status").textContent = statusText(v);
  $("status").classList.toggle("yours", !!v.your_turn);
  S.deadline = (v.seconds_left === null || v.seconds_left === undefined) ? null : Date.now() + v.seconds_left * 1000;
  tickTimer();
  const link = `${location.origin}/join#t=${S.token}`;
  $("rejoin-link").href = link;
  if (v.kind === "experiment") renderExperiment(v); else renderGame(v);
  renderList($("events"), v.events || []);
}

function renderList(ul, items) {
  ul.replaceChildren(...items.map((t) => el("li", null, t)));
}

function renderGame(v) {
  if (v.svg && v.svg !== S.svg) { $("board").innerHTML = v.svg; S.svg = v.svg; }
  if (!v.svg) { $("board").replaceChildren(el("p", { class: "lobby" }, v.message || "")); S.svg = null; }
  $("players").replaceChildren(...(v.players || []).map((p) => {
    const li = el("li", { class: p.seat === v.turn ? "to-act" : "" });
    li.append(el("span", { class: "seat" }, p.seat_name), " ", el("span", null, p.player));
    if (p.student) li.append(el("span", { class: p.connected ? "dot on" : "dot off", title: p.connected ? "connected" : "not connected" }));
    return li;
  }));
  $("log").textContent = (v.log || []).join("\n");
  renderMoves(v);
}

function renderMoves(v) {
  const box = $("moves");
  box.replaceChildren();
  if (!v.your_turn) return;
  for (const g of v.groups || []) {
    const row = el("div", { class: "group" });
    if (g.label) row.append(el("div", { class: "label" }, g.label));
    if (g.keys) {
      row.append(pickers(g));
    } else if (g.actions.length <= 12) {
      const wrap = el("div", { class: "buttons" });
      for (const a of g.actions) {
        const b = el("button", { type: "button", class: "move" }, a);
        b.addEventListener("click", () => play(a));
        wrap.append(b);
      }
      row.append(wrap);
    } else {
      const sel = el("select", { class: "many" });
      g.actions.forEach((a) => sel.append(el("option", { value: a }, a)));
      const b = el("button", { type: "button", class: "move primary" }, "play");
      b.addEventListener("click", () => play(sel.value));
      row.append(sel, b);
    }
    box.append(row);
  }
}

function pickers(g) {
  const wrap = el("div", { class: "pickers" });
  const firsts = [...new Set(g.keys.map((k) => k[0]))];
  const s1 = el("select"); const s2 = el("select");
  firsts.forEach((f) => s1.append(el("option", { value: f }, f)));
  const fill = () => {
    s2.replaceChildren();
    g.keys.forEach((k) => { if (k[0] === s1.value) s2.append(el("option", { value: k[1] }, k[1])); });
  };
  s1.addEventListener("change", fill);
  fill();
  const b = el("button", { type: "button", class: "move primary" }, g.button || "play");
  b.addEventListener("click", () => {
    const i = g.keys.findIndex((k) => k[0] === s1.value && k[1] === s2.value);
    if (i >= 0) play(g.actions[i]);
  });
  wrap.append(el("label", null, g.first), s1, el("label", null, g.second), s2, b);
  return wrap;
}

async function play(text) {
  if (S.busy) return;
  S.busy = true;
  document.querySelectorAll("#moves button").forEach((b) => { b.disabled = true; });
  $("message").textContent = "";
  try {
    const r = await api("/api/play", { json: { text: text, position: S.view ? S.view.position : null } });
    if (r.status === 200) render(r.data.view);
    else {
      $("message").textContent = r.data.error || "refused";
      if (r.data.view) render(r.data.view);
      else document.querySelectorAll("#moves button").forEach((b) => { b.disabled = false; });
    }
  } catch (e) {
    $("message").textContent = "the move did not reach the server: try again";
    document.querySelectorAll("#moves button").forEach((b) => { b.disabled = false; });
  } finally { S.busy = false; }
}

function renderExperiment(v) {
  const board = $("board");
  S.svg = null;
  const card = el("div", { class: "experiment" });
  card.append(el("h1", null, v.title), el("p", { class: "instructions" }, v.instructions));
  if (v.role) card.append(el("p", { class: "role" }, `Round ${v.round} of ${v.rounds}: you are the ${v.role}`));
  if (v.history && v.history.length) {
    const t = el("table", { class: "history" });
    const head = el("tr");
    ["round", "you", "you chose", "other chose", "payoff"].forEach((h) => head.append(el("th", null, h)));
    t.append(head);
    for (const r of v.history) {
      const tr = el("tr");
      [r.round, r.role, r.choice + (r.by === "timeout" ? " (time ran out)" : ""), r.opponent_choice, r.payoff]
        .forEach((x) => tr.append(el("td", null, x)));
      t.append(tr);
    }
    card.append(t, el("p", { class: "total" }, `your total: ${v.total}`));
  }
  board.replaceChildren(card);
  $("players").replaceChildren();
  $("log").textContent = "";
  const box = $("moves");
  box.replaceChildren();
  if (v.your_turn) {
    const wrap = el("div", { class: "buttons big" });
    for (const a of v.legal) {
      const b = el("button", { type: "button", class: "move primary" }, a);
      b.addEventListener("click", () => play(a));
      wrap.append(b);
    }
    box.append(wrap);
  }
}

// ----------------------------------------------------------------- watch page
async function initWatch() {
  const code = new URLSearchParams(location.search).get("code") || "";
  let version = "";
  setInterval(tickTimer, 250);
  for (;;) {
    let r;
    try { r = await api(`/api/watch?code=${encodeURIComponent(code)}&since=${version}`); }
    catch (e) { await sleep(2000); continue; }
    if (r.status !== 200) { $("message").textContent = r.data.error || "error"; await sleep(3000); continue; }
    const v = r.data;
    version = v.version;
    $("message").textContent = "";
    $("status").textContent = `code ${code.toUpperCase()} · ` + statusText(Object.assign({}, v, { your_turn: false, seat: null }));
    S.deadline = v.seconds_left === null ? null : Date.now() + v.seconds_left * 1000;
    if (v.svg !== S.svg) { $("board").innerHTML = v.svg; S.svg = v.svg; }
    $("players").replaceChildren(...v.players.map((p) => {
      const li = el("li", { class: p.seat === v.turn ? "to-act" : "" });
      li.append(el("span", { class: "seat" }, p.seat_name), " ", el("span", null, p.player));
      return li;
    }));
    $("log").textContent = v.log.slice(-12).join("\n");
  }
}

const page = document.body.dataset.page;
if (page === "index") initIndex();
else if (page === "join") initJoin();
else if (page === "watch") initWatch();
