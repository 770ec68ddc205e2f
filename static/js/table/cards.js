// Drawing one card (no publisher art): its colour, cost, name, worker and market symbols and
// income, from the card catalogue the page hands the script. Also the small glyphs for rubles,
// points and symbols, drawn by us as inline SVG.

import { tint } from "./colours.js";
import { el, fmt } from "./dom.js";
import { CARDS, LANG, T } from "./page.js";

const GLYPHS = {
  rubles:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="#d9a520" stroke="#8a6410"/><text x="8" y="11.5" font-size="9" font-weight="700" text-anchor="middle" fill="#5a3d05">₽</text></svg>',
  points:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1l2.1 4.6 5 .5-3.8 3.3 1.1 4.9L8 11.8 3.6 14.3l1.1-4.9L.9 6.1l5-.5z" fill="#2f6fa8" stroke="#173e63" stroke-width=".6"/></svg>',
  wood:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="5" width="13" height="6" rx="3" fill="#8b5a2b"/><ellipse cx="13" cy="8" rx="2" ry="3" fill="#d9b382" stroke="#6b4420"/></svg>',
  gold:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 12l3-7h6l3 7z" fill="#e6bf2e" stroke="#8a6a10"/><path d="M6 6l1 5" stroke="#fff6c7" stroke-width="1"/></svg>',
  wool:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6" fill="#f3efe6" stroke="#8a8072"/><path d="M4 6c3 1 5 1 8 0M3.5 9c3 1.2 6 1.2 9 0" stroke="#8a8072" fill="none"/></svg>',
  fur:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3l3 2h4l3-2-1 5 1 5-3-1H6l-3 1 1-5z" fill="#9a6b3f" stroke="#5a3a1c"/></svg>',
  ship:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 10h12l-2 4H4z" fill="#5a3a1c"/><path d="M8 2v8M8 2l5 6H8M8 3L4 8h4" fill="#f3efe6" stroke="#334"/></svg>',
  grain:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 15V4" stroke="#8a6a10"/><ellipse cx="6" cy="6" rx="1.5" ry="2.5" fill="#e0b84a"/><ellipse cx="10" cy="6" rx="1.5" ry="2.5" fill="#e0b84a"/><ellipse cx="8" cy="3" rx="1.5" ry="2.5" fill="#e0b84a"/></svg>',
  chicken:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><ellipse cx="8" cy="10" rx="5" ry="4" fill="#f3efe6" stroke="#8a8072"/><circle cx="11" cy="5" r="2.5" fill="#f3efe6" stroke="#8a8072"/><path d="M11 2l1-1 1 1" stroke="#c0392b"/><path d="M13.5 5l1.5.5-1.5.5" fill="#e6a100"/></svg>',
  apple:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="9.5" r="5.5" fill="#c0392b"/><path d="M8 4V1.5" stroke="#5a3a1c"/><path d="M8 3c2-2 4-1 4-1-1 2-3 2-4 1" fill="#2e7d32"/></svg>',
  cabbage:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8.5" r="6" fill="#7cb342" stroke="#33691e"/><path d="M8 3v11M4 6c2 2 2 5 0 7M12 6c-2 2-2 5 0 7" stroke="#33691e" fill="none"/></svg>',
  fish:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 8c3-4 8-4 10 0-2 4-7 4-10 0z" fill="#5d8aa8" stroke="#2c4a5e"/><path d="M12 8l3-3v6z" fill="#5d8aa8" stroke="#2c4a5e"/><circle cx="5" cy="7.5" r=".8" fill="#fff"/></svg>',
  wheat:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 15V3" stroke="#7a5a12"/><path d="M8 5c-2-1-3-3-3-3 2 0 3 1 3 3zm0 0c2-1 3-3 3-3-2 0-3 1-3 3zm0 3c-2-1-3-3-3-3 2 0 3 1 3 3zm0 0c2-1 3-3 3-3-2 0-3 1-3 3zm0 3c-2-1-3-3-3-3 2 0 3 1 3 3zm0 0c2-1 3-3 3-3-2 0-3 1-3 3z" fill="#d4a82a"/></svg>',
  joker:
    '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="#fff" stroke="#7b1e33"/><text x="8" y="11.5" font-size="10" font-weight="700" text-anchor="middle" fill="#7b1e33">?</text></svg>',
};

export const glyph = (name, label) =>
  el("span", { class: `glyph g-${name}`, html: GLYPHS[name] || "", title: label || T[name] || name });

/** `library#1` is a copy of the card type `library`. */
export const typeOf = (instance) => instance.split("#")[0];
const copyOf = (instance) => Number(instance.split("#")[1] || 0);
/** The market symbol printed on this copy ("" if none). */
export const marketOf = (instance) => {
  const c = card(instance);
  return c.market && c.market.length ? c.market[copyOf(instance)] : "";
};
/** The catalogue entry of a card instance ({} for an unknown one). */
export const card = (instance) => CARDS[typeOf(instance)] || {};
export const cardName = (instance) => card(instance)[`name_${LANG}`] || instance;

// The name's type shrinks with its longest word, so no word breaks in the middle of a card
// (the CSS sizes it from the card's width: container query units). Where even 11 px is too
// wide, the word breaks at a soft hyphen of `name_breaks` (games/texts/hyphens.py).
function longestWord(name) {
  return Math.max(...name.split(/[\s-]+/).map((w) => w.length));
}

/** `n` rubles / points in words, for screen readers ("1 ruble", "3 points"). */
export function amountWords(n, unit) {
  return fmt(T[`${unit}_${Number(n) === 1 ? "one" : "other"}`] || `{n} ${unit}`, { n });
}

/** What a reader hears for a card: its name, kind, cost and income (the tile shows them as
 * symbols; the kind also by the shape of the cost badge, never by colour alone). */
export function cardLabel(instance) {
  const c = card(instance);
  const kind = c.trading ? T.kind_trading : T[`kind_${c.color}`];
  // A special card (the Banquet's purple cards) is never bought: taken for free, used once.
  const cost = c.special ? T.card_free : fmt(T.card_costs, { cost: amountWords(c.cost, "rubles") });
  const parts = [cardName(instance), kind, cost].filter(Boolean);
  const income = [c.rubles ? amountWords(c.rubles, "rubles") : "", c.points ? amountWords(c.points, "points") : ""].filter(Boolean);
  if (income.length) {
    parts.push(fmt(T.card_income, { income: income.join(", ") }));
  }
  return parts.join(", ");
}

/** The good a '?' card in an area stands for (the Market's tile on it), or "". */
export function jokerGood(instance, view) {
  const market = view && view.market;
  return (market && market.jokers[instance]) || "";
}

/** What lies on a card in an area (the Banquet): the Jester or Banquet cards on it, latest
 * last, and whether the Money Collector placed it (its chip). Read from the view. */
export function coverOf(instance, view, marks) {
  const banquet = view && view.banquet;
  const lying = banquet ? banquet.lying.filter((l) => l.on === instance).map((l) => l.card) : [];
  const collected = (marks || []).some((m) => m.card === instance && m.kind === "collected");
  return { lying, collected };
}

/** What lies on a card in whichever area holds it (nothing for a card in no area). */
export function coverOn(instance, view) {
  const owner = view ? view.players.find((p) => p.area.includes(instance)) : null;
  return coverOf(instance, view, owner ? owner.marks : []);
}

/** The words a reader hears for what lies on a card ("" if nothing). */
export function coverLabel(cover) {
  const parts = cover.lying.map((c) => fmt(T.lies_on_it, { card: cardName(c) }));
  if (cover.collected) {
    parts.push(T.collected_label);
  }
  return parts.join(", ");
}

// The later cards, smaller, on top of the card they lie on (yucata draws them so); the chip.
function coverMarks(cover) {
  if (!cover || (!cover.lying.length && !cover.collected)) {
    return [];
  }
  const hidden = { "aria-hidden": "true" };
  const on = cover.lying.map((c, i) =>
    tint(el("span", { class: "overlay", style: `--nth:${i}`, "data-overlay": typeOf(c), ...hidden }, el("span", { class: "overlay-name", text: cardName(c) })), card(c).color || "special"),
  );
  const chip = cover.collected ? el("span", { class: "collector-chip", title: T.collected_label, text: "½", ...hidden }) : null;
  return [...on, chip];
}

/** One card as a button (or `opts.tag`): `opts.small`, `opts.extra` classes, `opts.label` for
 * readers, `opts.good` the good of the tile on its '?' (the Market), `opts.count` identical
 * copies stacked on it ("× 7"), `opts.cover` what lies on it (`coverOf`: drawn on top and said
 * in its name). Its accessible name is spoken text (name, kind, cost, income, the labels), not
 * the symbols. */
export function cardTile(instance, opts) {
  const c = card(instance);
  const o = opts || {};
  const tag = o.tag || "button";
  // Worker symbols, then the market symbols printed on every copy (the Market's own cards).
  const symbols = [...(c.symbols || []), ...(c.goods || [])].map((s) => glyph(s));
  const printed = marketOf(instance);
  const market = printed === "joker" && o.good ? o.good : printed;
  const marketLabel = printed === "joker" && o.good ? fmt(T.joker_is, { good: T[o.good] || o.good }) : T.market;
  const income = [];
  if (c.rubles) {
    income.push(el("span", { class: "inc" }, glyph("rubles"), c.rubles));
  }
  if (c.points) {
    income.push(el("span", { class: "inc" }, glyph("points"), c.points));
  }
  const hidden = { "aria-hidden": "true" };
  const tile = el(
    tag,
    {
      class: `card${c.trading ? " trading" : ""}${o.small ? " small" : ""}${o.extra ? ` ${o.extra}` : ""}`,
      type: tag === "button" ? "button" : null,
      "data-card": instance,
      title: `${cardName(instance)} — ${c[`text_${LANG}`] || ""}`,
    },
    el(
      "span",
      { class: "visually-hidden" },
      [cardLabel(instance), o.count > 1 ? fmt(T.n_copies, { n: o.count }) : "", o.cover ? coverLabel(o.cover) : "", o.label || "", market !== printed ? marketLabel : ""]
        .filter(Boolean)
        .join(", "),
    ),
    o.count > 1 ? el("span", { class: "card-count", "aria-hidden": "true", text: `× ${o.count}` }) : null,
    el("span", { class: "card-top", ...hidden }, el("span", { class: "card-cost", text: c.special ? "" : c.cost }), market ? glyph(market, marketLabel) : null),
    el("span", { class: "card-name", lang: LANG, style: `--word:${longestWord(cardName(instance))}`, text: c.name_breaks || cardName(instance), ...hidden }),
    el("span", { class: "card-symbols", ...hidden }, symbols),
    el("span", { class: "card-income", ...hidden }, income),
    coverMarks(o.cover),
  );
  if (c.special) {
    tile.classList.add("special");
  }
  if (o.cover && (o.cover.lying.length || o.cover.collected)) {
    tile.classList.add("covered");
  }
  return tint(tile, c.color || "other");
}
