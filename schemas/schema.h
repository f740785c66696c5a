// The parameter table: one row per maui.cfg parameter, *CFG family and *CFG attribute.
//
// This table is the single source of truth for what a name means. The parser uses it to
// classify lines, the lowering uses it for value types and built-in defaults, the linter for
// unknown / mis-cased / misspelt names and value checks, `mauic explain` prints rows, and the
// generated docs page (docs/parameters.md) lists them. Adding a parameter means adding a row
// to the file of its topic in schemas/parameter_table/ (parameter_table.cc assembles them).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace maui::schema {

// What a row names.
enum class RowKind : std::uint8_t {
  Parameter,  // scalar line: `NAME VALUE`, `NAME=VALUE`, `NAME[INDEX] VALUE`
  Family,     // object family: `USERCFG[id] ATTR=VALUE ...`
  Attribute,  // `ATTR=VALUE` inside the object lines of the families in `objects`
};

// Object families (bit mask, used by attribute rows to say where they are valid).
enum Object : std::uint32_t {
  kNoObject = 0,
  kUser = 1u << 0,     // USERCFG
  kGroup = 1u << 1,    // GROUPCFG
  kAccount = 1u << 2,  // ACCOUNTCFG
  kClass = 1u << 3,    // CLASSCFG
  kQos = 1u << 4,      // QOSCFG
  kSys = 1u << 5,      // SYSCFG (global partition object)
  kNode = 1u << 6,     // NODECFG
  kSres = 1u << 7,     // SRCFG
  kRm = 1u << 8,       // RMCFG
  kAm = 1u << 9,       // AMCFG
  kClient = 1u << 10,  // CLIENTCFG
  kPar = 1u << 11,     // PARCFG (Moab)
  kSched = 1u << 12,   // SCHEDCFG (Moab)
  kAdmin = 1u << 13,   // ADMINCFG (Moab)
  kId = 1u << 14,      // IDCFG (Moab)
  kApp = 1u << 15,     // APPCFG (Moab Service Manager)
  kCredentials = kUser | kGroup | kAccount | kClass | kQos | kSys,
};

// How a value is written and read. Each type has one value parser: in schemas/value_syntax.h
// for the syntax the runtime reads too, in parser/values.h for the others.
enum class ValueType : std::uint8_t {
  Integer,          // decimal integer; Maui reads it with strtol base 0 (010 is octal!)
  Double,           // floating point
  Boolean,          // TRUE FALSE ON OFF YES NO 1 0 (Maui's spellings)
  Duration,         // [[[DD:]HH:]MM:]SS or INFINITY (seconds)
  DateTime,         // absolute time HH[:MM[:SS]][_MO[/DD[/YY]]]
  String,           // first token only
  StringList,       // every blank-separated token
  Enum,             // one of `allowed` (matched case-sensitively, as Maui does)
  EnumList,         // several of `allowed`
  Limit,            // throttling limit SOFT[,HARD]; -1 = unlimited
  FairshareTarget,  // number with optional marker + - ^ %
  AclList,          // reservation ACL items with markers [!]value[+-=*]
  CredList,         // QLIST / PLIST style: names separated by , or :
  HostList,         // host names, node[01-16] ranges, or a regular expression
  Resources,        // PROCS:2;MEM:512 (items , + ; and name:value or name=value)
  DayList,          // Mon,Tue,... or ALL
  Expression,       // arithmetic expression (PRIORITYF)
  Text,             // free text kept verbatim (triggers, URLs, keys)
  Weight,           // integer priority weight; a trailing % is accepted (Maui sets 10)
  Object,           // a family row: the line is `FAMILY[id] ATTR=VALUE ...`
};

// What this engine does with the name.
enum class Support : std::uint8_t {
  Engine,       // read into the typed IR and used by the engine / checker
  Accepted,     // a real Maui 3.3.1 name; kept in the IR, not used by this engine
  MoabOnly,     // a Moab (or Maui 3.2 / later) name that Maui 3.3.1 ignores
  Obsolete,     // an old name that Maui 3.3.1 translates to `canonical`
  Misspelling,  // a spelling seen in real configs that Maui ignores; `canonical` is meant
  ManualName,   // the manual's own name for `canonical`; this engine applies it as `canonical`,
                // Maui 3.3.1 ignores it (rule compat-manual-name)
  Ignored,      // in Maui 3.3.1's table but rejected or dropped (e.g. ATTRWEIGHT)
};

// Extra properties of a row.
enum Flag : std::uint32_t {
  kNoFlags = 0,
  kIndexed = 1u << 0,               // takes `[INDEX]` (e.g. RESERVATIONDEPTH[1], QOSWEIGHT[x])
  kPartitionScoped = 1u << 1,       // per partition in Maui; only the global value orders the queue
  kRequired = 1u << 2,              // Maui refuses to start without it (SERVERHOST)
  kPerQos = 1u << 3,                // Maui 3.0 style per-QOS scalar, index = QOS name
  kPerSres = 1u << 4,               // Maui 3.0 style per-SR scalar (SRDAYS[x] ...), index = SR name
  kPerRm = 1u << 5,                 // legacy per-RM scalar (RMTYPE[0] ...), index = RM number
  kMultiDim = 1u << 6,              // attribute takes a credential index: MAXJOB[USER:steve]
  kOverride = 1u << 7,              // QOS override limit (OMAX*)
  kIdleLimit = 1u << 8,             // idle (eligible-job) limit (MAXI*)
  kSystemLimit = 1u << 9,           // per-job system limit override (OMAXJ*)
  kSecret = 1u << 10,               // value is a key or password; never echoed
  kPerReservationGroup = 1u << 11,  // index = reservation group (RESERVATIONDEPTH[1]); [0] = no index
};

// The values Maui (or the manual) allows for a number: [min, max], or (min, max] when
// `min_open`. Lint reports a value outside them (out-of-range) with `why`.
struct ValueRange {
  double min = 0;
  double max = 0;
  bool min_open = false;
  std::string_view why;  // in the admin's words: "a TCP port is 1 to 65535"
};

struct Row {
  std::string_view name;  // exact, case-sensitive spelling
  RowKind kind;
  ValueType type;
  std::uint32_t objects;           // Attribute rows: families where valid (Object bits)
  std::string_view unit;           // "seconds", "minutes", "MB", "procs", "" ...
  std::string_view default_value;  // as it would be written in maui.cfg; "" = unset
  std::string_view allowed;        // Enum / EnumList: values separated by '|'
  std::string_view section;        // manual section, e.g. "5.1.2" or "Appendix F"
  std::string_view meaning;        // one sentence, in the admin's words
  std::string_view maui331;        // how Maui 3.3.1 really treats it; "" = as documented
  Support support;
  std::string_view canonical;       // Obsolete / Misspelling: the name that is meant
  std::uint32_t flags;              // Flag bits
  std::optional<ValueRange> range;  // numbers only; none = any value of the type
};

// All rows, sorted by (kind, name).
std::span<const Row> all_rows();

// Exact, case-sensitive lookups (Maui's own matching).
const Row* find_parameter(std::string_view name);  // Parameter or Family rows
const Row* find_family(std::string_view name);
const Row* find_attribute(std::string_view name, Object family);

// Case-insensitive lookup, for "wrong case" diagnostics.
const Row* find_parameter_ignoring_case(std::string_view name);
const Row* find_attribute_ignoring_case(std::string_view name, Object family);

// Closest names by edit distance, for "did you mean" (at most `max` results, best first).
std::vector<std::string_view> suggest_parameters(std::string_view name, unsigned max = 1);
std::vector<std::string_view> suggest_attributes(std::string_view name, Object family, unsigned max = 1);

// The enum values of an Enum / EnumList row.
std::vector<std::string_view> allowed_values(const Row& row);

// Rows that `mauic explain NAME` shows: every row spelled NAME (case-insensitively).
std::vector<const Row*> explain(std::string_view name);

// Printable names for the enums (for explain, docs and JSON).
std::string_view to_string(RowKind);
std::string_view to_string(ValueType);
std::string_view to_string(Support);
std::string objects_to_string(std::uint32_t objects);  // "USERCFG GROUPCFG ..."
std::optional<Object> object_for_family(std::string_view family_name);
std::optional<Object> object_of_family(const Row& family);  // the same for a Family row
std::string_view family_name(Object);

}  // namespace maui::schema
