#!/usr/bin/env bash
# Every suite in one command: installs what is missing, then lint, types, API tests
# (real PostgreSQL), the production build and install, and then the browser tests (real Chromium)
# with, beside them, the readiness simulation, the fault tests (killed processes, a restarted
# database, failing storage), the cluster test and the bench's answers compared.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/install-chromium.sh
bash scripts/install-redis.sh
bash scripts/install-ops-tools.sh

# npm puts node_modules/.bin first on PATH, so this is the project's own Node (the `node` package).
node -e 'const [major, minor] = process.versions.node.split(".").map(Number); if (major < 22 || (major === 22 && minor < 12)) { console.error(`Node ${process.version} is too old: run the tests through npm (npm test), which uses the Node 24 of node_modules`); process.exit(1); }'
echo "== Node $(node --version)"

# Each stage says when it starts, in seconds since this script did.
stage() { echo "== $1 (at ${SECONDS} s)"; }

# Lint runs on one core (Prettier, ESLint, dpdm in turn), so the type checks run beside it; their
# output is printed after lint's.
typecheck_log="$(mktemp "${TMPDIR:-/tmp}/pathway-ci-typecheck-XXXXXX")"
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
stage "lint (the type checks beside it)" && npm run --silent lint
stage typecheck
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
cat "$typecheck_log"
rm -f "$typecheck_log"
[ "$typecheck_status" -eq 0 ]
stage "API tests" && npx vitest run
# Builds here (the one build of the run: the cluster, bench and browser stages use this dist/), then
# installs the built tree with `npm ci --omit=dev` elsewhere and starts it.
stage "build and production install" && bash scripts/production-install.sh

# The stages that mostly wait (on restarts, kills, timers, PostgreSQL) run beside the browser tests,
# which leave much of the two cores idle too: the run takes the longer of the two, not their sum.
# None reads or writes what another does (each makes its own data folders, databases and ports),
# and none depends on the machine's speed, so sharing the cores only makes them slower. Their output
# goes to a log printed after the browser tests; the run fails if either side failed.
beside() {
  # Simulated learners and questions of known ability and difficulty through the LMS's services; exits 1 on a missed target (decision 029).
  stage "readiness simulation" && npm run --silent lms:simulate -- --quick
  stage "fault tests" && npm run --silent test:faults
  # Three built instances behind HAProxy, PgBouncer (transaction pooling), Redis and s3rver; one is killed
  # under load (under a minute). The server was built by the production install stage.
  stage "cluster test" && npx vitest run --config vitest.cluster.config.ts
  # The bench's baselines answer as the built app does (same status, headers and JSON), in seconds: a drift fails here, not in a bench run weeks later.
  stage "bench answers compared" && npm run --silent bench:compare
}
# They run one after another before the browser tests, as before, when this run has a single core
# (`taskset -c 0 bash .ci/run`: two lanes on one core would only stretch each other's waits), or
# with TEST_STAGES_IN_SERIES=1 (to tell whether a failure comes from the sharing).
if [ "${TEST_STAGES_IN_SERIES:-}" = 1 ] || [ "$(nproc)" -lt 2 ]; then
  beside
  stage "browser tests" && npx playwright test
  stage done
  exit 0
fi
beside_log="$(mktemp "${TMPDIR:-/tmp}/pathway-ci-beside-XXXXXX")"
# Its own process group (job control on for this one job), so an interrupted run stops all of it.
set -m
(
  set -euo pipefail
  beside
) >"$beside_log" 2>&1 &
beside_pid=$!
set +m
trap 'kill -TERM -- "-$beside_pid" 2>/dev/null || true; rm -f "$beside_log"; exit 130' INT TERM
echo "== readiness simulation, fault tests, cluster test and bench answers compared: beside the browser tests (at ${SECONDS} s)"

browser_status=0
stage "browser tests" && npx playwright test || browser_status=$?
echo "== browser tests finished (at ${SECONDS} s); waiting for the stages beside them"
beside_status=0
wait "$beside_pid" || beside_status=$?
cat "$beside_log"
rm -f "$beside_log"
if [ "$browser_status" -ne 0 ] || [ "$beside_status" -ne 0 ]; then
  echo "== failed: browser tests exited $browser_status, the stages beside them $beside_status (at ${SECONDS} s)" >&2
  exit 1
fi
stage done
