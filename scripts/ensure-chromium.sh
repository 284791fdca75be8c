#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when missing (root on these machines), never a downloaded browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then echo "chromium is missing: run 'sudo apt-get install -y chromium'" >&2; exit 1; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
