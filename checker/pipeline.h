// The whole check pipeline, composed in one place: read + parse + lower (parser/lower.h), then
// whole-policy checks, inline suppressions and deterministic ordering.
#pragma once

#include <memory>
#include <string>

#include "parser/lower.h"

namespace maui::checker {

std::unique_ptr<Compilation> check_file(const std::string& path);
std::unique_ptr<Compilation> check_text(std::string name, std::string_view text);

}  // namespace maui::checker
