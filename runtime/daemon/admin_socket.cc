#include "runtime/daemon/admin_socket.h"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace maui::runtime {

namespace {

using Clock = std::chrono::steady_clock;

std::string errno_text() { return std::strerror(errno); }

std::string user_name(uid_t uid) {
  passwd pw{};
  passwd* found = nullptr;
  std::vector<char> buffer(16384);
  if (getpwuid_r(uid, &pw, buffer.data(), buffer.size(), &found) == 0 && found) return found->pw_name;
  return std::to_string(uid);
}

std::string group_name(gid_t gid) {
  group gr{};
  group* found = nullptr;
  std::vector<char> buffer(16384);
  if (getgrgid_r(gid, &gr, buffer.data(), buffer.size(), &found) == 0 && found) return found->gr_name;
  return std::to_string(gid);
}

// Replies come from any thread (the scheduling thread answers changes at its next turn), maybe
// after the socket is gone: they go through this, which the socket's thread drains when woken.
struct Mailbox {
  Mailbox() : wake_fd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}
  ~Mailbox() {
    if (wake_fd >= 0) ::close(wake_fd);
  }
  void post_answer(std::uint64_t connection, AdminAnswer answer) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      replies.emplace_back(connection, std::move(answer));
    }
    wake();
  }
  void wake() const {
    const std::uint64_t one = 1;
    (void)!::write(wake_fd, &one, sizeof one);
  }
  std::vector<std::pair<std::uint64_t, AdminAnswer>> drain_answers() {
    std::uint64_t count = 0;
    (void)!::read(wake_fd, &count, sizeof count);
    std::lock_guard<std::mutex> lock(mutex);
    return std::exchange(replies, {});
  }
  int wake_fd;
  std::mutex mutex;
  std::vector<std::pair<std::uint64_t, AdminAnswer>> replies;
};

struct Connection {
  int fd = -1;
  Caller caller;
  bool admin = false;
  enum class Phase { Reading, Waiting, Writing } phase = Phase::Reading;
  std::string in, out;
  std::size_t written = 0;
  Clock::time_point deadline;
};

}  // namespace

struct AdminSocket::Impl {
  std::string path;
  Handler handler;
  AdminSocketLimits limits;
  AdminSocketGate gate;
  ClientQuota quota;
  int listen_fd = -1;
  std::shared_ptr<Mailbox> mailbox = std::make_shared<Mailbox>();
  std::atomic<bool> stopping{false};
  std::map<std::uint64_t, Connection> connections;
  std::map<std::pair<uid_t, gid_t>, std::pair<std::string, std::string>> names;  // names_of's cache
  Clock::time_point names_since;
  std::uint64_t next_id = 1;
  std::thread thread;

  ~Impl() {
    stopping = true;
    mailbox->wake();
    if (thread.joinable()) thread.join();
    for (auto& [id, c] : connections) ::close(c.fd);
    if (listen_fd >= 0) {
      ::close(listen_fd);
      ::unlink(path.c_str());
    }
  }

  void run() {
    std::vector<pollfd> fds;
    std::vector<std::uint64_t> ids;
    while (!stopping) {
      fds.clear();
      ids.clear();
      fds.push_back({listen_fd, POLLIN, 0});
      fds.push_back({mailbox->wake_fd, POLLIN, 0});
      Clock::time_point next = Clock::now() + std::chrono::seconds(1);
      for (auto& [id, c] : connections) {
        // A waiting client is watched for hanging up only (POLLHUP comes whatever is asked).
        const short events = c.phase == Connection::Phase::Reading   ? POLLIN
                             : c.phase == Connection::Phase::Writing ? POLLOUT
                                                                     : 0;
        fds.push_back({c.fd, events, 0});
        ids.push_back(id);
        if (c.phase != Connection::Phase::Waiting) next = std::min(next, c.deadline);
      }
      const auto wait_ms = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
      if (::poll(fds.data(), fds.size(), static_cast<int>(std::clamp<long long>(wait_ms, 0, 1000))) < 0 &&
          errno != EINTR)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (stopping) return;
      for (std::size_t k = 0; k < ids.size(); ++k) {
        auto it = connections.find(ids[k]);
        if (it == connections.end() || fds[k + 2].revents == 0) continue;
        serve_connection(it->first, it->second, fds[k + 2].revents);
      }
      if (fds[1].revents & POLLIN) deliver_answers(mailbox->drain_answers());
      if (fds[0].revents & POLLIN) accept_some();
      expire_overdue();
    }
  }

  // A bounded number a round: a flood of connections (refused at once, reopened at once) must
  // not keep the thread from the connections it has accepted.
  void accept_some() {
    for (int k = 0; k < 64; ++k) {
      const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) return;  // EAGAIN, or a client that went before it was accepted
      ucred cred{};
      socklen_t len = sizeof cred;
      if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
        ::close(fd);
        continue;
      }
      Connection c;
      c.fd = fd;
      const auto& [user, group] = names_of(cred.uid, cred.gid);
      c.caller = {cred.uid, user, group};
      c.admin = gate.is_admin(c.caller);
      if (auto why = quota.connect(c.caller.uid, c.admin)) {
        const std::string busy = encode_answer({1, "", *why});
        (void)!::send(fd, busy.data(), busy.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
        ::close(fd);
        if (gate.refused) gate.refused(c.caller, *why);
        continue;
      }
      c.deadline = Clock::now() + std::chrono::milliseconds(limits.request_ms);
      connections.emplace(next_id++, std::move(c));
    }
  }

  // The user database may be slow (LDAP) and a flood asks it for the same uid again and again.
  const std::pair<std::string, std::string>& names_of(uid_t uid, gid_t gid) {
    const auto now = Clock::now();
    if (names.size() > 1024 || now - names_since > std::chrono::minutes(1)) {
      names.clear();
      names_since = now;
    }
    auto [it, fresh] = names.try_emplace({uid, gid});
    if (fresh) it->second = {user_name(uid), group_name(gid)};
    return it->second;
  }

  void serve_connection(std::uint64_t id, Connection& c, short revents) {
    if (c.phase == Connection::Phase::Reading && (revents & (POLLIN | POLLHUP))) return read_request(id, c);
    if (c.phase == Connection::Phase::Writing && (revents & POLLOUT)) return write_answer(id, c);
    if (revents & (POLLHUP | POLLERR | POLLNVAL)) close_connection(id);  // gone while waiting or mid-answer
  }

  void read_request(std::uint64_t id, Connection& c) {
    char buffer[8192];
    for (;;) {
      const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        return close_connection(id);
      }
      if (n == 0) break;  // the client shut its side: the request is what came
      c.in.append(buffer, static_cast<std::size_t>(n));
      if (c.in.find('\n') != std::string::npos) break;
      if (c.in.size() > limits.max_request_bytes) break;
    }
    const std::size_t end = std::min(c.in.find('\n'), c.in.size());
    if (end > limits.max_request_bytes)
      return begin_answer(
          c, {2, "", fmt::format("mauirun: the request is larger than {} bytes", limits.max_request_bytes)});
    if (end == 0) return close_connection(id);  // connected and said nothing
    if (auto why = quota.request(c.caller.uid, c.admin, Clock::now())) {
      if (gate.refused) gate.refused(c.caller, *why);
      return begin_answer(c, {1, "", *why});
    }
    auto request = decode_request(std::string_view(c.in).substr(0, end));
    if (auto* error = std::get_if<std::string>(&request))
      return begin_answer(c, {2, "", "mauirun: bad request: " + *error});
    c.phase = Connection::Phase::Waiting;
    c.in.clear();
    std::shared_ptr<Mailbox> box = mailbox;
    Reply reply = [box, id](AdminAnswer a) { box->post_answer(id, std::move(a)); };
    try {
      handler(c.caller, std::move(std::get<AdminRequest>(request)), std::move(reply));
    } catch (const std::exception& e) {
      mailbox->post_answer(id, {1, "", fmt::format("mauirun: internal error: {}", e.what())});
    }
  }

  void deliver_answers(std::vector<std::pair<std::uint64_t, AdminAnswer>> replies) {
    for (auto& [id, a] : replies) {
      auto it = connections.find(id);
      if (it == connections.end() || it->second.phase != Connection::Phase::Waiting) continue;
      begin_answer(it->second, std::move(a));
    }
  }

  void begin_answer(Connection& c, AdminAnswer a) {
    c.phase = Connection::Phase::Writing;
    c.out = encode_answer(a);
    c.written = 0;
    c.deadline = Clock::now() + std::chrono::milliseconds(limits.answer_ms);
  }

  void write_answer(std::uint64_t id, Connection& c) {
    while (c.written < c.out.size()) {
      const ssize_t n = ::send(c.fd, c.out.data() + c.written, c.out.size() - c.written, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK) return;
        return close_connection(id);  // the client went mid-answer
      }
      c.written += static_cast<std::size_t>(n);
    }
    close_connection(id);
  }

  void expire_overdue() {
    const auto now = Clock::now();
    std::vector<std::uint64_t> slow_to_ask, slow_to_read;
    for (auto& [id, c] : connections) {
      if (c.phase == Connection::Phase::Waiting || now < c.deadline) continue;
      (c.phase == Connection::Phase::Reading ? slow_to_ask : slow_to_read).push_back(id);
    }
    for (auto id : slow_to_read) close_connection(id);
    for (auto id : slow_to_ask) {
      // Told why, if it still listens; then given the time of an answer to take it.
      Connection& c = connections.at(id);
      begin_answer(c, {2, "", fmt::format("mauirun: no whole request within {} ms", limits.request_ms)});
      write_answer(id, c);
    }
  }

  void close_connection(std::uint64_t id) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    ::close(it->second.fd);
    quota.disconnect(it->second.caller.uid, it->second.admin);
    connections.erase(it);
  }
};

AdminSocket::AdminSocket(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
AdminSocket::~AdminSocket() = default;

std::variant<std::unique_ptr<AdminSocket>, std::string> AdminSocket::open(const std::string& path, Handler handler,
                                                                          AdminSocketLimits limits,
                                                                          AdminSocketGate gate) {
  auto fail = [&](std::string what) { return fmt::format("admin socket {}: {}", path, what); };
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.empty() || path.size() >= sizeof addr.sun_path)
    return fail(fmt::format("a socket path has 1 to {} bytes", sizeof addr.sun_path - 1));
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) return fail("exists and is not a socket");
    const int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const bool live = probe >= 0 && ::connect(probe, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    if (probe >= 0) ::close(probe);
    if (live) return fail("another daemon answers on it");
    ::unlink(path.c_str());  // left by a daemon that was killed
  }
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->handler = std::move(handler);
  impl->limits = limits;
  impl->quota = ClientQuota(limits.quota);
  if (!gate.is_admin) gate.is_admin = [daemon = ::getuid()](const Caller& c) { return c.uid == 0 || c.uid == daemon; };
  impl->gate = std::move(gate);
  if (impl->mailbox->wake_fd < 0) return fail("eventfd: " + errno_text());
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return fail(errno_text());
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    std::string e = errno_text();
    ::close(fd);
    return fail(e);
  }
  impl->listen_fd = fd;  // from here the Impl removes the file
  if (::chmod(path.c_str(), 0666) != 0 || ::listen(fd, limits.backlog) != 0) return fail(errno_text());
  Impl* raw = impl.get();
  impl->thread = std::thread([raw] { raw->run(); });
  return std::unique_ptr<AdminSocket>(new AdminSocket(std::move(impl)));
}

}  // namespace maui::runtime
