// A table: its lobby (seats, invite link, the host's buttons), then the
// match (board, clocks, prompt, move list, draw/resign/abort), spectated by
// anyone else who follows it, and its end (result, revealed seed, rematch).
// The page holds no rules: it shows the server's view and builds actions
// from the clicks of the legal actions the server sent.

import { h } from "../ui/dom.js";
import { cellAt, createBoard } from "../boards/board.js";
import { seatOrder, turnFor } from "../play/seats.js";
import { allies, facts, hand } from "../ui/panel.js";
import { dice } from "../ui/dice.js";
import { announce, announcementBox } from "../ui/announcements.js";
import { click, nextOptions, pathTo } from "../play/narrow.js";
import { rows, turns } from "../play/moves.js";
import { expand } from "../net/legal.js";
import { knownLayout, loadLayout } from "../net/layouts.js";
import { formatClock, formatControl, remaining } from "../ui/clock.js";
import { PHASE, isOver, phaseLabel } from "../net/phase.js";
import { zoomable } from "../ui/zoom.js";

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
  let confirmResign = false;
  let shuffleSeats = false;
  // The bot the host's "Computer" buttons seat: the weakest that searches.
  let seatedBot = bots.find((b) => b.think_ms)?.name ?? "random";
  let notice = "";
  const cleanups = [];

  const root = h("div", { class: "table-page" }, h("p", { class: "muted" }, "Joining the table…"));
  main.append(root);
  // The page's frame, built once: each render draws again what is beside
  // the board, but the board itself (thousands of shapes for a maze) stays
  // in the page, so that a click costs no fresh style and layout of it.
  const announced = announcementBox();
  const boardWrap = h("div", { class: "board-wrap" }, announced, zoom.box);
  const side = h("aside", { class: "side" });
  const grid = h("div", { class: "table-grid" }, boardWrap, side);
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
      let page;
      try {
        page = await ctx.api.events(table.table, table.events[0].seq, table.code);
      } catch {
        return;
      }
      if (t !== table || !page.events.length) return;
      table.events.unshift(...page.events.filter((e) => e.seq < table.events[0].seq));
      render();
    }
  }
  cleanups.push(conn.on("event", (message) => {
    if (!mine(message)) return;
    if (!t.events.some((e) => e.seq === message.event.seq)) t.events.push(message.event);
    applyState(message.state);
    if (message.event.kind === "draw_declined" && heldSeats().length && !heldSeats().includes(message.event.seat)) notice = "Your draw offer was declined.";
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
    render();
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
  }));
  cleanups.push(conn.on("created", (message) => {
    if (t && t.wantRematch) ctx.navigate(`/t/${message.code}`);
  }));
  cleanups.push(conn.on("status", () => t && render()));

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

  // The viewer's seats (a player may hold several in games of three or
  // more), and the first of them, whose side of the board is at the bottom.
  function heldSeats() {
    return t.your_seats ?? [];
  }
  function you() {
    return heldSeats()[0];
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
    const turn = turnFor(t.layout, you());
    if (!board || boardFor.layout !== t.layout || boardFor.turn !== turn) {
      board = createBoard(t.layout, { turn, onCell, onDrop, onHover });
      boardFor = { layout: t.layout, turn };
    }
    const options = nextOptions(playable(), clicks);
    // For tests and tools: the last event seen and the clicks made so far.
    root.dataset.seq = t.seq ?? 0;
    root.dataset.clicks = clicks.length;
    board.update(t.view, {
      selected: clicks.filter((c) => "cell" in c).map((c) => c.cell),
      targets: options.cells,
    });
    // A preview the pointer still rests on is drawn again for the new state.
    onHover(board.hovered());
    if (zoom.box.firstChild !== board.element) {
      // A board turned for another seat replaces the old one at the same zoom and scroll.
      const scrolled = [zoom.box.scrollLeft, zoom.box.scrollTop];
      zoom.box.replaceChildren(board.element);
      [zoom.box.scrollLeft, zoom.box.scrollTop] = scrolled;
    }
    if (t.layout.cells.length > ZOOM_FROM && zoom.controls.parentNode !== boardWrap) boardWrap.append(zoom.controls);
    announce(announced, t.view);
    const nextHead = header();
    if (grid.parentNode !== root) root.replaceChildren(nextHead, grid);
    else head.replaceWith(nextHead);
    head = nextHead;
    const parts = [
      t.phase === PHASE.lobby ? lobbyPanel() : null,
      players(),
      status(options),
      controls(),
      endNotice(),
      moveList(),
    ];
    side.replaceChildren(...parts.filter(Boolean));
    tick();
  }

  // The pointer resting on a cell that would play a move shows the way the
  // move takes, where the game gives one (ATTACTICS' walk through the maze).
  function onHover(cell) {
    const live = t?.phase === PHASE.live && t.legal?.length && cell !== null;
    board?.preview(live ? pathTo(playable(), clicks, cell) : [], actingSeat());
  }

  function onCell(cell) {
    if (t.phase !== PHASE.live || !t.legal?.length) return;
    choose({ cell });
  }

  // Dragging is clicking: a piece dragged from one cell to another, or a
  // choice (a piece to place) dragged onto a cell, makes the same two clicks.
  function onDrop(from, to) {
    if (t.phase !== PHASE.live || !t.legal?.length) return;
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

  function header() {
    const inviteUrl = `${location.origin}/t/${t.code}`;
    const invite = h("input", { type: "text", readonly: true, value: inviteUrl, "data-testid": "invite-link", onclick: (e) => e.target.select() });
    const copy = h("button", {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(inviteUrl);
          copy.textContent = "Copied";
        } catch {
          invite.select();
          copy.textContent = "Press Ctrl+C";
        }
      },
    }, "Copy invite link");
    return h("div", { class: "table-head" },
      h("h1", {}, gameName()),
      h("span", { class: "muted" }, ` ${formatControl(t.clock)} · ${t.public ? "public" : "private"} · ${phaseLabel(t.phase)}`),
      t.phase === PHASE.lobby || heldSeats().length ? h("div", { class: "invite" }, invite, copy) : null,
    );
  }

  function gameName() {
    return t.gameInfo?.name ?? t.game;
  }

  async function takeSeat(seat) {
    try {
      await ctx.player();
      conn.send({ type: "take_seat", table: t.table, seat });
    } catch (failure) {
      notice = failure.message;
      render();
    }
  }

  function lobbyPanel() {
    const me = conn.you;
    const host = me && me.id === t.host;
    const held = heldSeats();
    // In a game of two, one seat each; with more, a player may hold several.
    const mayTake = !held.length || seatCount() > 2;
    const full = t.seats.every(Boolean);
    const count = seatCount();
    // Seat `seat` trades places with the seat above it.
    const moveUp = (seat) => {
      const order = Array.from({ length: count }, (_, i) => i);
      [order[seat - 1], order[seat]] = [order[seat], order[seat - 1]];
      conn.send({ type: "arrange_seats", table: t.table, order });
    };
    const shuffle = h("input", { type: "checkbox", "data-testid": "shuffle-seats", checked: shuffleSeats, onchange: (e) => (shuffleSeats = e.target.checked) });
    return h("section", { class: "panel lobby", "data-testid": "lobby" },
      h("h2", {}, "Seats"),
      h("ul", { class: "seats" },
        t.seats.map((player, seat) =>
          h("li", { "data-seat": seat },
            colourDot(seat),
            h("strong", {}, `${t.layout.seats[seat].name}: `),
            player ? `${player.name}${player.id === t.host ? " (host)" : ""}${held.includes(seat) ? " (you)" : ""}` : h("span", { class: "muted" }, "empty"),
            teamNote(seat),
            !player && mayTake ? h("button", { type: "button", onclick: () => takeSeat(seat) }, held.length ? "Take this seat too" : "Take this seat") : null,
            !player && host ? h("button", { type: "button", "data-testid": "seat-bot", title: "Put the computer on this seat", onclick: () => conn.send({ type: "seat_bot", table: t.table, seat, bot: seatedBot }) }, "Computer") : null,
            player && held.includes(seat) ? h("button", { type: "button", onclick: () => conn.send({ type: "leave_seat", table: t.table, seat }) }, "Leave seat") : null,
            player && host && !held.includes(seat) ? h("button", { type: "button", onclick: () => conn.send({ type: "remove_player", table: t.table, seat }) }, "Remove") : null,
            host && seat > 0 && (player || t.seats[seat - 1]) ? h("button", { type: "button", class: "move-up", title: "Trade places with the seat above", onclick: () => moveUp(seat) }, "↑") : null,
          ))),
      t.takeover ? h("p", { class: "muted", "data-testid": "takeover" }, `If a player goes away, ${botName(t.takeover)} takes over the seat.`) : null,
      host && !full && bots.length ? botChoice() : null,
      host ? h("label", { class: "shuffle" }, shuffle, " Random seats at the start") : null,
      host
        ? h("button", { type: "button", class: "primary", disabled: !full, onclick: () => conn.send({ type: "start", table: t.table, ...(shuffleSeats ? { shuffle_seats: true } : {}) }) }, full ? "Start the match" : "Start (waiting for players)")
        : h("p", { class: "muted" }, full ? "Waiting for the host to start." : "Waiting for players."),
      host ? h("button", { type: "button", onclick: () => conn.send({ type: "abort", table: t.table }) }, "Close the lobby") : null,
      notice ? h("p", { class: "error", role: "alert" }, notice) : null,
    );
  }

  function botName(name) {
    return bots.find((b) => b.name === name)?.display_name ?? name;
  }

  // Which computer player the seats' "Computer" buttons put there.
  function botChoice() {
    return h("label", { class: "bot-choice" }, "Computer players: ",
      h("select", { "data-testid": "bot-strength", onchange: (e) => (seatedBot = e.target.value) },
        bots.map((b) => h("option", { value: b.name, selected: b.name === seatedBot }, b.display_name))));
  }

  // "with Green" for a seat that plays on a team, from the start position's teams.
  function teamNote(seat) {
    const team = (t.view?.teams ?? []).find((members) => members.includes(seat));
    if (!team || team.length < 2) return null;
    const others = team.filter((s) => s !== seat).map((s) => t.layout.seats[s]?.name ?? `Seat ${s + 1}`);
    return h("span", { class: "muted team" }, ` · team with ${others.join(" and ")}`);
  }

  function colourDot(seat) {
    return h("span", { class: "colour-dot", style: `background:${t.layout.seats[seat]?.colour ?? "#888"}` });
  }

  function players() {
    if (t.phase === PHASE.lobby) return null;
    const acting = new Set(t.view?.acting ?? []);
    // The viewer's seat at the bottom, as on the board.
    return h("section", { class: "players" },
      seatOrder(t.seats.length, you()).map((seat) => {
        const player = t.seats[seat];
        const presence = t.presence?.find((p) => p.seat === seat);
        const panel = t.view?.seats?.[seat];
        return h("div", { class: `player${acting.has(seat) && t.phase === PHASE.live ? " acting" : ""}`, "data-seat": seat },
          h("div", { class: "player-line" },
            colourDot(seat),
            h("span", { class: `presence ${presence?.connected ? "on" : "off"}`, title: presence?.connected ? "connected" : "away" }),
            h("strong", {}, player?.name ?? "—"),
            heldSeats().includes(seat) ? h("span", { class: "muted" }, " (you)") : null,
            dice(panel?.roll, `${t.table}:${seat}`),
            t.clock ? h("span", { class: "clock", "data-clock": seat }) : null,
          ),
          facts(panel),
          hand(panel),
          allies(t.view, seat, t.layout.seats),
          presence?.grace_until && t.phase === PHASE.live ? h("div", { class: "away", "data-grace": presence.grace_until }) : null,
        );
      }),
    );
  }

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

  function controls() {
    if (t.phase !== PHASE.live || !heldSeats().length) return null;
    const left = new Set(t.events.filter((e) => e.kind === "left").map((e) => e.seat));
    const playing = heldSeats().filter((seat) => !left.has(seat));
    if (!playing.length) return null;
    const anyAction = t.events.some((e) => e.kind === "action");
    const others = (t.presence ?? []).filter((p) => !heldSeats().includes(p.seat) && !left.has(p.seat));
    const send = (type) => () => conn.send({ type, table: t.table });
    const buttons = [];
    if (!anyAction) buttons.push(h("button", { type: "button", onclick: send("abort") }, "Abort"));
    const offers = t.draw_offers ?? [];
    if (!offers.length) buttons.push(h("button", { type: "button", onclick: send("offer_draw") }, "Offer draw"));
    else if (playing.every((seat) => offers.includes(seat))) buttons.push(h("button", { type: "button", disabled: true }, "Draw offered"));
    else {
      const names = offers.map((seat) => t.layout.seats[seat]?.name ?? `Seat ${seat + 1}`).join(" and ");
      const who = seatCount() === 2 ? "Your opponent offers" : `${names} ${offers.length > 1 ? "offer" : "offers"}`;
      buttons.push(h("span", { class: "draw-offer" }, `${who} a draw.`),
        h("button", { type: "button", class: "primary", onclick: send("accept_draw") }, "Accept draw"),
        h("button", { type: "button", onclick: send("decline_draw") }, "Decline draw"));
    }
    buttons.push(confirmResign
      ? h("button", { type: "button", class: "danger", onclick: () => { confirmResign = false; send("resign")(); } }, "Really resign?")
      : h("button", { type: "button", onclick: () => { confirmResign = true; render(); setTimeout(() => { confirmResign = false; render(); }, 4000); } }, "Resign"));
    // Seats away past their grace period leave only when another asks (docs/rules/platform.md).
    const gone = others.filter((p) => !p.connected && !p.grace_until);
    if (gone.length) {
      const names = gone.map((p) => t.layout.seats[p.seat]?.name ?? `Seat ${p.seat + 1}`).join(" and ");
      const label = gone.length === others.length ? "Claim victory" : `Remove ${names} (away)`;
      buttons.push(h("button", { type: "button", class: "primary", "data-testid": "claim", onclick: send("claim_victory") }, label));
    }
    return h("section", { class: "controls" }, buttons);
  }

  function endNotice() {
    if (!isOver(t.phase)) return null;
    const seed = t.seed;
    const check = h("span", { class: "seed-check" });
    if (seed && t.seed_commitment && crypto?.subtle) {
      const bytes = new Uint8Array(seed.match(/../g).map((x) => parseInt(x, 16)));
      crypto.subtle.digest("SHA-256", bytes).then((digest) => {
        const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
        check.textContent = hex === t.seed_commitment ? " ✓ matches the commitment shown at the start" : " ✗ does not match the commitment!";
      });
    }
    return h("section", { class: "panel end", "data-testid": "result" },
      h("h2", {}, resultText()),
      t.result?.outcome?.reason ? h("p", {}, t.result.outcome.reason) : null,
      standings(),
      seed ? h("p", { class: "seed" }, "Seed: ", h("code", {}, seed), check) : null,
      h("p", { class: "actions" },
        heldSeats().length
          ? h("button", { type: "button", class: "primary", onclick: () => { t.wantRematch = true; conn.send({ type: "rematch", table: t.table }); } }, t.rematch ? "Go to the rematch" : "Rematch")
          : null,
        h("a", { href: `/m/${t.table}`, "data-link": true, class: "button" }, "Replay"),
        h("a", { href: "/", "data-link": true, class: "button" }, "Home")),
      t.rematchOffer && t.rematchOffer.by.id !== conn.you?.id
        ? h("p", { class: "rematch-offer" }, `${t.rematchOffer.by.name} offers a rematch. `,
            h("a", { href: `/t/${t.rematchOffer.code}`, "data-link": true, class: "button primary" }, "Join the rematch"))
        : null,
    );
  }

  // Every seat's place (and score), best first, in games of more than two
  // seats or with scores: "1. Red (ann) · 2. Blue and Gold (bo) · 4. …".
  function standings() {
    const outcome = t.result?.outcome;
    if (!outcome || (seatCount() === 2 && !outcome.scores)) return null;
    const seats = outcome.places.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place || a.seat - b.seat);
    return h("ol", { class: "standings", "data-testid": "standings" },
      seats.map(({ place, seat }) => h("li", { "data-place": place, "data-seat": seat },
        h("span", { class: "place" }, `${place}.`),
        colourDot(seat),
        h("strong", {}, t.layout.seats[seat]?.name ?? `Seat ${seat + 1}`),
        t.seats[seat] ? ` (${t.seats[seat].name})` : "",
        heldSeats().includes(seat) ? h("span", { class: "muted" }, " you") : null,
        outcome.scores ? h("span", { class: "score" }, ` ${outcome.scores[seat]} points`) : null,
        teamNote(seat))));
  }

  function resultText() {
    const result = t.result;
    if (!result) return "The lobby was closed before the match started";
    if (result.termination === "failed") return "Match stopped by a server fault (no result)";
    if (!result || result.termination === "aborted") return "Match aborted";
    const outcome = result.outcome;
    const how = { rules: "", resignation: " by resignation", agreement: " by agreement", timeout: " on time", abandonment: " (opponent left)" }[result.termination] ?? "";
    if (outcome.places.every((p) => p === 1)) return `Draw${how}`;
    const winners = outcome.places.map((p, seat) => (p === 1 ? seat : null)).filter((s) => s !== null);
    const names = winners.map((seat) => `${t.layout.seats[seat].name}${t.seats[seat] ? ` (${t.seats[seat].name})` : ""}`);
    const held = heldSeats();
    const you = held.some((seat) => winners.includes(seat)) ? "You win! " : held.length ? (seatCount() > 2 ? "" : "You lose. ") : "";
    return `${you}${names.join(" and ")} ${winners.length > 1 ? "win" : "wins"}${how}`;
  }

  function moveList() {
    if (t.phase === PHASE.lobby) return null;
    const list = turns(t.events);
    const last = list[list.length - 1];
    return h("section", { class: "moves" },
      h("h2", {}, "Moves"),
      list.length === 0
        ? h("p", { class: "muted" }, "No moves yet.")
        : h("ol", { class: `move-list${seatCount() === 2 ? "" : " one-per-row"}`, "data-testid": "move-list" },
            rows(list, seatCount()).map((row) =>
              h("li", {},
                h("span", { class: "move-number" }, `${row.number}.`),
                row.cells.map((cell) => h("span", { class: `move${cell === last ? " last" : ""}`, "data-turn": cell.turn },
                  Number.isInteger(cell.seat) && seatCount() > 2 ? colourDot(cell.seat) : null, cell.text))))),
    );
  }

  function tick() {
    if (!t) return;
    for (const el of root.querySelectorAll("[data-clock]")) {
      const seat = Number(el.dataset.clock);
      const left = remaining(t.clocks, seat, Date.now(), conn.offset);
      el.textContent = formatClock(left);
      el.classList.toggle("running", t.clocks?.running?.includes(seat) ?? false);
      el.classList.toggle("low", left !== null && left < 20000);
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
    clearInterval(ticker);
    cleanups.forEach((off) => off());
    if (t) conn.unfollow(t.table);
  };
}
