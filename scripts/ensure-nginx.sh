#!/usr/bin/env bash
# The reward server's replica test runs Debian's nginx in front of two replicas; install it when missing (root on these
# machines, as scripts/ensure-chromium.sh does for Chromium). Only the binary is used: the package's own service is
# neither enabled nor started by the test, which runs nginx with its own config in a temporary directory.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then echo "nginx is missing: run 'sudo apt-get install -y nginx'" >&2; exit 1; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# policy-rc.d exit 101: the package must not start its own nginx on port 80 while it installs. One already there
# (container images ship it) is left as it is.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get install -y -qq --no-install-recommends nginx >/dev/null
/usr/sbin/nginx -v
