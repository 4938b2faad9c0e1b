#!/usr/bin/env bash
# npm run bench:wrk -- [path…] — pages over ~50 KB, where autocannon (about 100 MB/s here) would
# measure itself: each path is loaded with wrk (2 threads, 50 connections, 10 s) from the production
# server, then the same bytes from nginx in the same run, as the reference. Needs Debian's `wrk` and
# `nginx` (apt-get install wrk nginx-light) and a build (npm run build); uses DATA_DIR / DATABASE_URL.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "wrk et nginx sont nécessaires : apt-get install wrk nginx-light" >&2; exit 1; }
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(/indice/ipc/series/IPC /)
port=${BENCH_PORT:-3391}
ngx_port=$((port + 1))
work=$(mktemp -d)
cleanup() { [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; [ -n "${server:-}" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
PORT=$port HOSTNAME=127.0.0.1 NODE_ENV=production node .next/production-server.mjs >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 1; done
mkdir -p "$work/www"
cat >"$work/nginx.conf" <<CONF
worker_processes 1; pid $work/nginx.pid; error_log $work/nginx-error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; gzip off;
  server { listen 127.0.0.1:$ngx_port; root $work/www; location / { try_files \$uri /index.html; } } }
CONF
printf '%-34s %10s %12s %12s %14s\n' "page" "octets" "req/s" "p99" "référence nginx"
for p in "${paths[@]}"; do
  for _ in 1 2 3; do curl -s -o "$work/www/index.html" "http://127.0.0.1:$port$p"; done
  size=$(stat -c %s "$work/www/index.html")
  [ -f "$work/nginx.pid" ] && nginx -c "$work/nginx.conf" -s reload 2>/dev/null || nginx -c "$work/nginx.conf"
  app=$(wrk -t2 -c50 -d10s --latency "http://127.0.0.1:$port$p")
  ref=$(wrk -t2 -c50 -d10s --latency "http://127.0.0.1:$ngx_port/")
  rps() { echo "$1" | awk '/Requests\/sec/ {print int($2)}'; }
  p99() { echo "$1" | awk '$1=="99%" {print $2}'; }
  printf '%-34s %10s %12s %12s %8s req/s, p99 %s\n' "$p" "$size" "$(rps "$app")" "$(p99 "$app")" "$(rps "$ref")" "$(p99 "$ref")"
done
