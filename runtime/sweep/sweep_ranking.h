// The sweep's answer: each candidate's run (what `mauirun simulate --format json --by KIND` prints
// for its config), ranked by one metric, with the Pareto-optimal candidates marked. Built from
// the runs' JSON text alone, so that the runs made here on threads and the runs made as a Slurm
// job array (`mauirun sweep --merge`) give the same ranking, byte for byte. Pure: no I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/sweep/sweep_plan.h"

namespace maui::runtime {

// What a candidate is ranked by; each is also one of the Pareto objectives (all lower is
// better but utilization).
enum class RankBy { AverageWait, P95Wait, Slowdown, Utilization, WorstWait };
std::string_view to_string(RankBy r);  // "average_wait", "p95_wait", "slowdown", "utilization", "worst_wait"
std::optional<RankBy> rank_by_named(std::string_view name);

// One replay's output, or why there is none.
struct SweepRun {
  std::string output;  // simulate's JSON text
  std::string error;   // non-empty: the run failed (its exit status, its last words)
};

// A credential of the --by kind in one run.
struct CredentialWait {
  std::string name;
  std::int64_t jobs = 0;
  double average_wait = 0;
  std::int64_t p95_wait = 0;
};

struct CandidateResult {
  Candidate candidate;
  std::string metrics_json;  // simulate's "metrics" object, as it printed it (compact)
  double average_wait = 0, p95_wait = 0, slowdown = 0, utilization = 0;
  std::string worst_name;  // the credential whose jobs waited longest on average ("" if none)
  double worst_wait = 0;
  std::vector<CredentialWait> credentials;  // in simulate's order
  bool pareto = false;
  std::size_t rank = 0;  // from 1
};

struct SweepFailure {
  Candidate candidate;
  std::string error;
};

struct SweepRanking {
  std::string base_config, trace;  // as the admin named them
  std::string by;                  // the credential kind of the worst wait ("user")
  RankBy rank_by = RankBy::AverageWait;
  std::optional<CandidateResult> base;  // BASE alone, for comparison; empty if its run failed
  std::string base_error;               // why it did
  std::vector<CandidateResult> ranked;  // best first; ties by candidate index
  std::vector<SweepFailure> failed;     // by candidate index
};

struct SweepInputs {
  std::string base_config, trace, by;
  RankBy rank_by = RankBy::AverageWait;
};

// `runs[k]` is candidates[k]'s run. An output that is not simulate's JSON is a failure naming
// what was missing.
SweepRanking rank_sweep(const SweepInputs& in, std::span<const Candidate> candidates, std::span<const SweepRun> runs,
                        const SweepRun& base_run);

// {"version":1,"base_config","trace","by","rank_by","base":{"metrics":{...}},"candidates":[{"index",
//  "rank","settings":{"NAME":"VALUE"},"metrics":{...simulate's...},"worst":{"name","average_wait"},
//  "pareto"}],"failed":[{"index","settings","error"}]} (docs/sweep.md).
std::string sweep_json(const SweepRanking& r);
// The ranking as a table, one candidate a line, BASE last, then the failures.
std::string sweep_text(const SweepRanking& r);

}  // namespace maui::runtime
