// Looking up a job's credentials in the policy, with the DEFAULT credential as the fallback.
//
// Manual 6.2.1: "Using the keyword DEFAULT, a site may also specify the default setting for the
// desired user, group, account, QOS, and class". A credential's own setting wins when it is
// written (even a written 0); otherwise its kind's DEFAULT entry applies (docs/semantics.md,
// Engine). Lookups are hashed: the engine asks for every job's five credentials.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/engine/model.h"
#include "runtime/engine/node_access.h"
#include "runtime/engine/qos_flags.h"
#include "schemas/ir.h"
#include "schemas/problem.h"

namespace maui::runtime {

// Where a resolved setting came from: the credential's own line, or its kind's DEFAULT.
struct CredentialSource {
  const ir::CredentialConfig* config = nullptr;  // null: neither is configured
  bool from_default = false;
};

struct ResolvedPriority {
  std::int64_t value = 0;
  CredentialSource source;
  const ir::Provenance* from = nullptr;
};

struct ResolvedTarget {
  ir::FairshareTarget target;
  CredentialSource source;
};

class LimitBook;
struct PriorityPlan;

class CredentialDirectory {
 public:
  explicit CredentialDirectory(const ir::Policy& policy);
  explicit CredentialDirectory(ir::Policy&&) = delete;  // kept by reference

  const ir::Policy& policy() const { return policy_; }
  // The credential's own entry (null when the config never names it).
  const ir::CredentialConfig* find(ir::CredKind kind, std::string_view name) const;
  // The kind's DEFAULT entry (null when the config has none).
  const ir::CredentialConfig* defaults(ir::CredKind kind) const { return defaults_[static_cast<std::size_t>(kind)]; }

  // PRIORITY (CRED component), own else DEFAULT else 0.
  ResolvedPriority priority(ir::CredKind kind, std::string_view name) const;
  // FSTARGET, own else DEFAULT; a target of 0 counts as unset (manual: "[NONE]").
  std::optional<ResolvedTarget> fairshare_target(ir::CredKind kind, std::string_view name) const;
  // True when some credential (or DEFAULT) has a '^' or '%' fairshare cap: only then can a
  // fairshare cap block a job.
  bool has_fairshare_caps() const { return has_fairshare_caps_; }
  // True when the config sets some throttling limit (manual 6.2): without one, no job is ever
  // held back by a limit and usage need not be counted.
  bool has_limits() const { return has_limits_; }
  // The QOS of a job that did not ask for one: the first QDEF of user, DEFAULT user, group,
  // DEFAULT group, account, DEFAULT account, class, DEFAULT class, SYSCFG; else "DEFAULT".
  std::string default_qos(const Job& job) const;
  // SYSCFG's QDEF and QLIST (null when no SYSCFG line sets them).
  const std::string* system_qdef() const { return system_qdef_; }
  const ir::NameList* system_qos_list() const { return system_qos_list_; }
  // The QDEF a credential entry sets (null: the entry is null or sets none).
  static const std::string* qdef(const ir::CredentialConfig* c) {
    return c && c->qos_default && !c->qos_default->value.empty() ? &c->qos_default->value : nullptr;
  }
  // The QLIST that speaks for a credential: its own, else its kind's DEFAULT's (null: neither).
  const ir::NameList* qos_list(ir::CredKind kind, std::string_view name) const;
  // May the job run under `qos`? Its default QOS, and the QOS its credentials' QLISTs give it
  // (manual 7.3; docs/semantics.md 78): SYSCFG's list, or'ed with each of user, group, account
  // and class (own list, else its kind's DEFAULT), and'ed with their '&' lists, replaced by the
  // first '^' list of user, group, account, class.
  bool may_use_qos(const Job& job, std::string_view qos) const;
  // The QOS the job runs under: the one it asked for when it may use it, else its default.
  std::string job_qos(const Job& job) const;
  // The PLIST that confines a credential: its own, else its kind's DEFAULT's; null when neither
  // sets a non-empty list, or the list names ALL (docs/semantics.md 83).
  const ir::NameList* partition_list(ir::CredKind kind, std::string_view name) const;
  // May the job run on the nodes of `partition`? Only if every one of its credentials' PLISTs
  // names it (manual 6.2.1 DEFAULT fallback; the '&' and '^' markers change nothing here).
  bool may_use_partition(const Job& job, std::string_view partition) const;
  // The partition the job is tried in first: the first PDEF of user, DEFAULT user, group, DEFAULT
  // group, account, DEFAULT account, class, DEFAULT class, QOS, DEFAULT QOS (null: none). It
  // orders, it never opens: a PDEF outside the PLISTs is not used.
  const std::string* default_partition(const Job& job) const;
  // True when some credential (or DEFAULT) sets a PLIST: only then may a partition be closed to
  // a job on a cluster of one partition.
  bool has_partition_lists() const { return has_partition_lists_; }
  // Whether a job of this class and QOS shares its nodes (docs/semantics.md 84): SINGLEJOB when
  // the QOS has DEDICATED; else the class's NODEACCESSPOLICY (own, else CLASSCFG[DEFAULT]'s);
  // else the NODEACCESSPOLICY parameter.
  NodeAccess node_access(std::string_view job_class, std::string_view qos) const;
  // True when some job may take whole nodes: only then does scheduling ask node_access.
  bool has_whole_node_jobs() const { return has_whole_node_jobs_; }
  // True when some job may be SINGLEUSER: only then does scheduling tell users apart on nodes.
  bool has_single_user_jobs() const { return has_single_user_jobs_; }
  // True when some job may preempt: a QOS has PREEMPTOR, or a standing reservation has
  // OWNERPREEMPT and an OWNER. Only then does scheduling look for jobs to preempt.
  bool has_preemptors() const { return has_preemptors_; }
  // The flags of a QOS: its own QFLAGS, else QOSCFG[DEFAULT]'s (runtime/engine/qos_flags.h).
  const QosFlags& qos_flags(std::string_view qos) const;
  // True when some QOS has NOBF or NORESERVATION: only then does scheduling look at flags.
  bool has_scheduling_qos_flags() const { return has_scheduling_qos_flags_; }
  // Each setting the engine does not implement, with why, at its line (runtime/engine/unimplemented.h).
  const std::vector<Problem>& unimplemented() const { return unimplemented_; }
  // Every credential's throttling limits, resolved once (runtime/engine/limits.h).
  const LimitBook& limit_book() const { return *limit_book_; }
  // The priority weights and settings, read once (runtime/engine/priority.h).
  const PriorityPlan& priority_plan() const { return *priority_plan_; }

 private:
  using Index = std::unordered_map<std::string, const ir::CredentialConfig*, StringHash, std::equal_to<>>;

  const ir::Policy& policy_;
  std::array<Index, 6> by_kind_;
  std::array<const ir::CredentialConfig*, 6> defaults_{};
  std::unordered_map<std::string, QosFlags, StringHash, std::equal_to<>> qos_flags_;
  QosFlags default_qos_flags_;
  bool has_scheduling_qos_flags_ = false;
  std::vector<Problem> unimplemented_;
  const std::string* system_qdef_ = nullptr;
  bool any_qdef_ = false;  // a user, group, account or class entry sets QDEF
  const ir::NameList* system_qos_list_ = nullptr;
  bool has_fairshare_caps_ = false;
  bool has_partition_lists_ = false;
  bool has_whole_node_jobs_ = false;
  bool has_single_user_jobs_ = false;
  bool has_preemptors_ = false;
  NodeAccess default_access_ = NodeAccess::Shared;  // the NODEACCESSPOLICY parameter
  bool has_limits_ = false;
  std::shared_ptr<const LimitBook> limit_book_;        // shared by copies: it points into the policy only
  std::shared_ptr<const PriorityPlan> priority_plan_;  // the same
};

// The job credentials of a snapshot numbered densely per kind, so that per-credential state
// (cached priority factors, limits, usage) lives in vectors instead of behind string hashes.
// A job's empty QOS is the QOS "DEFAULT"; other empty credentials have no number.
struct JobCredentialIds {
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  // A set of kinds, bit static_cast<int>(kind) for each: the kinds a caller numbers.
  static constexpr unsigned kAllKinds = (1u << ir::kCredKinds.size()) - 1;
  static constexpr unsigned bit(ir::CredKind k) { return 1u << static_cast<unsigned>(k); }
  std::array<std::uint32_t, 5> by_kind{kNone, kNone, kNone, kNone, kNone};  // ir::kCredKinds order
  std::uint32_t operator[](ir::CredKind k) const { return by_kind[static_cast<std::size_t>(k)]; }
};

class CredentialIndex {
 public:
  std::uint32_t intern(ir::CredKind kind, std::string_view name);
  // The job's credentials of the kinds in `kinds` (the others stay kNone).
  JobCredentialIds intern(const Job& job, unsigned kinds = JobCredentialIds::kAllKinds);
  const std::string& name(ir::CredKind kind, std::uint32_t id) const {
    return names_[static_cast<std::size_t>(kind)][id];
  }
  std::size_t size(ir::CredKind kind) const { return names_[static_cast<std::size_t>(kind)].size(); }
  // Forgets every name, keeping the memory: numbering starts again from 0.
  void clear();

 private:
  // Open addressing with linear probing: every job's five names go through here, and a compact
  // table of (hash, id) pairs stays in the cache where std::unordered_map's nodes do not.
  // A slot holds hash << 32 | (id + 1); 0 is empty.
  void grow(std::size_t kind);
  std::uint32_t intern_new(std::size_t kind, std::string_view name);  // by the table
  std::array<std::vector<std::uint64_t>, 5> slots_;
  std::array<std::vector<std::string>, 5> names_;
  // The id interned last per kind, asked first: jobs in a row often share a name (every job of
  // a site without QOS is in QOS DEFAULT), and comparing one name costs less than hashing.
  static constexpr std::uint32_t kNoLast = std::numeric_limits<std::uint32_t>::max();
  std::array<std::uint32_t, 5> last_{kNoLast, kNoLast, kNoLast, kNoLast, kNoLast};
};

}  // namespace maui::runtime

namespace maui::runtime {
// A job's QOS request that its credentials do not allow: it runs under `given` instead.
struct RefusedQos {
  std::string job, asked, given;
};
// Gives every job its QOS (CredentialDirectory::job_qos); returns the requests refused, in
// snapshot order, so that the tools can say why a job runs under another QOS.
std::vector<RefusedQos> assign_qos(ClusterSnapshot& snapshot, const CredentialDirectory& dir);
}  // namespace maui::runtime
