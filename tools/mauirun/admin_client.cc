// Maui's client commands (showq, checkjob, setres, ...): `mauirun showq -r`, or `showq -r` through
// a link named after the command. The request goes to the daemon's admin socket; what the daemon
// answers is printed as it is, and its status is the exit status.
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>

#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_protocol.h"
#include "tools/mauirun/commands.h"

namespace maui::tools {

namespace {

constexpr const char* kDefaultSocket = "/var/lib/mauirun/mauirun.sock";  // examples/slurm/mauirun.service's state dir
constexpr int kAnswerSeconds = 120;  // a change waits for the scheduler's turn, which Slurm may slow down

int fail(const std::string& what, int status = kRunInputError) {
  std::fprintf(stderr, "%s\n", what.c_str());
  return status;
}

int usage(std::string_view command) {
  std::printf(
      "usage: %.*s [ARGUMENTS...] [--format text|json] [--socket PATH]\n"
      "Asks the running `mauirun serve` (docs/views.md, docs/serve.md). The socket is PATH, else\n"
      "$MAUIRUN_SOCKET, else %s.\n",
      static_cast<int>(command.size()), command.data(), kDefaultSocket);
  return 0;
}

}  // namespace

bool is_client_command(std::string_view name) { return runtime::needed_level(name).has_value(); }

int client_command(std::string_view command, const std::vector<std::string>& argv) {
  runtime::AdminRequest request;
  request.command = std::string(command);
  const char* env = std::getenv("MAUIRUN_SOCKET");
  std::string socket = env && *env ? env : kDefaultSocket;
  for (std::size_t k = 0; k < argv.size(); ++k) {
    const std::string& a = argv[k];
    auto value = [&](std::string_view option) -> std::optional<std::string> {
      if (a.size() > option.size() && a.compare(0, option.size(), option) == 0 && a[option.size()] == '=')
        return a.substr(option.size() + 1);
      if (a == option && k + 1 < argv.size()) return argv[++k];
      return std::nullopt;
    };
    if (a == "--help" || a == "-h") return usage(command);
    if (auto s = value("--socket")) {
      socket = *s;
    } else if (auto f = value("--format")) {
      if (*f != "text" && *f != "json")
        return fail("mauirun " + request.command + ": --format: expected text or json, not '" + *f + "'");
      request.json = *f == "json";
    } else if (a == "--socket" || a == "--format") {
      return fail("mauirun " + request.command + ": " + a + " needs a value");
    } else {
      request.args.push_back(a);
    }
  }

  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socket.size() >= sizeof addr.sun_path) return fail("mauirun: socket path too long: " + socket);
  std::memcpy(addr.sun_path, socket.c_str(), socket.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    return fail("mauirun: cannot reach the scheduler at " + socket + ": " + std::strerror(errno) +
                    " (is `mauirun serve` running? --socket PATH or $MAUIRUN_SOCKET names its socket)",
                1);
  const std::string text = runtime::encode_request(request);
  // A daemon that refuses the connection (too many clients, too many requests) says why and
  // closes at once, maybe before the request is sent: its answer is read all the same.
  std::string send_error;
  for (std::size_t sent = 0; sent < text.size();) {
    const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      send_error = std::strerror(errno);
      break;
    }
    sent += static_cast<std::size_t>(n);
  }
  std::string reply;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(kAnswerSeconds);
  char buffer[65536];
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) == 0)
      return ::close(fd),
             fail("mauirun: no answer from the scheduler within " + std::to_string(kAnswerSeconds) + " s", 1);
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  auto answer = runtime::decode_answer(reply);
  if (auto* e = std::get_if<std::string>(&answer)) {
    if (!send_error.empty()) return fail("mauirun: the scheduler closed the connection: " + send_error, 1);
    return fail("mauirun: the scheduler's answer cannot be read: " + *e, 1);
  }
  const auto& a = std::get<runtime::AdminAnswer>(answer);
  std::fwrite(a.out.data(), 1, a.out.size(), stdout);
  if (!a.err.empty()) std::fprintf(stderr, "%s%s", a.err.c_str(), a.err.back() == '\n' ? "" : "\n");
  return a.status;
}

}  // namespace maui::tools
