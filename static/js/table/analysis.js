// The post-game analysis on the end screen (issue 17, docs/analysis.md): per player a graph of
// the chance of winning after each decision, the three biggest turning points with the better
// move in words, and the accuracy. Fetched from GET /games/<id>/analysis once the game is over;
// while the analysis runs the box says how far it is and asks again a little later. Without an
// analysis (none yet, a failure, an old game) the rest of the end screen is unchanged.

import { seatTint } from "./colours.js";
import { cardName } from "./cards.js";
import { moveLabel } from "./decisions.js";
import { el, fmt, svgEl } from "./dom.js";
import { D, LANG, playerName, T } from "./page.js";

const POLL_MS = 5000;

export const percent = (share) => Math.round(100 * share);

/** A move in words. The stored moves carry no price (the table's buttons price the legal moves
 *  of the current view), so buying and playing say the card instead; other moves say the card
 *  they name after their usual label. */
export function moveWords(move) {
  const replacing = move.displace ? fmt(T.replacing, { card: cardName(move.displace) }) : "";
  if ((move.kind === "buy" || move.kind === "play") && move.card) {
    return fmt(T[`analysis_${move.kind}`], { card: cardName(move.card) }) + replacing;
  }
  let label;
  try {
    label = moveLabel(move);
  } catch {
    label = move.kind;
  }
  return move.card && !label.includes(cardName(move.card)) ? `${label} (${cardName(move.card)})` : label;
}

/** One player's chance of winning after each of his decisions, 0 to 100 %, as SVG. */
function drawGraph(seat, moves) {
  const W = 640;
  const H = 160;
  const pad = { l: 36, r: 12, t: 10, b: 10 };
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, moves.length - 1);
  const y = (share) => H - pad.b - share * (H - pad.t - pad.b);
  const svg = svgEl(null, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart analysis-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${T.analysis_graph}: ${playerName(seat)}`);
  [0, 0.5, 1].forEach((v) => {
    svgEl(svg, "line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" });
    svgEl(svg, "text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, `${percent(v)}%`);
  });
  const group = seatTint(svgEl(svg, "g", { class: "series" }), seat);
  svgEl(group, "polyline", { points: moves.map((m, i) => `${x(i)},${y(m.chance_after)}`).join(" "), fill: "none", "stroke-width": 2.5 });
  return svg;
}

function seatBlock(seat, figures) {
  const title = el("h4", { text: playerName(seat) });
  if (!figures.moves.length) {
    return seatTint(el("section", { class: "analysis-seat", "data-seat": seat }, title, el("p", { class: "muted", text: T.analysis_no_decisions })), seat);
  }
  // Each turning point opens the replay at its move.
  const points = figures.turning_points.map((tp) =>
    el(
      "li",
      { "data-index": tp.index },
      el("a", {
        href: `${D.replayPage}?step=${tp.step}`,
        text: fmt(T.analysis_turning_point, { round: tp.round, step: tp.step, played: moveWords(tp.played), after: percent(tp.chance_after), best: moveWords(tp.best), before: percent(tp.chance_before) }),
      }),
    ),
  );
  return seatTint(
    el(
      "section",
      { class: "analysis-seat", "data-seat": seat },
      title,
      el("p", { class: "analysis-accuracy strong", text: fmt(T.analysis_accuracy, { n: figures.accuracy.toLocaleString(LANG) }) }),
      drawGraph(seat, figures.moves),
      points.length ? el("h5", { text: T.analysis_turning_points }) : null,
      points.length ? el("ol", { class: "turning-points" }, points) : null,
    ),
    seat,
  );
}

/** The analysis box's content for the endpoint's answer; null when there is nothing to show. */
export function analysisContent(answer) {
  if (!answer || answer.status === "none") {
    return null;
  }
  const heading = el("h3", { text: T.analysis_title });
  if (answer.status === "running") {
    return [heading, el("p", { class: "analysis-progress muted", role: "status", text: fmt(T.analysis_running, { done: answer.done, total: answer.total || "…" }) })];
  }
  if (answer.status === "pending" || answer.status === "failed") {
    return [heading, el("p", { class: "analysis-progress muted", role: "status", text: answer.status === "failed" ? T.analysis_failed : T.analysis_waiting })];
  }
  const seats = Object.keys(answer.seats)
    .map(Number)
    .sort((a, b) => a - b);
  return [
    heading,
    ...seats.map((seat) => seatBlock(seat, answer.seats[seat])),
    el("p", { class: "small-print", text: fmt(T.analysis_note, { within: percent(answer.accurate_within) }) }),
  ];
}

/** Fetch the analysis into `box`, again every few seconds while it is waiting or running. */
export function showAnalysis(box, url) {
  fetch(url, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : null))
    .then((answer) => {
      const content = analysisContent(answer);
      box.hidden = !content;
      box.replaceChildren(...(content || []));
      if (answer && (answer.status === "running" || answer.status === "pending")) {
        setTimeout(() => showAnalysis(box, url), POLL_MS);
      }
    })
    .catch(() => {
      box.hidden = true;
    });
}
