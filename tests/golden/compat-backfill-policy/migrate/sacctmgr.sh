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
