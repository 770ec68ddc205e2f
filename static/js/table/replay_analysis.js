// The post-game analysis in the replay (issue 17, docs/analysis.md): per analysed player the
// chance of winning over the game's moves, with a dot at each of his turning points and a line
// at the move shown; a dot, or its button below the graphs, steps the replay to that move. The
// step that shows a turning point's move says what was played there and the better move (the
// step's payload names them: `turning_points`). Without a done analysis nothing is shown.

import { seatTint } from "./colours.js";
import { moveWords, percent } from "./analysis.js";
import { $, el, fmt, svgEl } from "./dom.js";
import { playerName, T } from "./page.js";

const W = 640;
const H = 120;
const PAD = { l: 36, r: 12, t: 10, b: 10 };

/** Where step `n` of `steps` and a chance of winning lie on a graph. */
const xOf = (n, steps) => PAD.l + (n * (W - PAD.l - PAD.r)) / Math.max(1, steps);
const yOf = (share) => H - PAD.b - share * (H - PAD.t - PAD.b);

/** A turning point in words: "Round 3, move 42: Anna". */
const pointLabel = (seat, tp) => fmt(T.replay_go_to, { round: tp.round, step: tp.step, player: playerName(seat) });

function seatGraph(seat, figures, steps) {
  const svg = svgEl(null, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart analysis-graph replay-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${T.analysis_graph}: ${playerName(seat)}`);
  [0, 0.5, 1].forEach((v) => {
    svgEl(svg, "line", { x1: PAD.l, x2: W - PAD.r, y1: yOf(v), y2: yOf(v), class: "grid" });
    svgEl(svg, "text", { x: PAD.l - 6, y: yOf(v) + 4, "text-anchor": "end", class: "axis" }, `${percent(v)}%`);
  });
  svgEl(svg, "line", { x1: xOf(0, steps), x2: xOf(0, steps), y1: PAD.t, y2: H - PAD.b, class: "replay-now" });
  const group = seatTint(svgEl(svg, "g", { class: "series" }), seat);
  const points = figures.moves.map((m) => `${xOf(m.step, steps)},${yOf(m.chance_after)}`).join(" ");
  svgEl(group, "polyline", { points, fill: "none", "stroke-width": 2.5 });
  figures.turning_points.forEach((tp) => {
    const dot = svgEl(group, "circle", { cx: xOf(tp.step, steps), cy: yOf(tp.chance_after), r: 7, class: "turning-marker", "data-goto": tp.step });
    svgEl(dot, "title", {}, pointLabel(seat, tp));
  });
  return svg;
}

/** The replay's analysis panel for the analysis endpoint's answer; null unless it is done. */
function panelContent(answer, steps) {
  if (!answer || answer.status !== "done") {
    return null;
  }
  const seats = Object.keys(answer.seats)
    .map(Number)
    .sort((a, b) => a - b)
    .filter((seat) => answer.seats[seat].moves.length);
  if (!seats.length) {
    return null;
  }
  const blocks = seats.map((seat) => {
    const figures = answer.seats[seat];
    const buttons = figures.turning_points.map((tp) =>
      el("li", {}, el("button", { type: "button", class: "button small secondary", "data-goto": tp.step, text: pointLabel(seat, tp) })),
    );
    return seatTint(
      el(
        "section",
        { class: "analysis-seat", "data-seat": seat },
        el("h3", { text: playerName(seat) }),
        seatGraph(seat, figures, steps),
        buttons.length ? el("ul", { class: "replay-turning-points", "aria-label": T.analysis_turning_points }, buttons) : null,
      ),
      seat,
    );
  });
  return [el("h2", { class: "panel-title", text: T.replay_analysis_title }), el("p", { class: "small-print muted", text: T.replay_analysis_help }), ...blocks];
}

/** Fetch the analysis into the replay's panel once; its dots and buttons call `goTo(step)`. */
export function setupReplayAnalysis(url, steps, goTo) {
  const box = $("replay-analysis");
  if (!box || !url) {
    return;
  }
  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-goto]");
    if (target) {
      goTo(Number(target.dataset.goto));
    }
  });
  fetch(url, { credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : null))
    .then((answer) => {
      const content = panelContent(answer, steps);
      box.hidden = !content;
      box.replaceChildren(...(content || []));
    })
    .catch(() => {
      box.hidden = true;
    })
    .finally(() => {
      box.dataset.loaded = "yes"; // drawn or left hidden: tests wait for this
    });
}

/** Move the graphs' line to step `n` of `steps`, and say the turning points this step shows. */
export function showReplayStep(n, steps, turningPoints) {
  document.querySelectorAll("#replay-analysis .replay-now").forEach((line) => {
    line.setAttribute("x1", xOf(n, steps));
    line.setAttribute("x2", xOf(n, steps));
  });
  const note = $("replay-turning");
  const lines = (turningPoints || []).map((tp) =>
    seatTint(
      el(
        "p",
        { class: "turning-note" },
        fmt(T.replay_turning_point, { player: playerName(tp.seat), played: moveWords(tp.played), after: percent(tp.chance_after), best: moveWords(tp.best), before: percent(tp.chance_before) }),
      ),
      tp.seat,
    ),
  );
  note.replaceChildren(...lines);
}
