#!/usr/bin/env bash
# Checks the Slurm test infrastructure itself (root, Debian 12, ~30-60 s):
#   two clusters started at once, each schedules; job_submit.lua holds every job and refuses
#   the owner's release / priority / nice; root's start protocol runs the job where told;
#   sbatch -H is marked; jobcomp.jsonl gets one valid JSON line per job; stop leaves nothing.
# Usage: tests/slurm/selftest.sh   (exit 0 = all good; prints what failed otherwise)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CLUSTER=$HERE/cluster.sh
WORK=$(mktemp -d /tmp/slurm-selftest.XXXXXX)
chmod 0755 "$WORK"
NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
A=$WORK/a B=$WORK/b
fails=0

cleanup() {
  "$CLUSTER" stop "$A" >/dev/null 2>&1 || true
  "$CLUSTER" stop "$B" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }

# until STATE: the job's state (squeue -t all) within 15 s
wait_state() {
  local t=$((SECONDS + 15)) s
  while :; do
    s=$(squeue -h -t all -j "$1" -o %T 2>/dev/null) || s=""
    [ "$s" = "$2" ] && return 0
    [ $SECONDS -lt $t ] || { echo "     job $1 is '$s', not $2" >&2; return 1; }
    sleep 0.2
  done
}

# 1. two clusters at once
"$CLUSTER" start "$A" >"$WORK/a.out" 2>&1 & pa=$!
"$CLUSTER" start "$B" >"$WORK/b.out" 2>&1 & pb=$!
ra=0; rb=0
wait $pa || ra=$?
wait $pb || rb=$?
if [ $ra -ne 0 ] || [ $rb -ne 0 ]; then
  cat "$WORK/a.out" "$WORK/b.out"
  bad "two concurrent starts"
  exit 1
fi
ok "two concurrent starts"
pa=$(. "$A/env"; echo "$SLURM_CLUSTER_CTLD_PORT")
pb=$(. "$B/env"; echo "$SLURM_CLUSTER_CTLD_PORT")
check "distinct ports ($pa, $pb)" [ "$pa" != "$pb" ]

run_on() {   # run_on DIR: the checks on one cluster (in a subshell: its own SLURM_CONF)
  (
    # shellcheck disable=SC1091
    source "$1/env"
    cd "$SLURM_CLUSTER_TMP"
    tag="[$SLURM_CLUSTER_NAME]"
    idle=$(sinfo -h -N -p batch -o %t | grep -c '^idle$') || true
    check "$tag 4 idle nodes" [ "$idle" = 4 ]

    j=$("${NOBODY[@]}" sbatch --parsable -o /dev/null --wrap 'sleep 2')
    check "$tag nobody's job held" \
      [ "$(squeue -h -j "$j" -o '%T %r %Q')" = "PENDING JobHeldUser 0" ]
    for upd in "release $j" "update JobId=$j Priority=100" "update JobId=$j Nice=10" "uhold $j"; do
      # shellcheck disable=SC2086
      if out=$("${NOBODY[@]}" scontrol $upd 2>&1); then
        bad "$tag nobody's 'scontrol $upd' refused (it succeeded)"
      else
        check "$tag nobody's 'scontrol $upd' refused" grep -q "pending scheduler release" <<<"$out"
      fi
    done
    sleep 2
    check "$tag still held 2 s later" [ "$(squeue -h -j "$j" -o '%T %Q')" = "PENDING 0" ]

    scontrol update JobId="$j" ReqNodeList=n3 NumNodes=1
    scontrol release "$j"
    check "$tag root's release runs it" wait_state "$j" RUNNING
    check "$tag on the node given" [ "$(squeue -h -t all -j "$j" -o %N)" = n3 ]
    check "$tag completes" wait_state "$j" COMPLETED

    h=$("${NOBODY[@]}" sbatch -H --parsable -o /dev/null --wrap true)
    check "$tag sbatch -H marked" grep -q 'AdminComment=mauirun:user_hold' <(scontrol show job "$h")
    scancel "$h"

    # the jobcomp line of $j (written when the job is completely done)
    t=$((SECONDS + 15))
    until grep -q "\"job_id\":$j," "$SLURM_CLUSTER_JOBCOMP" 2>/dev/null || [ $SECONDS -ge $t ]; do sleep 0.2; done
    check "$tag jobcomp line" python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
r = [x for x in rows if x["job_id"] == int(sys.argv[2])]
assert len(r) == 1 and r[0]["state"] == "COMPLETED" and r[0]["user"] == "nobody" \
  and r[0]["uid"] == 65534 and r[0]["nodes"] == "n3" and r[0]["end"] >= r[0]["start"] > 0, r
' "$SLURM_CLUSTER_JOBCOMP" "$j"
    exit $fails
  )
}

ra=0; rb=0
run_on "$A" >"$WORK/a.out" 2>&1 & pa=$!
run_on "$B" >"$WORK/b.out" 2>&1 & pb=$!
wait $pa || ra=$?
wait $pb || rb=$?
cat "$WORK/a.out" "$WORK/b.out"
fails=$((fails + ra + rb))

# 3. stop: none of the recorded daemons left
pids=$(cat "$A"/run/*.pid "$B"/run/*.pid 2>/dev/null | sort -u)
"$CLUSTER" stop "$A" >/dev/null
"$CLUSTER" stop "$B" >/dev/null
left=""
for p in $pids; do
  [ -d /proc/"$p" ] && [ "$(awk '{ print $3 }' /proc/"$p"/stat 2>/dev/null)" != Z ] && left+=" $p"
done
check "stop ended every daemon" [ -z "$left" ]

[ $fails -eq 0 ] && echo "selftest: all good" || echo "selftest: FAILED (see FAIL lines above)"
exit $((fails > 0))
