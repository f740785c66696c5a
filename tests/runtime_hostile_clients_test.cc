// What one local user may take of the daemon (runtime/daemon/client_quota.h,
// refusal_budget.h, decision_log.h): a share of the admin socket's connections and requests, a
// few log lines a minute of refusals, each line bounded, and logs that rotate at their bound.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "runtime/daemon/client_quota.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/daemon/refusal_budget.h"
#include "tests/temp_dir.h"

namespace maui::runtime {
namespace {

using Clock = ClientQuota::Clock;

TEST(ClientQuota, AUserHasAShareTheUsersABoundTheAdminsTheirOwn) {
  ClientQuotaLimits limits;
  limits.user_clients = 3;
  limits.clients_per_user = 2;
  limits.admin_clients = 1;
  ClientQuota q(limits);
  EXPECT_FALSE(q.connect(1000, false));
  EXPECT_FALSE(q.connect(1000, false));
  EXPECT_EQ(q.connect(1000, false).value_or(""),
            "mauirun: you have 2 connections to the daemon open already: close one and try again");
  EXPECT_FALSE(q.connect(1001, false)) << "another user has a share of their own";
  EXPECT_EQ(q.connect(1002, false).value_or(""), "mauirun: the daemon serves 3 clients already: try again");
  EXPECT_FALSE(q.connect(0, true)) << "the users' connections leave the admins' room untouched";
  EXPECT_EQ(q.connect(0, true).value_or(""), "mauirun: the daemon serves 1 admin clients already: try again");
  q.disconnect(1000, false);
  EXPECT_EQ(q.connections_of(1000), 1);
  EXPECT_FALSE(q.connect(1002, false)) << "a connection that went makes room";
  q.disconnect(0, true);
  EXPECT_FALSE(q.connect(0, true));
}

TEST(ClientQuota, AUsersRequestsAreAFewASecondAnAdminsAreNotCounted) {
  ClientQuotaLimits limits;
  limits.user_requests_per_second = 4;
  ClientQuota q(limits);
  const Clock::time_point t0{};
  for (int k = 0; k < 4; ++k) EXPECT_FALSE(q.request(1000, false, t0)) << "a burst of 4 at once";
  EXPECT_EQ(q.request(1000, false, t0).value_or(""),
            "mauirun: more than 4 requests a second from you: try again in a moment");
  EXPECT_FALSE(q.request(1001, false, t0)) << "another user's rate is their own";
  // 250 ms give back one request at 4 a second; a connection closed and reopened gives back none.
  q.connect(1000, false);
  q.disconnect(1000, false);
  EXPECT_TRUE(q.request(1000, false, t0 + std::chrono::milliseconds(200)));
  EXPECT_FALSE(q.request(1000, false, t0 + std::chrono::milliseconds(260)));
  EXPECT_TRUE(q.request(1000, false, t0 + std::chrono::milliseconds(260)));
  for (int k = 0; k < 100; ++k) EXPECT_FALSE(q.request(0, true, t0));
}

TEST(RefusalBudget, AFewLinesAMinuteThenACount) {
  RefusalBudget b(3);
  b.name(65534, "nobody");
  std::int64_t untold = -1;
  const Epoch t0 = 1'800'000'000;
  int written = 0;
  for (int k = 0; k < 100; ++k) written += b.allow(65534, t0 + k / 10, untold);  // 100 in 10 s
  EXPECT_EQ(written, 3);
  EXPECT_EQ(untold, 0);
  EXPECT_TRUE(b.take_unwritten(t0 + 30).empty()) << "the minute is not over";
  EXPECT_TRUE(b.allow(1000, t0 + 30, untold)) << "another uid has its own budget";
  auto said = b.take_unwritten(t0 + 60);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].user, "nobody");
  EXPECT_EQ(said[0].count, 97);
  EXPECT_TRUE(b.take_unwritten(t0 + 61).empty()) << "said once";
  EXPECT_TRUE(b.allow(65534, t0 + 61, untold));
  EXPECT_EQ(untold, 0) << "the count was said already";
  // A minute over whose count was not asked for: the next line written says it.
  for (int k = 0; k < 5; ++k) b.allow(65534, t0 + 62, untold);
  EXPECT_TRUE(b.allow(65534, t0 + 125, untold));
  EXPECT_EQ(untold, 3);
}

TEST(Clipped, ALineHoldsABoundedPartOfWhatAClientSent) {
  EXPECT_EQ(clipped("short"), "short");
  const std::string big(60'000, 'x');
  const std::string c = clipped("setres " + big, 16);
  EXPECT_EQ(c, "setres xxxxxxxxx... (60007 bytes in all)");
  EXPECT_EQ(clipped("ab\xc3\xa9"
                    "cd",
                    3),
            "ab... (6 bytes in all)")
      << "never half of a UTF-8 character";
}

class LogDir {
 public:
  std::string path() const { return dir_.str(); }
  std::uintmax_t size(const std::string& name) const {
    std::error_code ec;
    const auto n = std::filesystem::file_size(dir_.path() / name, ec);
    return ec ? 0 : n;
  }

 private:
  testing_support::TempDir dir_{"mr-log"};
};

TEST(DecisionLog, EachFileRotatesAtItsBoundAndKeepsOneBefore) {
  LogDir dir;
  {
    DecisionLog log(false);
    log.open(dir.path(), 4096);
    // Audit lines are synced one by one: few, and long.
    for (int k = 0; k < 200; ++k)
      log.audit({1'800'000'000 + k,
                 "admin",
                 "",
                 {},
                 std::string(80, '.') + " nobody (uid 65534): refused " + std::to_string(k),
                 {}});
  }
  for (const char* name : {"serve.log", "serve.jsonl", "audit.log"}) {
    EXPECT_LE(dir.size(name), 4096u) << name;
    EXPECT_GT(dir.size(std::string(name) + ".1"), 2048u) << name << ".1 holds the lines before";
    EXPECT_LE(dir.size(std::string(name) + ".1"), 4096u) << name;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/serve.log.2")) << "one file before is kept, no more";
  std::ifstream in(dir.path() + "/serve.log");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("refused 199\n"), std::string::npos) << "the newest line is in the current file";
  // A log opened again goes on from its size: the bound holds across restarts.
  DecisionLog again(false);
  again.open(dir.path(), 4096);
  for (int k = 0; k < 100; ++k) again.write({1'800'000'000, "start", "1", {}, "x", {}});
  EXPECT_LE(dir.size("serve.log"), 4096u);
}

}  // namespace
}  // namespace maui::runtime
