// Tests of the mauic command line: exit codes (0 clean, 1 findings at or above --fail-on,
// 2 usage or I/O error), help and version, the public JSON and SARIF output, robustness on
// garbage input, and the explain / annotate / compile subcommands.
//
// The binary under test is MAUIC_PATH (tests/CMakeLists.txt). Each command runs through
// /bin/sh with `exec`, so a crash shows up as a signal in the wait status.
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "tests/command_test_support.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;

using maui::testing_support::shell_quote;
using maui::testing_support::slurp;
using Outcome = maui::testing_support::CommandOutcome;
std::string quote(const std::string& s) { return shell_quote(s); }

class Tool : public maui::testing_support::TempDirTest {
 protected:
  // Runs `mauic ARGS` (ARGS already shell-quoted) in the temp directory.
  Outcome mauic(const std::string& args) { return run_in_dir(MAUIC_PATH, args); }
};

// Parses JSON, reporting a failure (with the parser's message) when it is not JSON.
std::optional<json::Value> parse(const std::string& text) {
  auto v = json::parse(text);
  if (!v) {
    ADD_FAILURE() << "not JSON: " << llvm::toString(v.takeError()) << "\n" << text.substr(0, 500);
    return std::nullopt;
  }
  return std::move(*v);
}

std::set<std::string> keys(const json::Object& o) {
  std::set<std::string> out;
  for (const auto& kv : o) out.insert(kv.first.str());
  return out;
}

// The public contract of `lint --format json`:
// {"version":1,"diagnostics":[{"rule","severity","file","line","column","message","notes"}]}.
void expect_public_json(const std::string& text, std::size_t* count = nullptr) {
  auto v = parse(text);
  ASSERT_TRUE(v);
  const json::Object* root = v->getAsObject();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(keys(*root), (std::set<std::string>{"version", "diagnostics"}));
  EXPECT_EQ(root->getInteger("version"), llvm::Optional<std::int64_t>(1));
  const json::Array* diags = root->getArray("diagnostics");
  ASSERT_NE(diags, nullptr);
  if (count) *count = diags->size();
  for (const auto& d : *diags) {
    const json::Object* o = d.getAsObject();
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(keys(*o), (std::set<std::string>{"rule", "severity", "file", "line", "column", "message", "notes"}));
    EXPECT_TRUE(o->getString("rule"));
    auto severity = o->getString("severity");
    ASSERT_TRUE(severity);
    EXPECT_TRUE(*severity == "error" || *severity == "warning" || *severity == "note") << severity->str();
    EXPECT_TRUE(o->getString("file"));
    EXPECT_TRUE(o->getInteger("line"));
    EXPECT_TRUE(o->getInteger("column"));
    EXPECT_TRUE(o->getString("message"));
    const json::Array* notes = o->getArray("notes");
    ASSERT_NE(notes, nullptr);
    for (const auto& n : *notes) {
      const json::Object* no = n.getAsObject();
      ASSERT_NE(no, nullptr);
      EXPECT_EQ(keys(*no), (std::set<std::string>{"file", "line", "column", "message"}));
    }
  }
}

const char kClean[] = "SERVERHOST head\nRMPOLLINTERVAL 00:00:30\n";
const char kWarning[] = "SERVERHOST head\nRMPOLINTERVAL 30\n";    // unknown-parameter
const char kError[] = "SERVERHOST head\nUSERCFG[bob MAXJOB=2\n";  // syntax-error

// --- exit codes -----------------------------------------------------------------------------

TEST_F(Tool, CleanFileExitsZero) {
  write("clean.cfg", kClean);
  auto r = mauic("lint clean.cfg");
  EXPECT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  auto strict = mauic("lint --fail-on warning clean.cfg");
  EXPECT_EQ(strict.code, 0) << strict.out;
}

TEST_F(Tool, ErrorsExitOne) {
  write("bad.cfg", kError);
  auto r = mauic("lint bad.cfg");
  EXPECT_TRUE(r.exited);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("bad.cfg:2:21"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[syntax-error]"), std::string::npos) << r.out;
}

TEST_F(Tool, WarningsExitZeroUnlessFailOnWarning) {
  write("warn.cfg", kWarning);
  auto def = mauic("lint warn.cfg");
  EXPECT_EQ(def.code, 0) << def.out;
  EXPECT_NE(def.out.find("[unknown-parameter]"), std::string::npos) << def.out;
  auto strict = mauic("lint --fail-on warning warn.cfg");
  EXPECT_EQ(strict.code, 1) << strict.out;
  auto explicit_error = mauic("lint --fail-on error warn.cfg");
  EXPECT_EQ(explicit_error.code, 0);
}

TEST_F(Tool, SeveralFilesWorstWins) {
  write("clean.cfg", kClean);
  write("bad.cfg", kError);
  EXPECT_EQ(mauic("lint clean.cfg bad.cfg").code, 1);
  EXPECT_EQ(mauic("lint clean.cfg missing.cfg").code, 2);
}

TEST_F(Tool, MissingFileExitsTwo) {
  auto r = mauic("lint does-not-exist.cfg");
  EXPECT_TRUE(r.exited);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE((r.out + r.err).find("does-not-exist.cfg"), std::string::npos);
  EXPECT_EQ(mauic("compile does-not-exist.cfg").code, 2);
  EXPECT_EQ(mauic("annotate does-not-exist.cfg").code, 2);
}

TEST_F(Tool, UsageErrorsExitTwo) {
  write("clean.cfg", kClean);
  auto unknown = mauic("lint --bogus clean.cfg");
  EXPECT_TRUE(unknown.exited);
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("--bogus"), std::string::npos) << unknown.err;
  EXPECT_EQ(mauic("--bogus").code, 2);
  EXPECT_EQ(mauic("lint --format yaml clean.cfg").code, 2);
  EXPECT_EQ(mauic("lint").code, 2);  // no file
  auto none = mauic("");
  EXPECT_TRUE(none.exited);
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("subcommand"), std::string::npos) << none.err;
}

// --- version and help -----------------------------------------------------------------------

TEST_F(Tool, Version) {
  auto r = mauic("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE((r.out + r.err).find("mauic "), std::string::npos) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find(MAUI_VERSION_TEXT), std::string::npos) << r.out << r.err;
}

// The options section of `mauic SUB --help` (after the general overview, which lists all
// subcommands and would mention every option).
std::string options_of(const std::string& help, const std::string& sub) {
  auto at = help.find("SUBCOMMAND '" + sub + "'");
  EXPECT_NE(at, std::string::npos) << help;
  return at == std::string::npos ? "" : help.substr(at);
}

TEST_F(Tool, SubcommandHelpListsItsOptions) {
  auto lint = mauic("lint --help");
  EXPECT_EQ(lint.code, 0);
  std::string l = options_of(lint.out, "lint");
  for (const char* opt : {"--format", "--fail-on", "--color", "json", "sarif", "<maui.cfg>"})
    EXPECT_NE(l.find(opt), std::string::npos) << opt << "\n" << l;

  auto compile = mauic("compile --help");
  EXPECT_EQ(compile.code, 0);
  std::string c = options_of(compile.out, "compile");
  for (const char* opt : {"-o", "--color", "<maui.cfg>"}) EXPECT_NE(c.find(opt), std::string::npos) << opt << "\n" << c;
  EXPECT_EQ(c.find("--fail-on"), std::string::npos) << c;

  auto explain = mauic("explain --help");
  EXPECT_EQ(explain.code, 0);
  EXPECT_NE(options_of(explain.out, "explain").find("<NAME>"), std::string::npos) << explain.out;

  auto annotate = mauic("annotate --help");
  EXPECT_EQ(annotate.code, 0);
  EXPECT_NE(options_of(annotate.out, "annotate").find("<maui.cfg>"), std::string::npos) << annotate.out;
}

// --- JSON and SARIF -------------------------------------------------------------------------

TEST_F(Tool, JsonOutputHasThePublicFields) {
  write("dup.cfg", "SERVERHOST head\nRMPOLLINTERVAL 30\nRMPOLLINTERVAL 60\nUSERCFG[bob MAXJOB=2\n");
  auto r = mauic("lint --format json dup.cfg");
  EXPECT_EQ(r.code, 1);
  std::size_t n = 0;
  expect_public_json(r.out, &n);
  EXPECT_GE(n, 2u);

  auto v = parse(r.out);
  ASSERT_TRUE(v);
  bool saw_note = false, saw_error = false;
  for (const auto& d : *v->getAsObject()->getArray("diagnostics")) {
    const auto* o = d.getAsObject();
    if (o->getString("rule") == llvm::Optional<llvm::StringRef>("duplicate-scalar")) {
      EXPECT_EQ(o->getString("file"), llvm::Optional<llvm::StringRef>("dup.cfg"));
      EXPECT_EQ(o->getInteger("line"), llvm::Optional<std::int64_t>(3));
      EXPECT_EQ(o->getInteger("column"), llvm::Optional<std::int64_t>(1));
      EXPECT_EQ(o->getString("severity"), llvm::Optional<llvm::StringRef>("warning"));
      const auto* notes = o->getArray("notes");
      ASSERT_EQ(notes->size(), 1u);
      EXPECT_EQ((*notes)[0].getAsObject()->getInteger("line"), llvm::Optional<std::int64_t>(2));
      saw_note = true;
    }
    if (o->getString("rule") == llvm::Optional<llvm::StringRef>("syntax-error")) {
      EXPECT_EQ(o->getInteger("line"), llvm::Optional<std::int64_t>(4));
      EXPECT_EQ(o->getInteger("column"), llvm::Optional<std::int64_t>(21));
      EXPECT_EQ(o->getString("severity"), llvm::Optional<llvm::StringRef>("error"));
      saw_error = true;
    }
  }
  EXPECT_TRUE(saw_note);
  EXPECT_TRUE(saw_error);
}

TEST_F(Tool, JsonForACleanFileIsEmpty) {
  write("clean.cfg", kClean);
  auto r = mauic("lint --format json clean.cfg");
  EXPECT_EQ(r.code, 0);
  std::size_t n = 99;
  expect_public_json(r.out, &n);
  EXPECT_EQ(n, 0u);
}

TEST_F(Tool, Sarif) {
  fs::path file = write("warn.cfg", std::string(kWarning) + "USERCFG[bob MAXJOB=2\n");
  // An absolute path under the current directory becomes a repo-relative URI.
  auto r = mauic("lint --format sarif " + quote(file.string()));
  EXPECT_EQ(r.code, 1);
  auto v = parse(r.out);
  ASSERT_TRUE(v);
  const json::Object* root = v->getAsObject();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->getString("version"), llvm::Optional<llvm::StringRef>("2.1.0"));
  const json::Array* runs = root->getArray("runs");
  ASSERT_NE(runs, nullptr);
  ASSERT_EQ(runs->size(), 1u);
  const json::Object* run = (*runs)[0].getAsObject();
  ASSERT_NE(run, nullptr);
  const json::Object* tool = run->getObject("tool");
  ASSERT_NE(tool, nullptr);
  const json::Object* driver = tool->getObject("driver");
  ASSERT_NE(driver, nullptr);
  EXPECT_EQ(driver->getString("name"), llvm::Optional<llvm::StringRef>("mauic"));
  const json::Array* rules = driver->getArray("rules");
  ASSERT_NE(rules, nullptr);
  std::set<std::string> rule_ids;
  for (const auto& rule : *rules) {
    const auto* ro = rule.getAsObject();
    ASSERT_NE(ro, nullptr);
    auto id = ro->getString("id");
    ASSERT_TRUE(id);
    rule_ids.insert(id->str());
  }
  EXPECT_TRUE(rule_ids.count("syntax-error"));
  EXPECT_TRUE(rule_ids.count("unknown-parameter"));

  const json::Array* results = run->getArray("results");
  ASSERT_NE(results, nullptr);
  ASSERT_EQ(results->size(), 2u);
  std::set<std::string> fingerprints;
  for (const auto& res : *results) {
    const auto* o = res.getAsObject();
    ASSERT_NE(o, nullptr);
    auto rule = o->getString("ruleId");
    ASSERT_TRUE(rule);
    EXPECT_TRUE(rule_ids.count(rule->str())) << rule->str();
    auto level = o->getString("level");
    ASSERT_TRUE(level);
    EXPECT_EQ(*level, *rule == "syntax-error" ? "error" : "warning");
    const auto* locations = o->getArray("locations");
    ASSERT_NE(locations, nullptr);
    ASSERT_EQ(locations->size(), 1u);
    const auto* physical = (*locations)[0].getAsObject()->getObject("physicalLocation");
    ASSERT_NE(physical, nullptr);
    auto uri = physical->getObject("artifactLocation")->getString("uri");
    ASSERT_TRUE(uri);
    EXPECT_EQ(*uri, "warn.cfg");
    EXPECT_FALSE(uri->startswith("/"));
    const auto* region = physical->getObject("region");
    ASSERT_NE(region, nullptr);
    EXPECT_EQ(region->getInteger("startLine"), llvm::Optional<std::int64_t>(*rule == "syntax-error" ? 3 : 2));
    const auto* fp = o->getObject("partialFingerprints");
    ASSERT_NE(fp, nullptr);
    ASSERT_FALSE(fp->empty());
    for (const auto& kv : *fp) {
      auto s = kv.second.getAsString();
      ASSERT_TRUE(s);
      EXPECT_FALSE(s->empty());
      fingerprints.insert(s->str());
    }
  }
  EXPECT_EQ(fingerprints.size(), 2u);  // distinct findings, distinct fingerprints

  // A relative path is kept relative, too.
  auto rel = mauic("lint --format sarif warn.cfg");
  auto rv = parse(rel.out);
  ASSERT_TRUE(rv);
  const auto* first = rv->getAsObject()->getArray("runs")->front().getAsObject()->getArray("results");
  ASSERT_NE(first, nullptr);
  ASSERT_FALSE(first->empty());
  EXPECT_EQ(first->front()
                .getAsObject()
                ->getArray("locations")
                ->front()
                .getAsObject()
                ->getObject("physicalLocation")
                ->getObject("artifactLocation")
                ->getString("uri"),
            llvm::Optional<llvm::StringRef>("warn.cfg"));
}

TEST_F(Tool, SarifFingerprintsSurviveEditsElsewhere) {
  auto fp = [&](const char* file) {
    auto v = parse(mauic(std::string("lint --format sarif ") + file).out);
    if (!v) return std::string();
    const auto* results = v->getAsObject()->getArray("runs")->front().getAsObject()->getArray("results");
    if (!results || results->size() != 1) return std::string();
    auto s = results->front().getAsObject()->getObject("partialFingerprints")->getString("mauicLineHash/v1");
    return s ? s->str() : std::string();
  };
  // Same rule, same file, same line text: the same fingerprint although the line moved.
  write("c.cfg", "SERVERHOST head\nRMPOLINTERVAL 30\n");
  std::string before = fp("c.cfg");
  write("c.cfg", "SERVERHOST head\n# a new comment line\n\nRMPOLINTERVAL 30\n");
  std::string moved = fp("c.cfg");
  write("c.cfg", "SERVERHOST head\nRMPOLINTERVAL 31\n");
  std::string edited = fp("c.cfg");
  EXPECT_FALSE(before.empty());
  EXPECT_EQ(before, moved);
  EXPECT_NE(before, edited);  // the finding's own line changed
}

// --- garbage input never crashes ------------------------------------------------------------

class Garbage : public Tool {
 protected:
  // lint --format json on `name`: valid public JSON, exit 1 or 2, no signal. `all_commands`
  // also runs the text format, annotate and compile on it (skipped for the 1 MB inputs, which
  // take seconds per run).
  void expect_survives(const std::string& name, bool all_commands = true) {
    auto r = mauic("lint --format json " + quote(name));
    EXPECT_TRUE(r.exited) << name << " killed by signal " << r.signal << "\n" << r.err;
    EXPECT_TRUE(r.code == 1 || r.code == 2) << name << " exit " << r.code;
    expect_public_json(r.out);
    if (!all_commands) return;
    auto t = mauic("lint --color never " + quote(name));
    EXPECT_TRUE(t.exited) << name << " (text) killed by signal " << t.signal;
    EXPECT_TRUE(t.code == 1 || t.code == 2) << name << " (text) exit " << t.code;
    auto a = mauic("annotate " + quote(name) + " >/dev/null");
    EXPECT_TRUE(a.exited) << name << " (annotate) killed by signal " << a.signal;
    auto c = mauic("compile -o /dev/null " + quote(name));
    EXPECT_TRUE(c.exited) << name << " (compile) killed by signal " << c.signal;
  }
};

TEST_F(Garbage, BinaryFile) {
  std::mt19937 rng(20240611);
  std::string bytes;
  for (int i = 0; i < 8192; ++i) bytes += static_cast<char>(rng() & 0xff);
  bytes += std::string("\x00\xff\n\xff\x00", 5);
  write("binary.cfg", bytes);
  expect_survives("binary.cfg");
}

TEST_F(Garbage, InvalidUtf8InValuesAndNames) {
  // Latin-1 bytes in a value (quoted in the message) and in an object name (a key of the IR):
  // every output must stay valid UTF-8 JSON, also in builds where llvm::json asserts on it.
  write("latin1.cfg",
        "SERVERHOST h\xf4te\nBACKFILLPOLICY caf\xe9"
        "\nAMCFG[b\xe9"
        "] TYPE=QBANK\n"
        "USERCFG[ren\xe9"
        "e] MAXJOB=x\xff\n> \xe9\n");  // the last line is an error
  expect_survives("latin1.cfg");
  auto c = mauic("compile " + quote("latin1.cfg"));
  EXPECT_TRUE(c.exited);
  auto doc = parse(c.out);
  ASSERT_TRUE(doc.has_value()) << "compile output is not valid JSON";
  auto s = mauic("lint --format sarif " + quote("latin1.cfg"));
  EXPECT_TRUE(parse(s.out).has_value()) << "SARIF output is not valid JSON";
}

TEST_F(Garbage, TruncatedFile) {
  write("truncated.cfg", "SERVERHOST head\nUSERCFG[bo");  // half a line, no newline
  expect_survives("truncated.cfg");
  auto r = mauic("lint --format json truncated.cfg");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("\"line\": 2"), std::string::npos) << r.out;
}

TEST_F(Garbage, OneMegabyteLines) {
  // One 1 MB line each, no newline, no SERVERHOST: a value list, an unclosed index.
  std::string list = "ADMIN1";
  while (list.size() < (1u << 20)) list += " user";
  write("list.cfg", list);
  expect_survives("list.cfg", false);
  write("index.cfg", "USERCFG[" + std::string(1u << 20, 'x'));
  expect_survives("index.cfg", false);
  auto r = mauic("lint --format json index.cfg");
  EXPECT_NE(r.out.find("syntax-error"), std::string::npos) << r.out.substr(0, 500);
}

TEST_F(Garbage, OneMegabyteName) {
  // An unknown 1 MB name: the did-you-mean search must cope.
  write("name.cfg", std::string(1u << 20, 'A'));
  expect_survives("name.cfg", false);
}

TEST_F(Garbage, EmptyFile) {
  write("empty.cfg", "");
  expect_survives("empty.cfg");
  auto r = mauic("lint --format json empty.cfg");
  EXPECT_NE(r.out.find("missing-serverhost"), std::string::npos) << r.out;
}

TEST_F(Garbage, DirectoryAsFile) {
  fs::create_directory(dir_ / "adir");
  expect_survives("adir");
  auto r = mauic("lint --format json adir");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("io-error"), std::string::npos) << r.out;
}

TEST_F(Garbage, DeepContinuationsAndTemplates) {
  std::string text = "SERVERHOST head\nADMIN1 a";
  for (int i = 0; i < 20000; ++i) text += " \\\n b";
  text += "\n<% unclosed\n{% also unclosed\nUSERCFG[[% x %]\n";
  write("deep.cfg", text);
  expect_survives("deep.cfg");
}

// --- explain, annotate, compile -------------------------------------------------------------

TEST_F(Tool, ExplainAParameter) {
  auto r = mauic("explain FSDECAY");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("FSDECAY"), std::string::npos) << r.out;
  // docs/reference/maui-3.3-semantics.md §2 (fairshare table): FSDECAY is a double, default 1.0;
  // manual section 6.3.
  auto line_with = [&](const std::string& label) {
    auto at = r.out.find(label);
    if (at == std::string::npos) return std::string();
    return r.out.substr(at, r.out.find('\n', at) - at);
  };
  EXPECT_NE(line_with("type:").find("double"), std::string::npos) << r.out;
  EXPECT_NE(line_with("default:").find("1.0"), std::string::npos) << r.out;
  EXPECT_NE(line_with("section:").find("6.3"), std::string::npos) << r.out;
}

TEST_F(Tool, ExplainUnknownName) {
  auto r = mauic("explain NOSUCHNAME");
  EXPECT_TRUE(r.exited);
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("NOSUCHNAME"), std::string::npos) << r.err;
  auto near = mauic("explain RMPOLINTERVAL");
  EXPECT_NE(near.code, 0);
  EXPECT_NE(near.err.find("did you mean 'RMPOLLINTERVAL'"), std::string::npos) << near.err;
}

TEST_F(Tool, AnnotateShowsValueAndOverride) {
  write("dup.cfg", "SERVERHOST head\nRMPOLLINTERVAL 30\nRMPOLLINTERVAL 60\n");
  auto r = mauic("annotate dup.cfg");
  EXPECT_EQ(r.code, 0) << r.err;
  // Line 2 is overridden by line 3; line 3 shows the effective value.
  auto l2 = r.out.find("    2 | RMPOLLINTERVAL 30");
  auto l3 = r.out.find("    3 | RMPOLLINTERVAL 60");
  ASSERT_NE(l2, std::string::npos) << r.out;
  ASSERT_NE(l3, std::string::npos) << r.out;
  std::string after2 = r.out.substr(l2, l3 - l2);
  EXPECT_NE(after2.find("overridden by line 3"), std::string::npos) << after2;
  std::string after3 = r.out.substr(l3, r.out.find("==", l3) - l3);
  EXPECT_NE(after3.find("poll_interval = 60"), std::string::npos) << after3;
  EXPECT_NE(after3.find("[duplicate-scalar]"), std::string::npos) << after3;
}

TEST_F(Tool, CompileWritesTheIr) {
  write("in.cfg", "SERVERHOST head\nRMPOLLINTERVAL 00:00:30\nUSERCFG[bob] MAXJOB=2\n");
  auto r = mauic("compile -o out.json in.cfg");
  EXPECT_EQ(r.code, 0) << r.err;
  ASSERT_TRUE(fs::exists(dir_ / "out.json"));
  auto v = parse(slurp(dir_ / "out.json"));
  ASSERT_TRUE(v);
  const json::Object* root = v->getAsObject();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->getInteger("version"), llvm::Optional<std::int64_t>(1));
  const json::Object* host = root->getObject("server_host");
  ASSERT_NE(host, nullptr);
  EXPECT_EQ(host->getString("value"), llvm::Optional<llvm::StringRef>("head"));
  // To standard output by default.
  auto out = mauic("compile in.cfg");
  EXPECT_EQ(out.code, 0);
  auto sv = parse(out.out);
  ASSERT_TRUE(sv);
  EXPECT_EQ(*sv, *v);
}

TEST_F(Tool, CompileWithErrorsStillWritesAndExitsOne) {
  write("bad.cfg", kError);
  auto r = mauic("compile -o out.json bad.cfg");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("syntax-error"), std::string::npos) << r.err;
  auto v = parse(slurp(dir_ / "out.json"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->getAsObject()->getInteger("version"), llvm::Optional<std::int64_t>(1));
}

TEST_F(Tool, CompileToAnUnwritablePathExitsTwo) {
  write("in.cfg", kClean);
  EXPECT_EQ(mauic("compile -o no/such/dir/out.json in.cfg").code, 2);
}

}  // namespace
