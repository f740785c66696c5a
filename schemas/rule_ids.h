// Every lint rule's id and default severity, named once: the parser, the lowering, the value
// parsers (schemas/value_syntax.h) and the whole-policy checks report with these constants, and
// checker/rules.cc's registry lists each one with its summary (docs/rules/<id>.md describes it).
// In schemas/, below every layer that reports, as the parameter table is below every layer that
// reads a name.
#pragma once

#include <string_view>

#include "schemas/problem.h"  // Severity

namespace maui {

// A lint rule's id and default severity (the constants below).
struct RuleId {
  std::string_view id;  // stable: JSON, SARIF ruleId, `# mauic: ignore=ID`, docs/rules/<id>.md
  Severity severity;
  friend constexpr bool operator==(const RuleId& a, const RuleId& b) { return a.id == b.id; }
};

}  // namespace maui

namespace maui::rules {

inline constexpr RuleId kAmbiguousTime{"ambiguous-time", Severity::Warning};
inline constexpr RuleId kCompatAclNotEntries{"compat-acl-not-entries", Severity::Warning};
inline constexpr RuleId kCompatAppendOperator{"compat-append-operator", Severity::Warning};
inline constexpr RuleId kCompatBackfillPolicy{"compat-backfill-policy", Severity::Warning};
inline constexpr RuleId kCompatBooleanOn{"compat-boolean-on", Severity::Warning};
inline constexpr RuleId kCompatComponentWeightDefault{"compat-component-weight-default", Severity::Warning};
inline constexpr RuleId kCompatDefaultIdleLimit{"compat-default-idle-limit", Severity::Warning};
inline constexpr RuleId kCompatFairshareWindowDefaults{"compat-fairshare-window-defaults", Severity::Warning};
inline constexpr RuleId kCompatFlagsAttribute{"compat-flags-attribute", Severity::Warning};
inline constexpr RuleId kCompatIdleSoftLimit{"compat-idle-soft-limit", Severity::Warning};
inline constexpr RuleId kCompatIndentedParameter{"compat-indented-parameter", Severity::Warning};
inline constexpr RuleId kCompatLimitTimeFormat{"compat-limit-time-format", Severity::Warning};
inline constexpr RuleId kCompatManualName{"compat-manual-name", Severity::Warning};
inline constexpr RuleId kCompatMaxmemNotEnforced{"compat-maxmem-not-enforced", Severity::Warning};
inline constexpr RuleId kCompatMinusOne{"compat-minus-one", Severity::Warning};
inline constexpr RuleId kCompatMultidimLimit{"compat-multidim-limit", Severity::Warning};
inline constexpr RuleId kCompatOverrideScope{"compat-override-scope", Severity::Warning};
inline constexpr RuleId kCompatQosFlag{"compat-qos-flag", Severity::Warning};
inline constexpr RuleId kCompatRejectNegativeDefault{"compat-reject-negative-default", Severity::Warning};
inline constexpr RuleId kCompatSoftBackfillPass{"compat-soft-backfill-pass", Severity::Warning};
inline constexpr RuleId kCompatSrDefaultAccess{"compat-sr-default-access", Severity::Warning};
inline constexpr RuleId kCompatSrWeekTimes{"compat-sr-week-times", Severity::Warning};
inline constexpr RuleId kCompatTargetQueuetime{"compat-target-queuetime", Severity::Warning};
inline constexpr RuleId kCompatXfminwclimitDefault{"compat-xfminwclimit-default", Severity::Warning};
inline constexpr RuleId kDefaultNotInList{"default-not-in-list", Severity::Warning};
inline constexpr RuleId kDuplicateScalar{"duplicate-scalar", Severity::Warning};
inline constexpr RuleId kHostlistRegexClass{"hostlist-regex-class", Severity::Warning};
inline constexpr RuleId kIgnoredByMaui{"ignored-by-maui", Severity::Warning};
inline constexpr RuleId kIgnoredTokens{"ignored-tokens", Severity::Warning};
inline constexpr RuleId kIncludeCycle{"include-cycle", Severity::Error};
inline constexpr RuleId kIncludeNotFound{"include-not-found", Severity::Error};
inline constexpr RuleId kIntegerFormat{"integer-format", Severity::Warning};
inline constexpr RuleId kInvalidValue{"invalid-value", Severity::Warning};
inline constexpr RuleId kIoError{"io-error", Severity::Error};
inline constexpr RuleId kKnownMisspelling{"known-misspelling", Severity::Warning};
inline constexpr RuleId kMissingAttributeName{"missing-attribute-name", Severity::Warning};
inline constexpr RuleId kMissingObjectId{"missing-object-id", Severity::Warning};
inline constexpr RuleId kMissingServerhost{"missing-serverhost", Severity::Error};
inline constexpr RuleId kMissingValue{"missing-value", Severity::Warning};
inline constexpr RuleId kMoabConfig{"moab-config", Severity::Warning};
inline constexpr RuleId kMoabOnly{"moab-only", Severity::Warning};
inline constexpr RuleId kNoEffect{"no-effect", Severity::Warning};
inline constexpr RuleId kObsoleteName{"obsolete-name", Severity::Note};
inline constexpr RuleId kOutOfRange{"out-of-range", Severity::Warning};
inline constexpr RuleId kOverrideOnNonQos{"override-on-non-qos", Severity::Warning};
inline constexpr RuleId kPreemptionWithoutPeer{"preemption-without-peer", Severity::Warning};
inline constexpr RuleId kSoftExceedsHard{"soft-exceeds-hard", Severity::Warning};
inline constexpr RuleId kSrBlankSeparatedList{"sr-blank-separated-list", Severity::Warning};
inline constexpr RuleId kSrStartAfterEnd{"sr-start-after-end", Severity::Warning};
inline constexpr RuleId kSyntaxError{"syntax-error", Severity::Error};
inline constexpr RuleId kTemplatePlaceholder{"template-placeholder", Severity::Warning};
inline constexpr RuleId kUndefinedReference{"undefined-reference", Severity::Warning};
inline constexpr RuleId kUnexpectedIndex{"unexpected-index", Severity::Warning};
inline constexpr RuleId kUnknownAttribute{"unknown-attribute", Severity::Warning};
inline constexpr RuleId kUnknownParameter{"unknown-parameter", Severity::Warning};
inline constexpr RuleId kWrongCase{"wrong-case", Severity::Warning};
}  // namespace maui::rules
