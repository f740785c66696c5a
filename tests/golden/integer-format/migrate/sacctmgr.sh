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

ensure_account users

ensure_account root

# input.cfg:18: USERCFG[john]
ensure_user john users

# input.cfg:9: MAXJOB=08
sacctmgr -i modify account where name=root set MaxJobs=0

# input.cfg:18: MAXJOB=10
sacctmgr -i modify user where name=john account=users set MaxJobs=10
