// Throttling policies (manual 6.2, reference §6): active limits (MAXJOB MAXPROC MAXPS MAXPE MAXWC
// MAXNODE MAXMEM), idle limits (MAXI*), system per-job limits (SYSTEMMAX*PERJOB, QOS OMAXJ*),
// multi-dimensional limits (CLASSCFG[fast] MAXPROC[USER:steve]=3, MAXJOBPERUSER ...), soft and
// hard levels, DEFAULT credentials and QOS override limits.
//
// A LimitBook resolves each credential's limits once per policy (own, then DEFAULT). A Throttle
// applies the QOS overrides and, given a UsageLedger of what is counted so far (running jobs,
// and the jobs admitted so far in an eligibility pass), answers "which limits would this job
// break": every one, with the numbers, so that a blocked job can be explained.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/engine/credentials.h"
#include "runtime/engine/model.h"
#include "schemas/ir.h"

namespace maui::runtime {

enum class LimitFamily : std::uint8_t { Active, Idle, System };
enum class LimitLevel : std::uint8_t { Soft, Hard };

// An amount of each limited resource, in ir::LimitResource order (JOB NODE PE PROC PS WC MEM).
struct ResourceAmounts {
  std::array<double, ir::kLimitResources> value{};
  double& operator[](ir::LimitResource r) { return value[static_cast<std::size_t>(r)]; }
  double operator[](ir::LimitResource r) const { return value[static_cast<std::size_t>(r)]; }
  ResourceAmounts& operator+=(const ResourceAmounts& o) {
    for (std::size_t i = 0; i < value.size(); ++i) value[i] += o.value[i];
    return *this;
  }
};

// What a job asks for when it starts: 1 job, its procs, its requested node count, its PE, its
// walltime and procs x walltime, its memory.
ResourceAmounts job_request(const Job& job, const ClusterTotals& totals);
// What a running job holds now: as the request, but MAXPS / MAXWC count the time it still has
// (manual 6.2.1.1: "outstanding" proc-seconds, shrinking as the job approaches its end), and
// MAXNODE the nodes it was given when known.
ResourceAmounts active_usage(const Job& job, Epoch now, const ClusterTotals& totals);

// Where the number a job was checked against came from.
enum class LimitSource : std::uint8_t {
  Own,          // the credential's own line
  Default,      // its kind's DEFAULT credential
  QosOverride,  // the job's QOS OMAX* / OMAXI* / OMAXJ* (manual 6.2.2)
  System,       // SYSTEMMAX*PERJOB
};

struct LimitViolation {
  LimitFamily family = LimitFamily::Active;
  LimitLevel level = LimitLevel::Hard;
  ir::LimitResource resource = ir::LimitResource::Job;
  std::int64_t limit = 0;
  double request = 0;
  double usage = 0;
  // Whose usage counts: a credential of the job; for the system family the whole system
  // (kind System, name empty); for a SYSCFG limit all jobs (kind System).
  ir::Credential credential;
  // A multi-dimensional limit: the credential it is configured on (class fast in
  // `CLASSCFG[fast] MAXPROC[USER:steve]=3`); `credential` is then user steve.
  std::optional<ir::Credential> within;
  bool scope_named = false;  // MAXPROC[USER:steve] rather than MAXPROC[USER]
  LimitSource source = LimitSource::Own;
  ir::Credential source_credential;  // the QOS of an override, DEFAULT of a fallback
  // Where the limit was set; points into the policy, which outlives every report about it.
  const ir::Provenance* from = nullptr;
};

// "violates active HARD MAXJOB limit of 2 for user steve (request 1, usage 2)"
std::string describe(const LimitViolation& v);
// MAXJOB, MAXIPROC, SYSTEMMAXPROCPERJOB ... as the admin writes it.
std::string limit_name(LimitFamily family, ir::LimitResource r);
std::string_view to_string(LimitFamily);
std::string_view to_string(LimitLevel);
std::string_view to_string(LimitSource);

// Counted usage: per credential (numbered by a CredentialIndex), per credential inside a
// credential (class x user ...), and the whole system; active (running, or admitted as if
// started) and idle (admitted to the eligible list).
class UsageLedger {
 public:
  // Room for every credential `index` numbers: counting then allocates nothing per credential
  // (a ledger is built per iteration, and growing it was most of what counting cost).
  void size_for(const CredentialIndex& index);
  const ResourceAmounts* find(bool idle, ir::CredKind kind, std::uint32_t id) const;
  ResourceAmounts& at(bool idle, ir::CredKind kind, std::uint32_t id);
  const ResourceAmounts* find_scoped(bool idle, ir::CredKind owner_kind, std::uint32_t owner, ir::CredKind member_kind,
                                     std::uint32_t member) const;
  ResourceAmounts& scoped(bool idle, ir::CredKind owner_kind, std::uint32_t owner, ir::CredKind member_kind,
                          std::uint32_t member);
  const ResourceAmounts& system(bool idle) const { return system_[idle]; }
  ResourceAmounts& system(bool idle) { return system_[idle]; }

 private:
  std::array<std::array<std::vector<ResourceAmounts>, 5>, 2> by_credential_;  // [idle][kind][id]
  // Usage of (owner, member) pairs, open addressing on the pair's numbers: every admitted job
  // adds to it, and node-based maps cost a cache miss per step.
  struct PairTable {
    std::vector<std::uint64_t> keys;  // owner << 32 | member, plus 1; 0 = empty
    std::vector<ResourceAmounts> values;
    std::size_t used = 0;
    const ResourceAmounts* find(std::uint64_t key) const;
    ResourceAmounts& at(std::uint64_t key);
  };
  std::array<std::array<std::array<PairTable, 5>, 5>, 2> scoped_;
  std::array<ResourceAmounts, 2> system_{};
};

// Every credential's limits after the DEFAULT fallback (its own line first, then its kind's
// DEFAULT), resolved once per policy and held by the CredentialDirectory: a Throttle is built
// per iteration and per eligibility pass, and resolving again in each cost more than checking.
class LimitBook {
 public:
  struct Resolved {  // one limit after the DEFAULT fallback; hard -1 = explicitly unlimited
    std::int64_t soft = 0, hard = 0;
    LimitSource source = LimitSource::Own;
    const ir::CredentialConfig* config = nullptr;
    const ir::Provenance* from = nullptr;
  };
  struct ScopedRule {
    const ir::ScopedLimit* limit;
    const ir::CredentialConfig* config;  // own or DEFAULT
    bool from_default;
  };
  struct PlainRule {
    bool idle;
    ir::LimitResource resource;
    Resolved limit;
  };
  struct Rules {  // one credential's limits, only those that are set
    const ir::CredentialConfig* own = nullptr;
    const QosFlags* exemptions = nullptr;  // a QOS's flags when they lift some limit (else null)
    std::vector<PlainRule> plain;
    std::vector<ScopedRule> scoped;
    bool any() const { return !plain.empty() || !scoped.empty(); }
  };

  explicit LimitBook(const CredentialDirectory& dir);

  // The credential's rules: its own when the config names it, else its kind's DEFAULT-derived
  // ones (thousands of users share them: one copy, hot in the cache).
  const Rules& of(ir::CredKind kind, std::string_view name) const;
  const Rules& system() const { return system_; }  // SYSCFG: limits on all jobs together
  // Whether some credential of kind `owner` limits its members of kind `member`.
  bool scoped_pair(std::size_t owner, std::size_t member) const { return scoped_pairs_[owner][member]; }
  const std::optional<Resolved>& per_job(std::size_t r) const { return per_job_[r]; }  // SYSTEMMAX*PERJOB

 private:
  void resolve(Rules& r, const CredentialDirectory& dir, ir::CredKind kind, const ir::CredentialConfig* own) const;

  std::array<std::unordered_map<std::string, Rules, StringHash, std::equal_to<>>, 5> own_;
  std::array<Rules, 5> defaults_;
  Rules system_;
  std::array<std::array<bool, 5>, 5> scoped_pairs_{};  // (owner kind, member kind) configured
  std::array<std::optional<Resolved>, ir::kLimitResources> per_job_;
};

class Throttle {
 public:
  // `index` numbers the credentials (shared with a PriorityCalculator to intern each job once);
  // null: the throttle keeps its own.
  Throttle(const CredentialDirectory& dir, ClusterTotals totals, Epoch now, CredentialIndex* index = nullptr);
  Throttle(CredentialDirectory&&, ClusterTotals, Epoch, CredentialIndex* = nullptr) = delete;  // kept by reference
  Throttle(const Throttle&) = delete;
  Throttle& operator=(const Throttle&) = delete;

  enum Families : unsigned { kActive = 1, kIdle = 2, kSystem = 4, kAll = 7 };

  // The engine's form: credentials numbered by index(), usage in a ledger of the caller.
  JobCredentialIds intern(const Job& job) { return index_->intern(job); }
  // Counting usage: a running job counts what it holds; a job admitted by an eligibility pass
  // counts its request as idle (eligible) usage and, as it may start, as active usage.
  void add(UsageLedger& ledger, const JobCredentialIds& ids, const ResourceAmounts& amount, bool idle) const;
  // Appends every limit of the given families that the job with `request` would break at
  // `level`, counting the usage in `ledger`; returns how many.
  std::size_t check(const UsageLedger& ledger, const JobCredentialIds& ids, const ResourceAmounts& request,
                    LimitLevel level, unsigned families, std::vector<LimitViolation>& out) const;

  // The simple form, with a ledger of the throttle's own.
  void add_running(const Job& job);
  void add_idle(const Job& job, const ResourceAmounts& request);
  void add_active(const Job& job, const ResourceAmounts& request);
  std::size_t check(const Job& job, const ResourceAmounts& request, LimitLevel level, unsigned families,
                    std::vector<LimitViolation>& out);

  const ClusterTotals& totals() const { return totals_; }
  Epoch now() const { return now_; }

 private:
  using Rules = LimitBook::Rules;
  const Rules& rules(ir::CredKind kind, std::uint32_t id) const;

  const CredentialDirectory& dir_;
  ClusterTotals totals_;
  Epoch now_;
  std::unique_ptr<CredentialIndex> own_index_;
  CredentialIndex* index_;
  const LimitBook& book_;
  // The book's rules by credential number, looked up at a credential's first check.
  mutable std::array<std::vector<const LimitBook::Rules*>, 5> rules_;
  // The ledger of the calls that take a Job (add_running ... check), built at their first use:
  // the scheduler keeps its own ledgers, and a ledger is kilobytes of tables.
  std::unique_ptr<UsageLedger> ledger_;
  UsageLedger& own_ledger();
};

}  // namespace maui::runtime
