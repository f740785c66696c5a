#include "checker/prove/result.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace maui::prove {

namespace {
constexpr Property kProperties[] = {
    properties::kFairshareTargets, properties::kOverrideConsistency, properties::kPriorityAssertion,
    properties::kPriorityBounds,   properties::kSrCoverage,          properties::kStarvation,
};
}  // namespace

std::string_view to_string(Status s) {
  switch (s) {
    case Status::Proved: return "PROVED";
    case Status::Violated: return "VIOLATED";
    case Status::Unknown: return "UNKNOWN";
  }
  return "UNKNOWN";
}

std::span<const Property> all_properties() { return kProperties; }

const Property* find_property(std::string_view id) {
  for (const auto& p : kProperties)
    if (p.id == id) return &p;
  return nullptr;
}

void Result::set_status(Status s) {
  status = s;
  const Property* p = find_property(property);
  assert(p && "set the result's property before its status");
  severity = s == Status::Violated  ? (p ? p->severity : Severity::Warning)
             : s == Status::Unknown ? Severity::Warning
                                    : Severity::Note;
}

bool Location::operator<(const Location& o) const {
  return std::tie(file, line, column, message) < std::tie(o.file, o.line, o.column, o.message);
}
bool Location::operator==(const Location& o) const {
  return std::tie(file, line, column, message) == std::tie(o.file, o.line, o.column, o.message);
}

Location location_of(const ir::Provenance& p, std::string message) {
  return Location{p.where.file.str(), p.where.line, p.where.column, p.where.end_column, std::move(message)};
}

void sort_results(std::vector<Result>& results, const std::vector<std::string>& files) {
  auto file_rank = [&](const std::string& f) {
    auto it = std::find(files.begin(), files.end(), f);
    return static_cast<std::size_t>(it - files.begin());
  };
  for (auto& r : results) {
    std::sort(r.blame.begin(), r.blame.end());
    r.blame.erase(std::unique(r.blame.begin(), r.blame.end()), r.blame.end());
  }
  std::stable_sort(results.begin(), results.end(), [&](const Result& a, const Result& b) {
    return std::make_tuple(file_rank(a.where.file), a.where.line, a.where.column, std::string_view(a.property),
                           std::string_view(a.check), std::string_view(a.subject)) <
           std::make_tuple(file_rank(b.where.file), b.where.line, b.where.column, std::string_view(b.property),
                           std::string_view(b.check), std::string_view(b.subject));
  });
}

}  // namespace maui::prove
