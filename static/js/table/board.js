// The board: the draw piles (in the order of the view's phases), the discard pile, the upper and
// lower rows and the card drawn with an Observatory; and the dialog listing a pile's contents.

import { card, cardName, cardTile, typeOf } from "./cards.js";
import { tint } from "./colours.js";
import { openDialog } from "./dialog.js";
import { $, el } from "./dom.js";
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
    { type: "button", class: `pile${extra ? ` ${extra}` : ""}`, "data-pile": name, "aria-label": `${label}: ${size}` },
    el("span", { class: "pile-size", text: size }),
    el("span", { class: "pile-name", text: label }),
  );
}

function boardCard(instance, view, lower) {
  const price = view.prices ? view.prices[instance] : null;
  const wrap = el("div", { class: "slot" });
  wrap.append(cardTile(instance));
  if (price) {
    const usable = price.can_buy || price.can_take;
    const label = price.buy === null ? "—" : `${price.buy} ₽`;
    wrap.append(el("span", { class: `price${price.can_buy ? " ok" : ""}${usable ? "" : " muted"}`, title: T.your_price }, label));
  } else {
    wrap.append(el("span", { class: "price plain", text: `${card(instance).cost} ₽` }));
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
    board.append(el("div", { class: "row row-drawn" }, el("h3", { class: "row-title", text: T.drawn_card }), el("div", { class: "row-cards" }, boardCard(view.drawn, view, false))));
  }
}

/** The dialog listing what is left in a pile (or was discarded), grouped and counted. */
export function openPile(name) {
  const view = shown.payload.view;
  let list;
  if (name === "discard") {
    const counts = {};
    view.discard.forEach((c) => {
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
  openDialog(
    name === "discard" ? T.discard : pileName(name),
    el("p", { class: "muted", text: name === "discard" ? T.discard_help : T.pile_help }),
    items.length ? el("ul", { class: "pile-list" }, items) : el("p", { text: T.pile_empty }),
  );
}
