import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection, PONG_WAIT_MS, PROTOCOL } from "../../assets/net/connection.js";

// A fake WebSocket and fake timers: the client is driven like a browser would drive it.
class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    FakeSocket.made.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  // The server side of the fake.
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function fakeTimers() {
  const pending = [];
  const intervals = new Map();
  let ids = 0;
  return {
    pending,
    setTimeout: (fn, ms) => {
      ids += 1;
      pending.push({ fn, ms, id: ids });
      return ids;
    },
    clearTimeout: (id) => {
      const at = pending.findIndex((t) => t.id === id);
      if (at >= 0) pending.splice(at, 1);
    },
    setInterval: (fn, ms) => {
      ids += 1;
      intervals.set(ids, { fn, ms });
      return ids;
    },
    clearInterval: (id) => intervals.delete(id),
    /** Runs the timeouts due now (all of them). */
    fire() {
      const due = pending.splice(0);
      due.forEach((t) => t.fn());
    },
    /** Runs every interval once, as if its period had passed. */
    tick() {
      [...intervals.values()].forEach((t) => t.fn());
    },
  };
}

const welcome = { type: "welcome", protocol: PROTOCOL, you: { id: "p1", name: "Ann", registered: false }, server_time: 5000 };

test("hello, follow, catch up after a drop, and resend an unacknowledged action once", () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const conn = new Connection({ url: "ws://x/ws", token: "t0k", WebSocketImpl: FakeSocket, timers, random: () => 0.5, now: () => 4000 });
  const statuses = [];
  conn.on("status", (s) => statuses.push(s));
  conn.start();
  const first = FakeSocket.made[0];
  first.accept();
  assert.deepEqual(first.sent[0], { type: "hello", protocol: PROTOCOL, token: "t0k" });
  first.push(welcome);
  assert.equal(conn.status, "open");
  assert.equal(conn.offset, 1000);

  conn.follow({ code: "abc" });
  assert.deepEqual(first.sent.at(-1), { type: "join", code: "abc" });
  first.push({ type: "snapshot", table: "T", code: "abc", seq: 7 });
  assert.equal(conn.lastSeq("T"), 7);
  first.push({ type: "event", event: { seq: 8 }, state: { table: "T", seq: 8 } });

  const id = conn.act("T", { from: 32, to: 28 });
  const act = first.sent.at(-1);
  assert.deepEqual(act, { type: "act", table: "T", id, action: { from: 32, to: 28 }, seq: 8 });

  // The connection drops before the acknowledgement arrives.
  first.close();
  assert.equal(conn.status, "reconnecting");
  assert.equal(timers.pending.length, 1);
  timers.fire();
  const second = FakeSocket.made[1];
  second.accept();
  second.push(welcome);
  assert.deepEqual(second.sent[1], { type: "join", code: "abc", last_seq: 8 }, "joins again by its invite code with the last event seen");
  assert.deepEqual(second.sent[2], act, "resends the action under the same id");
  second.push({ type: "acted", table: "T", id, seq: 9 });
  assert.equal(conn.pending.size, 0);
  assert.deepEqual(statuses, ["open", "reconnecting", "open"]);
});

test("messages sent while disconnected wait; refused actions are dropped; backoff grows", () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const conn = new Connection({ url: "ws://x/ws", WebSocketImpl: FakeSocket, timers, random: () => 0.5, now: () => 0 });
  conn.start();
  conn.send({ type: "watch_lobbies" });
  const socket = FakeSocket.made[0];
  socket.accept();
  assert.deepEqual(socket.sent, [{ type: "hello", protocol: PROTOCOL }]);
  socket.push(welcome);
  assert.deepEqual(socket.sent.at(-1), { type: "watch_lobbies" });
  const id = conn.act("T", "stop");
  socket.push({ type: "error", code: "illegal_action", message: "no", id });
  assert.equal(conn.pending.size, 0);
  socket.close();
  timers.fire();
  FakeSocket.made[1].close();
  timers.fire();
  FakeSocket.made[2].close();
  assert.deepEqual(timers.pending.map((t) => t.ms), [1000]);
});

test("a visitor is welcomed as nobody, and reconnects at once as a player, following the same tables", async () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const conn = new Connection({ url: "ws://x/ws", WebSocketImpl: FakeSocket, timers, random: () => 0.5, now: () => 4000 });
  conn.start();
  const first = FakeSocket.made[0];
  first.accept();
  assert.deepEqual(first.sent[0], { type: "hello", protocol: PROTOCOL });
  first.push({ type: "welcome", protocol: PROTOCOL, server_time: 5000 });
  assert.equal(conn.you, null);
  conn.watchLobbies();
  assert.deepEqual(first.sent.at(-1), { type: "watch_lobbies" });
  conn.follow({ code: "c0de" });
  first.push({ type: "snapshot", table: "tb1", code: "c0de", seq: 4 });

  const welcomed = conn.reconnect();
  assert.equal(first.readyState, 3, "the visitor's connection is closed");
  assert.equal(timers.pending.length, 0, "no back-off: the new connection opens at once");
  const second = FakeSocket.made[1];
  second.accept();
  second.push(welcome);
  await welcomed;
  assert.equal(conn.you.id, "p1");
  assert.deepEqual(second.sent.slice(0, 3), [
    { type: "hello", protocol: PROTOCOL },
    { type: "watch_lobbies" },
    { type: "join", code: "c0de", last_seq: 4 },
  ]);
});

test("a state whose legal actions follow in parts is handled once they are all in", () => {
  FakeSocket.made = [];
  const conn = new Connection({ url: "ws://x/ws", WebSocketImpl: FakeSocket, timers: fakeTimers(), now: () => 0 });
  const events = [];
  conn.on("event", (m) => events.push(m));
  conn.start();
  const socket = FakeSocket.made[0];
  socket.accept();
  socket.push(welcome);
  const part = (seq, n) => ({ type: "legal", table: "T", seq, legal: [{ seat: 0, actions: [{ action: n, text: `${n}` }], clicks: [[n, 0]] }] });
  socket.push({ type: "event", event: { seq: 4 }, state: { table: "T", seq: 4, legal: [], legal_follows: 2 } });
  socket.push({ type: "presence", table: "U", seats: [] });
  socket.push(part(4, 1));
  assert.equal(events.length, 0, "held until every part is in");
  socket.push(part(3, 9));
  socket.push(part(4, 2));
  assert.equal(events.length, 1);
  assert.deepEqual(events[0].state.legal.map((s) => s.actions[0].action), [1, 2], "the parts in order; a stale one is dropped");
  assert.equal(events[0].state.legal_follows, undefined);
  assert.equal(conn.lastSeq("T"), 4);
  // A state that fits its frame is handled at once.
  socket.push({ type: "event", event: { seq: 5 }, state: { table: "T", seq: 5, legal: [] } });
  assert.equal(events.length, 2);
});

test("a ping left unanswered loses the connection, which opens again; an answered one keeps it", () => {
  FakeSocket.made = [];
  const timers = fakeTimers();
  const conn = new Connection({ url: "ws://x/ws", WebSocketImpl: FakeSocket, timers, random: () => 0.5, now: () => 100 });
  const statuses = [];
  conn.on("status", (s) => statuses.push(s));
  conn.start();
  const first = FakeSocket.made[0];
  first.accept();
  first.push({ ...welcome, public_url: "https://play.example.org" });
  assert.equal(conn.publicUrl, "https://play.example.org");

  timers.tick();
  assert.deepEqual(first.sent.at(-1), { type: "ping", t: 100 });
  assert.deepEqual(timers.pending.map((t) => t.ms), [PONG_WAIT_MS], "the ping waits for its pong");
  first.push({ type: "pong", t: 100, server_time: 100 });
  assert.equal(timers.pending.length, 0, "answered in time");
  assert.equal(conn.status, "open");

  // The server goes silent: the next ping is never answered.
  timers.tick();
  timers.fire();
  assert.equal(conn.status, "reconnecting", "a silent connection is not shown as online");
  assert.equal(first.readyState, 3, "the silent socket is closed");
  assert.deepEqual(timers.pending.map((t) => t.ms), [250], "and a new one is tried after the usual backoff");
  timers.fire();
  const second = FakeSocket.made[1];
  second.accept();
  second.push(welcome);
  assert.equal(conn.status, "open");
  assert.equal(conn.publicUrl, null);
  assert.deepEqual(statuses, ["open", "reconnecting", "open"]);
});
