// The players: one panel per seat (name, badges, start markers, rubles and points, the cards in
// the area grouped by colour, the hand), and yucata's ∑ table of what each would earn next.

import { card, cardTile, glyph } from "./cards.js";
import { seatTint, tint } from "./colours.js";
import { $, el, fmt } from "./dom.js";
import { colourName, me, phaseName, playerName, shown, T } from "./page.js";

/** The colours of the cards in `area`: the phases' colours in phase order first, then others. */
function colourOrder(view, area) {
  const present = new Set(area.map((c) => card(c).color || "other"));
  const order = view.phases.map((phase) => phase.name).filter((name) => present.has(name));
  return [...new Set([...order, ...present])];
}

function markerChips(markers) {
  return markers.map((phase) =>
    tint(el("span", { class: "marker", title: fmt(T.start_marker, { phase: phaseName(phase) }), text: T[`marker_${phase}`] || phase.charAt(0).toUpperCase() }), phase),
  );
}

function badgesOf(info, acting) {
  const badges = [];
  if (acting) {
    badges.push(el("span", { class: "badge claret", text: T.to_act }));
  }
  if (info.is_bot) {
    badges.push(el("span", { class: "badge", text: T.bot }));
  }
  if (info.on_vacation) {
    badges.push(el("span", { class: "badge gold", text: T.on_vacation }));
  }
  if (info.stand_in_bot) {
    badges.push(el("span", { class: "badge", text: T.stand_in }));
  }
  return badges;
}

function areaOf(view, p) {
  const groups = el("div", { class: "area" });
  for (const colour of colourOrder(view, p.area)) {
    const cards = p.area.filter((c) => (card(c).color || "other") === colour);
    const tiles = cards.map((c) => cardTile(c, { small: true, extra: p.used_observatories.includes(c) ? "used" : "" }));
    groups.append(
      el("div", { class: `area-group g-${colour}` }, el("span", { class: "area-label", text: `${colourName(colour)} · ${cards.length}` }), el("div", { class: "area-cards" }, tiles)),
    );
  }
  if (!p.area.length) {
    groups.append(el("span", { class: "muted", text: T.area_empty }));
  }
  return groups;
}

function panel(view, seat) {
  const p = view.players[seat];
  const info = shown.payload.players.find((x) => x.seat === seat) || {};
  const acting = view.to_act.includes(seat);
  const hand = el(
    "div",
    { class: "hand" },
    el("span", { class: "area-label", text: fmt(T.hand_n, { n: p.hand.length, limit: p.summary.hand_limit }) }),
    el("div", { class: "area-cards" }, p.hand.map((c) => cardTile(c, { small: true, extra: "in-hand" }))),
  );
  const section = el(
    "section",
    { class: `player panel${acting ? " acting" : ""}${seat === me() ? " me" : ""}` },
    el(
      "header",
      { class: "player-head" },
      el("h2", { class: "player-name", text: playerName(seat) + (seat === me() ? ` (${T.you})` : "") }),
      badgesOf(info, acting),
      el("span", { class: "markers" }, markerChips(p.markers)),
    ),
    el(
      "div",
      { class: "tally" },
      el("span", { class: "money", title: T.rubles }, glyph("rubles"), el("b", { text: p.money })),
      el("span", { class: "points", title: T.points_word }, glyph("points"), el("b", { text: p.points })),
      p.pub_plan && p.area.some((c) => card(c).ability === "pub") ? el("span", { class: "muted small", text: fmt(T.pub_plan_n, { points: p.pub_plan }) }) : null,
    ),
    areaOf(view, p),
    p.hand.length || seat === me() ? hand : null,
  );
  return seatTint(section, seat);
}

export function renderPlayers(view) {
  const box = $("players");
  box.replaceChildren();
  // Seating order: you first, then the seat to your left (position + 1 mod n), and so on;
  // spectators see plain seat order.
  const order = view.players.map((p) => p.seat).sort((a, b) => a - b);
  const n = order.length;
  if (me() !== null && n) {
    order.sort((a, b) => ((a - me() + n) % n) - ((b - me() + n) % n));
  }
  for (const seat of order) {
    box.append(panel(view, seat));
  }
}

export function renderSummary(view) {
  const box = $("summary-body");
  if (!box) {
    return;
  }
  const scoring = view.phases.filter((phase) => phase.scores).map((phase) => phase.name);
  const amount = (income, extra) =>
    income
      ? el("td", { class: `num ${extra || ""}` }, el("span", { class: "r" }, income.rubles, "₽"), " ", el("span", { class: "s" }, income.points, "★"))
      : el("td", { class: "num", text: "—" });
  const head = el(
    "tr",
    {},
    el("th", { text: T.player }),
    scoring.map((name) => tint(el("th", { class: "num", text: colourName(name) }), name)),
    el("th", { class: "num", title: T.total_income, text: "∑" }),
    el("th", { class: "num", title: T.distinct, text: T.distinct_short }),
    el("th", { class: "num", text: T.hand }),
  );
  const rows = view.players.map((p) => {
    const s = p.summary;
    return el(
      "tr",
      {},
      el("th", { scope: "row", text: playerName(p.seat) }),
      scoring.map((name) => amount(s.income[name])),
      amount(s.total_income, "strong"),
      el("td", { class: "num", title: fmt(T.distinct_points, { n: s.distinct_aristocrats, points: s.aristocrat_points }) }, `${s.distinct_aristocrats} `, el("span", { class: "s" }, `(${s.aristocrat_points}★)`)),
      el("td", { class: "num", text: `${s.hand_size}/${s.hand_limit}` }),
    );
  });
  box.replaceChildren(
    el("div", { class: "table-wrap" }, el("table", { class: "table summary" }, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { class: "small-print", text: T.summary_help }),
  );
}
