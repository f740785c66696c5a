#include "runtime/views/view_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schemas/json_writer.h"

namespace maui::runtime {

namespace {

// Days since 1970-01-01 to (year, month 1-12, day 1-31), proleptic Gregorian (H. Hinnant's
// civil_from_days): no time zone database, no I/O.
struct Civil {
  std::int64_t year;
  unsigned month, day;
};
Civil civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

}  // namespace

std::string maui_date(Epoch t, Seconds utc_offset) {
  static constexpr std::array<std::string_view, 7> kDays = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
  static constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const Epoch local = t + utc_offset;
  const std::int64_t days = floor_div(local, 86400);
  const std::int64_t second = local - days * 86400;
  const Civil c = civil_from_days(days);
  const auto weekday = static_cast<std::size_t>(((days % 7) + 7) % 7);  // 1970-01-01 was a Thursday
  return fmt::format("{} {} {:2} {:02}:{:02}:{:02}", kDays[weekday], kMonths[c.month - 1], c.day, second / 3600,
                     second / 60 % 60, second % 60);
}

bool is_endless(Epoch t) { return t >= kEndOfTime / 2; }

std::string maui_duration(Seconds s) {
  if (s >= ir::kInfinity || s >= kEndOfTime / 2) return "INFINITY";
  if (s < 0) return fmt::format("-{}", maui_duration(-s));
  const Seconds days = s / 86400, hours = s / 3600 % 24, minutes = s / 60 % 60, seconds = s % 60;
  // Maui 3.3.1 pads the leading field only when it is zero: 00:15:00, 1:00:00, 1:00:25:29.
  if (days > 0) return fmt::format("{}:{:02}:{:02}:{:02}", days, hours, minutes, seconds);
  if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, seconds);
  return fmt::format("00:{:02}:{:02}", minutes, seconds);
}

std::string maui_time_until(Epoch t, Epoch now) { return is_endless(t) ? "INFINITY" : maui_duration(t - now); }

std::string percent_text(double part, double whole) {
  return fmt::format("{:.2f}", whole > 0 ? part / whole * 100.0 : 0.0);
}

std::string amount_text(double x) {
  if (std::fabs(x - std::round(x)) < 1e-9 && std::fabs(x) < 1e15) return fmt::format("{:.0f}", x);
  return fmt::format("{:.2f}", x);
}

namespace {

// The bytes formatv("{0:N}") gives a llvm::json::Value (keys sorted, N-space indentation),
// through the streaming writer of the IR (schemas/json_writer.h, tested byte for byte against
// llvm::json's): faster on the megabytes of a 10,000-job view.
void write(ir::JsonWriter& w, const llvm::json::Value& v) {
  switch (v.kind()) {
    case llvm::json::Value::Null: w.null(); return;
    case llvm::json::Value::Boolean: w.boolean(*v.getAsBoolean()); return;
    case llvm::json::Value::Number:
      if (auto i = v.getAsInteger())
        w.integer(*i);
      else if (auto u = v.getAsUINT64())
        w.raw(std::to_string(*u));
      else
        w.number(*v.getAsNumber());
      return;
    case llvm::json::Value::String: {
      const llvm::StringRef s = *v.getAsString();
      w.string(std::string_view(s.data(), s.size()));
      return;
    }
    case llvm::json::Value::Array:
      w.array_begin();
      for (const auto& e : *v.getAsArray()) write(w, e);
      w.array_end();
      return;
    case llvm::json::Value::Object: {
      const llvm::json::Object& o = *v.getAsObject();
      std::vector<const llvm::json::Object::value_type*> members;
      members.reserve(o.size());
      for (const auto& m : o) members.push_back(&m);
      std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
      w.object_begin();
      for (const auto* m : members) {
        const llvm::StringRef key = m->first;
        w.key(std::string_view(key.data(), key.size()));
        write(w, m->second);
      }
      w.object_end();
      return;
    }
  }
}

}  // namespace

std::string json_text(llvm::json::Value value, unsigned indent) {
  std::string out;
  {
    ir::JsonWriter w([&](std::string_view piece) { out.append(piece); }, indent);
    write(w, value);
  }
  out += '\n';
  return out;
}

llvm::json::Value json_time(Epoch t) {
  if (is_endless(t)) return nullptr;
  return t;
}

llvm::json::Value json_duration(Seconds s) {
  if (s >= ir::kInfinity || s >= kEndOfTime / 2) return nullptr;
  return s;
}

llvm::json::Value json_number(double x) {
  if (!std::isfinite(x)) return nullptr;
  const double r = std::round(x * 1e6) / 1e6;
  if (r == std::round(r) && std::fabs(r) < 9e15) return static_cast<std::int64_t>(r);
  return r;
}

}  // namespace maui::runtime
