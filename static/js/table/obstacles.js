// Module 6, the Obstacles, at the table: the score track with its five obstacles and every
// player's position and standing at each (passed with the bonus received, held on it, its
// requirement met, ahead with have/need), a player's next requirement in his panel, and the
// dialog of a bonus asked during play (the Bonus market's markers, the Bonus card's card).

import { seatTint } from "./colours.js";
import { decisionBox, moveButton, registerDecision } from "./decisions.js";
import { el, fmt } from "./dom.js";
import { bonusText, obstacleName, progressText } from "./module_words.js";
import { counted, me, playerName, T } from "./page.js";

// The track is drawn up to the last obstacle and a little beyond (points past it move freely).
const TRACK_MARGIN = 10;

function standingText(row) {
  if (row.status === "passed") {
    return row.bonus ? fmt(T.bonus_got, { bonus: bonusText(row.bonus.rubles, row.bonus.points) }) : T.bonus_to_choose;
  }
  const status = T[`status_${row.status}`] || row.status;
  return row.progress ? `${status} · ${progressText(row.progress)}` : status;
}

/** The seat's next obstacle, in words: held on one, the next one ahead, or all passed. */
export function nextRequirement(view, seat) {
  const part = view.obstacles && view.obstacles.players[seat];
  if (!part) {
    return null;
  }
  const ahead = part.obstacles.find((row) => row.status !== "passed");
  let text;
  if (part.blocked_at !== null && part.blocked_at !== undefined && ahead) {
    text = fmt(T.held_at, { space: ahead.space, obstacle: obstacleName(ahead.obstacle), progress: progressText(ahead.progress) });
  } else if (ahead) {
    const needs = ahead.progress ? ` · ${fmt(T.needs, { progress: progressText(ahead.progress) })}` : "";
    text = fmt(T.next_obstacle, { obstacle: obstacleName(ahead.obstacle), space: ahead.space }) + needs;
  } else {
    text = T.all_passed;
  }
  const room = part.room !== null && part.room !== undefined && !part.points_lost ? counted("room", part.room, { n: part.room }) : "";
  return el(
    "p",
    { class: `obstacle-next small${part.blocked_at !== null && part.blocked_at !== undefined ? " held" : ""}` },
    text,
    room ? el("span", { class: "muted" }, ` · ${room}`) : null,
    part.points_lost ? el("span", { class: "warn-text" }, ` · ${T.points_lost_now}`) : null,
  );
}

/** The score track: a bar with the obstacles and the players' tokens, then a table of every
 * player's standing at every obstacle (words, not colour alone). */
export function scoreTrack(view) {
  const part = view.obstacles;
  if (!part) {
    return null;
  }
  // Each seat's points on the track: at the game's end, after the final scoring.
  const points = part.players.map((p) => p.points);
  const end = Math.max(...part.track.map((t) => t.space), ...points) + TRACK_MARGIN;
  // Placed with the CSSOM (allowed by the page's CSP, unlike a style attribute).
  const at = (node, space) => {
    node.style.left = `${Math.min(100, (100 * space) / end)}%`;
    return node;
  };
  const bar = el(
    "div",
    { class: "track-bar", "aria-hidden": "true" },
    part.track.map((t) => at(el("span", { class: `track-obstacle${t.real ? " real" : ""}`, text: t.space }), t.space)),
    view.players.map((p) => seatTint(at(el("span", { class: "track-token", title: `${playerName(p.seat)}: ${points[p.seat]}` }), points[p.seat]), p.seat)),
  );
  const head = el(
    "tr",
    {},
    el("th", { scope: "col", text: T.player }),
    el("th", { scope: "col", class: "num", text: T.points_word }),
    part.track.map((t) =>
      el(
        "th",
        { scope: "col", class: `obstacle-head${t.real ? " real" : ""}`, title: T[`obstacle_effect_${t.obstacle}`] || "" },
        el("span", { class: "space", text: t.space }),
        " ",
        obstacleName(t.obstacle),
        el("span", { class: "muted small kind", text: ` (${t.real ? T.obstacle_real : T.obstacle_bonus_tile})` }),
      ),
    ),
  );
  const rows = view.players.map((p) =>
    seatTint(
      el(
        "tr",
        { "data-seat": p.seat },
        el("th", { scope: "row", class: "seat-name", text: playerName(p.seat) }),
        el("td", { class: "num", text: points[p.seat] }),
        part.players[p.seat].obstacles.map((row) => el("td", { class: `standing ${row.status}`, "data-status": row.status }, standingText(row))),
      ),
      p.seat,
    ),
  );
  const effects = el(
    "ul",
    { class: "obstacle-effects small-print" },
    part.track.map((t) => el("li", {}, el("strong", { text: fmt(T.obstacle_on, { obstacle: obstacleName(t.obstacle), space: t.space }) }), `: ${T[`obstacle_effect_${t.obstacle}`] || ""}`)),
  );
  return el(
    "div",
    { class: "track-box" },
    el("h3", { class: "row-title", text: T.track_title }),
    bar,
    el("div", { class: "table-wrap", role: "region", "aria-label": T.track_of, tabIndex: 0 }, el("table", { class: "table track" }, el("thead", {}, head), el("tbody", {}, rows))),
    effects,
    el("p", { class: "small-print", text: T.track_help }),
  );
}

// A bonus with a choice, asked during play: one button per answer, the best first.
registerDecision("obstacle_bonus", {
  status: (view, pending) => (pending.seat === me() ? T.your_obstacle_bonus : fmt(T.someone_obstacle_bonus, { player: playerName(pending.seat) })),
  draw(view, pending, moves) {
    const offered = moves.filter((m) => m.kind === "obstacle_bonus");
    if (pending.seat !== me() || !offered.length) {
      return { box: null, offered: [] };
    }
    const box = decisionBox(
      T.decision_obstacle_bonus,
      el("strong", { text: T.decision_obstacle_bonus }),
      el("span", { class: "muted", text: fmt(T.obstacle_bonus_help, { obstacle: obstacleName(pending.obstacle), space: pending.space }) }),
      pending.room !== null && pending.room !== undefined ? el("span", { class: "warn-text", text: fmt(T.bonus_room_warning, { n: pending.room }) }) : null,
    );
    box.dataset.decision = "obstacle_bonus";
    offered.forEach((m, i) => box.append(moveButton(m, i === 0)));
    return { box, offered };
  },
});
