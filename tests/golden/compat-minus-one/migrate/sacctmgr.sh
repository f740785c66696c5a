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

# input.cfg:12: USERCFG[admin]
ensure_user admin users

# input.cfg:14: USERCFG[guest]
ensure_user guest users

sacctmgr -i modify account where name=users set Priority=100

# input.cfg:11: MAXJOB=4
sacctmgr -i modify account where name=root set MaxJobs=4

sacctmgr -i modify user where name=admin account=users set Priority=100

# input.cfg:12: MAXJOB=-1
sacctmgr -i modify user where name=admin account=users set MaxJobs=-1

# input.cfg:14: PRIORITY=-100
sacctmgr -i modify user where name=guest account=users set Priority=0
