#include "tools/mauirun/reservation_spec.h"

#include <fmt/format.h>

#include "llvm/Support/raw_ostream.h"
#include "parser/values.h"
#include "runtime/engine/admin_reservations.h"

namespace maui::tools {

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

std::variant<runtime::AdminReservation, std::string> parse_reservation_spec(std::string_view spec) {
  auto fail = [&](std::string what) { return fmt::format("--reservation '{}': {}", spec, what); };
  auto words = values::split(spec, " \t");
  if (words.empty()) return fail("expected NAME STARTTIME=... ENDTIME=... HOSTLIST=... [USERLIST=...]");
  runtime::AdminReservation r;
  r.name = std::string(words[0]);
  if (r.name.find('=') != std::string::npos) return fail("the first word must be the reservation's name");
  bool has_start = false, has_end = false;
  for (std::size_t k = 1; k < words.size(); ++k) {
    const std::string_view word = words[k];
    const auto eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size())
      return fail(fmt::format("'{}': expected ATTRIBUTE=VALUE", word));
    const std::string_view attribute = word.substr(0, eq), value = word.substr(eq + 1);
    if (attribute == "STARTTIME" || attribute == "ENDTIME") {
      auto t = values::parse_duration(value);
      if (auto e = first_error(t)) return fail(fmt::format("{}={}: expected seconds of the trace: {}", attribute, value, *e));
      (attribute == "STARTTIME" ? r.start : r.end) = *t.value;
      (attribute == "STARTTIME" ? has_start : has_end) = true;
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
      return fail(fmt::format("unknown attribute {} (expected STARTTIME ENDTIME HOSTLIST USERLIST GROUPLIST "
                              "ACCOUNTLIST CLASSLIST QOSLIST)",
                              attribute));
    }
  }
  if (!has_start || !has_end) return fail("STARTTIME and ENDTIME are required");
  if (r.hosts.empty()) return fail("HOSTLIST is required");
  return r;
}

std::optional<std::vector<runtime::AdminReservation>> book_reservations(const std::vector<std::string>& specs,
                                                                        const std::vector<runtime::Node>& nodes,
                                                                        runtime::Epoch origin) {
  runtime::AdminReservationBook book(nodes);
  for (const auto& spec : specs) {
    auto parsed = parse_reservation_spec(spec);
    if (auto* why = std::get_if<std::string>(&parsed)) {
      llvm::errs() << "mauirun: " << *why << "\n";
      return std::nullopt;
    }
    auto r = std::get<runtime::AdminReservation>(std::move(parsed));
    r.start += origin;
    r.end += origin;
    if (auto why = book.create(std::move(r))) {
      llvm::errs() << "mauirun: --reservation: " << *why << "\n";
      return std::nullopt;
    }
  }
  return book.list();
}

}  // namespace maui::tools
