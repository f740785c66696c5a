// Properties of the engine on random configs and queues (fixed seeds, so a failure reproduces):
// an eligible set never exceeds an idle limit, the admitted jobs never push a credential over a
// hard active limit, the SOFT pass never admits a job the HARD pass refused, and the priority
// order is a function of the input alone (same input, or the same jobs in another order, give
// the same order).
#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "runtime/engine/eligibility.h"
#include "tests/runtime_support.h"

namespace maui::runtime {
namespace {

using namespace testing;
using K = ir::CredKind;
constexpr Epoch kNow = 1'700'000'000;

// A random policy and the limits it sets, kept as data to check against.
struct RandomCase {
  std::string config;
  // kind -> name ("DEFAULT" included) -> (soft, hard) of MAXIJOB / MAXIPROC / MAXJOB / MAXPROC
  std::map<std::pair<K, std::string>, std::map<std::string, std::pair<int, int>>> limits;
  ClusterSnapshot snapshot;
};

RandomCase make_case(unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  RandomCase c;
  c.config = "USERWEIGHT 1\nQUEUETIMEWEIGHT 1\nXFACTORWEIGHT 3\n";
  const std::pair<K, std::string_view> families[] = {
      {K::User, "USERCFG"}, {K::Group, "GROUPCFG"}, {K::Class, "CLASSCFG"}};
  const int counts[] = {8, 3, 3};
  const char* prefixes[] = {"u", "g", "c"};
  for (int f = 0; f < 3; ++f) {
    for (int i = -1; i < counts[f]; ++i) {
      std::string name = i < 0 ? "DEFAULT" : fmt::format("{}{}", prefixes[f], i);
      std::string line;
      for (const char* attr : {"MAXIJOB", "MAXIPROC", "MAXJOB", "MAXPROC"}) {
        if (pick(0, 2) != 0) continue;
        int hard = pick(0, 5) == 0 ? -1 : pick(1, 12);
        bool idle = std::string_view(attr).starts_with("MAXI");
        int soft = hard > 0 && !idle && pick(0, 1) ? pick(1, hard) : hard;
        c.limits[{families[f].first, name}][attr] = {soft, hard};
        line += soft != hard ? fmt::format(" {}={},{}", attr, soft, hard) : fmt::format(" {}={}", attr, hard);
      }
      if (f == 0 && pick(0, 3) == 0) line += fmt::format(" PRIORITY={}", pick(-5, 50));
      if (!line.empty()) c.config += fmt::format("{}[{}]{}\n", families[f].second, name, line);
    }
  }
  int jobs = pick(0, 60);
  for (int j = 0; j < jobs; ++j) {
    J job = J(fmt::format("job{:03}", j))
                .user(fmt::format("u{}", pick(0, 7)))
                .group(fmt::format("g{}", pick(0, 2)))
                .job_class(fmt::format("c{}", pick(0, 2)))
                .tasks(pick(1, 4))
                .walltime(pick(1, 48) * 600)
                .submit(kNow - pick(0, 20) * 300);  // ties in submit time on purpose
    int kind = pick(0, 9);
    if (kind == 0) job.running(kNow - pick(0, 3600));
    if (kind == 1) job.hold("user");
    c.snapshot.jobs.push_back(job);
  }
  c.snapshot.now = kNow;
  return c;
}

// The hard limit (own, else DEFAULT; -1 and none are unlimited).
std::optional<int> hard_limit(const RandomCase& c, K kind, const std::string& name, const std::string& attr) {
  for (const std::string& who : {name, std::string("DEFAULT")}) {
    auto it = c.limits.find({kind, who});
    if (it == c.limits.end()) continue;
    auto a = it->second.find(attr);
    if (a == it->second.end()) continue;
    if (a->second.second == -1) return std::nullopt;
    return a->second.second;
  }
  return std::nullopt;
}

struct Totals {
  std::map<std::pair<K, std::string>, std::pair<double, double>> jobs_procs;  // (jobs, procs)
};

Totals sum(const RandomCase& c, const std::vector<const Job*>& jobs) {
  Totals t;
  for (const Job* j : jobs)
    for (K kind : {K::User, K::Group, K::Class}) {
      auto& entry = t.jobs_procs[{kind, j->credential(kind)}];
      entry.first += 1;
      entry.second += static_cast<double>(j->procs());
    }
  (void)c;
  return t;
}

TEST(RuntimeProperties, EligibleSetsRespectLimitsAndSoftIsPartOfHard) {
  // How often each limit family bit: the random cases must exercise what they check.
  std::size_t idle_blocked = 0, active_blocked = 0, soft_only = 0;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    RandomCase c = make_case(seed);
    auto t = compile_policy(c.config);
    auto q = evaluate_queue(*t.dir, {}, c.snapshot);
    std::vector<const Job*> hard, soft, running;
    for (const auto& e : q.eligibility.jobs) {
      if (e.eligible) hard.push_back(&c.snapshot.jobs[e.index]);
      if (e.soft_eligible) {
        soft.push_back(&c.snapshot.jobs[e.index]);
        EXPECT_TRUE(e.eligible) << "seed " << seed << ": soft pass admitted a job the hard pass refused";
      }
    }
    for (const auto& j : c.snapshot.jobs)
      if (j.is_active()) running.push_back(&j);
    EXPECT_LE(soft.size(), hard.size()) << "seed " << seed;

    // Idle limits: the eligible jobs of each credential fit MAXIJOB / MAXIPROC.
    Totals idle = sum(c, hard);
    for (const auto& [who, used] : idle.jobs_procs) {
      if (auto l = hard_limit(c, who.first, who.second, "MAXIJOB")) {
        EXPECT_LE(used.first, *l) << "seed " << seed;
      }
      if (auto l = hard_limit(c, who.first, who.second, "MAXIPROC")) {
        EXPECT_LE(used.second, *l) << "seed " << seed;
      }
    }
    // Active limits: running + admitted fit MAXJOB / MAXPROC, unless the running jobs alone are
    // already over (then nothing more of that credential is admitted).
    std::vector<const Job*> all = running;
    all.insert(all.end(), hard.begin(), hard.end());
    Totals active = sum(c, all), before = sum(c, running);
    for (const auto& [who, used] : active.jobs_procs) {
      auto was = before.jobs_procs[who];
      if (auto l = hard_limit(c, who.first, who.second, "MAXJOB")) {
        EXPECT_LE(used.first, std::max<double>(*l, was.first)) << "seed " << seed << " " << who.second;
      }
      if (auto l = hard_limit(c, who.first, who.second, "MAXPROC")) {
        EXPECT_LE(used.second, std::max<double>(*l, was.second)) << "seed " << seed << " " << who.second;
      }
    }
    // A blocked job without holds is blocked for a reason that is spelt out.
    for (const auto& e : q.eligibility.jobs) {
      if (!e.eligible) {
        EXPECT_FALSE(e.holds.empty() && e.violations.empty() && !e.negative_priority) << "seed " << seed;
      }
      for (const auto& v : e.violations) (v.family == LimitFamily::Idle ? idle_blocked : active_blocked)++;
      soft_only += e.eligible && !e.soft_eligible;
    }
  }
  EXPECT_GT(idle_blocked, 100u);
  EXPECT_GT(active_blocked, 100u);
  EXPECT_GT(soft_only, 20u);
}

TEST(RuntimeProperties, PriorityOrderIsDeterministic) {
  for (unsigned seed = 1; seed <= 100; ++seed) {
    RandomCase c = make_case(seed);
    auto t = compile_policy(c.config);
    auto order = [&](const ClusterSnapshot& s) {
      auto q = evaluate_queue(*t.dir, {}, s);
      std::vector<std::string> ids;
      for (const auto& e : q.eligibility.jobs) ids.push_back(s.jobs[e.index].id + (e.eligible ? "+" : "-"));
      return ids;
    };
    auto first = order(c.snapshot);
    EXPECT_EQ(first, order(c.snapshot)) << "seed " << seed;
    ClusterSnapshot shuffled = c.snapshot;
    std::shuffle(shuffled.jobs.begin(), shuffled.jobs.end(), std::mt19937(seed * 7919));
    EXPECT_EQ(first, order(shuffled)) << "seed " << seed;
    // And the order is priority descending, then submission, then id.
    FairshareStanding no_fairshare;
    PriorityCalculator calc(*t.dir, no_fairshare, {}, kNow);
    auto ranked = rank_jobs(calc, c.snapshot.jobs);
    for (std::size_t i = 1; i < ranked.size(); ++i)
      EXPECT_TRUE(ranks_before(c.snapshot.jobs[ranked[i - 1].index], ranked[i - 1].priority,
                               c.snapshot.jobs[ranked[i].index], ranked[i].priority))
          << "seed " << seed;
  }
}

}  // namespace
}  // namespace maui::runtime
