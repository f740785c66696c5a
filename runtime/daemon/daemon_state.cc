#include "runtime/daemon/daemon_state.h"

#include <zlib.h>

#include <charconv>

#include <fmt/format.h>

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "runtime/io/atomic_file.h"
#include "schemas/input_file.h"
#include "schemas/json_input.h"

namespace maui::runtime {

namespace json = llvm::json;

namespace {

constexpr std::string_view kHeader = "mauirun-state 1";
constexpr std::uint64_t kMaxStateBytes = 1ull << 30;

std::uint32_t crc_of(std::string_view text) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes at most UINT_MAX bytes at a time.
  for (std::size_t at = 0; at < text.size(); at += 1u << 30) {
    const auto n = static_cast<uInt>(std::min<std::size_t>(text.size() - at, 1u << 30));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(text.data() + at), n);
  }
  return static_cast<std::uint32_t>(crc);
}

// ---------------------------------------------------------------------------------------------
// Writing

json::Value optional_time(const std::optional<Epoch>& t) { return t ? json::Value(*t) : json::Value(nullptr); }

json::Value job_memory(const SchedulerJobState& s) {
  json::Object o{{"bypass", s.bypass_count}};
  if (s.start_priority) o["start_priority"] = *s.start_priority;
  if (s.queue_time_accrued) o["queue_time"] = *s.queue_time_accrued;
  if (s.queue_time_accrues) o["queue_time_accrues"] = *s.queue_time_accrues;
  if (s.system_priority)
    o["system_priority"] = json::Object{{"value", s.system_priority->value}, {"relative", s.system_priority->relative}};
  if (!s.holds.empty()) o["holds"] = json::Array(s.holds);
  if (!s.hold_set_by.empty()) {
    json::Object by;
    for (const auto& [hold, who] : s.hold_set_by) by[hold] = who;
    o["hold_set_by"] = std::move(by);
  }
  if (s.failed_starts) o["failed_starts"] = s.failed_starts;
  if (s.defers) o["defers"] = s.defers;
  if (s.deferred_until) o["deferred_until"] = *s.deferred_until;
  return o;
}

std::string name_of(std::string_view s) { return std::string(s); }

json::Value acl(const std::vector<ir::AclEntry>& entries) {
  json::Array a;
  for (const auto& e : entries)
    a.push_back(json::Object{{"kind", name_of(ir::to_string(e.kind))},
                             {"value", e.value},
                             {"number", e.number},
                             {"negated", e.negated},
                             {"required", e.required},
                             {"affinity", name_of(ir::to_string(e.affinity))}});
  return a;
}

json::Value reservation(const Reservation& r) {
  json::Array nodes;
  for (const auto& nt : r.nodes) nodes.push_back(json::Array{static_cast<std::int64_t>(nt.node), nt.tasks});
  json::Object o{{"kind", name_of(to_string(r.kind))},
                 {"name", r.name},
                 {"start", r.start},
                 {"end", r.end},
                 {"nodes", std::move(nodes)},
                 {"per_task", json::Array{r.per_task.procs, r.per_task.mem_mb, r.per_task.swap_mb, r.per_task.disk_mb}},
                 {"dedicated", r.dedicated},
                 {"whole_nodes", r.whole_nodes},
                 {"wanted_tasks", r.wanted_tasks}};
  if (!r.acl.empty()) o["acl"] = acl(r.acl);
  if (!r.standing.empty()) o["standing"] = r.standing;
  if (r.rm) o["rm"] = true;
  if (r.magnetic) o["magnetic"] = true;
  return o;
}

json::Value history(const FairshareHistory& h) {
  json::Array windows;
  for (const auto& [start, w] : h.windows()) {
    json::Array usage;
    for (const auto& [cred, amount] : w.usage)
      usage.push_back(json::Array{name_of(ir::to_string(cred.kind)), cred.name, amount});
    windows.push_back(json::Object{{"start", start}, {"total", w.total}, {"usage", std::move(usage)}});
  }
  return windows;
}

json::Value cycle_memory(const CycleMemory& m) {
  json::Object jobs;
  for (const auto& [id, s] : m.jobs) jobs[id] = job_memory(s);
  json::Array reservations;
  for (const auto& r : m.reservations) reservations.push_back(reservation(r));
  return json::Object{{"jobs", std::move(jobs)},
                      {"reservations", std::move(reservations)},
                      {"reservation_nodes", json::Array(m.reservation_nodes)},
                      {"fairshare", history(m.fairshare)},
                      {"standing_at", optional_time(m.standing_at)},
                      {"standing_fairshare", history(m.standing_fairshare)},
                      {"accrued_until", optional_time(m.accrued_until)},
                      {"last_completion", optional_time(m.last_completion)},
                      {"iterated_at", m.iterated_at},
                      {"left_waiting", m.left_waiting},
                      {"removed_never_runnable", m.removed_never_runnable}};
}

std::optional<std::uint32_t> job_number(llvm::StringRef s) {
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size() || n == 0) return std::nullopt;
  return n;
}

// The engine's id of a Slurm job (slurm::job_key): a job id, or an array's and a task's (`12_3`).
bool slurm_job_key(llvm::StringRef s) {
  const auto [array, task] = s.split('_');
  if (!job_number(array)) return false;
  if (task.size() == s.size() - array.size()) return true;  // no '_'
  std::uint32_t t = 0;
  auto [end, ec] = std::from_chars(task.data(), task.data() + task.size(), t);
  return !task.empty() && ec == std::errc() && end == task.data() + task.size();
}

json::Value adapter(const slurm::AdapterState& a) {
  json::Object starting;
  for (const auto& [id, s] : a.view.starting)
    starting[id] = json::Object{{"nodes", json::Array(s.nodes)}, {"tasks", json::Array(s.tasks)}, {"asked", s.asked}};
  json::Object requests;
  for (const auto& [id, r] : a.requests)
    requests[id] = json::Object{{"min_nodes", static_cast<std::int64_t>(r.min_nodes)},
                                {"max_nodes", static_cast<std::int64_t>(r.max_nodes)},
                                {"required_nodes", r.required_nodes},
                                {"excluded_nodes", r.excluded_nodes},
                                {"restarts", static_cast<std::int64_t>(r.restarts)},
                                {"partitions", r.partitions}};
  json::Array held;
  // A job id as a number, an array task (`12_3`) as text.
  for (const auto& id : a.view.held_again) {
    if (auto n = job_number(id))
      held.push_back(static_cast<std::int64_t>(*n));
    else
      held.push_back(id);
  }
  return json::Object{
      {"starting", std::move(starting)}, {"requests", std::move(requests)}, {"held_again", std::move(held)}};
}

json::Value admin(const std::vector<AdminReservation>& list) {
  json::Array a;
  for (const auto& r : list)
    a.push_back(json::Object{{"name", r.name},
                             {"start", r.start},
                             {"end", r.end},
                             {"hosts", json::Array(r.hosts)},
                             {"acl", acl(r.acl)},
                             {"owner", r.owner}});
  return a;
}

// ---------------------------------------------------------------------------------------------
// Reading: llvm::json's ObjectMapper with a path, so that every problem says where it is.

using Path = json::Path;

bool read_time(const json::Value& v, std::optional<Epoch>& out, Path p) {
  if (v.kind() == json::Value::Null) return out.reset(), true;
  if (auto n = v.getAsInteger()) return out = *n, true;
  p.report("expected seconds since 1970 or null");
  return false;
}

bool read_string_list(const json::Value& v, std::vector<std::string>& out, Path p) {
  const json::Array* a = v.getAsArray();
  if (!a) return p.report("expected an array of strings"), false;
  out.clear();
  for (std::size_t i = 0; i < a->size(); ++i) {
    auto s = (*a)[i].getAsString();
    if (!s) return p.index(static_cast<unsigned>(i)).report("expected a string"), false;
    out.emplace_back(*s);
  }
  return true;
}

bool read_job_memory(const json::Value& v, SchedulerJobState& s, Path p) {
  json::ObjectMapper o(v, p);
  if (!o) return false;
  llvm::Optional<std::int64_t> start_priority, queue_time;
  llvm::Optional<bool> accrues;
  llvm::Optional<std::vector<std::string>> holds;
  llvm::Optional<std::map<std::string, std::string>> hold_set_by;
  if (!o.map("bypass", s.bypass_count) || !o.mapOptional("hold_set_by", hold_set_by) ||
      !o.mapOptional("start_priority", start_priority) || !o.mapOptional("queue_time", queue_time) ||
      !o.mapOptional("queue_time_accrues", accrues) || !o.mapOptional("holds", holds) ||
      !o.mapOptional("failed_starts", s.failed_starts) || !o.mapOptional("defers", s.defers))
    return false;
  if (start_priority) s.start_priority = *start_priority;
  if (queue_time) s.queue_time_accrued = *queue_time;
  if (accrues) s.queue_time_accrues = *accrues;
  if (holds) s.holds = *holds;
  if (hold_set_by) s.hold_set_by = *hold_set_by;
  if (const json::Value* d = v.getAsObject()->get("deferred_until"))
    if (!read_time(*d, s.deferred_until, p.field("deferred_until"))) return false;
  if (const json::Value* sp = v.getAsObject()->get("system_priority")) {
    json::ObjectMapper m(*sp, p.field("system_priority"));
    SystemPriority prio;
    if (!m || !m.map("value", prio.value) || !m.map("relative", prio.relative)) return false;
    s.system_priority = prio;
  }
  return true;
}

std::optional<ir::AclEntry::Kind> acl_kind(std::string_view name) {
  using K = ir::AclEntry::Kind;
  for (K k : {K::User, K::Group, K::Account, K::Class, K::Qos, K::JobAttr, K::Duration, K::Procs, K::Tasks})
    if (ir::to_string(k) == name) return k;
  return std::nullopt;
}

bool read_acl(const json::Value& v, std::vector<ir::AclEntry>& out, Path p) {
  const json::Array* a = v.getAsArray();
  if (!a) return p.report("expected an array of access list entries"), false;
  for (std::size_t i = 0; i < a->size(); ++i) {
    Path at = p.index(static_cast<unsigned>(i));
    json::ObjectMapper o((*a)[i], at);
    ir::AclEntry e;
    std::string kind, affinity;
    if (!o || !o.map("kind", kind) || !o.map("value", e.value) || !o.map("number", e.number) ||
        !o.map("negated", e.negated) || !o.map("required", e.required) || !o.map("affinity", affinity))
      return false;
    auto k = acl_kind(kind);
    if (!k) return at.field("kind").report("expected an access list kind (user, group, ...)"), false;
    e.kind = *k;
    using A = ir::AclEntry::Affinity;
    bool known = false;
    for (A x : {A::Positive, A::Negative, A::Neutral})
      if (ir::to_string(x) == affinity) e.affinity = x, known = true;
    if (!known) return at.field("affinity").report("expected positive, negative or neutral"), false;
    out.push_back(std::move(e));
  }
  return true;
}

bool read_reservation(const json::Value& v, Reservation& r, std::size_t node_count, Path p) {
  json::ObjectMapper o(v, p);
  std::string kind;
  std::vector<std::int64_t> per_task;
  llvm::Optional<std::string> standing;
  if (!o || !o.map("kind", kind) || !o.map("name", r.name) || !o.map("start", r.start) || !o.map("end", r.end) ||
      !o.map("per_task", per_task) || !o.map("dedicated", r.dedicated) || !o.map("whole_nodes", r.whole_nodes) ||
      !o.map("wanted_tasks", r.wanted_tasks) || !o.mapOptional("standing", standing) || !o.mapOptional("rm", r.rm) ||
      !o.mapOptional("magnetic", r.magnetic))
    return false;
  if (standing) r.standing = *standing;
  bool known = false;
  for (ReservationKind k : {ReservationKind::Job, ReservationKind::Standing, ReservationKind::Admin})
    if (to_string(k) == kind) r.kind = k, known = true;
  if (!known) return p.field("kind").report("expected job, standing or admin"), false;
  if (per_task.size() != 4) return p.field("per_task").report("expected [procs, memory, swap, disk]"), false;
  r.per_task = {per_task[0], per_task[1], per_task[2], per_task[3]};
  const json::Array* nodes = v.getAsObject()->getArray("nodes");
  if (!nodes) return p.field("nodes").report("expected an array of [node, tasks]"), false;
  for (std::size_t i = 0; i < nodes->size(); ++i) {
    Path at = p.field("nodes").index(static_cast<unsigned>(i));
    const json::Array* pair = (*nodes)[i].getAsArray();
    llvm::Optional<std::int64_t> node = pair && pair->size() == 2 ? (*pair)[0].getAsInteger() : llvm::None;
    llvm::Optional<std::int64_t> tasks = pair && pair->size() == 2 ? (*pair)[1].getAsInteger() : llvm::None;
    if (!node || !tasks || *node < 0 || static_cast<std::size_t>(*node) >= node_count || *tasks <= 0)
      return at.report("expected [node, tasks]: a node of reservation_nodes and tasks above 0"), false;
    r.nodes.push_back({static_cast<std::size_t>(*node), *tasks});
  }
  if (const json::Value* a = v.getAsObject()->get("acl"))
    if (!read_acl(*a, r.acl, p.field("acl"))) return false;
  return true;
}

bool read_history(const json::Value& v, FairshareHistory& h, Path p) {
  const json::Array* a = v.getAsArray();
  if (!a) return p.report("expected an array of fairshare windows"), false;
  for (std::size_t i = 0; i < a->size(); ++i) {
    Path at = p.index(static_cast<unsigned>(i));
    json::ObjectMapper o((*a)[i], at);
    Epoch start = 0;
    double total = 0;
    if (!o || !o.map("start", start) || !o.map("total", total)) return false;
    const json::Array* usage = (*a)[i].getAsObject()->getArray("usage");
    if (!usage) return at.field("usage").report("expected an array of [kind, name, usage]"), false;
    FairshareWindow& w = h.window(start);
    w.total = total;
    for (std::size_t k = 0; k < usage->size(); ++k) {
      const json::Array* row = (*usage)[k].getAsArray();
      auto kind_name = row && row->size() == 3 ? (*row)[0].getAsString() : llvm::None;
      auto name = row && row->size() == 3 ? (*row)[1].getAsString() : llvm::None;
      auto amount = row && row->size() == 3 ? (*row)[2].getAsNumber() : llvm::None;
      std::optional<ir::CredKind> kind;
      for (auto c : ir::kCredKinds)
        if (kind_name && kind_name->str() == ir::to_string(c)) kind = c;
      if (!kind || !name || !amount || *amount < 0)
        return at.field("usage").index(static_cast<unsigned>(k)).report("expected [credential kind, name, usage >= 0]"),
               false;
      w.usage[ir::Credential{*kind, name->str()}] = *amount;
    }
  }
  return true;
}

bool read_cycle(const json::Value& v, CycleMemory& m, Path p) {
  json::ObjectMapper o(v, p);
  if (!o || !o.map("iterated_at", m.iterated_at) || !o.map("left_waiting", m.left_waiting) ||
      !o.map("removed_never_runnable", m.removed_never_runnable))
    return false;
  const json::Object& obj = *v.getAsObject();
  if (const json::Object* jobs = obj.getObject("jobs")) {
    for (const auto& [id, s] : *jobs)
      if (!read_job_memory(s, m.jobs[id.str()], p.field("jobs").field(id))) return false;
  } else {
    return p.field("jobs").report("expected an object of jobs"), false;
  }
  if (const json::Value* names = obj.get("reservation_nodes");
      !names || !read_string_list(*names, m.reservation_nodes, p.field("reservation_nodes")))
    return names ? false : (p.field("reservation_nodes").report("missing"), false);
  const json::Array* reservations = obj.getArray("reservations");
  if (!reservations) return p.field("reservations").report("expected an array"), false;
  for (std::size_t i = 0; i < reservations->size(); ++i) {
    Reservation r;
    if (!read_reservation((*reservations)[i], r, m.reservation_nodes.size(),
                          p.field("reservations").index(static_cast<unsigned>(i))))
      return false;
    m.reservations.push_back(std::move(r));
  }
  for (auto [key, field] :
       {std::pair{"fairshare", &m.fairshare}, std::pair{"standing_fairshare", &m.standing_fairshare}}) {
    const json::Value* h = obj.get(key);
    if (!h) return p.field(key).report("missing"), false;
    if (!read_history(*h, *field, p.field(key))) return false;
  }
  for (auto [key, field] : {std::pair{"standing_at", &m.standing_at}, std::pair{"accrued_until", &m.accrued_until},
                            std::pair{"last_completion", &m.last_completion}}) {
    const json::Value* t = obj.get(key);
    if (!t) return p.field(key).report("missing"), false;
    if (!read_time(*t, *field, p.field(key))) return false;
  }
  return true;
}

bool read_adapter(const json::Value& v, slurm::AdapterState& a, Path p) {
  const json::Object* obj = v.getAsObject();
  if (!obj) return p.report("expected an object"), false;
  if (const json::Object* starting = obj->getObject("starting")) {
    for (const auto& [id, s] : *starting) {
      Path at = p.field("starting").field(id);
      if (!slurm_job_key(id)) return at.report("expected a Slurm job id (12, or 12_3 for an array task)"), false;
      slurm::AdapterView::Start start;
      json::ObjectMapper o(s, at);
      if (!o || !o.map("nodes", start.nodes) || !o.map("tasks", start.tasks) || !o.map("asked", start.asked))
        return false;
      if (start.nodes.empty() || start.nodes.size() != start.tasks.size())
        return at.report("expected as many task counts as nodes, and a node at least"), false;
      a.view.starting[id.str()] = std::move(start);
    }
  }
  if (const json::Object* requests = obj->getObject("requests")) {
    for (const auto& [id, r] : *requests) {
      Path at = p.field("requests").field(id);
      if (!slurm_job_key(id)) return at.report("expected a Slurm job id (12, or 12_3 for an array task)"), false;
      slurm::AdapterState::Request req;
      json::ObjectMapper o(r, at);
      std::int64_t min_nodes = 0, max_nodes = 0, restarts = 0;
      // restarts: absent from the files of an older mauirun (0 then).
      if (!o || !o.map("min_nodes", min_nodes) || !o.map("max_nodes", max_nodes) ||
          !o.map("required_nodes", req.required_nodes) || !o.map("excluded_nodes", req.excluded_nodes) ||
          !o.mapOptional("restarts", restarts) ||
          !o.mapOptional("partitions", req.partitions))  // a job asking several; absent before issue 32
        return false;
      constexpr std::int64_t most = std::numeric_limits<std::uint32_t>::max();
      if (min_nodes < 0 || max_nodes < 0 || min_nodes > most || max_nodes > most)
        return at.report("expected node counts of Slurm's range"), false;
      if (restarts < 0 || restarts > most) return at.report("expected a restart count of Slurm's range"), false;
      req.min_nodes = static_cast<std::uint32_t>(min_nodes);
      req.max_nodes = static_cast<std::uint32_t>(max_nodes);
      req.restarts = static_cast<std::uint32_t>(restarts);
      a.requests[id.str()] = std::move(req);
    }
  }
  if (const json::Array* held = obj->getArray("held_again"))
    for (std::size_t i = 0; i < held->size(); ++i) {
      auto n = (*held)[i].getAsInteger();
      auto text = (*held)[i].getAsString();
      if (n && *n > 0 && *n <= std::numeric_limits<std::uint32_t>::max())
        a.view.held_again.insert(std::to_string(*n));
      else if (text && slurm_job_key(*text))
        a.view.held_again.insert(text->str());
      else
        return p.field("held_again")
                   .index(static_cast<unsigned>(i))
                   .report("expected a Slurm job id (12, or \"12_3\" for an array task)"),
               false;
    }
  return true;
}

bool read_admin(const json::Value& v, std::vector<AdminReservation>& out, Path p) {
  const json::Array* a = v.getAsArray();
  if (!a) return p.report("expected an array of administrative reservations"), false;
  for (std::size_t i = 0; i < a->size(); ++i) {
    Path at = p.index(static_cast<unsigned>(i));
    AdminReservation r;
    json::ObjectMapper o((*a)[i], at);
    if (!o || !o.map("name", r.name) || !o.map("start", r.start) || !o.map("end", r.end) || !o.map("hosts", r.hosts) ||
        !o.mapOptional("owner", r.owner))
      return false;
    if (r.name.empty()) return at.field("name").report("expected a name"), false;
    if (r.end <= r.start) return at.field("end").report("expected an end after the start"), false;
    const json::Value* acl_value = (*a)[i].getAsObject()->get("acl");
    if (!acl_value || !read_acl(*acl_value, r.acl, at.field("acl")))
      return acl_value ? false : (at.field("acl").report("missing"), false);
    out.push_back(std::move(r));
  }
  return true;
}

std::string path_error(llvm::Error e) {
  std::string text;
  llvm::handleAllErrors(std::move(e), [&](const llvm::ErrorInfoBase& info) { text = info.message(); });
  return text;
}

}  // namespace

std::string state_text(const DaemonState& s) {
  json::Value body = json::Object{{"saved_at", s.saved_at},
                                  {"cycle", cycle_memory(s.cycle)},
                                  {"adapter", adapter(s.adapter)},
                                  {"admin_reservations", admin(s.admin_reservations)},
                                  {"scheduling_stopped", s.scheduling_stopped}};
  if (s.cluster)
    body.getAsObject()->try_emplace("cluster",
                                    json::Object{{"name", s.cluster->name}, {"controller", s.cluster->controller}});
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:1}", body) << "\n";
  os.flush();
  return fmt::format("{} bytes={} crc32={:08x}\n", kHeader, text.size(), crc_of(text)) + text;
}

StateLoad parse_state(std::string_view name, std::string_view text) {
  StateLoad out;
  out.file = std::string(name);
  auto problem = [&](std::string where, std::string what) {
    out.problems.push_back(fmt::format("{}:{}: {}", name, where, what));
    return out;
  };
  const std::size_t eol = text.find('\n');
  const std::string_view header = text.substr(0, eol);
  std::size_t bytes = 0;
  std::uint32_t crc = 0;
  if (header.substr(0, kHeader.size()) != kHeader ||
      std::sscanf(std::string(header.substr(kHeader.size())).c_str(), " bytes=%zu crc32=%8x", &bytes, &crc) != 2)
    return problem("1", fmt::format("expected the header '{} bytes=N crc32=XXXXXXXX'", kHeader));
  const std::string_view body = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
  if (body.size() != bytes)
    return problem(
        "2", fmt::format("the file is truncated or grown: {} bytes of state, the header says {}", body.size(), bytes));
  if (crc_of(body) != crc)
    return problem(
        "2", fmt::format("the state is damaged: its CRC-32 is {:08x}, the header says {:08x}", crc_of(body), crc));
  if (auto bad = json_input_problem(body))
    return problem(fmt::format("{}:{}", bad->line + 1, bad->column), bad->message);
  auto parsed = json::parse(body);
  if (!parsed) return problem("2", "invalid JSON: " + path_error(parsed.takeError()));
  DaemonState state;
  json::Path::Root root("state");
  json::ObjectMapper o(*parsed, root);
  const json::Object* obj = parsed->getAsObject();
  const bool ok = o && o.map("saved_at", state.saved_at) &&
                  o.mapOptional("scheduling_stopped", state.scheduling_stopped) && obj->get("cycle") &&
                  read_cycle(*obj->get("cycle"), state.cycle, json::Path(root).field("cycle")) && obj->get("adapter") &&
                  read_adapter(*obj->get("adapter"), state.adapter, json::Path(root).field("adapter")) &&
                  obj->get("admin_reservations") &&
                  read_admin(*obj->get("admin_reservations"), state.admin_reservations,
                             json::Path(root).field("admin_reservations"));
  if (!ok) {
    llvm::Error e = root.getError();
    return problem("2", e ? path_error(std::move(e)) : "expected saved_at, cycle, adapter and admin_reservations");
  }
  if (const json::Value* cluster = obj->get("cluster")) {
    slurm::ClusterIdentity id;
    json::Path at = json::Path(root).field("cluster");
    json::ObjectMapper c(*cluster, at);
    if (!c || !c.map("name", id.name) || !c.map("controller", id.controller)) {
      llvm::Error e = root.getError();
      return problem("2", e ? path_error(std::move(e)) : "expected the cluster's name and controller");
    }
    state.cluster = std::move(id);
  }
  out.state = std::move(state);
  return out;
}

StateLoad load_state(const std::string& dir) {
  StateLoad out;
  for (const std::string& name : {std::string(kStateFile), std::string(kStateFile) + ".prev"}) {
    const InputFile file = read_input_file(dir + "/" + name, kMaxStateBytes);
    if (file.error) {
      if (file.error->message.find("No such file") == std::string::npos)
        out.problems.push_back(name + ": " + file.error->message);
      continue;
    }
    StateLoad load = parse_state(name, file.text);
    out.problems.insert(out.problems.end(), load.problems.begin(), load.problems.end());
    if (load.state) {
      out.state = std::move(load.state);
      out.file = name;
      return out;
    }
  }
  return out;
}

std::optional<std::string> other_cluster(const std::string& file, const slurm::ClusterIdentity& saved,
                                         const slurm::ClusterIdentity& here) {
  if (saved.name == here.name) return std::nullopt;
  return fmt::format(
      "{} is the state of Slurm cluster '{}' (controller {}), and Slurm here is cluster '{}' (controller {}): not "
      "started, nothing done to any job. Its starts in flight, holds and job memories name the other cluster's jobs: "
      "give this cluster a state directory of its own (--state), or check SLURM_CONF",
      file, saved.name, saved.controller, here.name, here.controller);
}

std::optional<Problem> save_state(const std::string& dir, const DaemonState& state) {
  return write_file_atomically(dir, std::string(kStateFile), state_text(state), /*keep_previous=*/true);
}

}  // namespace maui::runtime
