#include "schemas/param_fields.h"

#include <string_view>

namespace maui::schema {

std::string row_where(const Row& row) {
  if (row.kind == RowKind::Attribute) return objects_to_string(row.objects);
  std::string out;
  const auto add = [&out](std::string_view s) {
    if (!out.empty()) out += ", ";
    out += s;
  };
  if ((row.flags & kPartitionScoped) != 0) {
    add("[partition]");
  } else if ((row.flags & kPerQos) != 0) {
    add("[QOS]");
  } else if ((row.flags & kPerSres) != 0) {
    add("[reservation]");
  } else if ((row.flags & kPerRm) != 0) {
    add("[RM number]");
  } else if (row.kind == RowKind::Family) {
    add("[id]");
  } else if ((row.flags & kIndexed) != 0) {
    add("[index]");
  }
  if ((row.flags & kRequired) != 0) add("required");
  return out;
}

std::string row_attribute_notes(const Row& row) {
  std::string out;
  const auto add = [&out](std::string_view s) {
    if (!out.empty()) out += ", ";
    out += s;
  };
  if ((row.flags & kMultiDim) != 0) add("takes [CRED[:id]]");
  if ((row.flags & kOverride) != 0) add("override");
  if ((row.flags & kIdleLimit) != 0) add("idle limit");
  if ((row.flags & kSystemLimit) != 0) add("per-job limit");
  if ((row.flags & kSecret) != 0) add("secret");
  return out;
}

}  // namespace maui::schema
