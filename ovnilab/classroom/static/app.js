// ovnilab's class page: join a class game, play your seat, watch a room.
// Plain script, no framework: it asks the class server for this seat's view (long poll)
// and draws it. Every text that came from a person (names) is set with textContent, never
// as HTML; the board is the SVG the server drew for this seat.
// Every sentence goes through t() / tn(): English is the message id, the catalog of the
// person's language comes from /api/catalog (ovnilab/i18n.py says how to add a sentence:
// write it in English inside t("..."), then `make i18n`).
"use strict";

const KEY = "ovnilab-seat";
const DEVICE_KEY = "ovnilab-device";
const $ = (id) => document.getElementById(id);
const S = {
  token: null, version: null, view: null, busy: false, deadline: null, deadlineYours: false, svg: null,
  failures: 0, movesKey: null, urlCode: null, checkUrl: false,
};
// below this width the board is shown larger than the screen (it scrolls sideways in its
// own box) so that its text stays readable; the same width as style.css's media query
const NARROW = window.matchMedia("(max-width: 699px)");

function el(tag, props, text) {
  const e = document.createElement(tag);
  if (props) for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

// ----------------------------------------------------------------- language
// The person's language: their own choice (the EN / PT switch, kept in a cookie that the
// server also reads, so its answers come in the same language), else the browser's
// Accept-Language as the server reads it, else English.
const LANG_COOKIE = "ovnilab-lang";
let L = { lang: "en", locale: "en", messages: {}, plurals: [] };

// named placeholders, filled as Python's str.format fills them: "{name} took a seat"
function fmt(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)) : text;
}

function t(msgid, values) {
  const s = L.messages[msgid];
  return fmt(typeof s === "string" && s ? s : msgid, values);
}

// the form of a sentence for the number n, by the catalog's plural rule (the server sends
// the rule's answer for n < 200: this page may not evaluate code, see js_catalog)
function tn(singular, plural, n, values) {
  const v = Object.assign({ n: n }, values || {});
  const forms = L.messages[singular];
  if (Array.isArray(forms) && L.plurals.length) {
    const k = n < L.plurals.length ? n : 100 + (n % 100);
    return fmt(forms[Math.min(L.plurals[k] || 0, forms.length - 1)], v);
  }
  return fmt(n === 1 ? singular : plural, v);
}

// a translated sentence whose placeholders are elements (a bold code): [text, node, text...];
// called as tNodes(t("... {name} ..."), {name: node}) (t() with no values leaves the
// placeholders, and marks the sentence for `make i18n`)
function tNodes(text, nodes) {
  return text.split(/(\{\w+\})/).filter((p) => p).map((p) => {
    const m = p.match(/^\{(\w+)\}$/);
    return m && nodes[m[1]] !== undefined ? nodes[m[1]] : p;
  });
}

// a page's address may choose its language (the projector's /watch?code=...&lang=pt, the
// teacher's choice for the screen the class reads), over the cookie; this page's requests
// then ask for it too. Without one, the projector page takes the language the teacher
// started the server in (make play LANG=pt), when they chose one.
const URL_LANG = ((new URLSearchParams(location.search).get("lang") ||
                   (document.body.dataset.page === "watch" && document.body.dataset.projectorLang) || "")
                  .replace(/[^A-Za-z_-]/g, "")) || null;

function chosenLanguage() {
  if (URL_LANG) return URL_LANG;
  const m = document.cookie.match(/(?:^|;\s*)ovnilab-lang=(\w+)/);
  return m ? m[1] : null;
}

// the log, a line a block: a line that wraps on a phone goes on under its text, not under
// its number ("14. amarelo (Clone): apontar para" / "vermelho 4" at the left edge)
function renderLog(box, lines) {
  box.replaceChildren(...lines.map((line) => {
    const span = document.createElement("span");
    span.className = "line";
    span.textContent = line;
    return span;
  }));
}

async function loadCatalog(lang) {
  const q = lang ? `?lang=${encodeURIComponent(lang)}` : "";
  const r = await fetch(`/api/catalog${q}`, { headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`catalog: ${r.status}`);
  L = await r.json();
  document.documentElement.lang = L.locale || L.lang;
}

// the HTML's own texts: an element marked data-t shows t(its English text); data-t="title
// aria-label" translates those attributes instead (the English is kept in data-msgid*)
function translatePage() {
  document.querySelectorAll("[data-t]").forEach((e) => {
    const attrs = e.dataset.t.split(/\s+/).filter((a) => a);
    if (!attrs.length) {
      if (e.dataset.msgid === undefined) e.dataset.msgid = e.textContent.replace(/\s+/g, " ").trim();
      e.textContent = t(e.dataset.msgid);
    }
    for (const a of attrs) {
      const key = `msgid-${a}`;
      if (e.getAttribute(`data-${key}`) === null) e.setAttribute(`data-${key}`, e.getAttribute(a) || "");
      e.setAttribute(a, t(e.getAttribute(`data-${key}`)));
    }
  });
  document.querySelectorAll("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === L.lang)));
}

async function switchLanguage(lang) {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  try { await loadCatalog(lang); } catch (e) { return; }
  translatePage();
  if (page === "join") redrawJoin();
  else if (page === "index") initIndex();
}

function initLanguageSwitch() {
  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => switchLanguage(b.dataset.lang)));
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

function cleanCode(c) { return (c || "").replace(/[\s-]/g, "").toUpperCase(); }

// A random id of this device, kept in its own storage: the server counts refused joins
// per device, so one student's typos never refuse a classmate behind the same router.
function deviceId() {
  let d = null;
  try { d = localStorage.getItem(DEVICE_KEY); } catch (e) { d = null; }
  if (!d || !/^[0-9a-f]{32}$/.test(d)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    d = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem(DEVICE_KEY, d); } catch (e) { /* private mode: one id per page */ }
  }
  return d;
}

// The page asks for news every POLL_WAIT seconds at the longest (a long poll the server
// answers early when something changes) and gives a request ANSWER_MS to come back: a lost
// network shows within 5 s, and catches up by itself when it returns (issue 29). Between
// two full views (every FULL_EVERY polls: the others' connected dots, the time left) the
// server answers "unchanged" in a few bytes.
const POLL_WAIT = 2.5;
const ANSWER_MS = 4500;
const FULL_EVERY = 6;

async function api(path, options) {
  const opts = Object.assign({ headers: {} }, options || {});
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), opts.timeoutMs || ANSWER_MS);
  opts.signal = abort.signal;
  delete opts.timeoutMs;
  try { return await request(path, opts); } finally { clearTimeout(timer); }
}

async function request(path, opts) {
  if (S.token) opts.headers["X-Ovnilab-Seat"] = S.token;
  opts.headers["X-Ovnilab-Device"] = deviceId();
  if (opts.json !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(opts.json);
    delete opts.json;
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: t("the server sent no answer") }; }
  return { status: r.status, data: data };
}

// ----------------------------------------------------------------- landing page
// the languages besides English whose solo boards have their own notebooks (notebooks/play/<lang>/)
const SOLO_LANGS = ["pt"];

function initIndex() {
  const port = document.body.dataset.voilaPort;
  // the games' pictures drawn in the page's language (each language its own address: cached apart)
  document.querySelectorAll("img[data-picture]").forEach((img) => {
    img.src = `/picture/${img.dataset.picture}.svg?lang=${encodeURIComponent(L.lang)}`;
  });
  $("solo-note").replaceChildren(...tNodes(t("The solo boards are not served here: the teacher starts them with {command}."),
                                           { command: el("code", null, "make play") }));
  // the board's notebook in the page's language: notebooks/play/<lang>/ holds the translated
  // ones (issue 33), notebooks/play/ the English
  const folder = SOLO_LANGS.includes(L.lang) ? `${L.lang}/` : "";
  document.querySelectorAll("a.solo").forEach((a) => {
    if (port && /^\d+$/.test(port)) {
      a.href = `${location.protocol}//${location.hostname}:${port}/voila/render/${folder}${a.dataset.game}.ipynb`;
    } else {
      a.hidden = true;
      $("solo-note").hidden = false;
    }
  });
}

// ----------------------------------------------------------------- shared texts
function player(v, seat) {
  const p = (v.players || []).find((q) => q.seat === seat);
  return p && p.player && p.controller !== "open" ? p.player : null;
}

function seatAndPlayer(v, seat, name) {
  const who = player(v, seat);
  return who ? `${name} — ${who}` : name;
}

function overText(v) {
  return v.result ? t("game over: {result}", { result: v.result }) : t("game over");
}

function statusText(v) {
  if (v.kind === "experiment") return v.message || "";
  if (v.status === "lobby") return v.message;
  if (v.status === "waiting") return t("waiting for the teacher to start the game");
  if (v.status === "paused") return t("the teacher paused the game");
  if (v.status === "ended") return t("the teacher ended the game");
  if (v.status === "over") return overText(v);
  if (v.your_turn) return t("your turn (you are {seat})", { seat: v.seat_name });
  if (v.controller === "bot" && v.seat !== null && v.seat !== undefined) {
    return t("a bot plays your seat for now (the teacher's choice)");
  }
  if (v.turn_name) return t("to act: {player}", { player: seatAndPlayer(v, v.turn, v.turn_name) });
  return "";
}

function tickTimer() {
  const box = $("timer");
  if (!box) return;
  if (S.deadline === null) { box.textContent = ""; box.classList.remove("urgent"); return; }
  const left = Math.max(0, Math.round((S.deadline - Date.now()) / 1000));
  box.textContent = S.deadlineYours ? tn("{n} second left to choose", "{n} seconds left to choose", left)
    : tn("{n} second left", "{n} seconds left", left);
  box.classList.toggle("urgent", S.deadlineYours && left <= 15);
}

function setDeadline(v, yours) {
  S.deadline = (v.seconds_left === null || v.seconds_left === undefined) ? null : Date.now() + v.seconds_left * 1000;
  S.deadlineYours = yours;
  tickTimer();
}

function renderPlayers(v) {
  $("players").replaceChildren(...(v.players || []).map((p) => {
    const li = el("li", { class: p.seat === v.turn && v.status === "running" ? "to-act" : "" });
    li.append(el("span", { class: "seat" }, p.seat_name), " ", el("span", { class: "player" }, p.player));
    if (p.student) {
      li.append(el("span", { class: p.connected ? "dot on" : "dot off", title: p.connected ? t("connected") : t("not connected") }));
    }
    return li;
  }));
}

function setBoard(svg) {
  if (svg === S.svg) return;
  const board = $("board");
  if (svg) {
    board.innerHTML = svg;
    const s = board.querySelector("svg");
    const vb = s && s.viewBox && s.viewBox.baseVal;
    // a board taller than wide (Ovni's) is fitted to the column's width, not the window's height
    board.classList.toggle("tall", !!(vb && vb.height > vb.width));
  } else {
    board.replaceChildren();
  }
  S.svg = svg || null;
}

// ----------------------------------------------------------------- join page
function initJoin() {
  const m = location.hash.match(/t=([A-Za-z0-9_-]{16,64})/);
  if (m) {
    localStorage.setItem(KEY, m[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const code = new URLSearchParams(location.search).get("code");
  if (code) { $("code").value = code; S.urlCode = cleanCode(code); }
  $("join-form").addEventListener("submit", onJoin);
  $("leave").addEventListener("click", leave);
  $("zoom").addEventListener("click", () => { $("board").classList.toggle("zoomed"); zoomButton(); });
  NARROW.addEventListener("change", zoomButton);
  S.token = localStorage.getItem(KEY);
  if (S.token) {
    S.checkUrl = !!S.urlCode; // a link with another game's code: this device's old seat is not wanted
    showPlay(); pollLoop();
  } else showJoin("");
  setInterval(tickTimer, 250);
}

function leave() {
  localStorage.removeItem(KEY);
  S.token = null; S.view = null; S.version = null; S.movesKey = null; setBoard(null);
  showJoin("");
}

function showJoin(error) {
  $("join").hidden = false; $("play").hidden = true; $("who").replaceChildren();
  $("join-error").textContent = error || "";
  document.title = t("ovnilab: join a class game");
}

// the page again in the language just chosen: the page's own texts at once, the server's
// sentences (status, errors, events) with a fresh view of the seat
async function redrawJoin() {
  if (!S.view || !S.token) { if (!$("join").hidden) document.title = t("ovnilab: join a class game"); return; }
  S.movesKey = null;
  $("words").replaceChildren();
  render(S.view);
  try {
    const r = await api("/api/view");
    if (r.status === 200) { S.movesKey = null; render(r.data); }
  } catch (e) { /* the poll brings it */ }
}

function showPlay() { $("join").hidden = true; $("play").hidden = false; }

function zoomButton() {
  const b = $("zoom");
  b.hidden = !NARROW.matches || !S.svg;
  b.textContent = $("board").classList.contains("zoomed")
    ? t("fit the board to the screen") : t("show the board larger (scroll it sideways)");
}

async function onJoin(ev) {
  ev.preventDefault();
  const btn = ev.target.querySelector("button");
  btn.disabled = true;
  $("join-error").textContent = "";
  try {
    const r = await api("/api/join", { json: { code: $("code").value, name: $("name").value }, timeoutMs: 10000 });
    if (r.status !== 200) { $("join-error").textContent = r.data.error || t("could not join"); return; }
    S.token = r.data.token;
    S.version = null; S.view = null; S.movesKey = null; S.checkUrl = false;
    localStorage.setItem(KEY, S.token);
    showPlay();
    render(r.data.view);
    pollLoop();
  } catch (e) {
    $("join-error").textContent = t("the class server does not answer: check the address");
  } finally { btn.disabled = false; }
}

let polling = false;
async function pollLoop() {
  if (polling) return;
  polling = true;
  try {
    let polls = 0;
    while (S.token) {
      const token = S.token;
      const since = S.version === null ? "" : S.version;
      const brief = since !== "" && (polls % FULL_EVERY) !== 0 ? "&brief=1" : "";
      let r;
      try {
        r = await api(`/api/view?since=${since}&wait=${POLL_WAIT}${brief}`);
      } catch (e) {
        S.failures += 1;
        offline(true);
        await sleep(Math.min(2000, 250 * 2 ** S.failures));
        continue;
      }
      polls += 1;
      S.failures = 0;
      offline(false);
      if (token !== S.token) continue; // the student left or joined another game meanwhile
      if (r.status === 401) { localStorage.removeItem(KEY); S.token = null; showJoin(r.data.error); break; }
      if (r.status !== 200) { $("message").textContent = r.data.error || t("error"); await sleep(2000); continue; }
      if (r.data.unchanged) continue;
      render(r.data);
    }
  } finally { polling = false; }
}

// the banner, and the page's own state: a lost network is said at once, and the clock
// stops claiming time the student may not have
function offline(lost) {
  $("connection").hidden = !lost;
  document.body.classList.toggle("offline", lost);
}

function render(v) {
  // answers may cross (a long poll answered just before a move's own answer): never go back
  if (S.view && S.view.code === v.code && S.version !== null && v.version < S.version) return;
  if (S.checkUrl) {
    S.checkUrl = false;
    if (v.code !== S.urlCode) { leave(); $("code").value = S.urlCode; return; }
  }
  S.view = v;
  S.version = v.version;
  const play = $("play");
  play.dataset.status = v.status || "";
  play.dataset.position = v.position === undefined || v.position === null ? "" : v.position;
  play.dataset.seat = v.seat === undefined || v.seat === null ? "" : v.seat;
  const who = el("span", { class: "name" }, v.seat_name ? `${v.name}: ${v.seat_name}` : v.name);
  $("who").replaceChildren(who, el("span", { class: "code" }, t("code {code}", { code: v.code })));
  $("status").textContent = statusText(v);
  $("status").classList.toggle("yours", !!v.your_turn);
  document.title = v.your_turn ? t("your turn · ovnilab") : t("ovnilab: class game");
  setDeadline(v, !!v.your_turn);
  $("rejoin-link").href = `${location.origin}/join#t=${S.token}`;
  if (v.kind === "experiment") renderExperiment(v); else renderGame(v);
  renderList($("events"), v.events || []);
}

function renderList(ul, items) {
  ul.replaceChildren(...items.map((t) => el("li", null, t)));
}

// what the seat holds, beside its moves: a drawing of the game's own (Ovni's mat) and/or
// label-text lines; the drawing comes from the server's renderer, the lines as text
function renderYours(y) {
  const box = $("yours");
  const key = JSON.stringify(y || null);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  box.hidden = !y;
  if (!y) return;
  if (y.title) box.append(el("h2", null, y.title));
  if (y.lines && y.lines.length) {
    const dl = el("dl");
    for (const [label, text] of y.lines) dl.append(el("dt", null, label), el("dd", null, text));
    box.append(dl);
  }
  if (y.svg) {
    const d = el("div", { class: "drawing" });
    d.innerHTML = y.svg;
    box.append(d);
  }
}

// the drawings under the board: from the server's renderer, redrawn only when they change
function renderPanels(panels) {
  const box = $("panels");
  if (!box) return;
  const key = (panels || []).join("");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = (panels || []).map((svg) => `<div class="panel">${svg}</div>`).join("");
}

function renderWords(words) {
  // the game's Portuguese words with their English meaning: for a reader of English only
  const entries = L.lang === "en" ? Object.entries(words || {}) : [];
  $("words-box").hidden = !entries.length;
  const dl = $("words");
  if (dl.childElementCount === 2 * entries.length) return;
  dl.replaceChildren(...entries.flatMap(([w, m]) => [el("dt", { lang: "pt" }, w), el("dd", null, m)]));
}

function renderGame(v) {
  renderYours(v.yours);
  renderWords(v.words);
  renderPanels(v.panels);
  if (v.svg) setBoard(v.svg);
  else { setBoard(null); $("board").replaceChildren(el("p", { class: "lobby" }, v.message || "")); }
  zoomButton();
  $("players-box").hidden = false; $("log-box").hidden = false;
  renderPlayers(v);
  const log = $("log");
  renderLog(log, v.log || []);
  log.scrollTop = log.scrollHeight;
  renderMoves(v);
}

function finished(v) {
  return v.status === "over" || v.status === "ended";
}

// the moves box is rebuilt only when the moves change: a long poll that brings the same
// moves back (someone joined, 25 s passed) must not reset a half-made choice
function setMoves(key, build) {
  const box = $("moves");
  if (key === S.movesKey) return;
  S.movesKey = key;
  box.replaceChildren();
  box.classList.remove("active");
  build(box);
}

function againButton(box) {
  const b = el("button", { type: "button", class: "primary again" }, t("join another game"));
  b.addEventListener("click", leave);
  box.append(b);
}

function renderMoves(v) {
  const key = JSON.stringify([v.code, v.position, v.your_turn, finished(v), v.groups || null]);
  setMoves(key, (box) => {
    if (finished(v)) { againButton(box); return; }
    if (!v.your_turn) return;
    box.classList.add("active");
    for (const g of v.groups || []) {
      const row = el("div", { class: "group" });
      if (g.label) row.append(el("div", { class: "label" }, g.label));
      if (g.keys) {
        row.append(pickers(g));
      } else if (g.actions.length <= 12) {
        const wrap = el("div", { class: "buttons" });
        g.actions.forEach((a, i) => {
          // the button says the move in the page's language; a click plays its notation
          const b = el("button", { type: "button", class: "move", "data-action": a }, (g.labels || g.actions)[i]);
          b.addEventListener("click", () => play(a));
          wrap.append(b);
        });
        row.append(wrap);
      } else {
        const wrap = el("div", { class: "many" });
        const sel = el("select", { class: "many", "aria-label": g.label || t("move") });
        g.actions.forEach((a, i) => sel.append(el("option", { value: a }, (g.labels || g.actions)[i])));
        const b = el("button", { type: "button", class: "move primary" }, t("play"));
        b.addEventListener("click", () => play(sel.value));
        wrap.append(sel, b);
        row.append(wrap);
      }
      box.append(row);
    }
  });
}

function pickers(g) {
  const wrap = el("div", { class: "pickers" });
  const firsts = [...new Set(g.keys.map((k) => k[0]))];
  const s1 = el("select", { id: `pick-${g.kind}-1` }); const s2 = el("select", { id: `pick-${g.kind}-2` });
  firsts.forEach((f) => s1.append(el("option", { value: f }, f)));
  const fill = () => {
    s2.replaceChildren();
    g.keys.forEach((k) => { if (k[0] === s1.value) s2.append(el("option", { value: k[1] }, k[1])); });
  };
  s1.addEventListener("change", fill);
  fill();
  const b = el("button", { type: "button", class: "move primary" }, g.button || t("play"));
  b.addEventListener("click", () => {
    const i = g.keys.findIndex((k) => k[0] === s1.value && k[1] === s2.value);
    if (i >= 0) play(g.actions[i]);
  });
  wrap.append(el("label", { htmlFor: s1.id }, g.first), s1, el("label", { htmlFor: s2.id }, g.second), s2, b);
  return wrap;
}

function enableMoves(on) {
  document.querySelectorAll("#moves button.move, #moves select").forEach((b) => { b.disabled = !on; });
}

async function play(text) {
  if (S.busy) return;
  S.busy = true;
  enableMoves(false);
  S.movesKey = null; // whatever comes back redraws the moves (enabled again)
  $("message").textContent = "";
  try {
    const r = await api("/api/play", { json: { text: text, position: S.view ? S.view.position : null },
                                       timeoutMs: 10000 });
    if (r.status === 200) render(r.data.view);
    else {
      $("message").textContent = r.data.error || t("refused");
      if (r.data.view) render(r.data.view);
      else enableMoves(true);
    }
  } catch (e) {
    $("message").textContent = t("the move did not reach the server: try again");
    enableMoves(true);
  } finally { S.busy = false; }
}

// a choice or a role as the person's language says it (the server's labels); the page
// keeps the English values: a button plays its choice's own label
function shown(labels, x) {
  return labels && Object.prototype.hasOwnProperty.call(labels, x) ? labels[x] : x;
}

// the student's own payoffs: a row per choice of theirs, a column per choice of the other
function payoffTable(p, labels) {
  const tbl = el("table", { class: "payoffs" });
  tbl.append(el("caption", null, p.caption));
  const head = el("tr");
  head.append(el("th", { scope: "col" }, t("you ↓ · other →")));
  p.cols.forEach((c) => head.append(el("th", { scope: "col" }, shown(labels, c))));
  tbl.append(head);
  p.rows.forEach((r, i) => {
    const tr = el("tr");
    tr.append(el("th", { scope: "row" }, shown(labels, r)));
    p.cells[i].forEach((x) => tr.append(el("td", null, x)));
    tbl.append(tr);
  });
  return tbl;
}

// a payoff as the person's language writes it (its decimal sign), to the hundredth
function number(x) {
  return Number(x).toLocaleString(L.locale || "en", { maximumFractionDigits: 2, useGrouping: false });
}

function renderExperiment(v) {
  renderYours(null);
  renderPanels(null);
  setBoard(null);
  zoomButton();
  const card = el("div", { class: "experiment" });
  card.append(el("h1", null, v.title));
  const choice = (x) => shown(v.choice_labels, x);
  if (v.role) {
    card.append(el("p", { class: "role", "data-role": v.role },
                   t("Round {round} of {rounds}: you are the {role}",
                     { round: v.round, rounds: v.rounds, role: v.role_label || v.role })));
  }
  if (v.payoffs) card.append(payoffTable(v.payoffs, v.choice_labels));
  card.append(el("p", { class: "instructions" }, v.instructions));
  if (v.history && v.history.length) {
    const tbl = el("table", { class: "history" });
    const head = el("tr");
    [t("round"), t("you"), t("you chose"), t("other chose"), t("payoff")].forEach((h) => head.append(el("th", null, h)));
    tbl.append(head);
    for (const r of v.history) {
      const tr = el("tr");
      [r.round, shown(v.role_labels, r.role),
        r.by === "timeout" ? t("{choice} (time ran out)", { choice: choice(r.choice) }) : choice(r.choice),
        choice(r.opponent_choice), number(r.payoff)]
        .forEach((x) => tr.append(el("td", null, x)));
      tbl.append(tr);
    }
    card.append(tbl, el("p", { class: "total" }, t("your total: {total}", { total: number(v.total) })));
  }
  $("board").replaceChildren(card);
  $("players-box").hidden = true; $("log-box").hidden = true; // an experiment has neither

  const key = JSON.stringify([v.code, v.round, v.your_turn, finished(v), v.legal || []]);
  setMoves(key, (box) => {
    if (finished(v)) { againButton(box); return; }
    if (!v.your_turn) return;
    box.classList.add("active");
    const wrap = el("div", { class: "buttons big" });
    for (const a of v.legal) {
      const b = el("button", { type: "button", class: "move primary", "data-choice": a }, choice(a));
      b.addEventListener("click", () => play(a));
      wrap.append(b);
    }
    box.append(wrap);
  });
}

// ----------------------------------------------------------------- watch page
async function initWatch() {
  const code = new URLSearchParams(location.search).get("code") || "";
  let version = "";
  setInterval(tickTimer, 250);
  const line = $("joinline");
  line.append(...tNodes(t("join at {address} · code {code}"),
                        { address: el("b", null, `${location.host}/join`), code: el("b", { class: "code" }, cleanCode(code)) }));
  // the board takes the height the status bar leaves it (style.css, --watch-top): a bar
  // that wraps to two lines (Portuguese at 1024 px) pushed the board's foot out of the window
  const fit = () => document.body.style.setProperty(
    "--watch-top", `${Math.ceil($("board").getBoundingClientRect().top + window.scrollY) + 8}px`);
  if (window.ResizeObserver) new ResizeObserver(fit).observe(document.querySelector(".statusbar"));
  fit();
  for (;;) {
    let r;
    const lang = URL_LANG ? `&lang=${encodeURIComponent(URL_LANG)}` : "";
    try { r = await api(`/api/watch?code=${encodeURIComponent(code)}&since=${version}${lang}`, { timeoutMs: 30000 }); }
    catch (e) { $("message").textContent = t("the class server does not answer: reconnecting..."); await sleep(2000); continue; }
    if (r.status !== 200) { $("message").textContent = r.data.error || t("error"); await sleep(3000); continue; }
    const v = r.data;
    version = v.version;
    document.body.dataset.status = v.status || "";
    $("message").textContent = "";
    $("status").textContent = statusText(Object.assign({}, v, { your_turn: false, seat: null }));
    setDeadline(v, false);
    setBoard(v.svg);
    renderPanels(v.panels);
    renderPlayers(v);
    renderList($("events"), v.events || []);
    renderLog($("log"), (v.log || []).slice(-12));
    fit();  // a message line above the board moves it down
  }
}

// the catalog first (the page stays hidden meanwhile, style.css: no English flash), then
// the page; without a catalog (the server gone) the page shows its English
const page = document.body.dataset.page;
async function start() {
  try { await loadCatalog(chosenLanguage()); } catch (e) { /* English */ }
  translatePage();
  initLanguageSwitch();
  document.body.removeAttribute("data-i18n");
  if (page === "index") initIndex();
  else if (page === "join") initJoin();
  else if (page === "watch") initWatch();
}
start();
