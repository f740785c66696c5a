#!/usr/bin/env bash
# mauirun serve on a live Slurm in two minutes: start the 4-node test cluster (tests/slurm/
# cluster.sh, everything under one directory), run serve with a small policy, submit a mixed
# workload (root and a second user, two partitions, one wide job that waits and a short one that
# backfills), show the queue and the decisions as they happen, then stop everything. Root, Debian
# 12; the Slurm packages are installed if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-deps >/dev/null
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target mauirun >/dev/null
DIR=$(mktemp -d /tmp/mr-live.XXXXXX)
chmod 755 "$DIR"
cleanup() {
  [ -n "${SERVE:-}" ] && kill "$SERVE" 2>/dev/null && wait "$SERVE" 2>/dev/null
  bash tests/slurm/cluster.sh stop "$DIR" >/dev/null 2>&1 || true
}
trap cleanup EXIT
bash tests/slurm/cluster.sh start "$DIR"
# shellcheck disable=SC1091
source "$DIR/env"
cat >"$DIR/maui.cfg" <<'CFG'
SERVERHOST        localhost
RMPOLLINTERVAL    00:00:10
QUEUETIMEWEIGHT   1
CLASSWEIGHT       1
CREDWEIGHT        1
CLASSCFG[debug]   PRIORITY=100
USERCFG[nobody]   MAXJOB=2
BACKFILLPOLICY    FIRSTFIT
RESERVATIONDEPTH  1
CFG
echo "== mauirun serve --config $DIR/maui.cfg --rm slurm --state-dir $DIR/serve"
build/release/tools/mauirun serve --config "$DIR/maui.cfg" --rm slurm --state-dir "$DIR/serve" &
SERVE=$!
sleep 1
cd "$SLURM_CLUSTER_TMP"
NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
sub() { sbatch --parsable -o /dev/null "$@"; }
sub -n 12 --time=2 --wrap 'sleep 20' >/dev/null                       # a big job
sub -n 16 --time=1 --wrap 'sleep 5' >/dev/null                         # wide: waits, reserved
sub -n 4 --time=1 --wrap 'sleep 8' >/dev/null                          # short: backfills
sub -p debug -n 2 --time=1 --wrap 'sleep 6' >/dev/null                 # class debug goes first
for _ in 1 2 3; do "${NOBODY[@]}" sbatch --parsable -o /dev/null -n 1 --time=1 --wrap 'sleep 6' >/dev/null; done  # MAXJOB 2
cd - >/dev/null
for t in 3 12 30; do
  sleep $t
  echo "== squeue (after ${t} s)"
  squeue -o '%.6i %.8u %.9P %.9T %.4C %.12R' | sed 's/^/   /'
done
echo "== the decisions ($DIR/serve/serve.log)"
cat "$DIR/serve/serve.log"
