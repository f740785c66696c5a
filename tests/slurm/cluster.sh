#!/usr/bin/env bash
# A private, single-host Slurm 22.05 test cluster (Debian 12 packages) for mauirun's tests.
#
#   tests/slurm/cluster.sh start DIR   # fresh cluster under DIR; returns once Slurm schedules
#   tests/slurm/cluster.sh stop DIR    # cancel its jobs, stop only the daemons it started
#   source DIR/env                     # SLURM_CONF and friends for the Slurm commands
#   tests/slurm/cluster.sh stop-ctld DIR   # only slurmctld (tests of "Slurm unreachable")
#   tests/slurm/cluster.sh start-ctld DIR  # slurmctld again, on its saved state (jobs kept)
#   tests/slurm/cluster.sh merge-conf DIR FILE  # slurm.conf = the one of the start, FILE merged in
#                                               # (as SLURM_CLUSTER_CONF_EXTRA; restart slurmctld after)
#
# Environment (optional): SLURM_CLUSTER_JOB_SUBMIT_LUA (another job_submit.lua),
# SLURM_CLUSTER_SCHEDULER_UID (the uid the lua lets release, default 0),
# SLURM_CLUSTER_START_TIMEOUT (s, default 60; start-ctld waits 90 at least), SLURM_CLUSTER_TRACE=1 (step timestamps),
# SLURM_CLUSTER_SCHEDULER=backfill (Slurm's own sched/backfill and no job_submit.lua: what the
# benchmarks compare mauirun serve with; default: builtin, every job held for the scheduler).
# SLURM_CLUSTER_ACCOUNTING=1: Slurm's accounting database as well (limits, QOS, fairshare and
# sacct live there): a private MariaDB (Debian's mariadb-server, run as mysql under DIR/db on a
# Unix socket only, no TCP) and slurmdbd on a port of its own, with
# AccountingStorageType=accounting_storage/slurmdbd; the cluster is registered (sacctmgr add
# cluster: account root with user root) before slurmctld starts. About 4.5 s more per start.
# SLURM_CLUSTER_CONF_EXTRA=FILE: slurm.conf lines that replace the generated ones of the same
# key (a PartitionName= or NodeName= line the line of that partition or node), the rest added
# at the end: how a test loads the slurm.conf lines `mauic migrate` writes.
#
# Shape: munged + slurmctld + 4 x `slurmd -D -N nX` (n1..n4, 4 CPUs, RealMemory=4096 each),
# all on 127.0.0.1; partitions `batch` (default) and `debug`, both over all nodes; n3 and n4 have
# two GPUs each (gres gpu, plain files under DIR/dev), n4 the feature `fast`.
# Every job is held at submission by examples/slurm/job_submit.lua: Slurm never starts a
# job by itself, only once the outside scheduler (root here) released it.
#
# Everything (config, munge key and socket, state, spool, logs, pids) lives under DIR, so
# several clusters can run at once (ctest runs tests in parallel): ports are picked free at
# start under a global flock, the ClusterName is derived from DIR, nothing goes to /etc or /var.
#
# Measured on the 2-core Debian 12 machine (tests/slurm/NOTES.md):
#   start, fresh (packages present): 3.8 s idle machine, 5.3-5.9 s with a C++ build running
#   (load 8), ~3 s of it waiting for slurmctld's first scheduler pass; three concurrent
#   starts: ready after ~5, 6.6 and 9.3 s (loaded); no-op start of a running cluster 0.2 s;
#   stop: 2.1-2.5 s without jobs (52 s with 10,000 queued jobs to cancel).
#   The accounting mode: start 18 s at load 16 (7.5 s of it the database's first install, 6 s
#   slurmdbd and the cluster's registration); stop 3.8 s.
set -euo pipefail

PACKAGES=(slurmctld slurmd slurm-client munge slurm-wlm-basic-plugins liblua5.1-0)
# the accounting mode's: slurmdbd brings slurm-wlm-mysql-plugin (accounting_storage/mysql)
ACCOUNTING_PACKAGES=(mariadb-server slurmdbd)
[ "${SLURM_CLUSTER_ACCOUNTING:-0}" = 1 ] && PACKAGES+=("${ACCOUNTING_PACKAGES[@]}")
NODES=(n1 n2 n3 n4)
# A global lock: two `start` calls must not pick the same free ports (a port is only seen
# as taken once a daemon listens on it); held from the choice until the daemons listen
# (~1 s, up to 3 s on a loaded machine). $LOCK.apt serializes package installs.
LOCK=/run/lock/mauirun-slurm-cluster.lock
[ -d /run/lock ] || LOCK=/tmp/mauirun-slurm-cluster.lock
START_TIMEOUT=${SLURM_CLUSTER_START_TIMEOUT:-60}   # seconds, whole readiness wait
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LUA_SRC=${SLURM_CLUSTER_JOB_SUBMIT_LUA:-$HERE/../../examples/slurm/job_submit.lua}

die() { echo "cluster.sh: $*" >&2; exit 1; }

# SLURM_CLUSTER_TRACE=1: timestamps of the start's steps on stderr (to see where time goes)
trace() { [ -z "${SLURM_CLUSTER_TRACE:-}" ] || echo "cluster.sh: $(date +%T.%N | cut -c1-12) $*" >&2; }

usage() { die "usage: $0 start|stop|stop-ctld|start-ctld DIR, or $0 merge-conf DIR FILE"; }

install_packages() {
  local missing=() p
  is_missing() {
    local installed
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null | \
      awk '/ install ok installed$/ { print $1 }') || true
    missing=()
    for p in "${PACKAGES[@]}"; do grep -qx "$p" <<<"$installed" || missing+=("$p"); done
    [ ${#missing[@]} -gt 0 ]
  }
  is_missing || return 0
  # one apt at a time among concurrent starts (fd 7: fd 9 is the ports lock)
  exec 7>>"$LOCK.apt"
  flock 7
  if ! is_missing; then exec 7>&-; return 0; fi
  echo "cluster.sh: installing ${missing[*]}" >&2
  local SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  # Another apt may hold the dpkg lock (unattended upgrades, a parallel CI step): wait for it.
  for _ in $(seq 1 300); do
    fuser /var/lib/dpkg/lock-frontend /var/lib/dpkg/lock >/dev/null 2>&1 || break
    sleep 2
  done
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q
  # mariadb-server and slurmdbd would start the system-wide services (a MariaDB on
  # /var/lib/mysql): forbid service starts during the install unless a policy already exists
  # (Docker images ship one), and remove only the policy written here.
  local policy=/usr/sbin/policy-rc.d wrote_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# written by tests/slurm/cluster.sh during an install\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod 0755 "$policy"
    wrote_policy=1
  fi
  local rc=0
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q \
    --no-install-recommends "${missing[@]}" || rc=$?
  [ -z "$wrote_policy" ] || $SUDO rm -f "$policy"
  [ $rc -eq 0 ] || die "apt-get install ${missing[*]} failed"
  exec 7>&-
  # The Debian packages enable and start the system-wide daemons (/etc/slurm has no
  # slurm.conf, so slurmctld/slurmd fail at once, munged runs with /etc/munge's key). They
  # are not ours and not needed; leave them alone rather than stop what we did not start.
}

# Ports listening right now, one per line.
listening_ports() { ss -Hltn | awk '{ n = split($4, a, ":"); print a[n] }' | sort -un; }

# The ports a cluster listens on: slurmctld, n1..n4, and slurmdbd's in the accounting mode.
port_count() { if accounting; then echo 6; else echo 5; fi; }

# Picks port_count consecutive ports free on this host (slurmctld, n1..n4, slurmdbd), starting
# from a place derived from DIR so that concurrent clusters rarely even probe the same ports.
# Only called under the global lock, and the lock is held until the daemons listen.
pick_ports() {
  local used base i ok count
  count=$(port_count)
  used=$(listening_ports)
  base=$(( 20000 + ($(printf '%s' "$DIR" | cksum | cut -d' ' -f1) % 1600) * 6 ))
  for _ in $(seq 1 2000); do
    ok=1
    for ((i = 0; i < count; i++)); do
      if grep -qx "$((base + i))" <<<"$used"; then ok=0; break; fi
    done
    if [ $ok -eq 1 ]; then echo "$base"; return 0; fi
    base=$(( base + count )); [ $base -lt 29990 ] || base=20000
  done
  die "no $count consecutive free ports in 20000-29999"
}

# The accounting mode: asked for at start (SLURM_CLUSTER_ACCOUNTING=1), then remembered in DIR
# (stop and start-ctld are called without the variable).
accounting() {
  if [ -f "$DIR/etc/slurmdbd.conf" ]; then return 0; fi
  [ "${SLURM_CLUSTER_ACCOUNTING:-0}" = 1 ] && [ ! -f "$DIR/env" ]
}

# Alive and not a zombie: our daemons are re-parented to pid 1 once this script exits, and
# pid 1 here (a container's init) may leave them as zombies for a while after they exited.
pid_alive() {
  [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null || return 1
  local st
  st=$(awk '{ print $3 }' /proc/"$1"/stat 2>/dev/null) || return 1
  [ "$st" != Z ]
}

# Is the daemon recorded in DIR/run/NAME.pid still the process we started? (a pid may be
# reused after a reboot or a long time: compare the command line too)
recorded_pid() {
  local f="$DIR/run/$1.pid" pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  pid_alive "$pid" || return 1
  # slurmdbd takes no path on its command line: it finds its config through SLURM_CONF
  cat /proc/"$pid"/cmdline /proc/"$pid"/environ 2>/dev/null | tr '\0' ' ' | grep -qF -- "$DIR" || return 1
  echo "$pid"
}

# Is the daemon we have just spawned still running? While it starts, its pid file holds the pid
# `spawn` recorded, and /proc/PID/cmdline may read empty for a moment while setsid execs the
# daemon (seen under load: a slurmd reported dead with nothing in its logs), so during a start
# only the process itself is checked; recorded_pid's command-line check is for pid files that
# may be stale (a reboot, a long time).
spawned_alive() {
  local f="$DIR/run/$1.pid"
  [ -f "$f" ] && pid_alive "$(cat "$f")"
}

# Our daemons by the names of their pid files, in start order.
daemons() {
  echo munged
  accounting && echo mariadbd slurmdbd
  echo slurmctld "${NODES[@]/#/slurmd-}"
}

all_running() {
  local d
  for d in $(daemons); do recorded_pid "$d" >/dev/null || return 1; done
}

# Starts a daemon in the background in its own session, stdin/stdout/stderr detached from the
# caller (ctest and the test scripts wait for their pipes to close) and without fd 9 (the lock).
# Records the pid in DIR/run/NAME.pid (our own file: the daemons' pid files are theirs).
spawn() {
  local name=$1; shift
  setsid "$@" </dev/null >>"$DIR/log/$name.out" 2>&1 9>&- &
  echo $! >"$DIR/run/$name.pid"
}

log_tail() {
  local f
  for f in "$DIR"/log/*.log "$DIR"/log/*.out; do
    [ -s "$f" ] || continue
    echo "---- tail $f" >&2
    tail -n 15 "$f" >&2
  done
}

# Everything but slurm.conf and env (which hold the ports): written before the lock.
write_files() {
  : >"$DIR/etc/plugstack.conf"

  # job_submit/lua reads job_submit.lua from slurm.conf's directory.
  cp "$LUA_SRC" "$DIR/etc/job_submit.lua"
  # The scheduler's uid for the lua filter (root in tests), read beside the script.
  # SLURM_CLUSTER_SCHEDULER_UID=N at start gives another uid (default root).
  echo "${SLURM_CLUSTER_SCHEDULER_UID:-0}" >"$DIR/etc/job_submit.scheduler_uid"

  # Epilog: runs (as root, on the node's slurmd) after each job. If a test writes a number of
  # seconds into DIR/ctl/epilog_sleep, jobs stay in COMPLETING that long.
  cat >"$DIR/etc/epilog.sh" <<EOF
#!/bin/sh
f=$DIR/ctl/epilog_sleep
[ -s "\$f" ] && sleep "\$(cat "\$f")"
exit 0
EOF

  # jobcomp/script: slurmctld runs this once per finished job, with the job's facts in the
  # environment; we append one JSON object per line to DIR/log/jobcomp.jsonl.
  # Fields (strings unless noted; times are epoch seconds, 0 if unknown), from the variables
  # Slurm 22.05 sets (JOBID, UID, JOBSTATE, ...):
  #   job_id (number); array_job_id, array_task_id (numbers, null outside job arrays);
  #   user, uid (number), group, gid (number), account, partition, qos, reservation, name,
  #   state (COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, PREEMPTED, OUT_OF_MEMORY,
  #   DEADLINE...), exit_code ("status:signal" as sacct shows it, e.g. "3:0", "0:9"),
  #   derived_exit_code, submit, start, end (numbers; a job cancelled while pending has
  #   start = end = the cancel time), time_limit ("[D-]HH:MM:SS" as Slurm prints it, e.g.
  #   "00:01:00", or "UNLIMITED"), procs, node_count (numbers, 0 if it never ran), nodes
  #   (hostlist, e.g. "n[1-2]"), batch ("yes"/"no"), dependency, constraints, work_dir,
  #   stdout, stderr (as submitted, "" if default).
  # Measured: a job cancelled while running gets exit_code "0:0" here (squeue --json shows
  # exit_code 15, the raw wait status); a job that exited 1 gets "1:0" (squeue: 256).
  # Every string is escaped (quotes, backslashes, control characters; invalid UTF-8 dropped).
  # A line is written with one write under flock: readers consume whole lines only.
  cat >"$DIR/etc/jobcomp.sh" <<'EOF'
#!/bin/bash
# generated by tests/slurm/cluster.sh: one JSON line per finished job (see cluster.sh)
# slurmctld runs this serially, once per job: no subshell per field (forks are slow here).
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C
log=__LOG__
# js VALUE: R = VALUE as a JSON string: \ and " escaped, control characters as \u00XX,
# invalid UTF-8 dropped (iconv, only for values with bytes >= 0x80).
js() {
  local s=$1 out="" c i
  if [[ $s == *[$'\x80'-$'\xff']* ]]; then
    s=$(printf '%s' "$s" | iconv -f UTF-8 -t UTF-8 -c 2>/dev/null) || s=""
  fi
  s=${s//\\/\\\\}; s=${s//\"/\\\"}
  if [[ $s == *[$'\x01'-$'\x1f'$'\x7f']* ]]; then
    for ((i = 0; i < ${#s}; i++)); do
      c=${s:i:1}
      case $c in
        [$'\x01'-$'\x1f'$'\x7f']) printf -v c '\\u%04x' "'$c" ;;
      esac
      out+=$c
    done
    s=$out
  fi
  R="\"$s\""
}
# jn VALUE: R = VALUE as a JSON number, 0 when empty or not a number.
jn() { if [[ ${1:-} =~ ^[0-9]+$ ]]; then R=$1; else R=0; fi; }
# array fields: null outside arrays (Slurm passes 0 and NO_VAL = 4294967294 there)
if [ "${ARRAYJOBID:-0}" = 0 ]; then arr=null; task=null
else jn "$ARRAYJOBID"; arr=$R; jn "${ARRAYTASKID:-}"; task=$R; fi
jn "${JOBID:-}"; line="{\"job_id\":$R,\"array_job_id\":$arr,\"array_task_id\":$task"
# key:VARIABLE is a string, key:=VARIABLE a number
for f in user:USERNAME uid:=UID group:GROUPNAME gid:=GID account:ACCOUNT partition:PARTITION \
         qos:QOS reservation:RESERVATION name:JOBNAME state:JOBSTATE exit_code:EXITCODE \
         derived_exit_code:DERIVED_EC submit:=SUBMIT start:=START end:=END time_limit:LIMIT \
         procs:=PROCS node_count:=NODECNT nodes:NODES batch:BATCH dependency:DEPENDENCY \
         constraints:CONSTRAINTS work_dir:WORK_DIR stdout:STDOUT stderr:STDERR; do
  key=${f%%:*}; var=${f#*:}
  if [ "${var:0:1}" = = ]; then var=${var:1}; jn "${!var:-}"; else js "${!var:-}"; fi
  line+=",\"$key\":$R"
done
line+="}"
exec 8>>"$log"
flock 8
printf '%s\n' "$line" >&8
EOF
  sed -i "s|__LOG__|'$DIR/log/jobcomp.jsonl'|" "$DIR/etc/jobcomp.sh"
  chmod 0755 "$DIR/etc/jobcomp.sh" "$DIR/etc/epilog.sh"

}

# slurm.conf and DIR/env, once the ports are chosen (under the lock).
write_config() {
  local port=$1 cluster
  # ClusterName: lower case, at most ~ 30 chars, one per DIR (slurmctld refuses to start on
  # a state directory saved by another cluster name, and a shared name would mix up the
  # munge-signed messages' meaning between clusters).
  cluster="mr$(printf '%s' "$DIR" | cksum | cut -d' ' -f1)"
  local scheduler_type=sched/builtin submit_plugins=JobSubmitPlugins=lua
  if [ "${SLURM_CLUSTER_SCHEDULER:-builtin}" = backfill ]; then
    scheduler_type=sched/backfill submit_plugins="# (no job_submit filter: Slurm schedules by itself)"
  fi
  local storage="JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none"
  if accounting; then
    # AccountingStoragePass names the munge socket for talking to slurmdbd: AuthInfo's socket
    # is not used for that connection (without it sacctmgr tried /run/munge and failed).
    storage="JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$((port + 5))
AccountingStoragePass=$DIR/munge/munge.socket"
  fi
  # Two GPUs on n3 and n4: plain files stand in for the devices (a count-only gres.conf line
  # makes the nodes INVAL, "gres/gpu count reported lower than configured").
  mkdir -p "$DIR/dev"
  touch "$DIR/dev/gpu0" "$DIR/dev/gpu1"
  printf 'AutoDetect=off\nNodeName=n[3-4] Name=gpu File=%s/dev/gpu[0-1]\n' "$DIR" >"$DIR/etc/gres.conf"
  cat >"$DIR/etc/slurm.conf" <<EOF
# generated by tests/slurm/cluster.sh for $DIR - single-host test cluster on 127.0.0.1
ClusterName=$cluster
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
# n1..n4 listen on the 4 ports after slurmctld's (NodeName Port=[a-b] below)
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# our own munged: its socket is under DIR (the clients read this line too)
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool/%n
SlurmctldPidFile=$DIR/run/slurmctld.daemon.pid
SlurmdPidFile=$DIR/run/slurmd-%n.daemon.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
# not /etc/slurm/plugstack.conf: nothing shared with the system's Slurm
PlugStackConfig=$DIR/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
$storage
# one JSON line per finished job in $DIR/log/jobcomp.jsonl (see jobcomp.sh)
JobCompType=jobcomp/script
JobCompLoc=$DIR/etc/jobcomp.sh
# every job held at submission, priority/hold/release only by the scheduler's uid
$submit_plugins
# The outside scheduler decides: sched/builtin only starts jobs that were released (held
# ones have priority 0); batch_sched_delay=0 lets a release take effect on slurmctld's next
# pass instead of up to 3 s later.
SchedulerType=$scheduler_type
SchedulerParameters=batch_sched_delay=0
# CompleteWait=0 (the default, written for clarity): a job in COMPLETING does not stop the
# scheduler from starting released jobs on other resources (measured: NOTES.md, fact c).
CompleteWait=0
PriorityType=priority/basic
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# the node sizes below win over what slurmd finds on this small host
SlurmdParameters=config_overrides
ReturnToService=2
# no automatic requeue: a requeued job would come back un-held and Slurm would start it
JobRequeue=0
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
TreeWidth=65533
# finished jobs stay visible to squeue / scontrol show job for 5 min
MinJobAge=300
# room for the 10,000-pending-jobs measurements (the default is 10000 in all)
MaxJobCount=50000
KillWait=5
SlurmdTimeout=60
InactiveLimit=0
# a test can keep jobs in COMPLETING: see epilog.sh
Epilog=$DIR/etc/epilog.sh
GresTypes=gpu
NodeName=n[1-2] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[$((port + 1))-$((port + 2))] CPUs=4 RealMemory=4096 State=UNKNOWN
NodeName=n3 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((port + 3)) CPUs=4 RealMemory=4096 Gres=gpu:2 State=UNKNOWN
NodeName=n4 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$((port + 4)) CPUs=4 RealMemory=4096 Gres=gpu:2 Feature=fast State=UNKNOWN
PartitionName=batch Nodes=ALL Default=YES MaxTime=INFINITE State=UP
PartitionName=debug Nodes=ALL Default=NO MaxTime=INFINITE State=UP
EOF
  [ -z "${SLURM_CLUSTER_CONF_EXTRA:-}" ] || merge_conf "$SLURM_CLUSTER_CONF_EXTRA" "$DIR/etc/slurm.conf"
  cp "$DIR/etc/slurm.conf" "$DIR/etc/slurm.conf.generated"  # what merge-conf starts from
  {
    echo "# generated by tests/slurm/cluster.sh: source it before running Slurm commands"
    echo "export SLURM_CONF='$DIR/etc/slurm.conf'"
    echo "export SLURM_CLUSTER_DIR='$DIR'"
    echo "export SLURM_CLUSTER_NAME='$cluster'"
    echo "export SLURM_CLUSTER_NODES='${NODES[*]}'"
    echo "export SLURM_CLUSTER_PARTITIONS='batch debug'"
    echo "export SLURM_CLUSTER_CTLD_PORT=$port"
    echo "# finished jobs, one JSON object per line (fields: etc/jobcomp.sh, cluster.sh)"
    echo "export SLURM_CLUSTER_JOBCOMP='$DIR/log/jobcomp.jsonl'"
    echo "# a world-writable directory for job output and as job working directory (nobody's jobs)"
    echo "export SLURM_CLUSTER_TMP='$DIR/tmp'"
    echo "# write a number of seconds here to keep finished jobs in COMPLETING that long"
    echo "export SLURM_CLUSTER_EPILOG_SLEEP='$DIR/ctl/epilog_sleep'"
    echo "# the uid the job_submit.lua filter lets hold/release/change priorities"
    echo "export SLURM_CLUSTER_SCHEDULER_UID=$(cat "$DIR/etc/job_submit.scheduler_uid")"
    if accounting; then
      echo "# accounting: slurmdbd's port; MariaDB's socket (mariadb --no-defaults -S ... -uroot)"
      echo "export SLURM_CLUSTER_ACCOUNTING=1"
      echo "export SLURM_CLUSTER_DBD_PORT=$((port + 5))"
      echo "export SLURM_CLUSTER_DB_SOCKET='$DIR/db/run/mysqld.sock'"
    fi
  } >"$DIR/env"
}

# merge_conf EXTRA CONF: the lines of EXTRA merged into CONF as an admin merges the slurm.conf
# lines `mauic migrate` writes: a Key=Value line replaces CONF's line of that key (keys matched
# case-insensitively, as Slurm reads them), added at the end; a PartitionName= or NodeName= line
# puts its attributes onto CONF's line of that partition or node (replacing those of the same
# name), or is added if CONF has none.
merge_conf() {
  local extra=$1 conf=$2
  [ -r "$extra" ] || die "SLURM_CLUSTER_CONF_EXTRA: cannot read $extra"
  awk -v extra="$extra" '
    function key(line,   k) {
      if (line ~ /^[ \t]*(#|$)/) return ""
      sub(/^[ \t]+/, "", line)
      k = tolower(line)
      if (k ~ /^(partitionname|nodename)=/) { sub(/[ \t].*/, "", k); return k }
      sub(/=.*/, "", k)
      return k
    }
    function object(k) { return k ~ /^(partitionname|nodename)=/ }
    # line with the attributes of `more` put on: same-named ones replaced, the others appended
    function merged(line, more,   n, m, i, j, a, b, name, done, out) {
      n = split(line, a, /[ \t]+/); m = split(more, b, /[ \t]+/)
      for (j = 2; j <= m; j++) { name = tolower(b[j]); sub(/=.*/, "", name); repl[name] = b[j] }
      out = a[1]
      for (i = 2; i <= n; i++) {
        name = tolower(a[i]); sub(/=.*/, "", name)
        if (name in repl) { out = out " " repl[name]; done[name] = 1 } else if (a[i] != "") out = out " " a[i]
      }
      for (j = 2; j <= m; j++) { name = tolower(b[j]); sub(/=.*/, "", name); if (!(name in done)) out = out " " b[j] }
      delete repl
      return out
    }
    BEGIN {
      while ((getline l < extra) > 0) {
        k = key(l)
        if (k == "") continue
        if (object(k)) objects[k] = l; else replaced[k] = 1
      }
      close(extra)
    }
    {
      k = key($0)
      if (k != "" && object(k) && (k in objects)) { print merged($0, objects[k]); used[k] = 1; next }
      if (!(k in replaced)) print
    }
    END {
      print "# ---- merged from " extra " (SLURM_CLUSTER_CONF_EXTRA)"
      while ((getline l < extra) > 0) { k = key(l); if (!(object(k) && (k in used))) print l }
    }' "$conf" >"$conf.merged"
  mv "$conf.merged" "$conf"
}

# Waits until ports FIRST..LAST listen (or one of our daemons died).
wait_listening() {
  local first=$1 last=$2 deadline=$((SECONDS + 20)) used i ok d
  while :; do
    used=$(listening_ports); ok=1
    for ((i = first; i <= last; i++)); do grep -qx "$i" <<<"$used" || { ok=0; break; }; done
    [ $ok -eq 1 ] && return 0
    for d in $(daemons); do
      [ -f "$DIR/run/$d.pid" ] || continue  # not started yet
      spawned_alive "$d" || { log_tail; die "$d exited during start ($DIR/log)"; }
    done
    [ $SECONDS -lt $deadline ] || { log_tail; die "daemons not listening on $first-$last after 20 s"; }
    sleep 0.1
  done
}

# The accounting database: a private MariaDB run as mysql, everything under DIR/db (the
# recipe: --no-defaults first, or it reads /etc/mysql; Unix socket only), with a database and a
# user for slurmdbd whose password is made anew at every start and kept in slurmdbd.conf only.
start_database() {
  local db=$DIR/db
  rm -rf "$db"
  mkdir -p "$db/data" "$db/run"
  chown -R mysql:mysql "$db"
  chmod 0750 "$db"
  mariadb-install-db --no-defaults --user=mysql --datadir="$db/data" \
    --auth-root-authentication-method=normal --skip-test-db --innodb-log-file-size=64M \
    >"$DIR/log/mariadb-install-db.out" 2>&1 || { cat "$DIR/log/mariadb-install-db.out" >&2; die "mariadb-install-db failed"; }
  spawn mariadbd mariadbd --no-defaults --user=mysql --datadir="$db/data" --socket="$db/run/mysqld.sock" \
    --pid-file="$db/run/mariadbd.pid" --log-error="$db/mariadbd.log" --skip-networking --skip-name-resolve \
    --innodb-log-file-size=64M --innodb-lock-wait-timeout=900 --innodb-buffer-pool-size=128M
  local t=$((SECONDS + 20))
  until mariadb-admin --no-defaults -S "$db/run/mysqld.sock" -uroot ping >/dev/null 2>&1; do
    spawned_alive mariadbd || { tail -n 20 "$db/mariadbd.log" >&2; die "mariadbd exited"; }
    [ $SECONDS -lt $t ] || { tail -n 20 "$db/mariadbd.log" >&2; die "MariaDB not answering after 20 s"; }
    sleep 0.1
  done
  DB_PASSWORD=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
  mariadb --no-defaults -S "$db/run/mysqld.sock" -uroot -e "
    CREATE DATABASE IF NOT EXISTS slurm_acct_db;
    CREATE USER IF NOT EXISTS 'slurm'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
    ALTER USER 'slurm'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
    GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';" || die "cannot create slurmdbd's database"
}

# slurmdbd.conf beside slurm.conf (slurmdbd has no -f: it reads the one in SLURM_CONF's
# directory), root's and mode 600 or slurmdbd refuses it.
write_dbd_config() {
  local port=$1
  (umask 077; cat >"$DIR/etc/slurmdbd.conf" <<EOF
# generated by tests/slurm/cluster.sh for $DIR
AuthType=auth/munge
AuthInfo=socket=$DIR/munge/munge.socket
DbdHost=localhost
DbdPort=$port
SlurmUser=root
DebugLevel=info
PidFile=$DIR/run/slurmdbd.daemon.pid
LogFile=$DIR/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=$DB_PASSWORD
StorageLoc=slurm_acct_db
EOF
  )
}

# slurmdbd on its port, then the cluster registered before slurmctld starts (`add cluster`
# makes the tables, account root and its user root). slurmdbd's MySQL client passes no socket:
# MYSQL_UNIX_PORT points it at ours (StorageHost=localhost would mean /run/mysqld's).
start_dbd() {
  local port=$1 cluster
  cluster=$(. "$DIR/env"; echo "$SLURM_CLUSTER_NAME")
  spawn slurmdbd env SLURM_CONF="$SLURM_CONF" MYSQL_UNIX_PORT="$DIR/db/run/mysqld.sock" slurmdbd -D
  wait_listening "$port" "$port"
  local t=$((SECONDS + 20))
  until sacctmgr -n -P show cluster format=cluster >/dev/null 2>&1; do
    spawned_alive slurmdbd || { log_tail; die "slurmdbd exited"; }
    [ $SECONDS -lt $t ] || { log_tail; die "slurmdbd not answering after 20 s"; }
    sleep 0.1
  done
  sacctmgr -i add cluster "$cluster" >/dev/null || die "sacctmgr add cluster $cluster failed"
}

# Ready = sinfo shows n1..n4 idle and sdiag reports at least one main scheduler cycle
# (slurmctld's first pass comes ~3 s after it starts; jobs released before wait for it).
# wait_ready up: nodes may be busy (a restarted slurmctld with running jobs): idle, mixed or
# allocated, and responding (no `*`).
wait_ready() {
  local deadline=$((SECONDS + START_TIMEOUT)) idle cycles want='^idle$'
  [ "${1:-}" = up ] && want='^(idle|mix|alloc)$'
  while :; do
    idle=$(sinfo -h -N -p batch -o '%N %t' 2>/dev/null | awk -v w="$want" '$2 ~ w' | wc -l) || idle=0
    cycles=$(sdiag 2>/dev/null | awk -F: '/^Main schedule statistics/ { m = 1 } m && /Total cycles/ { gsub(/ /, "", $2); print $2; exit }') || cycles=""
    if [ "$idle" -eq ${#NODES[@]} ] && [ "${cycles:-0}" -ge 1 ]; then return 0; fi
    if [ $SECONDS -ge $deadline ]; then
      echo "cluster.sh: not ready after ${START_TIMEOUT} s: $idle/${#NODES[@]} nodes ${1:-idle}, ${cycles:-no} scheduler cycles" >&2
      sinfo -N >&2 || true
      log_tail
      exit 1
    fi
    sleep 0.2
  done
}

start() {
  # slurmd makes a Unix socket per job step under DIR/spool/<node>/ (e.g. n1_12.4294967291):
  # a path over 108 bytes fails every multi-node job launch ("Unix socket path ... is too long").
  local longest="$DIR/spool/n4/n4_4294967294.4294967291"
  [ ${#longest} -le 107 ] || die "DIR is too long (${#DIR} bytes): the step sockets under it would pass the 108-byte limit of a Unix socket path; use a shorter one"
  if [ -f "$DIR/env" ] && all_running; then
    # already up: a no-op, but still make sure it schedules
    # shellcheck disable=SC1091
    source "$DIR/env"
    wait_ready
    echo "cluster.sh: already running ($DIR)"
    return 0
  fi
  # leftovers of a cluster that died halfway: stop what we recorded, then start fresh
  [ -d "$DIR/run" ] && stop_daemons
  mkdir -p "$DIR"
  install_packages
  # A fresh cluster every time: no job state, spool or logs from an earlier run.
  local with_accounting=""
  accounting && with_accounting=1
  rm -rf "$DIR/etc" "$DIR/state" "$DIR/spool" "$DIR/log" "$DIR/run" "$DIR/munge" "$DIR/tmp" "$DIR/ctl" "$DIR/env" "$DIR/db"
  mkdir -p "$DIR"/{etc,state,log,run,munge,ctl} "${NODES[@]/#/$DIR/spool/}"
  mkdir -m 1777 "$DIR/tmp"
  # nobody (the tests' second uid) must reach slurm.conf and the munge socket: every
  # directory on the way is world-traversable, the files world-readable, except the key.
  chmod 0755 "$DIR" "$DIR/etc" "$DIR/munge" "$DIR/log" "$DIR/ctl"
  local d="$DIR" modes
  modes=$(d=$DIR; while [ "$d" != / ]; do d=${d%/*}; [ -n "$d" ] || d=/; echo "$d"; done | xargs stat -c '%a %n')
  while read -r m d; do
    [ $(( 0$m & 1 )) -eq 1 ] || \
      echo "cluster.sh: warning: $d is not world-traversable: nobody cannot use this cluster" >&2
  done <<<"$modes"
  write_files
  trace "files written"

  # munged with a private key: messages of one cluster mean nothing to another.
  dd if=/dev/urandom of="$DIR/etc/munge.key" bs=1024 count=1 status=none
  chmod 0400 "$DIR/etc/munge.key"
  spawn munged munged --foreground --force --socket="$DIR/munge/munge.socket" \
    --key-file="$DIR/etc/munge.key" --pid-file="$DIR/run/munged.daemon.pid" \
    --log-file="$DIR/log/munged.log" --seed-file="$DIR/munge/munged.seed"
  local t=$((SECONDS + 10))
  until [ -S "$DIR/munge/munge.socket" ]; do
    spawned_alive munged || { log_tail; die "munged exited"; }
    [ $SECONDS -lt $t ] || { log_tail; die "no munge socket after 10 s"; }
    sleep 0.05
  done
  trace "munged up"
  if [ -n "$with_accounting" ]; then
    start_database
    trace "mariadbd up"
  fi

  # From choosing the ports until the daemons listen on them: one start at a time.
  exec 9>>"$LOCK"
  flock 9
  trace "lock taken"
  local port
  port=$(pick_ports)
  export SLURM_CONF="$DIR/etc/slurm.conf"
  if [ -n "$with_accounting" ]; then
    write_dbd_config $((port + 5))  # first: accounting() is now true without the variable
    write_config "$port"
    start_dbd $((port + 5))
    trace "slurmdbd up, cluster registered"
  else
    write_config "$port"
  fi

  spawn slurmctld slurmctld -D -f "$SLURM_CONF"
  local n
  for n in "${NODES[@]}"; do spawn "slurmd-$n" slurmd -D -N "$n" -f "$SLURM_CONF"; done
  trace "daemons spawned"
  wait_listening "$port" $((port + $(port_count) - 1))
  # ports taken: the next concurrent `start` may now pick its own
  flock -u 9
  exec 9>&-
  trace "lock released, daemons listening"
  wait_ready
  trace "ready"
  echo "cluster.sh: ready: source $DIR/env (ClusterName $(. "$DIR/env"; echo "$SLURM_CLUSTER_NAME"), ports $port-$((port + $(port_count) - 1))${with_accounting:+, with accounting})"
}

# TERM the recorded daemons, KILL those still alive 10 s later. Only our pids.
# munged last: slurmctld and slurmd still sign messages while they shut down (with munged
# gone first, slurmctld's shutdown hung for more than 10 s). In the accounting mode slurmctld
# flushes to slurmdbd and slurmdbd to MariaDB as they stop: each after the one it serves.
stop_daemons() {
  term_wait slurmctld "${NODES[@]/#/slurmd-}"
  term_wait slurmdbd
  term_wait mariadbd munged
  rm -f "$DIR"/run/*.pid
}

term_wait() {
  local pids=() d p
  for d in "$@"; do
    p=$(recorded_pid "$d") && pids+=("$p")
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  local deadline=$((SECONDS + 10)) alive
  while :; do
    alive=()
    for p in "${pids[@]}"; do pid_alive "$p" && alive+=("$p"); done
    [ ${#alive[@]} -eq 0 ] && break
    if [ $SECONDS -ge $deadline ]; then
      echo "cluster.sh: killing ${alive[*]} (still alive 10 s after TERM)" >&2
      kill -KILL "${alive[@]}" 2>/dev/null || true
      break
    fi
    sleep 0.1
  done
}

stop() {
  [ -d "$DIR/run" ] || { echo "cluster.sh: nothing to stop in $DIR"; return 0; }
  # With slurmctld down (stop-ctld) jobs cannot be cancelled, and their processes (under
  # slurmstepd, not ours) would outlive the slurmds: bring slurmctld back first.
  local n any=""
  for n in "${NODES[@]}"; do recorded_pid "slurmd-$n" >/dev/null && any=1; done
  if [ -n "$any" ] && ! recorded_pid slurmctld >/dev/null && recorded_pid munged >/dev/null; then
    echo "cluster.sh: slurmctld is down: starting it to cancel the jobs" >&2
    ( START_TIMEOUT=20; start_ctld >/dev/null ) || echo "cluster.sh: could not start slurmctld" >&2
  fi
  if recorded_pid slurmctld >/dev/null && [ -f "$DIR/etc/slurm.conf" ]; then
    export SLURM_CONF="$DIR/etc/slurm.conf"
    # jobs first: their processes are children of our slurmds' slurmstepd, which a TERM of
    # slurmd does not end; wait (bounded) until none is left running or completing.
    local ids deadline=$((SECONDS + 15))
    # all jobs of all users, pending (held) ones too; then wait for the active ones to end
    ids=$(squeue -h -t all -o %i 2>/dev/null) || ids=""
    # shellcheck disable=SC2086
    [ -z "$ids" ] || scancel --quiet $ids 2>/dev/null || true
    while ids=$(squeue -h -t running,completing,suspended,configuring -o %i 2>/dev/null) && [ -n "$ids" ]; do
      [ $SECONDS -lt $deadline ] || { echo "cluster.sh: jobs still active after 15 s: $ids" >&2; break; }
      # shellcheck disable=SC2086
      scancel --quiet $ids 2>/dev/null || true
      sleep 0.2
    done
  fi
  stop_daemons
  echo "cluster.sh: stopped ($DIR)"
}

# slurmctld alone, for tests of an unreachable controller: its jobs keep running on the
# slurmds; started again, it recovers them from DIR/state.
stop_ctld() {
  local p
  p=$(recorded_pid slurmctld) || { echo "cluster.sh: slurmctld not running ($DIR)"; return 0; }
  kill -TERM "$p"
  local deadline=$((SECONDS + 10))
  while pid_alive "$p"; do
    [ $SECONDS -lt $deadline ] || { kill -KILL "$p" 2>/dev/null || true; break; }
    sleep 0.1
  done
  rm -f "$DIR/run/slurmctld.pid"
  echo "cluster.sh: slurmctld stopped ($DIR)"
}

start_ctld() {
  [ -f "$DIR/env" ] || die "no cluster in $DIR"
  # shellcheck disable=SC1091
  source "$DIR/env"
  if ! recorded_pid slurmctld >/dev/null; then
    local port=$SLURM_CLUSTER_CTLD_PORT deadline=$((SECONDS + 20))
    # its port may be taken meanwhile only by another cluster's start: same lock
    exec 9>>"$LOCK"
    flock 9
    spawn slurmctld slurmctld -D -f "$SLURM_CONF"
    until listening_ports | grep -qx "$port"; do
      spawned_alive slurmctld || { log_tail; die "slurmctld exited during start"; }
      [ $SECONDS -lt $deadline ] || { log_tail; die "slurmctld not listening on $port after 20 s"; }
      sleep 0.1
    done
    flock -u 9
    exec 9>&-
  fi
  wait_ready up
  echo "cluster.sh: slurmctld running ($DIR)"
}

[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = merge-conf ]; } || usage
case $2 in /*) DIR=$2 ;; *) DIR=$PWD/$2 ;; esac
DIR=$(realpath -m "$DIR")
case $1 in
  start) start ;;
  stop) stop ;;
  stop-ctld) stop_ctld ;;
  start-ctld)
    # A restarted slurmctld may make its first scheduler pass only at its periodic one, 60 s
    # (sched_interval) after it started: seen once in a loaded ctest run, nodes up and 0 cycles
    # at a 60 s bound. The wait is longer than that period.
    if [ "$START_TIMEOUT" -lt 90 ]; then START_TIMEOUT=90; fi
    start_ctld
    ;;
  merge-conf)
    [ -f "$DIR/etc/slurm.conf.generated" ] || die "no cluster in $DIR"
    cp "$DIR/etc/slurm.conf.generated" "$DIR/etc/slurm.conf.next"
    merge_conf "$(realpath "$3")" "$DIR/etc/slurm.conf.next"
    mv "$DIR/etc/slurm.conf.next" "$DIR/etc/slurm.conf"
    ;;
  *) usage ;;
esac
