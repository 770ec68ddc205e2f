// The table chat (and the player's private note beside it): the thread read over HTTP (on opening and after every reconnect), new lines
// heard over the game's socket, the reader's own lines sent as POSTs. Lines are drawn as text
// (dom.js), so nothing anyone typed is parsed as markup.

import { $, el } from "./dom.js";
import { D, LANG, T } from "./page.js";

const shownIds = new Set();
const hiddenIds = new Set(); // hidden by staff: never drawn again, even by a read already on its way

const clockTime = (at) =>
  new Date(at).toLocaleTimeString(LANG, { timeZone: D.tz || undefined, timeStyle: "short" });

function lineItem(line) {
  return el(
    "li",
    { class: "chat-line", "data-id": line.id },
    el("time", { class: "muted", dateTime: line.at, text: clockTime(line.at) }),
    " ",
    el("strong", { class: "chat-name", text: line.name }),
    ": ",
    el("span", { class: "chat-text", text: line.text }),
  );
}

/** Take over the lines the page arrived with (written as the server rendered it): counted as
 * shown, their times said as the pushed lines' are, the newest in sight. */
export function takeDrawnLines() {
  const list = $("chat-lines");
  if (!list) {
    return;
  }
  for (const item of list.children) {
    shownIds.add(Number(item.dataset.id));
    const time = item.querySelector("time");
    time.textContent = clockTime(time.dateTime);
  }
  list.scrollTop = list.scrollHeight;
}

/** Add one line (a push, or the answer to the reader's own) unless it is shown already. */
export function addLine(line) {
  const list = $("chat-lines");
  if (!list || shownIds.has(line.id) || hiddenIds.has(line.id)) {
    return;
  }
  shownIds.add(line.id);
  list.append(lineItem(line));
  list.scrollTop = list.scrollHeight;
}

/** Drop the lines staff hid (a push naming them). */
export function dropLines(ids) {
  const list = $("chat-lines");
  for (const id of ids) {
    const item = list && list.querySelector(`[data-id="${Number(id)}"]`);
    if (item) {
      item.remove();
    }
    shownIds.delete(Number(id));
    hiddenIds.add(Number(id));
  }
}

/**
 * Read the whole thread again (after every socket open). Lines pushed while the read was on
 * its way stay; lines staff hid meanwhile (older than the newest read, not in it) drop out.
 */
export async function readChat() {
  const list = $("chat-lines");
  if (!list) {
    return;
  }
  const response = await fetch(D.chatUrl, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) {
    return;
  }
  const { lines } = await response.json();
  const read = new Set(lines.map((line) => line.id));
  const newest = Math.max(0, ...read);
  for (const item of [...list.children]) {
    const id = Number(item.dataset.id);
    if (id <= newest && !read.has(id)) {
      item.remove();
      shownIds.delete(id);
    }
  }
  lines.forEach(addLine);
  [...list.children].sort((a, b) => a.dataset.id - b.dataset.id).forEach((item) => list.append(item));
  list.dataset.reads = Number(list.dataset.reads || 0) + 1;
}

function csrf() {
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

/** The form under the thread (only players at the table have one). */
export function setupChat() {
  const form = $("chat-form");
  if (!form) {
    return;
  }
  const input = $("chat-text");
  const note = $("chat-note");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      return;
    }
    let data = null;
    let ok = false;
    try {
      const response = await fetch(D.chatUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({ text }),
      });
      ok = response.ok;
      data = await response.json();
    } catch (e) {
      data = { message: T.offline };
    }
    if (ok) {
      input.value = "";
      note.hidden = true;
      addLine(data);
    } else {
      note.textContent = (data && data.message) || T.failed;
      note.hidden = false;
    }
  });
}

/** The player's private note: kept on the server when he saves it. */
export function setupNote() {
  const form = $("note-form");
  if (!form) {
    return;
  }
  const state = $("note-state");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let data = null;
    let ok = false;
    try {
      const response = await fetch(D.noteUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({ text: $("note-text").value }),
      });
      ok = response.ok;
      data = await response.json();
    } catch (e) {
      data = { message: T.offline };
    }
    state.textContent = ok ? T.note_saved : (data && data.message) || T.failed;
  });
}
