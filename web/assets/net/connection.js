// The WebSocket protocol client (docs/protocol.md).
//
// It says hello, follows tables, and when the connection drops it
// reconnects by itself with backoff, joins each followed table again with
// the last event number it saw (so the server sends only what was missed),
// and resends actions that were never acknowledged under the same id (the
// server applies an id once). Pages subscribe to message types with `on`.
// A connection that stops answering its pings (a frozen server, a network
// gone without a word) is taken as lost and opened again, so that the
// page never shows "online" over a dead socket.

export const PROTOCOL = 7;
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
const PING_MS = 15000;
/** How long a ping may wait for its pong before the connection counts as lost. */
export const PONG_WAIT_MS = 10000;

export class Connection {
  constructor({ url, token = null, WebSocketImpl = globalThis.WebSocket, timers = globalThis, random = Math.random, now = () => Date.now() }) {
    this.url = url;
    this.token = token;
    this.WebSocketImpl = WebSocketImpl;
    this.timers = timers;
    this.random = random;
    this.now = now;
    this.status = "connecting";
    this.you = null;
    /** The address players reach the server at, if the operator set one (invite links). */
    this.publicUrl = null;
    this.offset = 0;
    this.handlers = new Map();
    this.followed = new Map(); // table id (or "code:<code>") -> {table, code}
    this.seqs = new Map(); // table id -> last event number seen
    this.pending = new Map(); // action id -> act message
    this.held = new Map(); // table id -> {message, state, left}: a state waiting for its legal actions
    this.queue = [];
    this.attempt = 0;
    this.counter = 0;
    this.prefix = Math.floor(random() * 36 ** 6).toString(36);
    this.socket = null;
    this.stopped = false;
    this.watchingLobbies = false;
    /** Resolves at the first `welcome`, when `you` is known (null for a visitor). */
    this.ready = new Promise((resolve) => {
      const off = this.on("welcome", () => {
        off();
        resolve();
      });
    });
  }

  /** Subscribes to a message type ("*" for all, "status" for connection changes); returns an unsubscribe function. */
  on(type, handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(handler);
    return () => this.handlers.get(type)?.delete(handler);
  }

  emit(type, value) {
    for (const handler of this.handlers.get(type) ?? []) handler(value);
    if (type !== "status") for (const handler of this.handlers.get("*") ?? []) handler(value);
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.emit("status", status);
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    this.timers.clearTimeout(this.retryTimer);
    this.stopPinging();
    if (this.socket) this.socket.close();
    this.setStatus("closed");
  }

  open() {
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const socket = new this.WebSocketImpl(this.url);
    this.socket = socket;
    socket.onopen = () => this.raw({ type: "hello", protocol: PROTOCOL, ...(this.token ? { token: this.token } : {}) });
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = () => this.lost(socket);
  }

  /** `socket` is gone (closed, or silent past a ping): try again after a backoff. */
  lost(socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    this.welcomed = false;
    this.stopPinging();
    if (this.stopped) return;
    this.setStatus("reconnecting");
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = this.timers.setTimeout(() => this.open(), base * (0.8 + 0.4 * this.random()));
  }

  /** Pings now and then; a ping unanswered for PONG_WAIT_MS loses the connection. */
  startPinging() {
    this.stopPinging();
    const socket = this.socket;
    this.pingTimer = this.timers.setInterval(() => {
      this.raw({ type: "ping", t: this.now() });
      if (this.pongTimer === undefined) {
        this.pongTimer = this.timers.setTimeout(() => {
          this.pongTimer = undefined;
          this.lost(socket);
          // Closing may take as long as the network is gone: the socket is
          // already forgotten, so whenever it closes changes nothing.
          socket?.close();
        }, PONG_WAIT_MS);
      }
    }, PING_MS);
  }

  stopPinging() {
    this.timers.clearInterval(this.pingTimer);
    this.timers.clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  /** Connects again at once (the session changed), following the same tables; resolves once welcomed. */
  reconnect() {
    return new Promise((resolve) => {
      const off = this.on("welcome", () => {
        off();
        resolve();
      });
      const old = this.socket;
      this.socket = null;
      this.welcomed = false;
      this.attempt = 0;
      this.timers.clearTimeout(this.retryTimer);
      this.stopPinging();
      if (old) old.close();
      this.open();
    });
  }

  raw(message) {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  /** Sends now if connected, otherwise once connected again. */
  send(message) {
    if (this.welcomed) this.raw(message);
    else this.queue.push(message);
  }

  receive(message) {
    if (!this.assembled(message)) return;
    switch (message.type) {
      case "welcome":
        this.you = message.you ?? null; // null for a visitor, who may watch but not play
        this.publicUrl = message.public_url ?? null;
        this.offset = message.server_time - this.now();
        this.welcomed = true;
        this.attempt = 0;
        this.setStatus("open");
        this.rejoin();
        this.startPinging();
        break;
      case "pong":
        this.timers.clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        if (typeof message.t === "number") {
          const now = this.now();
          this.offset = message.server_time - (message.t + now) / 2;
        }
        break;
      case "snapshot":
        this.seen(message.table, message.seq);
        this.learnTable(message.table, message.code);
        break;
      case "event":
      case "catch_up":
        this.seen(message.state.table, message.state.seq);
        break;
      case "acted":
        this.pending.delete(message.id);
        break;
      case "error":
        if (message.id) this.pending.delete(message.id);
        break;
    }
    this.emit(message.type, message);
  }

  /**
   * Joins legal actions that came in frames of their own to their state
   * (docs/protocol.md, "Legal actions in parts"): a state whose
   * `legal_follows` is set waits for that many `legal` frames, and is then
   * handled whole. Returns whether `message` is ready to be handled.
   */
  assembled(message) {
    if (message.type === "legal") {
      const held = this.held.get(message.table);
      if (!held || held.state.seq !== message.seq) return false;
      held.state.legal.push(...message.legal);
      held.left -= 1;
      if (held.left > 0) return false;
      this.held.delete(message.table);
      delete held.state.legal_follows;
      this.receive(held.message);
      return false;
    }
    const state = message.type === "snapshot" ? message : message.type === "event" || message.type === "catch_up" ? message.state : null;
    if (state?.legal_follows > 0) {
      this.held.set(state.table, { message, state, left: state.legal_follows });
      return false;
    }
    if (state) this.held.delete(state.table);
    return true;
  }

  seen(table, seq) {
    if (table && typeof seq === "number") this.seqs.set(table, seq);
  }

  learnTable(table, code) {
    const byCode = this.followed.get(`code:${code}`);
    if (byCode) {
      this.followed.delete(`code:${code}`);
      this.followed.set(table, { table, code });
    }
  }

  /** Follows the list of public lobbies, now and after every reconnect. */
  watchLobbies() {
    this.watchingLobbies = true;
    if (this.welcomed) this.raw({ type: "watch_lobbies" });
  }

  unwatchLobbies() {
    this.watchingLobbies = false;
    if (this.welcomed) this.raw({ type: "unwatch_lobbies" });
  }

  rejoin() {
    if (this.watchingLobbies) this.raw({ type: "watch_lobbies" });
    for (const { table, code } of this.followed.values()) {
      const lastSeq = table ? this.seqs.get(table) : undefined;
      // The invite code, where known, lets a spectator of a private table back in.
      this.raw({ type: "join", ...(code ? { code } : { table }), ...(lastSeq !== undefined ? { last_seq: lastSeq } : {}) });
    }
    for (const message of this.pending.values()) this.raw(message);
    const queued = this.queue;
    this.queue = [];
    for (const message of queued) this.raw(message);
  }

  /** Follows a table by id or invite code, now and after every reconnect. */
  follow({ table = null, code = null }) {
    const key = table ?? `code:${code}`;
    this.followed.set(key, { table, code });
    if (this.welcomed) {
      const lastSeq = table ? this.seqs.get(table) : undefined;
      this.raw({ type: "join", ...(code ? { code } : { table }), ...(lastSeq !== undefined ? { last_seq: lastSeq } : {}) });
    }
  }

  unfollow(table) {
    this.followed.delete(table);
    this.held.delete(table);
    this.send({ type: "leave", table });
  }

  /** The last event number seen for a table. */
  lastSeq(table) {
    return this.seqs.get(table);
  }

  /**
   * Plays an action for a seat (each legal action names its seat); returns
   * its id. Resent after reconnects until acknowledged or refused.
   */
  act(table, action, seat) {
    this.counter += 1;
    const id = `${this.prefix}-${this.counter}`;
    const seq = this.seqs.get(table);
    const message = { type: "act", table, id, action, ...(Number.isInteger(seat) ? { seat } : {}), ...(seq !== undefined ? { seq } : {}) };
    this.pending.set(id, message);
    if (this.welcomed) this.raw(message);
    return id;
  }
}
