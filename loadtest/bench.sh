#!/bin/bash
# The server benchmarks of docs/performance.md in one run, on this machine:
# the disk's fdatasync time (pg_test_fsync), then the load test on PostgreSQL
# and on the embedded SQLite default, each against a fresh database, with
# the CPU seconds the server, PostgreSQL and the generator spent.
#
#   loadtest/bench.sh [RATE] [SECONDS] [MATCHES] [GAME] [STORES]
#
# defaults: 1000 actions/s for 60 s over 1000 dame100 matches, on "pg sqlite".
# The latency target is stated against the machine: p50 within 5x and p99
# within 25x of the fdatasync time measured here. Needs PostgreSQL on
# 127.0.0.1:5432 with trust authentication and a release build:
#   cargo build --release -p tactica-server -p tactica-loadtest
# TACTICA_SERVER_BIN names another server binary to run instead.
set -euo pipefail
rate=${1:-1000}
seconds=${2:-60}
matches=${3:-1000}
game=${4:-dame100}
stores=${5:-pg sqlite}
cd "$(dirname "$0")/.."
port=18081
# The server binary; another build can be measured beside it (an A/B run).
server_bin=${TACTICA_SERVER_BIN:-target/release/tactica}
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null' EXIT
for store in $stores; do
    case $store in
    pg | sqlite) ;;
    *) echo "unknown store $store: pg or sqlite" >&2; exit 2 ;;
    esac
done
# pg_test_fsync comes with PostgreSQL's server binaries, the newest installed.
pg_bin=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
[ -x "$pg_bin/pg_test_fsync" ] || { echo "pg_test_fsync not found (apt-get install postgresql)" >&2; exit 2; }

# Summed user+system clock ticks of the processes named $1.
ticks() {
    local total=0 pid t
    for pid in $(pgrep -x "$1" || true); do
        t=$(awk '{print $14+$15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        total=$((total + t))
    done
    echo "$total"
}

# Clock ticks $1 as seconds, to a tenth.
hz=$(getconf CLK_TCK)
seconds_of() { awk -v t="$1" -v hz="$hz" 'BEGIN {printf "%.1f", t / hz}'; }

fsync_report=$("$pg_bin/pg_test_fsync" -s 2 -f /tmp/tactica-bench-fsync.tmp)
fsync_us=$(echo "$fsync_report" |
    awk '/one 8kB write/ {one=1} one && $1 == "fdatasync" {print $(NF-1); exit}')
rm -f /tmp/tactica-bench-fsync.tmp
echo "fdatasync (pg_test_fsync, one 8 kB write): ${fsync_us} us"
echo "targets: p50 <= $((fsync_us * 5)) us, p99 <= $((fsync_us * 25)) us"

for store in $stores; do
    case $store in
    pg)
        dropdb -h 127.0.0.1 -U postgres --if-exists tactica_bench 2>/dev/null
        createdb -h 127.0.0.1 -U postgres tactica_bench
        url=postgres://postgres@127.0.0.1:5432/tactica_bench
        ;;
    sqlite)
        rm -f /tmp/tactica-bench.db*
        url=sqlite:///tmp/tactica-bench.db
        ;;
    esac
    "$server_bin" --addr 127.0.0.1:$port --database-url "$url" --test-games \
        --rate-burst 1000 --rate-per-second 1000 --guests-per-minute 100000 \
        --lobbies-per-minute 100000 --max-connections-per-address 20000 \
        --max-connections 40000 >/tmp/tactica-bench-server.log 2>&1 &
    server=$!
    until curl -sf http://127.0.0.1:$port/healthz >/dev/null; do
        kill -0 "$server" || { echo "the server did not start:" >&2; cat /tmp/tactica-bench-server.log >&2; exit 1; }
        sleep 0.1
    done
    pg0=$(ticks postgres)
    s0=$(awk '{print $14+$15}' /proc/$server/stat)
    echo "== $store: $matches $game matches, $rate actions/s, $seconds s"
    /usr/bin/time -f "generator CPU: %U s user, %S s system" \
        target/release/tactica-loadtest --url http://127.0.0.1:$port \
        matches --game "$game" --matches "$matches" --rate "$rate" --seconds "$seconds"
    curl -s http://127.0.0.1:$port/metrics | grep -E "^tactica_(journal_commit_seconds|action_latency_seconds|journal_commits_total|journal_events_total)" > /tmp/tactica-bench-metrics-$store.txt || true
    s1=$(awk '{print $14+$15}' /proc/$server/stat)
    pg1=$(ticks postgres)
    if [ "$store" = pg ]; then
        echo "server CPU: $(seconds_of $((s1 - s0))) s; PostgreSQL CPU: $(seconds_of $((pg1 - pg0))) s (set-up included)"
    else
        echo "server CPU: $(seconds_of $((s1 - s0))) s (set-up included)"
    fi
    echo "server metrics: /tmp/tactica-bench-metrics-$store.txt"
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=
done
