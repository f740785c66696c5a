// SWF traces (runtime/io/swf.h) and schedule metrics (runtime/rm/sim/sim_metrics.h): every replay
// convention of docs/reference/traces.md, each kind of bad line located at its field while the
// good lines around it are kept, plain and gzip files alike, the shipped KTH trace, and metrics
// and the jobs CSV worked out by hand.
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/io/swf.h"
#include "runtime/rm/sim/sim_breakdown.h"
#include "runtime/rm/sim/sim_metrics.h"
#include "schemas/ir.h"
#include "schemas/line_reader.h"
#include "tests/problem_support.h"

namespace maui::runtime {
namespace {

namespace fs = std::filesystem;

// One valid line; tests vary it.
constexpr const char* kGoodLine = "1 0 5 100 4 -1 -1 4 200 2048 1 3 7 -1 2 -1 -1 -1\n";

Trace parse(std::string_view text, std::int64_t limit_jobs = 0) {
  return parse_swf(text, "t.swf", TraceReadOptions{limit_jobs, {}});
}

// What a problem says and where: `file:line:col: message`.
std::string said(const Problem& p) { return where(p) + ": " + p.message; }

std::vector<std::string> problems_of(const Trace& trace) {
  std::vector<std::string> out;
  for (const Problem& p : trace.problems) out.push_back(said(p));
  return out;
}

std::vector<std::int64_t> numbers_of(const Trace& trace) {
  std::vector<std::int64_t> out;
  for (const TraceJob& j : trace.jobs) out.push_back(j.number);
  return out;
}

// A fresh directory per test, removed afterwards.
class TraceFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / (std::string("maui-trace-") + info->name() + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string write_plain(const std::string& name, std::string_view text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }

  std::string write_gzip(const std::string& name, std::string_view text) const {
    gzFile gz = gzopen(path(name).c_str(), "wb");
    EXPECT_NE(gz, nullptr);
    EXPECT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
    EXPECT_EQ(gzclose(gz), Z_OK);
    return path(name);
  }

  static std::string bytes_of(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  fs::path dir_;
};

// A trace big enough that half of its gzip stream ends inside compressed data.
std::string many_jobs(int count) {
  std::string text = "; MaxProcs: 64\n";
  for (int i = 1; i <= count; ++i)
    text += std::to_string(i) + " " + std::to_string(i * 7) + " 0 " + std::to_string(i % 977) +
            " 2 -1 -1 2 1000 -1 1 " + std::to_string(i % 13) + " 1 -1 1 -1 -1 -1\n";
  return text;
}

// --- parsing: the replay conventions --------------------------------------------------------

TEST(SwfParse, GoodLineGivesEveryField) {
  Trace t = parse(kGoodLine);
  ASSERT_TRUE(t.problems.empty()) << said(t.problems.front());
  ASSERT_EQ(t.jobs.size(), 1u);
  const TraceJob& j = t.jobs[0];
  EXPECT_EQ(j.number, 1);
  EXPECT_EQ(j.submit, 0);
  EXPECT_EQ(j.run, 100);
  EXPECT_EQ(j.requested, 200);
  EXPECT_EQ(j.procs, 4);
  EXPECT_EQ(j.memory_kb, 2048);
  EXPECT_EQ(j.user, "u3");
  EXPECT_EQ(j.group, "g7");
  EXPECT_EQ(j.job_class, "q2");
  EXPECT_FALSE(j.run_clipped);
  EXPECT_FALSE(j.requested_from_run);
  EXPECT_EQ(t.lines, 1);
}

TEST(SwfParse, ProcsAreAllocatedElseRequested) {
  Trace t = parse(
      "1 0 0 10  4 -1 -1  8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"    // allocated wins over requested
      "2 0 0 10 -1 -1 -1  8 60 -1 1 1 1 -1 -1 -1 -1 -1\n"    // allocated unknown: requested
      "3 0 0 10  0 -1 -1 16 60 -1 1 1 1 -1 -1 -1 -1 -1\n");  // allocated 0 is no count either
  ASSERT_TRUE(t.problems.empty()) << said(t.problems.front());
  ASSERT_EQ(t.jobs.size(), 3u);
  EXPECT_EQ(t.jobs[0].procs, 4);
  EXPECT_EQ(t.jobs[1].procs, 8);
  EXPECT_EQ(t.jobs[2].procs, 16);
}

TEST(SwfParse, RunIsClippedToTheRequestedTime) {
  Trace t = parse(
      "1 0 0 300 1 -1 -1 1 200 -1 1 1 1 -1 -1 -1 -1 -1\n"    // ran past its limit: killed at 200
      "2 0 0 200 1 -1 -1 1 200 -1 1 1 1 -1 -1 -1 -1 -1\n");  // exactly at the limit: not clipped
  ASSERT_EQ(t.jobs.size(), 2u);
  EXPECT_EQ(t.jobs[0].run, 200);
  EXPECT_EQ(t.jobs[0].requested, 200);
  EXPECT_TRUE(t.jobs[0].run_clipped);
  EXPECT_EQ(t.jobs[1].run, 200);
  EXPECT_FALSE(t.jobs[1].run_clipped);
}

TEST(SwfParse, NoRequestedTimeMeansPerfectEstimateOfAtLeastOneSecond) {
  Trace t = parse(
      "1 0 0 50 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"  // no requested time: requested = run
      "2 0 0 50 1 -1 -1 1  0 -1 1 1 1 -1 -1 -1 -1 -1\n"  // 0 is no requested time either
      "3 0 0  0 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n"  // ran 0 s: limit 1 s, still runs 0 s
      "4 0 0  0 1 -1 -1 1 60 -1 1 1 1 -1 -1 -1 -1 -1\n");
  ASSERT_TRUE(t.problems.empty()) << said(t.problems.front());
  ASSERT_EQ(t.jobs.size(), 4u);
  EXPECT_EQ(t.jobs[0].requested, 50);
  EXPECT_EQ(t.jobs[0].run, 50);
  EXPECT_TRUE(t.jobs[0].requested_from_run);
  EXPECT_FALSE(t.jobs[0].run_clipped);
  EXPECT_EQ(t.jobs[1].requested, 50);
  EXPECT_TRUE(t.jobs[1].requested_from_run);
  EXPECT_EQ(t.jobs[2].requested, 1);
  EXPECT_EQ(t.jobs[2].run, 0);
  EXPECT_TRUE(t.jobs[2].requested_from_run);
  EXPECT_FALSE(t.jobs[2].run_clipped);
  EXPECT_EQ(t.jobs[3].requested, 60);
  EXPECT_EQ(t.jobs[3].run, 0);
  EXPECT_FALSE(t.jobs[3].requested_from_run);
}

TEST(SwfParse, CredentialsFromUserGroupAndQueueNumbers) {
  Trace t = parse(
      "1 0 0 5 1 -1 -1 1 9 -1 1  0  0 -1  0 -1 -1 -1\n"  // 0 is a real id
      "2 0 0 5 1 -1 -1 1 9 -1 1 -1 -1 -1 -1 -1 -1 -1\n"  // -1: unknown, no credential
      "3 0 0 5 1 -1 -1 1 9 -1 1 42 17  5  3  2 -1 -1\n");
  ASSERT_EQ(t.jobs.size(), 3u);
  EXPECT_EQ(t.jobs[0].user, "u0");
  EXPECT_EQ(t.jobs[0].group, "g0");
  EXPECT_EQ(t.jobs[0].job_class, "q0");
  EXPECT_EQ(t.jobs[1].user, "");
  EXPECT_EQ(t.jobs[1].group, "");
  EXPECT_EQ(t.jobs[1].job_class, "");
  EXPECT_EQ(t.jobs[1].memory_kb, 0);
  EXPECT_EQ(t.jobs[2].user, "u42");
  EXPECT_EQ(t.jobs[2].group, "g17");
  EXPECT_EQ(t.jobs[2].job_class, "q3");
}

TEST(SwfParse, TabsCarriageReturnsBlankLinesAndNoFinalNewline) {
  Trace t = parse(
      "\n   \n1\t0\t0\t5\t1\t-1\t-1\t1\t9\t-1\t1\t1\t1\t-1\t-1\t-1\t-1\t-1\r\n\r\n"
      "  2 3 0 5 1 12.5 1024.75 1 9 -1 1 1 1 -1 -1 -1 -1 -1");
  ASSERT_TRUE(t.problems.empty()) << said(t.problems.front());
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(t.lines, 5);
}

// --- parsing: bad lines ---------------------------------------------------------------------

// Ten bad lines of every kind among five good ones: ten problems at the exact field, and all
// five good jobs. Columns are counted by hand from the text below.
TEST(SwfParse, EveryBadLineIsLocatedAndTheRestIsRead) {
  const std::string text =
      "; a comment\n"                                                         // 1
      "1 0 0 100 4 -1 -1 4 200 -1 1 3 7 -1 2 -1 -1 -1\n"                      // 2 good
      "2 10 0 100 x -1 -1 4 200 -1 1 3 7 -1 2 -1 -1 -1\n"                     // 3 field 5 at col 12
      "3 20 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                       // 4 good
      "4 30 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1\n"                          // 5 17 fields, 42 chars
      "5 40 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1 9\n"                     // 6 field 19 at col 47
      "\n"                                                                    // 7
      "6 -5 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                       // 8 field 2 at col 3
      "7 50 0 50 2 12.5 1024.75 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                // 9 good: decimals in 6, 7
      "8 60 0 50 2 -1 -1 2 60.5 -1 1 3 7 -1 2 -1 -1 -1\n"                     // 10 field 9 at col 21
      "9 70 0 -1 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                       // 11 field 4 at col 8
      "3 80 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                       // 12 job 3 again
      "10 90 0 50 -1 -1 -1 -1 60 -1 1 3 7 -1 2 -1 -1 -1\n"                    // 13 field 5 at col 12
      "11 100 0 50 2 abc -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"                    // 14 field 6 at col 15
      "12\t110\t0\t50\t2\t-1\t-1\t2\t60\t-1\t1\t3\t7\t-1\t2\t-1\t-1\t-1\r\n"  // 15 good
      "99999999999999999999 0 0 50 2 -1 -1 2 60 -1 1 3 7 -1 2 -1 -1 -1\n"     // 16 field 1
      "13 120 0 50 2 -1 -1 2 60 -1 1 -1 -1 -1 -1 -1 -1 -1";                   // 17 good
  Trace t = parse(text);
  EXPECT_EQ(problems_of(t),
            (std::vector<std::string>{
                "t.swf:3:12: field 5 (allocated procs): expected an integer, got 'x'",
                "t.swf:5:43: expected 18 fields, found 17: field 18 (think time) is missing",
                "t.swf:6:47: expected 18 fields, found 19: the extra ones start here",
                "t.swf:8:3: field 2 (submit time): expected seconds >= 0, got -5",
                "t.swf:10:21: field 9 (requested time): expected an integer, got '60.5'",
                "t.swf:11:8: field 4 (run time): no run time (got -1); the job cannot be replayed",
                "t.swf:12:1: field 1 (job number): job 3 already appeared on line 4",
                "t.swf:13:12: field 5 (allocated procs): no processor count: field 5 is -1 and field 8 "
                "(requested procs) is -1",
                "t.swf:14:15: field 6 (average CPU time): expected a number, got 'abc'",
                "t.swf:16:1: field 1 (job number): expected an integer, got '99999999999999999999' (out of range)",
            }));
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{1, 3, 7, 12, 13}));
  std::vector<std::int64_t> lines;
  for (const TraceJob& j : t.jobs) lines.push_back(j.line);
  EXPECT_EQ(lines, (std::vector<std::int64_t>{2, 4, 9, 15, 17}));
  EXPECT_EQ(t.lines, 17);
}

// Job numbers out of order are fine; a number taken by an accepted job is not, whichever way
// the trace runs. A line that was a problem takes no number.
TEST(SwfParse, DuplicateJobNumbersInAnyOrder) {
  Trace t = parse(
      "5 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 1
      "3 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 2 going back is allowed
      "4 0 0 -1 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"   // 3 a problem: 4 stays free
      "4 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 4
      "3 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 5
      "5 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 6
      "9 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"    // 7
      "9 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n");  // 8
  EXPECT_EQ(problems_of(t), (std::vector<std::string>{
                                "t.swf:3:7: field 4 (run time): no run time (got -1); the job cannot be replayed",
                                "t.swf:5:1: field 1 (job number): job 3 already appeared on line 2",
                                "t.swf:6:1: field 1 (job number): job 5 already appeared on line 1",
                                "t.swf:8:1: field 1 (job number): job 9 already appeared on line 7",
                            }));
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{5, 3, 4, 9}));
  // In increasing order (the archive's), a repeat of the last number is still caught.
  EXPECT_EQ(problems_of(parse("1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
                              "1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n")),
            (std::vector<std::string>{"t.swf:2:1: field 1 (job number): job 1 already appeared on line 1"}));
}

// A field is a whole blank-separated token: two numbers glued together are one bad token,
// never two fields (17 tokens here, the last "-1-1", and a field 6 of "12.5-3").
TEST(SwfParse, ATokenIsReadWholeNeverAsTwoFields) {
  Trace t = parse(
      "1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1-1\n"
      "2 0 0 5 1 12.5-3 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
      "3 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n");
  EXPECT_EQ(problems_of(t), (std::vector<std::string>{
                                "t.swf:1:43: expected 18 fields, found 17: field 18 (think time) is missing",
                                "t.swf:2:11: field 6 (average CPU time): expected a number, got '12.5-3'",
                            }));
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{3}));
}

TEST(SwfParse, ProblemTextIsShortenedForRunawayFields) {
  std::string junk(100, 'z');
  Trace t = parse("1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 " + junk + "\n");
  ASSERT_EQ(t.problems.size(), 1u);
  EXPECT_EQ(t.problems[0].column, 42);
  EXPECT_EQ(t.problems[0].message, "field 18 (think time): expected an integer, got '" + std::string(40, 'z') + "...'");
}

TEST(SwfParse, DecimalsOnlyWhereTheArchiveUsesThem) {
  Trace t = parse(
      "1 0 0 5 1 1e3 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"  // exponent: still a number
      "2 0 0 5 1 inf -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"  // no measurement is infinite
      "3 0 0 5 1 -1 1.5. 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
      "4 0 0 5.0 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n");
  EXPECT_EQ(problems_of(t), (std::vector<std::string>{
                                "t.swf:2:11: field 6 (average CPU time): expected a number, got 'inf'",
                                "t.swf:3:14: field 7 (used memory): expected a number, got '1.5.'",
                                "t.swf:4:7: field 4 (run time): expected an integer, got '5.0'",
                            }));
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{1}));
}

// --- header and limits ----------------------------------------------------------------------

TEST(SwfParse, HeaderFacts) {
  Trace t = parse(
      "; Version: 2.2\n"
      "; UnixStartTime: 843480031\n"
      "; TimeZone: -28800\n"
      "; TimeZoneString: US/Pacific\n"
      ";MaxNodes:128\n"
      "; MaxProcs: 256 (one per node)\n"
      "; Note: MaxProcs: 3 is only a remark\n"
      "; StartTime: Mon Sep 23 14:00:31 CEST 1996\n");
  EXPECT_TRUE(t.problems.empty()) << said(t.problems.front());
  EXPECT_EQ(t.unix_start_time, 843480031);
  EXPECT_EQ(t.time_zone, -28800);
  EXPECT_EQ(t.max_nodes, 128);
  EXPECT_EQ(t.max_procs, 256);
  EXPECT_TRUE(t.jobs.empty());
  EXPECT_EQ(t.lines, 8);
}

TEST(SwfParse, HeaderWithoutNumberIsAProblem) {
  Trace t = parse("; MaxNodes: lots\n; MaxProcs:\n");
  EXPECT_EQ(problems_of(t), (std::vector<std::string>{
                                "t.swf:1:13: header MaxNodes: expected an integer, got 'lots'",
                                "t.swf:2:12: header MaxProcs: expected an integer, got nothing",
                            }));
  EXPECT_FALSE(t.max_nodes);
  EXPECT_FALSE(t.max_procs);
}

// Times and processor counts beyond schemas/ir.h's bounds are refused at their field, the
// first bad one of a line in field order; values exactly at the bounds are jobs.
TEST(SwfParse, ValuesBeyondTheBoundsAreLocatedErrors) {
  const std::string text =
      "; UnixStartTime: 1000000000001\n"                                                           // 1 col 18
      "; TimeZone: -86401\n"                                                                       // 2 col 13
      "1 1000000000001 0 5 4 -1 -1 4 10 -1 1 3 7 -1 2 -1 -1 -1\n"                                  // 3 field 2
      "2 0 0 1000000000001 4 -1 -1 4 10 -1 1 3 7 -1 2 -1 -1 -1\n"                                  // 4 field 4
      "3 0 0 5 1000000001 -1 -1 4 10 -1 1 3 7 -1 2 -1 -1 -1\n"                                     // 5 field 5
      "4 0 0 5 -1 -1 -1 1000000001 10 -1 1 3 7 -1 2 -1 -1 -1\n"                                    // 6 field 8
      "5 0 0 5 4 -1 -1 4 1000000000001 -1 1 3 7 -1 2 -1 -1 -1\n"                                   // 7 field 9
      "6 1000000000001 0 1000000000001 4 -1 -1 4 10 -1 1 3 7 -1 2 -1 -1 -1\n"                      // 8 field 2 first
      "7 1000000000000 0 1000000000000 1000000000 -1 -1 4 1000000000000 -1 1 3 7 -1 2 -1 -1 -1\n"  // 9 at the bounds
      "; TimeZone: 86400\n"
      "; UnixStartTime: -1000000000000\n";
  Trace t = parse(text);
  EXPECT_EQ(problems_of(t),
            (std::vector<std::string>{
                "t.swf:1:18: header UnixStartTime: expected seconds from -1000000000000 to 1000000000000, got "
                "1000000000001",
                "t.swf:2:13: header TimeZone: expected seconds from -86400 to 86400, got -86401",
                "t.swf:3:3: field 2 (submit time): expected at most 1000000000000 seconds, got 1000000000001",
                "t.swf:4:7: field 4 (run time): expected at most 1000000000000 seconds, got 1000000000001",
                "t.swf:5:9: field 5 (allocated procs): expected at most 1000000000 procs, got 1000000001",
                "t.swf:6:18: field 8 (requested procs): expected at most 1000000000 procs, got 1000000001",
                "t.swf:7:19: field 9 (requested time): expected at most 1000000000000 seconds, got 1000000000001",
                "t.swf:8:3: field 2 (submit time): expected at most 1000000000000 seconds, got 1000000000001",
            }));
  ASSERT_EQ(numbers_of(t), std::vector<std::int64_t>{7});
  EXPECT_EQ(t.jobs[0].submit, ir::kMaxSeconds);
  EXPECT_EQ(t.jobs[0].run, ir::kMaxSeconds);
  EXPECT_EQ(t.jobs[0].requested, ir::kMaxSeconds);
  EXPECT_EQ(t.jobs[0].procs, ir::kMaxProcs);
  EXPECT_EQ(t.time_zone, 86400);
  EXPECT_EQ(t.unix_start_time, -ir::kMaxSeconds);
}

TEST(SwfParse, LimitJobsStopsAfterThatManyAcceptedJobs) {
  const std::string text =
      "1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
      "2 0 0 -1 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"  // a problem does not count as a job
      "3 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
      "4 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n"
      "5 0 0 x 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n";
  Trace t = parse(text, 2);
  EXPECT_EQ(numbers_of(t), (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(t.problems.size(), 1u);
  EXPECT_EQ(t.lines, 3);
  EXPECT_EQ(parse(text, 0).jobs.size(), 3u);
  EXPECT_EQ(parse(text, 10).jobs.size(), 3u);
}

// --- files ----------------------------------------------------------------------------------

TEST_F(TraceFiles, PlainAndGzipReadTheSameWhateverTheirNames) {
  const std::string text = many_jobs(50);
  for (const std::string& file : {write_plain("plain.swf", text), write_plain("plain-named.gz", text),
                                  write_gzip("packed.swf.gz", text), write_gzip("packed-named.swf", text)}) {
    SCOPED_TRACE(file);
    TraceReadResult r = read_swf(file);
    EXPECT_EQ(message_of(r.error), "");
    EXPECT_EQ(r.trace.jobs.size(), 50u);
    EXPECT_EQ(r.trace.max_procs, 64);
    EXPECT_EQ(r.trace.lines, 51);
    EXPECT_TRUE(r.trace.problems.empty());
  }
}

// Read in chunks while a second thread inflates (runtime/io/inflating_reader.h): a trace of many
// chunks, with bad lines and lines cut at chunk ends, reads as the same text parsed whole.
TEST_F(TraceFiles, ALongTraceReadsAsItsWholeTextParses) {
  std::string text = many_jobs(20000);
  ASSERT_GT(text.size(), 3u << 18);  // more than three chunks
  for (std::size_t at : {text.size() / 3, text.size() / 2, text.size() - 100}) {
    const std::size_t line = text.find('\n', at) + 1;
    text.insert(line, "7 0 x 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1 -1\n");
  }
  text.pop_back();  // no final newline
  const Trace whole = parse_swf(text, path("long.swf.gz"));
  ASSERT_EQ(whole.problems.size(), 3u);
  for (const std::string& file : {write_gzip("long.swf.gz", text), write_plain("long.swf", text)}) {
    SCOPED_TRACE(file);
    TraceReadResult r = read_swf(file);
    EXPECT_EQ(message_of(r.error), "");
    EXPECT_EQ(numbers_of(r.trace), numbers_of(whole));
    EXPECT_EQ(r.trace.lines, whole.lines);
    ASSERT_EQ(r.trace.problems.size(), whole.problems.size());
    for (std::size_t k = 0; k < whole.problems.size(); ++k) {
      EXPECT_EQ(r.trace.problems[k].line, whole.problems[k].line);
      EXPECT_EQ(r.trace.problems[k].column, whole.problems[k].column);
      EXPECT_EQ(r.trace.problems[k].message, whole.problems[k].message);
    }
    ASSERT_EQ(r.trace.jobs.size(), whole.jobs.size());
    EXPECT_EQ(r.trace.jobs.back().submit, whole.jobs.back().submit);
    EXPECT_EQ(r.trace.jobs.back().line, whole.jobs.back().line);
  }
  // A job limit stops the parsing, not the check of the stream to its end.
  std::string bytes = bytes_of(path("long.swf.gz"));
  std::string cut = write_plain("cut.swf.gz", std::string_view(bytes).substr(0, bytes.size() / 2));
  EXPECT_TRUE(read_swf(cut, TraceReadOptions{10, {}}).error);
}

// Lines from chunks are the lines of the whole text, wherever the chunks end.
TEST(LineSplitting, ChunksGiveTheLinesOfTheWholeText) {
  for (std::string_view text : {"a\nbb\n\nccc", "\n", "", "x", "a\r\nb\n", "\n\nlast\n"}) {
    std::vector<std::string> whole;
    NumberedLines reader(text);
    for (std::string_view line; reader.next(line);) whole.emplace_back(line);
    for (std::size_t i = 0; i <= text.size(); ++i)
      for (std::size_t j = i; j <= text.size(); ++j) {
        std::vector<std::string> got;
        ChunkedLines lines;
        auto add = [&](std::string_view line) {
          got.emplace_back(line);
          return true;
        };
        lines.feed(text.substr(0, i), add);
        lines.feed(text.substr(i, j - i), add);
        lines.feed(text.substr(j), add);
        lines.finish(add);
        EXPECT_EQ(got, whole) << "text '" << text << "' cut at " << i << " and " << j;
      }
  }
}

TEST_F(TraceFiles, ProblemsNameTheFile) {
  std::string file = write_gzip("bad.swf.gz", "1 0 0 5 1 -1 -1 1 9 -1 1 1 1 -1 -1 -1 -1\n" + std::string(kGoodLine));
  TraceReadResult r = read_swf(file);
  EXPECT_EQ(message_of(r.error), "");
  ASSERT_EQ(r.trace.problems.size(), 1u);
  EXPECT_EQ(r.trace.problems[0].file, file);
  EXPECT_EQ(r.trace.problems[0].line, 1);
}

// Nothing is replayed from nothing: a file from which no job could be read is an error that says
// why, whatever it holds; its problems are kept to show what it is.
TEST_F(TraceFiles, NoJobIsAnError) {
  const std::string empty = write_plain("empty.swf", "");
  TraceReadResult r = read_swf(empty);
  EXPECT_EQ(message_of(r.error), "'" + empty + "' is empty: there is no job to replay");
  EXPECT_TRUE(r.trace.jobs.empty());

  const std::string header = write_plain("header.swf", "; Version: 2.2\n;\n\n; MaxProcs: 100\n");
  EXPECT_EQ(message_of(read_swf(header).error), "'" + header + "' holds no job, only 4 blank or `;` header lines");

  const std::string config = write_plain("maui.cfg", "SERVERHOST  head\n# comment\nRMCFG[base] TYPE=PBS\n");
  r = read_swf(config);
  EXPECT_EQ(message_of(r.error), "no line of '" + config +
                                     "' is a job of the Standard Workload Format (18 numbers a line): 3 "
                                     "lines in error, the first at " +
                                     config +
                                     ":1:17: expected 18 fields, found 2: field 3 (wait "
                                     "time) is missing; is it an SWF trace?");
  EXPECT_EQ(r.trace.problems.size(), 3u);

  // Random bytes, gzip or not, are no trace either.
  std::mt19937 rng(26);
  std::string noise(64 * 1024, '\0');
  for (char& c : noise) c = static_cast<char>(rng());
  EXPECT_EQ(message_of(read_swf(write_plain("noise.bin", noise)).error).rfind("no line of '", 0), 0u);
  EXPECT_EQ(message_of(read_swf(write_gzip("noise.gz", noise)).error).rfind("no line of '", 0), 0u);
}

// A trace mostly in error is still read, and says so (mauirun prints it first).
TEST_F(TraceFiles, MostlyInErrorIsToldApart) {
  const Trace mostly = parse(std::string(kGoodLine) + "x\ny\n");
  EXPECT_EQ(mostly.jobs.size(), 1u);
  EXPECT_TRUE(mostly_in_error(mostly));
  EXPECT_FALSE(mostly_in_error(parse(std::string(kGoodLine) + "x\n")));  // half is not most
  EXPECT_EQ(nothing_to_replay(mostly, "t.swf"), std::nullopt);
}

TEST_F(TraceFiles, TruncatedGzipIsAnError) {
  std::string whole = bytes_of(write_gzip("whole.swf.gz", many_jobs(2000)));
  ASSERT_GT(whole.size(), 1000u);
  std::string cut = write_plain("cut.swf.gz", std::string_view(whole).substr(0, whole.size() / 2));
  TraceReadResult r = read_swf(cut);
  EXPECT_EQ(message_of(r.error), "cannot read '" + cut + "': truncated gzip stream (unexpected end of file)");
}

TEST_F(TraceFiles, CorruptGzipIsAnError) {
  std::string bytes = bytes_of(write_gzip("whole.swf.gz", many_jobs(200)));
  // Flip the stored CRC-32 (the trailer's first four bytes): the data inflates but fails its check.
  for (std::size_t i = bytes.size() - 8; i < bytes.size() - 4; ++i) bytes[i] = static_cast<char>(~bytes[i]);
  std::string bad = write_plain("bad-crc.swf.gz", bytes);
  TraceReadResult r = read_swf(bad);
  EXPECT_EQ(message_of(r.error), "cannot read '" + bad + "': corrupt gzip stream (incorrect data check)");
  // Only the two magic bytes and nothing after them.
  std::string stub = write_plain("stub.swf", "\x1f\x8b");
  EXPECT_TRUE(read_swf(stub).error);
}

TEST_F(TraceFiles, MissingFileOrDirectoryIsAnError) {
  std::string missing = path("no-such.swf");
  EXPECT_EQ(message_of(read_swf(missing).error), "cannot open '" + missing + "': No such file or directory");
  EXPECT_EQ(message_of(read_swf(dir_.string()).error), "cannot read '" + dir_.string() + "': Is a directory");
  // A problem with the file as a whole: the trace's path, no line.
  const TraceReadResult r = read_swf(missing);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->file, missing);
  EXPECT_EQ(r.error->line, 0);
}

// The shipped KTH SP2 trace (examples/traces/README.md). `zcat | awk` on it finds 28,476 job
// lines among 28,500; exactly one, job 27313 on line 27323, has neither allocated nor requested
// procs (both -1), so it is a problem and 28,475 jobs remain. No line lacks a run time; 475 ran
// past their requested time; 8 ran 0 s; every job has a requested time, no queue and a user.
TEST(SwfKth, TheShippedTrace) {
  const std::string file = std::string(MAUI_SOURCE_DIR) + "/examples/traces/KTH-SP2-1996-2.1-cln.swf.gz";
  TraceReadResult r = read_swf(file);
  ASSERT_EQ(message_of(r.error), "");
  const Trace& t = r.trace;
  EXPECT_EQ(t.lines, 28500);
  EXPECT_EQ(t.jobs.size() + t.problems.size(), 28476u);
  EXPECT_EQ(t.jobs.size(), 28475u);
  EXPECT_EQ(problems_of(t), (std::vector<std::string>{
                                file + ":27323:32: field 5 (allocated procs): no processor count: field 5 is -1 "
                                       "and field 8 (requested procs) is -1",
                            }));
  EXPECT_EQ(t.unix_start_time, 843480031);
  EXPECT_EQ(t.time_zone, 3600);
  EXPECT_EQ(t.max_nodes, 100);
  EXPECT_EQ(t.max_procs, 100);
  std::int64_t clipped = 0, zero_run = 0, from_run = 0, no_user = 0, with_class = 0;
  for (const TraceJob& j : t.jobs) {
    clipped += j.run_clipped;
    zero_run += j.run == 0;
    from_run += j.requested_from_run;
    no_user += j.user.empty();
    with_class += !j.job_class.empty();
  }
  EXPECT_EQ(clipped, 475);
  EXPECT_EQ(zero_run, 8);
  EXPECT_EQ(from_run, 0);
  EXPECT_EQ(no_user, 0);
  EXPECT_EQ(with_class, 0);
  const TraceJob& first = t.jobs.front();
  EXPECT_EQ(first.number, 15);
  EXPECT_EQ(first.submit, 599850);
  EXPECT_EQ(first.run, 3477);
  EXPECT_EQ(first.requested, 53940);
  EXPECT_EQ(first.procs, 4);
  EXPECT_EQ(first.user, "u12");
  EXPECT_EQ(t.jobs.back().number, 28490);

  TraceReadResult some = read_swf(file, TraceReadOptions{100, {}});
  EXPECT_EQ(some.trace.jobs.size(), 100u);
  EXPECT_EQ(some.trace.jobs.back().number, 114);
}

// --- metrics --------------------------------------------------------------------------------

JobOutcome outcome(std::int64_t number, Epoch submit, std::optional<Epoch> start, Epoch end, std::int64_t procs,
                   bool backfilled = false) {
  JobOutcome j;
  j.number = number;
  j.submit = submit;
  j.start = start;
  j.end = end;
  j.procs = procs;
  j.backfilled = backfilled;
  return j;
}

// Three jobs on 4 procs:
//   job  submit start end procs  wait run  bounded slowdown
//   1      0      0   100  2       0  100  max(1, 100/100)      = 1
//   2     10    100   160  4      90   60  (90+60)/60           = 2.5
//   3     20     30    35  1      10    5  (10+5)/max(5,10)     = 1.5   (backfilled)
// average wait 100/3, max wait 90, average bounded slowdown 5/3; makespan 160 - 0 = 160;
// utilization (2*100 + 4*60 + 1*5) / (4 * 160) = 445/640; backfill share 1/3.
TEST(ScheduleMetrics, ThreeJobsWorkedByHand) {
  ScheduleMetrics m =
      compute_metrics({outcome(1, 0, 0, 100, 2), outcome(2, 10, 100, 160, 4), outcome(3, 20, 30, 35, 1, true)}, 4);
  EXPECT_EQ(m.machine_procs, 4);
  EXPECT_EQ(m.jobs, 3);
  EXPECT_EQ(m.started, 3);
  EXPECT_EQ(m.never_started, 0);
  EXPECT_DOUBLE_EQ(m.average_wait, 100.0 / 3);
  EXPECT_EQ(m.max_wait, 90);
  EXPECT_DOUBLE_EQ(m.average_bounded_slowdown, 5.0 / 3);
  EXPECT_EQ(m.makespan, 160);
  EXPECT_DOUBLE_EQ(m.utilization, 445.0 / 640);
  EXPECT_EQ(m.backfilled, 1);
  EXPECT_DOUBLE_EQ(m.backfill_share, 1.0 / 3);
}

// tau = 10 s: a job shorter than 10 s is measured against 10 s, and slowdown is never below 1.
TEST(ScheduleMetrics, SlowdownIsBoundedAtTenSeconds) {
  auto slowdown = [](Seconds wait, Seconds run) {
    return compute_metrics({outcome(1, 0, wait, wait + run, 1)}, 1).average_bounded_slowdown;
  };
  EXPECT_DOUBLE_EQ(slowdown(100, 5), 10.5);  // (100+5)/10, not (100+5)/5 = 21
  EXPECT_DOUBLE_EQ(slowdown(0, 0), 1.0);     // 0/10 is raised to 1
  EXPECT_DOUBLE_EQ(slowdown(0, 3), 1.0);
  EXPECT_DOUBLE_EQ(slowdown(10, 10), 2.0);  // the bound itself
  EXPECT_DOUBLE_EQ(slowdown(10, 20), 1.5);  // above the bound: plain slowdown
}

// First submit counts every job, last end only the started ones; waits only the started ones.
// Job 1 waits in vain from 0; job 2 runs 50..150 on 2 of 4 procs: makespan 150, utilization
// 2*100 / (4*150) = 1/3.
TEST(ScheduleMetrics, NeverStartedJobsCountInTheSpanNotTheAverages) {
  JobOutcome waiting = outcome(1, 0, std::nullopt, 0, 8);
  waiting.reason = "needs 8 procs";
  ScheduleMetrics m = compute_metrics({waiting, outcome(2, 40, 50, 150, 2)}, 4);
  EXPECT_EQ(m.jobs, 2);
  EXPECT_EQ(m.started, 1);
  EXPECT_EQ(m.never_started, 1);
  EXPECT_DOUBLE_EQ(m.average_wait, 10);
  EXPECT_EQ(m.max_wait, 10);
  EXPECT_EQ(m.makespan, 150);
  EXPECT_DOUBLE_EQ(m.utilization, 1.0 / 3);
  EXPECT_DOUBLE_EQ(m.backfill_share, 0);
}

TEST(ScheduleMetrics, NothingToMeasureGivesZerosNotNaN) {
  for (const auto& jobs : {std::vector<JobOutcome>{}, std::vector<JobOutcome>{outcome(1, 5, std::nullopt, 0, 1),
                                                                              outcome(2, 9, std::nullopt, 0, 1)}}) {
    ScheduleMetrics m = compute_metrics(jobs, 4);
    EXPECT_EQ(m.jobs, static_cast<std::int64_t>(jobs.size()));
    EXPECT_EQ(m.started, 0);
    EXPECT_EQ(m.never_started, m.jobs);
    for (double v : {m.utilization, m.average_wait, m.average_bounded_slowdown, m.backfill_share}) {
      EXPECT_FALSE(std::isnan(v));
      EXPECT_EQ(v, 0.0);
    }
    EXPECT_EQ(m.max_wait, 0);
    EXPECT_EQ(m.makespan, 0);
  }
  // Jobs that all ran 0 s at their submit time: a zero span, still no NaN.
  ScheduleMetrics instant = compute_metrics({outcome(1, 7, 7, 7, 1)}, 4);
  EXPECT_EQ(instant.makespan, 0);
  EXPECT_EQ(instant.utilization, 0.0);
  EXPECT_EQ(instant.average_bounded_slowdown, 1.0);
  EXPECT_EQ(compute_metrics({outcome(1, 0, 0, 10, 1)}, 0).utilization, 0.0);  // no machine
}

// metrics_by: one entry per user in natural order (the job with no user first, u2 before u10),
// each with its own jobs' metrics and its part of the proc-seconds delivered. On 4 procs:
//   job user  submit start end procs  proc-seconds
//   1   u10     0     0   100   2       200
//   2   u2     10   100   160   4       240
//   3   u2     20    30    35   1         5  (backfilled)
//   4   u1      0     -     -   8         -  (never started)
//   5   (none)  0     0    55   1        55
// 500 proc-seconds in all: u10 0.4, u2 0.49, u1 0, (none) 0.11.
TEST(ScheduleMetrics, ByUserInNaturalOrder) {
  std::vector<JobOutcome> jobs{outcome(1, 0, 0, 100, 2), outcome(2, 10, 100, 160, 4), outcome(3, 20, 30, 35, 1, true),
                               outcome(4, 0, std::nullopt, 0, 8), outcome(5, 0, 0, 55, 1)};
  for (auto [k, user] : {std::pair{0, "u10"}, {1, "u2"}, {2, "u2"}, {3, "u1"}, {4, ""}})
    jobs[static_cast<std::size_t>(k)].user = user;
  const auto by = metrics_by(jobs, GroupBy::User, 4);
  std::vector<std::string> names;
  for (const auto& g : by) names.push_back(g.name);
  EXPECT_EQ(names, (std::vector<std::string>{"", "u1", "u2", "u10"}));
  ASSERT_EQ(by.size(), 4u);
  EXPECT_DOUBLE_EQ(by[0].share, 55.0 / 500);
  EXPECT_EQ(by[1].metrics.never_started, 1);
  EXPECT_DOUBLE_EQ(by[1].share, 0);
  const ScheduleMetrics& u2 = by[2].metrics;  // waits 90 and 10; slowdowns 2.5 and 1.5
  EXPECT_EQ(u2.jobs, 2);
  EXPECT_DOUBLE_EQ(u2.average_wait, 50);
  EXPECT_EQ(u2.max_wait, 90);
  EXPECT_DOUBLE_EQ(u2.average_bounded_slowdown, 2);
  EXPECT_DOUBLE_EQ(u2.backfill_share, 0.5);
  EXPECT_DOUBLE_EQ(u2.proc_seconds, 245);
  EXPECT_DOUBLE_EQ(by[2].share, 245.0 / 500);
  EXPECT_DOUBLE_EQ(by[3].share, 200.0 / 500);
}

TEST(ScheduleMetrics, JobsCsvExactText) {
  JobOutcome ran = outcome(1, 0, 5, 65, 4, true);
  ran.user = "u1";
  ran.group = "g1";
  ran.job_class = "q2";
  ran.preempted = 2;
  JobOutcome never = outcome(2, 10, std::nullopt, 0, 8);
  never.user = "a,b";
  never.group = "say \"hi\"";
  never.job_class = "x\ny";
  never.qos = "high";
  never.reason = "never runnable: needs 8 procs, the machine has 4";
  std::ostringstream out;
  write_jobs_csv(out, {ran, never});
  EXPECT_EQ(
      out.str(),
      "id,submit,start,end,procs,wait,backfilled,user,group,class,qos,reason,preempted\n"
      "1,0,5,65,4,5,1,u1,g1,q2,,,2\n"
      "2,10,,,8,,0,\"a,b\",\"say \"\"hi\"\"\",\"x\ny\",high,\"never runnable: needs 8 procs, the machine has 4\",0\n");

  std::ostringstream empty;
  write_jobs_csv(empty, {});
  EXPECT_EQ(empty.str(), "id,submit,start,end,procs,wait,backfilled,user,group,class,qos,reason,preempted\n");
}

TEST(ScheduleMetrics, JobsCsvOfManyJobsHasEveryRow) {
  std::vector<JobOutcome> jobs;
  for (int i = 0; i < 5000; ++i) jobs.push_back(outcome(i, i, i + 1, i + 2, 1));
  std::ostringstream out;
  write_jobs_csv(out, jobs);
  std::string text = out.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5001);
  EXPECT_TRUE(text.ends_with("4999,4999,5000,5001,1,1,0,,,,,,0\n"));
}

}  // namespace
}  // namespace maui::runtime
