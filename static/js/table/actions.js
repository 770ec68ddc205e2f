// What the reader can do: the action bar (the pending decision's box, the Observatory, the Pub
// plan, passing, undo, reclaiming a seat) and the dialog of a card with the moves it offers.

import { coverDetail, pickpocketPlan, purpleActions } from "./banquet.js";
import { card, cardName, cardTile, coverOn, glyph } from "./cards.js";
import { drawDecision, moveButton, moveLabel } from "./decisions.js";
import { eventButton } from "./events.js";
import { openDialog } from "./dialog.js";
import { $, el, fmt } from "./dom.js";
import { reclaim, submit, undo } from "./network.js";
import { counted, LANG, me, MODE, pileName, shown, T } from "./page.js";

function openObservatory(moves) {
  const actions = el("div", { class: "dialog-actions" });
  moves.forEach((m) => actions.append(moveButton(m, false)));
  openDialog(T.use_observatory, el("p", { class: "muted", text: T.observatory_help }), actions);
}

function openPrison(moves) {
  const actions = el("div", { class: "dialog-actions" });
  moves.forEach((m) => actions.append(moveButton(m, m.then === "buy")));
  openDialog(T.use_prison, el("p", { class: "muted", text: T.prison_help }), actions);
}

// A standing choice as a select (the Guild Hall's split, the Trading House plan): the current
// value selected, a change sends the move.
function planSelect(moves, label, current, valueOf, extra) {
  const select = el("select", { class: extra, "aria-label": label });
  if (!moves.some((m) => valueOf(m) === current)) {
    select.append(el("option", { value: "", selected: true, text: "—" }));
  }
  moves.forEach((m, i) => select.append(el("option", { value: i, selected: valueOf(m) === current, text: moveLabel(m).split(": ").slice(1).join(": ") })));
  select.addEventListener("change", () => select.value !== "" && submit(moves[Number(select.value)]));
  return el("label", { class: "plan" }, el("span", { text: label }), select);
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
  const decision = drawDecision(view);
  // The prompt comes first: "Decide:" above the decision's buttons, not after them.
  const prompt = mine && view.your_turn ? el("strong", { class: "prompt", text: view.pending ? T.decide_now : T.tap_a_card }) : null;
  if (decision.box) {
    bar.append(...[prompt, decision.box].filter(Boolean));
  } else if (prompt) {
    line.append(prompt);
  }
  const moves = (view.moves || []).filter((m) => !decision.offered.includes(m));
  const useEvent = eventButton(moves);
  if (useEvent) {
    line.append(useEvent);
  }
  const observatory = moves.filter((m) => m.kind === "observatory");
  if (observatory.length) {
    line.append(button(T.use_observatory, "secondary", () => openObservatory(observatory)));
  }
  const plan = moves.filter((m) => m.kind === "pub_plan");
  if (plan.length) {
    const current = view.players[me()].pub_plan;
    const select = el("select", { class: "pub-plan", "aria-label": T.pub_plan });
    plan.forEach((m) => select.append(el("option", { value: m.points, selected: m.points === current, text: counted("pub_plan_n", m.points, { points: m.points }) })));
    select.addEventListener("change", () => submit({ kind: "pub_plan", points: Number(select.value) }));
    line.append(el("label", { class: "plan" }, el("span", { text: T.pub_plan }), select));
  }
  const upkeepPlan = moves.filter((m) => m.kind === "upkeep_plan");
  if (upkeepPlan.length) {
    const current = view.players[me()].plans.upkeep;
    const choice = current === true ? "keep" : current === false ? "give_up" : "ask";
    const select = el("select", { class: "upkeep-plan", "aria-label": T.upkeep_plan });
    ["ask", "keep", "give_up"].forEach((value) => select.append(el("option", { value, selected: value === choice, text: T[`upkeep_plan_${value}`] })));
    select.addEventListener("change", () =>
      submit(select.value === "ask" ? { kind: "upkeep_plan" } : { kind: "upkeep_plan", keep: select.value === "keep" }),
    );
    line.append(el("label", { class: "plan" }, el("span", { text: T.upkeep_plan }), select));
  }
  const prison = moves.filter((m) => m.kind === "prison");
  if (prison.length) {
    line.append(button(T.use_prison, "secondary use-prison", () => openPrison(prison)));
  }
  const plans = mine ? view.players[me()].plans || {} : {};
  const split = moves.filter((m) => m.kind === "guild_hall_plan");
  if (split.length) {
    const current = plans.guild_hall !== undefined ? plans.guild_hall : 4;
    line.append(planSelect(split, T.guild_hall_plan, current, (m) => m.points, "guild-hall-plan"));
  }
  const tradingPlan = moves.filter((m) => m.kind === "trading_house_plan");
  if (tradingPlan.length) {
    const current = plans.trading_house === undefined ? null : plans.trading_house;
    line.append(planSelect(tradingPlan, T.trading_house_plan, current, (m) => m.use, "trading-house-plan"));
  }
  const pickpocket = pickpocketPlan(moves, view);
  if (pickpocket) {
    line.append(pickpocket);
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
  // Nothing to do or to read (a player waiting for the others): no empty bar.
  if (!decision.box && !line.children.length) {
    bar.hidden = true;
  }
}

// On your turn, what is not possible right now may still be tried: the server says why not.
function tryableMoves(instance, view, price, moves) {
  if (MODE !== "live" || !view || !view.your_turn || !price || card(instance).trading) {
    return [];
  }
  if (card(instance).special) {
    // Never bought or played into the area: taken, then used on a later turn when it can act.
    if (price.can_take === false) {
      return [{ kind: "take", card: instance }];
    }
    const inHand = price.play !== undefined && card(instance).ability !== "pickpocket"; // asked when a phase opens
    return inHand && !moves.some((m) => m.kind === "special") ? [{ kind: "special", card: instance }] : [];
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
  const moves =
    MODE === "live" && view && view.moves ? view.moves.filter((m) => m.card === instance || m.observatory === instance || m.prison === instance || m.target === instance) : [];
  const facts = el(
    "p",
    { class: "facts" },
    c.special ? fmt(T.card_facts_special, { deck: pileName(c.deck) }) : fmt(T.card_facts, { cost: c.cost, deck: pileName(c.deck) }),
    c.rubles ? el("span", {}, " · ", glyph("rubles"), c.rubles) : null,
    c.points ? el("span", {}, " · ", glyph("points"), c.points) : null,
  );
  const actions = el("div", { class: "dialog-actions" });
  // Two copies of the card to replace would give two identical buttons: one is enough.
  const labels = new Set();
  // A purple card in the hand: its use, or the choice of the cards it can act on.
  const purple = purpleActions(instance, moves);
  actions.append(...purple);
  moves
    .filter((m) => m.kind !== "observatory" && !(m.kind === "special" && m.card === instance))
    .filter((m) => !labels.has(moveLabel(m)) && labels.add(moveLabel(m)))
    .forEach((m) => actions.append(moveButton(m, m.kind === "buy" || m.kind === "play")));
  const observatory = moves.filter((m) => m.kind === "observatory");
  if (observatory.length) {
    actions.append(el("p", { class: "muted", text: T.observatory_help }));
    observatory.forEach((m) => actions.append(moveButton(m, false)));
  }
  const price = view && view.prices ? view.prices[instance] : null;
  const tryable = tryableMoves(instance, view, price, moves);
  tryable.forEach((m) => {
    const b = moveButton(m, false);
    if (m.kind === "special") {
      b.textContent = T.use_it_now;
    }
    b.classList.add("tryable");
    b.title = T.not_possible_now;
    actions.append(b);
  });
  if (c.ability === "pickpocket" && price && price.play !== undefined) {
    actions.append(el("p", { class: "muted", text: T.pickpocket_when }));
  }
  if (!moves.length && !tryable.length && price && !c.special && (price.buy !== undefined || price.play !== undefined)) {
    const amount = price.buy !== undefined ? price.buy : price.play;
    actions.append(el("p", { class: "muted", text: amount === null ? T.nothing_to_displace : fmt(T.not_now_price, { price: amount }) }));
  }
  openDialog(
    cardName(instance),
    el("div", { class: "card-detail" }, cardTile(instance, { tag: "div", extra: "large", cover: coverOn(instance, view) }), el("div", {}, el("p", { class: "ability", text: c[`text_${LANG}`] || "" }), facts)),
    coverDetail(instance),
    actions,
  );
}
