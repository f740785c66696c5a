// A Z3 solver session whose assertions are labelled with the config lines they come from, so
// that an UNSAT answer names the lines responsible (a minimal unsat core), and whose every query
// can be written out as SMT-LIB (--print-smtlib) for inspection outside mauic.
#pragma once

#include <z3++.h>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/prove/result.h"

namespace maui::prove {

enum class Answer { Sat, Unsat, Unknown };

struct CheckOutcome {
  Answer answer = Answer::Unknown;
  std::string reason;  // Unknown: Z3's reason (timeout, incomplete theory ...)
};

// --print-smtlib could not write a query file: the run stops there (the files were its point).
struct SmtlibWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Session {
 public:
  // `timeout_ms` 0 = none. `smtlib_dir` empty: queries are not written.
  Session(z3::context& ctx, unsigned timeout_ms, std::string smtlib_dir = {});

  z3::context& ctx() { return ctx_; }
  // The solver without labels (for push / pop of extra facts; checks and models use it).
  z3::solver& solver() { return fast_; }

  // Background facts (domains of variables): never blamed.
  void assume(const z3::expr& fact) {
    solver_.add(fact);
    fast_.add(fact);
  }
  // A config-derived constraint, blamed as `blame` when it is part of an unsat core. Returns
  // its label number.
  std::size_t track(const z3::expr& constraint, Location blame);

  // Checks the solver's assertions with every tracked constraint (and `extra` assumptions) on;
  // `query` names the SMT-LIB file (sanitised) when --print-smtlib is on.
  CheckOutcome check(const std::string& query, const std::vector<z3::expr>& extra = {});
  // After Unsat: the tracked constraints of a minimal core (deletion-minimised), sorted.
  std::vector<Location> blame();
  z3::model model() { return fast_.get_model(); }
  // Scopes: constraints tracked after push() are dropped by pop() (one session, many queries).
  void push();
  void pop();

 private:
  z3::context& ctx_;
  // Two solvers with the same constraints: `fast_` plain, answering every query; `solver_` with
  // each tracked constraint behind a label, asked only for the core after an UNSAT answer
  // (thousands of label assumptions on every query would cost more than the query).
  z3::solver solver_;
  z3::solver fast_;
  std::string smtlib_dir_;
  std::vector<z3::expr> labels_;
  std::vector<Location> blames_;
  std::vector<z3::expr> last_extra_;
  std::map<std::string, unsigned> dumped_;  // query name -> files written
  std::vector<std::size_t> scopes_;         // labels_.size() at each push
};

// Model value of an integer expression (model completion on).
std::int64_t int_value(z3::model& m, const z3::expr& e);

}  // namespace maui::prove
