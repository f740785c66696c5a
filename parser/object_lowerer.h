// One object line being lowered: the state the files that lower each kind of object share.
// lower_objects.cc reads the line (its object, each attribute's name, operator and value);
// lower_credentials.cc lowers the attributes of the credential families (USERCFG GROUPCFG
// ACCOUNTCFG CLASSCFG QOSCFG SYSCFG), lower_resources.cc those of SRCFG, NODECFG and RMCFG.
// Internal to the parser (parser/lower_context.h is the parser's own interface between them).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "parser/lower_context.h"

namespace maui::lowering {

// A value without its surrounding quotes ('...' or "..."), as Maui reads TRIGGER and PRIORITYF.
std::string strip_quotes(std::string_view v);
// The credential kind of an index or owner such as USER in MAXJOB[USER] or OWNER=USER:name.
std::optional<ir::CredKind> scope_kind(std::string_view s);

class ObjectLowerer {
 public:
  ObjectLowerer(LowerContext& ctx, const Statement& s, const schema::Row& family, schema::Object object);
  // Lowers the line into ctx.policy, reporting what Maui ignores or misreads.
  void run();

 private:
  using Row = schema::Row;

  LowerContext& ctx_;
  const Statement& s_;
  const Row& family_;
  schema::Object object_;
  std::optional<ir::CredKind> cred_kind_;  // of a credential family's lines
  std::string_view id_;                    // in the source (or "base"): copied only into a new object
  const Row* last_acl_ = nullptr;          // SRCFG: the ACL attribute that a blank-separated item follows
  // The object of this line, looked up once by declare() (std::map entries do not move).
  ir::CredentialConfig* cred_ = nullptr;
  ir::StandingReservation* sres_ = nullptr;
  ir::NodeConfig* node_ = nullptr;
  ir::ResourceManager* rm_ = nullptr;

  // lower_objects.cc: the line's object and each attribute's name and checks.
  // Finds or creates the object; a new one is declared by this line (most lines add to an
  // object declared earlier, so the provenance is made only when needed).
  void declare();
  // A token without '=': Maui ignores it.
  void stray(const Token& t, std::size_t position);
  const Row* resolve(const AttributeToken& a);
  void attribute(const AttributeToken& a);
  void keep_raw(std::map<std::string, ir::RawSetting>& into, const AttributeToken& a, const Row& row);

  template <class T>
  ir::Sourced<T> sourced(T v, const AttributeToken& a) {
    return ir::Sourced<T>{std::move(v), ctx_.provenance(a.whole.text)};
  }
  // Sets a field from a parse result; a value that did not parse (already reported) is skipped.
  template <class T, class U>
  void set(std::optional<ir::Sourced<T>>& field, std::optional<U> v, const AttributeToken& a) {
    if (v) field = sourced(static_cast<T>(*v), a);
  }
  template <class T, class U>
  void set(ir::Sourced<T>& field, std::optional<U> v, const AttributeToken& a) {
    if (v) field = sourced(static_cast<T>(*v), a);
  }

  // lower_credentials.cc: the credential families' attributes.
  void credential(const AttributeToken& a, const Row& row);
  // How Maui 3.3.1's handling of an IGN* QOS flag differs from the manual's (reference §2.6).
  static std::optional<std::string> ign_flag_difference(std::string_view f);
  void flags(ir::CredentialConfig& c, const AttributeToken& a, const Row& row);
  void limit(ir::CredentialConfig& c, const AttributeToken& a, const Row& row);
  void check_soft_hard(ir::Limit& l, const AttributeToken& a, bool idle);
  void scoped(ir::CredentialConfig& c, const AttributeToken& a, const Row& row, ir::LimitResource res, bool idle,
              const ir::Limit& l);

  // lower_resources.cc: the attributes of standing reservations, nodes and resource managers.
  void reservation(const AttributeToken& a, const Row& row);
  void node(const AttributeToken& a, const Row& row);
  void resource_manager(const AttributeToken& a, const Row& row);
};

}  // namespace maui::lowering
