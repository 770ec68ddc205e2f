// Every page of a signed-in member listens on /ws/user/ for "your turn in game X" notices.
// The table page of that very game shows the turn itself, so it ignores notices about it.
(() => {
  "use strict";
  const body = document.body;
  if (!body || body.dataset.user !== "1" || !("WebSocket" in window)) {
    return;
  }
  const table = document.getElementById("table");
  const here = table ? table.dataset.viewUrl : null;
  let backoff = 2000;

  function show(notice) {
    document.dispatchEvent(new CustomEvent("stpete:notice", { detail: notice })); // live_page.js
    if (here && here.startsWith(`/games/${notice.game_id}/`)) {
      return;
    }
    let box = document.getElementById("live-notices");
    if (!box) {
      box = document.createElement("div");
      box.id = "live-notices";
      box.className = "live-notices";
      box.setAttribute("role", "status");
      document.body.append(box);
    }
    const link = document.createElement("a");
    link.href = notice.url;
    link.className = "live-notice";
    link.textContent = notice.text || `${body.dataset.yourTurnIn || "Your turn in"} ${notice.title}`;
    box.replaceChildren(link);
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(notice.title, { body: notice.text || body.dataset.yourTurnIn || "Your turn", tag: `stpete-${notice.game_id}` });
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/user/`);
    let heartbeat = null;
    socket.addEventListener("open", () => {
      backoff = 2000;
      body.dataset.notices = "live"; // notices sent from now on arrive (tests wait for it)
      heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"heartbeat"}'), 30000);
    });
    socket.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(event.data);
        if (message.type === "notice") {
          show(message.notice);
        }
      } catch (e) {
        /* not ours */
      }
    });
    socket.addEventListener("close", (event) => {
      clearInterval(heartbeat);
      body.dataset.notices = "off";
      if (event.code >= 4400 && event.code < 4500) {
        return;
      }
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 60000);
    });
  }
  connect();
})();
