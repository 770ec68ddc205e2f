// Words for the Banquet's moves: a purple card's use (`special`: what it does to which card, with
// its price where it costs something) and the Pick Pocket's answers (`pickpocket`,
// `pickpocket_plan`). `specialChoice` says what a move does; `specialLabel` puts the purple
// card's name before it, for lists that mix several cards' moves (a card's dialog).

import { card, cardName } from "./cards.js";
import { fmt } from "./dom.js";
import { counted, playerName, shown, T } from "./page.js";

/** `text` with its first letter in capitals (a choice written as a button). */
export const capital = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

const replacing = (move) => (move.displace ? fmt(T.replacing, { card: cardName(move.displace) }) : "");

/** The seat whose area holds `instance` (a Moocher's target), or null. */
function ownerOf(instance) {
  const view = shown.payload && shown.payload.view;
  const player = view ? view.players.find((p) => p.area.includes(instance)) : null;
  return player ? player.seat : null;
}

/** What a Moocher's move brings, in rubles or points, as the view values the card. */
function mooched(move) {
  const view = shown.payload && shown.payload.view;
  const values = (view && view.banquet && view.banquet.values) || {};
  const [rubles, points] = values[move.target] || [0, 0];
  return move.gain === "rubles" ? fmt(T.n_rubles, { n: rubles }) : counted("n_points", points, { n: points });
}

/** What using the purple card with this move does ("take 5 ₽ from the bank", "put it on Judge"). */
export function specialChoice(move) {
  const target = move.target ? cardName(move.target) : "";
  switch (card(move.card).ability) {
    case "golden_donkey":
      return T.use_golden_donkey;
    case "double_turn":
      return T.use_double_turn;
    case "away_with_it":
      return fmt(T.use_away_with_it, { card: target });
    case "black_market":
      if (move.then === "buy") {
        return fmt(T.use_black_market_buy, { card: target, price: move.price }) + replacing(move);
      }
      return fmt(move.then === "take" ? T.use_black_market_take : T.use_black_market_return, { card: target });
    case "jester":
    case "banquet":
      return fmt(T.use_overlay, { card: target });
    case "moocher":
      return fmt(T.use_moocher, { amount: mooched(move), owner: playerName(ownerOf(move.target)), card: target });
    case "money_collector":
      return fmt(T.use_money_collector, { card: target, price: move.price }) + replacing(move);
    default:
      return T.use_it;
  }
}

/** A purple card's move with the card's name first ("Golden Donkey: take 5 ₽ from the bank"). */
export const specialLabel = (move) => `${cardName(move.card)}: ${specialChoice(move)}`;

/** What an answer to the Pick Pocket does ("buy Library for 17 ₽", "not now"). */
export function pickpocketChoice(move) {
  if (move.kind === "pickpocket_plan") {
    return move.ask ? T.pickpocket_ask_again : T.pickpocket_never;
  }
  if (!move.use) {
    return T.pickpocket_not_now;
  }
  if (!move.card) {
    return T.pickpocket_first_player; // 1st edition
  }
  if (move.then === "take") {
    return fmt(T.pickpocket_take, { card: cardName(move.card) });
  }
  return fmt(T.pickpocket_buy, { card: cardName(move.card), price: move.price }) + replacing(move);
}

/** An answer to the Pick Pocket with its name first ("Pick Pocket: take Library into your hand"). */
export const pickpocketLabel = (move) => `${T.decision_pickpocket}: ${pickpocketChoice(move)}`;
