// The Banquet at the table: a purple card's choices (the cards it can act on, each with its
// ways: buy, take, put back, rubles or points…), the Pick Pocket's question when a phase opens
// and its standing answer ("ask me" / "never ask me"), and what a card in an area carries
// (a Jester or Banquet lying on it, the Money Collector's chip) in its dialog.

import { capital, pickpocketChoice, specialChoice } from "./banquet_words.js";
import { card, cardName, cardTile, coverOn, typeOf } from "./cards.js";
import { decisionBox, moveButton, registerDecision } from "./decisions.js";
import { openDialog } from "./dialog.js";
import { el, fmt } from "./dom.js";
import { LANG, me, playerName, shown, T } from "./page.js";
import { submit } from "./network.js";

/** The card a choice acts on: a purple card's target, the Pick Pocket's card from the board. */
const actsOn = (move) => move.target || (move.kind === "pickpocket" ? move.card : null) || "";

/** A dialog of choices, one row per card they act on (the card drawn, then one button per way),
 * each row a group named by its card; `choice(move)` words a button. */
export function openChoices(title, help, moves, choice) {
  const rows = new Map();
  moves.forEach((m) => rows.set(actsOn(m), [...(rows.get(actsOn(m)) || []), m]));
  const list = el("div", { class: "dialog-actions choices" });
  // Two copies of a card (two Controllers, two Judges in the discard pile) are one row: the
  // same choices with the same effect, unless something lies on one of them.
  const seen = new Set();
  for (const [target, offered] of rows) {
    const look = JSON.stringify([target && typeOf(target), target && coverOn(target, shown.payload.view), offered.map(choice)]);
    if (seen.has(look)) {
      continue;
    }
    seen.add(look);
    const buttons = el("div", { class: "choice-buttons" });
    offered.forEach((m) => {
      const b = moveButton(m, false);
      b.textContent = capital(choice(m));
      buttons.append(b);
    });
    const named = target ? { role: "group", "aria-label": cardName(target) } : {};
    list.append(el("div", { class: "choice-row", ...named }, target ? cardTile(target, { tag: "div", small: true }) : null, buttons));
  }
  openDialog(title, help ? el("p", { class: "muted", text: help }) : null, list);
}

/** The buttons a purple card's dialog offers: one use without a choice is its button; uses with
 * cards to choose open the choices. */
export function purpleActions(instance, moves) {
  const uses = moves.filter((m) => m.kind === "special" && m.card === instance);
  if (!uses.length) {
    return [];
  }
  if (uses.length === 1 && !uses[0].target) {
    const b = moveButton(uses[0], true);
    b.textContent = capital(specialChoice(uses[0]));
    return [b];
  }
  const open = el("button", { type: "button", class: "button primary", "data-action": "choose", text: fmt(T.use_card, { card: cardName(instance) }) });
  open.addEventListener("click", () => openChoices(cardName(instance), card(instance)[`text_${LANG}`] || "", uses, specialChoice));
  return [open];
}

/** What lies on a card in an area, for its dialog: each Jester or Banquet with what it will
 * do, the Money Collector's chip with what it means (tapping the card shows both cards). */
export function coverDetail(instance) {
  const cover = coverOn(instance, shown.payload && shown.payload.view);
  const items = cover.lying.map((c) =>
    el("li", { class: "cover-item" }, cardTile(c, { tag: "div", small: true }), el("p", {}, el("strong", { text: fmt(T.lies_on_it, { card: cardName(c) }) }), " ", card(c)[`text_${LANG}`] || "")),
  );
  if (cover.collected) {
    items.push(el("li", { class: "cover-item" }, el("span", { class: "collector-chip", "aria-hidden": "true", text: "½" }), el("p", { text: T.collected_help })));
  }
  return items.length ? el("ul", { class: "cover-list" }, items) : null;
}

// The Pick Pocket when a phase opens: use it (1st edition: begin the phase; 2nd: a card from
// the board, chosen in the choices or by tapping it) or not - now, or never again.
registerDecision("pickpocket", {
  status: (view, pending) => (pending.seat === me() ? T.your_pickpocket : fmt(T.someone_pickpocket, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "pickpocket" || m.kind === "pickpocket_plan");
    if (pending.seat !== me() || !offered.length) {
      return { box: null, offered: [] };
    }
    const steals = offered.filter((m) => m.kind === "pickpocket" && m.card);
    const first = offered.filter((m) => m.kind === "pickpocket" && m.use && !m.card);
    const help = steals.length ? T.pickpocket_help_board : T.pickpocket_help_first;
    const box = decisionBox(T.decision_pickpocket, el("strong", { text: T.decision_pickpocket }), el("span", { class: "muted", text: help }));
    box.dataset.decision = "pickpocket";
    first.forEach((m) => box.append(labelled(moveButton(m, true), m)));
    if (steals.length) {
      const choose = el("button", { type: "button", class: "button primary", "data-action": "pickpocket-choose", text: T.pickpocket_choose });
      choose.addEventListener("click", () => openChoices(T.decision_pickpocket, T.pickpocket_help_board, steals, pickpocketChoice));
      box.append(choose);
    }
    offered.filter((m) => !m.use).forEach((m) => box.append(labelled(moveButton(m, false), m)));
    return { box, offered };
  },
});

function labelled(button, move) {
  button.textContent = capital(pickpocketChoice(move));
  return button;
}

/** The action bar's control of the Pick Pocket's standing answer (its holder, on his turn):
 * "ask me when a phase opens" or "never ask me". */
export function pickpocketPlan(moves, view) {
  const offered = moves.filter((m) => m.kind === "pickpocket_plan");
  if (!offered.length) {
    return null;
  }
  const never = view.players[me()].plans.pickpocket === false;
  const select = el("select", { class: "pickpocket-plan", "aria-label": T.pickpocket_plan });
  ["ask", "never"].forEach((value) => select.append(el("option", { value, selected: (value === "never") === never, text: T[`pickpocket_plan_${value}`] })));
  select.addEventListener("change", () => submit({ kind: "pickpocket_plan", ask: select.value === "ask" }));
  return el("label", { class: "plan" }, el("span", { text: T.pickpocket_plan }), select);
}
