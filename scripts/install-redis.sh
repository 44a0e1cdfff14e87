#!/usr/bin/env bash
# The tests of the shared limits (REDIS_URL) start Debian's redis-server themselves.
set -euo pipefail
redis="${REDIS_SERVER_PATH:-redis-server}"
if command -v "$redis" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "redis-server is missing. Install it (Debian: sudo apt-get install -y redis-server) or set REDIS_SERVER_PATH." >&2
  exit 1
fi
echo "Installing Debian's redis-server for the tests..."
export DEBIAN_FRONTEND=noninteractive
# Two test runs on one machine may both install: apt fails at once on a lock another holds, so
# ours queue here (and wait for dpkg's lock if something else installs).
exec 9>/var/lock/pathway-apt-install.lock
flock 9
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq redis-server >/dev/null
