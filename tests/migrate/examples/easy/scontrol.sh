#!/bin/sh
# scontrol.sh: the standing reservations of easy.cfg and the partition changes that can be made
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
