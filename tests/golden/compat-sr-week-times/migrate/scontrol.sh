#!/bin/sh
# scontrol.sh: the standing reservations of input.cfg and the partition changes that can be made
# live, for Slurm 22.05, written by `mauic migrate --to slurm`. Run it last, once slurmctld runs
# with the new slurm.conf (the reservations name sacctmgr.sh's users and accounts). Needs GNU date.
set -eu

# next_start HH:MM:SS DAYS: the next time (local time, YYYY-MM-DDTHH:MM:SS) a window opening at
# HH:MM:SS on one of DAYS (digits of `date +%w`, 0 = Sunday) opens.
next_start() {
  now=$(date +%s)
  for i in 0 1 2 3 4 5 6 7; do
    day=$(date -d "today +$i day" +%F)
    case "$2" in *"$(date -d "$day" +%w)"*) ;; *) continue ;; esac
    t=$(date -d "$day $1" +%s)
    if [ "$t" -gt "$now" ]; then date -d "@$t" +%FT%T; return; fi
  done
}

# running_end HH:MM:SS SECONDS DAYS: the end of the window open now, if one is.
running_end() {
  now=$(date +%s)
  for i in 0 1 2 3 4 5 6 7; do
    day=$(date -d "today -$i day" +%F)
    case "$3" in *"$(date -d "$day" +%w)"*) ;; *) continue ;; esac
    t=$(date -d "$day $1" +%s)
    if [ "$t" -le "$now" ] && [ $((t + $2)) -gt "$now" ]; then date -d "@$((t + $2))" +%FT%T; return; fi
  done
}

# reserve NAME START SECONDS DAYS RECURRENCE FLAGS SPEC...: a standing reservation. Slurm repeats
# it (Flags=RECURRENCE) from its next start; a window open now gets an instance of its own,
# NAME_now, until the window closes (Slurm takes no start time in the past). START "now":
# no recurrence, from now on. A reservation that exists is kept as it is.
reserve() {
  name=$1 start=$2 seconds=$3 days=$4 recurrence=$5 flags=$6
  shift 6
  if scontrol -o show reservation "$name" >/dev/null 2>&1; then
    echo "scontrol.sh: reservation $name exists: kept (scontrol delete reservation $name to make it anew)"
  elif [ "$start" = now ]; then
    scontrol create reservation ReservationName="$name" StartTime=now Duration=UNLIMITED Flags="$flags" "$@"
  else
    scontrol create reservation ReservationName="$name" StartTime="$(next_start "$start" "$days")" \
      Duration=$(((seconds + 59) / 60)) Flags="$recurrence,$flags" "$@"
  fi
  [ "$start" != now ] || return 0
  end=$(running_end "$start" "$seconds" "$days")
  if [ -n "$end" ] && ! scontrol -o show reservation "${name}_now" >/dev/null 2>&1; then
    scontrol create reservation ReservationName="${name}_now" StartTime=now EndTime="$end" Flags="$flags" "$@"
  fi
}

# SRCFG[backup]
# input.cfg:9: SRCFG[backup]
# input.cfg:9: HOSTLIST=node03
# input.cfg:9: WSTARTTIME=5:20:00:00
# input.cfg:9: WENDTIME=5:23:00:00
# input.cfg:9: ACCESS=DEDICATED
# input.cfg:9: USERLIST=root
reserve backup 20:00:00 10800 5 WEEKLY MAGNETIC Nodes=node03 Users=root

# SRCFG[day]
# input.cfg:11: SRCFG[day]
# input.cfg:11: HOSTLIST=node04
# input.cfg:11: STARTTIME=08:00:00
# input.cfg:11: ENDTIME=18:00:00
# input.cfg:11: ACCESS=SHARED
# input.cfg:11: USERLIST=alice
reserve day 08:00:00 36000 0123456 DAILY MAGNETIC,OVERLAP Nodes=node04 Users=alice

# SRCFG[maint]
# input.cfg:6: SRCFG[maint]
# input.cfg:7: HOSTLIST=node01,node02
# input.cfg:6: STARTTIME=1:08:00:00
# input.cfg:6: ENDTIME=1:12:00:00
# input.cfg:7: ACCESS=DEDICATED
# input.cfg:7: USERLIST=root
reserve maint 08:00:00 14400 1 WEEKLY MAGNETIC Nodes=node01,node02 Users=root
