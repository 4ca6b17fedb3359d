#!/usr/bin/env bash
# Runs every glwatch benchmark in a release build and prints the report (see BENCHMARKS.md).
#
#   Tests/Benchmarks/run-all.sh            # everything (~15 minutes after the build)
#   Tests/Benchmarks/run-all.sh --quick    # fewer repetitions and cycles, for a smoke run
#
# Figures depend on the machine: the header records it. The fake GitLab runs in-process on 127.0.0.1, so nothing
# leaves the machine.
set -euo pipefail
cd "$(dirname "$0")/../.."

quick=false
[[ "${1:-}" == "--quick" ]] && quick=true

echo "== glwatch benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
     "$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "swift: $(swift --version 2>&1 | head -1)"
echo

quiet() { grep -Ev "^warning: 'swift-distributed-tracing'|CMakeLists.txt$" || true; }
for product in glwatch glwatch-dev; do
    swift build -c release --product "$product" 2>&1 | quiet
done
# glwatch-bench is a package of its own (Tests/Benchmarks/Package.swift), so that only it builds OpenCombine.
swift build -c release --package-path Tests/Benchmarks --product glwatch-bench 2>&1 | quiet
bin=.build/release
bench=Tests/Benchmarks/.build/release/glwatch-bench

echo; echo "== RxCore vs OpenCombine (glwatch-bench)"
if $quick; then "$bench" --repetitions 3; else "$bench" --repetitions 15; fi

echo; echo "== GitLab client (glwatch-dev bench client)"
if $quick; then "$bin/glwatch-dev" bench client --runs 1; else "$bin/glwatch-dev" bench client; fi

echo; echo "== State store (glwatch-dev bench store)"
if $quick; then "$bin/glwatch-dev" bench store --events 10000; else "$bin/glwatch-dev" bench store; fi

# PostgreSQL (issue 18): a throwaway cluster per run, when Debian's postgresql is installed.
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo; echo "== State store on PostgreSQL vs SQLite (glwatch-dev bench store --postgres)"
    if $quick; then "$bin/glwatch-dev" bench store --events 2000 --postgres; else "$bin/glwatch-dev" bench store --events 20000 --postgres; fi

    echo; echo "== One replica vs three on PostgreSQL (glwatch-dev bench replicas)"
    if $quick; then "$bin/glwatch-dev" bench replicas --projects 200 --duration 20 --warm-up 30; else "$bin/glwatch-dev" bench replicas; fi
else
    echo; echo "== PostgreSQL benchmarks skipped: no initdb (apt-get install postgresql)"
fi

echo; echo "== Watch engine (glwatch-dev bench engine)"
if $quick; then "$bin/glwatch-dev" bench engine --cycles 10; else "$bin/glwatch-dev" bench engine; fi

echo; echo "== Memory (glwatch-dev bench memory)"
if $quick; then "$bin/glwatch-dev" bench memory --seconds 10; else "$bin/glwatch-dev" bench memory; fi

echo; echo "== Fault-and-crash soak (glwatch-dev bench soak)"
if $quick; then "$bin/glwatch-dev" bench soak --short; else "$bin/glwatch-dev" bench soak --duration 300; fi
