#!/usr/bin/env bash
# npm run bench:uncached -- [--against DIR] — what is not in the cache, measured with wrk on the
# production server: unknown addresses (every path different, French and English, 10 connections),
# distinct searches (French and English, 20 connections) and the size of three pages; nginx serving the 404's bytes in
# the same run as the reference. With --against DIR (another checkout with node_modules and a build,
# e.g. the previous main: `git worktree add ../prev <commit> && cd ../prev && npm ci && npm run build`),
# the same measures on its server in the same run, and the ratio. Each server gets its own copy of
# the data (DATA_DIR, PGlite). Needs Debian's `wrk` and `nginx` and a build (npm run build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "wrk et nginx sont nécessaires : apt-get install wrk nginx-light" >&2; exit 1; }
against=""
if [ "${1:-}" = "--against" ]; then against=$(cd "$2" && pwd); fi
duration=${BENCH_SECONDS:-10}
data=${DATA_DIR:-.data}
[ -d "$data" ] || { echo "Pas de données dans $data : lancez d'abord npm run db:seed (ou DATA_DIR=…)." >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A server of checkout $1 on port $2, on a copy of the data.
start() {
  local dir=$1 port=$2
  cp -a "$data" "$work/data-$port"
  rm -f "$work/data-$port"/pglite.lock
  # exec: the PID kept is the server's own, so the clean-up stops it (not only a subshell).
  (cd "$dir" && DATA_DIR="$work/data-$port" PORT=$port HOSTNAME=127.0.0.1 SITE_URL="http://127.0.0.1:$port" NODE_ENV=production \
    exec node_modules/.bin/node --import tsx scripts/production-server.ts >"$work/server-$port.log" 2>&1) &
  pids+=($!)
  for _ in $(seq 1 90); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && return 0; sleep 1; done
  echo "Le serveur de $dir ne répond pas :" >&2; cat "$work/server-$port.log" >&2; exit 1
}

# wrk with a request script and the report line: prints « req/s p50 p95 p99 non-2xx/3xx errors ».
load() {
  local url=$1 connections=$2 script=$3
  cat "$script" scripts/bench/report.lua >"$work/load.lua"
  wrk -t2 -c"$connections" -d"${duration}s" -s "$work/load.lua" "$url" | awk '/^RESULT/ {print $2, $3, $4, $5, $6, $7}'
}

measure() {
  local label=$1 port=$2 base="http://127.0.0.1:$2"
  # Warm: the pages, one 404 per language, a few searches.
  # Two distinct searches per language: the server that keeps a copy of the search page takes it from them.
  for p in / /indice/ipc/series/IPC /calendrier /introuvable/a /en/introuvable/a "/recherche?q=prix" \
    "/recherche?q=prix+chauffe+1" "/recherche?q=prix+chauffe+22" "/en/recherche?q=prix+chauffe+1" "/en/recherche?q=prix+chauffe+22"; do
    curl -s -o /dev/null "$base$p"
  done
  read -r rps p50 p95 p99 non2xx errors < <(load "$base" 10 scripts/bench/random-paths.lua)
  printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms   (%s réponses non 2xx/3xx, %s erreurs)\n' "$label" "adresses inconnues, 10 connexions" "$rps" "$p50" "$p95" "$p99" "$non2xx" "$errors"
  echo "$label 404 $rps $p99" >>"$work/results"
  for lang in fr en; do
    script=scripts/bench/random-search.lua
    [ "$lang" = en ] && script=scripts/bench/random-search-en.lua
    read -r rps p50 p95 p99 non2xx errors < <(load "$base" 20 "$script")
    printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms   (%s réponses non 2xx/3xx, %s erreurs)\n' "$label" "recherches distinctes ($lang), 20 connexions" "$rps" "$p50" "$p95" "$p99" "$non2xx" "$errors"
    echo "$label search-$lang $rps $p95" >>"$work/results"
  done
  for p in / /indice/ipc/series/IPC /calendrier; do
    printf '%-10s %-40s %8s octets\n' "$label" "HTML de $p" "$(curl -s "$base$p" | wc -c)"
  done
}

start "$PWD" 3391
[ -n "$against" ] && start "$against" 3393

# The reference: nginx serving this server's 404 bytes with the same status.
mkdir -p "$work/www"
curl -s -o "$work/www/404.html" "http://127.0.0.1:3391/introuvable/reference"
cat >"$work/nginx.conf" <<CONF
worker_processes 1; pid $work/nginx.pid; error_log $work/nginx-error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; gzip off;
  server { listen 127.0.0.1:3392; root $work/www; error_page 404 /404.html; location / { try_files \$uri =404; } location = /404.html { internal; } } }
CONF
nginx -c "$work/nginx.conf"
echo "Mesures de $duration s par ligne ($(nproc) cœurs)."
read -r rps p50 p95 p99 non2xx errors < <(load "http://127.0.0.1:3392" 10 scripts/bench/random-paths.lua)
printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms\n' "nginx" "les mêmes octets de 404, 10 connexions" "$rps" "$p50" "$p95" "$p99"
measure "ici" 3391
[ -n "$against" ] && measure "référence" 3393
if [ -n "$against" ]; then
  awk '$1=="ici"{h[$2]=$3} $1=="référence"{r[$2]=$3} END {
    printf "Rapport ici / référence : adresses inconnues %.1f×, recherches distinctes %.1f× (fr), %.1f× (en) (req/s)\n", h["404"]/r["404"], h["search-fr"]/r["search-fr"], h["search-en"]/r["search-en"] }' "$work/results"
fi
