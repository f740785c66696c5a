#include "runtime/engine/job_facts.h"

namespace maui::runtime::iteration {

namespace {

using Affinity = ir::AclEntry::Affinity;

// Maui's affinity passes (reference §7.2): positive reservations first, then neutral ones,
// then unreserved nodes, negative reservations last.
int affinity_rank(std::optional<Affinity> a) {
  if (!a) return 2;
  switch (*a) {
    case Affinity::Positive: return 0;
    case Affinity::Neutral: return 1;
    case Affinity::Negative: return 3;
  }
  return 2;
}

}  // namespace

void JobFacts::fill_viewer(std::size_t i, std::optional<Epoch> start, Viewer& v) {
  table_.viewer(snap_.jobs[i], i, qos_of(i), start, v);
  v.whole_nodes = takes_whole_nodes(i);
  v.user = user_of(i);
}

NodeAccess JobFacts::node_access(std::size_t i) { return dir_.node_access(snap_.jobs[i].job_class, qos_of(i)); }

int JobFacts::affinity_on(std::size_t i, std::size_t n, Epoch from, Epoch to, const Viewer& v) {
  std::optional<Affinity> worst;
  for (const auto& b : calendar_.bookings(n)) {
    if (b.start >= to) break;
    if (b.reservation == kNoReservation || b.end <= from || !v.uses(b.reservation)) continue;
    if (table_[b.reservation].kind == ReservationKind::Job) continue;
    Affinity a = table_.affinity(snap_.jobs[i], qos_of(i), b.reservation);
    if (!worst || affinity_rank(a) > affinity_rank(*worst)) worst = a;
  }
  return affinity_rank(worst);
}

}  // namespace maui::runtime::iteration
