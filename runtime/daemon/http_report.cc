#include "runtime/daemon/http_report.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

namespace maui::runtime {

namespace {

constexpr std::size_t kMaxRequestBytes = 8 * 1024;  // a GET has no body worth more
constexpr time_t kTimeoutSeconds = 5;               // to send a request, or take the answer

}  // namespace

std::variant<HttpAddress, std::string> parse_http_address(const std::string& text) {
  const std::string expected = "expected ADDR:PORT, e.g. 127.0.0.1:8080";
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0) return fmt::format("--http '{}': {}", text, expected);
  HttpAddress a;
  a.host = text.substr(0, colon);
  if (a.host.front() == '[') {
    if (a.host.size() < 3 || a.host.back() != ']')
      return fmt::format("--http '{}': an IPv6 address goes in brackets, e.g. [::1]:8080", text);
    a.host = a.host.substr(1, a.host.size() - 2);
  } else if (a.host.find(':') != std::string::npos) {
    return fmt::format("--http '{}': an IPv6 address goes in brackets, e.g. [::1]:8080", text);
  }
  const std::string port = text.substr(colon + 1);
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), a.port);
  if (port.empty() || error != std::errc() || end != port.data() + port.size() || a.port < 0 || a.port > 65535)
    return fmt::format("--http '{}': the port '{}' is not a number from 0 to 65535 ({})", text, port, expected);
  return a;
}

std::variant<std::unique_ptr<HttpReport>, std::string> HttpReport::open(const HttpAddress& address, Pages pages) {
  std::unique_ptr<HttpReport> r(new HttpReport);
  r->server_ = std::make_unique<httplib::Server>();
  httplib::Server& s = *r->server_;
  s.set_read_timeout(kTimeoutSeconds);
  s.set_write_timeout(kTimeoutSeconds);
  s.set_keep_alive_timeout(2);
  s.set_payload_max_length(kMaxRequestBytes);
  // SO_REUSEADDR alone: cpp-httplib's default adds SO_REUSEPORT, with which a second daemon
  // given the same port would share it without a word instead of being told it is in use.
  s.set_socket_options([](int sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  auto answer = [](httplib::Response& res, std::string body, const char* type) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_content(body, type);  // cpp-httplib 0.11 takes the body by const reference and copies it
  };
  s.Get("/", [html = pages.html, answer](const httplib::Request&, httplib::Response& res) {
    answer(res, html(), "text/html; charset=utf-8");
  });
  s.Get("/data.json", [json = pages.json, answer](const httplib::Request&, httplib::Response& res) {
    answer(res, json(), "application/json");
  });
  s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.status == 404)
      res.set_content(
          fmt::format("mauirun serve: no page {} here (GET / is the report, GET /data.json its data)\n", req.path),
          "text/plain");
  });
  // A handler that throws (out of memory while rendering) answers 500; the daemon goes on.
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content("mauirun serve: the report could not be made: see the daemon's log\n", "text/plain");
  });
  errno = 0;
  if (address.port == 0) {
    r->port_ = s.bind_to_any_port(address.host);
    if (r->port_ <= 0) r->port_ = -1;
  } else {
    r->port_ = s.bind_to_port(address.host, address.port) ? address.port : -1;
  }
  if (r->port_ < 0) {
    const int e = errno;
    return fmt::format("cannot listen on {}:{} for --http{}", address.host, address.port,
                       e != 0 ? std::string(": ") + std::strerror(e) : std::string());
  }
  auto ended = std::make_shared<std::atomic<bool>>(false);
  r->thread_ = std::thread([&s, ended] {
    s.listen_after_bind();
    *ended = true;
  });
  // stop() ends only a server that runs: wait until it does, so that a daemon stopping at once
  // does not wait forever for the listening thread.
  while (!s.is_running() && !*ended) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (*ended) {
    r->thread_.join();
    return fmt::format("cannot listen on {}:{} for --http", address.host, address.port);
  }
  return r;
}

HttpReport::~HttpReport() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace maui::runtime
