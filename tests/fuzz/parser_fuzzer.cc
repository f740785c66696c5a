// libFuzzer target: the input bytes as a maui.cfg through the whole front end (read, parse with
// #INCLUDE, lower), and through every value parser of parser/values.h and schemas/value_syntax.h.
//
// Besides ASan / UBSan / LSan reports, crashes, timeouts and memory blow-ups, it traps on broken
// contracts that would otherwise go unnoticed until a renderer reads them:
//   - a diagnostic location outside every buffer of the compilation, or a range that ends
//     before it starts (renderers print the source line and a caret from those pointers);
//   - a value-parser issue whose offset / length is outside the parsed text;
//   - the plain-line shortcut of parse_buffer reading the input differently from the grammar.
// Every located diagnostic is also printed (to llvm::nulls()) by llvm::SourceMgr, as mauic does.
//
// `#INCLUDE name` resolves relative to the including file: the input is compiled as
// <tmp>/fuzz.cfg, where <tmp> is a private directory holding a few files to include (one includes
// itself, one includes another, one is fuzz.cfg itself, i.e. a cycle). Absolute paths are read
// as written.
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "parser/lower.h"
#include "parser/parse.h"
#include "parser/values.h"
#include "schemas/value_syntax.h"
#include "tests/parse_description.h"

namespace {

std::string g_dir;  // the include directory (see above), no trailing '/'

void fail(const char* what) {
  std::fprintf(stderr, "maui_parser_fuzzer: contract violated: %s\n", what);
  std::fflush(stderr);
  __builtin_trap();
}

template <class R>
void check_issues(const R& result, std::string_view text) {
  for (const auto& issue : result.issues) {
    if (issue.offset > text.size() || issue.length > text.size() - issue.offset)
      fail("value-parser issue outside the parsed text");
    if (issue.rule.id.empty()) fail("value-parser issue without a rule id");
  }
  // A value parser either gives a value or says why not.
  if (!result.value) {
    bool has_error = false;
    for (const auto& issue : result.issues) has_error = has_error || issue.error;
    if (!has_error) fail("value parser returned no value and no error issue");
  }
}

void run_value_parsers(std::string_view text) {
  using maui::ir::AclEntry;
  namespace v = maui::values;
  check_issues(v::parse_integer(text), text);
  check_issues(v::parse_double(text), text);
  check_issues(v::parse_boolean(text), text);
  check_issues(v::parse_duration(text), text);
  check_issues(v::parse_datetime(text), text);
  check_issues(v::parse_limit(text, false), text);
  check_issues(v::parse_limit(text, true), text);
  check_issues(v::parse_fairshare_target(text), text);
  check_issues(v::parse_name_list(text), text);
  for (auto kind : {AclEntry::Kind::User, AclEntry::Kind::Group, AclEntry::Kind::Account, AclEntry::Kind::Class,
                    AclEntry::Kind::Qos, AclEntry::Kind::JobAttr, AclEntry::Kind::Duration, AclEntry::Kind::Procs,
                    AclEntry::Kind::Tasks})
    check_issues(v::parse_acl(text, kind), text);
  check_issues(v::parse_hostlist(text), text);
  check_issues(v::parse_resources(text), text);
  check_issues(v::parse_days(text), text);
  for (std::string_view separators : {",", ",:|", " \t", ""}) {
    for (auto item : v::split(text, separators)) {
      if (item.empty()) fail("split returned an empty item");
      if (item.data() < text.data() || item.data() + item.size() > text.data() + text.size())
        fail("split returned an item outside the text");
    }
  }
}

void check_diagnostics(maui::Compilation& c) {
  llvm::SourceMgr& mgr = c.sources.manager();
  for (const auto& d : c.diagnostics.diagnostics()) {
    if (d.rule.empty()) fail("diagnostic without a rule id");
    if (!d.range.Start.isValid()) continue;  // a file-level diagnostic
    unsigned buffer = mgr.FindBufferContainingLoc(d.range.Start);
    if (buffer == 0) fail("diagnostic starts outside every buffer");
    if (d.range.End.isValid()) {
      if (d.range.End.getPointer() < d.range.Start.getPointer()) fail("diagnostic range ends before it starts");
      const llvm::MemoryBuffer* b = mgr.getMemoryBuffer(buffer);
      if (d.range.End.getPointer() > b->getBufferEnd()) fail("diagnostic range ends outside its buffer");
    }
    (void)c.sources.resolve(d.range.Start);
    mgr.PrintMessage(llvm::nulls(), d.range.Start, llvm::SourceMgr::DK_Error, d.message, {d.range}, {},
                     /*ShowColors=*/false);
    for (const auto& note : d.notes) {
      if (!note.range.Start.isValid()) continue;
      if (mgr.FindBufferContainingLoc(note.range.Start) == 0) fail("note starts outside every buffer");
      mgr.PrintMessage(llvm::nulls(), note.range.Start, llvm::SourceMgr::DK_Note, note.message, {}, {},
                       /*ShowColors=*/false);
    }
  }
}

void write_file(const std::string& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    std::perror(path.c_str());
    std::abort();
  }
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

constexpr std::array<std::pair<const char*, const char*>, 5> kIncludeFiles{{
    {"fuzz.cfg", "# stands for the fuzz input itself (a cycle when it is included)\nLOGLEVEL 3\n"},
    {"inc.cfg", "USERCFG[inc] MAXJOB=2,4 QLIST=a:b\n#INCLUDE nested.cfg\nRMPOLLINTERVAL 00:01:00\n"},
    {"nested.cfg", "SRCFG[n] HOSTLIST=node[01-04] DAYS=MON,TUE STARTTIME=08:00:00\n#INCLUDE inc.cfg\n"},
    {"loop.cfg", "#INCLUDE loop.cfg\nGROUPCFG[g] FSTARGET=10-\n"},
    {"broken.cfg", "USERCFG[x MAXJOB=1\nNODECFG[n1] \\\n  SPEED=1.5 <% if x %>\n"},
}};

void remove_include_dir() {
  for (const auto& [name, text] : kIncludeFiles) {
    (void)text;
    std::remove((g_dir + "/" + name).c_str());
  }
  ::rmdir(g_dir.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/maui-fuzz-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::perror("mkdtemp");
    std::abort();
  }
  g_dir = pattern;
  for (const auto& [name, text] : kIncludeFiles) write_file(g_dir + "/" + name, text);
  std::atexit(remove_include_dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);

  maui::Compilation c;
  maui::compile_text(g_dir + "/fuzz.cfg", text, c);
  check_diagnostics(c);

  // parse_buffer alone (no includes), once reading plain lines by the shortcut and once by the
  // grammar only: both must read the same (parser/parse.h, LineReader).
  std::string described[2];
  for (auto lines : {maui::LineReader::Shortcut, maui::LineReader::GrammarOnly}) {
    maui::SourceSet sources;
    maui::SyntaxTree tree;
    maui::DiagnosticSink sink;
    const unsigned id = sources.add_buffer("fuzz-again.cfg", text);
    maui::parse_buffer(sources, id, tree, sink, lines);
    described[lines == maui::LineReader::Shortcut ? 0 : 1] =
        maui::testing::describe_parse(sources.text(id), tree, sink.diagnostics());
  }
  if (described[0] != described[1]) fail("the plain-line shortcut and the grammar read the input differently");

  run_value_parsers(text);
  return 0;
}
