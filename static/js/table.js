// The game table's entry module: draws everything from the payload of GET /games/<id>/view (or
// a push of the same shape), sends moves over HTTP POST, listens on /ws/games/<id>/ for new
// versions. The parts live in table/*.js; this module only wires them together.
// No inline scripts (CSP): data comes from data-* attributes and JSON blocks in the page.

import { renderActions, openCard } from "./table/actions.js";
import { openPile, renderBoard } from "./table/board.js";
import { renderEnd } from "./table/end.js";
import { noteFocus, restoreFocus, watchDialog } from "./table/focus.js";
import { refreshLog, setupLogOrder, takeDrawnLog } from "./table/log.js";
import { addLine, dropLines, readChat, setupChat, setupNote, takeDrawnLines } from "./table/chat.js";
import { connect, fetchView, onMessage, onPayload, whenConnected } from "./table/network.js";
import { renderModules } from "./table/modules.js";
import { MODE, root, shown, T } from "./table/page.js";
import { renderPlayers, renderSummary } from "./table/players.js";
import { setupReplay } from "./table/replay.js";
import { knowTurn, renderStatus, signalTurn } from "./table/status.js";

function render(payload) {
  const focus = noteFocus();
  shown.payload = payload;
  root.dataset.version = payload.version; // the version drawn (tests and styles can read it)
  const view = payload.view;
  root.classList.toggle("is-over", Boolean(view && view.game_over));
  const replayLink = document.getElementById("replay-link");
  if (replayLink) {
    replayLink.hidden = payload.status !== "finished"; // also when it ends with the page open
  }
  if (!view) {
    document.getElementById("status").textContent = T.not_started;
    return;
  }
  renderStatus(view);
  renderBoard(view);
  renderActions(view);
  renderModules(view);
  renderPlayers(view);
  renderSummary(view);
  renderEnd(view, payload.score_sheet);
  restoreFocus(focus);
  signalTurn(view);
  if (MODE === "live") {
    refreshLog(payload.version);
  }
}

function start() {
  onPayload(render);
  watchDialog(document.getElementById("card-dialog"));
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-card], [data-pile], [data-action]");
    if (!target || !root.contains(target) || target.closest(".dialog-actions")) {
      return;
    }
    if (target.dataset.card && shown.payload) {
      openCard(target.dataset.card);
    } else if (target.dataset.pile && shown.payload) {
      openPile(target.dataset.pile);
    } else if (target.dataset.action === "notify") {
      Notification.requestPermission().then(() => shown.payload && render(shown.payload));
    }
  });
  setupLogOrder();
  if (MODE === "replay") {
    setupReplay();
    return;
  }
  takeDrawnLog();
  takeDrawnLines();
  setupChat();
  setupNote();
  onMessage("chat", (message) => addLine(message.line));
  onMessage("chat_hidden", (message) => dropLines(message.ids));
  whenConnected(readChat);
  fetchView().then(() => {
    knowTurn(shown.payload && shown.payload.view);
    connect();
    // Pushes are delivered at most once: a page brought back to the front (a phone's tab,
    // a laptop waking up) fetches the table rather than trust that it heard every move.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") {
        fetchView();
      }
    });
  });
}

if (root) {
  start();
}
