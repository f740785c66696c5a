#include "runtime/engine/placement_order.h"

#include <algorithm>

namespace maui::runtime {

namespace {

constexpr std::size_t kPrefix = 3;      // affinity and the caller's two numbers
constexpr std::size_t kMaxGroups = 16;  // distinct prefixes the grouping handles

bool same_prefix(const Offer& a, const Offer& b) {
  return a.key[0] == b.key[0] && a.key[1] == b.key[1] && a.key[2] == b.key[2];
}
bool alloc_before(const Offer& a, const Offer& b) {
  return std::lexicographical_compare(a.key.begin() + kPrefix, a.key.end(), b.key.begin() + kPrefix, b.key.end());
}

// Takes what node `nt` offers, up to the tasks left.
void take(NodeTasks nt, std::int64_t& tasks, std::vector<NodeTasks>& out) {
  nt.tasks = std::min(nt.tasks, tasks);
  tasks -= nt.tasks;
  out.push_back(nt);
}

// Offers usually come in node order with their allocation keys already increasing
// (FIRSTAVAILABLE; MINRESOURCE on identical nodes), and with few distinct prefixes (nodes with
// the same calendar share one). Then the key order is the prefix order, offers of one prefix
// keeping their order: a bucket sort over the prefixes, which stops once the job's tasks are
// placed. False (nothing taken) otherwise.
bool front_by_few_prefixes(const std::vector<Offer>& offers, std::int64_t tasks, PlacementScratch& scratch,
                           std::vector<NodeTasks>& out) {
  auto& group = scratch.group;
  std::array<std::size_t, kMaxGroups> first{};  // each prefix's first offer
  std::size_t groups = 0;
  group.resize(offers.size());
  for (std::size_t k = 0; k < offers.size(); ++k) {
    if (k > 0 && !alloc_before(offers[k - 1], offers[k])) return false;
    std::size_t g = 0;
    while (g < groups && !same_prefix(offers[first[g]], offers[k])) ++g;
    if (g == groups) {
      if (groups == kMaxGroups) return false;
      first[groups++] = k;
    }
    group[k] = static_cast<std::uint8_t>(g);
  }
  // The groups in prefix order, each one's offers in their order.
  std::array<std::size_t, kMaxGroups> order{};
  for (std::size_t g = 0; g < groups; ++g) order[g] = g;
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(groups), [&](std::size_t a, std::size_t b) {
    const auto& x = offers[first[a]].key;
    const auto& y = offers[first[b]].key;
    return std::lexicographical_compare(x.begin(), x.begin() + kPrefix, y.begin(), y.begin() + kPrefix);
  });
  for (std::size_t r = 0; r < groups && tasks > 0; ++r)
    for (std::size_t k = first[order[r]]; k < offers.size() && tasks > 0; ++k)
      if (group[k] == order[r]) take(offers[k].nt, tasks, out);
  return true;
}

}  // namespace

std::vector<NodeTasks> take_front(std::vector<Offer>& offers, std::int64_t tasks, PlacementScratch& scratch) {
  const auto front = std::min<std::size_t>(offers.size(), static_cast<std::size_t>(std::max<std::int64_t>(tasks, 0)));
  std::vector<NodeTasks> out;
  out.reserve(front);
  if (front_by_few_prefixes(offers, tasks, scratch, out)) return out;
  const auto by_key = [](const Offer& a, const Offer& b) { return a.key < b.key; };
  const auto end_of_front = offers.begin() + static_cast<std::ptrdiff_t>(front);
  // Selecting the front, then sorting only it, compares less than a heap-based partial sort.
  if (end_of_front != offers.end()) std::nth_element(offers.begin(), end_of_front, offers.end(), by_key);
  std::sort(offers.begin(), end_of_front, by_key);
  for (auto o = offers.begin(); o != end_of_front && tasks > 0; ++o) take(o->nt, tasks, out);
  return out;
}

std::vector<NodeTasks> take_contiguous(const std::vector<Offer>& offers, std::int64_t tasks) {
  // A window [first, k] over each stretch of neighbouring nodes, kept as short as the tasks allow.
  std::size_t first = 0, best_first = 0, best_count = 0;
  std::int64_t held = 0;
  for (std::size_t k = 0; k < offers.size(); ++k) {
    if (k > 0 && offers[k].nt.node != offers[k - 1].nt.node + 1) first = k, held = 0;  // a gap: a new stretch
    held += offers[k].nt.tasks;
    while (first < k && held - offers[first].nt.tasks >= tasks) held -= offers[first++].nt.tasks;
    if (held >= tasks && (best_count == 0 || k - first + 1 < best_count))
      best_first = first, best_count = k - first + 1;
  }
  std::vector<NodeTasks> out;
  for (std::size_t k = best_first; k < best_first + best_count && tasks > 0; ++k) take(offers[k].nt, tasks, out);
  return out;
}

std::vector<NodeTasks> take_front_of_runs(std::vector<OfferRun>& runs, std::int64_t tasks) {
  // Keys end with the node index (or grow with it): no two runs have the same key.
  std::sort(runs.begin(), runs.end(), [](const OfferRun& a, const OfferRun& b) { return a.key < b.key; });
  std::int64_t nodes = 0;
  for (const auto& r : runs) nodes += r.count;
  std::vector<NodeTasks> out;
  out.reserve(static_cast<std::size_t>(std::min(nodes, std::max<std::int64_t>(tasks, 0))));
  for (const auto& r : runs)
    for (std::int64_t k = 0; k < r.count && tasks > 0; ++k)
      take({r.first_node + static_cast<std::size_t>(k), r.tasks}, tasks, out);
  return out;
}

}  // namespace maui::runtime
