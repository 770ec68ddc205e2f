// The game's log: a server-rendered HTML fragment (GET /games/<id>/log), fetched again when the
// version changes, newest or oldest entry first as the reader last chose.

import { paint } from "./colours.js";
import { $ } from "./dom.js";
import { D, T } from "./page.js";

let logVersion = -1;

/** Fetch the log unless it is already the one of `version`. */
export async function refreshLog(version) {
  if (version === logVersion) {
    return;
  }
  const response = await fetch(D.logUrl, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) {
    return;
  }
  logVersion = version;
  const body = $("log-body");
  body.innerHTML = await response.text(); // our own server-rendered fragment
  paint(body);
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
