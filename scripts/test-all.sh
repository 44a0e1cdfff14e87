#!/usr/bin/env bash
# Every suite in one command: installs what is missing, then lint, types, API tests
# (real PostgreSQL), the fault tests (killed processes, a restarted database, failing
# storage; about a minute), the production build and install and the browser tests (real Chromium).
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

stage lint && npm run --silent lint
stage typecheck && npm run --silent typecheck
stage "API tests" && npx vitest run
# Simulated learners and questions of known ability and difficulty through the LMS's services; exits 1 on a missed target (decision 029).
stage "readiness simulation" && npm run --silent lms:simulate -- --quick
stage "fault tests" && npm run --silent test:faults
# Three built instances behind HAProxy, PgBouncer (transaction pooling), Redis and s3rver; one is killed under load (under a minute).
stage "cluster test" && npm run --silent test:cluster
# Builds here, then installs the built tree with `npm ci --omit=dev` elsewhere and starts it.
stage "build and production install" && bash scripts/production-install.sh
# The bench's baselines answer as the built app does (same status, headers and JSON), in seconds: a drift fails here, not in a bench run weeks later.
stage "bench answers compared" && npm run --silent bench:compare
stage "browser tests" && npx playwright test
stage done
