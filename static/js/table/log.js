// The game's log: a server-rendered HTML fragment (in the page, then GET /games/<id>/log), fetched
// again when the version changes, newest or oldest entry first as the reader last chose.

import { paint } from "./colours.js";
import { $ } from "./dom.js";
import { D, T } from "./page.js";

let logVersion = -1; // the version of the log drawn (the server says it in X-Game-Version)
let seenLines = -1; // log lines already announced (-1: none drawn yet)

/**
 * Fetch the log unless one of `version` or later is drawn. Answers can overtake each other
 * (a push's fetch, the page's first one held up): an answer older than the log drawn is dropped.
 */
export async function refreshLog(version) {
  if (version <= logVersion) {
    return;
  }
  // What came after the reader's last visit is marked (the server knows which lines).
  const since = Number(D.seenVersion || 0);
  const url = since > 0 ? `${D.logUrl}?since=${since}` : D.logUrl;
  const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) {
    return;
  }
  const drawnAt = Number(response.headers.get("X-Game-Version"));
  const html = await response.text();
  const body = $("log-body");
  body.dataset.answers = Number(body.dataset.answers || 0) + 1; // read, drawn or not
  if (drawnAt <= logVersion) {
    return;
  }
  logVersion = drawnAt;
  body.innerHTML = html; // our own server-rendered fragment
  body.dataset.version = drawnAt;
  paint(body);
  announce(body);
}

/** Take over the log the page arrived with (rendered at the version in its data-version): only
 * a later version is fetched, and its lines are the ones already seen. */
export function takeDrawnLog() {
  const body = $("log-body");
  if (!body) {
    return;
  }
  logVersion = Number(body.dataset.version);
  paint(body);
  announce(body);
}

/** Say the log's new lines (those after the ones seen before) in the page's live region, so a
 * screen reader reads out the moves as they arrive; the first load says nothing. */
function announce(body) {
  const lines = [...body.querySelectorAll(".log-lines li")].map((li) => li.textContent.trim());
  const fresh = seenLines < 0 ? [] : lines.slice(Math.max(seenLines, lines.length - 5));
  seenLines = lines.length;
  const region = $("announce");
  if (region && fresh.length) {
    region.textContent = fresh.join(" ");
  }
}

/** The "newest first / oldest first" switch, remembered in this browser. */
export function setupLogOrder() {
  const order = $("log-order");
  if (!order) {
    return;
  }
  const newestFirst = () => localStorage.getItem("stpete.logNewestFirst") !== "0";
  const apply = () => {
    const newest = newestFirst();
    $("log-body").classList.toggle("newest-first", newest);
    order.textContent = `${newest ? T.newest_first : T.oldest_first} ⇅`;
    order.setAttribute("aria-pressed", newest ? "true" : "false");
  };
  order.addEventListener("click", () => {
    localStorage.setItem("stpete.logNewestFirst", newestFirst() ? "0" : "1");
    apply();
  });
  apply();
}
