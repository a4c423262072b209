// The page: the door (the seat's code, or the choice of a game at life2 serve), then the terminal
// the server names, fed by the socket at the line's pace, with the printed text kept in the log.

import { GlassView } from "./glass.js";
import { Keys } from "./keys.js";
import { PrintedLog } from "./log.js";
import { Pace } from "./pace.js";
import { Sounds } from "./sounds.js";
import { TeletypeView } from "./teletype.js";

const params = new URLSearchParams(location.search);
// everything the page asks for is relative to where it was served: behind a web server that gives
// each life2 process a path of its own (/1/, /2/ ...), a reload and a shared link stay with it
const here = new URL(".", location.href);
const $ = (id) => document.getElementById(id);
const statusLine = $("status");
const canvas = $("machine");
const log = new PrintedLog($("log"));
const CLOSES = {
  1003: "The page sent what the server does not take.",
  1007: "The page sent what the server does not take.",
  1008: "The server closed the page.",
  1009: "The page sent too much at once.",
  4000: "The page fell behind; reload it to take the seat again.",
  4001: "The game is over.",
  4002: "The seat is taken: someone else is playing there.",
  4003: "Wrong codes: ask the host for the seat's code, and reload the page.",
  4004: "No code was given in time: reload the page to try again.",
  4005: "Too many pages are open: try again later.",
};

let socket = null;
let face = null;
let tube = null; // the glass terminal's numbers (/glass.json)
let view = null;
let pace = null;
let keys = null;
let sounds = null;
let over = false;
let seatedOnce = false;
let knocked = false;
let code = params.get("code") || "";
let dirty = true;

function say(text) { statusLine.textContent = text; }

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function token() { return sessionStorage.getItem("life2-token") || ""; }

function knock(extra = {}) {
  knocked = true;
  send({ code, token: token(), ...extra });
}

function showDoor(said) {
  const form = $("door");
  form.hidden = false;
  $("door-said").textContent = said;
  $("code").value = "";
  $("code").focus();
}

$("door").addEventListener("submit", (event) => {
  event.preventDefault();
  code = $("code").value.trim();
  $("door").hidden = true;
  knock({ game: params.get("game") || "" });
});

function showChoices(games) {
  const box = $("choices");
  box.replaceChildren();
  for (const game of games) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = game.title;
    button.addEventListener("click", () => {
      $("choose").hidden = true;
      knock({ game: game.id });
    });
    box.append(button);
  }
  $("choose").hidden = false;
  box.querySelector("button")?.focus();
}

function door(said) {
  const kind = typeof said === "string" ? said : said.kind;
  if (kind === "choose") {
    if (!knocked && (token() || (params.get("game") && code))) return knock({ game: params.get("game") || "" });
    return showChoices(said.games);
  }
  if (kind === "code" && !knocked && (code || token())) return knock({ game: params.get("game") || "" });
  showDoor(kind === "wrong" ? "That is not the seat's code." : "");
}

function seated(look) {
  $("door").hidden = true;
  $("choose").hidden = true;
  if (look.token) sessionStorage.setItem("life2-token", look.token);
  if (look.share) {
    const link = `${here.href.split("?")[0]}?game=${encodeURIComponent(look.share.game)}&code=${encodeURIComponent(look.share.code)}`;
    $("shared-link").textContent = link;
    $("shared-link").href = link;
    $("shared").hidden = false;
    $("choose").hidden = false;
    $("choose").classList.add("sharing"); // over the paper until the game begins
    $("choices").replaceChildren();
  }
  if (!view) {
    canvas.hidden = false;
    view = look.look === "crt" ? new GlassView(canvas, face, tube, look.phosphor) : new TeletypeView(canvas, face);
    document.title = look.look === "crt" ? "LIFE2 - a glass terminal" : "LIFE2 - Teletype Model 33";
    pace = new Pace(look.baud);
    sounds = new Sounds(look.sound, look.look === "crt" ? ["bell"] : undefined, look.look !== "crt");
    keys = new Keys({
      look: look.look,
      erase: look.erase,
      print: (text) => { sounds.play(view.receive(text)); dirty = true; },
      send,
      scroll: (lines) => { view.scroll(lines); dirty = true; },
      mute: () => say(sounds.toggleMute() ? "Sound off (F8 turns it on)" : "Sound on"),
      started: () => sounds.start(),
      sent: () => { canvas.dataset.asking = ""; say(""); },
    });
    canvas.addEventListener("keydown", (event) => {
      const switched = view.key ? view.key(event) : undefined; // the window's effect keys
      if (switched !== undefined) { say(switched); dirty = true; event.preventDefault(); }
      else if (keys.key(event)) event.preventDefault();
    });
    canvas.addEventListener("pointerdown", () => { sounds.start(); canvas.focus(); });
    canvas.addEventListener("wheel", (event) => { view.scroll(event.deltaY < 0 ? 3 : -3); dirty = true; }, { passive: true });
    window.addEventListener("resize", () => { view.layout(); dirty = true; });
  }
  seatedOnce = true;
  canvas.focus();
  say(look.share ? "Waiting for your friend to open the link." : "");
}

let askWhenPrinted = null;

function ask(value) {
  askWhenPrinted = null;
  if (value) $("choose").hidden = true; // the game has begun: the link was used
  keys.ask(value);
  canvas.dataset.asking = value; // for whoever watches the page: a test, an assistive tool
  if (value) canvas.dataset.asked = String(Number(canvas.dataset.asked || 0) + 1);
  if (value) say(value === "shown" ? "Type your answer and press Return." : "Your move: type it and press Return (it is not shown).");
}

function receive(message) {
  const [kind, value] = Object.entries(JSON.parse(message.data))[0];
  if (kind === "door") door(value);
  else if (kind === "seated") seated(value);
  else if (kind === "out") pace.feed(value, performance.now() / 1000);
  else if (kind === "replay") {
    pace.clear(performance.now() / 1000);
    view.receive(value);
    log.print(value);
    dirty = true;
  } else if (kind === "read") {
    // the keys wait until the prompt is on paper: the page may still be printing its last characters
    askWhenPrinted = value;
    if (!value) ask("");
  } else if (kind === "status") say(value);
  else if (kind === "over") { over = true; canvas.dataset.over = "true"; say("The game is over."); }
}

function connect() {
  const url = new URL("socket", here);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  knocked = false;
  socket.addEventListener("message", receive);
  socket.addEventListener("close", (event) => {
    if (keys) keys.ask("");
    const said = CLOSES[event.code];
    if (over || event.code === 4001) { say("The game is over."); return; }
    if (said) { say(said); return; }
    if (seatedOnce) {
      say("The line to the game dropped: calling again...");
      setTimeout(connect, 2000);
    } else say("The server is not answering: reload the page to try again.");
  });
}

function frame() {
  if (pace && view) {
    const due = pace.due(performance.now() / 1000);
    if (due) {
      sounds.play(view.receive(due));
      log.print(due);
      dirty = true;
    }
    if (askWhenPrinted !== null && !pace.pending) ask(askWhenPrinted);
    if (view instanceof GlassView) view.frame(performance.now() / 1000);
    else if (dirty) view.draw();
    dirty = false;
  }
  requestAnimationFrame(frame);
}

async function start() {
  [face, tube] = await Promise.all(
    ["typeface.json", "glass.json"].map(async (name) => (await fetch(new URL(name, here))).json()),
  );
  connect();
  requestAnimationFrame(frame);
}

start();
