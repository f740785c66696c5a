// The texts of the three Slurm files: a header that says how to apply the file, then each line
// or command after a comment naming the maui.cfg settings it comes from (file:line and the
// setting as written, or Maui's built-in default). The scripts define the few shell functions
// their commands use: ensure_* (sacctmgr's `add` fails on what exists) and reserve (a
// standing reservation's next start, and the instance running now, with GNU date).
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "migrate/report.h"

namespace maui::migrate {

namespace {

std::string comments(const Migration& m, const SlurmLine& l) {
  std::string out;
  if (!l.why.empty()) out += fmt::format("# {}\n", l.why);
  const std::string cited = cited_settings(m, l);
  if (!cited.empty()) out += cited;
  return out;
}

std::string lines(const Migration& m, const std::vector<SlurmLine>& file) {
  std::string out;
  for (const auto& l : file) out += fmt::format("\n{}{}\n", comments(m, l), l.text);
  return out;
}

constexpr const char* kSacctmgrFunctions = R"SH(set -eu

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
)SH";

constexpr const char* kScontrolFunctions = R"SH(set -eu

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
)SH";

}  // namespace

std::string cited_settings(const Migration& m, const SlurmLine& l) {
  std::map<std::tuple<std::string, unsigned, unsigned>, const Setting*> by_place;
  std::map<std::pair<std::string, unsigned>, const Setting*> by_line;  // the first of each line
  for (const auto& s : m.settings) {
    by_place[{s.file, s.line, s.column}] = &s;
    by_line.try_emplace({s.file, s.line}, &s);
  }
  std::string out;
  for (const auto& where : l.from) {
    std::string text;
    if (auto it = by_place.find({where.file.str(), where.line, where.column}); it != by_place.end()) {
      text = it->second->text;
    } else if (auto line = by_line.find({where.file.str(), where.line}); line != by_line.end()) {
      // An object line's start (the object it makes): its name, `USERCFG[john]`.
      text = line->second->parameter.substr(0, line->second->parameter.find(' '));
    }
    out += fmt::format("# {}:{}: {}\n", where.file.str(), where.line, text);
  }
  for (const auto& d : l.defaults) out += fmt::format("# Maui's default: {}\n", d);
  return out;
}

std::string slurm_conf_text(const Migration& m, const Options& o) {
  return fmt::format(
             "# slurm.conf lines for the scheduling policy of {}, written by `mauic migrate --to slurm`.\n"
             "# Merge each into your slurm.conf: it replaces your line of the same key (a PartitionName= line:\n"
             "# add its attributes to your line of that partition). Test the result before it reaches\n"
             "# production (`slurmctld -D -f copy.conf` on a test host: a bad line stops slurmctld), then\n"
             "# restart slurmctld: PriorityType, SchedulerType and AccountingStorageEnforce take effect only\n"
             "# at a restart (`scontrol reconfigure` shows them, and does not enforce the limits).\n"
             "# Run sacctmgr.sh first: slurm.conf names the QOS it makes. MIGRATION.md says what each maui.cfg\n"
             "# setting became.\n",
             o.config_name) +
         lines(m, m.conf);
}

std::string sacctmgr_script(const Migration& m, const Options& o) {
  return fmt::format(
             "#!/bin/sh\n"
             "# sacctmgr.sh: the accounting side of the policy of {} (QOS, accounts, users and their\n"
             "# limits, shares, QOS lists and priorities) for Slurm 22.05, written by `mauic migrate --to slurm`.\n"
             "# Run it first, where sacctmgr reaches your slurmdbd (slurmctld need not run: slurmdbd passes the\n"
             "# changes on). Idempotent: what exists is kept, and each `modify` sets its value again.\n",
             o.config_name) +
         kSacctmgrFunctions + lines(m, m.sacctmgr);
}

std::string scontrol_script(const Migration& m, const Options& o) {
  return fmt::format(
             "#!/bin/sh\n"
             "# scontrol.sh: the standing reservations of {} and the partition changes that can be made\n"
             "# live, for Slurm 22.05, written by `mauic migrate --to slurm`. Run it last, once slurmctld runs\n"
             "# with the new slurm.conf (the reservations name sacctmgr.sh's users and accounts). Needs GNU date.\n",
             o.config_name) +
         kScontrolFunctions + lines(m, m.scontrol);
}

}  // namespace maui::migrate
