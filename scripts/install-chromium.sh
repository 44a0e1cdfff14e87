#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own here), and the
# screenshot tests draw text in DejaVu Sans (fonts-dejavu-core: Latin and Arabic), so a baseline
# made on one Debian machine matches another.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
if [ -x "$chromium" ] && [ -f "$font" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium or DejaVu Sans is missing. Install them (Debian: sudo apt-get install -y chromium fonts-dejavu-core) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Debian's chromium and fonts-dejavu-core for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
# Two test runs on one machine may both install: apt fails at once on a lock another holds, so
# ours queue here (and wait for dpkg's lock if something else installs).
exec 9>/var/lock/pathway-apt-install.lock
flock 9
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium fonts-dejavu-core >/dev/null
