// Writing JOBS.json (docs/jobs-json.md): a snapshot as text that parse_jobs_json reads back into
// the same snapshot. One node or job per line, its fields in the order the documentation lists
// them, a field equal to its default left out.
#include <map>
#include <string>

#include "llvm/Support/JSON.h"
#include "runtime/io/jobs_json.h"
#include "schemas/json_writer.h"

namespace maui::runtime {

namespace {

// One object of the file, on a line of its own.
class Line {
 public:
  explicit Line(std::string& out) : json_([&out](std::string_view piece) { out.append(piece); }, 0) {
    json_.object_begin();
  }
  ~Line() { json_.object_end(); }

  // JSON strings are UTF-8: a name that is not has its bad bytes replaced (it cannot be written).
  void text(std::string_view key, const std::string& value) {
    json_.plain_key(key);
    string(value);
  }
  void text_unless_empty(std::string_view key, const std::string& value) {
    if (!value.empty()) text(key, value);
  }
  void integer(std::string_view key, std::int64_t value) {
    json_.plain_key(key);
    json_.integer(value);
  }
  void integer_unless(std::string_view key, std::int64_t value, std::int64_t default_value) {
    if (value != default_value) integer(key, value);
  }
  template <class T>
  void integer_if(std::string_view key, const std::optional<T>& value) {
    if (value) integer(key, *value);
  }
  void counts(std::string_view key, const std::map<std::string, std::int64_t>& values) {
    if (values.empty()) return;
    json_.plain_key(key);
    json_.object_begin();
    for (const auto& [name, n] : values) {
      json_.key(name);
      json_.integer(n);
    }
    json_.object_end();
  }
  void boolean(std::string_view key, bool value) {
    json_.plain_key(key);
    json_.boolean(value);
  }
  void number(std::string_view key, double value) {
    json_.plain_key(key);
    json_.number(value);
  }
  void texts(std::string_view key, const std::vector<std::string>& values) {
    if (values.empty()) return;
    json_.plain_key(key);
    json_.array_begin();
    for (const auto& v : values) string(v);
    json_.array_end();
  }
  void integers(std::string_view key, const std::vector<std::int64_t>& values) {
    if (values.empty()) return;
    json_.plain_key(key);
    json_.array_begin();
    for (auto v : values) json_.integer(v);
    json_.array_end();
  }

 private:
  void string(const std::string& value) {
    if (llvm::json::isUTF8(value))
      json_.string(value);
    else
      json_.string(llvm::json::fixUTF8(value));
  }

  ir::JsonWriter json_;
};

void write_node(std::string& out, const Node& n) {
  Line line(out);
  line.text("name", n.name);
  line.integer("procs", n.procs);
  line.integer_unless("memory", n.memory_mb, 0);
  line.integer_unless("swap", n.swap_mb, 0);
  line.integer_unless("disk", n.disk_mb, 0);
  line.texts("features", n.features);
  line.texts("classes", n.classes);
  line.counts("gres", n.gres);
  if (n.partition != "DEFAULT") line.text_unless_empty("partition", n.partition);
  line.text("state", std::string(to_string(n.state)));
  line.integer_unless("max_jobs", n.max_jobs, 0);
}

void write_job(std::string& out, const Job& j) {
  Line line(out);
  line.text("id", j.id);
  line.text("user", j.user);
  line.text_unless_empty("group", j.group);
  line.text_unless_empty("account", j.account);
  line.text_unless_empty("class", j.job_class);
  line.text_unless_empty("qos", j.qos);
  line.integer_unless("tasks", j.tasks, 1);
  line.integer_unless("procs_per_task", j.procs_per_task, 1);
  line.integer_unless("memory_per_task", j.memory_per_task_mb, 0);
  line.integer_unless("swap_per_task", j.swap_per_task_mb, 0);
  line.integer_unless("disk_per_task", j.disk_per_task_mb, 0);
  line.integer_unless("nodes", j.nodes, 0);
  line.integer("walltime", j.walltime);
  line.texts("features", j.features);
  if (j.exclusive) line.boolean("exclusive", true);
  if (j.contiguous) line.boolean("contiguous", true);
  line.counts("gres_per_node", j.gres_per_node);
  line.text_unless_empty("reservation", j.reservation);
  line.integer("submit_time", j.submit_time);
  line.text("state", std::string(to_string(j.state)));
  line.integer_if("start_time", j.start_time);
  line.integer_if("end_time", j.end_time);
  line.texts("allocated_nodes", j.allocated_nodes);
  line.integers("allocated_tasks", j.allocated_tasks);
  line.texts("holds", j.holds);
  line.texts("dependencies", j.dependencies);
  line.integer_unless("bypass_count", j.sched.bypass_count, 0);
  line.integer_if("queue_time_accrued", j.sched.queue_time_accrued);
  if (const auto& sp = j.sched.system_priority)
    line.integer(sp->relative ? "relative_system_priority" : "system_priority", sp->value);
  line.integer_if("start_priority", j.sched.start_priority);
  line.integer_unless("nice", j.nice, 0);
  if (j.utilized_procs) line.number("utilized_procs", *j.utilized_procs);
}

// The access lists as parse_jobs_json reads them: "x", "!x" (NOT), "x*" (required).
void write_reservation(std::string& out, const AdminReservation& r) {
  Line line(out);
  line.text("name", r.name);
  line.integer("start", r.start);
  line.integer("end", r.end);
  line.texts("hosts", r.hosts);
  using Kind = ir::AclEntry::Kind;
  for (auto [key, kind] : {std::pair{"users", Kind::User}, {"groups", Kind::Group}, {"accounts", Kind::Account}}) {
    std::vector<std::string> names;
    for (const auto& e : r.acl)
      if (e.kind == kind) names.push_back((e.negated ? "!" : "") + e.value + (e.required ? "*" : ""));
    line.texts(key, names);
  }
  if (r.magnetic) line.boolean("magnetic", true);
}

template <class T, class Write>
void write_array(std::string& out, std::string_view key, const std::vector<T>& items, Write write) {
  out += "  \"";
  out += key;
  out += "\": [";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i ? ",\n    " : "\n    ";
    write(out, items[i]);
  }
  out += items.empty() ? "]" : "\n  ]";
}

}  // namespace

std::string jobs_json_text(const ClusterSnapshot& snapshot) {
  std::string out = "{\n  \"now\": " + std::to_string(snapshot.now) + ",\n";
  write_array(out, "nodes", snapshot.nodes, write_node);
  out += ",\n";
  if (!snapshot.rm_reservations.empty()) {
    write_array(out, "reservations", snapshot.rm_reservations, write_reservation);
    out += ",\n";
  }
  write_array(out, "jobs", snapshot.jobs, write_job);
  out += "\n}\n";
  return out;
}

}  // namespace maui::runtime
