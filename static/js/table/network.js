// Talking to the server: the view comes from GET (or a push of the same payload over the
// socket), moves go out as HTTP POSTs. Versions count every logged action, so they say in which
// order payloads belong: a push of the next version is drawn, a later one means a push was
// missed (fetch the whole view), an older one is ignored.

import { closeDialog } from "./dialog.js";
import { $ } from "./dom.js";
import { D, MODE, T, root, shown } from "./page.js";

let draw = () => {};
const heard = {}; // socket messages other than views, by type (e.g. "chat")
const onOpen = [];
let viewUrl = () => D.viewUrl;
let busy = false;
let socket = null;
let backoff = 1000;

/** `fn(payload)` draws the table; called for every payload taken. */
export function onPayload(fn) {
  draw = fn;
}

/** `fn(message)` takes the socket's messages of `type` (other than "view"). */
export function onMessage(type, fn) {
  heard[type] = fn;
}

/** `fn()` runs each time the socket opens (to read again what may have been missed). */
export function whenConnected(fn) {
  onOpen.push(fn);
}

/** Where fetchView() reads (the replay points it at the step shown). */
export function viewFrom(fn) {
  viewUrl = fn;
}

/**
 * What to do with a push of version `incoming` while version `current` is shown:
 * "draw" the next one, "fetch" the whole view after a gap, "ignore" an old or repeated one.
 */
export function pushStep(current, incoming) {
  if (incoming === current + 1) {
    return "draw";
  }
  return incoming > current + 1 ? "fetch" : "ignore";
}

let drawnText = null; // the payload last drawn, as JSON

function show(payload) {
  drawnText = JSON.stringify(payload);
  draw(payload);
}

// A whole payload (a GET, a POST's answer) replaces the table unless a newer one is already
// shown (a push can overtake the answer to our own POST). Replay steps go both ways.
// The same payload read again (the refetch as the socket opens, a tab brought back) leaves the
// table alone: a redraw would replace the button under a click in flight, and the click is lost.
function take(payload) {
  root.dataset.answers = Number(root.dataset.answers || 0) + 1; // read, drawn or not
  const current = shown.payload;
  if (MODE === "live" && current && payload.version < current.version) {
    return;
  }
  if (MODE === "live" && current && payload.version === current.version && JSON.stringify(payload) === drawnText) {
    return;
  }
  show(payload);
}

/** The line under the actions that says what went wrong (empty `text`: hide it). */
export function say(text, kind) {
  const box = $("table-message");
  box.textContent = text || "";
  box.className = `table-message${kind ? ` ${kind}` : ""}`;
  box.hidden = !text;
}

function csrf() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

async function post(url, body) {
  if (busy) {
    return;
  }
  busy = true;
  root.classList.add("busy");
  try {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    });
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      data = null;
    }
    closeDialog();
    if (response.ok && data) {
      say("");
      take(data);
    } else if (data && data.code === "stale_version") {
      await fetchView();
      say(T.stale, "warn");
    } else {
      say(data && data.message ? data.message : T.failed, "error");
    }
  } catch (e) {
    say(T.offline, "error");
  } finally {
    busy = false;
    root.classList.remove("busy");
  }
}

/** Send a move as the view offered it (the server knows the price; a move carries its own fields). */
export function submit(proposal) {
  const move = { ...proposal };
  delete move.price;
  const clientId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return post(D.movesUrl, { move, expected_version: shown.payload.version, client_id: clientId });
}

export function undo() {
  return post(D.undoUrl, { expected_version: shown.payload.version });
}

export function reclaim() {
  return post(D.reclaimUrl, {}).then(fetchView);
}

export async function fetchView() {
  const response = await fetch(viewUrl(), { credentials: "same-origin", cache: "no-store" });
  if (response.ok) {
    take(await response.json());
  } else {
    say(T.failed, "error");
  }
}

/** The socket is open (the status strip's live dot). */
export const isLive = () => Boolean(socket && socket.readyState === 1);

/** Listen on /ws/games/<id>/ for new versions; reconnect with backoff unless refused. */
export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${D.wsPath}`);
  let heartbeat = null;
  socket.addEventListener("open", () => {
    backoff = 1000;
    root.dataset.live = "on";
    // Back: the "reconnecting" or "cannot be reached" line is out of date.
    if ([T.reconnecting, T.offline].includes($("table-message").textContent)) {
      say("");
    }
    fetchView(); // whatever happened while we were away
    onOpen.forEach((fn) => fn());
    heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"heartbeat"}'), 30000);
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (message.type !== "view") {
      (heard[message.type] || (() => {}))(message);
      return;
    }
    if (!shown.payload) {
      return;
    }
    const step = pushStep(shown.payload.version, message.version);
    if (step === "draw") {
      show(message.payload);
    } else if (step === "fetch") {
      fetchView(); // a gap: we missed a push
    }
  });
  socket.addEventListener("close", (event) => {
    clearInterval(heartbeat);
    root.dataset.live = "off";
    if (event.code >= 4400 && event.code < 4500) {
      say(event.code === 4401 ? T.log_in_again : T.live_refused, "error");
      return;
    }
    say(T.reconnecting, "warn");
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 30000);
  });
}
