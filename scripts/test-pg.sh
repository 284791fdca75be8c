#!/usr/bin/env bash
# The test suite's PostgreSQL pass (issue 29): start (or reuse) a throwaway server, then run every database test on it.
set -euo pipefail
cd "$(dirname "$0")/.."
url="$(bash scripts/ensure-postgres.sh | tail -1)"
export DATABASE_URL="${url#DATABASE_URL=}"
exec npx vitest run --config vitest.pg.config.ts "$@"
