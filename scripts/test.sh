#!/usr/bin/env bash
# npm test — every check, in order, continuing after a failure so the summary is complete:
# Chromium, types, lint, unit/integration tests (Vitest), a seeded production build for the
# end-to-end tests, Playwright, Lighthouse. The last line is `N passed, N failed`: each Vitest and
# Playwright test counts for one, every other step counts for one. Exits 1 when anything failed.
#
# The end-to-end tests use their own data directory (.data-e2e, wiped first), never .data. With
# DATABASE_URL set, that Postgres database is used and must be fresh (.ci/run creates one).
#
# INSSTAT_SECOND_DATABASE=1 (.ci/run's Postgres pass, after a full pass on PGlite) runs only what
# the database can change: Vitest's Postgres cases (testing/db.ts), the seed, the build and every
# Playwright spec, with the smoke test's dark mode and axe left out (e2e/helpers/page-checks.ts). Types,
# lint, axe, the dark-mode pages and Lighthouse do not depend on the database and ran in the first pass.
# A new test runs in both passes unless it is one of those.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

export E2E_DATA_DIR=.data-e2e
# Canonical links and absolute URLs of the e2e build point at the e2e server (playwright.config.ts).
export E2E_PORT=${E2E_PORT:-3100}
E2E_SITE_URL=http://127.0.0.1:$E2E_PORT
REPORTS=test-results
VITEST_JSON=$REPORTS/vitest.json
PLAYWRIGHT_JSON=$REPORTS/playwright.json
# One line per failed test, printed again in the summary (and by .ci/run at the very end).
FAILURES=$REPORTS/failures.txt
STAMP=.next/insstat-build-stamp

passed=0
failed=0
summary=()

# The build made here holds the test data: a later `npm start` must rebuild against the user's own.
cleanup() {
  rm -f "$STAMP"
  if [ -n "${s3_pid:-}" ]; then kill "$s3_pid" 2>/dev/null; wait "$s3_pid" 2>/dev/null; s3_pid=; fi
}
trap cleanup EXIT
trap 'echo; echo "Interrompu."; exit 130' INT TERM

banner() {
  echo
  echo "━━━━ $1"
}

# record <name> <passed> <failed> <seconds>
record() {
  passed=$((passed + $2))
  failed=$((failed + $3))
  local status=ok
  [ "$3" -gt 0 ] && status=ÉCHEC
  summary+=("$(printf '%-28s %-6s %5s réussi(s) %5s échoué(s) %6ss' "$1" "$status" "$2" "$3" "$4")")
}

# step <name> <command…>: a check that counts for one.
step() {
  local name=$1
  shift
  banner "$name"
  local start=$SECONDS
  if "$@"; then
    record "$name" 1 0 $((SECONDS - start))
    return 0
  fi
  echo "✗ $name a échoué" >&2
  echo "ÉCHEC › $name" >>"$FAILURES"
  record "$name" 0 1 $((SECONDS - start))
  return 1
}

# skip_step <name> <reason>: a step that could not run counts as failed.
skip_step() {
  banner "$1"
  echo "✗ $1 non lancé : $2" >&2
  echo "ÉCHEC › $1 (non lancé : $2)" >>"$FAILURES"
  record "$1" 0 1 0
}

# counted <name> <kind> <json> <command…>: a test runner whose individual tests are counted.
counted() {
  local name=$1 kind=$2 json=$3
  shift 3
  banner "$name"
  local start=$SECONDS
  rm -f "$json"
  "$@"
  local code=$?
  local counts
  counts=$(npx --no-install tsx scripts/count-results.ts "$kind" "$json" "$code" "$FAILURES") || counts="0 1"
  local p=${counts% *} f=${counts#* }
  [[ "$p" =~ ^[0-9]+$ && "$f" =~ ^[0-9]+$ ]] || { p=0; f=1; }
  record "$name" "$p" "$f" $((SECONDS - start))
}

mkdir -p "$REPORTS"
rm -f "$FAILURES"

second_database=${INSSTAT_SECOND_DATABASE:-0}
# once <name>: true when the step runs in this pass (say so when it does not).
once() {
  if [ "$second_database" = "1" ]; then
    echo "↷ $1 : indépendant de la base, vérifié au premier passage."
    return 1
  fi
  return 0
}

step "Chromium" bash scripts/ensure-chromium.sh
chromium_ok=$?
# The W3C's Nu checker (npm vnu-jar) runs on Java: the conformance crawl and three Vitest files use it.
step "Java (validateur Nu)" bash scripts/ensure-java.sh
# The SDMX and DCAT tests read the site with clients written elsewhere: R's rsdmx, rapper, xmllint.
step "Clients SDMX et DCAT" bash scripts/ensure-stat-clients.sh
once "Types (tsc)" && step "Types (tsc)" npm run --silent typecheck
once "Lint (eslint, prettier)" && step "Lint (eslint, prettier)" npm run --silent lint
counted "Vitest" vitest "$VITEST_JSON" \
  npx --no-install vitest run --reporter=default --reporter=json --outputFile.json="$VITEST_JSON"

# The Postgres pass keeps its files in an S3-compatible store (s3rver), as a scaled-out install
# does: the seed, the build, the e2e server and the instances the specs start all use it.
# A store that does not start is a failed step (the pass then keeps its files on disk, so the
# other tests still say something).
s3_pid=
start_s3() {
  rm -f "$S3_ENV_FILE"
  node --import tsx scripts/s3-test-server.ts "$S3_ENV_FILE" &
  s3_pid=$!
  for _ in $(seq 1 300); do [ -s "$S3_ENV_FILE" ] && return 0; sleep 0.1; done
  echo "s3rver n'a pas écrit $S3_ENV_FILE en 30 s : la passe Postgres garde ses fichiers sur disque." >&2
  return 1
}
if [ "$second_database" = "1" ]; then
  S3_ENV_FILE=$REPORTS/s3.env
  # shellcheck disable=SC1090
  step "Stockage S3 (s3rver)" start_s3 && source "$S3_ENV_FILE"
fi

# The end-to-end database: wiped, seeded, then a production build reading it.
prepare_data() {
  rm -rf "$E2E_DATA_DIR" "$E2E_DATA_DIR.lock"
  DATA_DIR=$E2E_DATA_DIR npm run --silent db:seed &&
    # The table e2e/tables-public.spec.ts reads (with every kind of status and note), until the demo has its own.
    DATA_DIR=$E2E_DATA_DIR npx tsx scripts/tables-fixture.ts
}
step "Données e2e (db:seed)" prepare_data
seed_ok=$?
step "Compilation e2e (build)" env DATA_DIR="$E2E_DATA_DIR" SITE_URL="$E2E_SITE_URL" npm run --silent build
build_ok=$?

if [ "$build_ok" -ne 0 ]; then
  skip_step "Playwright" "la compilation a échoué"
  skip_step "Lighthouse" "la compilation a échoué"
elif [ "$seed_ok" -ne 0 ]; then
  skip_step "Playwright" "la base de test n'a pas pu être peuplée"
  skip_step "Lighthouse" "la base de test n'a pas pu être peuplée"
elif [ "$chromium_ok" -ne 0 ]; then
  skip_step "Playwright" "Chromium est absent"
  skip_step "Lighthouse" "Chromium est absent"
else
  counted "Playwright" playwright "$PLAYWRIGHT_JSON" \
    env DATA_DIR="$E2E_DATA_DIR" SITE_URL="$E2E_SITE_URL" npx --no-install playwright test
  once "Lighthouse" && step "Lighthouse" env DATA_DIR="$E2E_DATA_DIR" SITE_URL="$E2E_SITE_URL" npm run --silent lighthouse
fi

cleanup

banner "Résumé"
for line in "${summary[@]}"; do echo "$line"; done
if [ -s "$FAILURES" ]; then
  echo
  cat "$FAILURES"
fi
echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
