// Internal to the lowering: state and helpers shared by lower.cc (scalars),
// lower_objects.cc (*CFG lines) and bind_scalars.cc (typed settings and defaults).
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "parser/source.h"
#include "parser/syntax.h"
#include "parser/values.h"
#include "schemas/ir.h"
#include "schemas/schema.h"

namespace maui {

struct LowerContext {
  LowerContext(const SyntaxTree& tree, const SourceSet& sources, DiagnosticSink& sink);

  const SyntaxTree& tree;
  const SourceSet& sources;
  DiagnosticSink& sink;
  ir::Policy policy;
  std::vector<std::pair<const char*, const char*>> placeholders;  // sorted [begin, end)
  std::map<std::string, const Statement*> scalar_statements;      // last line per NAME[INDEX]

  // policy.credentials[{kind, name}], through a hash index: a large site has thousands of
  // credentials and names one on every object line, and the map's string comparisons showed in
  // profiles. std::map entries never move, so the index can hold pointers.
  ir::CredentialConfig& credential(ir::CredKind kind, const std::string& name);

  // True if `text` overlaps a template placeholder.
  bool templated(std::string_view text) const;
  ir::SourceRange where(std::string_view text) const;
  ir::Provenance provenance(std::string_view text) const;
  Diagnostic& report(std::string rule, Severity severity, std::string_view at, std::string message);
  void report_issues(const std::vector<values::Issue>& issues, std::string_view text);
  bool check_value(const schema::Row& row, std::string_view text, bool scalar);
  bool check_enum(const schema::Row& row, std::string_view text, bool list_item);
  void check_range(const schema::Row& row, double value, std::string_view text);

 private:
  struct CredentialKeyHash {
    std::size_t operator()(const std::pair<ir::CredKind, std::string>& key) const {
      return std::hash<std::string>{}(key.second) * 8 + static_cast<std::size_t>(key.first);
    }
  };
  std::unordered_map<std::pair<ir::CredKind, std::string>, ir::CredentialConfig*, CredentialKeyHash>
      credential_index_;
};

// `FAMILY[id] ATTR=VALUE ...` lines.
void lower_object(LowerContext& ctx, const Statement& s, const schema::Row& family);

// Typed settings (priority weights, fairshare, backfill, ...) from the scalar lines, with the
// table's defaults for what the config does not set.
void bind_scalars(LowerContext& ctx);

}  // namespace maui
