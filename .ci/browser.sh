#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the browser tests if they are missing, and the
# pinned JavaScript tools the tests load into the page (axe-core, package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what is missing: npm comes with some Node.js builds (NodeSource's conflicts with Debian's
# npm package), Chromium is not on a new machine.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
fi
/usr/bin/chromium --version
