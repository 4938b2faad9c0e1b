#!/usr/bin/env bash
# npm run bench:uncached -- [--against DIR] — what is not in the cache, measured with wrk on the
# production server: unknown addresses (every path different, French and English, 10 connections),
# distinct searches (French and English, 20 connections), readers of `/` (50 connections) alone then
# while an editor saves once per second (scripts/bench/saves.ts: a news item of the home page withdrawn
# and put back through /api/admin/news/bulk, each save checked on the home page that follows), and the
# size of three pages; nginx serving the same bytes (the 404, the home page) in the same run as the
# reference. With --against DIR (another checkout with node_modules and a build,
# e.g. the previous main: `git worktree add ../prev <commit> && cd ../prev && npm ci && npm run build`),
# the same measures on its server in the same run, and the ratio. Each server gets its own copy of
# the data (DATA_DIR, PGlite). Needs Debian's `wrk` and `nginx` and a build (npm run build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "wrk et nginx sont nécessaires : apt-get install wrk nginx-light" >&2; exit 1; }
against=""
if [ "${1:-}" = "--against" ]; then against=$(cd "$2" && pwd); fi
duration=${BENCH_SECONDS:-10}
# This server's port; nginx gets the next one, the --against server the one after (BENCH_PORT: when
# others run the bench on the same machine).
port=${BENCH_PORT:-3391}
ngx=$((port + 1))
other=$((port + 2))
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
  # exec: the PID kept is the server's own, so the clean-up stops it (not only a subshell). The
  # server as `npm run serve` runs it: compiled by the build, or under tsx in a checkout from before.
  local entry=(.next/production-server.mjs)
  [ -f "$dir/.next/production-server.mjs" ] || entry=(--import tsx scripts/production-server.ts)
  (cd "$dir" && DATA_DIR="$work/data-$port" PORT=$port HOSTNAME=127.0.0.1 SITE_URL="http://127.0.0.1:$port" NODE_ENV=production \
    exec node_modules/.bin/node "${entry[@]}" >"$work/server-$port.log" 2>&1) &
  pids+=($!)
  for _ in $(seq 1 90); do curl -sf -m 10 -o /dev/null "http://127.0.0.1:$port/" && return 0; sleep 1; done
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
    curl -s -m 30 -o /dev/null "$base$p"
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
  # Readers of the home page, alone, then with an editor saving once per second (one save first: the
  # back-office's first request loads its code). p99 with saves / p99 alone: the issue's goal is < 2.
  node_modules/.bin/tsx scripts/bench/saves.ts "$base" 1 >/dev/null 2>&1 || true
  read -r rps p50 p95 p99 non2xx errors < <(load "$base/" 50 /dev/null)
  printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms   (%s réponses non 2xx/3xx, %s erreurs)\n' "$label" "lecteurs de /, 50 connexions" "$rps" "$p50" "$p95" "$p99" "$non2xx" "$errors"
  local alone=$p99
  node_modules/.bin/tsx scripts/bench/saves.ts "$base" "$duration" >"$work/saves-$port" 2>&1 &
  local editor=$!
  read -r rps p50 p95 p99 non2xx errors < <(load "$base/" 50 /dev/null)
  wait "$editor" || true
  read -r attempted applied refused slowest < <(awk '/^RESULT/ {print $2, $3, $4, $5}' "$work/saves-$port")
  printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms   (%s réponses non 2xx/3xx, %s erreurs)\n' "$label" "  + une sauvegarde par seconde" "$rps" "$p50" "$p95" "$p99" "$non2xx" "$errors"
  local ratio
  ratio=$(awk -v a="$alone" -v b="$p99" 'BEGIN {printf "%.2f", (a > 0 ? b / a : 0)}')
  printf '%-10s %-40s p99 %s× le p99 sans sauvegarde (objectif < 2) ; sauvegardes appliquées %s / %s (%s refusées, la plus lente %s ms)\n' "$label" "" "$ratio" "${applied:-0}" "${attempted:-0}" "${refused:-0}" "${slowest:-?}"
  grep -v '^RESULT' "$work/saves-$port" >&2 || true
  echo "$label home $ratio" >>"$work/results"
  for p in / /indice/ipc/series/IPC /calendrier; do
    printf '%-10s %-40s %8s octets\n' "$label" "HTML de $p" "$(curl -s -m 30 "$base$p" | wc -c)"
  done
}

start "$PWD" "$port"
[ -n "$against" ] && start "$against" "$other"

# The reference: nginx serving this server's 404 bytes with the same status.
mkdir -p "$work/www"
curl -s -o "$work/www/404.html" "http://127.0.0.1:$port/introuvable/reference"
curl -s -o "$work/www/index.html" "http://127.0.0.1:$port/"
cat >"$work/nginx.conf" <<CONF
worker_processes 1; pid $work/nginx.pid; error_log $work/nginx-error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; gzip off;
  server { listen 127.0.0.1:$ngx; root $work/www; error_page 404 /404.html; location / { try_files \$uri =404; } location = /404.html { internal; } } }
CONF
nginx -c "$work/nginx.conf"
echo "Mesures de $duration s par ligne ($(nproc) cœurs)."
read -r rps p50 p95 p99 non2xx errors < <(load "http://127.0.0.1:$ngx" 10 scripts/bench/random-paths.lua)
printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms\n' "nginx" "les mêmes octets de 404, 10 connexions" "$rps" "$p50" "$p95" "$p99"
read -r rps p50 p95 p99 non2xx errors < <(load "http://127.0.0.1:$ngx/index.html" 50 /dev/null)
printf '%-10s %-40s %8s req/s   p50 %6s ms   p95 %6s ms   p99 %6s ms\n' "nginx" "les octets de /, 50 connexions" "$rps" "$p50" "$p95" "$p99"
measure "ici" "$port"
[ -n "$against" ] && measure "référence" "$other"
if [ -n "$against" ]; then
  awk '$1=="ici"{h[$2]=$3} $1=="référence"{r[$2]=$3} END {
    printf "Rapport ici / référence : adresses inconnues %.1f×, recherches distinctes %.1f× (fr), %.1f× (en) (req/s)\n", h["404"]/r["404"], h["search-fr"]/r["search-fr"], h["search-en"]/r["search-en"]
    printf "Lecteurs de / sous une sauvegarde par seconde, p99 avec / p99 sans : ici %s×, référence %s×\n", h["home"], r["home"] }' "$work/results"
fi
