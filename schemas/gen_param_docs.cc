// Prints the generated parameter reference (docs/parameters.md). With one argument, writes it to
// that file instead; the `param_docs` build target uses this to refresh the page in the source tree.
// With --man VERSION DATE OUTPUT_FILE, writes the maui.cfg(5) man page from the same table
// (packaging/man/ makes it at build time).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "schemas/param_docs.h"
#include "schemas/param_man.h"

namespace {

int write(const char* path, const std::string& page) {
  std::ofstream file(path, std::ios::binary);
  file << page;
  if (file.flush()) return 0;
  std::fprintf(stderr, "gen_param_docs: cannot write %s\n", path);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string_view(argv[1]) == "--man")
    return write(argv[4], maui::schema::render_config_manpage(argv[2], argv[3]));
  const std::string page = maui::schema::render_parameter_docs();
  if (argc == 1) {
    std::cout << page;
    return std::cout ? 0 : 1;
  }
  if (argc == 2 && argv[1][0] != '-') return write(argv[1], page);
  std::fprintf(stderr, "usage: gen_param_docs [OUTPUT_FILE]\n       gen_param_docs --man VERSION DATE OUTPUT_FILE\n");
  return 2;
}
