// Pages that follow the server without a reload: a game's lobby (its socket says "lobby" when
// a seat is taken or freed, or the game starts) and My games (a "your turn" notice arrives).
// They read themselves again and swap the part marked [data-live-page]; once the game has
// started, the lobby's address shows the table, so the page goes there.
(() => {
  "use strict";
  const part = document.querySelector("[data-live-page]");
  if (!part) {
    return;
  }
  let reading = false;
  let again = false;

  // The part as the server drew it, its CSRF tokens aside: each read brings new tokens for the
  // same forms, and swapping a part that did not change would drop a click under way and the
  // keyboard's focus. The tokens the page holds stay good.
  function shape(element) {
    const copy = element.cloneNode(true);
    for (const token of copy.querySelectorAll("input[name=csrfmiddlewaretoken]")) {
      token.removeAttribute("value");
    }
    return copy.innerHTML;
  }
  let drawn = shape(part);

  // Where the keyboard was in the part, to put it back once the part is redrawn: the same
  // control, known by its id or by its form's address and its words.
  function focusedControl() {
    const now = document.activeElement;
    if (!now || now === part || !part.contains(now)) {
      return null;
    }
    const form = now.closest("form");
    return { id: now.id, tag: now.tagName, action: form && form.getAttribute("action"), words: now.textContent.trim() };
  }
  function refocus(was) {
    if (!was) {
      return;
    }
    const same = (control) => {
      const form = control.closest("form");
      return (form && form.getAttribute("action")) === was.action && control.textContent.trim() === was.words;
    };
    const found = was.id ? document.getElementById(was.id) : [...part.querySelectorAll(was.tag)].find(same);
    if (found && part.contains(found)) {
      found.focus({ preventScroll: true });
    }
  }

  // One read at a time, and one more if something changed meanwhile: an older page never
  // replaces a newer one.
  async function reread() {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      if (response.ok) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const fresh = doc.querySelector("[data-live-page]");
        if (doc.getElementById("table") || !fresh) {
          location.reload(); // the game started: this address is its table now
          return;
        }
        const freshShape = shape(fresh);
        if (freshShape !== drawn) {
          const focused = focusedControl();
          part.innerHTML = fresh.innerHTML;
          drawn = freshShape;
          refocus(focused);
        }
        document.title = doc.title;
        part.dataset.reads = Number(part.dataset.reads || 0) + 1;
      }
    } finally {
      reading = false;
      if (again) {
        again = false;
        reread();
      }
    }
  }

  if (part.dataset.livePage === "notices") {
    document.addEventListener("stpete:notice", reread);
    return;
  }
  let backoff = 1000;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${part.dataset.livePage}`);
    socket.addEventListener("open", () => {
      backoff = 1000;
      reread(); // whatever changed since the page was drawn, or while the socket was away
    });
    socket.addEventListener("message", (event) => {
      try {
        if (JSON.parse(event.data).type === "lobby") {
          reread();
        }
      } catch (e) {
        /* not ours */
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code >= 4400 && event.code < 4500) {
        return;
      }
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 30000);
    });
  }
  connect();
})();
