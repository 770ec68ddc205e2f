// The replay of a finished game: a stepper and a slider over the moves; each step is the
// spectator's payload after that many moves (GET /games/<id>/replay/<n>), with the log's
// lines of that move beside the controls. Once the first step is shown, the post-game
// analysis joins it (replay_analysis.js): the chances of winning with the turning points, and
// at a turning point's move the better one.

import { paint } from "./colours.js";
import { $, fmt } from "./dom.js";
import { fetchView, viewFrom } from "./network.js";
import { D, shown, T } from "./page.js";
import { setupReplayAnalysis, showReplayStep } from "./replay_analysis.js";

export function setupReplay() {
  let step = Number(D.replayStart || 0);
  viewFrom(() => `${D.replayUrl}${step}`);
  const box = $("replay-controls");
  box.hidden = false;
  const slider = $("replay-slider");
  const go = async (n) => {
    step = Math.max(0, Math.min(n, Number(slider.max)));
    slider.value = step;
    await fetchView();
    $("replay-position").textContent = fmt(T.step_of, { n: step, total: shown.payload.steps });
    // What this step was, as the log says it (our own server-rendered lines).
    const lines = shown.payload.step_lines || [];
    $("replay-step").innerHTML = lines.map((line) => `<li>${line}</li>`).join("");
    paint($("replay-step"));
    slider.max = shown.payload.steps;
    showReplayStep(step, shown.payload.steps, shown.payload.turning_points);
  };
  box.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (!button) {
      return;
    }
    const how = button.dataset.step;
    go(how === "first" ? 0 : how === "last" ? Number(slider.max) : step + (how === "next" ? 1 : -1));
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  go(step).then(() => {
    setupReplayAnalysis(D.analysisUrl, shown.payload.steps, go);
    showReplayStep(step, shown.payload.steps, shown.payload.turning_points);
  });
}
