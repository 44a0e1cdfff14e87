#!/usr/bin/env bash
# The operations tests run Debian's Prometheus (scraping /metrics), HAProxy and PgBouncer (the
# cluster test) and strace (the fault test that sees stored files flushed); this installs whichever
# is missing, as scripts/install-redis.sh does for Redis; and xmllint (libxml2-utils), which validates
# the QTI 3.0 export against 1EdTech's schemas (test/lms/qti.test.ts).
set -euo pipefail
missing=()
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
[ -x /usr/sbin/pgbouncer ] || command -v pgbouncer >/dev/null 2>&1 || missing+=(pgbouncer)
command -v strace >/dev/null 2>&1 || missing+=(strace)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing: ${missing[*]}. Install them (Debian: sudo apt-get install -y ${missing[*]})." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the tests..."
export DEBIAN_FRONTEND=noninteractive
# Two test runs on one machine may both install: apt fails at once on a lock another holds, so
# ours queue here (and wait for dpkg's lock if something else installs).
exec 9>/var/lock/pathway-apt-install.lock
flock 9
apt-get -o DPkg::Lock::Timeout=600 update -qq
# Only the programs: the packages' own services are not started (the tests start their own).
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
