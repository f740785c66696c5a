// The Slurm objects the steps decided (ctx.slurm) as the lines of the three files: slurm.conf
// Key=Value and PartitionName= lines, the sacctmgr commands (every object made first, then each
// setting by a command of its own, so that the report can say which command a maui.cfg setting
// became), and the scontrol commands. Each line is linked to the settings it comes from; the
// files' texts, with their headers and comments, are written by file_texts.cc.
#include <fmt/format.h>

#include "migrate/steps.h"

namespace maui::migrate {

namespace {

std::string assignment(const SlurmSetting& s) {
  return s.tres.empty() ? fmt::format("{}={}", s.key, s.value) : fmt::format("{}={}={}", s.key, s.tres, s.value);
}

// A value as a shell word: quoted when it holds anything but [A-Za-z0-9_.,:=/+-].
std::string shell_word(const std::string& v) {
  const bool plain =
      !v.empty() && v.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.,:=/+-") ==
                        std::string::npos;
  if (plain) return v;
  std::string out = "'";
  for (char c : v) {
    if (c == '\'')
      out.append("'\\''");
    else
      out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

void conf_lines(Context& ctx) {
  for (const auto& s : ctx.slurm.conf) ctx.emit(ctx.out.conf, fmt::format("{}={}", s.key, s.value), s.from, s.why);
  for (const auto& p : ctx.slurm.partitions) {
    if (p.settings.empty()) continue;
    std::string line = fmt::format("PartitionName={}", p.name);
    if (!p.nodes.empty()) line += fmt::format(" Nodes={}", p.nodes);
    Sources from = p.declared;
    for (const auto& s : p.settings) {
      line += fmt::format(" {}", assignment(s));
      from.add(s.from);
    }
    ctx.emit(ctx.out.conf, line, from,
             p.nodes.empty()
                 ? "add these attributes to your PartitionName= line of this partition (its Nodes= stay yours)"
                 : "");
  }
}

void sacctmgr_lines(Context& ctx) {
  auto& out = ctx.out.sacctmgr;
  const auto& s = ctx.slurm;
  for (const auto& q : s.qos) ctx.emit(out, fmt::format("ensure_qos {}", shell_word(q.name)), q.declared);
  for (const auto& a : s.accounts) ctx.emit(out, fmt::format("ensure_account {}", shell_word(a.name)), a.declared);
  for (const auto& u : s.users)
    ctx.emit(out, fmt::format("ensure_user {} {}", shell_word(u.name), shell_word(u.account)), u.declared);
  for (const auto& q : s.qos)
    for (const auto& st : q.settings)
      ctx.emit(
          out,
          fmt::format("sacctmgr -i modify qos where name={} set {}", shell_word(q.name), shell_word(assignment(st))),
          st.from, st.why);
  for (const auto& a : s.accounts)
    for (const auto& st : a.settings)
      ctx.emit(out,
               fmt::format("sacctmgr -i modify account where name={} set {}", shell_word(a.name),
                           shell_word(assignment(st))),
               st.from, st.why);
  for (const auto& u : s.users)
    for (const auto& st : u.settings) {
      // DefaultAccount is the user's, not one association's.
      const std::string where = st.key == "DefaultAccount"
                                    ? fmt::format("name={}", shell_word(u.name))
                                    : fmt::format("name={} account={}", shell_word(u.name), shell_word(u.account));
      ctx.emit(out, fmt::format("sacctmgr -i modify user where {} set {}", where, shell_word(assignment(st))), st.from,
               st.why);
    }
}

void scontrol_lines(Context& ctx) {
  auto& out = ctx.out.scontrol;
  for (const auto& p : ctx.slurm.partitions) {
    if (p.settings.empty()) continue;
    std::string line = fmt::format("scontrol update PartitionName={}", shell_word(p.name));
    Sources from = p.declared;
    for (const auto& st : p.settings) {
      line += fmt::format(" {}", shell_word(assignment(st)));
      from.add(st.from);
    }
    ctx.emit(out, line, from, "live now; slurm.conf keeps it across restarts");
  }
  for (const auto& r : ctx.slurm.reservations) {
    std::string days;
    for (int d = 0; d < 7; ++d)
      if (r.weekdays & (1u << d)) days += std::to_string(d);
    std::string flags = "-";
    for (const auto& [k, v] : r.fields)
      if (k == "Flags") flags = v;
    std::string line = fmt::format("reserve {} {} {} {} {} {}", shell_word(r.name),
                                   r.recurrence.empty() ? std::string("now") : slurm_duration(r.start),
                                   r.duration == 0 ? std::string("0") : std::to_string(r.duration), days,
                                   r.recurrence.empty() ? std::string("-") : r.recurrence, shell_word(flags));
    for (const auto& [k, v] : r.fields)
      if (k != "Flags") line += fmt::format(" {}", shell_word(fmt::format("{}={}", k, v)));
    ctx.emit(out, line, r.from, fmt::format("SRCFG[{}]", r.maui_name));
  }
}

}  // namespace

void write_files(Context& ctx) {
  conf_lines(ctx);
  sacctmgr_lines(ctx);
  scontrol_lines(ctx);
}

}  // namespace maui::migrate
