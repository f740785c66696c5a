// How the parameter table's rows are written: a row builder whose setters name the fields they
// fill, and the table's shorthands (P, F and A for a parameter, family or attribute row; T for the
// value types). Shared by every topic file of schemas/parameter_table/, so that all of them read
// alike; internal to the table (nothing outside schemas/parameter_table* includes it).
#pragma once

#include <cstdint>
#include <string_view>

#include "schemas/schema.h"

namespace maui::schema::table {

using T = ValueType;

// One row under construction. Each setter names the field it fills (`means` the meaning, the
// support setters the support), so that a row reads like a record instead of a dozen positional
// strings.
class RowBuilder {
 public:
  RowBuilder(RowKind kind, std::string_view name, ValueType type, std::uint32_t objects) {
    row_.name = name;
    row_.kind = kind;
    row_.type = type;
    row_.objects = objects;
    row_.support = Support::Accepted;
    row_.flags = kNoFlags;
  }
  RowBuilder& unit(std::string_view v) {
    row_.unit = v;
    return *this;
  }
  RowBuilder& defaults_to(std::string_view v) {
    row_.default_value = v;
    return *this;
  }
  RowBuilder& allowed(std::string_view v) {
    row_.allowed = v;
    return *this;
  }
  RowBuilder& section(std::string_view v) {
    row_.section = v;
    return *this;
  }
  RowBuilder& means(std::string_view v) {
    row_.meaning = v;
    return *this;
  }
  RowBuilder& maui331(std::string_view v) {
    row_.maui331 = v;
    return *this;
  }
  RowBuilder& flags(std::uint32_t f) {
    row_.flags |= f;
    return *this;
  }
  RowBuilder& range(double min, double max, std::string_view why) {  // [min, max]
    row_.range = ValueRange{min, max, false, why};
    return *this;
  }
  RowBuilder& range_excluding_min(double min, double max, std::string_view why) {  // (min, max]
    row_.range = ValueRange{min, max, true, why};
    return *this;
  }
  RowBuilder& used_by_engine() {
    row_.support = Support::Engine;
    return *this;
  }
  RowBuilder& accepted() {
    row_.support = Support::Accepted;
    return *this;
  }
  RowBuilder& moab_only() {
    row_.support = Support::MoabOnly;
    return *this;
  }
  RowBuilder& ignored() {
    row_.support = Support::Ignored;
    return *this;
  }
  RowBuilder& obsolete(std::string_view canonical) {
    row_.support = Support::Obsolete;
    row_.canonical = canonical;
    return *this;
  }
  RowBuilder& manual_name(std::string_view canonical) {
    row_.support = Support::ManualName;
    row_.canonical = canonical;
    return *this;
  }
  RowBuilder& misspelling(std::string_view canonical) {
    row_.support = Support::Misspelling;
    row_.canonical = canonical;
    return *this;
  }
  operator Row() const { return row_; }  // NOLINT(google-explicit-constructor): table syntax

 private:
  Row row_{};
};

inline RowBuilder P(std::string_view name, ValueType type) {
  return RowBuilder(RowKind::Parameter, name, type, kNoObject);
}
inline RowBuilder F(std::string_view name) {
  // Every family line is `FAMILY[id] ATTR=VALUE ...` (SYSCFG may omit the id).
  return RowBuilder(RowKind::Family, name, T::Object, kNoObject).flags(kIndexed);
}
inline RowBuilder A(std::string_view name, std::uint32_t objects, ValueType type) {
  return RowBuilder(RowKind::Attribute, name, type, objects);
}

// Partition-scoped scalars (Maui's "mxoPar" class) take an optional partition index.
inline constexpr std::uint32_t kParScoped = kIndexed | kPartitionScoped;

}  // namespace maui::schema::table
