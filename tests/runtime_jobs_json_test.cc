// JOBS.json (runtime/io/jobs_json.h, docs/jobs-json.md): the documented example reads into the
// snapshot it describes, and every kind of bad input gets a located error with its JSON path.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "runtime/io/jobs_json.h"
#include "schemas/ir.h"

namespace maui::runtime {
namespace {

// What each problem says, without its location (LocatedAtTheirValues checks those).
std::vector<std::string> errors_of(std::string_view text) {
  std::vector<std::string> out;
  for (const Problem& p : parse_jobs_json("JOBS.json", text).errors) out.push_back(p.message);
  return out;
}
// The same with the location, as mauirun prints them.
std::vector<std::string> located_errors_of(std::string_view text) {
  std::vector<std::string> out;
  for (const Problem& p : parse_jobs_json("JOBS.json", text).errors) out.push_back(to_text(p));
  return out;
}

TEST(RuntimeJobsJson, FullJobAndNode) {
  auto f = parse_jobs_json("JOBS.json", R"({
    "now": 1700000000,
    "nodes": [{"name": "n01", "procs": 16, "memory": 64000, "swap": 1000, "disk": 500, "features": ["fast"],
               "partition": "p1", "state": "busy"}],
    "jobs": [
      {"id": "1", "user": "steve", "group": "staff", "account": "chem", "class": "batch", "qos": "hiprio",
       "tasks": 4, "procs_per_task": 2, "memory_per_task": 1024, "swap_per_task": 10, "disk_per_task": 20,
       "nodes": 2, "walltime": "1:30:00", "submit_time": 1699990000, "state": "Running",
       "start_time": 1699995000, "allocated_nodes": ["n01"], "bypass_count": 3, "utilized_procs": 6.5},
      {"id": "2", "user": "john", "procs": 8, "walltime": 600, "submit_time": 1699999000, "holds": ["user"],
       "dependencies": ["1"], "queue_time_accrued": 120},
      {"id": "3", "user": "ann", "tasks": 2, "procs": 8, "walltime": 60, "submit_time": 5}
    ]})");
  ASSERT_TRUE(f.errors.empty()) << to_text(f.errors.front());
  EXPECT_EQ(f.snapshot.now, 1700000000);
  ASSERT_EQ(f.snapshot.nodes.size(), 1u);
  const Node& n = f.snapshot.nodes[0];
  EXPECT_EQ(n.procs, 16);
  EXPECT_EQ(n.memory_mb, 64000);
  EXPECT_EQ(n.state, NodeState::Busy);
  EXPECT_EQ(n.partition, "p1");
  ASSERT_EQ(f.snapshot.jobs.size(), 3u);
  const Job& a = f.snapshot.jobs[0];
  EXPECT_EQ(a.procs(), 8);
  EXPECT_EQ(a.memory_mb(), 4096);
  EXPECT_EQ(a.walltime, 5400);
  EXPECT_EQ(a.state, JobState::Running);
  EXPECT_EQ(*a.start_time, 1699995000);
  EXPECT_EQ(a.job_class, "batch");
  EXPECT_EQ(a.sched.bypass_count, 3);
  EXPECT_DOUBLE_EQ(*a.utilized_procs, 6.5);
  const Job& b = f.snapshot.jobs[1];
  EXPECT_EQ(b.tasks, 8);  // procs alone: one-proc tasks
  EXPECT_EQ(b.procs_per_task, 1);
  EXPECT_EQ(b.holds, std::vector<std::string>{"user"});
  EXPECT_EQ(*b.sched.queue_time_accrued, 120);
  EXPECT_EQ(b.state, JobState::Idle);
  EXPECT_EQ(f.snapshot.jobs[2].procs_per_task, 4);
}

TEST(RuntimeJobsJson, LocatedErrors) {
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 60, "submit_time": 0},
                                   {"id": "2", "user": "a", "walltime": 60, "submit_time": 0},
                                   {"id": "3", "user": "a", "walltime": 60, "submit_time": 0},
                                   {"id": "4", "user": "a", "walltime": 60, "submit_time": 0, "procs": -2}]})"),
            std::vector<std::string>{"jobs[3].procs: expected a number of processors from 1 to 1000000000"});
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "", "user": "a", "walltime": "soon", "submit_time": "now",
                                    "state": "Sleeping", "tasks": 0, "prcs": 4, "holds": [1]}]})"),
            (std::vector<std::string>{
                "jobs[0].prcs: unknown field (expected one of id, user, group, account, class, qos, tasks, procs, "
                "procs_per_task, memory_per_task, swap_per_task, disk_per_task, nodes, walltime, submit_time, state, "
                "start_time, allocated_nodes, holds, dependencies, bypass_count, queue_time_accrued, utilized_procs, "
                "system_priority, relative_system_priority)",
                "jobs[0].id: expected a non-empty string",
                "jobs[0].tasks: expected a number of tasks from 1 to 1000000000",
                "jobs[0].walltime: expected a number of seconds from 1 to 1000000000000 or [[[DD:]HH:]MM:]SS",
                "jobs[0].submit_time: expected an integer time (seconds since 1970) within 1000000000000 s of 1970",
                "jobs[0].state: expected Idle, Hold, Starting, Running, Suspended or Completed",
                "jobs[0].holds[0]: expected a non-empty string"}));
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "1", "user": "a", "state": "Running"}]})"),
            (std::vector<std::string>{"jobs[0].walltime: missing: expected the job's wallclock limit",
                                      "jobs[0].submit_time: missing: expected an integer time (seconds since 1970)",
                                      "jobs[0].start_time: missing: a Running job needs its start time"}));
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 1, "submit_time": 0},
                                   {"id": "1", "user": "b", "walltime": 1, "submit_time": 0}]})"),
            std::vector<std::string>{"jobs[1].id: duplicate job id '1' (also jobs[0])"});
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 1, "submit_time": 0, "tasks": 3, "procs": 8}]})"),
            std::vector<std::string>{"jobs[0].procs: expected a multiple of tasks (3)"});
  EXPECT_EQ(errors_of(R"({"nodes": {}, "jobs": 3})"),
            (std::vector<std::string>{"nodes: expected an array", "jobs: expected an array"}));
  EXPECT_EQ(errors_of(R"({"nodes": [{"procs": 2.5}]})"),
            (std::vector<std::string>{"nodes[0].name: missing: expected a non-empty string",
                                      "nodes[0].procs: expected a number of processors from 0 to 1000000000",
                                      "jobs: missing: expected an array of jobs"}));
  EXPECT_EQ(errors_of("[1]"), std::vector<std::string>{"(root): expected an object with a \"jobs\" array"});
  // Nesting llvm::json::parse would recurse through until the stack overflows, and an integer
  // it would clamp to 2^63 - 1, are refused before it reads them (schemas/json_input.h).
  EXPECT_EQ(located_errors_of("{\"jobs\":\n  " + std::string(100000, '[') + std::string(100000, ']') + "}"),
            std::vector<std::string>{"JOBS.json:2:66: error: invalid JSON: nested deeper than 64 levels"});
  EXPECT_EQ(located_errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 99999999999999999999}]})"),
            std::vector<std::string>{
                "JOBS.json:1:48: error: invalid JSON: integer 99999999999999999999 does not fit in 64 bits"});
  auto syntax = located_errors_of("{\"jobs\": [\n  {\"id\": }\n]}");
  ASSERT_EQ(syntax.size(), 1u);
  EXPECT_EQ(syntax[0].substr(0, 39), "JOBS.json:2:10: error: invalid JSON: In");
}

// Each problem is located at the value it is about (the object that lacks a missing field), so
// that an admin goes straight to it in a long snapshot.
TEST(RuntimeJobsJson, LocatedAtTheirValues) {
  EXPECT_EQ(located_errors_of(R"({"jobs": [
  {"id": "1", "user": "a", "walltime": 60, "submit_time": 0},
  {"id": "2", "user": "a", "walltime": "soon", "submit_time": 0, "prcs": 4},
  {"id": "3", "user": "a", "submit_time": 0}
],
 "nodes": {}})"),
            (std::vector<std::string>{
                "JOBS.json:6:11: error: nodes: expected an array",
                "JOBS.json:3:74: error: jobs[1].prcs: unknown field (expected one of id, user, group, account, class, "
                "qos, tasks, procs, procs_per_task, memory_per_task, swap_per_task, disk_per_task, nodes, walltime, "
                "submit_time, state, start_time, allocated_nodes, holds, dependencies, bypass_count, "
                "queue_time_accrued, utilized_procs, system_priority, relative_system_priority)",
                "JOBS.json:3:40: error: jobs[1].walltime: expected a number of seconds from 1 to 1000000000000 or "
                "[[[DD:]HH:]MM:]SS",
                "JOBS.json:4:3: error: jobs[2].walltime: missing: expected the job's wallclock limit"}));
}

// schemas/ir.h's bounds: values exactly at them read; one past them, a number too large for
// 64 bits and a job whose totals pass them are errors at their path, never an overflow.
// setspri (docs/semantics.md 79): absolute 0 to 1e9, or relative -1e9 to 1e9, not both.
TEST(RuntimeJobsJson, SystemPriority) {
  auto f = parse_jobs_json("JOBS.json", R"({"jobs": [
      {"id": "a", "user": "u", "walltime": 60, "submit_time": 0, "system_priority": 1000000000},
      {"id": "r", "user": "u", "walltime": 60, "submit_time": 0, "relative_system_priority": -1000000000},
      {"id": "n", "user": "u", "walltime": 60, "submit_time": 0}]})");
  ASSERT_TRUE(f.errors.empty()) << to_text(f.errors.front());
  EXPECT_EQ(f.snapshot.jobs[0].sched.system_priority, (SystemPriority{1'000'000'000, false}));
  EXPECT_EQ(f.snapshot.jobs[1].sched.system_priority, (SystemPriority{-1'000'000'000, true}));
  EXPECT_FALSE(f.snapshot.jobs[2].sched.system_priority.has_value());
  EXPECT_EQ(errors_of(R"({"jobs": [
      {"id": "1", "user": "u", "walltime": 60, "submit_time": 0, "system_priority": -1},
      {"id": "2", "user": "u", "walltime": 60, "submit_time": 0, "relative_system_priority": 1000000001},
      {"id": "3", "user": "u", "walltime": 60, "submit_time": 0, "system_priority": 1, "relative_system_priority": 1},
      {"id": "4", "user": "u", "walltime": 60, "submit_time": 0, "system_priority": "high"}]})"),
            (std::vector<std::string>{
                "jobs[0].system_priority: expected a priority from 0 to 1000000000",
                "jobs[1].relative_system_priority: expected a priority from -1000000000 to 1000000000",
                "jobs[2].relative_system_priority: a job has an absolute or a relative system priority, not both",
                "jobs[3].system_priority: expected a priority from 0 to 1000000000"}));
}

TEST(RuntimeJobsJson, ValuesWithinTheBounds) {
  auto at = parse_jobs_json("JOBS.json", R"({"now": 1000000000000,
    "nodes": [{"name": "n1", "procs": 1000000000, "memory": 1000000000000, "swap": 1000000000000,
               "disk": 1000000000000}],
    "jobs": [{"id": "1", "user": "a", "tasks": 1000000, "procs_per_task": 1000, "memory_per_task": 1000000,
              "nodes": 1000000, "walltime": 1000000000000, "submit_time": -1000000000000, "state": "Running",
              "start_time": -1000000000000, "bypass_count": 1000000000000, "queue_time_accrued": 1000000000000,
              "utilized_procs": 1000000000}]})");
  EXPECT_TRUE(at.errors.empty()) << to_text(at.errors.front());
  ASSERT_EQ(at.snapshot.jobs.size(), 1u);
  EXPECT_EQ(at.snapshot.jobs[0].walltime, ir::kMaxSeconds);
  EXPECT_EQ(at.snapshot.nodes[0].memory_mb, ir::kMaxMegabytes);

  EXPECT_EQ(errors_of(R"({"now": -1000000000001,
    "nodes": [{"name": "n1", "procs": 1000000001, "memory": 1e300}],
    "jobs": [{"id": "1", "user": "a", "tasks": 1000000001, "walltime": "999999999:00:00", "submit_time": 1e19},
             {"id": "2", "user": "a", "tasks": 1000, "procs_per_task": 1000001, "memory_per_task": 1000000001,
              "walltime": 1, "submit_time": 0, "bypass_count": 1000000000001},
             {"id": "3", "user": "a", "procs": 1000000001, "walltime": 1, "submit_time": 0}]})"),
            (std::vector<std::string>{
                "now: expected an integer time (seconds since 1970) within 1000000000000 s of 1970",
                "nodes[0].procs: expected a number of processors from 0 to 1000000000",
                "nodes[0].memory: expected megabytes from 0 to 1000000000000",
                "jobs[0].tasks: expected a number of tasks from 1 to 1000000000",
                "jobs[0].walltime: expected a number of seconds from 1 to 1000000000000 or [[[DD:]HH:]MM:]SS",
                "jobs[0].submit_time: expected an integer time (seconds since 1970) within 1000000000000 s of 1970",
                "jobs[1]: tasks x procs_per_task is more than 1000000000",
                "jobs[1]: tasks x memory_per_task is more than 1000000000000",
                "jobs[1].bypass_count: expected a count from 0 to 1000000000000",
                "jobs[2].procs: expected a number of processors from 1 to 1000000000",
            }));
}

TEST(RuntimeJobsJson, DocumentedExampleReads) {
  // docs/jobs-json.md carries an example between ```json fences; it must read without errors.
  std::ifstream in(std::string(MAUI_SOURCE_DIR) + "/docs/jobs-json.md");
  ASSERT_TRUE(in) << "docs/jobs-json.md";
  std::stringstream text;
  text << in.rdbuf();
  std::string doc = text.str();
  auto start = doc.find("```json\n");
  ASSERT_NE(start, std::string::npos);
  start += 8;
  auto end = doc.find("```", start);
  auto f = parse_jobs_json("example", doc.substr(start, end - start));
  EXPECT_TRUE(f.errors.empty()) << (f.errors.empty() ? "" : to_text(f.errors.front()));
  EXPECT_GE(f.snapshot.jobs.size(), 3u);
}

}  // namespace
}  // namespace maui::runtime
