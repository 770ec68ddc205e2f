// The end-of-game chart: points (solid) and rubles (dashed) of each player by round, as SVG,
// each player in the colour of their seat.

import { seatTint } from "./colours.js";
import { el, svgEl } from "./dom.js";
import { playerName, T } from "./page.js";


/** The chart and its legend for GET /games/<id>/history ({"rounds", "players": [{seat, points, money}]}). */
export function drawChart(series) {
  const W = 640;
  const H = 280;
  const pad = { l: 36, r: 12, t: 12, b: 28 };
  const values = series.players.flatMap((p) => [...p.points, ...p.money]);
  const maxY = Math.max(10, ...values);
  const n = series.rounds.length;
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, n - 1);
  const y = (v) => H - pad.b - (v * (H - pad.t - pad.b)) / maxY;
  const svg = svgEl(null, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", T.chart_title);
  const step = maxY > 100 ? 20 : maxY > 40 ? 10 : 5;
  for (let v = 0; v <= maxY; v += step) {
    svgEl(svg, "line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" });
    svgEl(svg, "text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, v);
  }
  series.rounds.forEach((r, i) => svgEl(svg, "text", { x: x(i), y: H - 8, "text-anchor": "middle", class: "axis" }, r));
  series.players.forEach((p) => {
    const group = seatTint(svgEl(svg, "g", { class: "series" }), p.seat);
    const line = (data, dashed) =>
      svgEl(group, "polyline", { points: data.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", "stroke-width": dashed ? 1.5 : 2.5, "stroke-dasharray": dashed ? "5 4" : "none" });
    line(p.points, false);
    line(p.money, true);
  });
  const legend = el(
    "ul",
    { class: "legend" },
    series.players.map((p) => seatTint(el("li", {}, el("span", { class: "swatch" }), playerName(p.seat)), p.seat)),
    el("li", { class: "muted", text: T.chart_legend }),
  );
  return [svg, legend];
}
