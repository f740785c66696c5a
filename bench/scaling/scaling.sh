#!/usr/bin/env bash
# The engine's scaling table: `mauirun simulate` of examples/easy.cfg (the EASY fast path) and
# examples/site.cfg (the general engine) on the KTH trace replicated k = 1, 5, 20 times
# (scale_trace.py) on k*100 one-proc nodes, timed as an admin runs the command (wall time and
# peak memory by /usr/bin/time, reading the trace and writing --jobs-out included).
#   bench/scaling/scaling.sh [BUILD_DIR [K...]]     (default build/release, 1 5 20)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
shift || true
ks=("$@")
[ ${#ks[@]} -gt 0 ] || ks=(1 5 20)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| config | k | trace jobs | nodes | wall | per 1,000 jobs | peak memory | iterations |"
echo "|---|---|---|---|---|---|---|---|"
for k in "${ks[@]}"; do
  python3 bench/scaling/scale_trace.py examples/traces/KTH-SP2-1996-2.1-cln.swf.gz "$k" "$work/kth-x$k.swf"
  jobs=$(grep -vc '^;' "$work/kth-x$k.swf")
  for config in easy site; do
    /usr/bin/time -f '%e %M' -o "$work/time" "$build/tools/mauirun" simulate --config "examples/$config.cfg" \
      --trace "$work/kth-x$k.swf" --nodes $((100 * k)) --procs-per-node 1 --quiet \
      --jobs-out "$work/jobs.csv" >"$work/out" 2>/dev/null
    read -r wall kb <"$work/time"
    iterations=$(awk '/scheduling iterations/ {print $3}' "$work/out")
    awk -v c="$config" -v k="$k" -v j="$jobs" -v w="$wall" -v kb="$kb" -v it="$iterations" 'BEGIN {
      printf "| examples/%s.cfg | %d | %d | %d | %.2f s | %.3f s | %d MB | %s |\n", c, k, j, 100 * k, w, w * 1000 / j, kb / 1024, it }'
  done
done
