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

// One row under construction. Each setter names the field it fills, so that a row reads like a
// record instead of a dozen positional strings.
class R {
 public:
  R(RowKind kind, std::string_view name, ValueType type, std::uint32_t objects) {
    row_.name = name;
    row_.kind = kind;
    row_.type = type;
    row_.objects = objects;
    row_.support = Support::Accepted;
    row_.flags = kNoFlags;
  }
  R& unit(std::string_view v) { row_.unit = v; return *this; }
  R& def(std::string_view v) { row_.default_value = v; return *this; }
  R& allowed(std::string_view v) { row_.allowed = v; return *this; }
  R& sec(std::string_view v) { row_.section = v; return *this; }
  R& means(std::string_view v) { row_.meaning = v; return *this; }
  R& m331(std::string_view v) { row_.maui331 = v; return *this; }
  R& flags(std::uint32_t f) { row_.flags |= f; return *this; }
  R& range(double min, double max, std::string_view why) {  // [min, max]
    row_.range = ValueRange{min, max, false, why};
    return *this;
  }
  R& range_above(double min, double max, std::string_view why) {  // (min, max]
    row_.range = ValueRange{min, max, true, why};
    return *this;
  }
  R& engine() { row_.support = Support::Engine; return *this; }
  R& accepted() { row_.support = Support::Accepted; return *this; }
  R& moab() { row_.support = Support::MoabOnly; return *this; }
  R& ignored() { row_.support = Support::Ignored; return *this; }
  R& obsolete(std::string_view canonical) {
    row_.support = Support::Obsolete;
    row_.canonical = canonical;
    return *this;
  }
  R& manual_name(std::string_view canonical) {
    row_.support = Support::ManualName;
    row_.canonical = canonical;
    return *this;
  }
  R& misspelling(std::string_view canonical) {
    row_.support = Support::Misspelling;
    row_.canonical = canonical;
    return *this;
  }
  operator Row() const { return row_; }  // NOLINT(google-explicit-constructor): table syntax

 private:
  Row row_{};
};

inline R P(std::string_view name, ValueType type) { return R(RowKind::Parameter, name, type, kNoObject); }
inline R F(std::string_view name) {
  // Every family line is `FAMILY[id] ATTR=VALUE ...` (SYSCFG may omit the id).
  return R(RowKind::Family, name, T::Object, kNoObject).flags(kIndexed);
}
inline R A(std::string_view name, std::uint32_t objects, ValueType type) {
  return R(RowKind::Attribute, name, type, objects);
}

// Partition-scoped scalars (Maui's "mxoPar" class) take an optional partition index.
inline constexpr std::uint32_t kParScoped = kIndexed | kPartitionScoped;

}  // namespace maui::schema::table
