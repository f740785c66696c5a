// The client commands that change something (runtime/daemon/admin_changes.h), on a hand-made
// cluster: what each does to the scheduler's memory of a job and to the admin reservations, what
// it refuses and to whom, and what it leaves for the daemon's turn (runjob, schedctl).
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/daemon/admin_changes.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using testing::compile_policy;
using testing::TestPolicy;

// An RM that only records what it is asked to release.
class RecordingRm final : public ResourceManager {
 public:
  std::string name() const override { return "recording"; }
  RmCapabilities capabilities() const override { return {}; }
  Epoch wait(Epoch deadline, std::vector<RmEvent>&) override { return deadline; }
  RmStatus refresh() override { return {}; }
  ClusterSnapshot& cluster() override { return snapshot; }
  RmStatus start_job(StartRequest&&) override { return {}; }
  RmStatus hold_job(const std::string&, const std::string&) override { return {}; }
  RmStatus release_job(const std::string& id) override {
    released.push_back(id);
    return {};
  }
  RmStatus cancel_job(const std::string&, const std::string&) override { return {}; }
  RmStatus requeue_job(const std::string&) override { return {}; }
  RmStatus set_priority(const std::string&, std::int64_t) override { return {}; }
  ClusterSnapshot snapshot;
  std::vector<std::string> released;
};

struct Fixture {
  Fixture() : policy(compile_policy("")), cycle(*policy.dir, CycleOptions{}) {
    rm.snapshot.now = 1'800'000'000;
    for (const char* n : {"n1", "n2"}) {
      Node node;
      node.name = n;
      node.procs = 4;
      rm.snapshot.nodes.push_back(node);
    }
    auto add = [&](const char* id, const char* user, JobState state) {
      Job j;
      j.id = id;
      j.user = user;
      j.state = state;
      rm.snapshot.jobs.push_back(j);
    };
    add("10", "alice", JobState::Idle);
    add("11", "bob", JobState::Idle);
    add("12", "alice", JobState::Running);
    rm.snapshot.jobs[1].holds = {"user"};  // bob's own sbatch -H, a hold kept in Slurm
  }
  ChangeResult ask(const std::string& user, AccessLevel level, std::string command, std::vector<std::string> args) {
    ChangeTarget t{rm.snapshot, cycle, rm, admin, 0};
    return apply_change(AdminRequest{std::move(command), std::move(args), false}, Caller{1000, user}, level, t);
  }
  TestPolicy policy;
  SchedulingCycle cycle;
  RecordingRm rm;
  std::vector<AdminReservation> admin;
};

TEST(AdminChanges, SetspriSetsTheJobsSystemPriority) {
  Fixture f;
  ChangeResult r = f.ask("op", AccessLevel::Admin2, "setspri", {"500", "10"});
  EXPECT_EQ(r.answer.status, 0) << r.answer.err;
  EXPECT_EQ(r.then, ChangeResult::Then::Save);
  EXPECT_EQ(f.cycle.job_memory("10").system_priority, (SystemPriority{500, false}));
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setspri", {"-r", "-20", "11"}).answer.status, 0);
  EXPECT_EQ(f.cycle.job_memory("11").system_priority, (SystemPriority{-20, true}));
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setspri", {"-5", "10"}).answer.err,
            "setspri: '-5': expected an integer from 0 to 1000000000");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setspri", {"5", "99"}).answer.err, "setspri: no job '99'");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setspri", {"5", "12"}).answer.err,
            "setspri: job 12 is not queued (it is Running)");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setspri", {"5"}).answer.status, 2);
}

TEST(AdminChanges, HoldsRememberWhoSetThemAndOnlyTheOwnersUserHoldIsTheirs) {
  Fixture f;
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "sethold", {"-b", "10"}).answer.out, "job 10: batch hold set\n");
  EXPECT_EQ(f.cycle.job_memory("10").holds, std::vector<std::string>{"batch"});
  EXPECT_EQ(f.cycle.job_memory("10").hold_set_by.at("batch"), "op");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "sethold", {"10"}).answer.status, 0);  // a user hold by default
  // Alice, no admin: her own user hold yes, the batch hold no, bob's job no.
  ChangeResult batch = f.ask("alice", AccessLevel::User, "releasehold", {"-b", "10"});
  EXPECT_EQ(batch.answer.status, 3);
  EXPECT_EQ(batch.answer.err, "permission denied: releasehold of a batch or system hold needs ADMIN2");
  // A user is told nothing of another's job, nor whether a job exists: the same answer for both.
  EXPECT_EQ(f.ask("alice", AccessLevel::User, "releasehold", {"11"}).answer.err,
            "permission denied: releasehold of job 11 needs ADMIN2 or to own the job");
  EXPECT_EQ(f.ask("alice", AccessLevel::User, "releasehold", {"999"}).answer.err,
            "permission denied: releasehold of job 999 needs ADMIN2 or to own the job");
  EXPECT_EQ(f.ask("help", AccessLevel::Admin3, "releasehold", {"11"}).answer.err,
            "permission denied: releasehold of job 11 (owned by bob) needs ADMIN2")
      << "ADMIN3 sees every job (checkjob): it is told whose it is";
  EXPECT_EQ(f.ask("alice", AccessLevel::User, "releasehold", {"10"}).answer.out, "job 10: user hold released\n");
  EXPECT_EQ(f.cycle.job_memory("10").holds, std::vector<std::string>{"batch"});
  EXPECT_FALSE(f.cycle.job_memory("10").hold_set_by.contains("user"));
  EXPECT_TRUE(f.rm.released.empty()) << "a hold the scheduler kept is not Slurm's to release";
  // Bob's hold is kept in Slurm: released there.
  EXPECT_EQ(f.ask("bob", AccessLevel::User, "releasehold", {"11"}).answer.status, 0);
  EXPECT_EQ(f.rm.released, std::vector<std::string>{"11"});
  EXPECT_EQ(f.ask("bob", AccessLevel::User, "releasehold", {"-u", "10", "11"}).answer.status, 3);
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "releasehold", {"-a", "10"}).answer.out, "job 10: batch hold released\n");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "releasehold", {"-s", "10"}).answer.err,
            "releasehold: job 10 has no system hold");
}

TEST(AdminChanges, SetresTakesMauisTimesAndOwnsWhatItSets) {
  Fixture f;
  ChangeResult r =
      f.ask("op", AccessLevel::Admin2, "setres", {"maint", "STARTTIME=+1:00:00", "DURATION=2:00:00", "HOSTLIST=n2"});
  ASSERT_EQ(r.answer.status, 0) << r.answer.err;
  EXPECT_EQ(r.then, ChangeResult::Then::SaveReservations);
  ASSERT_EQ(f.admin.size(), 1u);
  EXPECT_EQ(f.admin[0].start, 1'800'000'000 + 3600);
  EXPECT_EQ(f.admin[0].end, 1'800'000'000 + 3 * 3600);
  EXPECT_EQ(f.admin[0].owner, "op");
  // STARTTIME defaults to now; an epoch and a clock time on the site's clock (UTC here).
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setres", {"a", "ENDTIME=1800007200", "HOSTLIST=n1"}).answer.status, 0);
  EXPECT_EQ(f.admin[0].name, "a");
  EXPECT_EQ(f.admin[0].start, 1'800'000'000);
  // 1,800,000,000 is 2027-01-15 08:00:00 UTC: 10:30 that day.
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setres", {"b", "STARTTIME=10:30", "ENDTIME=11:00_01/15", "HOSTLIST=n1"})
                .answer.status,
            0);
  const AdminReservation& b = f.admin.back();
  EXPECT_EQ(b.start, 1'800'000'000 + 2 * 3600 + 1800);
  EXPECT_EQ(b.end, 1'800'000'000 + 3 * 3600);
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setres", {"maint", "ENDTIME=+1:00", "HOSTLIST=n1"}).answer.err,
            "setres: reservation maint: a reservation of that name exists (release it first)");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "setres", {"c", "ENDTIME=+1:00", "HOSTLIST=n9"}).answer.err,
            "setres: reservation c: n9 is not a node of the cluster");
  EXPECT_NE(f.ask("op", AccessLevel::Admin2, "setres", {"c", "ENDTIME=tomorrow", "HOSTLIST=n1"})
                .answer.err.find("ENDTIME=tomorrow: expected seconds since the epoch"),
            std::string::npos);
  // releaseres: the owner or ADMIN1.
  EXPECT_EQ(f.ask("bob", AccessLevel::Admin2, "releaseres", {"maint"}).answer.err,
            "permission denied: releaseres of reservation maint (set by op) needs ADMIN1");
  // A user sees no one else's reservation: "not yours" and "none such" read the same.
  EXPECT_EQ(f.ask("alice", AccessLevel::User, "releaseres", {"maint"}).answer.err,
            "permission denied: releaseres of reservation maint needs ADMIN1 or to have set it");
  EXPECT_EQ(f.ask("alice", AccessLevel::User, "releaseres", {"nosuch"}).answer.err,
            "permission denied: releaseres of reservation nosuch needs ADMIN1 or to have set it");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "releaseres", {"maint"}).answer.status, 0);
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "releaseres", {"a", "b"}).answer.out, "reservation a, b released\n");
  EXPECT_TRUE(f.admin.empty());
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "releaseres", {"a"}).answer.err, "releaseres: no reservation 'a'");
}

TEST(AdminChanges, RunjobAndSchedctlAreLeftToTheDaemonsTurn) {
  Fixture f;
  ChangeResult run = f.ask("op", AccessLevel::Admin2, "runjob", {"11"});
  EXPECT_EQ(run.then, ChangeResult::Then::RunNow);
  EXPECT_EQ(run.job, "11");
  EXPECT_EQ(f.ask("op", AccessLevel::Admin2, "runjob", {"12"}).answer.err,
            "runjob: job 12 is not queued (it is Running)");
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "schedctl", {"-R"}).then, ChangeResult::Then::Reload);
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "schedctl", {"-s"}).then, ChangeResult::Then::Stop);
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "schedctl", {"-r"}).then, ChangeResult::Then::Resume);
  EXPECT_EQ(f.ask("root", AccessLevel::Admin1, "schedctl", {"-x"}).answer.err,
            "schedctl: usage: schedctl -R | -s | -r");
}

// A hostile user's requests, 20,000 of them made at random from the commands that change
// something and from pieces of arguments (job ids hers and others', numbers, flags, times, host
// lists, bytes), through the gate the daemon puts before them (needed_level) and then the change:
// mallory owns no job, so nothing she asks changes any job's memory, releases a hold in the RM,
// runs, reloads or stops anything, or touches a reservation she did not set; every answer is a
// status of 0 to 3, and one refused says why. The same requests of an admin only must not crash.
TEST(AdminChanges, NothingAUserWithoutJobsAsksChangesAnything) {
  const std::vector<std::string> commands{"setspri", "sethold",  "releasehold", "setres", "releaseres",
                                          "runjob",  "schedctl", "showq",       "bogus"};
  const std::vector<std::string> pieces{"10",         "11",
                                        "12",         "99",
                                        "12_3",       "-1",
                                        "0",          "1000000001",
                                        "-r",         "-a",
                                        "-b",         "-u",
                                        "-s",         "-n",
                                        "-x",         "-d",
                                        "-e",         "-h",
                                        "-f",         "--",
                                        "+0:10:00",   "1:00:00",
                                        "12:00",      "12:00_12/31",
                                        "n1",         "n[1-2]",
                                        "n[1-99999]", "ALL",
                                        "maint",      "mallory.0",
                                        "",           "USERLIST=x",
                                        "\xff",       "9223372036854775808",
                                        "1e9",        "99999999999999:00:00"};
  std::mt19937_64 rng(20261203);
  auto pick = [&](const std::vector<std::string>& from) {
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
  };
  for (AccessLevel level : {AccessLevel::User, AccessLevel::Admin1}) {
    SCOPED_TRACE(level_name(level));
    Fixture f;
    f.admin.push_back({"theirs", f.rm.snapshot.now, f.rm.snapshot.now + 3600, {"n1"}, {}, "alice"});
    std::vector<SchedulerJobState> before;
    for (const auto& j : f.rm.snapshot.jobs) before.push_back(f.cycle.job_memory(j.id));
    int reached = 0, done = 0;  // past the gate; and carried out
    for (int k = 0; k < 20'000; ++k) {
      const std::string command = pick(commands);
      std::vector<std::string> args;
      for (auto n = std::uniform_int_distribution<int>(0, 6)(rng); n > 0; --n) args.push_back(pick(pieces));
      SCOPED_TRACE(command + " " + ::testing::PrintToString(args));
      const auto needed = needed_level(command);
      if (!needed || level > *needed || !is_change(command)) continue;  // the daemon's gate answers these
      const ChangeResult r = f.ask("mallory", level, command, args);
      ++reached;
      done += r.answer.status == 0;
      EXPECT_GE(r.answer.status, 0);
      EXPECT_LE(r.answer.status, 3);
      if (r.answer.status != 0) {
        EXPECT_FALSE(r.answer.err.empty());
      }
      if (level != AccessLevel::User) continue;
      ASSERT_TRUE(r.then == ChangeResult::Then::Nothing || r.then == ChangeResult::Then::SaveReservations ||
                  r.then == ChangeResult::Then::Save)
          << "a user's request ran, reloaded or stopped something";
      for (std::size_t j = 0; j < f.rm.snapshot.jobs.size(); ++j)
        ASSERT_EQ(f.cycle.job_memory(f.rm.snapshot.jobs[j].id), before[j]) << "a job's memory changed";
      ASSERT_TRUE(f.rm.released.empty()) << "a hold released in the RM";
      ASSERT_EQ(f.admin.front().name, "theirs");
      for (const auto& a : f.admin)
        ASSERT_TRUE(a.name == "theirs" ? a.owner == "alice" : a.owner == "mallory") << "a reservation not hers";
    }
    // The requests reach the changes, and some of the admin's are carried out: a test of the gate
    // alone would pass with every change broken.
    std::printf("%s: %d requests past the gate, %d carried out\n", level_name(level).c_str(), reached, done);
    EXPECT_GT(reached, 2000);
    if (level == AccessLevel::Admin1) {
      EXPECT_GT(done, 30);
    }
  }
}

}  // namespace
}  // namespace maui::runtime
