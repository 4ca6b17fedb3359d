#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the PostgreSQL state store's tests (issue 18).
#
#   postgres-throwaway.sh start [--watch PID]   initdb in a fresh temp folder, start the server on a free port of
#                                               127.0.0.1; print its URL (line 1) and its folder (line 2). With
#                                               --watch, the cluster stops and its folder goes once PID has ended.
#   postgres-throwaway.sh stop DIR              stop the cluster in DIR (printed by start) and remove DIR.
#   postgres-throwaway.sh restart DIR [SECONDS] stop the cluster in DIR as an operator would (`pg_ctl stop -m fast`:
#                                               every connection is closed), wait SECONDS (3), start it again on
#                                               the same port (the replica soak's database restart).
#
# Local (socket) logins are trusted; TCP logins need the password, so the tests can check a wrong one is refused.
# The cluster runs with fsync=off (tests lose nothing to a crash of the machine, and run faster); benchmarks that
# compare durable commits set GLWATCH_PG_FSYNC=on.
# PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (Debian's package makes it).
set -euo pipefail

bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$candidate/initdb" ] && { bindir=$candidate; break; }
done
[ -n "$bindir" ] || bindir=$(pg_config --bindir 2>/dev/null || true)
[ -x "$bindir/initdb" ] && [ -x "$bindir/pg_ctl" ] || { echo "postgres-throwaway: no initdb/pg_ctl found" >&2; exit 3; }

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts the server of the cluster in $1 on port $2 and waits until it accepts connections.
# start_server DIR PORT: fsync as the cluster was created with (DIR/fsync, from GLWATCH_PG_FSYNC; off if absent).
start_server() {
    local fsync
    fsync=$(cat "$1/fsync" 2>/dev/null || echo off)
    as_owner "$bindir/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 \
        -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=$fsync" start >/dev/null
}

case "${1:-}" in
start)
    self=$(realpath "$0")
    watch=""
    case "${GLWATCH_PG_FSYNC:-off}" in on | off) ;; *) echo "postgres-throwaway: GLWATCH_PG_FSYNC must be on or off" >&2; exit 2 ;; esac
    [ "${2:-}" = "--watch" ] && watch=${3:?--watch needs a pid}
    dir=$(mktemp -d "${TMPDIR:-/tmp}/glwatch-pg.XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    password=glwatch-test-password
    as_owner bash -c "umask 077; printf '%s\n' '$password' > '$dir/pwfile'"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pwfile" --auth-local=trust \
        --auth-host=scram-sha-256 --no-locale -E UTF8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 4; }
    # A free port below the kernel's ephemeral range: while a restart has the server down, the replicas keep
    # connecting, and a client connection can take a port of that range (even the server's own, connecting to
    # itself), so the server could not listen again. Tests/ChildProcess/LoopbackPort.swift does the same.
    port=$(python3 - <<'PY'
import random, socket
try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    low = 32768
candidates = range(max(1024, low - 10000), max(1025, low))
for _ in range(200):
    port = random.choice(candidates)
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit("no free port of 127.0.0.1 below the ephemeral range")
PY
)
    as_owner bash -c "printf '%s\n' '$port' > '$dir/port'; printf '%s\n' '${GLWATCH_PG_FSYNC:-off}' > '$dir/fsync'"
    start_server "$dir" "$port" || { cat "$dir/server.log" >&2; exit 5; }
    if [ -n "$watch" ]; then
        # Detached from our output, so that whoever reads it sees its end now.
        nohup bash -c "while kill -0 $watch 2>/dev/null; do sleep 1; done; '$self' stop '$dir'" \
            </dev/null >/dev/null 2>&1 &
    fi
    echo "postgres://postgres:$password@127.0.0.1:$port/postgres?sslmode=disable"
    echo "$dir"
    ;;
stop)
    dir=${2:?stop needs the folder printed by start}
    [ -d "$dir/data" ] && as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
restart)
    dir=${2:?restart needs the folder printed by start}
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    sleep "${3:-3}"
    start_server "$dir" "$(cat "$dir/port")" || { tail -20 "$dir/server.log" >&2; exit 5; }
    ;;
*)
    echo "usage: $0 start [--watch PID] | stop DIR | restart DIR [SECONDS]" >&2
    exit 2
    ;;
esac
