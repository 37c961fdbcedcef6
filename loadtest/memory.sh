#!/bin/bash
# The memory benchmark of docs/performance.md: 1,000 live matches of 500
# actions each, loaded into a fresh server and idle; prints its resident
# memory. Needs a release build and python3 (to read the invite codes):
#   cargo build --release -p tactica-server -p tactica-loadtest
set -euo pipefail
cd "$(dirname "$0")/.."
port=18090
db=/tmp/tactica-memory.db
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null' EXIT
rm -f $db*
serve() {
    target/release/tactica serve --addr 127.0.0.1:$port --database-url "sqlite://$db?mode=rwc" --test-games \
        --guests-per-minute 100000 --lobbies-per-minute 100000 --max-connections-per-address 20000 \
        >/tmp/tactica-memory-server.log 2>&1 &
    server=$!
    until curl -sf http://127.0.0.1:$port/healthz >/dev/null; do
        kill -0 "$server" || { echo "the server did not start:" >&2; cat /tmp/tactica-memory-server.log >&2; exit 1; }
        sleep 0.1
    done
}
serve
target/release/tactica-loadtest --url http://127.0.0.1:$port matches --game drill \
    --options '{"laps": 1000, "window_ms": 600000}' --matches 1000 --rate 2000 --seconds 250
kill $server
wait $server 2>/dev/null || true
python3 -c "
import sqlite3
for (code,) in sqlite3.connect('$db').execute(\"SELECT code FROM tables WHERE phase = 'live'\"):
    print(code)" >/tmp/tactica-memory-codes.txt
serve
grep VmRSS /proc/$server/status
target/release/tactica-loadtest --url http://127.0.0.1:$port follow --codes /tmp/tactica-memory-codes.txt \
    --server-pid $server
sleep 10
echo "10 s later: $(grep VmRSS /proc/$server/status)"
kill $server
wait $server 2>/dev/null || true
