#include "checker/rules.h"

#include <algorithm>

#include "checker/checks/checks.h"

namespace maui::checker {

namespace {

using S = Severity;

// Every rule, sorted by id. Severity policy: error = Maui refuses the config or the line
// cannot be read at all; warning = Maui ignores or misreads something the admin wrote, or
// behaves differently from its manual; note = works, but could be written better.
constexpr Rule kRules[] = {
    {"ambiguous-time", S::Warning, "a two-field time like 5:00 is MM:SS by the manual but HH:MM for Maui 3.3.1", nullptr},
    {"compat-acl-not-entries", S::Warning, "NOT (!) ACL entries grant access by the manual but only exclude in Maui 3.3.1", check_acl_not_entries},
    {"compat-append-operator", S::Warning, "ATTR+=VALUE / ATTR-=VALUE is plain assignment in Maui 3.3.1", nullptr},
    {"compat-backfill-policy", S::Warning, "a backfill or node-allocation policy that Maui 3.3.1 implements differently from the manual", check_backfill_policy},
    {"compat-boolean-on", S::Warning, "'on' / 'On' is not a true value for Maui 3.3.1", nullptr},
    {"compat-component-weight-default", S::Warning, "a subcomponent weight whose component weight defaults to 0 by the manual but 1 in Maui 3.3.1", check_component_weight_defaults},
    {"compat-default-idle-limit", S::Warning, "*CFG[DEFAULT] idle limits reach only credentials with their own MAXI* in Maui 3.3.1", check_default_idle_limit},
    {"compat-fairshare-window-defaults", S::Warning, "FSDEPTH / FSINTERVAL defaults differ between the manual and Maui 3.3.1", check_fairshare_window_defaults},
    {"compat-flags-attribute", S::Warning, "FLAGS= on a credential is ignored by Maui 3.3.1 (JOBFLAGS= / QFLAGS=)", nullptr},
    {"compat-group-classweight", S::Warning, "GROUPCFG CLASSWEIGHT has no effect in Maui 3.3.1", check_group_class_weight},
    {"compat-idle-soft-limit", S::Warning, "idle limits have one hard value by the manual; Maui 3.3.1 also applies the soft one", nullptr},
    {"compat-indented-parameter", S::Warning, "Maui 3.3.1 ignores scalar parameters that do not start in column 1", nullptr},
    {"compat-limit-time-format", S::Warning, "limits inside *CFG lines are plain integers for Maui 3.3.1 (MAXWC=72:00:00 is 72 s)", nullptr},
    {"compat-manual-name", S::Warning, "a name the manual uses (TARGWEIGHT, ACCTCFG, FLAGS=, ...) that Maui 3.3.1 does not read", nullptr},
    {"compat-maxmem-not-enforced", S::Warning, "MAXMEM is stored but never enforced by Maui 3.3.1", nullptr},
    {"compat-minus-one", S::Warning, "Maui 3.3.1 ignores the integer value -1 of a scalar parameter", nullptr},
    {"compat-multidim-limit", S::Warning, "a multi-dimensional limit that Maui 3.3.1 ignores, does not enforce, or reads as a plain limit", nullptr},
    {"compat-override-scope", S::Warning, "a QOS override limit replaces the limit of every credential of the job in Maui 3.3.1", check_override_scope},
    {"compat-qos-flag", S::Warning, "a documented QOS flag that Maui 3.3.1 cannot set or acts on differently", nullptr},
    {"compat-reject-negative-default", S::Warning, "REJECTNEGPRIOJOBS defaults to TRUE by the manual but FALSE in Maui 3.3.1", check_reject_negative_default},
    {"compat-soft-backfill-pass", S::Warning, "Maui 3.3.1 skips the soft-limit backfill pass", check_soft_backfill_pass},
    {"compat-sr-default-access", S::Warning, "a standing reservation without ACCESS is DEDICATED by the manual, SHARED in Maui 3.3.1", check_sr_default_access},
    {"compat-sr-week-times", S::Warning, "STARTTIME / ENDTIME of a weekly reservation are ignored by Maui 3.3.1", check_sr_week_times},
    {"compat-target-queuetime", S::Warning, "QTTARGET drives a constant 1e8 factor in Maui 3.3.1", check_target_queue_time},
    {"compat-xfminwclimit-default", S::Warning, "XFMINWCLIMIT defaults to none by the manual but 120 s in Maui 3.3.1", check_xfactor_min_walltime_default},
    {"default-not-in-list", S::Warning, "QDEF / PDEF names a QOS / partition that is not in the credential's QLIST / PLIST", check_default_not_in_list},
    {"duplicate-scalar", S::Warning, "a scalar parameter set twice: the last line wins", nullptr},
    {"hostlist-regex-class", S::Warning, "a numeric range like [0-13] inside a HOSTLIST regular expression (a character class)", nullptr},
    {"ignored-by-maui", S::Warning, "a parameter or attribute Maui 3.3.1 accepts but ignores", nullptr},
    {"ignored-tokens", S::Warning, "extra values after a single-valued parameter are ignored", nullptr},
    {"include-cycle", S::Error, "an #INCLUDE that includes itself", nullptr},
    {"include-not-found", S::Error, "an #INCLUDEd file that cannot be read", nullptr},
    {"integer-format", S::Warning, "an integer written in octal / hex or with trailing text", nullptr},
    {"invalid-value", S::Warning, "a value that is not of the parameter's type or not one of its allowed values", nullptr},
    {"io-error", S::Error, "the config file cannot be read", nullptr},
    {"known-misspelling", S::Warning, "a misspelt name seen in real configs (PRIOTIRY, MAXNODES, ...)", nullptr},
    {"missing-attribute-name", S::Warning, "a token without ATTR= in an object line", nullptr},
    {"missing-object-id", S::Warning, "an object line without [name]", nullptr},
    {"missing-serverhost", S::Error, "SERVERHOST is required", check_missing_serverhost},
    {"missing-value", S::Warning, "a parameter or attribute without a value", nullptr},
    {"moab-only", S::Warning, "a Moab name that Maui 3.3.1 ignores", nullptr},
    {"obsolete-name", S::Note, "an old parameter name that Maui translates", nullptr},
    {"out-of-range", S::Warning, "a value outside the range Maui allows", nullptr},
    {"override-on-non-qos", S::Warning, "an override limit (OMAX*) on a credential other than a QOS", nullptr},
    {"preemption-without-peer", S::Warning, "a QOS flag PREEMPTOR with no PREEMPTEE QOS, or PREEMPTEE with no PREEMPTOR: it never acts", check_preemption_peers},
    {"soft-exceeds-hard", S::Warning, "a soft limit looser than its hard limit, or a soft limit without a hard one", nullptr},
    {"sr-blank-separated-list", S::Warning, "SRCFG list items separated by blanks: only the first is kept", nullptr},
    {"sr-start-after-end", S::Warning, "a daily standing reservation whose STARTTIME is not before its ENDTIME", check_sr_start_after_end},
    {"syntax-error", S::Error, "a line that is not a maui.cfg line", nullptr},
    {"template-placeholder", S::Warning, "the file is a template (ERB, Jinja, Template Toolkit, autoconf), not a deployable config", nullptr},
    {"undefined-reference", S::Warning, "a QOS, partition, class or account name that nothing defines", check_undefined_references},
    {"unexpected-index", S::Warning, "an [index] on a parameter that takes none", nullptr},
    {"unknown-attribute", S::Warning, "an attribute name the object family does not have", nullptr},
    {"unknown-parameter", S::Warning, "a parameter name Maui does not know", nullptr},
    {"wrong-case", S::Warning, "a name or value in the wrong case: Maui 3.3.1 matches case-sensitively", nullptr},
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
