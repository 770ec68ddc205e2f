// Module 4, the Events, at the table: the row of the six events (each available or used, and by
// whom), the action bar's "Use an event…" and its dialog (one button per way the reader may use
// each event now: the Ghost's card, the Grabber's card to replace), and the Twin's pair waiting
// to be taken together (a decision with a dialog of its own).

import { cardName, cardTile } from "./cards.js";
import { decisionBox, moveButton, registerDecision } from "./decisions.js";
import { openDialog } from "./dialog.js";
import { el, fmt } from "./dom.js";
import { eventName } from "./module_words.js";
import { me, playerName, T } from "./page.js";
import { seatTint } from "./colours.js";

/** The events beside the board: a list of six, each with its effect and who used it. */
export function eventRow(view) {
  const events = view.events;
  if (!events) {
    return null;
  }
  const items = events.events.map((entry) => {
    const used = entry.used_by !== null && entry.used_by !== undefined;
    const who = used ? fmt(T.event_used_by, { player: playerName(entry.used_by) }) : T.event_available;
    const item = el(
      "li",
      { class: `event${used ? " used" : ""}`, "data-event": entry.event },
      el("strong", { class: "event-name", text: eventName(entry.event) }),
      el("span", { class: "event-state", text: who }),
      el("span", { class: "event-effect", text: T[`event_effect_${entry.event}`] || "" }),
    );
    return used ? seatTint(item, entry.used_by) : item;
  });
  const mine = me() !== null && events.events.some((entry) => entry.used_by === me());
  return el(
    "div",
    { class: "events-box", role: "region", "aria-label": T.events_title },
    el("h3", { class: "row-title", text: T.events_title }),
    el("p", { class: "small-print", text: mine ? T.event_yours_used : fmt(T.events_help, { round: events.from_round }) }),
    el("ul", { class: "event-row" }, items),
  );
}

/** The dialog of the events the reader may use now: a group per event, a button per way. */
function openEvents(moves) {
  const byEvent = new Map();
  moves.forEach((m) => byEvent.set(m.event, [...(byEvent.get(m.event) || []), m]));
  const groups = [...byEvent].map(([name, offered]) =>
    el(
      "div",
      { class: "choice-row event-choice", role: "group", "aria-label": eventName(name), "data-event": name },
      el("div", {}, el("strong", { text: eventName(name) }), el("p", { class: "muted small", text: T[`event_effect_${name}`] || "" })),
      el("div", { class: "choice-buttons" }, offered.map((m) => moveButton(m, offered.length === 1))),
    ),
  );
  openDialog(T.use_event_title, el("p", { class: "muted", text: T.use_event_help }), el("div", { class: "dialog-actions choices" }, groups));
}

/** The action bar's button that opens the events dialog (null when no event may be used). */
export function eventButton(moves) {
  const offered = moves.filter((m) => m.kind === "event");
  if (!offered.length) {
    return null;
  }
  const b = el("button", { type: "button", class: "button secondary use-event", text: T.use_event });
  b.addEventListener("click", () => openEvents(offered));
  return b;
}

// The Twin's pair: taken together (a button per way, the whole price), or left to be discarded
// by any other action of the turn (the action bar keeps those).
registerDecision("twin", {
  status: (view, pending) => (pending.seat === me() ? T.your_twin : fmt(T.someone_twin, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "twin");
    if (pending.seat !== me()) {
      return { box: null, offered: [] };
    }
    const box = decisionBox(
      T.decision_twin,
      el("strong", { text: T.decision_twin }),
      el("span", { class: "muted", text: fmt(T.twin_help, { on: cardName(pending.on), card: cardName(pending.card) }) }),
      el("span", { class: "twin-cards" }, cardTile(pending.on, { small: true, tag: "div" }), cardTile(pending.card, { small: true, tag: "div" })),
    );
    box.dataset.decision = "twin";
    offered.forEach((m, i) => box.append(moveButton(m, i === 0)));
    return { box, offered };
  },
});
