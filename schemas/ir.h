// The typed policy IR: what a maui.cfg means, independent of how it was written.
//
// Produced by parser/lower.h, consumed by the checker and the runtime. Every value carries
// its provenance (file, line, column range and how it got its value) so diagnostics, diffs and
// explanations can cite the config line. The IR is plain data with value semantics; equality
// is structural (used by the JSON round-trip test).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace maui::ir {

// ---------------------------------------------------------------------------------------------
// Bounds

// The largest quantities the tools accept from a config, a cluster snapshot, a job trace or the
// command line: far beyond any real cluster, and small enough that every sum and product the
// engine forms from them (a cluster's total procs, tasks x per-task memory, a start plus a
// walltime) stays well inside 64 bits. A larger value is an input error, never an overflow.
inline constexpr std::int64_t kMaxProcs = 1'000'000'000;          // of one node, or of one job in all
inline constexpr std::int64_t kMaxMegabytes = 1'000'000'000'000;  // memory, swap or disk (an exabyte)
inline constexpr std::int64_t kMaxNodes = 1'000'000;              // in one cluster
inline constexpr std::int64_t kMaxSeconds = 1'000'000'000'000;    // a time or a duration (31,700 years)

// ---------------------------------------------------------------------------------------------
// Provenance

// How a value got its value.
enum class Derivation : std::uint8_t {
  BuiltinDefault,     // nothing in the config: the table's default
  Explicit,           // written on this line
  DefaultCredential,  // inherited from the DEFAULT credential of the same kind
  Override,           // a QOS override limit replaced it
  LaterLineWins,      // written several times; this is the last one (earlier ones noted)
  Include,            // written in a file pulled in with #INCLUDE
  Legacy,             // set through an obsolete spelling or a Maui 3.0-style scalar
};

// The file of a source range. Interned: a large site has hundreds of thousands of provenance
// records naming a handful of files, and a std::string in each was a copy per value in lowering
// and 32 bytes of every record. A FileName is one pointer to the only copy of its text, so copying
// and comparing are pointer operations; interned texts live until the process exits (there are as
// many as distinct file names, a few per config).
class FileName {
 public:
  FileName() = default;                      // "": no file
  explicit FileName(std::string_view name);  // interns the text (thread-safe)
  const std::string& str() const { return text_ != nullptr ? *text_ : kNone; }
  bool empty() const { return text_ == nullptr; }
  bool operator==(const FileName& other) const { return text_ == other.text_; }
  bool operator==(std::string_view name) const { return str() == name; }

 private:
  static inline const std::string kNone;
  const std::string* text_ = nullptr;  // never points to ""
};

struct SourceRange {
  FileName file;        // as given on the command line / in #INCLUDE (stable, relative)
  unsigned line = 0;    // 1-based; 0 = no location (built-in default)
  unsigned column = 0;  // 1-based, in bytes
  unsigned end_column = 0;
  bool operator==(const SourceRange&) const = default;
};

// The lines a value was written on before the one that won (Derivation::LaterLineWins). Most
// values are written once, and every value of the IR has a provenance (a large site's has a
// million): the lines are kept behind a pointer, 8 bytes in each provenance where a vector took
// 24, allocated only for a value written twice. A value: copies are deep.
class EarlierLines {
 public:
  EarlierLines() = default;
  EarlierLines(std::initializer_list<SourceRange> lines)
      : lines_(lines.size() ? std::make_unique<std::vector<SourceRange>>(lines) : nullptr) {}
  EarlierLines(const EarlierLines& other)
      : lines_(other.lines_ ? std::make_unique<std::vector<SourceRange>>(*other.lines_) : nullptr) {}
  EarlierLines(EarlierLines&&) noexcept = default;
  EarlierLines& operator=(const EarlierLines& other) {
    if (this != &other) lines_ = other.lines_ ? std::make_unique<std::vector<SourceRange>>(*other.lines_) : nullptr;
    return *this;
  }
  EarlierLines& operator=(EarlierLines&&) noexcept = default;

  const std::vector<SourceRange>& list() const { return lines_ ? *lines_ : kNone; }
  std::vector<SourceRange>& list() {
    if (!lines_) lines_ = std::make_unique<std::vector<SourceRange>>();
    return *lines_;
  }
  bool empty() const { return list().empty(); }
  std::size_t size() const { return list().size(); }
  const SourceRange& operator[](std::size_t i) const { return list()[i]; }
  void push_back(const SourceRange& line) { list().push_back(line); }
  void clear() { lines_.reset(); }
  bool operator==(const EarlierLines& other) const { return list() == other.list(); }

 private:
  static inline const std::vector<SourceRange> kNone;
  std::unique_ptr<std::vector<SourceRange>> lines_;
};

struct Provenance {
  // `how` goes in the padding at the end of `where`: 32 bytes instead of 40, in each of the
  // million provenances of a large site's IR.
  [[no_unique_address]] SourceRange where;
  Derivation how = Derivation::BuiltinDefault;
  EarlierLines earlier;  // LaterLineWins: the lines that were overridden
  bool operator==(const Provenance&) const = default;
};

// A value and where it came from.
template <class T>
struct Sourced {
  T value{};
  Provenance from;
  bool operator==(const Sourced&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Basic value types

using Seconds = std::int64_t;
inline constexpr Seconds kInfinity = 2'140'000'000;  // Maui's "infinite" time

// System is SYSCFG, the global partition object (not a job credential: not in kCredKinds).
enum class CredKind : std::uint8_t { User, Group, Account, Class, Qos, System };
inline constexpr std::array kCredKinds = {CredKind::User, CredKind::Group, CredKind::Account, CredKind::Class,
                                          CredKind::Qos};

struct Credential {
  CredKind kind = CredKind::User;
  std::string name;
  bool operator==(const Credential&) const = default;
  auto operator<=>(const Credential&) const = default;
};

// Throttling limits. 0 = unset (falls back to DEFAULT), -1 = explicitly unlimited.
enum class LimitResource : std::uint8_t { Job, Node, PE, Proc, PS, WC, Mem };
inline constexpr std::size_t kLimitResources = 7;

struct Limit {
  std::int64_t soft = 0;
  std::int64_t hard = 0;
  Provenance from;
  bool operator==(const Limit&) const = default;
};

// A part of an object that few such objects have (the QOSCFG settings of a credential: only
// QOS use them, and a large site has tens of thousands of users; the limit tables below):
// allocated on the first write through the non-const access, an empty T read otherwise. A
// value: copies are deep, equality compares the contents.
template <class T>
class OnDemand {
 public:
  OnDemand() = default;
  OnDemand(const OnDemand& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  OnDemand(OnDemand&&) noexcept = default;
  OnDemand& operator=(const OnDemand& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  OnDemand& operator=(OnDemand&&) noexcept = default;

  const T& get() const { return value_ ? *value_ : kEmpty; }
  T& get() {
    if (!value_) value_ = std::make_unique<T>();
    return *value_;
  }
  const T* operator->() const { return &get(); }
  T* operator->() { return &get(); }
  bool operator==(const OnDemand& other) const { return get() == other.get(); }

 private:
  static inline const T kEmpty{};
  std::unique_ptr<T> value_;
};

// One limit per resource, for one family (active, idle, system).
//
// Most tables are empty (every credential has three QOS override tables, only a QOS uses them,
// and many credentials set no idle limit), so the slots are allocated on the first write through
// the non-const operator[] (OnDemand): an empty table is one pointer instead of seven limits,
// which made a credential 5 KB and its allocation, zeroing and freeing the bulk of lowering a
// large site.
class LimitTable {
 public:
  using Slots = std::array<std::optional<Limit>, kLimitResources>;

  // Every slot, indexed by LimitResource (all empty when nothing was ever set).
  const Slots& by_resource() const { return slots_.get(); }
  const std::optional<Limit>& operator[](LimitResource r) const { return slots_.get()[static_cast<std::size_t>(r)]; }
  std::optional<Limit>& operator[](LimitResource r) { return slots_.get()[static_cast<std::size_t>(r)]; }
  bool empty() const {
    for (const auto& l : by_resource())
      if (l) return false;
    return true;
  }
  bool operator==(const LimitTable&) const = default;

 private:
  OnDemand<Slots> slots_;
};

// A multi-dimensional limit: `CLASSCFG[fast] MAXPROC[USER:steve]=3` (scope User, name steve),
// `MAXNODE[USER]=8` or `MAXJOBPERUSER=2` (scope User, every user separately).
struct ScopedLimit {
  LimitResource resource = LimitResource::Job;
  bool idle = false;
  CredKind scope = CredKind::User;
  std::optional<std::string> scope_name;  // none = applies to each credential of `scope`
  Limit limit;
  bool operator==(const ScopedLimit&) const = default;
};

enum class FairshareMode : std::uint8_t {
  Target,       // no marker: steer toward the value
  Floor,        // '+': raise priority only below the target
  Ceiling,      // '-': lower priority only above the target
  CapAbsolute,  // '^': block jobs once usage (proc-seconds) reaches the value
  CapRelative,  // '%': block jobs once usage reaches the value in percent of the total
};

struct FairshareTarget {
  double value = 0;
  FairshareMode mode = FairshareMode::Target;
  Provenance from;
  bool operator==(const FairshareTarget&) const = default;
};

// A name list with Maui's list markers: `&` (AND list) / `^` (ONLY list) for QLIST/PLIST.
enum class ListMode : std::uint8_t { Or, And, Only };
struct NameList {
  std::vector<std::string> names;
  ListMode mode = ListMode::Or;
  Provenance from;
  bool operator==(const NameList&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Credentials (USERCFG GROUPCFG ACCOUNTCFG CLASSCFG QOSCFG; DEFAULT is an ordinary entry)

// An attribute kept as written (accepted, not used by the engine): annotate, diff, explain.
struct RawSetting {
  std::string value;
  Provenance from;
  bool operator==(const RawSetting&) const = default;
};

struct QosSettings {                                      // QOSCFG only
  std::optional<Sourced<std::int64_t>> queuetime_weight;  // QTWEIGHT
  std::optional<Sourced<Seconds>> queuetime_target;       // QTTARGET
  std::optional<Sourced<std::int64_t>> xfactor_weight;    // XFWEIGHT
  std::optional<Sourced<double>> xfactor_target;          // XFTARGET
  std::vector<Sourced<std::string>> flags;                // QFLAGS / FLAGS
  LimitTable override_active;                             // OMAX*
  LimitTable override_idle;                               // OMAXI*
  LimitTable override_system;                             // OMAXJ*
  bool operator==(const QosSettings&) const = default;
};

// NODEACCESSPOLICY (and CLASSCFG's): whether a job shares its nodes (docs/semantics.md 84, 89);
// in the order of the values the parameter table allows, as the scheduling policies below.
enum class NodeAccessPolicy : std::uint8_t { Shared, SingleJob, SingleTask, SingleUser };

struct CredentialConfig {
  Credential id;
  Provenance declared;  // first line that named it
  std::optional<Sourced<std::int64_t>> priority;
  std::optional<FairshareTarget> fairshare_target;
  LimitTable active;  // MAX*
  LimitTable idle;    // MAXI*
  std::vector<ScopedLimit> scoped;
  std::optional<NameList> qos_list;                       // QLIST
  std::optional<Sourced<std::string>> qos_default;        // QDEF
  std::optional<NameList> partition_list;                 // PLIST
  std::optional<Sourced<std::string>> partition_default;  // PDEF
  std::optional<Sourced<std::string>> account_default;    // ADEF
  std::vector<Sourced<std::string>> job_flags;            // JOBFLAGS
  std::optional<Sourced<Seconds>> max_walltime;           // MAX.WCLIMIT
  std::optional<Sourced<Seconds>> default_walltime;       // DEFAULT.WCLIMIT
  std::optional<Sourced<NodeAccessPolicy>> node_access;   // NODEACCESSPOLICY (CLASSCFG only)
  OnDemand<QosSettings> qos;                              // QOSCFG only
  std::map<std::string, RawSetting> other;                // attributes the engine does not use
  bool operator==(const CredentialConfig&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Priority (seed 5.1.2)

enum class PriorityComponent : std::uint8_t { Cred, Fairshare, Resource, Service, Target, Usage };
inline constexpr std::size_t kPriorityComponents = 6;

enum class PrioritySubcomponent : std::uint8_t {
  // CRED
  User,
  Group,
  Account,
  Qos,
  Class,
  // FS
  FsUser,
  FsGroup,
  FsAccount,
  FsQos,
  FsClass,
  // RES
  Node,
  Proc,
  Mem,
  Swap,
  Disk,
  PS,
  PE,
  Walltime,
  // SERV
  QueueTime,
  XFactor,
  SPViolation,
  Bypass,
  // TARG
  TargetQueueTime,
  TargetXFactor,
  // USAGE
  Consumed,
  Remaining,
  Percent,
  ExecutionTime,
};
inline constexpr std::size_t kPrioritySubcomponents = 28;

struct WeightAndCap {
  Sourced<std::int64_t> weight;
  Sourced<std::int64_t> cap;  // 0 = no cap
  bool operator==(const WeightAndCap&) const = default;
};

// JOBPRIOACCRUALPOLICY (5.1.2.4.1): when a queued job accrues queue time.
enum class AccrualPolicy : std::uint8_t { Always, QueuePolicy, FullPolicy };

struct PriorityWeights {
  std::array<WeightAndCap, kPriorityComponents> component;
  std::array<WeightAndCap, kPrioritySubcomponents> sub;
  Sourced<Seconds> xfactor_min_walltime;  // XFMINWCLIMIT
  Sourced<AccrualPolicy> accrual_policy;  // JOBPRIOACCRUALPOLICY
  Sourced<bool> enable_negative;          // ENABLENEGJOBPRIORITY
  Sourced<bool> reject_negative;          // REJECTNEGPRIOJOBS
  Sourced<bool> use_system_queue_time;    // USESYSTEMQUEUETIME
  const WeightAndCap& operator[](PriorityComponent c) const { return component[static_cast<std::size_t>(c)]; }
  const WeightAndCap& operator[](PrioritySubcomponent s) const { return sub[static_cast<std::size_t>(s)]; }
  bool operator==(const PriorityWeights&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Fairshare (seed 6.3)

enum class FairshareMetric : std::uint8_t { None, DedicatedPS, DedicatedPES, UtilizedPS };

struct FairshareSettings {
  Sourced<FairshareMetric> metric;
  Sourced<bool> percentage_mode;  // FSPOLICY value ends in '%'
  Sourced<Seconds> interval;      // FSINTERVAL
  Sourced<std::int64_t> depth;    // FSDEPTH
  Sourced<double> decay;          // FSDECAY
  bool operator==(const FairshareSettings&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Scheduling: backfill, reservations, node allocation (seed 8.2, 7.1)

struct ReservationGroup {  // RESERVATIONDEPTH[n] / RESERVATIONQOSLIST[n]
  Sourced<std::int64_t> depth;
  std::optional<Sourced<std::vector<std::string>>> qos;  // none = [ALL]
  bool operator==(const ReservationGroup&) const = default;
};

// The scheduling policies' values, in Maui's spelling (to_string) and in the order of the values
// the parameter table allows (schemas/parameter_table.cc; a test keeps the two the same): every
// value a config may write, also those the engine does not implement (it says what it does
// instead). Read once, when the config is lowered, never from text again.
enum class BackfillPolicy : std::uint8_t { None, FirstFit, BestFit, Greedy, BestTimeFit, Lazy, Preempt };
enum class BackfillMetric : std::uint8_t { Procs, Nodes, ProcSeconds, Seconds };
enum class ReservationPolicy : std::uint8_t { Highest, CurrentHighest, Never };
// RESERVATIONTHRESHOLDTYPE: what a job must exceed RESERVATIONTHRESHOLDVALUE in to get a reservation.
enum class ReservationThreshold : std::uint8_t { None, Bypass, QueueTime, XFactor };
enum class NodeAllocationPolicy : std::uint8_t {
  FirstAvailable,
  LastAvailable,
  MinLocal,
  MinGlobal,
  MinResource,
  Priority,
  CpuLoad,
  FirstSet,
  Local,
  Contiguous,
  MaxBalance,
  Fastest,
};
struct SchedulingPolicy {
  Sourced<BackfillPolicy> backfill_policy;  // BACKFILLPOLICY
  Sourced<std::int64_t> backfill_depth;     // BACKFILLDEPTH
  Sourced<BackfillMetric> backfill_metric;  // BACKFILLMETRIC
  Sourced<std::int64_t> backfill_max_schedules;
  Sourced<std::int64_t> chunk_size;               // BFCHUNKSIZE
  Sourced<Seconds> chunk_duration;                // BFCHUNKDURATION
  Sourced<ReservationPolicy> reservation_policy;  // RESERVATIONPOLICY
  std::map<std::int64_t, ReservationGroup> reservation_groups;
  Sourced<ReservationThreshold> reservation_threshold_type;
  Sourced<std::int64_t> reservation_threshold_value;
  Sourced<Seconds> reservation_retry_time;
  Sourced<NodeAllocationPolicy> node_allocation_policy;  // NODEALLOCATIONPOLICY
  Sourced<NodeAccessPolicy> node_access_policy;          // NODEACCESSPOLICY
  Sourced<Seconds> poll_interval;                        // RMPOLLINTERVAL
  bool operator==(const SchedulingPolicy&) const = default;
};

// System-wide per-job limits (SYSTEMMAXPROCPERJOB, SYSTEMMAXJOBWALLTIME, ...).
struct SystemJobLimits {
  std::optional<Sourced<std::int64_t>> max_procs;
  std::optional<Sourced<Seconds>> max_walltime;
  std::optional<Sourced<std::int64_t>> max_proc_seconds;
  bool operator==(const SystemJobLimits&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Standing reservations (SRCFG, seed 7.1.5)

struct AclEntry {
  enum class Kind : std::uint8_t { User, Group, Account, Class, Qos, JobAttr, Duration, Procs, Tasks };
  enum class Affinity : std::uint8_t { Positive, Negative, Neutral };
  Kind kind = Kind::User;
  std::string value;        // name, or for Duration/Procs/Tasks the number as written
  std::int64_t number = 0;  // Duration (seconds) / Procs / Tasks
  bool negated = false;     // '!' NOT entry: excludes
  bool required = false;    // '*' required entry: AND with the rest
  Affinity affinity = Affinity::Positive;
  Provenance from;
  bool operator==(const AclEntry&) const = default;
};

enum class ReservationPeriod : std::uint8_t { Day, Week, Infinity };

struct TaskResources {  // RESOURCES=PROCS:2;MEM:512 (per task); procs -1 = all procs of a node
  std::int64_t procs = -1;
  std::int64_t mem_mb = 0;
  std::int64_t swap_mb = 0;
  std::int64_t disk_mb = 0;
  bool operator==(const TaskResources&) const = default;
};

struct HostExpression {
  enum class Kind : std::uint8_t { Names, Regex };
  Kind kind = Kind::Names;
  std::vector<std::string> names;  // ranges expanded: node[01-03] -> node01 node02 node03
  std::string regex;               // Kind::Regex
  bool operator==(const HostExpression&) const = default;
};

struct StandingReservation {
  std::string name;
  Provenance declared;
  std::optional<Sourced<std::string>> access;  // SHARED | DEDICATED
  std::vector<AclEntry> acl;                   // USERLIST ... QOSLIST, JOBATTRLIST, TIMELIMIT
  std::optional<Sourced<std::string>> charge_account;
  std::optional<Sourced<std::uint8_t>> days;  // bit 0 = Sunday ... bit 6 = Saturday
  Sourced<std::int64_t> depth;
  std::optional<Sourced<Seconds>> start_time;  // STARTTIME (time of day / of week)
  std::optional<Sourced<Seconds>> end_time;    // ENDTIME
  std::optional<Sourced<Seconds>> week_start;  // WSTARTTIME
  std::optional<Sourced<Seconds>> week_end;    // WENDTIME
  std::vector<Sourced<std::string>> flags;
  std::optional<Sourced<HostExpression>> hosts;
  std::vector<Sourced<std::string>> node_features;
  std::optional<Sourced<Credential>> owner;
  std::optional<Sourced<std::string>> partition;
  Sourced<ReservationPeriod> period;
  std::optional<Sourced<std::int64_t>> priority;
  std::optional<Sourced<TaskResources>> resources;
  std::optional<Sourced<std::int64_t>> task_count;
  std::optional<Sourced<std::int64_t>> tasks_per_node;
  std::optional<Sourced<std::string>> trigger;
  std::map<std::string, RawSetting> other;
  bool operator==(const StandingReservation&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Nodes, resource managers, admins

struct NodeConfig {
  std::string name;  // a node name, DEFAULT or GLOBAL
  Provenance declared;
  std::optional<Sourced<std::int64_t>> procs;    // PROCS / RESOURCES=PROCS:n
  std::optional<Sourced<std::int64_t>> mem_mb;   // CFGMEM / RESOURCES
  std::optional<Sourced<std::int64_t>> swap_mb;  // CFGSWAP
  std::optional<Sourced<std::int64_t>> disk_mb;  // CFGDISK
  std::vector<Sourced<std::string>> features;
  std::optional<Sourced<std::string>> partition;
  std::optional<Sourced<double>> speed;
  std::optional<Sourced<std::int64_t>> priority;
  std::optional<Sourced<std::int64_t>> max_jobs;
  std::optional<Sourced<std::int64_t>> max_jobs_per_user;
  std::optional<Sourced<double>> max_load;
  std::optional<Sourced<std::string>> priority_function;  // PRIORITYF
  std::map<std::string, RawSetting> other;
  bool operator==(const NodeConfig&) const = default;
};

struct ResourceManager {
  std::string name;  // RMCFG[name], or the legacy index "0"
  Provenance declared;
  std::optional<Sourced<std::string>> type;  // PBS, WIKI, NATIVE[:x] ...
  std::optional<Sourced<std::string>> host;
  std::optional<Sourced<std::int64_t>> port;
  std::optional<Sourced<Seconds>> timeout;
  std::map<std::string, RawSetting> other;
  bool operator==(const ResourceManager&) const = default;
};

struct Admins {
  std::array<std::optional<Sourced<std::vector<std::string>>>, 4> levels;  // ADMIN1..ADMIN4
  std::optional<Sourced<std::vector<std::string>>> hosts;                  // ADMINHOSTS
  bool operator==(const Admins&) const = default;
};

// ---------------------------------------------------------------------------------------------
// The whole policy

// A scalar parameter as written (every scalar, used or not): annotate, diff and explain.
struct ScalarSetting {
  std::string name;   // canonical name (obsolete spellings translated)
  std::string index;  // "" when the line had no [INDEX]
  std::string value;  // the value text as written (secrets are redacted)
  Provenance from;
  bool operator==(const ScalarSetting&) const = default;
};

struct Policy {
  static constexpr int kVersion = 1;

  std::vector<std::string> files;  // the main file first, then #INCLUDEd files in load order
  bool is_template = false;        // template placeholders were found
  Sourced<std::string> server_host;
  PriorityWeights priority;
  FairshareSettings fairshare;
  SchedulingPolicy scheduling;
  SystemJobLimits system_limits;
  std::map<Credential, CredentialConfig> credentials;  // includes DEFAULT entries
  std::map<std::string, StandingReservation> standing_reservations;
  std::map<std::string, NodeConfig> nodes;
  std::map<std::string, ResourceManager> resource_managers;
  Admins admins;
  std::map<std::string, ScalarSetting> scalars;  // key: NAME or NAME[INDEX]
  // Families the engine does not model (AMCFG, CLIENTCFG, Moab's SCHEDCFG ...):
  // "FAMILY[id]" -> attribute -> value as written.
  std::map<std::string, std::map<std::string, RawSetting>> other_objects;
  bool operator==(const Policy&) const = default;

  const CredentialConfig* find(CredKind kind, const std::string& name) const {
    auto it = credentials.find(Credential{kind, name});
    return it == credentials.end() ? nullptr : &it->second;
  }
};

// Printable names (JSON keys, messages).
std::string_view to_string(Derivation);
std::string_view to_string(CredKind);
std::string_view to_string(LimitResource);
std::string_view to_string(FairshareMode);
std::string_view to_string(PriorityComponent);
std::string_view to_string(PrioritySubcomponent);
std::string_view to_string(FairshareMetric);
std::string_view to_string(ReservationPeriod);
std::string_view to_string(AclEntry::Kind);
std::string_view to_string(AclEntry::Affinity);
std::string_view to_string(ListMode);
std::string_view to_string(HostExpression::Kind);
std::string_view to_string(AccrualPolicy);
std::string_view to_string(BackfillPolicy);
std::string_view to_string(BackfillMetric);
std::string_view to_string(ReservationPolicy);
std::string_view to_string(ReservationThreshold);
std::string_view to_string(NodeAllocationPolicy);
std::string_view to_string(NodeAccessPolicy);
std::string_view family_of(CredKind);  // USERCFG, GROUPCFG, ...

}  // namespace maui::ir
