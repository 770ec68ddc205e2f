// The board: the draw piles (in the order of the view's phases), the discard pile, the upper and
// lower rows and the card drawn with an Observatory; and the dialog listing a pile's contents.

import { amountWords, card, cardName, cardTile, typeOf } from "./cards.js";
import { tint } from "./colours.js";
import { openDialog } from "./dialog.js";
import { $, el, fmt } from "./dom.js";
import { pileName, shown, T } from "./page.js";

/** The piles of `view`: those of its phases in phase order, then any other pile it lists. */
export function pileOrder(view) {
  const names = view.phases.map((phase) => phase.pile).filter((pile) => pile && pile in view.piles);
  for (const pile of Object.keys(view.piles)) {
    names.push(pile);
  }
  return [...new Set(names)];
}

function pileButton(name, size, label, extra) {
  return el(
    "button",
    { type: "button", class: `pile${extra ? ` ${extra}` : ""}`, "data-pile": name },
    el("span", { class: "pile-size", text: size }),
    el("span", { class: "pile-name", text: label }),
  );
}

function boardCard(instance, view, lower) {
  const price = view.prices ? view.prices[instance] : null;
  const wrap = el("div", { class: "slot" });
  if (card(instance).special) {
    // A purple card is never bought: it is taken into the hand for free (room needed).
    const usable = Boolean(price && price.can_take);
    wrap.append(cardTile(instance, { label: price && !usable ? T.cannot_now : "" }));
    wrap.append(el("span", { class: `price${usable ? " ok" : price ? " muted" : " plain"}`, "aria-hidden": "true", text: T.free }));
  } else if (price) {
    const usable = price.can_buy || price.can_take;
    const label = price.buy === null ? "—" : `${price.buy} ₽`;
    const spoken = price.buy === null ? "" : fmt(T.your_price_now, { price: amountWords(price.buy, "rubles") }) + (usable ? "" : ` (${T.cannot_now})`);
    wrap.append(cardTile(instance, { label: spoken }));
    // aria-hidden: the card's own name already says the price in words.
    wrap.append(el("span", { class: `price${price.can_buy ? " ok" : ""}${usable ? "" : " muted"}`, title: T.your_price, "aria-hidden": "true" }, label));
  } else {
    wrap.append(cardTile(instance));
    wrap.append(el("span", { class: "price plain", text: `${card(instance).cost} ₽`, "aria-hidden": "true" }));
  }
  if (lower) {
    wrap.classList.add("lower");
  }
  return wrap;
}

export function renderBoard(view) {
  const board = $("board");
  board.replaceChildren();
  const piles = el("div", { class: "piles" });
  pileOrder(view).forEach((name) => piles.append(tint(pileButton(name, view.piles[name].size, pileName(name)), name)));
  piles.append(pileButton("discard", view.discard.length, T.discard, "discard"));
  // The Banquet (2nd edition): used purple cards are out of the game, and shown so.
  const removed = view.banquet ? view.banquet.removed : [];
  if (removed.length) {
    piles.append(tint(pileButton("removed", removed.length, T.removed, "removed"), "special"));
  }
  board.append(piles);
  const row = (name, cards, lower) =>
    el(
      "div",
      { class: `row row-${name}` },
      el("h3", { class: "row-title", text: lower ? T.lower_row : T.upper_row }),
      el("div", { class: "row-cards" }, cards.length ? cards.map((c) => boardCard(c, view, lower)) : el("span", { class: "muted", text: T.row_empty })),
    );
  board.append(row("upper", view.board.upper, false), row("lower", view.board.lower, true));
  if (view.drawn) {
    // The card drawn with an Observatory, or the one the Twin laid on the upper row's first card.
    const twin = view.pending && view.pending.kind === "twin";
    board.append(el("div", { class: `row row-drawn${twin ? " twin" : ""}` }, el("h3", { class: "row-title", text: twin ? T.twin_row : T.drawn_card }), el("div", { class: "row-cards" }, boardCard(view.drawn, view, false))));
  }
}

/** The dialog listing what is left in a pile (or was discarded), grouped and counted. */
export function openPile(name) {
  const view = shown.payload.view;
  let list;
  const gone = name === "removed";
  if (name === "discard" || gone) {
    const counts = {};
    (gone ? view.banquet.removed : view.discard).forEach((c) => {
      counts[typeOf(c)] = (counts[typeOf(c)] || 0) + 1;
    });
    list = Object.keys(counts)
      .sort()
      .map((id) => ({ card: id, count: counts[id] }));
  } else {
    list = view.piles[name].contents;
  }
  const items = list.map((entry) =>
    el("li", {}, el("span", { class: "count", text: `${entry.count}×` }), cardTile(`${entry.card}#0`, { small: true }), el("span", { text: cardName(`${entry.card}#0`) })),
  );
  const title = { discard: T.discard, removed: T.removed }[name] || pileName(name);
  const help = { discard: T.discard_help, removed: T.removed_help }[name] || T.pile_help;
  openDialog(
    title,
    el("p", { class: "muted", text: help }),
    items.length ? el("ul", { class: "pile-list" }, items) : el("p", { text: T.pile_empty }),
  );
}
