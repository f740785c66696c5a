// The settings no step of a migration used, classified by what they are: Maui's own machinery
// (its server, logging, resource manager and allocation manager interfaces, its simulator),
// names Maui 3.3.1 ignores, node descriptions Slurm keeps in its own NodeName lines, and the
// policy Slurm has no counterpart for. Never silently dropped: each gets a status and a note.
#pragma once

#include <string>
#include <string_view>

#include "migrate/migration.h"
#include "schemas/schema.h"

namespace maui::migrate {

struct UnusedSetting {
  const schema::Row* row = nullptr;        // the parameter or family row (null: a name Maui does not know)
  const schema::Row* attribute = nullptr;  // an object line's attribute row (null: none, or unknown)
  std::string name;                        // the parameter or family, as written
  std::string attribute_name;              // as written; "" for a scalar line
  std::string index;
  bool stray = false;      // a token of an object line that is no ATTR=VALUE
  bool templated = false;  // a template placeholder lies in it (or in its object's name)
};

struct UnusedVerdict {
  Status status = Status::NotNeeded;
  std::string note;
  bool maui_ignores = false;  // Maui 3.3.1 itself ignores the line (lint says why)
};

UnusedVerdict classify_unused(const ir::Policy& policy, const UnusedSetting& setting);

}  // namespace maui::migrate
