// Words for the moves of the Market's Modules 3-6 (an event used, the Twin's pair taken, an
// obstacle's bonus chosen), kept apart from the modules' drawing so that decisions.js can label
// their buttons without importing the modules that register dialogs with it.

import { cardName } from "./cards.js";
import { fmt } from "./dom.js";
import { T } from "./page.js";

export const eventName = (key) => T[`event_${key}`] || key;
export const obstacleName = (key) => T[`obstacle_${key}`] || key;

/** "+2 ₽ +3 ★", or "nothing" for a bonus that paid none. */
export function bonusText(rubles, points) {
  const parts = [rubles ? fmt(T.plus_rubles, { n: rubles }) : "", points ? fmt(T.plus_points, { n: points }) : ""].filter(Boolean);
  return parts.length ? parts.join(" ") : T.nothing;
}

/** A real obstacle's requirement as the seat stands to it: "1/2 blue cards". */
export function progressText(progress) {
  return (progress || []).map((item) => `${item.have}/${item.need} ${T[`requirement_${item.what}`] || item.what}`).join(", ");
}

/** The move `event`: "Use the Sponsor", "Ghost: discard Judge", "Grabber: buy Library for 5 ₽". */
export function eventLabel(move) {
  if (move.event === "ghost" && move.card) {
    return fmt(T.ghost_card, { card: cardName(move.card) });
  }
  if (move.event === "grabber" && move.card) {
    const replacing = move.displace ? fmt(T.replacing, { card: cardName(move.displace) }) : "";
    return fmt(T.grabber_buy, { card: cardName(move.card), price: move.price }) + replacing;
  }
  return fmt(T.use_the_event, { event: eventName(move.event) });
}

/** The move `twin`: both cards in the order given, each bought or taken, and the whole price. */
export function twinLabel(move, pending) {
  const other = pending && move.card === pending.card ? pending.on : pending ? pending.card : "";
  const way = (then, card, displace) =>
    fmt(T[`twin_${then}`], { card: cardName(card) }) + (displace ? fmt(T.replacing, { card: cardName(displace) }) : "");
  return fmt(T.twin_pair, {
    first: way(move.then, move.card, move.displace),
    second: way(move.second, other, move.second_displace),
    price: move.price === undefined || move.price === null ? 0 : move.price,
  });
}

/** The move `obstacle_bonus`, from the pending question's choice it answers. */
export function bonusLabel(move, pending) {
  const choice = ((pending && pending.choices) || []).find((c) =>
    Object.entries(c.answer).every(([key, value]) => move[key] === value),
  );
  const rubles = choice ? choice.rubles : 0;
  const points = choice ? choice.points : move.points || 0;
  if (move.card) {
    return fmt(T.bonus_card_choice, { card: cardName(move.card), amount: bonusText(rubles, points) });
  }
  return fmt(T.bonus_market_choice, { points, rubles });
}
