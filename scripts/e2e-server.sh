#!/usr/bin/env bash
# Serves the built app for end-to-end tests against a fresh database file.
set -euo pipefail
PORT="${1:-3100}"
export ASSAY_DB="${ASSAY_E2E_DB:-.tmp/e2e/assay.db}"
export ASSAY_DEMO=1
# A sign-in lock of seconds, not minutes, so the throttle's spec can wait one out (docs/ACCOUNTS.md); the spec reads it too.
export ASSAY_SIGNIN_LOCK_MS="${ASSAY_SIGNIN_LOCK_MS:-10000}"
rm -rf "$(dirname "$ASSAY_DB")" && mkdir -p "$(dirname "$ASSAY_DB")"
if [ -f scripts/db-setup.ts ]; then npx tsx scripts/db-setup.ts; fi
if [ ! -f "${ASSAY_DIST_DIR:-.next}/BUILD_ID" ] || [ "${E2E_REBUILD:-1}" = "1" ]; then npx next build >/dev/null; fi
exec npx next start -H 127.0.0.1 -p "$PORT"
