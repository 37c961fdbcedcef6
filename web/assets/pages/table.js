// A table: its lobby (seats, invite link, the host's buttons), then the
// match (board, clocks, prompt, move list, chat, draw/resign/abort),
// watched by anyone else who follows it, and its end (result, revealed
// seed, rematch). The page holds no rules: it shows the server's view and
// builds actions from the clicks of the legal actions the server sent.
// This file keeps the table's state, its messages and the board's clicks;
// the panels around the board are parts of their own (./table/).

import { h } from "../ui/dom.js";
import { cellAt, createBoard } from "../boards/board.js";
import { turnFor } from "../play/seats.js";
import { announce, announcementBox } from "../ui/announcements.js";
import { click, nextOptions, pathTo } from "../play/narrow.js";
import { turns } from "../play/moves.js";
import { spoken } from "../play/spoken.js";
import { expand } from "../net/legal.js";
import { knownLayout, loadLayout } from "../net/layouts.js";
import { formatClock, remaining } from "../ui/clock.js";
import { PHASE, isOver } from "../net/phase.js";
import { zoomable } from "../ui/zoom.js";
import { moveList } from "../ui/move-list.js";
import { chatPanel } from "../ui/chat.js";
import { LOW_TIME_MS, markTitle, notify, play } from "../ui/attention.js";
import { colourDot } from "./table/marks.js";
import { headerPart, namesShown } from "./table/header.js";
import { lobbyPart } from "./table/lobby.js";
import { playersPart } from "./table/players.js";
import { controlsPart } from "./table/controls.js";
import { endPart } from "./table/end.js";
import { lookBackPart } from "./table/look-back.js";

/** Boards with more cells than this offer zoom buttons. */
const ZOOM_FROM = 100;

const STATE_FIELDS = ["seq", "phase", "view", "legal", "clocks", "draw_offers", "window_until", "seed", "result"];

export async function tablePage(ctx, where) {
  const { conn, main } = ctx;
  const [games, bots] = await Promise.all([ctx.games(), ctx.api.bots().catch(() => [])]);
  let t = null;
  let clicks = [];
  let board = null;
  let boardFor = { layout: null, turn: null };
  // A board of many cells (six players' Hex-Tri, a maze) can be zoomed on a
  // small screen; the zoom and the scroll outlast each re-render.
  const zoom = zoomable("board");
  let notice = "";
  const cleanups = [];
  // The seat whose side of the board is at the bottom when the viewer
  // turned it (a spectator may look from any side); null: the viewer's own.
  let bottomSeat = null;
  // Attention: whether it was the viewer's turn at the last drawing, the
  // sound an event asked for, and the low-time warnings already given.
  let wasYourTurn = false;
  let sound = null;
  const warned = new Set();

  // What the parts around the board share of the page.
  const page = {
    ctx,
    conn,
    bots,
    get t() {
      return t;
    },
    get notice() {
      return notice;
    },
    /** Shows `text` to the viewer until the next event. */
    tell(text) {
      notice = text;
      render();
    },
    /** Sends a table request (the table is filled in). */
    send: (message) => conn.send({ ...message, table: t.table }),
    heldSeats,
    bottom,
    seatCount,
    gameName,
    render,
    turnBoard() {
      const count = t.layout.seats.length;
      bottomSeat = ((bottom() ?? 0) + 1) % count;
      if (bottomSeat === (you() ?? 0)) bottomSeat = null;
      render();
    },
  };

  const root = h("div", { class: "table-page" }, h("p", { class: "muted" }, "Joining the table…"));
  // The phase, for the page's look (a phone hides the invite bar during play).
  main.append(root);
  // The page's frame, built once: each render draws again what is beside
  // the board, but the board itself (thousands of shapes for a maze) stays
  // in the page, so that a click costs no fresh style and layout of it.
  const announced = announcementBox();
  // Each move in words for a screen reader (visually hidden, polite).
  const said = h("div", { class: "visually-hidden", "aria-live": "polite", "data-testid": "spoken" });
  const moves = moveList({ onPick: (turn) => looking.lookAt(turn.seq) });
  const chat = chatPanel({
    say: async (text) => {
      try {
        // A visitor becomes a guest player to speak.
        await ctx.player();
        page.send({ type: "chat", text });
      } catch (failure) {
        page.tell(failure.message);
      }
    },
  });
  const boardWrap = h("div", { class: "board-wrap" });
  const looking = lookBackPart(page, { boardWrap, moves });
  cleanups.push(looking.stop);
  boardWrap.append(announced, looking.bar, zoom.box);
  const header = headerPart(page);
  const lobby = lobbyPart(page);
  const players = playersPart(page);
  const controls = controlsPart(page);
  const end = endPart(page);
  // Beside the board: what is drawn anew with each render, then the move
  // list and the chat, which stay in the page (a list taken out and put
  // back loses its scroll, a box what was typed), then what comes after.
  const sideTop = h("div", { class: "side-part" });
  const sideEnd = h("div", { class: "side-part" });
  const side = h("aside", { class: "side" }, sideTop, moves.element, chat.element, sideEnd);
  const grid = h("div", { class: "table-grid" }, boardWrap, side, said);
  let head = null;

  const mine = (message) => t && (message.table === t.table || message.state?.table === t.table);

  cleanups.push(conn.on("snapshot", (message) => {
    if (t ? message.table !== t.table : where.code ? message.code !== where.code : message.table !== where.table) return;
    // A snapshot carries the recent events: older ones already read are
    // kept while the phase is the same (an end reveals what they hid) and
    // they reach the snapshot's; otherwise they are read again.
    const first = message.events[0]?.seq ?? Infinity;
    const kept = t && t.table === message.table && t.phase === message.phase ? t.events.filter((e) => e.seq < first) : [];
    const older = kept.length && kept[kept.length - 1].seq === first - 1 ? kept : [];
    t = message;
    t.events = [...older, ...t.events];
    t.chat = message.chat ?? [];
    t.legal = expand(t.legal);
    t.gameInfo = games.find((g) => g.id === t.game);
    t.layout = knownLayout(t.layout_url);
    if (!t.layout) {
      const url = t.layout_url;
      loadLayout(url).then(
        (layout) => {
          if (t?.layout_url !== url) return;
          t.layout = layout;
          render();
        },
        (error) => {
          // Shown until the next snapshot (a reconnect) tries again.
          if (t?.layout_url !== url) return;
          t.layoutError = error.message;
          render();
        },
      );
    }
    clicks = [];
    render();
    readOlder(t);
  }));

  /** Reads the events before the snapshot's, a page at a time, for the move list. */
  async function readOlder(table) {
    while (t === table && table.events.length && table.events[0].seq > 1) {
      let older;
      try {
        older = await ctx.api.events(table.table, table.events[0].seq, table.code);
      } catch {
        return;
      }
      if (t !== table || !older.events.length) return;
      table.events.unshift(...older.events.filter((e) => e.seq < table.events[0].seq));
      render();
    }
  }
  cleanups.push(conn.on("event", (message) => {
    if (!mine(message)) return;
    if (!t.events.some((e) => e.seq === message.event.seq)) t.events.push(message.event);
    const wasOver = isOver(t.phase);
    applyState(message.state);
    if (!wasOver && isOver(t.phase)) {
      requestAnimationFrame(showEnd);
      sound = "end";
    } else if (message.event.kind === "action" && !heldSeats().includes(message.event.seat)) {
      sound = "move";
    }
    if (t.layout) {
      const sentence = spoken(message.event, { seats: t.layout.seats, yourTurn: t.phase === PHASE.live && (t.legal?.length ?? 0) > 0 });
      if (sentence) said.textContent = sentence;
    }
    // A notice answers the last thing the player did; the next event makes it old news.
    if (message.event.kind === "draw_declined" && heldSeats().length && !heldSeats().includes(message.event.seat)) notice = "Your draw offer was declined.";
    else if (message.event.kind !== "draw_offered") notice = "";
    render();
  }));
  cleanups.push(conn.on("catch_up", (message) => {
    if (!mine(message)) return;
    for (const event of message.events) if (!t.events.some((e) => e.seq === event.seq)) t.events.push(event);
    applyState(message.state);
    render();
  }));
  cleanups.push(conn.on("presence", (message) => {
    if (!mine(message)) return;
    t.presence = message.seats;
    t.spectators = message.spectators;
    render();
  }));
  cleanups.push(conn.on("chat", (message) => {
    if (!mine(message) || t.chat.some((line) => line.n === message.line.n)) return;
    t.chat.push(message.line);
    if (t.chat.length > 100) t.chat.shift();
    drawChat();
  }));
  cleanups.push(conn.on("error", (message) => {
    if (t && message.table === t.table) {
      notice = message.message;
      clicks = [];
      render();
    } else if (!t && message.code === "no_such_table") {
      root.replaceChildren(h("p", { class: "error" }, "This table does not exist, or its invite link is needed to see it."));
    } else if (!t && (message.code === "unrestorable" || message.code === "table_failed")) {
      root.replaceChildren(h("p", { class: "error", "data-testid": "unrestorable" }, message.message));
    }
  }));
  cleanups.push(conn.on("rematch_offered", (message) => {
    if (!mine(message)) return;
    t.rematch = message.rematch;
    t.rematchOffer = message;
    render();
    showEnd();
  }));
  cleanups.push(conn.on("created", (message) => {
    if (t && t.wantRematch) ctx.navigate(`/t/${message.code}`);
  }));
  cleanups.push(conn.on("status", () => t && render()));

  // On a small screen the end of a match (its result, a rematch offered)
  // is below the board: its end, with the rematch button, is brought into
  // view once, as it happens.
  function showEnd() {
    root.querySelector('[data-testid="result"]')?.scrollIntoView({ block: "end", behavior: "smooth" });
  }

  function applyState(state) {
    for (const field of STATE_FIELDS) t[field] = state[field];
    t.legal = expand(state.legal);
    clicks = [];
  }

  conn.follow(where);
  const ticker = setInterval(tick, 100);

  function seatCount() {
    return t.layout.seats.length;
  }

  function gameName() {
    return t.gameInfo?.name ?? t.game;
  }

  // The viewer's seats (a player may hold several in games of three or
  // more), and the first of them, whose side of the board is at the bottom.
  function heldSeats() {
    return t.your_seats ?? [];
  }
  function you() {
    return heldSeats()[0];
  }
  /** The seat at the bottom of the board and of the list of players. */
  function bottom() {
    return bottomSeat ?? you();
  }

  // A player holding several seats decides for one at a time: the first
  // (in seat order) that has legal actions now. The clicks are that seat's.
  function actingSeat() {
    return (t.legal ?? [])[0]?.seat;
  }
  function playable() {
    const seat = actingSeat();
    return (t.legal ?? []).filter((action) => action.seat === seat);
  }

  function render() {
    if (!t) return;
    if (!t.layout) {
      const failed = t.layoutError && h("p", { class: "error" }, `The board could not be loaded: ${t.layoutError}`);
      root.replaceChildren(failed || h("p", { class: "muted" }, "Loading the board…"));
      return;
    }
    // The board turned so that the viewer's side is at the bottom.
    const turn = turnFor(t.layout, bottom());
    if (!board || boardFor.layout !== t.layout || boardFor.turn !== turn) {
      board = createBoard(t.layout, { turn, onCell, onDrop, onHover });
      boardFor = { layout: t.layout, turn };
    }
    const options = nextOptions(playable(), clicks);
    // For tests and tools: the last event seen and the clicks made so far.
    root.dataset.seq = t.seq ?? 0;
    root.dataset.clicks = clicks.length;
    root.dataset.phase = t.phase;
    const past = looking.state.step;
    if (past) {
      board.update(past.view, { selected: [], targets: new Set() });
      board.preview([], null);
    } else {
      board.update(t.view, {
        selected: clicks.filter((c) => "cell" in c).map((c) => c.cell),
        targets: options.cells,
      });
      // A preview the pointer still rests on is drawn again for the new state.
      onHover(board.hovered());
    }
    looking.draw();
    if (board.namesShown !== namesShown()) {
      board.namesShown = namesShown();
      board.showNames(board.namesShown);
    }
    if (zoom.box.firstChild !== board.element) {
      // A board turned for another seat replaces the old one at the same zoom and scroll.
      const scrolled = [zoom.box.scrollLeft, zoom.box.scrollTop];
      zoom.box.replaceChildren(board.element);
      [zoom.box.scrollLeft, zoom.box.scrollTop] = scrolled;
    }
    if (t.layout.cells.length > ZOOM_FROM && zoom.controls.parentNode !== boardWrap) boardWrap.append(zoom.controls);
    announce(announced, t.view);
    const nextHead = header.draw();
    if (grid.parentNode !== root) root.replaceChildren(nextHead, grid);
    else head.replaceWith(nextHead);
    head = nextHead;
    const parts = [
      t.phase === PHASE.lobby ? lobby.draw() : null,
      players.draw(),
      status(options),
      controls.draw(),
      end.draw(),
    ];
    sideTop.replaceChildren(...parts.filter(Boolean));
    drawMoves();
    drawChat();
    sideEnd.replaceChildren(...[end.sealed(), header.settings()].filter(Boolean));
    attend();
    tick();
  }

  function drawChat() {
    const spectator = !heldSeats().length;
    chat.update(t.chat, { me: conn.you?.id ?? null, spectator, canSay: !spectator || !t.quiet_spectators });
  }

  function drawMoves() {
    moves.element.hidden = t.phase === PHASE.lobby;
    if (!moves.element.hidden) moves.update(turns(t.events), { seatCount: seatCount(), current: looking.state.looking, colour: (seat) => colourDot(t.layout, seat) });
  }

  // What the player hears and sees outside the page: a sound for a move or
  // the end, another when it becomes their turn (with a notification if
  // the tab is hidden), and the tab's title while it is their turn.
  function attend() {
    const yourTurn = t.phase === PHASE.live && (t.legal?.length ?? 0) > 0;
    markTitle(yourTurn, `${gameName()} · Tactica`);
    let kind = sound;
    sound = null;
    if (yourTurn && !wasYourTurn) {
      kind = "turn";
      notify(`Your turn: ${gameName()}`, t.view?.prompt ?? "", t.table);
    }
    wasYourTurn = yourTurn;
    if (kind && play(kind)) root.dataset.sound = `${kind} ${t.seq}`;
  }

  // The prompt, the choices the clicks so far leave (a count, "end turn"),
  // and what the viewer was told.
  function status(options) {
    if (t.phase === PHASE.lobby) return null;
    const yourTurn = t.phase === PHASE.live && (t.legal?.length ?? 0) > 0;
    const as = yourTurn && heldSeats().length > 1 ? ` as ${t.layout.seats[actingSeat()]?.name}` : "";
    const prompt = t.phase === PHASE.live ? (yourTurn ? `Your turn${as}. ${t.view.prompt}` : t.view?.prompt ?? "") : "The match is over.";
    return h("section", { class: `status${yourTurn ? " your-turn" : ""}`, "data-testid": "status" },
      h("p", { class: "prompt" }, prompt),
      t.phase === PHASE.live && t.window_until ? h("p", { class: "window", "data-window": t.window_until }) : null,
      options.choices.length || clicks.length
        ? h("div", { class: "choices" },
            options.choices.map((choice) =>
              h("button", {
                type: "button",
                class: "choice",
                "data-choice": choice,
                onpointerdown: () => (draggedChoice = choice),
                onclick: () => choose({ choice }),
              }, choice)),
            clicks.length ? h("button", { type: "button", class: "cancel", onclick: () => { clicks = []; render(); } }, "Cancel") : null)
        : null,
      notice && t.phase !== PHASE.lobby ? h("p", { class: "notice", role: "status" }, notice) : null,
      conn.status !== "open" ? h("p", { class: "notice" }, "Reconnecting to the server… your moves will be sent when it is back.") : null,
    );
  }

  // The pointer resting on a cell that would play a move shows the way the
  // move takes, where the game gives one (ATTACTICS' walk through the maze).
  function onHover(cell) {
    const live = t?.phase === PHASE.live && t.legal?.length && cell !== null && !looking.state.step;
    board?.preview(live ? pathTo(playable(), clicks, cell) : [], actingSeat());
  }

  function onCell(cell) {
    if (t.phase !== PHASE.live || !t.legal?.length || looking.state.step) return;
    choose({ cell });
  }

  // Dragging is clicking: a piece dragged from one cell to another, or a
  // choice (a piece to place) dragged onto a cell, makes the same two clicks.
  function onDrop(from, to) {
    if (t.phase !== PHASE.live || !t.legal?.length || looking.state.step) return;
    clicks = [];
    choose({ cell: from }, false);
    choose({ cell: to });
  }

  let draggedChoice = null;
  const dropChoice = (e) => {
    const choice = draggedChoice;
    draggedChoice = null;
    const cell = choice === null ? null : cellAt(e.clientX, e.clientY);
    if (cell === null || t?.phase !== PHASE.live) return;
    choose({ choice }, false);
    choose({ cell });
  };
  document.addEventListener("pointerup", dropChoice);
  cleanups.push(() => document.removeEventListener("pointerup", dropChoice));

  function choose(next, show = true) {
    const step = click(playable(), clicks, next);
    clicks = step.clicks;
    if (step.action) {
      conn.act(t.table, step.action.action, step.action.seat);
      notice = "";
    }
    if (show) render();
  }

  // A player's own running clock warns once as it passes each threshold
  // (again after an increment took it back above).
  function warnLowTime(seat, left, running) {
    if (left === null) return;
    for (const threshold of LOW_TIME_MS) {
      const key = `${seat}:${threshold}`;
      if (left >= threshold + 1000) warned.delete(key);
      else if (running && left < threshold && left > 0 && !warned.has(key)) {
        warned.add(key);
        if (play("low")) root.dataset.sound = `low ${t.seq}`;
      }
    }
  }

  function tick() {
    if (!t) return;
    // During a set-up with a time of its own, each seat shows its set-up time.
    const setup = t.clocks?.setup ? { ...t.clocks.setup, server_time: t.clocks.server_time } : null;
    for (const el of root.querySelectorAll("[data-clock]")) {
      const seat = Number(el.dataset.clock);
      const clocks = setup ?? t.clocks;
      const left = remaining(clocks, seat, Date.now(), conn.offset);
      const running = clocks?.running?.includes(seat) ?? false;
      el.textContent = setup ? `set-up ${formatClock(left)}` : formatClock(left);
      el.classList.toggle("setup", Boolean(setup));
      el.classList.toggle("running", running);
      el.classList.toggle("low", left !== null && left < LOW_TIME_MS[0]);
      if (heldSeats().includes(seat)) warnLowTime(seat, left, running);
    }
    for (const el of root.querySelectorAll("[data-window]")) {
      const left = Number(el.dataset.window) - (Date.now() + conn.offset);
      el.textContent = `Answers close in ${formatClock(Math.max(0, left))}`;
    }
    for (const el of root.querySelectorAll("[data-grace]")) {
      const left = Number(el.dataset.grace) - (Date.now() + conn.offset);
      el.textContent = left > 0 ? `Away: ${formatClock(left)} left to reconnect` : "Away: the grace period is over";
    }
  }

  return () => {
    markTitle(false);
    clearInterval(ticker);
    cleanups.forEach((off) => off());
    if (t) conn.unfollow(t.table);
  };
}
