#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver for the browser tests if they are missing.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver fonts-dejavu-core >/dev/null
fi
/usr/bin/chromium --version
