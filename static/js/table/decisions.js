// The pending decision (`view.pending` = {"kind", "seat", …}: the Pub after building scoring,
// the card drawn with an Observatory, and whatever the expansions add) drawn by a registry
// kind → dialog. A kind without its own dialog still gets one button per legal move of
// `view.moves`, labelled from the move's fields, so a new decision is playable before it is
// pretty.

import { pickpocketLabel, specialLabel } from "./banquet_words.js";
import { cardName, glyph } from "./cards.js";
import { el, fmt } from "./dom.js";
import { bonusLabel, eventLabel, twinLabel } from "./module_words.js";
import { submit } from "./network.js";
import { CARDS, counted, me, phaseName, pileName, playerName, shown, T } from "./page.js";

const PASS_LABELS = { board_change: "pass_board", phase: "pass_phase" };

// Words for a field of a move of a kind the script has no label for.
const humanise = (name) => {
  const words = String(name).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const isCard = (value) => typeof value === "string" && value.includes("#") && value.split("#")[0] in CARDS;

function fieldText(key, value) {
  if (Array.isArray(value)) {
    return value.map((item) => fieldText(key, item)).join(" + ");
  }
  if (isCard(value)) {
    return cardName(value);
  }
  if (key === "pile") {
    return pileName(value);
  }
  if (key === "phase") {
    return phaseName(value);
  }
  if (key === "points") {
    return counted("n_points", value, { n: value });
  }
  if (key === "rubles" || key === "price") {
    return `${value} ₽`;
  }
  if (key === "seat" && typeof value === "number") {
    return playerName(value);
  }
  return `${humanise(key)}: ${value}`;
}

// The pending decision of `kind` on the table (its data words the moves that answer it).
const pendingOf = (kind) => {
  const view = shown.payload && shown.payload.view;
  return view && view.pending && view.pending.kind === kind ? view.pending : null;
};

/** What a button offering `move` says: the usual words for the base game's moves, else built
 * from the move's fields (its kind, card names from the catalogue, points, rubles, piles…). */
export function moveLabel(move) {
  const replacing = move.displace ? fmt(T.replacing, { card: cardName(move.displace) }) : "";
  switch (move.kind) {
    case "buy":
      return fmt(T.buy_for, { price: move.price }) + replacing;
    case "play":
      return fmt(T.play_for, { price: move.price }) + replacing;
    case "take":
      return T.take;
    case "discard":
      return T.discard_it;
    case "observatory":
      return fmt(T.draw_from, { pile: pileName(move.pile) });
    case "pub":
      return counted("pub_points", move.points, { points: move.points, price: move.price });
    case "pass":
      return T[PASS_LABELS[move.until] || "pass"];
    case "prison":
      return fmt(T[`prison_${move.then}`], { card: cardName(move.card), price: move.price }) + replacing;
    case "trading_house":
      return move.use ? T.trading_house_yes : T.trading_house_no;
    case "discard_sycophant":
      return T.move_discard_sycophant;
    case "trading_house_plan":
      return `${T.trading_house_plan}: ${move.use ? T.trading_house_plan_yes : T.trading_house_plan_no}`;
    case "guild_hall_plan":
      return `${T.guild_hall_plan}: ${counted("guild_hall_split", move.points, { points: move.points, rubles: 4 - move.points })}`;
    case "special":
      return specialLabel(move);
    case "pickpocket":
    case "pickpocket_plan":
      return pickpocketLabel(move);
    case "event":
      return eventLabel(move);
    case "twin":
      return twinLabel(move, pendingOf("twin"));
    case "obstacle_bonus":
      return bonusLabel(move, pendingOf("obstacle_bonus"));
    default: {
      const details = Object.entries(move)
        .filter(([key, value]) => key !== "kind" && value !== null && value !== undefined)
        .map(([key, value]) => fieldText(key, value));
      const name = T[`move_${move.kind}`] || humanise(move.kind);
      return details.length ? `${name}: ${details.join(", ")}` : name;
    }
  }
}

export function moveButton(move, primary) {
  const button = el("button", { type: "button", class: `button${primary ? " primary" : " secondary"}`, text: moveLabel(move) });
  button.addEventListener("click", () => submit(move));
  return button;
}

// kind → { status(view, pending): the status strip's words or null, draw(view, pending, moves):
// the box for the action bar (or null) and the moves it offers }.
const dialogs = new Map();

/** Give the decision `kind` its own dialog (see `dialogs`). */
export function registerDecision(kind, dialog) {
  dialogs.set(kind, dialog);
}

/** The box of a decision in the action bar, named for readers by `label`. */
export const decisionBox = (label, ...children) => el("div", { class: "decision", role: "group", "aria-label": label }, ...children);

// The Pub (after building scoring): buy points, 2 rubles each; the most is the primary button.
registerDecision("pub", {
  status: (view, pending) => (pending.seat === me() ? T.your_pub : fmt(T.someone_pub, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const pub = moves.filter((m) => m.kind === "pub");
    if (!pub.length) {
      return { box: null, offered: [] };
    }
    const most = pub[pub.length - 1].points;
    const box = decisionBox(T.pub_title, el("strong", { text: T.pub_title }), el("span", { class: "muted", text: T.pub_help }));
    pub.forEach((m) => box.append(moveButton(m, m.points === most)));
    return { box, offered: pub };
  },
});

// The card drawn with an Observatory: buy it, take it or discard it.
registerDecision("observatory", {
  status: () => null,
  draw(view, pending, moves) {
    if (!view.drawn || pending.seat !== me()) {
      return { box: null, offered: [] };
    }
    const offered = moves.filter((m) => m.card === view.drawn || m.kind === "discard");
    const box = decisionBox(T.drawn_card, el("strong", { text: fmt(T.you_drew, { card: cardName(view.drawn) }) }));
    offered.forEach((m) => box.append(moveButton(m, m.kind === "buy")));
    return { box, offered };
  },
});

// The Market's upkeep of one orange card: pay the value's first number or give the card up.
registerDecision("upkeep", {
  status: (view, pending) => (pending.seat === me() ? T.your_upkeep : fmt(T.someone_upkeep, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "upkeep");
    if (pending.seat !== me() || !offered.length) {
      return { box: null, offered: [] };
    }
    const box = decisionBox(T.decision_upkeep, el("strong", { text: T.decision_upkeep }), el("span", { class: "muted", text: fmt(T.upkeep_help, { card: cardName(pending.card) }) }));
    box.dataset.decision = "upkeep";
    offered.forEach((m) => {
      const b = moveButton(m, m.keep);
      b.textContent = m.keep ? fmt(T.upkeep_pay, { price: pending.price }) : T.upkeep_give_up;
      box.append(b);
    });
    return { box, offered };
  },
});

// The Market's '?': the good whose tile covers it, one button per tile still in the supply.
registerDecision("joker", {
  status: (view, pending) => (pending.seat === me() ? T.your_joker : fmt(T.someone_joker, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "joker");
    if (pending.seat !== me() || !offered.length) {
      return { box: null, offered: [] };
    }
    const box = decisionBox(T.decision_joker, el("strong", { text: T.decision_joker }), el("span", { class: "muted", text: fmt(T.joker_help, { card: cardName(pending.card) }) }));
    box.dataset.decision = "joker";
    offered.forEach((m) => {
      const b = moveButton(m, false);
      b.replaceChildren(glyph(m.good), " ", T[m.good] || m.good);
      box.append(b);
    });
    return { box, offered };
  },
});

// The Trading House (after building scoring, before the Pub): 3 rubles for 2 points, or not.
registerDecision("trading_house", {
  status: (view, pending) => (pending.seat === me() ? T.decision_trading_house : fmt(T.someone_trading_house, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "trading_house");
    if (!offered.length) {
      return { box: null, offered: [] };
    }
    const box = decisionBox(T.decision_trading_house, el("strong", { text: T.decision_trading_house }), el("span", { class: "muted", text: T.trading_house_help }));
    offered.forEach((m) => box.append(moveButton(m, m.use)));
    box.dataset.decision = "trading_house";
    return { box, offered };
  },
});

/** The name of a decision kind: its translated string, else the kind itself in words. */
export const decisionName = (kind) => T[`decision_${kind}`] || humanise(kind);

// Any other kind: one button per legal move.
const fallback = {
  status: () => null,
  draw(view, pending, moves) {
    if (pending.seat !== me() || !moves.length) {
      return { box: null, offered: [] };
    }
    const name = decisionName(pending.kind);
    const box = decisionBox(name, el("strong", { text: name }), el("span", { class: "muted", text: T.decision_help }));
    moves.forEach((m) => box.append(moveButton(m, false)));
    box.dataset.decision = pending.kind;
    return { box, offered: moves };
  },
};

const dialogFor = (pending) => dialogs.get(pending.kind) || fallback;

/** The status strip's words for the pending decision, or null for the usual ones. */
export function decisionStatus(view) {
  return view.pending ? dialogFor(view.pending).status(view, view.pending) : null;
}

/** The pending decision's box for the action bar (or null) and the moves it offers (the bar
 * leaves those out of its own buttons). */
export function drawDecision(view) {
  if (!view.pending) {
    return { box: null, offered: [] };
  }
  return dialogFor(view.pending).draw(view, view.pending, view.moves || []);
}
