// JOBS.json (runtime/io/jobs_json.h, docs/jobs-json.md): the documented example reads into the
// snapshot it describes, every kind of bad input gets a located error with its JSON path, and a
// snapshot written as JOBS.json reads back equal, for every field scheduling reads.
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "runtime/engine/acl.h"
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
  EXPECT_EQ(
      errors_of(R"({"jobs": [{"id": "", "user": "a", "walltime": "soon", "submit_time": "now",
                                    "state": "Sleeping", "tasks": 0, "prcs": 4, "holds": [1]}]})"),
      (std::vector<std::string>{
          "jobs[0].prcs: unknown field (expected one of id, user, group, account, class, qos, tasks, procs, "
          "procs_per_task, memory_per_task, swap_per_task, disk_per_task, nodes, walltime, features, exclusive, "
          "contiguous, gres_per_node, reservation, submit_time, state, start_time, end_time, allocated_nodes, "
          "allocated_tasks, "
          "holds, "
          "dependencies, bypass_count, queue_time_accrued, utilized_procs, system_priority, relative_system_priority, "
          "nice, start_priority)",
          "jobs[0].id: expected a non-empty string", "jobs[0].tasks: expected a number of tasks from 1 to 1000000000",
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
  EXPECT_EQ(
      errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 1, "submit_time": 0, "tasks": 3, "procs": 8}]})"),
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
                "features, exclusive, contiguous, gres_per_node, reservation, submit_time, state, start_time, "
                "end_time, allocated_nodes, "
                "allocated_tasks, holds, dependencies, bypass_count, queue_time_accrued, utilized_procs, "
                "system_priority, relative_system_priority, nice, "
                "start_priority)",
                "JOBS.json:3:40: error: jobs[1].walltime: expected a number of seconds from 1 to 1000000000000 or "
                "[[[DD:]HH:]MM:]SS",
                "JOBS.json:4:3: error: jobs[2].walltime: missing: expected the job's wallclock limit"}));
}

// schemas/ir.h's bounds: values exactly at them read; one past them, a number too large for
// 64 bits and a job whose totals pass them are errors at their path, never an overflow.
// setspri (docs/semantics.md 79): absolute 0 to 1e9, or relative -1e9 to 1e9, not both.
// What a job asks of its nodes (docs/semantics.md 135, 136).
TEST(RuntimeJobsJson, FeaturesAndExclusive) {
  const JobsFile f = parse_jobs_json(
      "JOBS.json", R"({"jobs": [{"id": "1", "user": "a", "walltime": 60, "submit_time": 0, "features": ["fast", "gpu"],
                                "exclusive": true, "contiguous": true},
                               {"id": "2", "user": "a", "walltime": 60, "submit_time": 0}]})");
  ASSERT_TRUE(f.errors.empty()) << to_text(f.errors.front());
  EXPECT_EQ(f.snapshot.jobs[0].features, (std::vector<std::string>{"fast", "gpu"}));
  EXPECT_TRUE(f.snapshot.jobs[0].exclusive);
  EXPECT_TRUE(f.snapshot.jobs[0].contiguous);
  EXPECT_TRUE(f.snapshot.jobs[1].features.empty());
  EXPECT_FALSE(f.snapshot.jobs[1].exclusive);
  EXPECT_FALSE(f.snapshot.jobs[1].contiguous);
  EXPECT_EQ(errors_of(R"({"jobs": [{"id": "1", "user": "a", "walltime": 60, "submit_time": 0, "exclusive": "yes",
                                    "features": [""], "contiguous": 1}]})"),
            (std::vector<std::string>{"jobs[0].features[0]: expected a non-empty string",
                                      "jobs[0].exclusive: expected true or false",
                                      "jobs[0].contiguous: expected true or false"}));
}

// Slurm's reservations as serve writes them: the nodes know the reservations holding them, the
// job the one it asked for; a bad window or flag is located.
TEST(RuntimeJobsJson, ReservationsOfTheResourceManager) {
  const JobsFile f = parse_jobs_json("JOBS.json", R"({"nodes": [{"name": "n1", "procs": 4}, {"name": "n2", "procs": 4}],
    "reservations": [{"name": "maint", "start": 100, "end": 200, "hosts": ["n1", "n9"], "users": ["!bob"],
                      "accounts": ["proj*"], "magnetic": true}],
    "jobs": [{"id": "1", "user": "a", "walltime": 60, "submit_time": 0, "reservation": "maint"}]})");
  ASSERT_TRUE(f.errors.empty()) << to_text(f.errors.front());
  ASSERT_EQ(f.snapshot.rm_reservations.size(), 1u);
  const AdminReservation& r = f.snapshot.rm_reservations[0];
  EXPECT_TRUE(r.rm);
  EXPECT_TRUE(r.magnetic);
  EXPECT_EQ(acl_text(r.acl), "USERLIST=!bob ACCOUNTLIST=proj*");
  EXPECT_EQ(f.snapshot.nodes[0].rm_reservations, std::vector<std::string>{"maint"});
  EXPECT_TRUE(f.snapshot.nodes[1].rm_reservations.empty());
  EXPECT_EQ(f.snapshot.jobs[0].reservation, "maint");
  EXPECT_EQ(errors_of(R"({"reservations": [{"name": "x", "start": 200, "end": 100, "magnetic": 1}, {"start": 1}],
                          "jobs": []})"),
            (std::vector<std::string>{"reservations[0].end: expected an end after the start",
                                      "reservations[0].magnetic: expected true or false",
                                      "reservations[1].name: missing: expected a non-empty string",
                                      "reservations[1]: expected a start and an end (seconds since 1970)"}));
}

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

TEST(RuntimeJobsJson, WhatALiveSnapshotHolds) {
  auto f = parse_jobs_json("JOBS.json", R"({"now": 1700000000,
    "nodes": [{"name": "n1", "procs": 4, "classes": ["batch", "debug"], "max_jobs": 2},
              {"name": "n2", "procs": 4}],
    "jobs": [
      {"id": "1", "user": "a", "tasks": 6, "walltime": 600, "submit_time": 0, "state": "Running",
       "start_time": 1699999000, "end_time": 1699999900, "allocated_nodes": ["n1", "n2"],
       "allocated_tasks": [4, 2], "start_priority": -12},
      {"id": "2", "user": "a", "walltime": 600, "submit_time": 0, "state": "Completed", "start_time": 5,
       "end_time": 65},
      {"id": "3", "user": "a", "walltime": 600, "submit_time": 0, "nice": 100}]})");
  ASSERT_TRUE(f.errors.empty()) << to_text(f.errors.front());
  EXPECT_EQ(f.snapshot.jobs[2].nice, 100);
  EXPECT_EQ(f.snapshot.jobs[1].nice, 0);
  EXPECT_NE(jobs_json_text(f.snapshot).find(R"("nice":100)"), std::string::npos);
  EXPECT_EQ(f.snapshot.nodes[0].classes, (std::vector<std::string>{"batch", "debug"}));
  EXPECT_EQ(f.snapshot.nodes[0].max_jobs, 2);
  EXPECT_TRUE(f.snapshot.nodes[1].classes.empty());
  EXPECT_EQ(f.snapshot.nodes[1].max_jobs, 0);
  const Job& a = f.snapshot.jobs[0];
  EXPECT_EQ(a.allocated_tasks, (std::vector<std::int64_t>{4, 2}));
  EXPECT_EQ(a.end_time, 1699999900);
  EXPECT_EQ(a.sched.start_priority, -12);
  EXPECT_EQ(f.snapshot.jobs[1].end_time, 65);
  EXPECT_FALSE(f.snapshot.jobs[1].sched.start_priority.has_value());

  // A running job of 4 tasks on n1 and n2, with more fields.
  auto job = [](std::string_view id, std::string_view more) {
    return fmt::format(R"({{"id": "{}", "user": "a", "tasks": 4, "walltime": 60, "submit_time": 0, "state": "Running",
                            "start_time": 0, "allocated_nodes": ["n1", "n2"], {}}})",
                       id, more);
  };
  EXPECT_EQ(
      errors_of(R"({"nodes": [{"name": "n1", "classes": "batch", "max_jobs": -1},
                                    {"name": "n2", "classes": [""], "max_jobs": 2147483648}],
                          "jobs": [)" +
                job("1", R"("allocated_tasks": [2, 0, "x"], "end_time": "later")") + "," +
                job("2", R"("allocated_tasks": [1])") + "," + job("3", R"("allocated_tasks": {})") + "," +
                job("4", R"("allocated_tasks": [3, 2])") + "," + job("5", R"("start_priority": 2000000001)") + "]}"),
      (std::vector<std::string>{
          "nodes[0].classes: expected an array of strings",
          "nodes[0].max_jobs: expected a number of jobs from 0 to 2147483647",
          "nodes[1].classes[0]: expected a non-empty string",
          "nodes[1].max_jobs: expected a number of jobs from 0 to 2147483647",
          "jobs[0].end_time: expected an integer time (seconds since 1970) within 1000000000000 s of 1970",
          "jobs[0].allocated_tasks[1]: expected a number of tasks from 1 to 1000000000",
          "jobs[0].allocated_tasks[2]: expected a number of tasks from 1 to 1000000000",
          "jobs[1].allocated_tasks: 1 task counts for 2 allocated nodes",
          "jobs[2].allocated_tasks: expected an array of task counts, one per allocated node",
          "jobs[3].allocated_tasks: places 5 tasks, more than the job's 4",
          "jobs[4].start_priority: expected a priority from -9000000000000000000 to 2000000000",
      }));
}

// The text pins the layout: one node or job per line, fields in the documented order, defaults
// left out, names escaped.
TEST(RuntimeJobsJson, WrittenText) {
  ClusterSnapshot s;
  s.now = 1700000000;
  Node n;
  n.name = "n1";
  n.procs = 4;
  n.classes = {"batch"};
  s.nodes.push_back(n);
  n.name = "n\"2";
  n.classes.clear();
  n.state = NodeState::Drained;
  n.partition = "p1";
  s.nodes.push_back(n);
  Job j;
  j.id = "7";
  j.user = "ann";
  j.job_class = "batch";
  j.tasks = 2;
  j.walltime = 600;
  j.submit_time = 1699999000;
  j.state = JobState::Running;
  j.start_time = 1699999500;
  j.allocated_nodes = {"n1"};
  j.allocated_tasks = {2};
  j.utilized_procs = 1.5;
  s.jobs.push_back(j);
  Job q;
  q.id = "8";
  q.user = "bob";
  q.walltime = 60;
  q.sched.system_priority = SystemPriority{-5, true};
  s.jobs.push_back(q);
  EXPECT_EQ(jobs_json_text(s), R"({
  "now": 1700000000,
  "nodes": [
    {"name":"n1","procs":4,"classes":["batch"],"state":"Idle"},
    {"name":"n\"2","procs":4,"partition":"p1","state":"Drained"}
  ],
  "jobs": [
    {"id":"7","user":"ann","class":"batch","tasks":2,"walltime":600,"submit_time":1699999000,"state":"Running","start_time":1699999500,"allocated_nodes":["n1"],"allocated_tasks":[2],"utilized_procs":1.5},
    {"id":"8","user":"bob","walltime":60,"submit_time":0,"state":"Idle","relative_system_priority":-5}
  ]
}
)");
  EXPECT_EQ(jobs_json_text(ClusterSnapshot{}), "{\n  \"now\": 0,\n  \"nodes\": [],\n  \"jobs\": []\n}\n");
}

// A snapshot as a live RM or the simulator may hold one, every field JOBS.json carries drawn at
// random (values at the bounds now and then, names that need escaping).
ClusterSnapshot random_snapshot(std::mt19937_64& rng) {
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  auto chance = [&](int in) { return uniform(0, in - 1) == 0; };
  auto some = [&](std::vector<std::string> from) {
    std::vector<std::string> out;
    for (auto& s : from)
      if (chance(2)) out.push_back(std::move(s));
    return out;
  };
  auto name = [&](std::string_view stem, std::int64_t i) {
    static const char* odd[] = {"", "\"", "\\\\", "\u00e9", "\u4e2d", "\t", "/"};
    return std::string(stem) + std::to_string(i) + (chance(4) ? odd[uniform(0, 6)] : "");
  };
  auto credential = [&](std::string_view stem) { return chance(3) ? std::string() : name(stem, uniform(0, 3)); };
  auto time = [&] {
    return chance(20) ? (chance(2) ? ir::kMaxSeconds : -ir::kMaxSeconds) : uniform(1'690'000'000, 1'710'000'000);
  };

  ClusterSnapshot s;
  s.now = time();
  const std::int64_t nodes = uniform(0, 6);
  for (std::int64_t i = 0; i < nodes; ++i) {
    Node n;
    n.name = name("node", i);
    n.procs = chance(10) ? ir::kMaxProcs : uniform(0, 64);
    n.memory_mb = chance(2) ? 0 : (chance(10) ? ir::kMaxMegabytes : uniform(0, 256'000));
    n.swap_mb = chance(2) ? 0 : uniform(0, 64'000);
    n.disk_mb = chance(2) ? 0 : uniform(0, 1'000'000);
    n.features = some({"fast", "gpu", name("f", i)});
    if (chance(3)) n.gres = {{"gpu", uniform(1, 8)}, {name("g", i), uniform(1, 100)}};
    n.classes = some({"batch", "debug", name("c", i)});
    if (chance(3)) n.partition = name("p", uniform(0, 2));
    n.state = static_cast<NodeState>(uniform(0, 6));
    n.max_jobs = chance(2) ? 0 : static_cast<std::int32_t>(chance(10) ? 2147483647 : uniform(1, 8));
    s.nodes.push_back(std::move(n));
  }
  std::vector<std::string> node_names;
  for (const auto& n : s.nodes) node_names.push_back(n.name);
  // Slurm's reservations: hosts among the nodes (or none of them), access lists with NOT and
  // required names.
  for (std::int64_t r = chance(2) ? 0 : uniform(1, 3); r > 0; --r) {
    AdminReservation a;
    a.name = name("resv", r);
    a.start = uniform(1'690'000'000, 1'700'000'000);
    a.end = a.start + uniform(1, 1'000'000);
    a.hosts = some(node_names);
    if (chance(4)) a.hosts.push_back(name("ghost", r));
    for (auto kind : {ir::AclEntry::Kind::User, ir::AclEntry::Kind::Group, ir::AclEntry::Kind::Account})
      for (std::int64_t e = uniform(0, 2); e > 0; --e) {
        ir::AclEntry entry;
        entry.kind = kind;
        entry.value = name("who", e);
        entry.negated = chance(3);
        entry.required = !entry.negated && chance(3);
        a.acl.push_back(std::move(entry));
      }
    a.owner = "slurm";
    a.rm = true;
    a.magnetic = chance(2);
    s.rm_reservations.push_back(std::move(a));
  }
  const std::int64_t jobs = uniform(0, 12);
  for (std::int64_t i = 0; i < jobs; ++i) {
    Job j;
    j.id = name("job", i);
    j.user = name("u", uniform(0, 3));
    j.group = credential("g");
    j.account = credential("a");
    j.job_class = credential("c");
    j.qos = credential("q");
    j.tasks = chance(10) ? 1'000'000 : uniform(1, 16);
    j.procs_per_task = chance(10) ? 1000 : uniform(1, 4);
    j.memory_per_task_mb = chance(2) ? 0 : uniform(1, 1'000'000);
    j.swap_per_task_mb = chance(2) ? 0 : uniform(1, 1000);
    j.disk_per_task_mb = chance(2) ? 0 : uniform(1, 1000);
    j.nodes = chance(2) ? 0 : uniform(1, 4);
    j.walltime = chance(10) ? ir::kMaxSeconds : uniform(1, 100'000);
    j.submit_time = time();
    j.state = static_cast<JobState>(uniform(0, 5));
    if (j.is_active() || chance(4)) j.start_time = time();
    if (chance(3)) j.end_time = time();
    if (j.is_active() || chance(8)) {
      j.allocated_nodes = some(node_names);
      if (j.allocated_nodes.empty()) j.allocated_nodes.push_back(name("gone", i));  // a node the snapshot lacks
      if (chance(2)) {
        std::int64_t placed = 0;
        for (std::size_t k = 0; k < j.allocated_nodes.size(); ++k)
          placed += j.allocated_tasks.emplace_back(uniform(1, 4));
        j.tasks = std::max(j.tasks, placed);
      }
    }
    j.holds = some({"user", "system", "batch", "defer", "dependency never satisfied"});
    for (std::int64_t d = uniform(0, 2); d > 0; --d) j.dependencies.push_back(name("job", uniform(0, 20)));
    j.features = some({"fast", "gpu", "big"});
    j.exclusive = chance(4);
    j.contiguous = chance(5);
    if (chance(4)) j.gres_per_node = {{"gpu", uniform(1, 8)}};
    if (chance(4)) j.reservation = chance(3) || s.rm_reservations.empty() ? name("lost", i) : s.rm_reservations[0].name;
    j.sched.bypass_count = chance(2) ? 0 : (chance(10) ? ir::kMaxSeconds : uniform(1, 40));
    if (chance(2)) j.sched.queue_time_accrued = chance(10) ? ir::kMaxSeconds : uniform(0, 86'400);
    if (chance(3)) {
      const bool relative = chance(2);
      j.sched.system_priority =
          SystemPriority{uniform(relative ? -kMaxSystemPriority : 0, kMaxSystemPriority), relative};
    }
    if (chance(2))
      j.sched.start_priority =
          chance(10) ? (chance(2) ? -9'000'000'000'000'000'000 : 2'000'000'000) : uniform(-1000, 1'000'000);
    if (chance(2)) j.utilized_procs = chance(10) ? ir::kMaxProcs : std::uniform_real_distribution<double>(0, 64)(rng);
    s.jobs.push_back(std::move(j));
  }
  mark_rm_reservations(s);
  return s;
}

// Every field scheduling reads, compared one by one (a field added to Job or Node belongs here
// and in JOBS.json).
void expect_same(const ClusterSnapshot& a, const ClusterSnapshot& b, const std::string& text) {
  EXPECT_EQ(a.now, b.now) << text;
  EXPECT_EQ(a.rm_reservations, b.rm_reservations) << text;
  ASSERT_EQ(a.nodes.size(), b.nodes.size()) << text;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const Node &x = a.nodes[i], &y = b.nodes[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.procs, y.procs);
    EXPECT_EQ(x.memory_mb, y.memory_mb);
    EXPECT_EQ(x.swap_mb, y.swap_mb);
    EXPECT_EQ(x.disk_mb, y.disk_mb);
    EXPECT_EQ(x.features, y.features);
    EXPECT_EQ(x.classes, y.classes);
    EXPECT_EQ(x.gres, y.gres);
    EXPECT_EQ(x.partition, y.partition);
    EXPECT_EQ(x.state, y.state);
    EXPECT_EQ(x.max_jobs, y.max_jobs);
    EXPECT_EQ(x.rm_reservations, y.rm_reservations);
  }
  ASSERT_EQ(a.jobs.size(), b.jobs.size()) << text;
  for (std::size_t i = 0; i < a.jobs.size(); ++i) {
    const Job &x = a.jobs[i], &y = b.jobs[i];
    SCOPED_TRACE("job " + x.id);
    EXPECT_EQ(x.id, y.id);
    EXPECT_EQ(x.user, y.user);
    EXPECT_EQ(x.group, y.group);
    EXPECT_EQ(x.account, y.account);
    EXPECT_EQ(x.job_class, y.job_class);
    EXPECT_EQ(x.qos, y.qos);
    EXPECT_EQ(x.tasks, y.tasks);
    EXPECT_EQ(x.procs_per_task, y.procs_per_task);
    EXPECT_EQ(x.memory_per_task_mb, y.memory_per_task_mb);
    EXPECT_EQ(x.swap_per_task_mb, y.swap_per_task_mb);
    EXPECT_EQ(x.disk_per_task_mb, y.disk_per_task_mb);
    EXPECT_EQ(x.nodes, y.nodes);
    EXPECT_EQ(x.walltime, y.walltime);
    EXPECT_EQ(x.submit_time, y.submit_time);
    EXPECT_EQ(x.state, y.state);
    EXPECT_EQ(x.start_time, y.start_time);
    EXPECT_EQ(x.end_time, y.end_time);
    EXPECT_EQ(x.allocated_nodes, y.allocated_nodes);
    EXPECT_EQ(x.allocated_tasks, y.allocated_tasks);
    EXPECT_EQ(x.holds, y.holds);
    EXPECT_EQ(x.dependencies, y.dependencies);
    EXPECT_EQ(x.features, y.features);
    EXPECT_EQ(x.exclusive, y.exclusive);
    EXPECT_EQ(x.contiguous, y.contiguous);
    EXPECT_EQ(x.gres_per_node, y.gres_per_node);
    EXPECT_EQ(x.reservation, y.reservation);
    EXPECT_EQ(x.utilized_procs, y.utilized_procs);
    EXPECT_EQ(x.sched.bypass_count, y.sched.bypass_count);
    EXPECT_EQ(x.sched.queue_time_accrued, y.sched.queue_time_accrued);
    EXPECT_EQ(x.sched.system_priority, y.sched.system_priority);
    EXPECT_EQ(x.sched.start_priority, y.sched.start_priority);
  }
}

TEST(RuntimeJobsJson, WrittenSnapshotsReadBackEqual) {
  std::mt19937_64 rng(20240624);
  for (int c = 0; c < 500; ++c) {
    SCOPED_TRACE("snapshot " + std::to_string(c));
    const ClusterSnapshot s = random_snapshot(rng);
    const std::string text = jobs_json_text(s);
    JobsFile back = parse_jobs_json("JOBS.json", text);
    ASSERT_TRUE(back.errors.empty()) << to_text(back.errors.front()) << "\n" << text;
    ASSERT_TRUE(back.now.has_value());
    expect_same(s, back.snapshot, text);
    EXPECT_EQ(jobs_json_text(back.snapshot), text);  // and the same bytes again
    if (::testing::Test::HasFailure()) break;
  }
}

}  // namespace
}  // namespace maui::runtime
