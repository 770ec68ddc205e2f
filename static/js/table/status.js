// The status strip (round, phase, whose turn, the deadline, the live dot) and the signs of
// "your turn" outside the page: the tab's title, its icon and a desktop notification.

import { tint } from "./colours.js";
import { decisionStatus } from "./decisions.js";
import { $, el, fmt } from "./dom.js";
import { isLive } from "./network.js";
import { D, LANG, MODE, me, phaseName, playerName, shown, T } from "./page.js";

const MAX_TIMEOUT = 2 ** 31 - 1; // setTimeout's longest wait (about 24 days)
let deadlineTimer = null;
let wasMyTurn = false;

function turnText(view) {
  if (view.game_over) {
    return T.game_over;
  }
  if (shown.payload.status !== "running" && MODE !== "replay") {
    return T.game_stopped;
  }
  const decision = decisionStatus(view);
  if (decision) {
    return decision;
  }
  if (view.your_turn) {
    return T.your_turn;
  }
  return fmt(T.waiting_for, { players: view.to_act.map(playerName).join(", ") });
}

export function renderStatus(view) {
  const payload = shown.payload;
  const box = $("status");
  box.replaceChildren();
  box.append(
    el("span", { class: "chip round", text: fmt(T.round_n, { n: view.round }) }),
    tint(el("span", { class: "chip phase", text: phaseName(view.phase) }), view.phase),
    el("span", { class: `chip turn${view.your_turn ? " mine" : ""}`, role: "status", text: turnText(view) }),
  );
  if (view.market && !view.game_over) {
    const [first, second] = view.market.value;
    const [nextFirst, nextSecond] = view.market.next_value;
    box.append(
      tint(el("span", { class: "chip market-value", title: T.market_help, text: fmt(T.market_value, { first, second }) }), "market"),
      el("span", { class: "chip market-next muted", text: fmt(T.market_next, { first: nextFirst, second: nextSecond }) }),
    );
  }
  if (view.last_round && !view.game_over) {
    box.append(el("span", { class: "chip warn", text: T.last_round }));
  }
  clearTimeout(deadlineTimer);
  if (payload.deadline && payload.status === "running") {
    const deadline = new Date(payload.deadline);
    // In the member's zone, and named: a deadline read in another zone is an hour off.
    const when = deadline.toLocaleString(LANG, {
      timeZone: D.tz || undefined,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
    // Without a timeout policy a game stays past its deadline; with one, the server acts
    // within a minute. Either way the page says so, also when it passes with the page open.
    const left = deadline - Date.now();
    const text = fmt(left > 0 ? T.deadline : T.deadline_passed, { when });
    box.append(el("span", { class: "chip deadline", text }));
    if (left > 0) {
      deadlineTimer = setTimeout(() => renderStatus(view), Math.min(left, MAX_TIMEOUT));
    }
  }
  if (MODE === "live" && payload.status === "running" && me() !== null && "Notification" in window && Notification.permission === "default") {
    box.append(el("button", { type: "button", class: "button small secondary", "data-action": "notify", text: T.notify_me }));
  }
  if (MODE === "live") {
    box.append(el("span", { class: `live-dot${isLive() ? " on" : ""}`, title: T.live }));
  }
}

/** Remember whether it is the reader's turn now, without signalling (the page just opened). */
export function knowTurn(view) {
  wasMyTurn = Boolean(view && view.your_turn);
}

/** Mark the tab when it is the reader's turn; notify when it became so while the tab was hidden. */
export function signalTurn(view) {
  if (MODE !== "live") {
    return;
  }
  const payload = shown.payload;
  const myTurn = Boolean(view.your_turn);
  document.title = `${myTurn ? `● ${T.your_turn_short} · ` : ""}${D.title} · stpete`;
  const icon = document.getElementById("favicon");
  if (icon) {
    icon.href = myTurn ? D.faviconTurn : D.favicon;
  }
  if (myTurn && !wasMyTurn && payload.version > Number(D.initialVersion) && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(D.title, { body: T.your_turn, icon: D.faviconTurn, tag: `stpete-${payload.id}` });
  }
  wasMyTurn = myTurn;
}
