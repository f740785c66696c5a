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

# input.cfg:39: QLIST=urgent,scavenge
# input.cfg:37: QLIST=urgent
# input.cfg:37: QDEF=urgent
# input.cfg:36: QLIST=urgent
# input.cfg:32: QOSCFG[urgent]
ensure_qos urgent

# input.cfg:39: QLIST=urgent,scavenge
# input.cfg:33: QOSCFG[scavenge]
ensure_qos scavenge

# input.cfg:34: QOSCFG[DEFAULT]
ensure_qos normal

# input.cfg:35: CLASSCFG[batch]
ensure_qos part_batch

# input.cfg:40: ADEF=phys
# input.cfg:38: ACCOUNTCFG[phys]
ensure_account phys

# input.cfg:39: ADEF=chem
# input.cfg:37: ACCOUNTCFG[chem]
ensure_account chem

ensure_account root

# input.cfg:40: USERCFG[daemon]
# input.cfg:40: ADEF=phys
ensure_user daemon phys

# input.cfg:39: USERCFG[nobody]
# input.cfg:39: ADEF=chem
ensure_user nobody chem

# input.cfg:32: PRIORITY=100
sacctmgr -i modify qos where name=urgent set Priority=110

# input.cfg:32: MAXJOB=4
sacctmgr -i modify qos where name=urgent set GrpJobs=4

# input.cfg:33: QFLAGS=PREEMPTEE,NORESERVATION
# input.cfg:32: QFLAGS=PREEMPTOR
sacctmgr -i modify qos where name=urgent set Preempt=scavenge

# input.cfg:33: PRIORITY=-10
sacctmgr -i modify qos where name=scavenge set Priority=0

# input.cfg:33: MAXPROC=8
sacctmgr -i modify qos where name=scavenge set GrpTRES=cpu=8

# input.cfg:33: QFLAGS=PREEMPTEE,NORESERVATION
sacctmgr -i modify qos where name=scavenge set Flags=NoReserve

# input.cfg:34: PRIORITY=5
sacctmgr -i modify qos where name=normal set Priority=15

# input.cfg:35: MAXJOB=20
sacctmgr -i modify qos where name=part_batch set GrpJobs=20

# input.cfg:35: MAXPROCPERUSER=12
sacctmgr -i modify qos where name=part_batch set MaxTRESPerUser=cpu=12

sacctmgr -i modify account where name=phys set Priority=0

# FSTARGET 40
# input.cfg:38: FSTARGET=40
sacctmgr -i modify account where name=phys set Fairshare=40

# input.cfg:38: MAXPS=720000
sacctmgr -i modify account where name=phys set GrpTRESRunMins=cpu=12000

# input.cfg:37: PRIORITY=4
sacctmgr -i modify account where name=chem set Priority=12

# FSTARGET 60
# input.cfg:37: FSTARGET=60
sacctmgr -i modify account where name=chem set Fairshare=60

# input.cfg:37: QLIST=urgent
# input.cfg:37: QDEF=urgent
sacctmgr -i modify account where name=chem set QOS=normal,urgent

# input.cfg:37: QDEF=urgent
sacctmgr -i modify account where name=chem set DefaultQOS=urgent

# input.cfg:37: MAXJOB=10
sacctmgr -i modify account where name=chem set GrpJobs=10

# input.cfg:37: MAXPROC=12
sacctmgr -i modify account where name=chem set GrpTRES=cpu=12

# input.cfg:41: MAXJOB=6
sacctmgr -i modify account where name=root set MaxJobs=6

# input.cfg:29: SYSTEMMAXPROCPERJOB 16
sacctmgr -i modify account where name=root set MaxTRES=cpu=16

# input.cfg:40: ADEF=phys
sacctmgr -i modify user where name=daemon set DefaultAccount=phys

sacctmgr -i modify user where name=daemon account=phys set Priority=0

# input.cfg:40: MAXNODE=2
sacctmgr -i modify user where name=daemon account=phys set GrpTRES=node=2

# input.cfg:40: MAX.WCLIMIT=04:00:00
sacctmgr -i modify user where name=daemon account=phys set MaxWall=240

# input.cfg:39: ADEF=chem
sacctmgr -i modify user where name=nobody set DefaultAccount=chem

# input.cfg:39: PRIORITY=2
# input.cfg:37: PRIORITY=4
sacctmgr -i modify user where name=nobody account=chem set Priority=14

# FSTARGET 30
# input.cfg:39: FSTARGET=30
sacctmgr -i modify user where name=nobody account=chem set Fairshare=30

# input.cfg:39: QLIST=urgent,scavenge
# input.cfg:37: QLIST=urgent
# input.cfg:37: QDEF=urgent
sacctmgr -i modify user where name=nobody account=chem set QOS=normal,scavenge,urgent

# input.cfg:37: QDEF=urgent
sacctmgr -i modify user where name=nobody account=chem set DefaultQOS=urgent

# input.cfg:39: MAXJOB=3,5
sacctmgr -i modify user where name=nobody account=chem set MaxJobs=5

# input.cfg:39: MAXPROC=8
sacctmgr -i modify user where name=nobody account=chem set GrpTRES=cpu=8
