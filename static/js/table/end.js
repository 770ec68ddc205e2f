// The end of the game: the final scores by where the points came from (best first, the winner
// crowned) and, once fetched, the chart of points and rubles by round. The parts are the
// payload's score sheet, read by the server from the engine's ledger: the scorings and other
// sources during the game, then the final scoring's steps. Rank, name and total come first, so
// a phone shows them without scrolling sideways.

import { showAnalysis } from "./analysis.js";
import { assignmentText } from "./assignments.js";
import { drawChart } from "./chart.js";
import { cardName } from "./cards.js";
import { $, el, fmt } from "./dom.js";
import { colourName, D, playerName, T } from "./page.js";

let historyShown = false;
let analysisShown = false;

/** A part's column heading: a phase's scoring by its colour, a final step by its own word,
 *  another source by its word or the card it is named after (the Pub), else by its key. */
function partName(key) {
  const [kind, name] = key.split(":");
  if (kind === "scoring") {
    return colourName(name);
  }
  if (kind === "final") {
    return T[`score_${name}`] || name;
  }
  return T[`part_${key}`] || cardName(key);
}

const bySeat = (rows) => [...rows].sort((a, b) => a.seat - b.seat);

/** Module 5: the assignment each player scored (the best of his three at the final scoring). */
function scoredAssignments(view) {
  const scored = bySeat(view.scores || []).filter((row) => row.assignment && row.assignment.id);
  if (!scored.length) {
    return null;
  }
  const lines = scored.map((row) =>
    el(
      "li",
      { "data-seat": row.seat, "data-assignment": row.assignment.id },
      fmt(T.scored_assignment, { player: playerName(row.seat), n: row.assignment.id, points: row.assignment.points, text: assignmentText(row.assignment.id) }),
    ),
  );
  return el("section", { class: "end-detail scored-assignments" }, el("h3", { text: T.scored_assignments }), el("ul", {}, lines));
}

/** Module 6: per player the points the obstacles' bonuses paid (during the game and in the final
 * scoring), the points they took, and where a player was held when the game ended. */
function obstacleEffects(view, sheet) {
  if (!view.obstacles || !sheet.points_lost) {
    return null;
  }
  const bonus = (seat) => {
    const row = sheet.rows.find((r) => r.seat === seat);
    return row ? (row.parts.obstacles || 0) + (row.parts["final:obstacles"] || 0) : 0;
  };
  const lines = bySeat(view.scores || []).map((row) => {
    const held = row.blocked_at !== null && row.blocked_at !== undefined ? ` (${fmt(T.held_at_end, { space: row.blocked_at })})` : "";
    const text = fmt(T.obstacle_line, { player: playerName(row.seat), bonus: fmt(T.plus_points, { n: bonus(row.seat) }), lost: sheet.points_lost[row.seat] || 0 });
    return el("li", { "data-seat": row.seat }, text + held);
  });
  return el("section", { class: "end-detail end-obstacles" }, el("h3", { text: T.obstacle_effects }), el("ul", {}, lines));
}

export function renderEnd(view, sheet) {
  const box = $("end");
  if (!view.game_over || !sheet) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const during = sheet.parts.filter((part) => !part.final);
  const final = sheet.parts.filter((part) => part.final);
  const parts = [...during, ...final];
  const rows = [...sheet.rows]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((s) =>
      el(
        "tr",
        { class: s.winner ? "winner" : "" },
        el("td", { class: "num", text: s.rank }),
        el("th", { scope: "row", text: playerName(s.seat) + (s.winner ? " ♛" : "") }),
        el("td", { class: "num strong", text: s.total }),
        parts.map((part) => el("td", { class: "num", text: s.parts[part.key] })),
        el("td", { class: "num", text: s.money_left }),
      ),
    );
  // Rank, player, total and rubles left span both heading rows; the parts sit under their group.
  const whole = (text, cls = "num") => el("th", { class: cls, scope: "col", rowSpan: 2, text });
  const group = (text, size) => (size ? el("th", { class: "part-group", scope: "colgroup", colSpan: size, text }) : null);
  const head = el(
    "thead",
    {},
    el(
      "tr",
      {},
      whole(T.rank),
      whole(T.player, ""),
      whole(T.total),
      group(T.score_during, during.length),
      group(T.score_final, final.length),
      whole(T.money_left),
    ),
    el("tr", {}, parts.map((part) => el("th", { class: "num", scope: "col", text: partName(part.key) }))),
  );
  $("end-scores").replaceChildren(
    el("div", { class: "table-wrap", role: "region", "aria-label": T.final_scores, tabIndex: 0 }, el("table", { class: "table scores" }, head, el("tbody", {}, rows))),
    el("p", { class: "small-print", text: T.tie_break }),
    // replaceChildren writes a null as the text "null": the parts a game lacks are left out.
    ...[scoredAssignments(view), obstacleEffects(view, sheet)].filter(Boolean),
  );
  if (!historyShown && D.historyUrl) {
    historyShown = true;
    fetch(D.historyUrl, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((series) => series && $("end-chart").replaceChildren(...drawChart(series)));
  }
  if (!analysisShown && D.analysisUrl && $("end-analysis")) {
    analysisShown = true;
    showAnalysis($("end-analysis"), D.analysisUrl);
  }
}
