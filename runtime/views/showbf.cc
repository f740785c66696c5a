// showbf [-u USER] [-g GROUP] [-a ACCOUNT] [-c CLASS] [-q QOS]
// (docs/reference/maui-3.3-semantics.md §11.4): the backfill windows a job of those credentials
// could use now, from the iteration's calendar: every running job, every started job and every
// reservation it may not use takes its resources; a standing or administrative reservation whose
// ACL admits the credentials does not. One line per window, widest first: "N procs available for
// HH:MM:SS", the last "with no timelimit".
#include <fmt/format.h>

#include "runtime/views/calendar_questions.h"
#include "runtime/views/view_parts.h"
#include "runtime/views/view_text.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

struct Window {
  std::int64_t procs = 0, nodes = 0;
  Seconds duration = 0;
  bool unlimited = false;
};
struct PartitionWindows {
  std::string partition;
  std::vector<Window> windows;
};
struct BackfillView {
  Job probe;  // the credentials asked about
  std::vector<PartitionWindows> partitions;
  bool known = true;  // the context's iteration kept its calendar
};

BackfillView backfill_view(const ViewInput& in) {
  const ViewContext& ctx = in.context;
  BackfillView v;
  // The credentials the command line gives (-u USER, -g GROUP, ...) go into the probe job.
  auto fill_from_option = [&](std::string_view option, std::string& field) {
    if (const std::string* s = in.args.option(option)) field = *s;
  };
  v.probe.user = in.request.caller_user;
  v.probe.group = in.request.caller_group;
  if (in.request.only_user) v.probe.user = *in.request.only_user;
  fill_from_option("-u", v.probe.user);
  fill_from_option("-g", v.probe.group);
  fill_from_option("-a", v.probe.account);
  fill_from_option("-c", v.probe.job_class);
  fill_from_option("-q", v.probe.qos);
  if (v.probe.qos.empty()) v.probe.qos = ctx.dir.default_qos(v.probe);
  if (!ctx.iteration.calendar) {
    v.known = false;
    return v;
  }
  const ResourceCalendar calendar = *ctx.iteration.calendar;  // a calendar answers one question at a time
  const Viewer viewer = reservation_access(ctx, v.probe, std::nullopt);
  const Epoch now = ctx.cluster.now;
  for (const auto& p : partitions_open_to(ctx, v.probe)) {
    const BackfillWindows found = calendar.backfill_windows(viewer, p.mask);
    PartitionWindows pw{p.name, {}};
    for (const auto& w : found.windows) {
      Window out{w.procs, static_cast<std::int64_t>(found.nodes_by_duration.size() - w.first), w.duration,
                 is_endless(now + w.duration)};
      // A window no wider than a longer one says nothing more.
      while (!pw.windows.empty() && pw.windows.back().procs <= out.procs) pw.windows.pop_back();
      if (out.procs > 0) pw.windows.push_back(out);
    }
    v.partitions.push_back(std::move(pw));
  }
  return v;
}

std::string quoted_or_dash(const std::string& s) { return s.empty() ? "-" : s; }

std::string banner(const ViewContext& ctx, const BackfillView& v, const ParsedArgs& args) {
  std::string who = fmt::format("user: '{}' group: '{}'", quoted_or_dash(v.probe.user), quoted_or_dash(v.probe.group));
  if (args.option("-a")) who += fmt::format(" account: '{}'", v.probe.account);
  if (args.option("-c")) who += fmt::format(" class: '{}'", v.probe.job_class);
  if (args.option("-q")) who += fmt::format(" qos: '{}'", v.probe.qos);
  // Maui 3.3.1 names the partition asked for, ALL without -p (tests/maui331/, on one partition).
  return fmt::format("backfill window ({} partition: ALL) {}\n", who, maui_date(ctx.cluster.now, ctx.utc_offset));
}

std::string backfill_text(const ViewContext& ctx, const BackfillView& v, const ParsedArgs& args) {
  std::string out = fmt::format("{}\n", banner(ctx, v, args));
  if (!v.known) return out + "no calendar: the iteration was not explained (SchedulerInput::explain)\n";
  for (const auto& p : v.partitions) {
    if (v.partitions.size() > 1) out += fmt::format("partition {}:\n", p.partition);
    if (p.windows.empty()) out += "no procs available\n";
    for (const auto& w : p.windows)
      out += w.unlimited ? fmt::format("{:3} procs available with no timelimit\n", w.procs)
                         : fmt::format("{:3} procs available for   {:>11}\n", w.procs, maui_duration(w.duration));
    if (v.partitions.size() > 1) out += "\n";
  }
  if (v.partitions.empty()) out += "no procs available (no partition is open to these credentials)\n";
  return out + "\n\n\n";  // Maui 3.3.1 ends its answer with three blank lines
}

std::string json_of(const ViewContext& ctx, const BackfillView& v) {
  json::Array partitions;
  for (const auto& p : v.partitions) {
    json::Array windows;
    for (const auto& w : p.windows)
      windows.push_back(json::Object{{"procs", w.procs},
                                     {"nodes", w.nodes},
                                     {"duration", w.unlimited ? json::Value(nullptr) : json::Value(w.duration)}});
    partitions.push_back(json::Object{{"partition", p.partition}, {"windows", std::move(windows)}});
  }
  return json_text(json::Object{{"now", ctx.cluster.now},
                                {"user", v.probe.user},
                                {"group", v.probe.group},
                                {"account", v.probe.account},
                                {"class", v.probe.job_class},
                                {"qos", v.probe.qos},
                                {"known", v.known},
                                {"partitions", std::move(partitions)}});
}

}  // namespace

const ArgSpec& showbf_args() {
  static const ArgSpec spec{
      {}, {{"-u", "USER"}, {"-g", "GROUP"}, {"-a", "ACCOUNT"}, {"-c", "CLASS"}, {"-q", "QOS"}}, ""};
  return spec;
}

ViewAnswer showbf(const ViewInput& in) {
  const BackfillView v = backfill_view(in);
  return answer(in.request.json ? json_of(in.context, v) : backfill_text(in.context, v, in.args));
}

}  // namespace maui::runtime
