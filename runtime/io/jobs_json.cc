#include "runtime/io/jobs_json.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "runtime/engine/priority.h"
#include "schemas/ir.h"
#include "schemas/json_input.h"

namespace maui::runtime {

namespace {

namespace json = llvm::json;

// "[3:5, byte=20]: Expected ..." from llvm::json::parse, located at 3:5 as "invalid JSON: Expected ...".
Problem syntax_error(std::string_view name, const std::string& message) {
  Problem p{std::string(name), 0, 0, Severity::Error, "invalid JSON: " + message};
  if (message.size() > 1 && message[0] == '[') {
    const auto colon = message.find(':'), comma = message.find(','), close = message.find("]: ");
    if (colon < comma && comma != std::string::npos && close != std::string::npos) {
      p.line = std::atoll(message.c_str() + 1);
      p.column = std::atoll(message.c_str() + colon + 1);
      p.message = "invalid JSON: " + message.substr(close + 3);
    }
  }
  return p;
}

// Parses the time format of maui.cfg: [[[DD:]HH:]MM:]SS.
std::optional<std::int64_t> duration(std::string_view text) {
  std::int64_t parts[4] = {0, 0, 0, 0};
  int n = 0;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t end = text.find(':', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view piece = text.substr(i, end - i);
    if (piece.empty() || n == 4 ||
        !std::all_of(piece.begin(), piece.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    if (piece.size() > 12) return std::nullopt;
    parts[n++] = std::stoll(std::string(piece));
    i = end + 1;
  }
  static constexpr std::int64_t units[4][4] = {{1}, {60, 1}, {3600, 60, 1}, {86400, 3600, 60, 1}};
  std::int64_t total = 0;
  for (int k = 0; k < n; ++k) total += parts[k] * units[n - 1][k];
  return total;
}

// The priorities a job can start with: at most the 1e9 cap plus an absolute system priority, at
// least what the engine's floor leaves with ENABLENEGJOBPRIORITY (runtime/engine/priority.cc).
constexpr std::int64_t kMaxStartPriority = static_cast<std::int64_t>(kMaxPriority) + kMaxSystemPriority;
constexpr std::int64_t kMinStartPriority = -9'000'000'000'000'000'000;

class Reader {
 public:
  explicit Reader(JobsFile& out) : out_(out) {}
  const std::string& path_of(std::size_t error) const { return paths_[error]; }

  void file(const json::Value& root) {
    const json::Object* o = root.getAsObject();
    if (!o) return error("(root)", "expected an object with a \"jobs\" array");
    known(*o, "", {"now", "nodes", "reservations", "jobs"});
    if (o->get("now")) out_.now = time(*o, "", "now");
    if (const json::Value* nodes = o->get("nodes")) {
      const json::Array* a = nodes->getAsArray();
      if (!a)
        error("nodes", "expected an array");
      else if (a->size() > static_cast<std::size_t>(ir::kMaxNodes))
        error("nodes", fmt::format("{} nodes: expected at most {}", a->size(), ir::kMaxNodes));
      else
        for (std::size_t i = 0; i < a->size(); ++i) node((*a)[i], fmt::format("nodes[{}]", i));
    }
    if (const json::Value* rs = o->get("reservations")) {
      const json::Array* a = rs->getAsArray();
      if (!a)
        error("reservations", "expected an array");
      else
        for (std::size_t i = 0; i < a->size(); ++i) reservation((*a)[i], fmt::format("reservations[{}]", i));
    }
    const json::Value* jobs = o->get("jobs");
    if (!jobs) return error("jobs", "missing: expected an array of jobs");
    const json::Array* a = jobs->getAsArray();
    if (!a) return error("jobs", "expected an array");
    for (std::size_t i = 0; i < a->size(); ++i) job((*a)[i], fmt::format("jobs[{}]", i));
  }

 private:
  JobsFile& out_;
  std::vector<std::string> paths_;  // of each error, in order
  std::map<std::string, std::string> job_paths_, node_paths_;

  // Located by parse_jobs_json once the whole document is read: the path names the value.
  void error(const std::string& path, std::string_view message) {
    out_.errors.push_back({{}, 0, 0, Severity::Error, fmt::format("{}: {}", path, message)});
    paths_.push_back(path);
  }

  static std::optional<std::int64_t> integer(const json::Value& v) {
    if (auto i = v.getAsInteger()) return *i;
    // A whole number written as a double (1e3); past 2^53 doubles are not exact, and past 2^63
    // the conversion itself is undefined.
    if (auto d = v.getAsNumber(); d && std::fabs(*d) <= 0x1p53 && *d == std::trunc(*d))
      return static_cast<std::int64_t>(*d);
    return std::nullopt;
  }

  void known(const json::Object& o, const std::string& path, std::initializer_list<std::string_view> fields) {
    std::vector<std::string> unknown;
    for (const auto& kv : o) {
      llvm::StringRef key = kv.first;
      if (std::find(fields.begin(), fields.end(), std::string_view(key.data(), key.size())) == fields.end())
        unknown.push_back(key.str());
    }
    std::sort(unknown.begin(), unknown.end());
    for (const auto& k : unknown) {
      std::string list;
      for (auto f : fields) list += fmt::format("{}{}", list.empty() ? "" : ", ", f);
      error(path.empty() ? k : fmt::format("{}.{}", path, k), fmt::format("unknown field (expected one of {})", list));
    }
  }

  // Field readers: absent fields keep the default; a present field of the wrong type is an error.
  void text(const json::Object& o, const std::string& path, std::string_view key, std::string& into,
            bool required = false) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    std::string p = fmt::format("{}.{}", path, key);
    if (!v) {
      if (required) error(p, "missing: expected a non-empty string");
      return;
    }
    auto s = v->getAsString();
    if (!s || s->empty()) return error(p, "expected a non-empty string");
    into = s->str();
  }
  // An integer from min to max (schemas/ir.h, Bounds: beyond them the engine's sums overflow).
  // True when the key is there and within them (then stored in `into`).
  template <class T>
  bool count(const json::Object& o, const std::string& path, std::string_view key, T& into, std::int64_t min,
             std::int64_t max, std::string_view what) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    if (!v) return false;
    auto i = integer(*v);
    if (!i || *i < min || *i > max) {
      error(fmt::format("{}.{}", path, key), fmt::format("expected {} from {} to {}", what, min, max));
      return false;
    }
    into = static_cast<T>(*i);
    return true;
  }
  void flag(const json::Object& o, const std::string& path, std::string_view key, bool& into) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    if (!v) return;
    if (auto b = v->getAsBoolean())
      into = *b;
    else
      error(fmt::format("{}.{}", path, key), "expected true or false");
  }
  std::optional<std::int64_t> time(const json::Object& o, const std::string& path, std::string_view key) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    if (!v) return std::nullopt;
    if (auto i = integer(*v); i && *i >= -ir::kMaxSeconds && *i <= ir::kMaxSeconds) return *i;
    error(path.empty() ? std::string(key) : fmt::format("{}.{}", path, key),
          fmt::format("expected an integer time (seconds since 1970) within {} s of 1970", ir::kMaxSeconds));
    return std::nullopt;
  }
  void names(const json::Object& o, const std::string& path, std::string_view key, std::vector<std::string>& into) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    if (!v) return;
    std::string p = fmt::format("{}.{}", path, key);
    const json::Array* a = v->getAsArray();
    if (!a) return error(p, "expected an array of strings");
    for (std::size_t i = 0; i < a->size(); ++i) {
      auto s = (*a)[i].getAsString();
      if (!s || s->empty())
        error(fmt::format("{}[{}]", p, i), "expected a non-empty string");
      else
        into.push_back(s->str());
    }
  }

  // Generic resources by name ({"gpu": 2}): counts from 1 to 10^9.
  void gres(const json::Object& o, const std::string& path, std::string_view key,
            std::map<std::string, std::int64_t>& into) {
    const json::Value* v = o.get(llvm::StringRef(key.data(), key.size()));
    if (!v) return;
    const std::string p = fmt::format("{}.{}", path, key);
    const json::Object* counts = v->getAsObject();
    if (!counts) return error(p, "expected an object of counts by name ({\"gpu\": 2})");
    for (const auto& [name, value] : *counts) {
      auto n = integer(value);
      if (name.str().empty() || !n || *n < 1 || *n > ir::kMaxProcs)
        error(fmt::format("{}.{}", p, name.str()), fmt::format("expected a count from 1 to {}", ir::kMaxProcs));
      else
        into[name.str()] = *n;
    }
  }

  // The tasks on each of a job's allocated nodes: as many counts as nodes, together at most the
  // job's tasks (a completing job may list fewer nodes than it ran on, never more tasks).
  void allocated_tasks(const json::Object& o, const std::string& path, Job& j) {
    const json::Value* v = o.get("allocated_tasks");
    if (!v) return;
    const std::string p = path + ".allocated_tasks";
    const json::Array* a = v->getAsArray();
    if (!a) return error(p, "expected an array of task counts, one per allocated node");
    std::int64_t placed = 0;
    bool valid = true;
    for (std::size_t i = 0; i < a->size(); ++i) {
      auto t = integer((*a)[i]);
      if (!t || *t < 1 || *t > ir::kMaxProcs) {
        error(fmt::format("{}[{}]", p, i), fmt::format("expected a number of tasks from 1 to {}", ir::kMaxProcs));
        valid = false;
        continue;
      }
      placed += *t;
      j.allocated_tasks.push_back(*t);
    }
    if (!valid) return;
    if (a->size() != j.allocated_nodes.size())
      error(p, fmt::format("{} task counts for {} allocated nodes", a->size(), j.allocated_nodes.size()));
    else if (placed > j.tasks)
      error(p, fmt::format("places {} tasks, more than the job's {}", placed, j.tasks));
  }

  // A reservation of the resource manager (AdminReservation::rm): its hosts, window and access
  // lists, each name "x", "!x" (NOT) or "x*" (required).
  void reservation(const json::Value& value, const std::string& path) {
    const json::Object* o = value.getAsObject();
    if (!o) return error(path, "expected an object");
    known(*o, path, {"name", "start", "end", "hosts", "users", "groups", "accounts", "magnetic"});
    AdminReservation r;
    r.rm = true;
    r.owner = "slurm";
    text(*o, path, "name", r.name, true);
    const auto start = time(*o, path, "start"), end = time(*o, path, "end");
    if (!start || !end) {
      if (!o->get("start") || !o->get("end")) error(path, "expected a start and an end (seconds since 1970)");
      return;
    }
    r.start = *start, r.end = *end;
    if (r.end <= r.start) error(path + ".end", "expected an end after the start");
    names(*o, path, "hosts", r.hosts);
    using Kind = ir::AclEntry::Kind;
    for (auto [key, kind] : {std::pair{"users", Kind::User}, {"groups", Kind::Group}, {"accounts", Kind::Account}}) {
      std::vector<std::string> list;
      names(*o, path, key, list);
      for (auto& name : list) {
        ir::AclEntry e;
        e.kind = kind;
        e.negated = name.size() > 1 && name.front() == '!';
        e.required = !e.negated && name.size() > 1 && name.back() == '*';
        e.value = name.substr(e.negated ? 1 : 0, name.size() - (e.negated || e.required ? 1 : 0));
        r.acl.push_back(std::move(e));
      }
    }
    if (const json::Value* x = o->get("magnetic")) {
      if (auto b = x->getAsBoolean())
        r.magnetic = *b;
      else
        error(path + ".magnetic", "expected true or false");
    }
    out_.snapshot.rm_reservations.push_back(std::move(r));
  }

  void node(const json::Value& value, const std::string& path) {
    const json::Object* o = value.getAsObject();
    if (!o) return error(path, "expected an object");
    known(*o, path,
          {"name", "procs", "memory", "swap", "disk", "features", "classes", "gres", "partition", "state", "max_jobs"});
    Node n;
    text(*o, path, "name", n.name, true);
    count(*o, path, "procs", n.procs, 0, ir::kMaxProcs, "a number of processors");
    count(*o, path, "memory", n.memory_mb, 0, ir::kMaxMegabytes, "megabytes");
    count(*o, path, "swap", n.swap_mb, 0, ir::kMaxMegabytes, "megabytes");
    count(*o, path, "disk", n.disk_mb, 0, ir::kMaxMegabytes, "megabytes");
    names(*o, path, "features", n.features);
    gres(*o, path, "gres", n.gres);
    names(*o, path, "classes", n.classes);
    text(*o, path, "partition", n.partition);
    if (const json::Value* s = o->get("state")) {
      auto str = s->getAsString();
      auto state = str ? node_state_from(std::string_view(str->data(), str->size())) : std::nullopt;
      if (!state)
        error(path + ".state", "expected Idle, Running, Busy, Draining, Drained, Down or Unknown");
      else
        n.state = *state;
    }
    count(*o, path, "max_jobs", n.max_jobs, 0, std::numeric_limits<std::int32_t>::max(), "a number of jobs");
    if (!n.name.empty()) {
      auto [it, inserted] = node_paths_.emplace(n.name, path);
      if (!inserted) error(path + ".name", fmt::format("duplicate node '{}' (also {})", n.name, it->second));
    }
    out_.snapshot.nodes.push_back(std::move(n));
  }

  void job(const json::Value& value, const std::string& path) {
    const json::Object* o = value.getAsObject();
    if (!o) return error(path, "expected an object");
    known(*o, path,
          {"id",
           "user",
           "group",
           "account",
           "class",
           "qos",
           "tasks",
           "procs",
           "procs_per_task",
           "memory_per_task",
           "swap_per_task",
           "disk_per_task",
           "nodes",
           "walltime",
           "features",
           "exclusive",
           "contiguous",
           "gres_per_node",
           "reservation",
           "submit_time",
           "state",
           "start_time",
           "end_time",
           "allocated_nodes",
           "allocated_tasks",
           "holds",
           "dependencies",
           "bypass_count",
           "queue_time_accrued",
           "utilized_procs",
           "system_priority",
           "relative_system_priority",
           "nice",
           "start_priority"});
    Job j;
    text(*o, path, "id", j.id, true);
    text(*o, path, "user", j.user, true);
    text(*o, path, "group", j.group);
    text(*o, path, "account", j.account);
    text(*o, path, "class", j.job_class);
    text(*o, path, "qos", j.qos);
    count(*o, path, "tasks", j.tasks, 1, ir::kMaxProcs, "a number of tasks");
    count(*o, path, "procs_per_task", j.procs_per_task, 1, ir::kMaxProcs, "a number of processors");
    if (const json::Value* procs = o->get("procs")) {
      // `procs` is the job's total: tasks x procs_per_task, the shorthand for one-proc tasks.
      auto total = integer(*procs);
      if (!total || *total < 1 || *total > ir::kMaxProcs) {
        error(path + ".procs", fmt::format("expected a number of processors from 1 to {}", ir::kMaxProcs));
      } else if (o->get("procs_per_task")) {
        if (*total != j.tasks * j.procs_per_task)
          error(path + ".procs",
                fmt::format("is {} but tasks x procs_per_task is {}", *total, j.tasks * j.procs_per_task));
      } else if (!o->get("tasks")) {
        j.tasks = *total;
      } else if (*total % j.tasks != 0) {
        error(path + ".procs", fmt::format("expected a multiple of tasks ({})", j.tasks));
      } else {
        j.procs_per_task = *total / j.tasks;
      }
    }
    count(*o, path, "memory_per_task", j.memory_per_task_mb, 0, ir::kMaxMegabytes, "megabytes");
    count(*o, path, "swap_per_task", j.swap_per_task_mb, 0, ir::kMaxMegabytes, "megabytes");
    count(*o, path, "disk_per_task", j.disk_per_task_mb, 0, ir::kMaxMegabytes, "megabytes");
    count(*o, path, "nodes", j.nodes, 0, ir::kMaxNodes, "a number of nodes");
    // The job's totals, tasks x per-task, are bounded as a node's are (the calendar books them).
    auto at_most = [&](std::string_view what, std::int64_t per_task, std::int64_t max) {
      if (per_task > 0 && j.tasks > max / per_task) error(path, fmt::format("tasks x {} is more than {}", what, max));
    };
    at_most("procs_per_task", j.procs_per_task, ir::kMaxProcs);
    at_most("memory_per_task", j.memory_per_task_mb, ir::kMaxMegabytes);
    at_most("swap_per_task", j.swap_per_task_mb, ir::kMaxMegabytes);
    at_most("disk_per_task", j.disk_per_task_mb, ir::kMaxMegabytes);
    if (const json::Value* w = o->get("walltime")) {
      std::optional<std::int64_t> seconds = integer(*w);
      if (!seconds)
        if (auto s = w->getAsString()) seconds = duration(std::string_view(s->data(), s->size()));
      if (!seconds || *seconds <= 0 || *seconds > ir::kMaxSeconds)
        error(path + ".walltime",
              fmt::format("expected a number of seconds from 1 to {} or [[[DD:]HH:]MM:]SS", ir::kMaxSeconds));
      else
        j.walltime = *seconds;
    } else {
      error(path + ".walltime", "missing: expected the job's wallclock limit");
    }
    if (auto t = time(*o, path, "submit_time"))
      j.submit_time = *t;
    else if (!o->get("submit_time"))
      error(path + ".submit_time", "missing: expected an integer time (seconds since 1970)");
    if (const json::Value* s = o->get("state")) {
      auto str = s->getAsString();
      auto state = str ? job_state_from(std::string_view(str->data(), str->size())) : std::nullopt;
      if (!state)
        error(path + ".state", "expected Idle, Hold, Starting, Running, Suspended or Completed");
      else
        j.state = *state;
    }
    j.start_time = time(*o, path, "start_time");
    if (j.is_active() && !j.start_time && !o->get("start_time"))
      error(path + ".start_time", fmt::format("missing: a {} job needs its start time", to_string(j.state)));
    j.end_time = time(*o, path, "end_time");
    names(*o, path, "allocated_nodes", j.allocated_nodes);
    allocated_tasks(*o, path, j);
    names(*o, path, "holds", j.holds);
    names(*o, path, "dependencies", j.dependencies);
    names(*o, path, "features", j.features);
    gres(*o, path, "gres_per_node", j.gres_per_node);
    text(*o, path, "reservation", j.reservation);
    flag(*o, path, "exclusive", j.exclusive);
    flag(*o, path, "contiguous", j.contiguous);
    count(*o, path, "bypass_count", j.sched.bypass_count, 0, ir::kMaxSeconds, "a count");
    if (o->get("queue_time_accrued")) {
      Seconds accrued = 0;
      count(*o, path, "queue_time_accrued", accrued, 0, ir::kMaxSeconds, "seconds");
      j.sched.queue_time_accrued = accrued;
    }
    // Maui's setspri: absolute (above every job without one) or relative (-r).
    if (o->get("system_priority") && o->get("relative_system_priority")) {
      error(path + ".relative_system_priority", "a job has an absolute or a relative system priority, not both");
    } else if (o->get("system_priority")) {
      SystemPriority sp;
      if (count(*o, path, "system_priority", sp.value, 0, kMaxSystemPriority, "a priority"))
        j.sched.system_priority = sp;
    } else if (o->get("relative_system_priority")) {
      SystemPriority sp{0, true};
      if (count(*o, path, "relative_system_priority", sp.value, -kMaxSystemPriority, kMaxSystemPriority, "a priority"))
        j.sched.system_priority = sp;
    }
    // Slurm's nice (its range: scontrol(1)).
    count(*o, path, "nice", j.nice, -2'147'483'645, 2'147'483'645, "a nice value");
    if (o->get("start_priority")) {
      std::int64_t priority = 0;
      if (count(*o, path, "start_priority", priority, kMinStartPriority, kMaxStartPriority, "a priority"))
        j.sched.start_priority = priority;
    }
    if (const json::Value* u = o->get("utilized_procs")) {
      auto d = u->getAsNumber();
      if (!d || !(*d >= 0 && *d <= ir::kMaxProcs))
        error(path + ".utilized_procs", fmt::format("expected a number from 0 to {}", ir::kMaxProcs));
      else
        j.utilized_procs = *d;
    }
    if (!j.id.empty()) {
      auto [it, inserted] = job_paths_.emplace(j.id, path);
      if (!inserted) error(path + ".id", fmt::format("duplicate job id '{}' (also {})", j.id, it->second));
    }
    out_.snapshot.jobs.push_back(std::move(j));
  }
};

}  // namespace

JobsFile parse_jobs_json(std::string_view name, std::string_view text) {
  JobsFile out;
  if (auto problem = json_input_problem(text)) {
    problem->file = std::string(name);
    problem->message = "invalid JSON: " + problem->message;
    out.errors.push_back(std::move(*problem));
    return out;
  }
  auto parsed = json::parse(llvm::StringRef(text.data(), text.size()));
  if (!parsed) {
    out.errors.push_back(syntax_error(name, llvm::toString(parsed.takeError())));
    return out;
  }
  Reader reader(out);
  reader.file(*parsed);
  if (!out.errors.empty()) {
    JsonLocator locator(text);
    for (std::size_t i = 0; i < out.errors.size(); ++i) {
      const auto at = locator.locate(reader.path_of(i));
      Problem& p = out.errors[i];
      p.file = std::string(name);
      p.line = static_cast<std::int64_t>(at.line);
      p.column = static_cast<std::int64_t>(at.column);
    }
  }
  if (out.now) out.snapshot.now = *out.now;
  mark_rm_reservations(out.snapshot);
  return out;
}

}  // namespace maui::runtime
