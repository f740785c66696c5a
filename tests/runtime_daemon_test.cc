// What `mauirun serve` keeps and says (runtime/daemon/): the state file reads back into what was
// saved; a truncated, damaged or nonsensical one is reported where it went wrong and the previous
// one is used; a full disk leaves the old file whole; Maui's defer rules; the log's two forms.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <chrono>

#include <gtest/gtest.h>
#include <httplib.h>
#include <zlib.h>

#include "runtime/daemon/daemon_settings.h"
#include "runtime/daemon/daemon_state.h"
#include "runtime/daemon/decision_log.h"
#include "runtime/daemon/defer_rules.h"
#include "runtime/daemon/http_report.h"
#include "runtime/io/atomic_file.h"
#include "tests/schedule_support.h"
#include "tests/temp_dir.h"

namespace maui::runtime::testing {
namespace {

DaemonState sample() {
  DaemonState s;
  s.saved_at = 1'795'000'000;
  SchedulerJobState a;
  a.bypass_count = 3;
  a.start_priority = 1200;
  a.queue_time_accrued = 600;
  a.queue_time_accrues = false;
  a.system_priority = SystemPriority{5, true};
  a.holds = {"batch", "user"};
  a.hold_set_by = {{"batch", "mauirun (DEFERCOUNT)"}, {"user", "alice"}};
  a.failed_starts = 1;
  a.defers = 2;
  a.deferred_until = 1'795'000'900;
  s.cycle.jobs["12"] = a;
  s.cycle.jobs["13"] = SchedulerJobState{};
  Reservation r;
  r.kind = ReservationKind::Standing;
  r.name = "night.0";
  r.standing = "night";
  r.start = 1'795'000'100;
  r.end = 1'795'010'000;
  r.nodes = {{1, 4}, {0, 2}};
  r.per_task = {1, 100, 0, 0};
  r.acl = {user_entry("alice")};
  r.dedicated = true;
  r.wanted_tasks = 6;
  s.cycle.reservations = {r};
  s.cycle.reservation_nodes = {"n1", "n2"};
  FairshareWindow& w = s.cycle.fairshare.window(1'794'998'400);
  w.usage[ir::Credential{ir::CredKind::User, "alice"}] = 1234.5;
  w.usage[ir::Credential{ir::CredKind::Group, "g"}] = 0.1;  // not a short decimal: kept to the bit
  w.total = 1234.6;
  s.cycle.standing_at = 1'794'999'000;
  s.cycle.standing_fairshare.window(1'794'998'400).total = 1000;
  s.cycle.accrued_until = 1'795'000'000;
  s.cycle.last_completion = 1'794'999'990;
  s.cycle.iterated_at = 1'795'000'000;
  s.cycle.left_waiting = true;
  s.adapter.view.starting["12"] = {{"n1", "n2"}, {4, 2}, 1'794'999'995};
  s.adapter.view.starting["20_3"] = {{"n3"}, {1}, 1'794'999'996};  // an array task, journalled by its task id
  s.adapter.requests["12"] = {1, 0, "", "n4", 2, ""};
  s.adapter.requests["20_3"] = {1, 0, "", "", 0, "batch,debug"};
  s.adapter.view.held_again = {"7", "9", "20_0"};
  s.admin_reservations = {{"maint", 1'795'100'000, 1'795'200'000, {"n3", "n4"}, {}, "bob"}};
  s.scheduling_stopped = true;
  s.cluster = slurm::ClusterIdentity{"hpc1", "ctl1:6817"};
  return s;
}

void expect_same(const DaemonState& a, const DaemonState& b) {
  EXPECT_EQ(a.saved_at, b.saved_at);
  EXPECT_EQ(a.cycle.jobs, b.cycle.jobs);
  ASSERT_EQ(a.cycle.reservations.size(), b.cycle.reservations.size());
  for (std::size_t i = 0; i < a.cycle.reservations.size(); ++i) {
    const Reservation &x = a.cycle.reservations[i], &y = b.cycle.reservations[i];
    EXPECT_TRUE(x.kind == y.kind && x.name == y.name && x.standing == y.standing && x.start == y.start &&
                x.end == y.end && x.nodes == y.nodes && x.per_task == y.per_task && x.dedicated == y.dedicated &&
                x.wanted_tasks == y.wanted_tasks && x.acl.size() == y.acl.size());
    for (std::size_t k = 0; k < x.acl.size(); ++k) {
      EXPECT_EQ(x.acl[k].kind, y.acl[k].kind);
      EXPECT_EQ(x.acl[k].value, y.acl[k].value);
    }
  }
  EXPECT_EQ(a.cycle.reservation_nodes, b.cycle.reservation_nodes);
  auto windows = [](const FairshareHistory& h) {
    std::vector<std::tuple<Epoch, double, std::vector<std::pair<std::string, double>>>> out;
    for (const auto& [start, w] : h.windows()) {
      std::vector<std::pair<std::string, double>> usage;
      for (const auto& [c, v] : w.usage) usage.emplace_back(std::string(ir::to_string(c.kind)) + ":" + c.name, v);
      out.emplace_back(start, w.total, usage);
    }
    return out;
  };
  EXPECT_EQ(windows(a.cycle.fairshare), windows(b.cycle.fairshare));
  EXPECT_EQ(windows(a.cycle.standing_fairshare), windows(b.cycle.standing_fairshare));
  EXPECT_EQ(a.cycle.standing_at, b.cycle.standing_at);
  EXPECT_EQ(a.cycle.accrued_until, b.cycle.accrued_until);
  EXPECT_EQ(a.cycle.last_completion, b.cycle.last_completion);
  EXPECT_EQ(a.cycle.iterated_at, b.cycle.iterated_at);
  EXPECT_EQ(a.cycle.left_waiting, b.cycle.left_waiting);
  EXPECT_EQ(a.cycle.removed_never_runnable, b.cycle.removed_never_runnable);
  ASSERT_EQ(a.adapter.view.starting.size(), b.adapter.view.starting.size());
  for (const auto& [id, s] : a.adapter.view.starting) {
    const auto& t = b.adapter.view.starting.at(id);
    EXPECT_TRUE(s.nodes == t.nodes && s.tasks == t.tasks && s.asked == t.asked);
  }
  EXPECT_EQ(a.adapter.view.held_again, b.adapter.view.held_again);
  ASSERT_EQ(a.adapter.requests.size(), b.adapter.requests.size());
  for (const auto& [id, r] : a.adapter.requests) {
    const auto& q = b.adapter.requests.at(id);
    EXPECT_TRUE(r.min_nodes == q.min_nodes && r.max_nodes == q.max_nodes && r.required_nodes == q.required_nodes &&
                r.excluded_nodes == q.excluded_nodes && r.restarts == q.restarts && r.partitions == q.partitions);
  }
  EXPECT_EQ(a.admin_reservations, b.admin_reservations);
  EXPECT_EQ(a.scheduling_stopped, b.scheduling_stopped);
  EXPECT_EQ(a.cluster, b.cluster);
}

TEST(DaemonState, ReadsBackWhatWasSaved) {
  const DaemonState s = sample();
  const std::string text = state_text(s);
  EXPECT_EQ(text.rfind("mauirun-state 1 bytes=", 0), 0u);
  const StateLoad load = parse_state("state.json", text);
  ASSERT_TRUE(load.problems.empty()) << load.problems[0];
  ASSERT_TRUE(load.state.has_value());
  expect_same(s, *load.state);
  EXPECT_EQ(state_text(*load.state), text);  // deterministic
}

TEST(DaemonState, ADamagedFileIsLocatedNeverTrusted) {
  const std::string text = state_text(sample());
  auto problem = [](std::string_view t) {
    const StateLoad load = parse_state("state.json", t);
    EXPECT_FALSE(load.state.has_value());
    return load.problems.empty() ? std::string() : load.problems[0];
  };
  EXPECT_EQ(problem(text.substr(0, text.size() / 2)).rfind("state.json:2: the file is truncated or grown:", 0), 0u);
  std::string flipped = text;
  flipped[flipped.size() - 10] ^= 1;
  EXPECT_EQ(problem(flipped).rfind("state.json:2: the state is damaged: its CRC-32 is", 0), 0u);
  EXPECT_EQ(problem("hello\n"), "state.json:1: expected the header 'mauirun-state 1 bytes=N crc32=XXXXXXXX'");
  EXPECT_EQ(problem(""), "state.json:1: expected the header 'mauirun-state 1 bytes=N crc32=XXXXXXXX'");
  // A well-formed file with a value of the wrong kind: the JSON path says where.
  auto with_body = [](const std::string& body) {
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()));
    char header[96];
    std::snprintf(header, sizeof header, "mauirun-state 1 bytes=%zu crc32=%08lx\n", body.size(), crc);
    return header + body;
  };
  std::string body = text.substr(text.find('\n') + 1);
  const std::string bypass = "\"bypass\": 3";
  ASSERT_NE(body.find(bypass), std::string::npos);
  body.replace(body.find(bypass), bypass.size(), "\"bypass\": \"three\"");
  const std::string p = problem(with_body(body));
  EXPECT_NE(p.find("state.cycle.jobs.12.bypass"), std::string::npos) << p;
  EXPECT_NE(problem(with_body("[1, 2")).find("state.json:"), std::string::npos);
}

TEST(DaemonState, BelongsToOneCluster) {
  // Saved with the cluster's name and controller, read back with them.
  const StateLoad load = parse_state("state.json", state_text(sample()));
  ASSERT_TRUE(load.state && load.state->cluster);
  EXPECT_EQ(load.state->cluster->name, "hpc1");
  EXPECT_EQ(load.state->cluster->controller, "ctl1:6817");
  // The file of an older mauirun names none: read, to be adopted.
  DaemonState old = sample();
  old.cluster.reset();
  const std::string old_text = state_text(old);
  EXPECT_EQ(old_text.find("\"cluster\""), std::string::npos);
  const StateLoad old_load = parse_state("state.json", old_text);
  ASSERT_TRUE(old_load.state.has_value()) << old_load.problems[0];
  EXPECT_FALSE(old_load.state->cluster.has_value());
  // Another cluster's state is refused, naming both and the file; the same cluster with its
  // controller moved is the same cluster.
  const slurm::ClusterIdentity saved{"hpc1", "ctl1:6817"};
  EXPECT_EQ(other_cluster("/var/lib/mauirun/state.json", saved, {"hpc1", "ctl2:6817"}), std::nullopt);
  const auto error = other_cluster("/var/lib/mauirun/state.json", saved, {"hpc2", "ctl9:7000"});
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->rfind("/var/lib/mauirun/state.json is the state of Slurm cluster 'hpc1' (controller ctl1:6817), "
                         "and Slurm here is cluster 'hpc2' (controller ctl9:7000): not started",
                         0),
            0u)
      << *error;
}

TEST(DaemonState, ThePreviousFileIsUsedWhenTheLastIsDamaged) {
  const testing_support::TempDir tmp("mauirun-state");
  const std::string dir = tmp.str();
  DaemonState first = sample();
  ASSERT_FALSE(save_state(dir, first).has_value());
  DaemonState second = sample();
  second.saved_at += 60;
  ASSERT_FALSE(save_state(dir, second).has_value());
  StateLoad load = load_state(dir);
  ASSERT_TRUE(load.state.has_value());
  EXPECT_EQ(load.state->saved_at, second.saved_at);
  EXPECT_EQ(load.file, "state.json");
  // The disk lied: state.json is cut short. The one before it is used, and the damage said.
  const std::string path = dir + "/state.json";
  ASSERT_EQ(::truncate(path.c_str(), 100), 0);
  load = load_state(dir);
  ASSERT_TRUE(load.state.has_value());
  EXPECT_EQ(load.state->saved_at, first.saved_at);
  EXPECT_EQ(load.file, "state.json.prev");
  ASSERT_EQ(load.problems.size(), 1u);
  EXPECT_EQ(load.problems[0].rfind("state.json:2: the file is truncated", 0), 0u) << load.problems[0];
  // Nothing at all: a first start, no problem.
  const testing_support::TempDir empty_dir("mauirun-state");
  const std::string empty = empty_dir.str();
  load = load_state(empty);
  EXPECT_FALSE(load.state.has_value());
  EXPECT_TRUE(load.problems.empty());
}

// A write that fails (here the temporary file cannot be made; a full disk is tested for real by
// tests/slurm/test_disk_full.py) leaves the old file whole and nothing behind.
TEST(AtomicFile, AFailedWriteLeavesTheOldFileWhole) {
  const testing_support::TempDir tmp("mauirun-state");
  const std::string dir = tmp.str();
  ASSERT_FALSE(write_file_atomically(dir, "f", "old").has_value());
  ASSERT_EQ(::mkdir((dir + "/.f.tmp." + std::to_string(::getpid())).c_str(), 0755), 0);
  const auto error = write_file_atomically(dir, "f", "new");
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("cannot create"), std::string::npos) << to_text(*error);
  EXPECT_EQ(error->file, dir + "/f");  // the file it could not replace
  std::ifstream in(dir + "/f");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "old");
}

TEST(DeferRules, StartsFailedThenDefersThenABatchHold) {
  DaemonSettings s;
  s.defer_start_count = 2;
  s.defer_count = 3;
  s.defer_time = 600;
  SchedulerJobState m;
  EXPECT_EQ(failed_start(m, s, 100).kind, DeferOutcome::Kind::Counted);
  DeferOutcome o = failed_start(m, s, 200);
  EXPECT_EQ(o.kind, DeferOutcome::Kind::Deferred);
  EXPECT_EQ(m.deferred_until, 800);
  EXPECT_EQ(o.reason, "deferred for 600 s (DEFERTIME), defer 1 of 3 (DEFERCOUNT)");
  failed_start(m, s, 900);
  EXPECT_EQ(failed_start(m, s, 1000).kind, DeferOutcome::Kind::Deferred);  // defer 2
  failed_start(m, s, 2000);
  o = failed_start(m, s, 2100);
  EXPECT_EQ(o.kind, DeferOutcome::Kind::BatchHold);
  EXPECT_EQ(o.reason, "batch hold: deferred 3 times (DEFERCOUNT 3)");
  EXPECT_EQ(m.holds, std::vector<std::string>{"batch"});
  EXPECT_EQ(m.hold_set_by.at("batch"), "mauirun (DEFERCOUNT)");
  EXPECT_FALSE(m.deferred_until.has_value());
}

TEST(DeferRules, AStartFailedThroughNoFaultOfTheJobCostsItNothing) {
  DaemonSettings s;
  s.defer_start_count = 1;  // Maui's default: one failed start defers
  s.defer_time = 3600;
  SchedulerJobState m;
  const DeferOutcome o = failed_start(m, s, 100, "node n1 is Down");
  EXPECT_EQ(o.kind, DeferOutcome::Kind::NotCounted);
  EXPECT_EQ(o.reason, "not counted toward DEFERSTARTCOUNT (0 of 1 so far): no fault of the job: node n1 is Down");
  EXPECT_EQ(m.failed_starts, 0);
  EXPECT_EQ(m.defers, 0);
  EXPECT_FALSE(m.deferred_until.has_value());
  // The job's own failure afterwards still defers it, as the first it is.
  EXPECT_EQ(failed_start(m, s, 200).kind, DeferOutcome::Kind::Deferred);
  EXPECT_EQ(m.deferred_until, 3800);
}

TEST(DaemonSettings, ReadFromTheConfig) {
  TestPolicy p =
      compile_policy("RMPOLLINTERVAL 00:00:30\nDEFERTIME 00:05:00\nDEFERCOUNT 4\nDEFERSTARTCOUNT 2\nSERVERMODE TEST\n");
  const DaemonSettings s = DaemonSettings::from(p.dir->policy());
  EXPECT_EQ(s.poll_interval, 30);
  EXPECT_EQ(s.defer_time, 300);
  EXPECT_EQ(s.defer_count, 4);
  EXPECT_EQ(s.defer_start_count, 2);
  EXPECT_TRUE(s.test_mode);
  EXPECT_TRUE(s.problems.empty());
  const DaemonSettings defaults = DaemonSettings::from(compile_policy("").dir->policy());
  EXPECT_EQ(defaults.poll_interval, 60);
  EXPECT_EQ(defaults.defer_time, 3600);
  EXPECT_EQ(defaults.defer_count, 24);
  EXPECT_FALSE(defaults.test_mode);
}

TEST(DecisionLog, TextAndJsonLines) {
  LogLine line{1'795'753'847, "start", "12", {{"n1", 4}, {"n2", 2}}, "priority 1100, backfill", {}};
  EXPECT_EQ(log_text(line), "2026-11-27T04:30:47Z start job 12 on n1:4,n2:2: priority 1100, backfill");
  EXPECT_EQ(
      log_json(line),
      R"({"event":"start","job":"12","nodes":[["n1",4],["n2",2]],"reason":"priority 1100, backfill","time":1795753847})");
  LogLine quoted{0, "hold", "7", {}, "never runnable: \"x\"\n", {}};
  EXPECT_EQ(log_json(quoted), R"({"event":"hold","job":"7","reason":"never runnable: \"x\"\n","time":0})");
}

TEST(HttpReport, AddressesAndWhatIsWrongWithThem) {
  auto good = parse_http_address("127.0.0.1:8080");
  ASSERT_TRUE(std::holds_alternative<HttpAddress>(good));
  EXPECT_EQ(std::get<HttpAddress>(good).host, "127.0.0.1");
  EXPECT_EQ(std::get<HttpAddress>(good).port, 8080);
  auto v6 = parse_http_address("[::1]:0");
  ASSERT_TRUE(std::holds_alternative<HttpAddress>(v6));
  EXPECT_EQ(std::get<HttpAddress>(v6).host, "::1");
  EXPECT_EQ(std::get<HttpAddress>(v6).port, 0);
  const std::pair<const char*, const char*> bad[] = {
      {"8080", "expected ADDR:PORT"},
      {":8080", "expected ADDR:PORT"},
      {"localhost:", "the port '' is not a number from 0 to 65535"},
      {"localhost:http", "the port 'http' is not a number"},
      {"localhost:65536", "the port '65536' is not a number from 0 to 65535"},
      {"::1:80", "an IPv6 address goes in brackets"},
  };
  for (const auto& [text, why] : bad) {
    auto r = parse_http_address(text);
    ASSERT_TRUE(std::holds_alternative<std::string>(r)) << text;
    EXPECT_NE(std::get<std::string>(r).find(why), std::string::npos) << std::get<std::string>(r);
    EXPECT_NE(std::get<std::string>(r).find(text), std::string::npos) << std::get<std::string>(r);
  }
}

// A client that connects and sends nothing, or sends a request far too long, holds no one up:
// another client is answered at once, and the server answers the long one with an error.
TEST(HttpReport, ServesThePagesAndOutlivesHostileClients) {
  int pages = 0;
  auto opened =
      HttpReport::open({"127.0.0.1", 0}, {[&] { return "<html>report " + std::to_string(++pages) + "</html>"; },
                                          [] { return std::string("{\"sides\":[]}"); }});
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<HttpReport>>(opened)) << std::get<std::string>(opened);
  const auto& server = std::get<std::unique_ptr<HttpReport>>(opened);
  ASSERT_GT(server->port(), 0);

  const int silent = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(server->port()));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(silent, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);

  httplib::Client client("127.0.0.1", server->port());
  client.set_read_timeout(3);
  const auto begin = std::chrono::steady_clock::now();
  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2));
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body, "<html>report 1</html>");
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  auto data = client.Get("/data.json");
  ASSERT_TRUE(data);
  EXPECT_EQ(data->body, "{\"sides\":[]}");
  auto missing = client.Get("/etc/passwd");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_NE(missing->body.find("GET / is the report"), std::string::npos);
  auto post = client.Post("/", "x", "text/plain");
  ASSERT_TRUE(post);
  EXPECT_GE(post->status, 400);
  auto huge = client.Get(("/" + std::string(100'000, 'a')).c_str());
  EXPECT_TRUE(!huge || huge->status >= 400);
  auto again = client.Get("/");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->body, "<html>report 2</html>");
  ::close(silent);
}

TEST(HttpReport, APortInUseIsSaid) {
  auto first = HttpReport::open({"127.0.0.1", 0}, {[] { return std::string(); }, [] { return std::string(); }});
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<HttpReport>>(first));
  const int port = std::get<std::unique_ptr<HttpReport>>(first)->port();
  auto second = HttpReport::open({"127.0.0.1", port}, {[] { return std::string(); }, [] { return std::string(); }});
  ASSERT_TRUE(std::holds_alternative<std::string>(second));
  EXPECT_NE(std::get<std::string>(second).find("cannot listen on 127.0.0.1:" + std::to_string(port)), std::string::npos)
      << std::get<std::string>(second);
}

}  // namespace
}  // namespace maui::runtime::testing
