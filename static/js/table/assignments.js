// Module 5, the Assignments, at the table: in each player's panel his three assignments (public,
// decision 4.32) with what each would score now and which is the best; on the end screen the one
// each player scored.

import { el, fmt } from "./dom.js";
import { counted, playerName, T } from "./page.js";

export const assignmentText = (id) => T[`assignment_text_${id}`] || "";

/** The seat's assignments as a list (null in a game without them). */
export function assignmentList(view, seat) {
  const mine = view.assignments && view.assignments.find((entry) => entry.seat === seat);
  if (!mine) {
    return null;
  }
  const items = mine.assignments.map((a) => {
    const best = a.id === mine.best;
    return el(
      "li",
      { class: `assignment${best ? " best" : ""}`, "data-assignment": a.id },
      el("span", { class: "assignment-no", text: fmt(T.assignment_no, { n: a.id }) }),
      el("span", { class: "assignment-text", text: assignmentText(a.id) }),
      el("b", { class: "assignment-points", text: counted("assignment_now", a.points, { n: a.points }) }),
      best ? el("span", { class: "badge gold", text: T.assignment_best }) : null,
    );
  });
  return el(
    "details",
    { class: "assignments", open: true },
    el("summary", { class: "small", text: T.assignments_title }),
    el("ul", { class: "assignment-list", "aria-label": fmt(T.assignments_of, { player: playerName(seat) }) }, items),
  );
}
