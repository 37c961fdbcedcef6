#!/bin/bash
# The benchmark of several nodes in docs/performance.md, in one run on this
# machine: the same load against one node, then against two nodes sharing
# PostgreSQL through a NATS server of its own, each match's two players
# connected to different nodes, with the broker's messages per action;
# then, if Debian's `caddy` is installed, against three nodes behind Caddy
# run as docker-compose.yml's `balancer` runs it, every connection through it.
#
#   loadtest/cluster-bench.sh [RATE] [SECONDS] [MATCHES] [GAME]
#
# defaults: 1000 actions/s for 30 s over 500 dame100 matches. Needs
# PostgreSQL on 127.0.0.1:5432 with trust authentication, nats-server
# (Debian's package) and a release build:
#   cargo build --release -p tactica-server -p tactica-loadtest
set -euo pipefail
rate=${1:-1000}
seconds=${2:-30}
matches=${3:-500}
game=${4:-dame100}
cd "$(dirname "$0")/.."
broker_port=14223
monitor_port=18223
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT

nats-server -a 127.0.0.1 -p $broker_port -m $monitor_port >/tmp/tactica-bench-nats.log 2>&1 &
pids+=($!)
until curl -sf http://127.0.0.1:$monitor_port/varz >/dev/null; do sleep 0.1; done

# A node on port $1 of database $url, with any further flags.
start_node() {
    local port=$1
    shift
    target/release/tactica --addr 127.0.0.1:"$port" --database-url "$url" \
        --rate-burst 1000 --rate-per-second 1000 --guests-per-minute 100000 \
        --lobbies-per-minute 100000 --max-connections-per-address 20000 \
        --max-connections 40000 "$@" >/tmp/tactica-bench-node-"$port".log 2>&1 &
    pids+=($!)
    until curl -sf http://127.0.0.1:"$port"/healthz >/dev/null; do sleep 0.1; done
}

fresh_database() {
    dropdb -h 127.0.0.1 -U postgres --if-exists tactica_bench_nodes 2>/dev/null
    createdb -h 127.0.0.1 -U postgres tactica_bench_nodes
    url=postgres://postgres@127.0.0.1:5432/tactica_bench_nodes
}

# Messages the broker took in and handed out so far.
broker_messages() {
    curl -s http://127.0.0.1:$monitor_port/varz |
        python3 -c 'import json, sys; v = json.load(sys.stdin); print(v["in_msgs"], v["out_msgs"])'
}

stop_nodes() {
    for pid in "${pids[@]:1}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    pids=("${pids[0]}")
}

echo "== one node: $matches $game matches, $rate actions/s, $seconds s"
fresh_database
start_node 18081
target/release/tactica-loadtest --url http://127.0.0.1:18081 \
    matches --game "$game" --matches "$matches" --rate "$rate" --seconds "$seconds"
stop_nodes

echo "== two nodes, each match's players on both: $matches $game matches, $rate actions/s, $seconds s"
fresh_database
start_node 18081 --broker-url nats://127.0.0.1:$broker_port
start_node 18082 --broker-url nats://127.0.0.1:$broker_port
read -r in0 out0 < <(broker_messages)
target/release/tactica-loadtest --url http://127.0.0.1:18081,http://127.0.0.1:18082 \
    matches --game "$game" --matches "$matches" --rate "$rate" --seconds "$seconds" | tee /tmp/tactica-bench-nodes.txt
read -r in1 out1 < <(broker_messages)
acked=$(awk '/^actions acknowledged:/ {print $3}' /tmp/tactica-bench-nodes.txt)
echo "broker: $((in1 - in0)) messages in, $((out1 - out0)) out, set-up and heartbeats included;" \
    "per acknowledged action: $(python3 -c "print(f'{($in1 - $in0) / $acked:.2f} in, {($out1 - $out0) / $acked:.2f} out')")"
stop_nodes

command -v caddy >/dev/null 2>&1 || { echo "(no caddy: the run behind a balancer is skipped)"; exit 0; }
echo "== three nodes behind Caddy, as docker-compose.yml's balancer: $matches $game matches, $rate actions/s, $seconds s"
fresh_database
for port in 18081 18082 18083; do start_node $port --broker-url nats://127.0.0.1:$broker_port; done
# The compose file's command, on this machine's ports.
caddy reverse-proxy --from :18090 --to 127.0.0.1:18081 --to 127.0.0.1:18082 --to 127.0.0.1:18083 \
    >/tmp/tactica-bench-caddy.log 2>&1 &
pids+=($!)
until curl -sf http://127.0.0.1:18090/healthz >/dev/null; do sleep 0.1; done
target/release/tactica-loadtest --url http://127.0.0.1:18090 \
    matches --game "$game" --matches "$matches" --rate "$rate" --seconds "$seconds"
stop_nodes
