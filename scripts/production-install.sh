#!/usr/bin/env bash
# Builds a production tree and proves it starts without dev dependencies:
#   npm run build here, then copy what the running app needs into a fresh directory
#   (package.json, package-lock.json, dist/, server/db/migrations/), `npm ci --omit=dev` there,
#   start it with the Node running this script (a server brings its own Node 24, as the image does;
#   the `node` package is a dev dependency only) and wait for /readyz and a real API answer.
# Usage: scripts/production-install.sh [target-dir]   (default: a temporary directory, removed after)
# With a target directory, the tree is kept there, ready to copy to a server.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${1:-}"
keep=true
if [[ -z "$target" ]]; then
  target="$(mktemp -d /tmp/pathway-production-XXXXXX)"
  keep=false
fi
data="$(mktemp -d /tmp/pathway-production-data-XXXXXX)"
# mktemp makes 0700 directories; run as root, the embedded PostgreSQL runs as another user, which
# must be able to reach its binaries and its data folder.
chmod 755 "$target" "$data"
app_pid=""
cleanup() {
  if [[ -n "$app_pid" ]]; then kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
  rm -rf "$data"
  if [[ "$keep" == false ]]; then rm -rf "$target"; fi
}
trap cleanup EXIT

echo "== build (with dev dependencies, here)"
npm run build --silent

echo "== copy the built tree to $target"
mkdir -p "$target/server/db"
cp package.json package-lock.json "$target/"
cp -R dist "$target/dist"
cp -R server/db/migrations "$target/server/db/migrations"

echo "== npm ci --omit=dev"
(cd "$target" && npm ci --omit=dev --no-audit --no-fund --prefer-offline)
# (`typescript` joined this list once i18next, which named it as an optional peer, left the dependencies:
# npm installs a package that is both a dev dependency and an optional peer even with --omit=dev.)
for dev_only in vite vitest @vitejs/plugin-react eslint node typescript; do
  if [[ -e "$target/node_modules/$dev_only" ]]; then
    echo "a dev dependency was installed: $dev_only" >&2
    exit 1
  fi
done
node_bin="$(command -v node)"
"$node_bin" -e 'const [major, minor] = process.versions.node.split(".").map(Number); if (major < 22 || (major === 22 && minor < 12)) { console.error(`Node ${process.version} cannot run the app: use Node 24 (.nvmrc)`); process.exit(1); }'
echo "runtime: $("$node_bin" --version)"

port="$("$node_bin" -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
echo "== start on port $port (DATA_DIR=$data)"
(cd "$target" && PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=warn NODE_ENV=production "$node_bin" dist/server/main.js) &
app_pid=$!

for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$app_pid" 2>/dev/null; then echo "the app exited" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null
config="$(curl -fsS "http://127.0.0.1:$port/api/config")"
page="$(curl -fsS -H "accept: text/html" "http://127.0.0.1:$port/casetracking")"
lookup_status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/progress?caseNumber=NOPE-1&passportNumber=X1")"
[[ "$config" == *'"examDurationSeconds"'* ]] || { echo "unexpected /api/config: $config" >&2; exit 1; }
[[ "$page" == *'id="root"'* ]] || { echo "the web app was not served" >&2; exit 1; }
[[ "$lookup_status" == 404 ]] || { echo "the case lookup answered $lookup_status, not 404" >&2; exit 1; }

kill -TERM "$app_pid"
wait "$app_pid" || true
app_pid=""
echo "== the production install started, migrated its database, served the API and the web app, and stopped cleanly"
