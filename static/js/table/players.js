// The players: one panel per seat (name, badges, start markers, rubles and points, the cards in
// the area grouped by colour, the hand), and yucata's ∑ table of what each would earn next.

import { assignmentList } from "./assignments.js";
import { assistantLine } from "./assistants.js";
import { card, cardTile, coverOf, glyph, jokerGood, marketOf, typeOf } from "./cards.js";
import { seatTint, tint } from "./colours.js";
import { $, el, fmt } from "./dom.js";
import { nextRequirement } from "./obstacles.js";
import { colourName, counted, me, phaseName, playerName, shown, T } from "./page.js";

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

/** Identical cards of an area as [first copy, count] (same type, market symbol and what
 * `state(card)` says: turned over, the good on its '?', what lies on it), in the order they
 * were placed: seven Gold Miners are one tile "× 7", not seven; a Judge with a Jester on it
 * is a tile of its own beside the other Judges. */
function stacks(cards, state) {
  const byLook = new Map();
  for (const c of cards) {
    const look = JSON.stringify([typeOf(c), marketOf(c), ...state(c)]);
    const stack = byLook.get(look);
    if (stack) {
      stack[1] += 1;
    } else {
      byLook.set(look, [c, 1]);
    }
  }
  return [...byLook.values()];
}

function areaOf(view, p) {
  const groups = el("div", { class: "area" });
  for (const colour of colourOrder(view, p.area)) {
    const cards = p.area.filter((c) => (card(c).color || "other") === colour);
    // Turned over: an Observatory used this round, a Debtor's Prison used in this building phase.
    const turned = (c) => p.used_observatories.includes(c) || (p.marks || []).some((m) => m.card === c && m.kind === "prison_used");
    const cover = (c) => coverOf(c, view, p.marks);
    const look = (c) => [turned(c), jokerGood(c, view), ...cover(c).lying, cover(c).collected];
    const tiles = stacks(cards, look).map(([c, n]) =>
      cardTile(c, { small: true, count: n, extra: turned(c) ? "used" : "", good: jokerGood(c, view), cover: cover(c) }),
    );
    groups.append(
      el("div", { class: `area-group g-${colour}` }, el("span", { class: "area-label", text: `${colourName(colour)} · ${cards.length}` }), el("div", { class: "area-cards" }, tiles)),
    );
  }
  if (!p.area.length) {
    groups.append(el("span", { class: "muted", text: T.area_empty }));
  }
  return groups;
}

/** The Market's goods track of one seat: per good its symbol and name, the seat's position and,
 * when the market scoring came now, its place (1st/2nd) - in words, not by colour alone. */
function goodsTrack(view, seat) {
  const market = view.market;
  if (!market) {
    return null;
  }
  const items = market.goods.map((good) => {
    const places = market.places[good];
    const place = places.first.includes(seat) ? "first" : places.second.includes(seat) ? "second" : "";
    const n = market.positions[seat][good];
    return el(
      "li",
      { class: `good${place ? ` place-${place}` : ""}${n ? "" : " none"}`, "data-good": good, title: T[good] || good },
      glyph(good),
      el("span", { class: "good-name", text: T[good] || good }),
      el("b", { class: "good-n", text: n }),
      place ? el("span", { class: "good-place", text: T[`place_${place}`] }) : null,
    );
  });
  return el("ul", { class: "goods-track", "aria-label": fmt(T.goods_of, { player: playerName(seat) }) }, items);
}

// The Guild Hall's current split (set in advance, kept until changed; 4 points before).
function guildHallSplit(p) {
  if (!p.area.some((c) => card(c).ability === "guild_hall")) {
    return null;
  }
  const points = p.plans && p.plans.guild_hall !== undefined ? p.plans.guild_hall : 4;
  const text = `${T.guild_hall_plan}: ${counted("guild_hall_split", points, { points, rubles: 4 - points })}`;
  return el("span", { class: "muted small guild-hall-split", text });
}

// The Pick Pocket's standing answer, shown while its holder has said "never ask me".
function pickpocketPlan(p) {
  const holds = p.hand.some((c) => card(c).ability === "pickpocket");
  return holds && p.plans && p.plans.pickpocket === false ? el("span", { class: "muted small pickpocket-never", text: T.pickpocket_never_asked }) : null;
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
      p.pub_plan && p.area.some((c) => card(c).ability === "pub") ? el("span", { class: "muted small", text: counted("pub_plan_n", p.pub_plan, { points: p.pub_plan }) }) : null,
      guildHallSplit(p),
      pickpocketPlan(p),
    ),
    assistantLine(view, seat),
    nextRequirement(view, seat),
    goodsTrack(view, seat),
    assignmentList(view, seat),
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

/** yucata's ∑ table; the player and the total income first, so a phone shows them unscrolled.
 * A phase that charges upkeep (the Market's orange cards) has an upkeep column after its own. */
export function renderSummary(view) {
  const box = $("summary-body");
  if (!box) {
    return;
  }
  const scoring = view.phases.filter((phase) => phase.scores).map((phase) => phase.name);
  const charges = (name) => view.players.some((p) => p.summary.upkeep && p.summary.upkeep[name] !== undefined);
  const amount = (income, extra) =>
    income
      ? el("td", { class: `num ${extra || ""}` }, el("span", { class: "r" }, income.rubles, "₽"), " ", el("span", { class: "s" }, income.points, "★"))
      : el("td", { class: "num", text: "—" });
  const upkeep = (s, name) => {
    const rubles = (s.upkeep || {})[name] || 0;
    return el("td", { class: "num upkeep", "data-phase": name }, el("span", { class: "r" }, rubles ? `−${rubles}` : "0", "₽"));
  };
  const head = el(
    "tr",
    {},
    el("th", { text: T.player }),
    el("th", { class: "num", title: T.total_income }, "∑", el("span", { class: "visually-hidden", text: ` ${T.total_income}` })),
    scoring.flatMap((name) => [
      tint(el("th", { class: "num", text: colourName(name) }), name),
      charges(name) ? tint(el("th", { class: "num upkeep", title: T.summary_upkeep_help, text: T.summary_upkeep }), name) : null,
    ]),
    el("th", { class: "num", title: T.distinct, text: T.distinct_short }),
    el("th", { class: "num", text: T.hand }),
  );
  const rows = view.players.map((p) => {
    const s = p.summary;
    return el(
      "tr",
      {},
      el("th", { scope: "row", text: playerName(p.seat) }),
      amount(s.total_income, "strong"),
      scoring.flatMap((name) => [amount(s.income[name]), charges(name) ? upkeep(s, name) : null]),
      el("td", { class: "num", title: counted("distinct_points", s.distinct_aristocrats, { n: s.distinct_aristocrats, points: s.aristocrat_points }) }, `${s.distinct_aristocrats} `, el("span", { class: "s" }, `(${s.aristocrat_points}★)`)),
      el("td", { class: "num", text: `${s.hand_size}/${s.hand_limit}` }),
    );
  });
  box.replaceChildren(
    el("div", { class: "table-wrap", role: "region", "aria-label": T.summary, tabIndex: 0 }, el("table", { class: "table summary" }, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { class: "small-print", text: view.market ? `${T.summary_help} ${T.summary_market_help}` : T.summary_help }),
  );
}
