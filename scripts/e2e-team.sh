#!/usr/bin/env bash
# The end-to-end PostgreSQL pass's server (playwright.pg.config.ts, `npm run test:e2e:pg`): a team deployment on one
# machine, as docs/DEPLOY.md describes it. A fresh database assay_e2e_team on the throwaway PostgreSQL of
# scripts/ensure-postgres.sh, set up once; two `next start` instances of the one build on PORT+1 and PORT+2; and
# Debian's nginx on PORT with deploy/nginx.conf as it is (only the lines marked @e2e get this script's ports and paths).
# Everything runs in the foreground of this script; when it is stopped (Playwright sends SIGTERM, or ^C) it stops both
# instances and nginx. Logs stay in .tmp/e2e-team/ (app1.log, app2.log, nginx error.log and access.log) until the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-3200}"
P1=$((PORT + 1))
P2=$((PORT + 2))
dir="${ASSAY_E2E_TEAM_DIR:-.tmp/e2e-team}"
[[ "$dir" = /* ]] || dir="$PWD/$dir"
db_name=assay_e2e_team

pids=()
nginx_pid=""
stop() {
  trap - EXIT INT TERM
  # nginx first (SIGQUIT: it finishes the requests it has, then exits), then the instances and whatever they started.
  if [ -n "$nginx_pid" ]; then kill -QUIT "$nginx_pid" 2>/dev/null || true; fi
  local p
  for p in "${pids[@]}"; do
    pkill -TERM -P "$p" 2>/dev/null || true
    kill -TERM "$p" 2>/dev/null || true
  done
  for _ in $(seq 1 50); do
    local alive=0
    for p in "${pids[@]}" $nginx_pid; do if kill -0 "$p" 2>/dev/null; then alive=1; fi; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for p in "${pids[@]}" $nginx_pid; do kill -KILL "$p" 2>/dev/null || true; done
}
trap stop EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

bash scripts/ensure-nginx.sh
url="$(bash scripts/ensure-postgres.sh | tail -1)"
url="${url#DATABASE_URL=}"
export DATABASE_URL="${url%/*}/$db_name"

# A fresh database each run, with C collation: text sorts as on SQLite (docs/DEPLOY.md).
psql_bin="$(command -v psql || printf '%s\n' /usr/lib/postgresql/*/bin/psql | sort -V | tail -1)"
"$psql_bin" -X -q -v ON_ERROR_STOP=1 -d "$url" \
  -c "drop database if exists $db_name with (force)" \
  -c "create database $db_name template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'"

export ASSAY_DEMO=1
# The same short sign-in lock as scripts/e2e-server.sh: the spec reads it too.
export ASSAY_SIGNIN_LOCK_MS="${ASSAY_SIGNIN_LOCK_MS:-20000}"
export ASSAY_TRUST_PROXY=1
npx tsx scripts/db-setup.ts

# One build serves both instances: the same build ID and the same Server Actions key (embedded at build time), so a
# page rendered by one instance can call a server action on the other. The SQLite pass built it already.
if [ ! -f "${ASSAY_DIST_DIR:-.next}/BUILD_ID" ]; then npx next build >/dev/null; fi

rm -rf "$dir" && mkdir -p "$dir"
next_bin="$PWD/node_modules/.bin/next"
for port in "$P1" "$P2"; do
  "$next_bin" start -H 127.0.0.1 -p "$port" >"$dir/app$((port - PORT)).log" 2>&1 &
  pids+=("$!")
done

# nginx is started only once both instances answer, so Playwright (which waits for nginx's port) finds both up.
for i in 1 2; do
  port=$((PORT + i))
  for n in $(seq 1 240); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/sign-in" 2>/dev/null; then break; fi
    if ! kill -0 "${pids[$((i - 1))]}" 2>/dev/null || [ "$n" = 240 ]; then
      echo "instance $i (port $port) did not start; end of $dir/app$i.log:" >&2
      tail -n 40 "$dir/app$i.log" >&2 || true
      exit 1
    fi
    sleep 0.5
  done
  echo "instance $i: http://127.0.0.1:$port (log $dir/app$i.log)"
done

# deploy/nginx.conf with the four @e2e lines given this run's ports and log, in a minimal nginx.conf of its own.
sed -E \
  -e "s|^([[:space:]]*server )[^ ;]+(.*# @e2e instance 1)$|\\1127.0.0.1:$P1\\2|" \
  -e "s|^([[:space:]]*server )[^ ;]+(.*# @e2e instance 2)$|\\1127.0.0.1:$P2\\2|" \
  -e "s|^([[:space:]]*listen )[^;]+(;.*# @e2e listen)$|\\1127.0.0.1:$PORT\\2|" \
  -e "s|^([[:space:]]*access_log )[^ ;]+(.*# @e2e access log)$|\\1$dir/access.log\\2|" \
  deploy/nginx.conf >"$dir/assay.conf"
for want in "127.0.0.1:$P1 .*# @e2e instance 1" "127.0.0.1:$P2 .*# @e2e instance 2" "listen 127.0.0.1:$PORT;.*# @e2e listen" "access_log $dir/access.log .*# @e2e access log"; do
  if ! grep -Eq "$want" "$dir/assay.conf"; then echo "deploy/nginx.conf: no line to substitute for /$want/" >&2; exit 1; fi
done
{
  if [ "$(id -u)" = 0 ]; then echo "user root;"; fi # the workers write the temp folders below, owned by this user
  echo "worker_processes 1;"
  echo "pid $dir/nginx.pid;"
  echo "error_log $dir/error.log warn;"
  echo "events { worker_connections 512; }"
  echo "http {"
  for t in client_body proxy fastcgi uwsgi scgi; do echo "  ${t}_temp_path $dir/$t;"; done
  echo "  include $dir/assay.conf;"
  echo "}"
} >"$dir/nginx.conf"
/usr/sbin/nginx -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" -t -q
/usr/sbin/nginx -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" -g "daemon off;" &
nginx_pid=$!
echo "nginx: http://127.0.0.1:$PORT → instances on $P1 and $P2 (database $db_name)"

# Until one of them exits (or this script is stopped): then the trap stops the others.
set +e
wait -n "${pids[@]}" "$nginx_pid"
code=$?
echo "a server exited ($code): stopping the others" >&2
exit "$code"
