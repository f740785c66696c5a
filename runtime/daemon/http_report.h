// `mauirun serve --http ADDR:PORT`: the HTML report of the live cluster on a local HTTP port
// (runtime/report/live_report.h; docs/report.md). cpp-httplib serves it on a pool of threads of
// its own: a slow or hostile client (one that connects and sends nothing, a huge request) holds
// one of them until its timeout and never the scheduling thread. It only shows: GET / is the
// page, GET /data.json its data; nothing can be changed through it, and no client is trusted
// with more than a short request.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <variant>

namespace httplib {
class Server;
}

namespace maui::runtime {

// ADDR:PORT: a host name or IPv4 address, a colon, a port 0-65535 (0: any free port, said in
// the log); an IPv6 address in brackets ([::1]:8080).
struct HttpAddress {
  std::string host;
  int port = 0;
};
std::variant<HttpAddress, std::string> parse_http_address(const std::string& text);

class HttpReport {
 public:
  struct Pages {
    std::function<std::string()> html;  // the report page
    std::function<std::string()> json;  // its data
  };
  // Listening when it returns, or why it cannot.
  static std::variant<std::unique_ptr<HttpReport>, std::string> open(const HttpAddress& address, Pages pages);
  ~HttpReport();  // stops listening, waits for the requests being answered
  HttpReport(const HttpReport&) = delete;
  HttpReport& operator=(const HttpReport&) = delete;

  int port() const { return port_; }

 private:
  HttpReport() = default;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace maui::runtime
