// The end of the game: the final scores by source (best first, the winner crowned) and, once
// fetched, the chart of points and rubles by round.

import { drawChart } from "./chart.js";
import { $, el } from "./dom.js";
import { D, playerName, T } from "./page.js";

let historyShown = false;

export function renderEnd(view) {
  const box = $("end");
  if (!view.game_over || !view.scores) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = [...view.scores]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((s) =>
      el(
        "tr",
        { class: s.winner ? "winner" : "" },
        el("td", { class: "num", text: s.rank }),
        el("th", { scope: "row", text: playerName(s.seat) + (s.winner ? " ♛" : "") }),
        el("td", { class: "num", text: s.points.cards }),
        el("td", { class: "num", text: s.points.aristocrats }),
        el("td", { class: "num", text: s.points.money }),
        el("td", { class: "num", text: s.points.hand }),
        el("td", { class: "num strong", text: s.total }),
        el("td", { class: "num", text: s.money_left }),
      ),
    );
  const head = el("tr", {}, [T.rank, T.player, T.score_cards, T.score_aristocrats, T.score_money, T.score_hand, T.total, T.money_left].map((h, i) => el("th", { class: i === 1 ? "" : "num", text: h })));
  $("end-scores").replaceChildren(el("div", { class: "table-wrap" }, el("table", { class: "table scores" }, el("thead", {}, head), el("tbody", {}, rows))), el("p", { class: "small-print", text: T.tie_break }));
  if (!historyShown && D.historyUrl) {
    historyShown = true;
    fetch(D.historyUrl, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((series) => series && $("end-chart").replaceChildren(...drawChart(series)));
  }
}
