#include "checker/prove/occupancy.h"

#include <map>

namespace maui::prove {

std::vector<std::vector<Holding>> holdings_by_node(const World& w) {
  std::vector<std::vector<Holding>> by_node(w.nodes().size());
  const auto& rs = w.reservations();
  for (std::size_t r = 0; r < rs.size(); ++r)
    for (const auto& [n, procs] : rs[r].taken) by_node[n].push_back({r, procs});
  return by_node;
}

Occupancy occupancy(const World& w) {
  Occupancy o;
  std::map<std::vector<std::size_t>, std::size_t> signature_ids;
  signature_ids[{}] = 0;
  o.signatures.push_back({});
  std::map<std::array<std::size_t, kHours>, std::size_t> profile_ids;
  const auto& rs = w.reservations();
  auto by_node = holdings_by_node(w);
  for (std::size_t n = 0; n < w.nodes().size(); ++n) {
    std::array<std::size_t, kHours> profile{};
    for (int h = 0; h < kHours; ++h) {
      std::vector<std::size_t> sig;
      for (const auto& hold : by_node[n])
        if (hold.procs < 0 && rs[hold.reservation].hours.test(static_cast<std::size_t>(h)))
          sig.push_back(hold.reservation);
      auto [it, inserted] = signature_ids.try_emplace(sig, o.signatures.size());
      if (inserted) o.signatures.push_back(sig);
      profile[static_cast<std::size_t>(h)] = it->second;
    }
    auto [it, inserted] = profile_ids.try_emplace(profile, o.profiles.size());
    if (inserted) {
      o.profiles.push_back(profile);
      o.profile_nodes.emplace_back();
    }
    o.profile_nodes[it->second].push_back(n);
  }
  return o;
}

}  // namespace maui::prove
