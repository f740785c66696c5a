#include "schemas/problem_json.h"

namespace maui {

namespace {

// Inputs may hold any bytes (a binary file given as a trace); JSON needs UTF-8.
std::string utf8(const std::string& s) { return llvm::json::isUTF8(s) ? s : llvm::json::fixUTF8(s); }

}  // namespace

llvm::json::Object to_json(const Problem& p) {
  return llvm::json::Object{{"severity", to_string(p.severity)},
                            {"file", utf8(p.file)},
                            {"line", p.line},
                            {"column", p.column},
                            {"message", utf8(p.message)}};
}

}  // namespace maui
