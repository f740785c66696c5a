#include "runtime/daemon/client_quota.h"

#include <algorithm>

#include <fmt/format.h>

namespace maui::runtime {

std::optional<std::string> ClientQuota::connect(uid_t uid, bool admin) {
  if (admin) {
    if (admin_connections_ >= limits_.admin_clients)
      return fmt::format("mauirun: the daemon serves {} admin clients already: try again", limits_.admin_clients);
    ++admin_connections_;
    return std::nullopt;
  }
  int& mine = per_user_[uid];
  if (mine >= limits_.clients_per_user)
    return fmt::format("mauirun: you have {} connections to the daemon open already: close one and try again",
                       limits_.clients_per_user);
  if (user_connections_ >= limits_.user_clients)
    return fmt::format("mauirun: the daemon serves {} clients already: try again", limits_.user_clients);
  ++mine;
  ++user_connections_;
  return std::nullopt;
}

void ClientQuota::disconnect(uid_t uid, bool admin) {
  if (admin) {
    admin_connections_ = std::max(admin_connections_ - 1, 0);
    return;
  }
  user_connections_ = std::max(user_connections_ - 1, 0);
  auto it = per_user_.find(uid);
  if (it == per_user_.end()) return;
  if (--it->second <= 0) per_user_.erase(it);
}

std::optional<std::string> ClientQuota::request(uid_t uid, bool admin, Clock::time_point now) {
  if (admin) return std::nullopt;
  const double rate = limits_.user_requests_per_second;
  if (rates_.size() > 1024)
    std::erase_if(rates_, [&](const auto& kv) { return now - kv.second.at >= std::chrono::seconds(1); });
  auto [it, fresh] = rates_.try_emplace(uid, Bucket{rate, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.at).count();
    b.tokens = std::min(rate, b.tokens + std::max(elapsed, 0.0) * rate);
    b.at = now;
  }
  if (b.tokens < 1)
    return fmt::format("mauirun: more than {:g} requests a second from you: try again in a moment", rate);
  b.tokens -= 1;
  return std::nullopt;
}

int ClientQuota::connections_of(uid_t uid) const {
  auto it = per_user_.find(uid);
  return it == per_user_.end() ? 0 : it->second;
}

}  // namespace maui::runtime
