#include "checker/rules.h"

#include <algorithm>

#include "checker/checks/checks.h"

namespace maui::checker {

namespace {

// Every rule, sorted by id. Severity policy: error = Maui refuses the config or the line
// cannot be read at all; warning = Maui ignores or misreads something the admin wrote, or
// behaves differently from its manual; note = works, but could be written better.
constexpr Rule kRules[] = {
    {rules::kAmbiguousTime, "a two-field time like 5:00 is MM:SS by the manual but HH:MM for Maui 3.3.1", nullptr},
    {rules::kCompatAclNotEntries, "NOT (!) ACL entries grant access by the manual but only exclude in Maui 3.3.1",
     check_acl_not_entries},
    {rules::kCompatAppendOperator, "ATTR+=VALUE / ATTR-=VALUE is plain assignment in Maui 3.3.1", nullptr},
    {rules::kCompatBackfillPolicy,
     "a backfill or node-allocation policy that Maui 3.3.1 implements differently from the manual",
     check_backfill_policy},
    {rules::kCompatBooleanOn, "'on' / 'On' is not a true value for Maui 3.3.1", nullptr},
    {rules::kCompatComponentWeightDefault,
     "a subcomponent weight whose component weight defaults to 0 by the manual but 1 in Maui 3.3.1",
     check_component_weight_defaults},
    {rules::kCompatDefaultIdleLimit,
     "*CFG[DEFAULT] idle limits reach only credentials with their own MAXI* in Maui 3.3.1", check_default_idle_limit},
    {rules::kCompatFairshareWindowDefaults, "FSDEPTH / FSINTERVAL defaults differ between the manual and Maui 3.3.1",
     check_fairshare_window_defaults},
    {rules::kCompatFlagsAttribute, "FLAGS= on a credential is ignored by Maui 3.3.1 (JOBFLAGS= / QFLAGS=)", nullptr},
    {rules::kCompatIdleSoftLimit, "idle limits have one hard value by the manual; Maui 3.3.1 also applies the soft one",
     nullptr},
    {rules::kCompatIndentedParameter, "Maui 3.3.1 ignores scalar parameters that do not start in column 1", nullptr},
    {rules::kCompatLimitTimeFormat,
     "limits inside *CFG lines are plain integers for Maui 3.3.1 (MAXWC=72:00:00 is 72 s)", nullptr},
    {rules::kCompatManualName,
     "a name the manual uses (TARGWEIGHT, ACCTCFG, FLAGS=, ...) that Maui 3.3.1 does not read", nullptr},
    {rules::kCompatMaxmemNotEnforced, "MAXMEM is stored but never enforced by Maui 3.3.1", nullptr},
    {rules::kCompatMinusOne, "Maui 3.3.1 ignores the integer value -1 of a scalar parameter", nullptr},
    {rules::kCompatMultidimLimit,
     "a multi-dimensional limit that Maui 3.3.1 ignores, does not enforce, or reads as a plain limit", nullptr},
    {rules::kCompatOverrideScope,
     "a QOS override limit replaces the limit of every credential of the job in Maui 3.3.1", check_override_scope},
    {rules::kCompatQosFlag, "a documented QOS flag that Maui 3.3.1 cannot set or acts on differently", nullptr},
    {rules::kCompatRejectNegativeDefault, "REJECTNEGPRIOJOBS defaults to TRUE by the manual but FALSE in Maui 3.3.1",
     check_reject_negative_default},
    {rules::kCompatSoftBackfillPass, "Maui 3.3.1 skips the soft-limit backfill pass", check_soft_backfill_pass},
    {rules::kCompatSrDefaultAccess,
     "a standing reservation without ACCESS is DEDICATED by the manual, SHARED in Maui 3.3.1", check_sr_default_access},
    {rules::kCompatSrWeekTimes, "STARTTIME / ENDTIME of a weekly reservation are ignored by Maui 3.3.1",
     check_sr_week_times},
    {rules::kCompatTargetQueuetime, "QTTARGET drives a constant 1e8 factor in Maui 3.3.1", check_target_queue_time},
    {rules::kCompatXfminwclimitDefault, "XFMINWCLIMIT defaults to none by the manual but 120 s in Maui 3.3.1",
     check_xfactor_min_walltime_default},
    {rules::kDefaultNotInList, "QDEF / PDEF names a QOS / partition that is not in the credential's QLIST / PLIST",
     check_default_not_in_list},
    {rules::kDuplicateScalar, "a scalar parameter set twice: the last line wins", nullptr},
    {rules::kHostlistRegexClass, "a numeric range like [0-13] inside a HOSTLIST regular expression (a character class)",
     nullptr},
    {rules::kIgnoredByMaui, "a parameter or attribute Maui 3.3.1 accepts but ignores", nullptr},
    {rules::kIgnoredTokens, "extra values after a single-valued parameter are ignored", nullptr},
    {rules::kIncludeCycle, "an #INCLUDE that includes itself", nullptr},
    {rules::kIncludeNotFound, "an #INCLUDEd file that cannot be read", nullptr},
    {rules::kIntegerFormat, "an integer written in octal / hex or with trailing text", nullptr},
    {rules::kInvalidValue, "a value that is not of the parameter's type or not one of its allowed values", nullptr},
    {rules::kIoError, "the config file cannot be read", nullptr},
    {rules::kKnownMisspelling, "a misspelt name seen in real configs (PRIOTIRY, MAXNODES, ...)", nullptr},
    {rules::kMissingAttributeName, "a token without ATTR= in an object line", nullptr},
    {rules::kMissingObjectId, "an object line without [name]", nullptr},
    {rules::kMissingServerhost, "SERVERHOST is required", check_missing_serverhost},
    {rules::kMissingValue, "a parameter or attribute without a value", nullptr},
    {rules::kMoabConfig,
     "a Moab config, read as Maui 3.3.1 would read it: one finding lists the lines Moab reads differently", nullptr},
    {rules::kMoabOnly, "a Moab name or form that Maui 3.3.1 ignores", nullptr},
    {rules::kNoEffect,
     "a priority setting that changes no job's priority: fairshare off or without FSTARGETs, weights under a zero "
     "weight, PRIORITY values of a kind weighted 0",
     check_no_effect},
    {rules::kObsoleteName, "an old parameter name that Maui translates", nullptr},
    {rules::kOutOfRange, "a value outside the range Maui allows", nullptr},
    {rules::kOverrideOnNonQos, "an override limit (OMAX*) on a credential other than a QOS", nullptr},
    {rules::kPreemptionWithoutPeer,
     "a QOS flag PREEMPTOR with no PREEMPTEE QOS, or PREEMPTEE with no PREEMPTOR: it never acts",
     check_preemption_peers},
    {rules::kSoftExceedsHard, "a soft limit looser than its hard limit, or a soft limit without a hard one", nullptr},
    {rules::kSrBlankSeparatedList, "SRCFG list items separated by blanks: only the first is kept", nullptr},
    {rules::kSrStartAfterEnd, "a daily standing reservation whose STARTTIME is not before its ENDTIME",
     check_sr_start_after_end},
    {rules::kSyntaxError, "a line that is not a maui.cfg line", nullptr},
    {rules::kTemplatePlaceholder,
     "the file is a template (ERB, Jinja, Template Toolkit, autoconf), not a deployable config", nullptr},
    {rules::kUndefinedReference, "a QOS, partition, class or account name that nothing defines",
     check_undefined_references},
    {rules::kUnexpectedIndex, "an [index] on a parameter that takes none", nullptr},
    {rules::kUnknownAttribute, "an attribute name the object family does not have", nullptr},
    {rules::kUnknownParameter, "a parameter name Maui does not know", nullptr},
    {rules::kWrongCase, "a name or value in the wrong case: Maui 3.3.1 matches case-sensitively", nullptr},
};

}  // namespace

std::span<const Rule> all_rules() { return kRules; }

const Rule* find_rule(std::string_view id) {
  auto it = std::lower_bound(std::begin(kRules), std::end(kRules), id,
                             [](const Rule& r, std::string_view i) { return r.id < i; });
  return it != std::end(kRules) && it->id == id ? &*it : nullptr;
}

void run_checks(Compilation& c) {
  if (!c.loaded) return;
  for (const Rule& r : kRules)
    if (r.check) r.check(c, c.diagnostics);
}

void apply_suppressions(Compilation& c) {
  const auto& suppressions = c.syntax.suppressions;
  if (suppressions.empty()) return;
  auto& diags = c.diagnostics.diagnostics();
  std::erase_if(diags, [&](const Diagnostic& d) {
    if (!d.range.Start.isValid()) return false;
    unsigned buffer = c.sources.buffer_of(d.range.Start);
    auto pos = c.sources.resolve(d.range.Start);
    auto it = suppressions.find({buffer, pos.line});
    return it != suppressions.end() && (it->second.count(d.rule) || it->second.count("*"));
  });
}

}  // namespace maui::checker
