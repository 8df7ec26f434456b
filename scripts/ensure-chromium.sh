#!/usr/bin/env bash
# End-to-end tests run in Debian's Chromium. Install it with apt when it is missing and we may;
# otherwise fail with a clear message (never skip the tests silently).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium with apt…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
fi
echo "End-to-end tests need Chromium at $browser. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
