// The admin socket's server: a Unix stream socket that Maui's client commands connect to, served
// by a thread of its own so that no client, however slow or hostile, delays an iteration or
// another client. One request per connection (runtime/daemon/admin_protocol.h); the caller is who
// the kernel says is connected (SO_PEERCRED). A request must arrive whole within a bound and be
// no larger than a bound; an answer the client does not read within a bound is dropped with the
// connection. What one user may take of it (runtime/daemon/client_quota.h): a few connections and
// requests a second each, within a bound for all users; the admins' connections are counted apart
// and their requests never refused, so that no user's flood keeps an admin out.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "runtime/daemon/access.h"
#include "runtime/daemon/admin_protocol.h"
#include "runtime/daemon/client_quota.h"

namespace maui::runtime {

struct AdminSocketLimits {
  std::size_t max_request_bytes = 64 * 1024;
  int request_ms = 5'000;  // from connecting to the request's end
  int answer_ms = 10'000;  // to write the answer
  ClientQuotaLimits quota;
  int backlog = 4096;  // connections the kernel queues before the thread accepts them
};

// Who is an admin, and what to do with a refusal the socket gives by itself (a connection or
// request over a user's share): the daemon logs them, a few lines a minute per user.
struct AdminSocketGate {
  std::function<bool(const Caller&)> is_admin;  // unset: root and the daemon's own uid
  std::function<void(const Caller&, const std::string& why)> refused;
};

class AdminSocket {
 public:
  // Answers a request: once, from any thread, now or later (a change waits for the scheduler's
  // next turn). Dropped if the client has gone.
  using Reply = std::function<void(AdminAnswer)>;
  // Called on the socket's thread for every well-formed request: it must not block (views
  // render at once; changes are handed to the scheduling thread, which replies).
  using Handler = std::function<void(const Caller&, AdminRequest, Reply)>;

  // Listens on `path` (made 0666: every user may connect; the daemon decides what each may do).
  // A stale socket file is replaced; one a live daemon answers on is an error.
  static std::variant<std::unique_ptr<AdminSocket>, std::string> open(const std::string& path, Handler handler,
                                                                      AdminSocketLimits limits = {},
                                                                      AdminSocketGate gate = {});
  ~AdminSocket();  // stops the thread, closes every connection, removes the socket file
  AdminSocket(const AdminSocket&) = delete;
  AdminSocket& operator=(const AdminSocket&) = delete;

  struct Impl;

 private:
  explicit AdminSocket(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace maui::runtime
