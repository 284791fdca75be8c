#!/usr/bin/env bash
# Tests that need PostgreSQL get a throwaway cluster of their own: Debian's server binaries (installed when missing, root
# on these machines, as scripts/ensure-chromium.sh does for Chromium) run from a temporary folder on a loopback port.
# The package's own `main` cluster (pg_ctlcluster, port 5432) is neither used nor touched.
#   eval "$(bash scripts/ensure-postgres.sh | tail -1)"   # start or reuse; the last stdout line is DATABASE_URL=...
#   bash scripts/ensure-postgres.sh stop                  # stop the throwaway cluster
# ASSAY_PG_BIN (a .../bin folder), ASSAY_PG_DIR and ASSAY_PG_PORT override the version, data folder and port.
set -euo pipefail
port="${ASSAY_PG_PORT:-55432}"
dir="${ASSAY_PG_DIR:-${TMPDIR:-/tmp}/assay-pg-$(id -u)}"
dir="${dir%/}"
log="$dir/server.log"
cmd="${1:-start}"
case "$cmd" in start|stop) ;; *) echo "usage: bash scripts/ensure-postgres.sh [start|stop]" >&2; exit 2 ;; esac

# Newest major with a server: a bin folder may hold only client tools (postgresql-client-NN). sort -V: 9 before 10.
newest_bin() {
  local p
  for p in $(printf '%s\n' /usr/lib/postgresql/*/bin/postgres | sort -V); do if [ -x "$p" ]; then echo "${p%/postgres}"; fi; done | tail -1
}
if [ -z "${ASSAY_PG_BIN:-}" ] && [ -z "$(newest_bin)" ]; then
  if [ "$(id -u)" != "0" ]; then echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql'" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  # Other scripts may be running apt at the same time: wait for dpkg's lock rather than fail on it.
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  # The package may create and start its own `main` cluster on 5432; it is left as it is and never relied on.
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends postgresql >/dev/null
fi
bin="${ASSAY_PG_BIN:-$(newest_bin)}"
bin="${bin%/}"
if [ ! -x "$bin/postgres" ]; then echo "no PostgreSQL server at $bin/postgres (ASSAY_PG_BIN?)" >&2; exit 1; fi
major="$("$bin/postgres" --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/')" # "postgres (PostgreSQL) 15.18 (Debian ...)" -> 15

# PostgreSQL refuses to run as root: then the cluster belongs to the postgres user (created by the package).
as_pg=()
if [ "$(id -u)" = "0" ]; then
  if ! id postgres >/dev/null 2>&1; then echo "running as root but there is no 'postgres' user to run the server as" >&2; exit 1; fi
  as_pg=(runuser -u postgres --)
fi

# Test files run in parallel and each may call this script: one at a time per data folder, so only one initdb/start.
# fd 9 is closed for the server (9>&-) or the postmaster would hold the lock for as long as it runs.
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock -w 180 9 || { echo "timed out waiting for $dir.lock" >&2; exit 1; }

# The server that owns $dir, if one is alive: postmaster.pid survives a machine restart, and its pid may then belong to
# an unrelated process, so the pid must be a postgres started on this folder to count.
running_pid() {
  local pid
  pid="$(head -1 "$dir/postmaster.pid" 2>/dev/null)" || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' '\n' < "/proc/$pid/cmdline" | grep -qxF -- "$dir" || return 1
  echo "$pid"
}
# Fast shutdown (SIGINT) and wait; signalled directly so that it also works for a cluster of another major version.
stop_server() {
  local pid i
  pid="$(running_pid)" || return 0
  kill -INT "$pid" 2>/dev/null || true
  for i in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done
  kill -QUIT "$pid" 2>/dev/null || true # immediate shutdown
  sleep 1
}

if [ "$cmd" = stop ]; then stop_server; exit 0; fi

# As assay: pg_isready as root would make the server log 'role "root" does not exist' each time.
ready() { "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U assay -d postgres -t 2; }
# postmaster.pid's 4th line is the port it listens on.
ours_on_port() { running_pid >/dev/null && [ "$(sed -n 4p "$dir/postmaster.pid" 2>/dev/null)" = "$port" ]; }

init_cluster() {
  rm -rf "$dir"
  mkdir -p -m 700 "$dir"
  if [ ${#as_pg[@]} -gt 0 ]; then chown postgres:postgres "$dir"; fi
  # C collation: ORDER BY on text matches SQLite's binary ordering. Trust auth: loopback only, throwaway data.
  "${as_pg[@]}" "$bin/initdb" -D "$dir" --locale=C -E UTF8 -A trust -U assay >/dev/null 9>&-
}
start_server() {
  # Stale after a crash or restart (running_pid found no server behind them); their pids may now be other processes.
  rm -f "$dir/postmaster.pid" "$dir"/.s.PGSQL.*
  # Throwaway data, so durability is traded for speed. setsid: the server outlives the caller's process group.
  local opts="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir'"
  opts+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
  "${as_pg[@]}" setsid -w "$bin/pg_ctl" -D "$dir" -l "$log" -o "$opts" -W start 9>&- >&2 </dev/null
  local i
  for i in $(seq 1 120); do
    if ready; then return 0; fi
    # Give the postmaster a moment to write its pid file, then stop waiting if it has died.
    if [ "$i" -gt 4 ] && ! running_pid >/dev/null; then break; fi
    sleep 0.5
  done
  echo "PostgreSQL did not start in $dir on port $port; end of $log:" >&2
  tail -n 20 "$log" >&2 2>/dev/null || true
  return 1
}

# Wipe only what this script made: never a folder with other things in it that ASSAY_PG_DIR happened to name.
if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ] && [ ! -e "$dir/PG_VERSION" ] && [ ! -e "$dir/server.log" ]; then
  echo "$dir is not empty and not a PostgreSQL cluster: not wiping it (set ASSAY_PG_DIR to another folder)" >&2
  exit 1
fi
# Reuse a cluster of the same major version that answers on $port; otherwise restart, re-init or init it.
intact() { [ -f "$dir/PG_VERSION" ] && [ "$(cat "$dir/PG_VERSION")" = "$major" ] && [ -f "$dir/global/pg_control" ] && [ -f "$dir/postgresql.conf" ]; }
if intact && ours_on_port && ready; then
  :
else
  if ! ours_on_port && ready; then
    echo "port $port is taken by a server not running from $dir (set ASSAY_PG_PORT to another port)" >&2
    exit 1
  fi
  if [ -d "$dir" ] && intact; then
    stop_server # e.g. running on another port, or not answering
    # An existing cluster that will not start (e.g. damaged by a crash) is wiped and made again.
    if ! start_server; then
      echo "re-initialising $dir" >&2
      stop_server || true
      init_cluster
      start_server
    fi
  else
    # Missing, or not a cluster of this version: throwaway, so made anew.
    if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ]; then echo "re-initialising $dir" >&2; stop_server || true; fi
    init_cluster
    start_server
  fi
fi

psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U assay -d postgres -tA)
if [ "$("${psql[@]}" -c "select 1 from pg_database where datname = 'assay'")" != "1" ]; then
  "${psql[@]}" -c "create database assay owner assay" >/dev/null
fi
"$bin/postgres" --version >&2
echo "DATABASE_URL=postgres://assay@127.0.0.1:$port/assay"
