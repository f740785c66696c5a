#!/bin/sh
# sacctmgr.sh: the accounting side of the policy of input.cfg (QOS, accounts, users and their
# limits, shares, QOS lists and priorities) for Slurm 22.05, written by `mauic migrate --to slurm`.
# Run it first, where sacctmgr reaches your slurmdbd (slurmctld need not run: slurmdbd passes the
# changes on). Idempotent: what exists is kept, and each `modify` sets its value again.
set -eu

# ensure_qos NAME, ensure_account NAME, ensure_user NAME ACCOUNT: add what does not exist yet
# (sacctmgr's `add` fails on what exists, "Nothing new added"); an account goes under root.
ensure_qos() {
  [ -n "$(sacctmgr -n -P show qos where name="$1" format=name)" ] || sacctmgr -i add qos "$1"
}
ensure_account() {
  [ -n "$(sacctmgr -n -P show account where name="$1" format=account)" ] || sacctmgr -i add account "$1"
}
ensure_user() {
  [ -n "$(sacctmgr -n -P show assoc where user="$1" account="$2" format=user)" ] ||
    sacctmgr -i add user "$1" account="$2"
}

# input.cfg:13: QOSCFG[big]
ensure_qos big

# input.cfg:7: QOSCFG[express]
ensure_qos express

# input.cfg:12: QOSCFG[fast]
ensure_qos fast

# input.cfg:10: QOSCFG[normal]
ensure_qos normal

# input.cfg:8: QOSCFG[scavenger]
ensure_qos scavenger

sacctmgr -i modify qos where name=big set Priority=100

# input.cfg:7: PRIORITY=1000
sacctmgr -i modify qos where name=express set Priority=1100

# input.cfg:7: QFLAGS=PREEMPTOR,NORESERVATION
# input.cfg:10: QFLAGS=NOBF,PREEMPTOR
# input.cfg:8: QFLAGS=PREEMPTEE:RESTARTPREEMPT
sacctmgr -i modify qos where name=express set Preempt=scavenger

# input.cfg:7: QFLAGS=PREEMPTOR,NORESERVATION
sacctmgr -i modify qos where name=express set Flags=NoReserve

sacctmgr -i modify qos where name=fast set Priority=100

sacctmgr -i modify qos where name=normal set Priority=100

# input.cfg:7: QFLAGS=PREEMPTOR,NORESERVATION
# input.cfg:10: QFLAGS=NOBF,PREEMPTOR
# input.cfg:8: QFLAGS=PREEMPTEE:RESTARTPREEMPT
sacctmgr -i modify qos where name=normal set Preempt=scavenger

# input.cfg:8: PRIORITY=-100
sacctmgr -i modify qos where name=scavenger set Priority=0
