// Module 3, the Assistants, at the table: in each player's panel the assistant he holds, what it
// takes off his prices, and who he will hold after this round (they move one seat to the right).

import { el, fmt } from "./dom.js";
import { T } from "./page.js";

const assistantName = (key) => T[`assistant_${key}`] || key;

/** The seat's assistant line (null in a game without the Assistants). */
export function assistantLine(view, seat) {
  const part = view.assistants;
  if (!part || !part.held[seat]) {
    return null;
  }
  const key = part.held[seat];
  const next = part.next ? part.next[seat] : null;
  return el(
    "p",
    { class: "assistant small", "data-assistant": key, title: T.assistant_help },
    el("span", { class: "muted", text: `${T.assistant}: ` }),
    el("strong", { text: assistantName(key) }),
    ` (${T[`assistant_effect_${key}`] || ""})`,
    next ? el("span", { class: "muted assistant-next" }, ` · ${fmt(T.assistant_next, { name: assistantName(next) })}`) : null,
  );
}
