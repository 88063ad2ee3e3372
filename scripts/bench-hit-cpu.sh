#!/usr/bin/env bash
# CPU per cache hit, split between the server and the database it writes its access log to.
# Starts one server process of the tree <dir> (entry <entry>, e.g. server.ts, or build/server.js
# for an older build), warms the page cache, loads <path> (default /robots.txt) with 32 connections
# for 10 s, and prints the CPU each side spent per request (from /proc, in microseconds).
#
#   node scripts/with-database.mjs bash scripts/bench-hit-cpu.sh <dir> <entry> [path]
#
# Run it for two trees one after the other, alternated, on a quiet machine: it compares trees, not runs.
set -euo pipefail
dir=$1
entry=$2
target=${3:-/robots.txt}
port=${BENCH_PORT:-4814}
root="$(cd "$(dirname "$0")/.." && pwd)"
autocannon="$root/node_modules/autocannon"

cd "$dir"
NODE_ENV=production HOST=127.0.0.1 PORT=$port SITE_URL=http://127.0.0.1:$port LOG_LEVEL=warn WEB_CONCURRENCY=1 \
  node "$entry" > /dev/null 2>&1 &
server=$!
trap 'kill $server 2> /dev/null && wait $server 2> /dev/null || true' EXIT
for _ in $(seq 120); do curl -s -o /dev/null "127.0.0.1:$port/healthz" && break; sleep 0.5; done

db_port=$(echo "$MONGODB_URI" | sed -E 's#.*:([0-9]+)/.*#\1#')
database=$(ss -ltnp "sport = :$db_port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
load() { node -e "require('$autocannon')({ url: 'http://127.0.0.1:$port$target', connections: 32, duration: $1 }, (e, r) => console.log(r.requests.total))"; }

load 3 > /dev/null
sleep 3
server_before=$(ticks $server)
database_before=$(ticks "$database")
requests=$(load 10)
sleep 4 # the access log's last flush
server_ticks=$(($(ticks $server) - server_before))
database_ticks=$(($(ticks "$database") - database_before))
tick_us=$((1000000 / $(getconf CLK_TCK)))
echo "$dir $target: $requests requests; server $((server_ticks * tick_us / requests)) µs, database $((database_ticks * tick_us / requests)) µs of CPU per request"
