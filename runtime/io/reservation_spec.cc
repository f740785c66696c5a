#include "runtime/io/reservation_spec.h"

#include <cctype>
#include <ctime>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "schemas/value_syntax.h"

namespace maui::runtime {

namespace {

using Kind = ir::AclEntry::Kind;

std::optional<Kind> acl_kind(std::string_view attribute) {
  if (attribute == "USERLIST") return Kind::User;
  if (attribute == "GROUPLIST") return Kind::Group;
  if (attribute == "ACCOUNTLIST") return Kind::Account;
  if (attribute == "CLASSLIST") return Kind::Class;
  if (attribute == "QOSLIST") return Kind::Qos;
  return std::nullopt;
}

template <class T>
std::optional<std::string> first_error(const values::Result<T>& r) {
  for (const auto& i : r.issues)
    if (i.error) return i.message;
  if (!r.value) return std::string("not a valid value");
  return std::nullopt;
}

}  // namespace

ReservationTimes trace_times() {
  ReservationTimes t;
  t.read = [](std::string_view text) -> std::variant<Epoch, std::string> {
    auto d = values::parse_duration(text);
    if (auto e = first_error(d)) return fmt::format("expected seconds of the trace: {}", *e);
    return static_cast<Epoch>(*d.value);
  };
  return t;
}

namespace {

// HH:MM[:SS][_MO/DD[/YY]] on the site's clock.
std::optional<Epoch> clock_time(std::string_view text, Epoch now, Seconds utc_offset) {
  int hour = 0, minute = 0, second = 0, month = 0, day = 0, year = -1;
  const std::string s(text);
  char tail = 0;
  const auto underscore = s.find('_');
  const std::string clock = s.substr(0, underscore);
  const int fields = std::sscanf(clock.c_str(), "%d:%d:%d%c", &hour, &minute, &second, &tail);
  if (fields < 2 || fields > 3 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59)
    return std::nullopt;
  std::time_t local_now = static_cast<std::time_t>(now + utc_offset);
  std::tm day_of{};
  gmtime_r(&local_now, &day_of);
  if (underscore != std::string::npos) {
    const std::string date = s.substr(underscore + 1);
    const int d = std::sscanf(date.c_str(), "%d/%d/%d%c", &month, &day, &year, &tail);
    if (d < 2 || d > 3 || month < 1 || month > 12 || day < 1 || day > 31) return std::nullopt;
    day_of.tm_mon = month - 1;
    day_of.tm_mday = day;
    if (d == 3) day_of.tm_year = (year < 100 ? 2000 + year : year) - 1900;
  }
  day_of.tm_hour = hour;
  day_of.tm_min = minute;
  day_of.tm_sec = second;
  return static_cast<Epoch>(timegm(&day_of)) - utc_offset;
}

}  // namespace

ReservationTimes live_times(Epoch now, Seconds utc_offset) {
  ReservationTimes t;
  t.default_start = now;
  t.read = [now, utc_offset](std::string_view text) -> std::variant<Epoch, std::string> {
    const char* expected = "expected seconds since the epoch, +[[DD:]HH:]MM:SS from now, or HH:MM[:SS][_MO/DD[/YY]]";
    if (!text.empty() && text[0] == '+') {
      auto d = values::parse_duration(text.substr(1));
      if (auto e = first_error(d)) return fmt::format("{}: {}", expected, *e);
      return now + *d.value;
    }
    if (text.size() >= 7 && text.size() <= 12 &&
        std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return static_cast<Epoch>(std::stoll(std::string(text)));
    if (auto at = clock_time(text, now, utc_offset)) return *at;
    return std::string(expected);
  };
  return t;
}

std::variant<AdminReservation, std::string> parse_reservation_spec(std::string_view spec, const ReservationTimes& times,
                                                                   std::string_view who) {
  auto fail = [&](std::string what) { return fmt::format("{} '{}': {}", who, spec, what); };
  auto words = values::split(spec, " \t");
  if (words.empty()) return fail("expected NAME STARTTIME=... ENDTIME=... HOSTLIST=... [USERLIST=...]");
  AdminReservation r;
  r.name = std::string(words[0]);
  if (r.name.find('=') != std::string::npos) return fail("the first word must be the reservation's name");
  std::optional<Epoch> start = times.default_start, end;
  std::optional<Seconds> duration;
  for (std::size_t k = 1; k < words.size(); ++k) {
    const std::string_view word = words[k];
    const auto eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size())
      return fail(fmt::format("'{}': expected ATTRIBUTE=VALUE", word));
    const std::string_view attribute = word.substr(0, eq), value = word.substr(eq + 1);
    if (attribute == "STARTTIME" || attribute == "ENDTIME") {
      auto t = times.read(value);
      if (auto* e = std::get_if<std::string>(&t)) return fail(fmt::format("{}={}: {}", attribute, value, *e));
      (attribute == "STARTTIME" ? start : end) = std::get<Epoch>(t);
    } else if (attribute == "DURATION") {
      auto d = values::parse_duration(value);
      if (auto e = first_error(d)) return fail(fmt::format("DURATION={}: {}", value, *e));
      duration = *d.value;
    } else if (attribute == "HOSTLIST") {
      auto h = values::parse_hostlist(value);
      if (auto e = first_error(h)) return fail(fmt::format("HOSTLIST={}: {}", value, *e));
      if (h.value->kind != ir::HostExpression::Kind::Names)
        return fail("HOSTLIST: name the hosts (node[001-010], a,b); regular expressions are for SRCFG");
      r.hosts = h.value->names;
    } else if (auto kind = acl_kind(attribute)) {
      auto acl = values::parse_acl(value, *kind);
      if (auto e = first_error(acl)) return fail(fmt::format("{}={}: {}", attribute, value, *e));
      for (auto& entry : *acl.value) r.acl.push_back(std::move(entry));
    } else {
      return fail(
          fmt::format("unknown attribute {} (expected STARTTIME ENDTIME DURATION HOSTLIST USERLIST GROUPLIST "
                      "ACCOUNTLIST CLASSLIST QOSLIST)",
                      attribute));
    }
  }
  if (!start) return fail("STARTTIME is required");
  if (end && duration) return fail("ENDTIME and DURATION say the same thing: give one");
  if (duration) end = *start + *duration;
  if (!end) return fail("ENDTIME (or DURATION) is required");
  if (r.hosts.empty()) return fail("HOSTLIST is required");
  // A reservation of no time would hold nothing, and one that ends before it starts is a typo
  // (found by tests/fuzz/reservation_spec_fuzzer.cc).
  if (*end <= *start)
    return fail(duration ? std::string("DURATION must be more than 0")
                         : fmt::format("ENDTIME ({}) must be after STARTTIME ({})", *end, *start));
  r.start = *start;
  r.end = *end;
  return r;
}

}  // namespace maui::runtime
