#!/usr/bin/env bash
# Every suite in one command: installs what is missing, then lint, types, API tests (real
# PostgreSQL), the production build and install, and the browser tests (real Chromium); beside them,
# in lanes of their own, the readiness simulation, the fault tests (killed processes, a restarted
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

# Each stage of a lane says when it starts; lanes that run in the background write to a log of their
# own, printed when the run waits for them.
readiness() {
  # Simulated learners and questions of known ability and difficulty through the LMS's services; exits 1 on a missed target (decision 029).
  stage "readiness simulation" && npm run --silent lms:simulate -- --quick
}
faults() {
  # Killed processes, a restarted database, failing storage: from source, mostly waiting on restarts.
  stage "fault tests" && npm run --silent test:faults
}
built_checks() {
  # Three built instances behind HAProxy, PgBouncer (transaction pooling), Redis and s3rver; one is killed
  # under load (under a minute). The server was built by the production install stage.
  stage "cluster test" && npx vitest run --config vitest.cluster.config.ts
  # The bench's baselines answer as the built app does (same status, headers and JSON), in seconds: a drift fails here, not in a bench run weeks later.
  stage "bench answers compared" && npm run --silent bench:compare
}

# With two cores or more, in lanes. The run is long on a slow two-core machine (25 min in one lane
# beside the browser tests, with a third of the cores idle), so the stages that need no build start
# at once, beside lint (one core for most of its minute) and the API tests: the readiness simulation
# and the fault tests; those that need the build start beside the browser tests. None reads or writes what another does (each makes its own data
# folders, databases and ports), and none depends on the machine's speed, so sharing the cores only
# makes each slower. The run fails if any lane failed.
lane_pids=()
lane_names=()
lane_logs=()
lane() {
  local name="$1" log
  log="$(mktemp "${TMPDIR:-/tmp}/pathway-ci-lane-XXXXXX")"
  # Its own process group (job control on for this one job), so an interrupted run stops all of it.
  set -m
  (
    set -euo pipefail
    "$name"
  ) >"$log" 2>&1 &
  lane_pids+=("$!")
  set +m
  lane_names+=("$name")
  lane_logs+=("$log")
  echo "== lane started: $name (at ${SECONDS} s)"
}
stop_lanes() {
  for pid in "${lane_pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  rm -f "${lane_logs[@]}"
}
trap 'stop_lanes; exit 130' INT TERM
# A failed lint or type check ends the run (set -e): the lanes end with it.
trap stop_lanes EXIT

# One after another when this run has a single core (`taskset -c 0 bash .ci/run`: lanes on one core
# would only stretch each other's waits), or with TEST_STAGES_IN_SERIES=1 (to tell whether a failure
# comes from the sharing).
in_series=0
if [ "${TEST_STAGES_IN_SERIES:-}" = 1 ] || [ "$(nproc)" -lt 2 ]; then in_series=1; fi
# The stages that need no build start first, beside lint (one core) and the type checks.
if [ "$in_series" = 0 ]; then
  lane readiness
  lane faults
fi

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
if [ "$in_series" = 1 ]; then
  stage "API tests" && npx vitest run
  stage "build and production install" && bash scripts/production-install.sh
  readiness
  faults
  built_checks
  stage "browser tests" && npx playwright test
  stage done
  exit 0
fi

# Builds here (the one build of the run: the cluster, bench and browser stages use this dist/), then
# installs the built tree with `npm ci --omit=dev` elsewhere and starts it. Beside the API tests, which
# read no build (they serve a stand-in web build of their own); its output is printed after theirs.
build_log="$(mktemp "${TMPDIR:-/tmp}/pathway-ci-build-XXXXXX")"
stage "build and production install (beside the API tests)"
bash scripts/production-install.sh >"$build_log" 2>&1 &
build_pid=$!
status=0
stage "API tests" && npx vitest run || status=$?
build_status=0
wait "$build_pid" || build_status=$?
echo "== build and production install (exit $build_status, at ${SECONDS} s):"
cat "$build_log"
rm -f "$build_log"
if [ "$status" -eq 0 ]; then status="$build_status"; fi
if [ "$status" -eq 0 ]; then
  lane built_checks
  stage "browser tests" && npx playwright test || status=$?
  echo "== browser tests finished (at ${SECONDS} s); waiting for the lanes beside them"
fi
failed_lanes=()
for index in "${!lane_pids[@]}"; do
  lane_status=0
  if [ "$status" -ne 0 ]; then kill -TERM -- "-${lane_pids[$index]}" 2>/dev/null || true; fi
  wait "${lane_pids[$index]}" || lane_status=$?
  echo "== lane ${lane_names[$index]} (exit $lane_status):"
  cat "${lane_logs[$index]}"
  rm -f "${lane_logs[$index]}"
  if [ "$lane_status" -ne 0 ]; then failed_lanes+=("${lane_names[$index]}"); fi
done
if [ "$status" -ne 0 ] || [ "${#failed_lanes[@]}" -ne 0 ]; then
  echo "== failed: the main lane exited $status; lanes failed: ${failed_lanes[*]:-none} (at ${SECONDS} s)" >&2
  exit 1
fi
stage done
