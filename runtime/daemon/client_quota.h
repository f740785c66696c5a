// What one local user may take of the admin socket, so that no user, however hostile, keeps an
// admin out or the socket's thread busy: a few connections at once and a few requests a second
// each, the users together a bounded number; the admins (ADMIN1-3, root, the daemon's uid) have a
// bound of their own that no user's connection counts against. Pure: the socket asks, this
// answers from its counts and the time it is given.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace maui::runtime {

struct ClientQuotaLimits {
  int user_clients = 64;                 // non-admin connections at once, all users together
  int clients_per_user = 4;              // of which one uid may hold
  int admin_clients = 64;                // the admins' connections at once, apart from the users'
  double user_requests_per_second = 20;  // one uid's sustained rate (a burst of as many is let through)
};

class ClientQuota {
 public:
  using Clock = std::chrono::steady_clock;
  explicit ClientQuota(ClientQuotaLimits limits = {}) : limits_(limits) {}

  // A connection of `uid` may be kept: nullopt; else why not, for the client to print.
  std::optional<std::string> connect(uid_t uid, bool admin);
  void disconnect(uid_t uid, bool admin);
  // A request of `uid` may be served now: nullopt; else why not. Admins are never refused.
  std::optional<std::string> request(uid_t uid, bool admin, Clock::time_point now);

  int connections_of(uid_t uid) const;

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point at;
  };
  ClientQuotaLimits limits_;
  int user_connections_ = 0, admin_connections_ = 0;
  std::map<uid_t, int> per_user_;
  // Kept across connections (a client asks one request per connection); a bucket that has
  // filled up again is no different from none and is forgotten when there are many.
  std::map<uid_t, Bucket> rates_;
};

}  // namespace maui::runtime
