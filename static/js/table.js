// The game table: draws everything from the payload of GET /games/<id>/view (or a push of the
// same shape), sends moves over HTTP POST, listens on /ws/games/<id>/ for new versions.
// No inline scripts (CSP): data comes from data-* attributes and JSON blocks in the page.
(() => {
  "use strict";

  const root = document.getElementById("table");
  if (!root) {
    return;
  }
  const CARDS = JSON.parse(document.getElementById("card-catalogue").textContent);
  const T = JSON.parse(document.getElementById("table-strings").textContent);
  const D = root.dataset;
  const LANG = D.lang === "de" ? "de" : "en";
  const MODE = D.mode; // "live" or "replay"
  const PHASES = ["worker", "building", "aristocrat", "trading"];
  const MAX_TIMEOUT = 2 ** 31 - 1; // setTimeout's longest wait (about 24 days)
  const SEAT_COLOURS = ["#7b1e33", "#0f4c5c", "#b7861b", "#5b3f8c"];

  let payload = null;
  let busy = false;
  let socket = null;
  let backoff = 1000;
  let wasMyTurn = false;
  let logVersion = -1;
  let historyShown = false;
  let deadlineTimer = null;

  // ---------------------------------------------------------------- helpers

  const $ = (id) => document.getElementById(id);

  function fmt(text, values) {
    return String(text).replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) {
        continue;
      }
      if (key === "class") {
        node.className = value;
      } else if (key === "text") {
        node.textContent = value;
      } else if (key === "html") {
        node.innerHTML = value; // only for our own static SVG glyphs
      } else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "lang") {
        node.setAttribute(key, value);
      } else {
        node[key] = value;
      }
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) {
        continue;
      }
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const typeOf = (instance) => instance.split("#")[0];
  const copyOf = (instance) => Number(instance.split("#")[1] || 0);
  const card = (instance) => CARDS[typeOf(instance)] || {};
  const cardName = (instance) => card(instance)[`name_${LANG}`] || instance;
  const playerName = (seat) => {
    const p = payload && payload.players.find((x) => x.seat === seat);
    return p ? p.name : fmt(T.seat_n, { n: seat + 1 });
  };
  const me = () => (payload ? payload.seat : null);

  // ---------------------------------------------------------------- glyphs (drawn by us)

  const GLYPHS = {
    rubles:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="#d9a520" stroke="#8a6410"/><text x="8" y="11.5" font-size="9" font-weight="700" text-anchor="middle" fill="#5a3d05">₽</text></svg>',
    points:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1l2.1 4.6 5 .5-3.8 3.3 1.1 4.9L8 11.8 3.6 14.3l1.1-4.9L.9 6.1l5-.5z" fill="#2f6fa8" stroke="#173e63" stroke-width=".6"/></svg>',
    wood:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="5" width="13" height="6" rx="3" fill="#8b5a2b"/><ellipse cx="13" cy="8" rx="2" ry="3" fill="#d9b382" stroke="#6b4420"/></svg>',
    gold:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 12l3-7h6l3 7z" fill="#e6bf2e" stroke="#8a6a10"/><path d="M6 6l1 5" stroke="#fff6c7" stroke-width="1"/></svg>',
    wool:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6" fill="#f3efe6" stroke="#8a8072"/><path d="M4 6c3 1 5 1 8 0M3.5 9c3 1.2 6 1.2 9 0" stroke="#8a8072" fill="none"/></svg>',
    fur:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3l3 2h4l3-2-1 5 1 5-3-1H6l-3 1 1-5z" fill="#9a6b3f" stroke="#5a3a1c"/></svg>',
    ship:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 10h12l-2 4H4z" fill="#5a3a1c"/><path d="M8 2v8M8 2l5 6H8M8 3L4 8h4" fill="#f3efe6" stroke="#334"/></svg>',
    grain:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 15V4" stroke="#8a6a10"/><ellipse cx="6" cy="6" rx="1.5" ry="2.5" fill="#e0b84a"/><ellipse cx="10" cy="6" rx="1.5" ry="2.5" fill="#e0b84a"/><ellipse cx="8" cy="3" rx="1.5" ry="2.5" fill="#e0b84a"/></svg>',
    chicken:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><ellipse cx="8" cy="10" rx="5" ry="4" fill="#f3efe6" stroke="#8a8072"/><circle cx="11" cy="5" r="2.5" fill="#f3efe6" stroke="#8a8072"/><path d="M11 2l1-1 1 1" stroke="#c0392b"/><path d="M13.5 5l1.5.5-1.5.5" fill="#e6a100"/></svg>',
    apple:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="9.5" r="5.5" fill="#c0392b"/><path d="M8 4V1.5" stroke="#5a3a1c"/><path d="M8 3c2-2 4-1 4-1-1 2-3 2-4 1" fill="#2e7d32"/></svg>',
    cabbage:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8.5" r="6" fill="#7cb342" stroke="#33691e"/><path d="M8 3v11M4 6c2 2 2 5 0 7M12 6c-2 2-2 5 0 7" stroke="#33691e" fill="none"/></svg>',
    fish:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 8c3-4 8-4 10 0-2 4-7 4-10 0z" fill="#5d8aa8" stroke="#2c4a5e"/><path d="M12 8l3-3v6z" fill="#5d8aa8" stroke="#2c4a5e"/><circle cx="5" cy="7.5" r=".8" fill="#fff"/></svg>',
    joker:
      '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="#fff" stroke="#7b1e33"/><text x="8" y="11.5" font-size="10" font-weight="700" text-anchor="middle" fill="#7b1e33">?</text></svg>',
  };
  const glyph = (name, label) =>
    el("span", { class: `glyph g-${name}`, html: GLYPHS[name] || "", title: label || T[name] || name });

  // ---------------------------------------------------------------- cards

  function colourClass(instance) {
    const c = card(instance);
    return `c-${c.color}${c.trading ? " trading" : ""}`;
  }

  // The name's type shrinks with its longest word, so no word breaks in the middle of a card
  // (the CSS sizes it from the card's width: container query units).
  function longestWord(name) {
    return Math.max(...name.split(/[\s-]+/).map((w) => w.length));
  }

  function cardTile(instance, opts) {
    const c = card(instance);
    const o = opts || {};
    const symbols = (c.symbols || []).map((s) => glyph(s));
    const market = c.market && c.market.length ? c.market[copyOf(instance)] : "";
    const income = [];
    if (c.rubles) {
      income.push(el("span", { class: "inc" }, glyph("rubles"), c.rubles));
    }
    if (c.points) {
      income.push(el("span", { class: "inc" }, glyph("points"), c.points));
    }
    const tile = el(
      o.tag || "button",
      {
        class: `card ${colourClass(instance)}${o.small ? " small" : ""}${o.extra ? ` ${o.extra}` : ""}`,
        type: (o.tag || "button") === "button" ? "button" : null,
        "data-card": instance,
        "aria-label": `${cardName(instance)}${o.label ? `, ${o.label}` : ""}`,
        title: `${cardName(instance)} — ${c[`text_${LANG}`] || ""}`,
      },
      el("span", { class: "card-top" }, el("span", { class: "card-cost", text: c.cost }), market ? glyph(market, T.market) : null),
      el("span", { class: "card-name", lang: LANG, style: `--word:${longestWord(cardName(instance))}`, text: cardName(instance) }),
      el("span", { class: "card-symbols" }, symbols),
      el("span", { class: "card-income" }, income),
    );
    return tile;
  }

  // ---------------------------------------------------------------- rendering

  function render(next) {
    payload = next;
    const view = payload.view;
    root.classList.toggle("is-over", Boolean(view && view.game_over));
    if (!view) {
      $("status").textContent = T.not_started;
      return;
    }
    renderStatus(view);
    renderBoard(view);
    renderActions(view);
    renderPlayers(view);
    renderSummary(view);
    renderEnd(view);
    signalTurn(view);
    if (MODE === "live" && payload.version !== logVersion) {
      refreshLog();
    }
  }

  function turnText(view) {
    if (view.game_over) {
      return T.game_over;
    }
    if (payload.status !== "running" && MODE !== "replay") {
      return T.game_stopped;
    }
    if (view.pending && view.pending.kind === "pub") {
      return view.pending.seat === me() ? T.your_pub : fmt(T.someone_pub, { player: playerName(view.pending.seat) });
    }
    if (view.your_turn) {
      return T.your_turn;
    }
    return fmt(T.waiting_for, { players: view.to_act.map(playerName).join(", ") });
  }

  function renderStatus(view) {
    const box = $("status");
    box.replaceChildren();
    box.append(
      el("span", { class: "chip round", text: fmt(T.round_n, { n: view.round }) }),
      el("span", { class: `chip phase p-${view.phase}`, text: T[`phase_${view.phase}`] }),
      el("span", { class: `chip turn${view.your_turn ? " mine" : ""}`, role: "status", text: turnText(view) }),
    );
    if (view.last_round && !view.game_over) {
      box.append(el("span", { class: "chip warn", text: T.last_round }));
    }
    clearTimeout(deadlineTimer);
    if (payload.deadline && payload.status === "running") {
      const deadline = new Date(payload.deadline);
      const when = deadline.toLocaleString(LANG, {
        timeZone: D.tz || undefined,
        dateStyle: "medium",
        timeStyle: "short",
      });
      // Without a timeout policy a game stays past its deadline; with one, the server acts
      // within a minute. Either way the page says so, also when it passes with the page open.
      const left = deadline - Date.now();
      const text = fmt(left > 0 ? T.deadline : T.deadline_passed, { when });
      box.append(el("span", { class: "chip deadline", text }));
      if (left > 0) {
        deadlineTimer = setTimeout(() => renderStatus(view), Math.min(left, MAX_TIMEOUT));
      }
    }
    if (MODE === "live" && me() !== null && "Notification" in window && Notification.permission === "default") {
      box.append(el("button", { type: "button", class: "button small secondary", "data-action": "notify", text: T.notify_me }));
    }
    if (MODE === "live") {
      box.append(el("span", { class: `live-dot${socket && socket.readyState === 1 ? " on" : ""}`, title: T.live }));
    }
  }

  function pileBox(phase, pile) {
    return el(
      "button",
      { type: "button", class: `pile c-${phase === "trading" ? "trading" : phase}`, "data-pile": phase, "aria-label": `${T[`pile_${phase}`]}: ${pile.size}` },
      el("span", { class: "pile-size", text: pile.size }),
      el("span", { class: "pile-name", text: T[`pile_${phase}`] }),
    );
  }

  function boardCard(instance, view, lower) {
    const price = view.prices ? view.prices[instance] : null;
    const wrap = el("div", { class: "slot" });
    wrap.append(cardTile(instance));
    if (price) {
      const usable = price.can_buy || price.can_take;
      const label = price.buy === null ? "—" : `${price.buy} ₽`;
      wrap.append(
        el("span", { class: `price${price.can_buy ? " ok" : ""}${usable ? "" : " muted"}`, title: T.your_price }, label),
      );
    } else {
      wrap.append(el("span", { class: "price plain", text: `${card(instance).cost} ₽` }));
    }
    if (lower) {
      wrap.classList.add("lower");
    }
    return wrap;
  }

  function renderBoard(view) {
    const board = $("board");
    board.replaceChildren();
    const piles = el("div", { class: "piles" });
    PHASES.forEach((phase) => piles.append(pileBox(phase, view.piles[phase])));
    piles.append(
      el(
        "button",
        { type: "button", class: "pile discard", "data-pile": "discard", "aria-label": `${T.discard}: ${view.discard.length}` },
        el("span", { class: "pile-size", text: view.discard.length }),
        el("span", { class: "pile-name", text: T.discard }),
      ),
    );
    board.append(piles);
    const row = (name, cards, lower) =>
      el(
        "div",
        { class: `row row-${name}` },
        el("h3", { class: "row-title", text: lower ? T.lower_row : T.upper_row }),
        el("div", { class: "row-cards" }, cards.length ? cards.map((c) => boardCard(c, view, lower)) : el("span", { class: "muted", text: T.row_empty })),
      );
    board.append(row("upper", view.board.upper, false), row("lower", view.board.lower, true));
    if (view.drawn) {
      board.append(
        el("div", { class: "row row-drawn" }, el("h3", { class: "row-title", text: T.drawn_card }), el("div", { class: "row-cards" }, boardCard(view.drawn, view, false))),
      );
    }
  }

  function moveLabel(move) {
    const replacing = move.displace ? fmt(T.replacing, { card: cardName(move.displace) }) : "";
    switch (move.kind) {
      case "buy":
        return fmt(T.buy_for, { price: move.price }) + replacing;
      case "play":
        return fmt(T.play_for, { price: move.price }) + replacing;
      case "take":
        return T.take;
      case "discard":
        return T.discard_it;
      case "observatory":
        return fmt(T.draw_from, { pile: T[`pile_${move.pile}`] });
      case "pub":
        return fmt(T.pub_points, { points: move.points, price: move.price });
      default:
        return move.kind;
    }
  }

  function moveButton(move, primary) {
    const button = el("button", { type: "button", class: `button${primary ? " primary" : " secondary"}`, text: moveLabel(move) });
    button.addEventListener("click", () => submit(move));
    return button;
  }

  function passLabel(move) {
    if (move.until === "board_change") {
      return T.pass_board;
    }
    if (move.until === "phase") {
      return T.pass_phase;
    }
    return T.pass;
  }

  function renderActions(view) {
    const bar = $("actions");
    bar.replaceChildren();
    if (MODE === "replay") {
      bar.hidden = true;
      return;
    }
    const moves = view.moves || [];
    const mine = me() !== null;
    bar.hidden = (!mine || view.game_over || payload.status !== "running") && !payload.can_reclaim;
    const line = el("div", { class: "action-row" });
    if (mine && view.your_turn) {
      line.append(el("strong", { class: "prompt", text: view.pending ? T.decide_now : T.tap_a_card }));
    }
    // The Pub decision (after building scoring) and a card drawn with the Observatory.
    const pub = moves.filter((m) => m.kind === "pub");
    if (pub.length) {
      const box = el("div", { class: "decision", role: "group", "aria-label": T.pub_title }, el("strong", { text: T.pub_title }), el("span", { class: "muted", text: T.pub_help }));
      pub.forEach((m) => box.append(moveButton(m, m.points === pub[pub.length - 1].points)));
      bar.append(box);
    }
    if (view.drawn && view.pending && view.pending.seat === me()) {
      const box = el("div", { class: "decision", role: "group", "aria-label": T.drawn_card }, el("strong", { text: fmt(T.you_drew, { card: cardName(view.drawn) }) }));
      moves.filter((m) => m.card === view.drawn || m.kind === "discard").forEach((m) => box.append(moveButton(m, m.kind === "buy")));
      bar.append(box);
    }
    const observatory = moves.filter((m) => m.kind === "observatory");
    if (observatory.length) {
      const b = el("button", { type: "button", class: "button secondary", text: T.use_observatory });
      b.addEventListener("click", () => openObservatory(observatory));
      line.append(b);
    }
    const plan = moves.filter((m) => m.kind === "pub_plan");
    if (plan.length) {
      const current = view.players[me()].pub_plan;
      const select = el("select", { class: "pub-plan", "aria-label": T.pub_plan });
      plan.forEach((m) => select.append(el("option", { value: m.points, selected: m.points === current, text: fmt(T.pub_plan_n, { points: m.points }) })));
      select.addEventListener("change", () => submit({ kind: "pub_plan", points: Number(select.value) }));
      line.append(el("label", { class: "plan" }, el("span", { text: T.pub_plan }), select));
    }
    moves
      .filter((m) => m.kind === "pass")
      .sort((a, b) => (a.until ? 1 : 0) - (b.until ? 1 : 0))
      .forEach((m) => {
        const b = el("button", { type: "button", class: "button secondary pass", "data-pass": m.until || "turn", text: passLabel(m) });
        b.addEventListener("click", () => submit(m));
        line.append(b);
      });
    if (payload.can_undo) {
      const b = el("button", { type: "button", class: "button secondary undo", text: T.undo });
      b.addEventListener("click", undo);
      line.append(b);
    }
    const mySeat = payload.players.find((p) => p.seat === me());
    if (payload.can_reclaim || (mySeat && mySeat.can_reclaim)) {
      const b = el("button", { type: "button", class: "button primary", text: T.reclaim });
      b.addEventListener("click", reclaim);
      line.append(b);
    }
    if (mine && view.players[me()].standing && !view.your_turn) {
      line.append(el("span", { class: "muted", text: view.players[me()].standing === "phase" ? T.standing_phase : T.standing_board }));
    }
    bar.append(line);
  }

  function markerChips(markers) {
    return markers.map((phase) => el("span", { class: `marker p-${phase}`, title: fmt(T.start_marker, { phase: T[`phase_${phase}`] }), text: T[`marker_${phase}`] }));
  }

  function renderPlayers(view) {
    const box = $("players");
    box.replaceChildren();
    // Seating order: you first, then the seat to your left (position + 1 mod n), and so on;
    // spectators see plain seat order.
    const order = view.players.map((p) => p.seat).sort((a, b) => a - b);
    const n = order.length;
    if (me() !== null && n) {
      order.sort((a, b) => ((a - me() + n) % n) - ((b - me() + n) % n));
    }
    for (const seat of order) {
      const p = view.players[seat];
      const info = payload.players.find((x) => x.seat === seat) || {};
      const acting = view.to_act.includes(seat);
      const badges = [];
      if (acting) {
        badges.push(el("span", { class: "badge claret", text: T.to_act }));
      }
      if (info.is_bot) {
        badges.push(el("span", { class: "badge", text: T.bot }));
      }
      if (info.on_vacation) {
        badges.push(el("span", { class: "badge gold", text: T.on_vacation }));
      }
      if (info.stand_in_bot) {
        badges.push(el("span", { class: "badge", text: T.stand_in }));
      }
      const groups = el("div", { class: "area" });
      for (const colour of ["worker", "building", "aristocrat"]) {
        const cards = p.area.filter((c) => card(c).color === colour);
        if (cards.length) {
          groups.append(
            el("div", { class: `area-group g-${colour}` }, el("span", { class: "area-label", text: `${T[`colour_${colour}`]} · ${cards.length}` }), el("div", { class: "area-cards" }, cards.map((c) => cardTile(c, { small: true, extra: p.used_observatories.includes(c) ? "used" : "" })))),
          );
        }
      }
      if (!p.area.length) {
        groups.append(el("span", { class: "muted", text: T.area_empty }));
      }
      const hand = el(
        "div",
        { class: "hand" },
        el("span", { class: "area-label", text: fmt(T.hand_n, { n: p.hand.length, limit: p.summary.hand_limit }) }),
        el("div", { class: "area-cards" }, p.hand.map((c) => cardTile(c, { small: true, extra: "in-hand" }))),
      );
      box.append(
        el(
          "section",
          { class: `player panel${acting ? " acting" : ""}${seat === me() ? " me" : ""}`, "data-seat": seat, style: `--seat:${SEAT_COLOURS[seat]}` },
          el(
            "header",
            { class: "player-head" },
            el("h2", { class: "player-name", text: playerName(seat) + (seat === me() ? ` (${T.you})` : "") }),
            badges,
            el("span", { class: "markers" }, markerChips(p.markers)),
          ),
          el(
            "div",
            { class: "tally" },
            el("span", { class: "money", title: T.rubles }, glyph("rubles"), el("b", { text: p.money })),
            el("span", { class: "points", title: T.points_word }, glyph("points"), el("b", { text: p.points })),
            p.pub_plan && p.area.some((c) => card(c).ability === "pub") ? el("span", { class: "muted small", text: fmt(T.pub_plan_n, { points: p.pub_plan }) }) : null,
          ),
          groups,
          p.hand.length || seat === me() ? hand : null,
        ),
      );
    }
  }

  function renderSummary(view) {
    const box = $("summary-body");
    if (!box) {
      return;
    }
    const amount = (income, extra) =>
      el("td", { class: `num ${extra || ""}` }, el("span", { class: "r" }, income.rubles, "₽"), " ", el("span", { class: "s" }, income.points, "★"));
    const head = el(
      "tr",
      {},
      el("th", { text: T.player }),
      ["worker", "building", "aristocrat"].map((ph) => el("th", { class: `num p-${ph}`, text: T[`colour_${ph}`] })),
      el("th", { class: "num", title: T.total_income, text: "∑" }),
      el("th", { class: "num", title: T.distinct, text: T.distinct_short }),
      el("th", { class: "num", text: T.hand }),
    );
    const rows = view.players.map((p) => {
      const s = p.summary;
      return el(
        "tr",
        {},
        el("th", { scope: "row", text: playerName(p.seat) }),
        ["worker", "building", "aristocrat"].map((ph) => amount(s.income[ph])),
        amount(s.total_income, "strong"),
        el("td", { class: "num", title: fmt(T.distinct_points, { n: s.distinct_aristocrats, points: s.aristocrat_points }) }, `${s.distinct_aristocrats} `, el("span", { class: "s" }, `(${s.aristocrat_points}★)`)),
        el("td", { class: "num", text: `${s.hand_size}/${s.hand_limit}` }),
      );
    });
    box.replaceChildren(
      el("div", { class: "table-wrap" }, el("table", { class: "table summary" }, el("thead", {}, head), el("tbody", {}, rows))),
      el("p", { class: "small-print", text: T.summary_help }),
    );
  }

  function renderEnd(view) {
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
        .then((series) => series && drawChart(series));
    }
  }

  function drawChart(series) {
    const W = 640;
    const H = 280;
    const pad = { l: 36, r: 12, t: 12, b: 28 };
    const values = series.players.flatMap((p) => [...p.points, ...p.money]);
    const maxY = Math.max(10, ...values);
    const n = series.rounds.length;
    const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, n - 1);
    const y = (v) => H - pad.b - (v * (H - pad.t - pad.b)) / maxY;
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("class", "chart");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", T.chart_title);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(ns, tag);
      Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
      if (text !== undefined) {
        node.textContent = text;
      }
      svg.append(node);
      return node;
    };
    const step = maxY > 100 ? 20 : maxY > 40 ? 10 : 5;
    for (let v = 0; v <= maxY; v += step) {
      add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" });
      add("text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, v);
    }
    series.rounds.forEach((r, i) => add("text", { x: x(i), y: H - 8, "text-anchor": "middle", class: "axis" }, r));
    series.players.forEach((p) => {
      const colour = SEAT_COLOURS[p.seat];
      const line = (data, dashed) =>
        add("polyline", { points: data.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: colour, "stroke-width": dashed ? 1.5 : 2.5, "stroke-dasharray": dashed ? "5 4" : "none" });
      line(p.points, false);
      line(p.money, true);
    });
    const legend = el(
      "ul",
      { class: "legend" },
      series.players.map((p) => el("li", { style: `--seat:${SEAT_COLOURS[p.seat]}` }, el("span", { class: "swatch" }), playerName(p.seat))),
      el("li", { class: "muted", text: T.chart_legend }),
    );
    $("end-chart").replaceChildren(svg, legend);
  }

  // ---------------------------------------------------------------- dialogs

  function openDialog(title, ...body) {
    const dialog = $("card-dialog");
    const close = el("button", { type: "button", class: "button small secondary close", text: T.close });
    close.addEventListener("click", () => dialog.close());
    dialog.replaceChildren(el("div", { class: "dialog-head" }, el("h2", { text: title }), close), ...body);
    if (!dialog.open) {
      dialog.showModal();
    }
  }

  function openCard(instance) {
    const c = card(instance);
    const view = payload && payload.view;
    const moves = MODE === "live" && view && view.moves ? view.moves.filter((m) => m.card === instance || m.observatory === instance) : [];
    const facts = el(
      "p",
      { class: "facts" },
      fmt(T.card_facts, { cost: c.cost, deck: T[`pile_${c.deck}`] }),
      c.rubles ? el("span", {}, " · ", glyph("rubles"), c.rubles) : null,
      c.points ? el("span", {}, " · ", glyph("points"), c.points) : null,
    );
    const actions = el("div", { class: "dialog-actions" });
    moves.filter((m) => m.kind !== "observatory").forEach((m) => actions.append(moveButton(m, m.kind === "buy" || m.kind === "play")));
    const observatory = moves.filter((m) => m.kind === "observatory");
    if (observatory.length) {
      actions.append(el("p", { class: "muted", text: T.observatory_help }));
      observatory.forEach((m) => actions.append(moveButton(m, false)));
    }
    const price = view && view.prices ? view.prices[instance] : null;
    // On your turn, what is not possible right now may still be tried: the server says why not.
    let tried = false;
    if (MODE === "live" && view && view.your_turn && price && !c.trading) {
      const tryable = [];
      if (price.buy !== undefined && !price.can_buy && price.buy !== null) {
        tryable.push({ kind: "buy", card: instance, price: price.buy });
      }
      if (price.can_take === false) {
        tryable.push({ kind: "take", card: instance });
      }
      if (price.play !== undefined && !price.can_play && price.play !== null) {
        tryable.push({ kind: "play", card: instance, price: price.play });
      }
      tried = tryable.length > 0;
      tryable.forEach((m) => {
        const button = moveButton(m, false);
        button.classList.add("tryable");
        button.title = T.not_possible_now;
        actions.append(button);
      });
    }
    if (!moves.length && !tried && price && (price.buy !== undefined || price.play !== undefined)) {
      const amount = price.buy !== undefined ? price.buy : price.play;
      actions.append(el("p", { class: "muted", text: amount === null ? T.nothing_to_displace : fmt(T.not_now_price, { price: amount }) }));
    }
    openDialog(
      cardName(instance),
      el("div", { class: "card-detail" }, cardTile(instance, { tag: "div", extra: "large" }), el("div", {}, el("p", { class: "ability", text: c[`text_${LANG}`] || "" }), facts)),
      actions,
    );
  }

  function openObservatory(moves) {
    const actions = el("div", { class: "dialog-actions" });
    moves.forEach((m) => actions.append(moveButton(m, false)));
    openDialog(T.use_observatory, el("p", { class: "muted", text: T.observatory_help }), actions);
  }

  function openPile(name) {
    const view = payload.view;
    let list;
    if (name === "discard") {
      const counts = {};
      view.discard.forEach((c) => {
        counts[typeOf(c)] = (counts[typeOf(c)] || 0) + 1;
      });
      list = Object.keys(counts)
        .sort()
        .map((id) => ({ card: id, count: counts[id] }));
    } else {
      list = view.piles[name].contents;
    }
    const items = list.map((entry) =>
      el("li", {}, el("span", { class: "count", text: `${entry.count}×` }), cardTile(`${entry.card}#0`, { small: true }), el("span", { text: cardName(`${entry.card}#0`) })),
    );
    openDialog(
      name === "discard" ? T.discard : T[`pile_${name}`],
      el("p", { class: "muted", text: name === "discard" ? T.discard_help : T.pile_help }),
      items.length ? el("ul", { class: "pile-list" }, items) : el("p", { text: T.pile_empty }),
    );
  }

  // ---------------------------------------------------------------- talking to the server

  function csrf() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function say(text, kind) {
    const box = $("table-message");
    box.textContent = text || "";
    box.className = `table-message${kind ? ` ${kind}` : ""}`;
    box.hidden = !text;
  }

  async function post(url, body) {
    if (busy) {
      return;
    }
    busy = true;
    root.classList.add("busy");
    try {
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(body),
      });
      let data = null;
      try {
        data = await response.json();
      } catch (e) {
        data = null;
      }
      const dialog = $("card-dialog");
      if (dialog.open) {
        dialog.close();
      }
      if (response.ok && data) {
        say("");
        render(data);
      } else if (data && data.code === "stale_version") {
        await fetchView();
        say(T.stale, "warn");
      } else {
        say(data && data.message ? data.message : T.failed, "error");
      }
    } catch (e) {
      say(T.offline, "error");
    } finally {
      busy = false;
      root.classList.remove("busy");
    }
  }

  function submit(proposal) {
    const move = { ...proposal };
    delete move.price; // the server knows the price; a move carries only its own fields
    const clientId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    return post(D.movesUrl, { move, expected_version: payload.version, client_id: clientId });
  }

  function undo() {
    return post(D.undoUrl, { expected_version: payload.version });
  }

  function reclaim() {
    return post(D.reclaimUrl, {}).then(fetchView);
  }

  async function fetchView() {
    const url = MODE === "replay" ? `${D.replayUrl}${replayStep}` : D.viewUrl;
    const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    if (response.ok) {
      render(await response.json());
    } else {
      say(T.failed, "error");
    }
  }

  async function refreshLog() {
    const version = payload.version;
    const response = await fetch(D.logUrl, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) {
      return;
    }
    logVersion = version;
    $("log-body").innerHTML = await response.text(); // our own server-rendered fragment
  }

  // ---------------------------------------------------------------- live updates

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${D.wsPath}`);
    let heartbeat = null;
    socket.addEventListener("open", () => {
      backoff = 1000;
      root.dataset.live = "on";
      fetchView(); // whatever happened while we were away
      heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"heartbeat"}'), 30000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      if (message.type !== "view" || !payload) {
        return;
      }
      if (message.version === payload.version + 1) {
        render(message.payload);
      } else if (message.version > payload.version + 1) {
        fetchView(); // a gap: we missed a push
      }
    });
    socket.addEventListener("close", (event) => {
      clearInterval(heartbeat);
      root.dataset.live = "off";
      if (event.code >= 4400 && event.code < 4500) {
        say(event.code === 4401 ? T.log_in_again : T.live_refused, "error");
        return;
      }
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 30000);
    });
  }

  function signalTurn(view) {
    if (MODE !== "live") {
      return;
    }
    const myTurn = Boolean(view.your_turn);
    document.title = `${myTurn ? `● ${T.your_turn_short} · ` : ""}${D.title} · stpete`;
    const icon = document.getElementById("favicon");
    if (icon) {
      icon.href = myTurn ? D.faviconTurn : D.favicon;
    }
    if (myTurn && !wasMyTurn && payload.version > Number(D.initialVersion) && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(D.title, { body: T.your_turn, icon: D.faviconTurn, tag: `stpete-${payload.id}` });
    }
    wasMyTurn = myTurn;
  }

  // ---------------------------------------------------------------- replay

  let replayStep = Number(D.replayStart || 0);
  function setupReplay() {
    const box = $("replay-controls");
    box.hidden = false;
    const slider = $("replay-slider");
    const go = async (n) => {
      replayStep = Math.max(0, Math.min(n, Number(slider.max)));
      slider.value = replayStep;
      await fetchView();
      $("replay-position").textContent = fmt(T.step_of, { n: replayStep, total: payload.steps });
      slider.max = payload.steps;
    };
    box.addEventListener("click", (event) => {
      const button = event.target.closest("[data-step]");
      if (!button) {
        return;
      }
      const how = button.dataset.step;
      go(how === "first" ? 0 : how === "last" ? Number(slider.max) : replayStep + (how === "next" ? 1 : -1));
    });
    slider.addEventListener("input", () => go(Number(slider.value)));
    go(replayStep);
  }

  // ---------------------------------------------------------------- wiring

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-card], [data-pile], [data-action]");
    if (!target || !root.contains(target) || target.closest(".dialog-actions")) {
      return;
    }
    if (target.dataset.card && payload) {
      openCard(target.dataset.card);
    } else if (target.dataset.pile && payload) {
      openPile(target.dataset.pile);
    } else if (target.dataset.action === "notify") {
      Notification.requestPermission().then(() => payload && render(payload));
    }
  });

  const order = $("log-order");
  if (order) {
    const apply = () => {
      const newest = localStorage.getItem("stpete.logNewestFirst") !== "0";
      $("log-body").classList.toggle("newest-first", newest);
      order.textContent = `${newest ? T.newest_first : T.oldest_first} ⇅`;
      order.setAttribute("aria-pressed", newest ? "true" : "false");
    };
    order.addEventListener("click", () => {
      const newest = localStorage.getItem("stpete.logNewestFirst") !== "0";
      localStorage.setItem("stpete.logNewestFirst", newest ? "0" : "1");
      apply();
    });
    apply();
  }

  if (MODE === "replay") {
    setupReplay();
  } else {
    fetchView().then(() => {
      wasMyTurn = Boolean(payload && payload.view && payload.view.your_turn);
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
})();
