// Prints the generated parameter reference (docs/parameters.md). With one argument, writes it to
// that file instead; the `param_docs` build target uses this to refresh the page in the source tree.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "schemas/param_docs.h"

int main(int argc, char** argv) {
  const std::string page = maui::schema::render_parameter_docs();
  if (argc == 1) {
    std::cout << page;
    return std::cout ? 0 : 1;
  }
  if (argc == 2) {
    std::ofstream file(argv[1], std::ios::binary);
    file << page;
    if (file.flush()) return 0;
    std::fprintf(stderr, "gen_param_docs: cannot write %s\n", argv[1]);
    return 1;
  }
  std::fprintf(stderr, "usage: gen_param_docs [OUTPUT_FILE]\n");
  return 2;
}
