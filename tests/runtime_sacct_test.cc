// Slurm accounting exports as workloads (runtime/io/sacct.h), the format told apart from SWF
// (runtime/io/workload.h), and the SWF they convert to (runtime/io/swf_writer.h). The exports
// are written by hand in sacct's --parsable2 format (tests/sacct/); every expected value is
// worked out in the comments from the export's text.
#include <unistd.h>
#include <zlib.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/io/sacct.h"
#include "runtime/io/swf.h"
#include "runtime/io/swf_writer.h"
#include "runtime/io/workload.h"
#include "tests/problem_support.h"

namespace maui::runtime {
namespace {

namespace fs = std::filesystem;

const std::string kWeek = MAUI_SOURCE_DIR "/tests/sacct/week.txt";

std::string text_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TraceReadOptions utc(Seconds offset = 0) {
  TraceReadOptions o;
  o.utc_offset = offset;
  return o;
}

std::string located(const Problem& p) {
  return p.file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + p.message;
}

// 2026-11-23T08:00:00 UTC, the first submission of week.txt (`date -u -d 2026-11-23T08:00:00 +%s`).
constexpr Epoch kWeekStart = 1'795'420'800;

TEST(Sacct, TheWeekExportJobByJob) {
  const Trace t = parse_sacct(text_of(kWeek), "week.txt", utc());
  EXPECT_EQ(t.format, "sacct");
  EXPECT_TRUE(t.problems.empty()) << located(t.problems.front());
  ASSERT_EQ(t.unix_start_time, kWeekStart);
  EXPECT_EQ(t.time_zone, 0);
  // Three steps of job 1001 (.batch, .extern, .0); 1004 (CANCELLED before it started), 1009 and
  // the array placeholder 1006_[3-5] (PENDING) never started; 1008 is RUNNING.
  EXPECT_EQ(t.steps_skipped, 3);
  EXPECT_EQ(t.never_started, 3);
  EXPECT_EQ(t.still_running, 1);
  ASSERT_EQ(t.jobs.size(), 7u);
  struct Expected {
    std::int64_t number;
    Epoch submit;
    Seconds run, requested;
    std::int64_t procs;
    const char *user, *group, *account, *job_class, *qos;
    Seconds wait;
    int status;
    bool requested_from_run;
  };
  // Submit and wait from the times: 08:10 is 600 s after 08:00, a start at 09:00 waited 3000 s;
  // 1003's Elapsed 1-00:00:00 is 86400 s; 1005's UNLIMITED limit is its run time; the array
  // tasks 1006_1 and 1006_2 are JobIDRaw 1006 and 1007; 1008 was submitted 2 days 15:50 after
  // the first (229800 s) and had run 1-02:03:04 = 93784 s of its 2 days.
  const std::vector<Expected> want = {
      {1001, 0, 7200, 14400, 8, "alice", "chem", "proj-a", "batch", "normal", 5, 1, false},
      {1002, 600, 1800, 3600, 4, "bob", "phys", "proj-b", "batch", "high", 3000, 1, false},
      {1003, 1200, 86400, 86400, 16, "carol", "chem", "proj-a", "long", "normal", 6005, 0, false},
      {1005, 5400, 30, 30, 1, "dave", "bio", "proj-c", "batch", "normal", 1, 0, true},
      {1006, 10800, 600, 1800, 2, "erin", "bio", "proj-c", "batch", "normal", 2, 1, false},
      {1007, 10800, 900, 1800, 2, "erin", "bio", "proj-c", "batch", "normal", 300, 1, false},
      {1008, 229800, 93784, 172800, 32, "bob", "phys", "proj-b", "batch", "high", 300, -1, false},
  };
  for (std::size_t i = 0; i < want.size(); ++i) {
    const TraceJob& j = t.jobs[i];
    const Expected& w = want[i];
    SCOPED_TRACE(w.number);
    EXPECT_EQ(j.number, w.number);
    EXPECT_EQ(j.submit, w.submit);
    EXPECT_EQ(j.run, w.run);
    EXPECT_EQ(j.requested, w.requested);
    EXPECT_EQ(j.requested_from_run, w.requested_from_run);
    EXPECT_EQ(j.procs, w.procs);
    EXPECT_EQ(j.user, w.user);
    EXPECT_EQ(j.group, w.group);
    EXPECT_EQ(j.account, w.account);
    EXPECT_EQ(j.job_class, w.job_class);
    EXPECT_EQ(j.qos, w.qos);
    EXPECT_EQ(j.recorded_wait, w.wait);
    EXPECT_EQ(j.status, w.status);
  }
  // Each note at the field that says it: Start (column 62) for a job that never started, End
  // (column 78) for one still running.
  std::vector<std::string> notes;
  for (const auto& n : t.notes) notes.push_back(located(n));
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "week.txt:8:62: job 1004 never started (CANCELLED by 1000): not replayed",
                       "week.txt:12:78: job 1008 had not ended (RUNNING): replayed with the 1:02:03:04 it had run",
                       "week.txt:13:62: job 1009 never started (PENDING): not replayed",
                       "week.txt:14:66: job 1006_[3-5] never started (PENDING): not replayed"}));
}

TEST(Sacct, AFixedOffsetMovesEveryTimeAlike) {
  // 08:00 at UTC+1 is 07:00 UTC: the origin moves an hour back, the trace's seconds stay.
  const Trace t = parse_sacct(text_of(kWeek), "week.txt", utc(3600));
  EXPECT_EQ(t.unix_start_time, kWeekStart - 3600);
  EXPECT_EQ(t.time_zone, 3600);
  ASSERT_EQ(t.jobs.size(), 7u);
  EXPECT_EQ(t.jobs[6].submit, 229800);
}

TEST(Sacct, TheMachinesTimeZoneWithDaylightSavingTime) {
  // CET in winter (UTC+1), CEST in summer (UTC+2), as a POSIX TZ string (no zone files needed).
  const char* before = std::getenv("TZ");
  const std::string saved = before ? before : "";
  setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3", 1);
  tzset();
  const Trace t = parse_sacct(
      "JobID|User|Submit|Start|Elapsed|NCPUS|State\n"
      "1|ann|2026-01-15T12:00:00|2026-01-15T12:00:00|00:01:00|1|COMPLETED\n"
      "2|ann|2026-07-15T12:00:00|2026-07-15T12:00:00|00:01:00|1|COMPLETED\n",
      "tz.txt");
  if (before)
    setenv("TZ", saved.c_str(), 1);
  else
    unsetenv("TZ");
  tzset();
  // 12:00 CET is 11:00 UTC (`date -u -d 2026-01-15T11:00:00 +%s` = 1768474800); 12:00 CEST is
  // 10:00 UTC (1784109600), 15634800 s later. The trace's zone is the first time's offset.
  ASSERT_EQ(t.jobs.size(), 2u);
  EXPECT_EQ(t.unix_start_time, 1'768'474'800);
  EXPECT_EQ(t.time_zone, 3600);
  EXPECT_EQ(t.jobs[1].submit, 15'634'800);
}

TEST(Sacct, EveryBadLineIsLocatedAndTheRestIsRead) {
  // Columns of a line like the first: JobID 1, User 6, Submit 9, Start 29, End 49, Elapsed 69,
  // Timelimit 78, NCPUS 87, State 89; the good line is 97 characters long.
  const std::string text =
      "JobID|User|Submit|Start|End|Elapsed|Timelimit|NCPUS|State\n"
      "2001|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2002|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4\n"
      "2003|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED|x\n"
      "2004|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|DONE\n"
      "2005|u1|Unknown|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2006|u1|2026-01-01T00:00:00|2026-02-30T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2001|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2007|u1|2026-01-01T00:00:00|2025-12-31T23:59:59|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2008|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T00:00:05|01:00:00|02:00:00|4|COMPLETED\n"
      "2009|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|1:xx:00|02:00:00|4|COMPLETED\n"
      "2010|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|four|COMPLETED\n"
      "2011|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|0|COMPLETED\n"
      "2012|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|forever|4|COMPLETED\n"
      "2013||2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2014_4|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\n"
      "2015|u1|2026-01-01T00:00:00|2026-01-01T00:00:10|2026-01-01T01:00:10|01:00:00|02:00:00|4|COMPLETED\r\n";
  const Trace t = parse_sacct(text, "bad.txt", utc());
  std::vector<std::string> problems;
  for (const auto& p : t.problems) problems.push_back(located(p));
  EXPECT_EQ(problems,
            (std::vector<std::string>{
                "bad.txt:3:88: expected 9 fields separated by '|' as in the header, found 8",
                "bad.txt:4:99: expected 9 fields separated by '|' as in the header, found 10",
                "bad.txt:5:89: State: expected a Slurm job state (COMPLETED, RUNNING, PENDING, CANCELLED, TIMEOUT, "
                "FAILED, ...), got 'DONE'",
                "bad.txt:6:9: Submit: expected the time job 2005 was submitted, got 'Unknown'",
                "bad.txt:7:29: Start: expected a date and time that exist, got '2026-02-30T00:00:10'",
                "bad.txt:8:1: job 2001 already appeared on line 2 (export without --duplicates)",
                "bad.txt:9:29: Start: job 2007 started before it was submitted (2025-12-31T23:59:59 < "
                "2026-01-01T00:00:00)",
                "bad.txt:10:49: End: job 2008 ended before it started (2026-01-01T00:00:05 < 2026-01-01T00:00:10)",
                "bad.txt:11:69: Elapsed: expected [D-]HH:MM:SS, got '1:xx:00'",
                "bad.txt:12:87: NCPUS: expected a processor count, got 'four'",
                "bad.txt:13:87: NCPUS: job 2011 started on no processor",
                "bad.txt:14:78: Timelimit: expected [D-]HH:MM:SS, UNLIMITED or Partition_Limit, got 'forever'",
                "bad.txt:15:6: User: job 2013 has no user",
                "bad.txt:16:1: JobID: expected a job number, got '2014_4' (an array task or a heterogeneous job "
                "part: export JobIDRaw too, which numbers each one)",
                "bad.txt:17:1: JobID: expected a job id, got nothing",
            }));
  ASSERT_EQ(t.jobs.size(), 2u);
  EXPECT_EQ(t.jobs[0].number, 2001);
  EXPECT_EQ(t.jobs[1].number, 2015);  // its CRLF line end is not part of State
  EXPECT_EQ(t.jobs[1].run, 3600);
}

TEST(Sacct, AHeaderWithoutTheNeededColumnsReadsNothing) {
  const Trace missing = parse_sacct("JobID|User|Submit|State\n1|u|2026-01-01T00:00:00|COMPLETED\n", "m.txt", utc());
  ASSERT_EQ(missing.problems.size(), 1u);
  EXPECT_EQ(located(missing.problems[0]).substr(0, 64),
            "m.txt:1:1: the header has no column Start, Elapsed or End, NCPUS");
  EXPECT_TRUE(missing.jobs.empty());
  // Columns in another order and of another case, the End instead of Elapsed.
  const Trace other = parse_sacct(
      "state|ncpus|end|start|submit|user|jobidraw\n"
      "COMPLETED|2|2026-01-01T00:10:00|2026-01-01T00:00:00|2026-01-01T00:00:00|u|7\n",
      "o.txt", utc());
  ASSERT_EQ(other.jobs.size(), 1u);
  EXPECT_EQ(other.jobs[0].run, 600);
  EXPECT_EQ(other.jobs[0].procs, 2);
}

TEST(Sacct, TheFormatIsToldByTheFirstLine) {
  EXPECT_TRUE(is_sacct_header("JobID|JobName|Partition|Account|AllocCPUS|State|ExitCode"));
  EXPECT_TRUE(is_sacct_header("JobIDRaw|User|"));  // --parsable ends each line with '|'
  EXPECT_FALSE(is_sacct_header("; Version: 2.2"));
  EXPECT_FALSE(is_sacct_header("1 0 5 100 4 -1 -1 4 200 2048 1 3 7 -1 2 -1 -1 -1"));
  EXPECT_FALSE(is_sacct_header("User|Group"));

  const fs::path dir = fs::temp_directory_path() / ("maui-sacct-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string gz = (dir / "export.gz").string();
  const std::string text = text_of(kWeek);
  gzFile f = gzopen(gz.c_str(), "wb");
  gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
  gzclose(f);
  const TraceReadResult read = read_workload(gz, utc());
  EXPECT_FALSE(read.error) << message_of(read.error);
  EXPECT_EQ(read.trace.format, "sacct");
  EXPECT_EQ(read.trace.jobs.size(), 7u);
  const std::string swf = (dir / "t.swf").string();
  std::ofstream(swf) << "\n; Version: 2.2\n1 0 5 100 4 -1 -1 4 200 2048 1 3 7 -1 2 -1 -1 -1\n";
  const TraceReadResult plain = read_workload(swf);
  EXPECT_EQ(plain.trace.format, "swf");
  EXPECT_EQ(plain.trace.jobs.size(), 1u);
  EXPECT_TRUE(read_workload((dir / "none").string()).error);
  fs::remove_all(dir);
}

TEST(SwfWriter, AnExportConvertsToTheSameJobsInSwf) {
  const Trace sacct = parse_sacct(text_of(kWeek), "week.txt", utc());
  std::ostringstream out;
  write_swf(out, sacct, "week.txt");
  const std::string swf = out.str();
  // The names, numbered in name order: alice 1 ... erin 5; bio 1, chem 2, phys 3; batch 1, long 2.
  EXPECT_NE(swf.find("; UnixStartTime: 1795420800\n; TimeZone: 0\n"), std::string::npos) << swf;
  EXPECT_NE(swf.find("; Note: user 5 is erin\n"), std::string::npos);
  EXPECT_NE(swf.find("; Note: queue 2 is long\n"), std::string::npos);
  // Job 1003 field by field: submitted 1200 s in, waited 6005 s, ran 86400 s on 16 procs with a
  // 86400 s limit, TIMEOUT (status 0), user carol 3, group chem 2, queue long 2.
  EXPECT_NE(swf.find("\n1003 1200 6005 86400 16 -1 -1 16 86400 -1 0 3 2 -1 2 -1 -1 -1\n"), std::string::npos);
  // 1005 had no limit (UNLIMITED): -1, as SWF writes an unknown.
  EXPECT_NE(swf.find("\n1005 5400 1 30 1 -1 -1 1 -1 -1 0 4 1 -1 1 -1 -1 -1\n"), std::string::npos);

  const Trace back = parse_swf(swf, "week.swf");
  EXPECT_TRUE(back.problems.empty());
  EXPECT_EQ(back.unix_start_time, sacct.unix_start_time);
  ASSERT_EQ(back.jobs.size(), sacct.jobs.size());
  const std::vector<std::string> users = {"u1", "u2", "u3", "u4", "u5", "u5", "u2"};
  for (std::size_t i = 0; i < back.jobs.size(); ++i) {
    const TraceJob &a = sacct.jobs[i], &b = back.jobs[i];
    SCOPED_TRACE(a.number);
    EXPECT_EQ(b.number, a.number);
    EXPECT_EQ(b.submit, a.submit);
    EXPECT_EQ(b.run, a.run);
    EXPECT_EQ(b.requested, a.requested);
    EXPECT_EQ(b.requested_from_run, a.requested_from_run);
    EXPECT_EQ(b.procs, a.procs);
    EXPECT_EQ(b.recorded_wait, a.recorded_wait);
    EXPECT_EQ(b.user, users[i]);
  }
}

}  // namespace
}  // namespace maui::runtime
