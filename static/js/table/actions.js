// What the reader can do: the action bar (the pending decision's box, the Observatory, the Pub
// plan, passing, undo, reclaiming a seat) and the dialog of a card with the moves it offers.

import { card, cardName, cardTile, glyph } from "./cards.js";
import { drawDecision, moveButton, moveLabel } from "./decisions.js";
import { openDialog } from "./dialog.js";
import { $, el, fmt } from "./dom.js";
import { reclaim, submit, undo } from "./network.js";
import { LANG, me, MODE, pileName, shown, T } from "./page.js";

function openObservatory(moves) {
  const actions = el("div", { class: "dialog-actions" });
  moves.forEach((m) => actions.append(moveButton(m, false)));
  openDialog(T.use_observatory, el("p", { class: "muted", text: T.observatory_help }), actions);
}

function button(text, extra, action) {
  const b = el("button", { type: "button", class: `button ${extra}`, text });
  b.addEventListener("click", action);
  return b;
}

export function renderActions(view) {
  const payload = shown.payload;
  const bar = $("actions");
  bar.replaceChildren();
  if (MODE === "replay") {
    bar.hidden = true;
    return;
  }
  const mine = me() !== null;
  bar.hidden = (!mine || view.game_over || payload.status !== "running") && !payload.can_reclaim;
  const line = el("div", { class: "action-row" });
  if (mine && view.your_turn) {
    line.append(el("strong", { class: "prompt", text: view.pending ? T.decide_now : T.tap_a_card }));
  }
  const decision = drawDecision(view);
  if (decision.box) {
    bar.append(decision.box);
  }
  const moves = (view.moves || []).filter((m) => !decision.offered.includes(m));
  const observatory = moves.filter((m) => m.kind === "observatory");
  if (observatory.length) {
    line.append(button(T.use_observatory, "secondary", () => openObservatory(observatory)));
  }
  const plan = moves.filter((m) => m.kind === "pub_plan");
  if (plan.length) {
    const current = view.players[me()].pub_plan;
    const select = el("select", { class: "pub-plan", "aria-label": T.pub_plan });
    plan.forEach((m) => select.append(el("option", { value: m.points, selected: m.points === current, text: fmt(T.pub_plan_n, { points: m.points }) })));
    select.addEventListener("change", () => submit({ kind: "pub_plan", points: Number(select.value) }));
    line.append(el("label", { class: "plan" }, el("span", { text: T.pub_plan }), select));
  }
  moves
    .filter((m) => m.kind === "pass")
    .sort((a, b) => (a.until ? 1 : 0) - (b.until ? 1 : 0))
    .forEach((m) => {
      const b = button(moveLabel(m), "secondary pass", () => submit(m));
      b.dataset.pass = m.until || "turn";
      line.append(b);
    });
  if (payload.can_undo) {
    line.append(button(T.undo, "secondary undo", undo));
  }
  const mySeat = payload.players.find((p) => p.seat === me());
  if (payload.can_reclaim || (mySeat && mySeat.can_reclaim)) {
    line.append(button(T.reclaim, "primary", reclaim));
  }
  if (mine && view.players[me()].standing && !view.your_turn) {
    line.append(el("span", { class: "muted", text: view.players[me()].standing === "phase" ? T.standing_phase : T.standing_board }));
  }
  bar.append(line);
}

// On your turn, what is not possible right now may still be tried: the server says why not.
function tryableMoves(instance, view, price) {
  if (MODE !== "live" || !view || !view.your_turn || !price || card(instance).trading) {
    return [];
  }
  const tryable = [];
  if (price.buy !== undefined && !price.can_buy && price.buy !== null) {
    tryable.push({ kind: "buy", card: instance, price: price.buy });
  }
  if (price.can_take === false) {
    tryable.push({ kind: "take", card: instance });
  }
  if (price.play !== undefined && !price.can_play && price.play !== null) {
    tryable.push({ kind: "play", card: instance, price: price.play });
  }
  return tryable;
}

/** The dialog of one card: what it does and costs, and the moves it offers the reader now. */
export function openCard(instance) {
  const c = card(instance);
  const view = shown.payload && shown.payload.view;
  const moves = MODE === "live" && view && view.moves ? view.moves.filter((m) => m.card === instance || m.observatory === instance) : [];
  const facts = el(
    "p",
    { class: "facts" },
    fmt(T.card_facts, { cost: c.cost, deck: pileName(c.deck) }),
    c.rubles ? el("span", {}, " · ", glyph("rubles"), c.rubles) : null,
    c.points ? el("span", {}, " · ", glyph("points"), c.points) : null,
  );
  const actions = el("div", { class: "dialog-actions" });
  moves.filter((m) => m.kind !== "observatory").forEach((m) => actions.append(moveButton(m, m.kind === "buy" || m.kind === "play")));
  const observatory = moves.filter((m) => m.kind === "observatory");
  if (observatory.length) {
    actions.append(el("p", { class: "muted", text: T.observatory_help }));
    observatory.forEach((m) => actions.append(moveButton(m, false)));
  }
  const price = view && view.prices ? view.prices[instance] : null;
  const tryable = tryableMoves(instance, view, price);
  tryable.forEach((m) => {
    const b = moveButton(m, false);
    b.classList.add("tryable");
    b.title = T.not_possible_now;
    actions.append(b);
  });
  if (!moves.length && !tryable.length && price && (price.buy !== undefined || price.play !== undefined)) {
    const amount = price.buy !== undefined ? price.buy : price.play;
    actions.append(el("p", { class: "muted", text: amount === null ? T.nothing_to_displace : fmt(T.not_now_price, { price: amount }) }));
  }
  openDialog(
    cardName(instance),
    el("div", { class: "card-detail" }, cardTile(instance, { tag: "div", extra: "large" }), el("div", {}, el("p", { class: "ability", text: c[`text_${LANG}`] || "" }), facts)),
    actions,
  );
}
