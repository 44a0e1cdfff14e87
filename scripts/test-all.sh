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

typecheck() { npm run --silent typecheck; }
build_and_install() {
  # The one build of the run (the cluster, bench and browser stages use this dist/), then the built
  # tree installed with `npm ci --omit=dev` elsewhere and started.
  stage "build and production install" && bash scripts/production-install.sh
}

# A lane is a stage run in the background, in its own process group (so an interrupted run stops
# all of it), writing to a log of its own that is printed when the run waits for it. With two cores
# or more, the stages that mostly wait (on restarts, kills, timers and PostgreSQL) run in lanes: the
# readiness simulation and the fault tests from the start, beside lint and the API tests; the cluster
# test and the bench comparison, which need the build, beside the browser tests. None reads or writes
# what another does (each makes its own data folders, databases and ports), and none depends on the
# machine's speed, so sharing the cores only makes each slower. The run fails if any lane failed.
lane_pids=()
lane_names=()
lane_logs=()
lane_finished=()
failed_lanes=()
lane() {
  local name="$1" log
  log="$(mktemp "${TMPDIR:-/tmp}/pathway-ci-lane-XXXXXX")"
  set -m
  (
    set -euo pipefail
    "$name"
  ) >"$log" 2>&1 &
  lane_pids+=("$!")
  set +m
  lane_names+=("$name")
  lane_logs+=("$log")
  lane_finished+=(0)
  echo "== lane started: $name (at ${SECONDS} s)"
}
# Waits for the lane of that name, prints its log and returns its exit status.
finish_lane() {
  local index lane_status=0
  for index in "${!lane_names[@]}"; do
    if [ "${lane_names[$index]}" = "$1" ] && [ "${lane_finished[$index]}" = 0 ]; then break; fi
  done
  wait "${lane_pids[$index]}" || lane_status=$?
  lane_finished[index]=1
  echo "== lane $1 (exit $lane_status, at ${SECONDS} s):"
  cat "${lane_logs[$index]}"
  rm -f "${lane_logs[$index]}"
  if [ "$lane_status" -ne 0 ]; then failed_lanes+=("$1"); fi
  return "$lane_status"
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
if [ "$in_series" = 0 ]; then
  lane readiness
  lane faults
fi

# Lint runs on one core (Prettier, ESLint, dpdm in turn), so the type checks run beside it.
lane typecheck
stage "lint (the type checks beside it)" && npm run --silent lint
finish_lane typecheck
if [ "$in_series" = 1 ]; then
  stage "API tests" && npx vitest run
  build_and_install
  readiness
  faults
  built_checks
  stage "browser tests" && npx playwright test
  stage done
  exit 0
fi

# The build beside the API tests, which read no build (they serve a stand-in web build of their own).
lane build_and_install
status=0
stage "API tests" && npx vitest run || status=$?
finish_lane build_and_install || status=$?
if [ "$status" -eq 0 ]; then
  lane built_checks
  stage "browser tests" && npx playwright test || status=$?
  echo "== browser tests finished (at ${SECONDS} s); waiting for the lanes beside them"
fi
for index in "${!lane_names[@]}"; do
  if [ "${lane_finished[$index]}" = 1 ]; then continue; fi
  if [ "$status" -ne 0 ]; then kill -TERM -- "-${lane_pids[$index]}" 2>/dev/null || true; fi
  finish_lane "${lane_names[$index]}" || true
done
if [ "$status" -ne 0 ] || [ "${#failed_lanes[@]}" -ne 0 ]; then
  echo "== failed: the main lane exited $status; lanes failed: ${failed_lanes[*]:-none} (at ${SECONDS} s)" >&2
  exit 1
fi
stage done
