// Located problems (schemas/problem.h): the one text form and the one JSON form every input's
// problems take, and the locator that finds a JSON value's line and column from its path.
#include <string>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "schemas/ir_json.h"
#include "schemas/json_input.h"
#include "schemas/problem.h"
#include "schemas/problem_json.h"

namespace maui {
namespace {

TEST(Problem, TextSaysWhereAsCompilersDo) {
  EXPECT_EQ(to_text({"t.swf", 12, 7, Severity::Error, "field 5 (allocated procs): expected an integer, got 'x'"}),
            "t.swf:12:7: error: field 5 (allocated procs): expected an integer, got 'x'");
  // Without a column: the whole line; without a line: the whole file; without a file: nothing.
  EXPECT_EQ(to_text({"FS.100", 4, 0, Severity::Error, "expected '<type> <name> <usage>', found 2 fields"}),
            "FS.100:4: error: expected '<type> <name> <usage>', found 2 fields");
  EXPECT_EQ(to_text({"maui.cfg", 0, 0, Severity::Warning, "holds no job"}), "maui.cfg: warning: holds no job");
  EXPECT_EQ(to_text({"", 0, 0, Severity::Note, "assumed"}), "note: assumed");
  EXPECT_EQ(where({"a.cfg", 3, 0, Severity::Note, ""}), "a.cfg:3");
}

TEST(Problem, JsonHasTheMembersOfALintDiagnostic) {
  const Problem p{"t.swf", 2, 9, Severity::Warning, "most lines \xff are not jobs"};
  const llvm::json::Value v(to_json(p));
  const llvm::json::Object* o = v.getAsObject();
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->size(), 5u);
  EXPECT_EQ(*o->getString("severity"), "warning");
  EXPECT_EQ(*o->getString("file"), "t.swf");
  EXPECT_EQ(*o->getInteger("line"), 2);
  EXPECT_EQ(*o->getInteger("column"), 9);
  // Bytes that are not UTF-8 (a binary file's) are replaced, so that the JSON stays valid.
  EXPECT_EQ(*o->getString("message"), "most lines \xef\xbf\xbd are not jobs");
}

TEST(JsonLocator, FindsEachValueByItsPath) {
  // Line 2 holds an array whose elements hide brackets, commas and quotes inside strings.
  const std::string text =
      "{\"jobs\": [\n"
      "  {\"id\": \"a,]}\\\"\", \"procs\": [1, [2, 3]]}, {\"id\": \"b\", \"procs\": -2},\n"
      "  {\"id\": \"c\"}\n"
      "], \"now\": 5}";
  JsonLocator locate(text);
  auto at = [&](std::string_view path) {
    const auto p = locate.locate(path);
    return std::to_string(p.line) + ":" + std::to_string(p.column);
  };
  EXPECT_EQ(at(""), "1:1");
  EXPECT_EQ(at("(root)"), "1:1");
  EXPECT_EQ(at("jobs"), "1:10");
  EXPECT_EQ(at("jobs[0]"), "2:3");
  EXPECT_EQ(at("jobs[0].id"), "2:10");
  EXPECT_EQ(at("jobs[0].procs"), "2:29");
  EXPECT_EQ(at("jobs[0].procs[1]"), "2:33");
  EXPECT_EQ(at("jobs[0].procs[1][1]"), "2:37");
  EXPECT_EQ(at("jobs[1]"), "2:43");
  EXPECT_EQ(at("jobs[1].procs"), "2:64");
  EXPECT_EQ(at("jobs[2].id"), "3:10");
  EXPECT_EQ(at("now"), "4:11");
  // What is not there is located at the deepest value the path reaches.
  EXPECT_EQ(at("jobs[2].walltime"), "3:3");
  EXPECT_EQ(at("jobs[7].id"), "1:10");
  EXPECT_EQ(at("later"), "1:1");
}

// A text the tools do not accept as JSON is a problem at its line and column; the message keeps
// the byte, as before.
TEST(JsonInput, RefusedJsonIsLocated) {
  // The integer is on the second line, after one blank: line 2, column 2, byte 13 (`{"version":`
  // is 11 bytes, then the newline and the blank).
  const std::string text = "{\"version\":\n 99999999999999999999}";
  // json_input_problem: an error at the line and column of the byte; the file is the caller's.
  const auto p = json_input_problem(text);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->file, "");
  EXPECT_EQ(p->line, 2);
  EXPECT_EQ(p->column, 2);
  EXPECT_EQ(p->message, "integer 99999999999999999999 does not fit in 64 bits");
  EXPECT_EQ(offset_of(text, *p), 13u);
  // from_json: the same problem, its message naming the byte as before.
  const ir::PolicyFromJson r = ir::from_json(text);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.problem.line, 2);
  EXPECT_EQ(r.problem.column, 2);
  EXPECT_EQ(r.problem.severity, Severity::Error);
  EXPECT_EQ(r.problem.message, "invalid JSON: integer 99999999999999999999 does not fit in 64 bits at byte 13");
  // A member the reader refuses is named by its path, not a line.
  const ir::PolicyFromJson v = ir::from_json(R"({"version":"1"})");
  ASSERT_FALSE(v);
  EXPECT_EQ(v.problem.line, 0);
  EXPECT_EQ(to_text(v.problem), "error: version: expected an integer");
}

}  // namespace
}  // namespace maui
