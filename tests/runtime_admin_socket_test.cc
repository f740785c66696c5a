// The admin socket on its own (runtime/daemon/admin_socket.h): requests and answers, and the
// clients a daemon must survive — silent, huge, malformed, gone mid-answer, too many — none of
// which may delay another client. And the access levels (runtime/daemon/access.h).
#include <grp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_protocol.h"
#include "runtime/daemon/admin_socket.h"
#include "tests/temp_dir.h"

namespace maui::runtime {
namespace {

using Clock = std::chrono::steady_clock;

// Short (/tmp/mr-sock-XXXXXX): a Unix socket's path must fit in 108 bytes.
class SocketDir {
 public:
  std::string path() const { return dir_.str() + "/mauirun.sock"; }

 private:
  testing_support::TempDir dir_{"mr-sock"};
};

int connect_to(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Everything the server says until it closes (or `timeout_ms` passes: "" then).
std::string read_all(int fd, int timeout_ms = 5000) {
  std::string out;
  char buffer[65536];
  const auto until = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) return "";
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return out;
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

// Waits (at most 10 s: a loaded machine is slow, never wrong) until `done` holds.
template <class Predicate>
bool eventually(Predicate done) {
  const auto until = Clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (Clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

AdminAnswer ask(const std::string& path, const std::string& text) {
  const int fd = connect_to(path);
  EXPECT_GE(fd, 0);
  (void)!::send(fd, text.data(), text.size(), MSG_NOSIGNAL);
  std::string reply = read_all(fd);
  ::close(fd);
  auto a = decode_answer(reply);
  if (auto* e = std::get_if<std::string>(&a)) return {-1, "", *e + " in: " + reply};
  return std::get<AdminAnswer>(a);
}

// A server whose handler echoes the command, the caller and the args; "wait" answers only when
// the test says so, from another thread (as the scheduling thread answers a change).
struct EchoServer {
  explicit EchoServer(AdminSocketLimits limits = {}, AdminSocketGate gate = {}) {
    auto opened = AdminSocket::open(
        dir.path(),
        [this](const Caller& caller, AdminRequest r, AdminSocket::Reply reply) {
          if (r.command == "wait") {
            std::lock_guard<std::mutex> lock(mutex);
            waiting.push_back(std::move(reply));
            return;
          }
          std::string out = r.command + " by " + caller.user;
          for (const auto& a : r.args) out += " [" + a + "]";
          if (r.command == "big") out = std::string(8 << 20, 'x');  // more than a socket buffer
          reply({0, out + (r.json ? " json" : ""), ""});
        },
        limits, std::move(gate));
    if (auto* e = std::get_if<std::string>(&opened))
      ADD_FAILURE() << *e;
    else
      socket = std::move(std::get<std::unique_ptr<AdminSocket>>(opened));
  }
  SocketDir dir;
  std::mutex mutex;
  std::vector<AdminSocket::Reply> waiting;
  std::unique_ptr<AdminSocket> socket;
};

TEST(AdminProtocol, RequestsAndAnswersRoundTripWithNewlinesInside) {
  AdminRequest r{"checkjob", {"42", "-v", "a\nb"}, true};
  const std::string text = encode_request(r);
  EXPECT_EQ(text.find('\n'), text.size() - 1) << "one line, whatever the strings hold";
  auto back = std::get<AdminRequest>(decode_request(text));
  EXPECT_EQ(back.command, "checkjob");
  EXPECT_EQ(back.args, r.args);
  EXPECT_TRUE(back.json);
  auto a = std::get<AdminAnswer>(decode_answer(encode_answer({3, "x\ny\n", "permission denied"})));
  EXPECT_EQ(a.status, 3);
  EXPECT_EQ(a.out, "x\ny\n");
}

TEST(AdminProtocol, BadRequestsSayWhatIsWrong) {
  EXPECT_EQ(std::get<std::string>(decode_request("showq")).substr(0, 23), "the request is not JSON");
  EXPECT_EQ(std::get<std::string>(decode_request("[1]")), "the request is not a JSON object");
  EXPECT_EQ(std::get<std::string>(decode_request(R"({"args":[]})")), "the request has no \"command\" string");
  EXPECT_EQ(std::get<std::string>(decode_request(R"({"command":"showq","args":[1]})")),
            "the request's \"args\" holds something other than strings");
  EXPECT_EQ(std::get<std::string>(decode_request(R"({"command":"showq","args":"-r"})")),
            "the request's \"args\" is not an array");
  EXPECT_EQ(std::get<std::string>(decode_request(R"({"command":"showq","json":"yes"})")),
            "the request's \"json\" is not true or false");
}

TEST(AdminSocket, AnswersAndKnowsWhoAsks) {
  EchoServer server;
  AdminAnswer a = ask(server.dir.path(), encode_request({"showq", {"-r"}, true}));
  // The caller is the uid the kernel reports for this process, by name.
  Caller me{::getuid(), ""};
  EXPECT_EQ(a.status, 0);
  EXPECT_EQ(a.out.substr(0, 9), "showq by ");
  EXPECT_NE(a.out.find("[-r] json"), std::string::npos);
  EXPECT_EQ(::getuid() == 0, a.out.find("showq by root") == 0);
  (void)me;
}

TEST(AdminSocket, MalformedAndHugeRequestsGetAClearAnswer) {
  EchoServer server;
  AdminAnswer bad = ask(server.dir.path(), "showq please\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.substr(0, 43), "mauirun: bad request: the request is not JS");
  AdminAnswer huge = ask(server.dir.path(), std::string(200'000, 'a'));
  EXPECT_EQ(huge.status, 2);
  EXPECT_EQ(huge.err, "mauirun: the request is larger than 65536 bytes");
}

TEST(AdminSocket, ASilentClientDelaysNoOneAndIsToldWhyItIsDropped) {
  AdminSocketLimits limits;
  limits.request_ms = 1500;
  EchoServer server(limits);
  const int silent = connect_to(server.dir.path());
  ASSERT_GE(silent, 0);
  const auto t0 = Clock::now();
  AdminAnswer a = ask(server.dir.path(), encode_request({"showq", {}, false}));
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  EXPECT_EQ(a.status, 0);
  EXPECT_LT(took, 1000) << "the other client was served while the silent one held its connection";
  std::string said = read_all(silent);
  auto told = std::get<AdminAnswer>(decode_answer(said));
  EXPECT_EQ(told.err, "mauirun: no whole request within 1500 ms");
  ::close(silent);
}

TEST(AdminSocket, AChangeWaitingForTheSchedulerDelaysNoLook) {
  EchoServer server;
  const int changer = connect_to(server.dir.path());
  const std::string wait = encode_request({"wait", {}, false});
  (void)!::send(changer, wait.data(), wait.size(), MSG_NOSIGNAL);
  ASSERT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> lock(server.mutex);
    return !server.waiting.empty();
  }));
  EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).status, 0);
  // The scheduling thread answers at its turn, from its own thread.
  std::thread([&] {
    std::lock_guard<std::mutex> lock(server.mutex);
    ASSERT_EQ(server.waiting.size(), 1u);
    server.waiting[0]({0, "done", ""});
  }).join();
  auto a = std::get<AdminAnswer>(decode_answer(read_all(changer)));
  EXPECT_EQ(a.out, "done");
  ::close(changer);
}

TEST(AdminSocket, AClientGoneMidAnswerOrBeforeItHurtsNothing) {
  EchoServer server;
  for (int i = 0; i < 3; ++i) {
    const int fd = connect_to(server.dir.path());
    const std::string big = encode_request({"big", {}, false});
    (void)!::send(fd, big.data(), big.size(), MSG_NOSIGNAL);
    char some[1024];
    (void)!::recv(fd, some, sizeof some, 0);  // a little of 8 MB, then gone
    ::close(fd);
  }
  // A reply for a client that left while waiting is dropped.
  const int gone = connect_to(server.dir.path());
  const std::string wait = encode_request({"wait", {}, false});
  (void)!::send(gone, wait.data(), wait.size(), MSG_NOSIGNAL);
  ASSERT_TRUE(eventually([&] {
    std::lock_guard<std::mutex> lock(server.mutex);
    return !server.waiting.empty();
  }));
  ::close(gone);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  {
    std::lock_guard<std::mutex> lock(server.mutex);
    ASSERT_EQ(server.waiting.size(), 1u);
    server.waiting[0]({0, "late", ""});
  }
  EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).status, 0);
  AdminAnswer big = ask(server.dir.path(), encode_request({"big", {}, false}));
  EXPECT_EQ(big.out.size(), std::size_t{8 << 20}) << "a client that reads gets all of it";
}

// The test runs as one uid: whether it counts as an admin is the gate's answer, switched here.
struct SwitchedGate {
  std::atomic<bool> admin{false};
  std::mutex mutex;
  std::vector<std::string> refusals;
  AdminSocketGate gate() {
    return {[this](const Caller&) { return admin.load(); },
            [this](const Caller& c, const std::string& why) {
              std::lock_guard<std::mutex> lock(mutex);
              refusals.push_back(c.user + ": " + why);
            }};
  }
};

TEST(AdminSocket, AUserHasAShareOfTheConnectionsAndAnAdminIsNeverKeptOut) {
  AdminSocketLimits limits;
  limits.quota.clients_per_user = 2;
  SwitchedGate who;
  EchoServer server(limits, who.gate());
  // The kernel queues connections in order: the third is accepted after the first two.
  const int a = connect_to(server.dir.path()), b = connect_to(server.dir.path());
  AdminAnswer third = ask(server.dir.path(), encode_request({"showq", {}, false}));
  EXPECT_EQ(third.status, 1);
  EXPECT_EQ(third.err, "mauirun: you have 2 connections to the daemon open already: close one and try again");
  who.admin = true;
  EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).status, 0)
      << "an admin's connection does not count against the users'";
  {
    std::lock_guard<std::mutex> lock(who.mutex);
    ASSERT_EQ(who.refusals.size(), 1u) << "the refusal is reported, for the daemon to log";
    EXPECT_NE(who.refusals[0].find("you have 2 connections"), std::string::npos);
  }
  who.admin = false;
  ::close(a);
  ::close(b);
  // Once the server has seen them go, there is room again.
  EXPECT_TRUE(eventually([&] { return ask(server.dir.path(), encode_request({"showq", {}, false})).status == 0; }));
}

TEST(AdminSocket, AllUsersTogetherHaveABound) {
  AdminSocketLimits limits;
  limits.quota.user_clients = 2;
  limits.quota.clients_per_user = 8;
  SwitchedGate who;
  EchoServer server(limits, who.gate());
  const int a = connect_to(server.dir.path()), b = connect_to(server.dir.path());
  EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).err,
            "mauirun: the daemon serves 2 clients already: try again");
  who.admin = true;
  EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).status, 0);
  ::close(a);
  ::close(b);
}

TEST(AdminSocket, AUserAskingTooFastIsToldToWaitAnAdminIsNot) {
  AdminSocketLimits limits;
  limits.quota.user_requests_per_second = 5;
  SwitchedGate who;
  EchoServer server(limits, who.gate());
  int served = 0, refused = 0;
  for (int k = 0; k < 20; ++k) {
    const AdminAnswer a = ask(server.dir.path(), encode_request({"showq", {}, false}));
    if (a.status == 0) ++served;
    if (a.err == "mauirun: more than 5 requests a second from you: try again in a moment") ++refused;
  }
  // 20 requests, asked faster than 5 a second can refill: the burst of 5 and what refilled meanwhile.
  EXPECT_GE(served, 5);
  EXPECT_LT(served, 20);
  EXPECT_EQ(served + refused, 20);
  who.admin = true;
  for (int k = 0; k < 20; ++k) EXPECT_EQ(ask(server.dir.path(), encode_request({"showq", {}, false})).status, 0);
}

// A second uid (nobody) holding as many idle connections as it can, reopening each one the
// daemon closes, while root asks: root is answered at once every time. Only syscalls in the
// child (it is forked from a process with threads).
[[noreturn]] void flood_as_nobody(const std::string& path, int seconds) {
  if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(3);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  constexpr int kMany = 300;
  int fds[kMany];
  for (int& fd : fds) fd = -1;
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  const time_t until = now.tv_sec + seconds;
  while (::clock_gettime(CLOCK_MONOTONIC, &now) == 0 && now.tv_sec < until) {
    for (int& fd : fds) {
      if (fd >= 0) {
        pollfd p{fd, POLLIN, 0};
        char told[512];
        if (::poll(&p, 1, 0) <= 0 || ::recv(fd, told, sizeof told, MSG_DONTWAIT) > 0) continue;  // held, or told to go
        ::close(fd);  // closed by the daemon: reopened at once
      }
      fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
      if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        fd = -1;
      }
    }
  }
  ::_exit(0);
}

TEST(AdminSocket, ASecondUidFloodingConnectionsNeverKeepsRootOut) {
  if (::getuid() != 0) GTEST_SKIP() << "needs root, to be another uid in a child (CI runs as root)";
  EchoServer server;
  ASSERT_EQ(::chmod(std::filesystem::path(server.dir.path()).parent_path().c_str(), 0755), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) flood_as_nobody(server.dir.path(), 4);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the flood is at its height
  int asked = 0;
  const auto until = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < until) {
    const auto t0 = Clock::now();
    const AdminAnswer a = ask(server.dir.path(), encode_request({"showq", {}, false}));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    EXPECT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out, "showq by root");
    EXPECT_LT(ms, 1000) << "root waited behind nobody's connections";
    ++asked;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the flood could not become nobody";
  EXPECT_GT(asked, 10);
}

TEST(AdminSocket, AStaleSocketIsReplacedALiveOneIsNot) {
  EchoServer first;
  auto second = AdminSocket::open(first.dir.path(), [](const Caller&, AdminRequest, AdminSocket::Reply) {});
  ASSERT_TRUE(std::holds_alternative<std::string>(second));
  EXPECT_EQ(std::get<std::string>(second), "admin socket " + first.dir.path() + ": another daemon answers on it");
  // A socket file whose daemon died (no one listens): replaced.
  const std::string stale = first.dir.path() + ".stale";
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", stale.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ::close(fd);
  auto reopened = AdminSocket::open(stale, [](const Caller&, AdminRequest, AdminSocket::Reply reply) {
    reply({0, "new", ""});
  });
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<AdminSocket>>(reopened));
  EXPECT_EQ(ask(stale, encode_request({"x", {}, false})).out, "new");
  auto not_a_socket = AdminSocket::open("/etc/passwd", [](const Caller&, AdminRequest, AdminSocket::Reply) {});
  EXPECT_EQ(std::get<std::string>(not_a_socket), "admin socket /etc/passwd: exists and is not a socket");
}

ir::Admins admins(std::vector<std::string> a1, std::vector<std::string> a2, std::vector<std::string> a3) {
  ir::Admins a;
  if (!a1.empty()) a.levels[0] = ir::Sourced<std::vector<std::string>>{a1, {}};
  if (!a2.empty()) a.levels[1] = ir::Sourced<std::vector<std::string>>{a2, {}};
  if (!a3.empty()) a.levels[2] = ir::Sourced<std::vector<std::string>>{a3, {}};
  return a;
}

TEST(Access, LevelsComeFromTheConfigAndRootIsAlwaysAdmin1) {
  const ir::Admins a = admins({"maui"}, {"op"}, {"help", "op"});
  const uid_t daemon = 500;
  EXPECT_EQ(access_level(a, {0, "root"}, daemon), AccessLevel::Admin1);
  EXPECT_EQ(access_level(a, {500, "svc"}, daemon), AccessLevel::Admin1) << "the uid the daemon runs as";
  EXPECT_EQ(access_level(a, {1001, "maui"}, daemon), AccessLevel::Admin1);
  EXPECT_EQ(access_level(a, {1002, "op"}, daemon), AccessLevel::Admin2) << "the highest level that lists the user";
  EXPECT_EQ(access_level(a, {1003, "help"}, daemon), AccessLevel::Admin3);
  EXPECT_EQ(access_level(a, {1004, "alice"}, daemon), AccessLevel::User);
  EXPECT_EQ(access_level(admins({}, {}, {"ALL"}), {1004, "alice"}, daemon), AccessLevel::Admin3);
  EXPECT_EQ(access_level(admins({}, {}, {}), {1004, "alice"}, daemon), AccessLevel::User);
}

TEST(Access, EachCommandNeedsItsLevel) {
  EXPECT_EQ(needed_level("showq"), AccessLevel::User);
  EXPECT_EQ(needed_level("showbf"), AccessLevel::User);
  EXPECT_EQ(needed_level("diagnose"), AccessLevel::Admin3);
  EXPECT_EQ(needed_level("checknode"), AccessLevel::Admin3);
  EXPECT_EQ(needed_level("setspri"), AccessLevel::Admin2);
  EXPECT_EQ(needed_level("runjob"), AccessLevel::Admin2);
  EXPECT_EQ(needed_level("sethold"), AccessLevel::Admin2);
  EXPECT_EQ(needed_level("schedctl"), AccessLevel::Admin1);
  EXPECT_FALSE(needed_level("rm").has_value());
  EXPECT_EQ(permission_denied("setspri", AccessLevel::Admin2), "permission denied: setspri needs ADMIN2");
}

}  // namespace
}  // namespace maui::runtime
