#include "checker/prove/assertions.h"

#include <fmt/format.h>

#include <tao/pegtl.hpp>

#include "schemas/input_file.h"
#include "schemas/line_reader.h"

namespace maui::prove {

// The grammar of one line (docs/check.md, "Assertions"). Keywords are lower case, component
// names as Maui spells them (CRED, FS, RES, SERV, TARG, USAGE). Each must<> names what it
// expected, so that a bad line gets one message at the first character that does not fit.
namespace assert_grammar {

namespace pegtl = tao::pegtl;
using pegtl::alnum;
using pegtl::any;
using pegtl::digit;
using pegtl::eof;
using pegtl::must;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::rep_max;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;
using pegtl::string;

// --- lexical ----------------------------------------------------------------------------------
struct blank : one<' ', '\t', '\r'> {};
struct sp : star<blank> {};
struct comment : seq<one<'#'>, star<any>> {};  // the input is one line: no '\n' in it
struct digits : plus<digit> {};
struct colon : one<':'> {};
struct open_paren : one<'('> {};
struct close_paren : one<')'> {};
// The same characters where their absence is not an error (must_if raises whenever a rule with
// a message fails, under must<> or not).
struct field_separator : one<':'> {};
struct job_open : one<'('> {};
struct job_empty : one<')'> {};
struct equals : one<'='> {};

struct kw_assert : TAO_PEGTL_KEYWORD("assert") {};
struct kw_outranks : TAO_PEGTL_KEYWORD("outranks") {};
struct kw_share : TAO_PEGTL_KEYWORD("share") {};
struct kw_bound : TAO_PEGTL_KEYWORD("bound") {};
struct kw_when : TAO_PEGTL_KEYWORD("when") {};
struct kw_and : TAO_PEGTL_KEYWORD("and") {};
struct kw_of : TAO_PEGTL_KEYWORD("of") {};
struct kw_total : TAO_PEGTL_KEYWORD("total") {};
struct kw_job : TAO_PEGTL_KEYWORD("job") {};
struct kw_priority : TAO_PEGTL_KEYWORD("priority") {};
struct kw_component : TAO_PEGTL_KEYWORD("component") {};
struct kw_queuetime : TAO_PEGTL_KEYWORD("queuetime") {};
struct kw_walltime : TAO_PEGTL_KEYWORD("walltime") {};
struct kw_procs : TAO_PEGTL_KEYWORD("procs") {};
struct kw_xfactor : TAO_PEGTL_KEYWORD("xfactor") {};

// --- values -----------------------------------------------------------------------------------
struct cmp : sor<string<'<', '='>, string<'>', '='>, one<'<'>, one<'>'>, one<'='>> {};
struct cond_cmp : cmp {};  // two rules, two actions: a job's condition, the statement's
struct stmt_cmp : cmp {};
// [[[DD:]HH:]MM:]SS as in maui.cfg.
struct duration_value : seq<digits, rep_max<3, seq<field_separator, digits>>> {};
struct count_value : digits {};
struct signed_number : seq<opt<one<'+', '-'>>, digits, opt<one<'.'>, digits>> {};
struct xfactor_value : signed_number {};
struct bound_value : signed_number {};
struct share_value : seq<digits, opt<one<'.'>, digits>> {};
struct percent_sign : one<'%'> {};
struct percent : seq<share_value, must<percent_sign>> {};

// --- jobs and conditions ----------------------------------------------------------------------
struct duration_condition : seq<sor<kw_queuetime, kw_walltime>, sp, must<cond_cmp>, sp, must<duration_value>> {};
struct procs_condition : seq<kw_procs, sp, must<cond_cmp>, sp, must<count_value>> {};
struct xfactor_condition : seq<kw_xfactor, sp, must<cond_cmp>, sp, must<xfactor_value>> {};
struct job_condition : sor<duration_condition, procs_condition, xfactor_condition> {};
struct condition : job_condition {};  // in `when`, where one is required

struct cred_kind : sor<TAO_PEGTL_KEYWORD("user"), TAO_PEGTL_KEYWORD("group"), TAO_PEGTL_KEYWORD("account"),
                       TAO_PEGTL_KEYWORD("class"), TAO_PEGTL_KEYWORD("qos")> {};
struct cred_name : plus<sor<alnum, one<'_', '-', '.', '@', '+'>>> {};
struct cred_constraint : seq<cred_kind, sp, must<equals>, sp, must<cred_name>> {};
struct job_item : sor<cred_constraint, job_condition> {};
struct job_close : one<')'> {};
struct job_args
    : seq<job_open, sp,
          sor<job_empty, seq<must<job_item>, star<sp, one<','>, sp, must<job_item>>, sp, must<job_close>>>> {};
struct job : seq<kw_job, opt<sp, job_args>> {};

// --- statements -------------------------------------------------------------------------------
struct component_name : sor<TAO_PEGTL_KEYWORD("CRED"), TAO_PEGTL_KEYWORD("FS"), TAO_PEGTL_KEYWORD("RES"),
                            TAO_PEGTL_KEYWORD("SERV"), TAO_PEGTL_KEYWORD("TARG"), TAO_PEGTL_KEYWORD("USAGE")> {};
struct component_term : seq<kw_component, sp, must<open_paren>, sp, must<component_name>, sp,
                            opt<one<','>, sp, must<job>>, sp, must<close_paren>> {};
struct share_term : component_term {};  // share: only a component has a share of the total
struct priority_term : seq<kw_priority, sp, must<open_paren>, sp, must<job>, sp, must<close_paren>> {};
struct quantity : sor<priority_term, component_term> {};
struct rank_op : sor<string<'>', '='>, one<'>'>> {};

struct outranks_body : seq<kw_outranks, sp, must<colon>, sp, must<job>, sp, must<rank_op>, sp, must<job>> {};
struct share_body : seq<kw_share, sp, must<colon>, sp, must<share_term>, sp, must<stmt_cmp>, sp, must<percent>, sp,
                        must<kw_of>, sp, must<kw_total>> {};
struct bound_body : seq<kw_bound, sp, must<colon>, sp, must<quantity>, sp, must<stmt_cmp>, sp, must<bound_value>> {};
struct statement_kind : sor<outranks_body, share_body, bound_body> {};
struct assertion_head : seq<kw_assert, sp, must<statement_kind>> {};

struct when_clause : seq<kw_when, sp, must<condition>, star<sp, kw_and, sp, must<condition>>> {};
struct line_end : seq<sp, opt<comment>, eof> {};
struct after_when : line_end {};
struct after_statement : line_end {};
struct statement_tail : sor<seq<sp, when_clause, must<after_when>>, must<after_statement>> {};
struct assertion : seq<assertion_head, statement_tail> {};

struct line_body : sor<eof, comment, assertion> {};
struct line : seq<sp, must<line_body>> {};

// --- messages ---------------------------------------------------------------------------------
template <typename>
inline constexpr const char* error_message = nullptr;
#define MAUI_ASSERT_MESSAGE(rule, text) \
  template <>                           \
  inline constexpr auto error_message<rule> = text;
MAUI_ASSERT_MESSAGE(line_body, "expected 'assert', a '#' comment or a blank line")
MAUI_ASSERT_MESSAGE(statement_kind, "expected 'outranks:', 'share:' or 'bound:' after 'assert'")
MAUI_ASSERT_MESSAGE(colon, "expected ':'")
MAUI_ASSERT_MESSAGE(job, "expected 'job' or 'job(...)'")
MAUI_ASSERT_MESSAGE(job_item,
                    "expected user=, group=, account=, class=, qos= or a condition on queuetime, walltime, procs or "
                    "xfactor")
MAUI_ASSERT_MESSAGE(job_close, "expected ',' or ')' in the job")
MAUI_ASSERT_MESSAGE(equals, "expected '=' and a name")
MAUI_ASSERT_MESSAGE(cred_name, "expected a credential name")
MAUI_ASSERT_MESSAGE(cond_cmp, "expected a comparison: <, <=, =, >= or >")
MAUI_ASSERT_MESSAGE(stmt_cmp, "expected a comparison: <, <=, =, >= or >")
MAUI_ASSERT_MESSAGE(rank_op, "expected '>' or '>=' between the two jobs")
MAUI_ASSERT_MESSAGE(duration_value, "expected a duration [[[DD:]HH:]MM:]SS")
MAUI_ASSERT_MESSAGE(count_value, "expected a whole number")
MAUI_ASSERT_MESSAGE(xfactor_value, "expected a number")
MAUI_ASSERT_MESSAGE(bound_value, "expected a number")
MAUI_ASSERT_MESSAGE(percent, "expected a percentage such as 30%")
MAUI_ASSERT_MESSAGE(percent_sign, "expected '%'")
MAUI_ASSERT_MESSAGE(kw_of, "expected 'of total'")
MAUI_ASSERT_MESSAGE(kw_total, "expected 'total'")
MAUI_ASSERT_MESSAGE(open_paren, "expected '('")
MAUI_ASSERT_MESSAGE(close_paren, "expected ')'")
MAUI_ASSERT_MESSAGE(component_name, "expected a component: CRED, FS, RES, SERV, TARG or USAGE")
MAUI_ASSERT_MESSAGE(share_term, "expected 'component(NAME)'")
MAUI_ASSERT_MESSAGE(quantity, "expected 'priority(job...)' or 'component(NAME)'")
MAUI_ASSERT_MESSAGE(condition, "expected a condition: queuetime, walltime, procs or xfactor, a comparison and a value")
MAUI_ASSERT_MESSAGE(after_when, "expected 'and', a '#' comment or the end of the line")
MAUI_ASSERT_MESSAGE(after_statement, "expected 'when', a '#' comment or the end of the line")
#undef MAUI_ASSERT_MESSAGE

struct error_messages {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};
template <typename Rule>
using control = pegtl::must_if<error_messages>::control<Rule>;

// --- building the AST -------------------------------------------------------------------------
struct State {
  Assertion a;
  JobPattern job;
  bool in_job = false;
  Condition cond;
  ir::CredKind kind = ir::CredKind::User;
  std::string when_text;
};

Cmp cmp_of(std::string_view s) {
  if (s == "<") return Cmp::Lt;
  if (s == "<=") return Cmp::Le;
  if (s == "=") return Cmp::Eq;
  if (s == ">=") return Cmp::Ge;
  return Cmp::Gt;
}

ir::CredKind cred_kind_of(std::string_view s) {
  if (s == "group") return ir::CredKind::Group;
  if (s == "account") return ir::CredKind::Account;
  if (s == "class") return ir::CredKind::Class;
  if (s == "qos") return ir::CredKind::Qos;
  return ir::CredKind::User;
}

ir::PriorityComponent component_of(std::string_view s) {
  for (std::size_t c = 0; c < ir::kPriorityComponents; ++c)
    if (ir::to_string(static_cast<ir::PriorityComponent>(c)) == s) return static_cast<ir::PriorityComponent>(c);
  return ir::PriorityComponent::Cred;
}

double seconds_of(const std::string& s) {
  // Fields from the right: seconds, minutes, hours, days.
  static constexpr double kUnit[] = {1, 60, 3600, 86400};
  double total = 0;
  std::size_t field = 0, end = s.size();
  while (true) {
    std::size_t colon_at = s.rfind(':', end == 0 ? 0 : end - 1);
    std::size_t begin = colon_at == std::string::npos ? 0 : colon_at + 1;
    total += std::stod(s.substr(begin, end - begin)) * kUnit[field++];
    if (colon_at == std::string::npos) break;
    end = colon_at;
  }
  return total;
}

// A condition belongs to the job being read, else to the statement's `when`.
void end_condition(std::string text, State& st) {
  st.cond.text = std::move(text);
  (st.in_job ? st.job.conditions : st.a.when).push_back(std::move(st.cond));
  st.cond = Condition{};
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

// One action per rule that carries a value; `in` is the text the rule matched.
#define MAUI_ACTION(rule, ...)                                       \
  template <>                                                        \
  struct action<rule> {                                              \
    template <typename Input>                                        \
    static void apply([[maybe_unused]] const Input& in, State& st) { \
      __VA_ARGS__                                                    \
    }                                                                \
  };
MAUI_ACTION(kw_assert, st.a.column = static_cast<unsigned>(in.position().column);)
MAUI_ACTION(kw_outranks, st.a.kind = AssertionKind::Outranks;)
MAUI_ACTION(kw_share, st.a.kind = AssertionKind::Share;)
MAUI_ACTION(kw_bound, st.a.kind = AssertionKind::Bound;)
MAUI_ACTION(kw_job, st.job = JobPattern{}; st.in_job = true;)
MAUI_ACTION(job, st.job.text = in.string(); st.a.jobs.push_back(std::move(st.job)); st.in_job = false;)
MAUI_ACTION(cred_kind, st.kind = cred_kind_of(in.string_view());)
MAUI_ACTION(cred_name,
            st.job.credentials.push_back({st.kind, in.string(), static_cast<unsigned>(in.position().column)});)
MAUI_ACTION(kw_queuetime, st.cond.attr = JobAttr::QueueTime;)
MAUI_ACTION(kw_walltime, st.cond.attr = JobAttr::Walltime;)
MAUI_ACTION(kw_procs, st.cond.attr = JobAttr::Procs;)
MAUI_ACTION(kw_xfactor, st.cond.attr = JobAttr::XFactor;)
MAUI_ACTION(cond_cmp, st.cond.op = cmp_of(in.string_view());)
MAUI_ACTION(duration_value, st.cond.value = seconds_of(in.string());)
MAUI_ACTION(count_value, st.cond.value = std::stod(in.string());)
MAUI_ACTION(xfactor_value, st.cond.value = std::stod(in.string());)
MAUI_ACTION(job_condition, end_condition(in.string(), st);)
MAUI_ACTION(condition, end_condition(in.string(), st);)
MAUI_ACTION(rank_op, st.a.or_equal = in.string_view() == ">=";)
MAUI_ACTION(kw_component, st.a.of_component = true;)
MAUI_ACTION(component_name, st.a.component = component_of(in.string_view());)
MAUI_ACTION(stmt_cmp, st.a.op = cmp_of(in.string_view());)
MAUI_ACTION(bound_value, st.a.value = std::stod(in.string());)
MAUI_ACTION(share_value, st.a.value = std::stod(in.string());)
MAUI_ACTION(assertion_head, st.a.text = in.string();)
MAUI_ACTION(when_clause, st.when_text = in.string();)
#undef MAUI_ACTION

}  // namespace assert_grammar

std::string_view to_string(Cmp c) {
  switch (c) {
    case Cmp::Lt: return "<";
    case Cmp::Le: return "<=";
    case Cmp::Eq: return "=";
    case Cmp::Ge: return ">=";
    case Cmp::Gt: return ">";
  }
  return "?";
}

std::string_view to_string(JobAttr a) {
  switch (a) {
    case JobAttr::QueueTime: return "queuetime";
    case JobAttr::Walltime: return "walltime";
    case JobAttr::Procs: return "procs";
    case JobAttr::XFactor: return "xfactor";
  }
  return "?";
}

std::string_view to_string(AssertionKind k) {
  switch (k) {
    case AssertionKind::Outranks: return "outranks";
    case AssertionKind::Share: return "share";
    case AssertionKind::Bound: return "bound";
  }
  return "?";
}

AssertionFile parse_assertions(std::string_view text, const std::string& path) {
  namespace g = assert_grammar;
  AssertionFile out;
  out.path = path;
  NumberedLines lines(text);
  std::string_view one_line;
  while (lines.next(one_line)) {
    const unsigned line = lines.number();
    // One line per parse: a broken line cannot hide the lines after it.
    tao::pegtl::memory_input<> in(one_line.data(), one_line.data() + one_line.size(), path);
    g::State st;
    try {
      tao::pegtl::parse<g::line, g::action, g::control>(in, st);
    } catch (const tao::pegtl::parse_error& e) {
      const auto& pos = e.positions().front();
      out.errors.push_back(fmt::format("{}:{}:{}: error: {} [assert-syntax]", path, line, pos.column, e.message()));
      continue;
    }
    if (st.a.text.empty()) continue;  // a blank or comment line
    st.a.line = line;
    if (!st.when_text.empty()) st.a.text += " " + st.when_text;
    out.assertions.push_back(std::move(st.a));
  }
  return out;
}

AssertionFile read_assertions(const std::string& path) {
  InputFile in = read_input_file(path, kMaxAssertionBytes);
  if (in.error) {
    AssertionFile out;
    out.path = path;
    out.errors.push_back(fmt::format("{}: error: cannot read the assertions file: {}", path, in.error->message));
    return out;
  }
  return parse_assertions(in.text, path);
}

}  // namespace maui::prove
