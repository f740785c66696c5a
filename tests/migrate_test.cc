// The Slurm back end (migrate/): what each maui.cfg construct becomes, worked out by hand from
// the mapping of docs/migrate.md, and that no setting of a config that compiles goes missing
// from the report (the corpus, the golden cases, the examples).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "checker/pipeline.h"
#include "llvm/Support/JSON.h"
#include "migrate/migration.h"
#include "migrate/report.h"

namespace fs = std::filesystem;
using maui::migrate::Migration;
using maui::migrate::Setting;
using maui::migrate::Status;

namespace {

Migration migrate(const std::string& text, maui::migrate::Options o = {}) {
  auto unit = maui::checker::check_text("maui.cfg", text);
  EXPECT_FALSE(unit->diagnostics.has_errors()) << text;
  o.config_name = "maui.cfg";
  return maui::migrate::migrate_to_slurm(*unit, o);
}

// The row of a setting, by its parameter as the report names it (the first on `line` if given).
const Setting& row(const Migration& m, const std::string& parameter, unsigned line = 0) {
  for (const auto& s : m.settings)
    if (s.parameter == parameter && (line == 0 || s.line == line)) return s;
  static const Setting none{"", 0, 0, "(missing)", "", Status::NotNeeded, {}, ""};
  ADD_FAILURE() << "no row for " << parameter;
  return none;
}

bool has_line(const std::vector<maui::migrate::SlurmLine>& file, const std::string& text) {
  return std::any_of(file.begin(), file.end(), [&](const auto& l) { return l.text == text; });
}

std::string conf(const Migration& m, const std::string& key) {
  for (const auto& [k, v] : m.expected.config)
    if (k == key) return v;
  return "(unset)";
}

constexpr const char* kHead = "SERVERHOST head\n";

TEST(MigrateStatus, NamesAndOrder) {
  EXPECT_EQ(maui::migrate::to_string(Status::Mapped), "mapped");
  EXPECT_EQ(maui::migrate::to_string(Status::Approximated), "approximated");
  EXPECT_EQ(maui::migrate::to_string(Status::NotExpressible), "not expressible");
  EXPECT_EQ(maui::migrate::to_string(Status::NotNeeded), "not needed");
  EXPECT_TRUE(maui::migrate::loses_more(Status::NotExpressible, Status::Approximated));
  EXPECT_TRUE(maui::migrate::loses_more(Status::Approximated, Status::Mapped));
  EXPECT_TRUE(maui::migrate::loses_more(Status::Mapped, Status::NotNeeded));
  EXPECT_FALSE(maui::migrate::loses_more(Status::Mapped, Status::Approximated));
}

// CREDWEIGHT 2 x QOSWEIGHT 5 x PRIORITY: with NO_NORMAL_ALL, PriorityWeightQOS=10 x Priority.
TEST(MigratePriority, QosAndClassPrioritiesCarryOverWithMauisWeights) {
  const auto m = migrate(std::string(kHead) +
                         "CREDWEIGHT 2\nQOSWEIGHT 5\nCLASSWEIGHT 3\n"
                         "QOSCFG[hi] PRIORITY=100\nQOSCFG[lo] PRIORITY=10\n"
                         "CLASSCFG[batch] PRIORITY=7\nCLASSCFG[debug] PRIORITY=1\n");
  EXPECT_EQ(conf(m, "PriorityType"), "priority/multifactor");
  EXPECT_EQ(conf(m, "PriorityFlags"), "NO_NORMAL_ALL");
  EXPECT_EQ(conf(m, "PriorityWeightQOS"), "10");
  EXPECT_EQ(conf(m, "PriorityWeightPartition"), "6");
  EXPECT_EQ(m.expected.qos.at("hi").at("Priority"), "100");
  EXPECT_EQ(m.expected.qos.at("lo").at("Priority"), "10");
  EXPECT_EQ(m.expected.qos.at("normal").at("Priority"), "0");  // Maui's DEFAULT QOS: no PRIORITY
  EXPECT_EQ(m.expected.partitions.at("batch").at("PriorityJobFactor"), "7");
  EXPECT_EQ(row(m, "QOSCFG[hi] PRIORITY").status, Status::Mapped);
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify qos where name=hi set Priority=100"));
  EXPECT_TRUE(has_line(m.conf, "PartitionName=batch PriorityJobFactor=7"));
  // The reference jobs: the QOS and class terms are Maui's exactly (plus Slurm's age of 0 on
  // submission); Maui's queue time (1 point a minute) and Slurm's (10080 over 7 days) agree at a day.
  for (const auto& j : m.reference_jobs) {
    EXPECT_EQ(j.maui_now == 1 ? 0 : j.maui_now, j.slurm_now == 1 ? 0 : j.slurm_now) << j.label;
    EXPECT_EQ(j.maui_day, j.slurm_day) << j.label;
  }
}

// Negative priorities: Slurm's are unsigned, so every QOS is shifted by the lowest (-50).
TEST(MigratePriority, NegativePrioritiesAreShiftedKeepingTheOrder) {
  const auto m = migrate(std::string(kHead) + "QOSWEIGHT 1\nQOSCFG[a] PRIORITY=-50\nQOSCFG[b] PRIORITY=20\n");
  EXPECT_EQ(m.expected.qos.at("a").at("Priority"), "0");
  EXPECT_EQ(m.expected.qos.at("b").at("Priority"), "70");
  EXPECT_EQ(m.expected.qos.at("normal").at("Priority"), "50");
  EXPECT_NE(row(m, "QOSCFG[a] PRIORITY").note.find("PRIORITY + 50"), std::string::npos);
}

// QUEUETIMECAP caps minutes: PriorityMaxAge there, and the weight times it; without a cap,
// Slurm's default 7 days and an approximation beyond.
TEST(MigratePriority, QueueTimeBecomesTheAgeFactor) {
  const auto capped = migrate(std::string(kHead) + "QUEUETIMEWEIGHT 3\nQUEUETIMECAP 600\n");
  EXPECT_EQ(conf(capped, "PriorityMaxAge"), "10:00:00");
  EXPECT_EQ(conf(capped, "PriorityWeightAge"), "1800");
  EXPECT_EQ(row(capped, "QUEUETIMEWEIGHT").status, Status::Mapped);
  const auto open = migrate(std::string(kHead) + "QUEUETIMEWEIGHT 3\n");
  EXPECT_EQ(conf(open, "PriorityMaxAge"), "7-00:00:00");
  EXPECT_EQ(conf(open, "PriorityWeightAge"), std::to_string(3 * 7 * 24 * 60));
  EXPECT_EQ(row(open, "QUEUETIMEWEIGHT").status, Status::Approximated);
}

TEST(MigratePriority, TermsSlurmHasNoneOfAreNotExpressible) {
  const auto m = migrate(std::string(kHead) + "XFACTORWEIGHT 10\nBYPASSWEIGHT 2\nPROCWEIGHT 4\nWALLTIMEWEIGHT 1\n");
  // RESWEIGHT defaults to 0 (the manual): the RES terms weigh nothing, as in Maui.
  EXPECT_EQ(row(m, "WALLTIMEWEIGHT").status, Status::Mapped);
  const auto res = migrate(std::string(kHead) + "RESWEIGHT 1\nWALLTIMEWEIGHT 1\n");
  EXPECT_EQ(row(res, "WALLTIMEWEIGHT").status, Status::NotExpressible);
  EXPECT_EQ(row(m, "XFACTORWEIGHT").status, Status::NotExpressible);
  EXPECT_EQ(row(m, "BYPASSWEIGHT").status, Status::NotExpressible);
  EXPECT_EQ(row(m, "PROCWEIGHT").status, Status::Mapped);
  const auto procs = migrate(std::string(kHead) + "RESWEIGHT 2\nPROCWEIGHT 4\n");
  EXPECT_EQ(conf(procs, "PriorityWeightTRES"), "CPU=8");
}

TEST(MigrateLimits, UserLimitsGoOnTheUsersAssociation) {
  const auto m = migrate(std::string(kHead) +
                         "USERCFG[john] MAXJOB=2 MAXPROC=8 MAXPS=3600\nUSERCFG[mary] MAXJOB=2,5 ADEF=chem\n"
                         "USERCFG[DEFAULT] MAXJOB=4\n");
  EXPECT_TRUE(has_line(m.sacctmgr, "ensure_user john users"));
  EXPECT_TRUE(has_line(m.sacctmgr, "ensure_user mary chem"));
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify user where name=john account=users set MaxJobs=2"));
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify user where name=john account=users set GrpTRES=cpu=8"));
  // MAXPS counts proc-seconds, GrpTRESRunMins CPU-minutes.
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify user where name=john account=users set GrpTRESRunMins=cpu=60"));
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify account where name=root set MaxJobs=4"));
  EXPECT_EQ(row(m, "USERCFG[john] MAXJOB").status, Status::Mapped);
  const Setting& soft = row(m, "USERCFG[mary] MAXJOB");
  EXPECT_EQ(soft.status, Status::Approximated);
  EXPECT_NE(soft.note.find("soft limit 2 is lost"), std::string::npos);
  // What sacctmgr shows: john's own 2, mary's 5, and root's 4 for the accounts below it.
  EXPECT_EQ(m.expected.assoc.at({"users", "john"}).at("MaxJobs"), "2");
  EXPECT_EQ(m.expected.assoc.at({"chem", "mary"}).at("MaxJobs"), "5");
  EXPECT_EQ(m.expected.assoc.at({"chem", ""}).at("MaxJobs"), "4");
  EXPECT_EQ(m.expected.assoc.at({"users", "john"}).at("GrpTRES"), "cpu=8");
}

TEST(MigrateLimits, ClassQosGroupAndIdleLimits) {
  const auto m = migrate(std::string(kHead) +
                         "CLASSCFG[batch] MAXJOB=10 MAXPROCPERUSER=4\nQOSCFG[hi] MAXJOB=3 MAXJOB[USER]=1\n"
                         "GROUPCFG[staff] MAXJOB=5\nUSERCFG[john] MAXIJOB=2\n");
  EXPECT_TRUE(has_line(m.sacctmgr, "ensure_qos part_batch"));
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify qos where name=part_batch set GrpJobs=10"));
  EXPECT_TRUE(has_line(m.sacctmgr, "sacctmgr -i modify qos where name=part_batch set MaxTRESPerUser=cpu=4"));
  EXPECT_TRUE(has_line(m.conf, "PartitionName=batch QOS=part_batch"));
  EXPECT_EQ(m.expected.qos.at("hi").at("GrpJobs"), "3");
  EXPECT_EQ(m.expected.qos.at("hi").at("MaxJobsPU"), "1");
  EXPECT_EQ(row(m, "GROUPCFG[staff] MAXJOB").status, Status::NotExpressible);
  EXPECT_EQ(row(m, "USERCFG[john] MAXIJOB").status, Status::NotExpressible);
}

TEST(MigrateFairshare, TargetsBecomeSharesAndTheWindowsAHalfLife) {
  const auto m = migrate(
      std::string(kHead) +
      "FSPOLICY DEDICATEDPS\nFSWEIGHT 1\nFSUSERWEIGHT 10\nFSINTERVAL 12:00:00\nFSDEPTH 4\n"
      "FSDECAY 0.5\nFSGROUPWEIGHT 2\nUSERCFG[john] FSTARGET=30\nUSERCFG[mary] FSTARGET=10+\nGROUPCFG[g] FSTARGET=5\n");
  EXPECT_EQ(conf(m, "PriorityWeightFairShare"), "1000");
  // Half of the usage is forgotten per 12-hour window: a half-life of 12 hours.
  EXPECT_EQ(conf(m, "PriorityDecayHalfLife"), "12:00:00");
  EXPECT_EQ(m.expected.assoc.at({"users", "john"}).at("Fairshare"), "30");
  EXPECT_EQ(row(m, "USERCFG[john] FSTARGET").status, Status::Approximated);
  EXPECT_EQ(row(m, "USERCFG[mary] FSTARGET").status, Status::NotExpressible);  // a floor
  EXPECT_EQ(row(m, "GROUPCFG[g] FSTARGET").status, Status::NotExpressible);
}

TEST(MigrateReservations, DaysFlagsAndTheAclTrap) {
  const auto m =
      migrate(std::string(kHead) +
              "SRCFG[day] STARTTIME=08:00:00 ENDTIME=17:00:00 DAYS=MON,TUE,WED,THU,FRI HOSTLIST=n1,n2 USERLIST=bob\n"
              "SRCFG[mwf] STARTTIME=20:00:00 ENDTIME=06:00:00 DAYS=MON,WED,FRI HOSTLIST=n3 GROUPLIST=g1\n"
              "SRCFG[both] HOSTLIST=n4 USERLIST=bob ACCOUNTLIST=chem\n"
              "SRCFG[byclass] HOSTLIST=n4 CLASSLIST=debug\n");
  const auto& day = m.expected.reservations.at("day");
  EXPECT_EQ(day.at("Flags"), "WEEKDAY,MAGNETIC");
  EXPECT_EQ(day.at("StartTime"), "08:00:00");
  EXPECT_EQ(day.at("Duration"), "09:00:00");
  EXPECT_EQ(day.at("Users"), "bob");
  // Monday, Wednesday and Friday nights: one WEEKLY reservation a day, crossing midnight.
  EXPECT_EQ(m.expected.reservations.at("mwf_mon").at("Duration"), "10:00:00");
  EXPECT_TRUE(m.expected.reservations.count("mwf_wed") && m.expected.reservations.count("mwf_fri"));
  EXPECT_EQ(row(m, "SRCFG[mwf] DAYS").status, Status::Approximated);
  // USERLIST and ACCOUNTLIST: Slurm would need both; one reservation each, the second OVERLAP.
  EXPECT_EQ(m.expected.reservations.at("both").at("Users"), "bob");
  EXPECT_EQ(m.expected.reservations.at("both_accounts").at("Accounts"), "chem");
  EXPECT_EQ(m.expected.reservations.at("both_accounts").at("Flags"), "DAILY,MAGNETIC,OVERLAP");
  EXPECT_EQ(row(m, "SRCFG[both] ACCOUNTLIST").status, Status::Approximated);
  EXPECT_EQ(row(m, "SRCFG[byclass] CLASSLIST").status, Status::NotExpressible);
}

TEST(MigrateSettings, EveryKindOfLineIsReported) {
  const auto m = migrate(std::string(kHead) +
                         "LOGLEVEL 3\nNOSUCHPARAM 1\nQUEUETIMEWEIGHT 1\nQUEUETIMEWEIGHT 2\n"
                         "USERCFG[x] PRIOTIRY=3\nQOSCFG[med]\nRMCFG[base] PBS TIMEOUT=90\n");
  EXPECT_EQ(row(m, "SERVERHOST").status, Status::NotNeeded);
  EXPECT_EQ(row(m, "LOGLEVEL").status, Status::NotNeeded);
  EXPECT_EQ(row(m, "NOSUCHPARAM").status, Status::NotNeeded);
  EXPECT_NE(row(m, "NOSUCHPARAM").note.find("unknown-parameter"), std::string::npos);
  // The earlier of two lines is overridden (the later wins, as in Maui).
  EXPECT_EQ(row(m, "QUEUETIMEWEIGHT", 4).status, Status::NotNeeded);
  EXPECT_NE(row(m, "QUEUETIMEWEIGHT", 4).note.find("line 5"), std::string::npos);
  EXPECT_EQ(row(m, "QUEUETIMEWEIGHT", 5).status, Status::Approximated);
  EXPECT_EQ(row(m, "USERCFG[x] PRIOTIRY").status, Status::NotNeeded);  // Maui ignores the misspelling
  EXPECT_EQ(row(m, "QOSCFG[med]").status, Status::Mapped);             // makes the QOS
  EXPECT_EQ(row(m, "RMCFG[base] PBS").status, Status::NotNeeded);
  EXPECT_FALSE(m.all_mapped());
}

TEST(MigrateSettings, AConfigSlurmCarriesWhollyIsAllMapped) {
  const auto m =
      migrate(std::string(kHead) + "CREDWEIGHT 1\nQOSWEIGHT 1\nQOSCFG[hi] PRIORITY=10\nJOBMAXOVERRUN 00:05:00\n");
  EXPECT_TRUE(m.all_mapped());
  EXPECT_EQ(conf(m, "OverTimeLimit"), "5 min");
}

TEST(MigrateReport, JsonIsTheContract) {
  const auto m = migrate(std::string(kHead) + "QOSCFG[hi] PRIORITY=10 MAXJOB=2\n");
  auto parsed = llvm::json::parse(maui::migrate::migration_json(m));
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  const auto* top = parsed->getAsObject();
  EXPECT_EQ(top->getInteger("version").getValueOr(-1), 1);
  const auto* settings = top->getArray("settings");
  ASSERT_EQ(settings->size(), 3u);  // SERVERHOST, PRIORITY, MAXJOB
  const auto* maxjob = (*settings)[2].getAsObject();
  EXPECT_EQ(maxjob->getString("file").getValueOr("").str(), "maui.cfg");
  EXPECT_EQ(maxjob->getInteger("line").getValueOr(-1), 2);
  EXPECT_EQ(maxjob->getInteger("column").getValueOr(-1), 24);
  EXPECT_EQ(maxjob->getString("parameter").getValueOr("").str(), "QOSCFG[hi] MAXJOB");
  EXPECT_EQ(maxjob->getString("status").getValueOr("").str(), "mapped");
  EXPECT_EQ((*maxjob->getArray("slurm"))[0].getAsString().getValueOr("").str(),
            "sacctmgr -i modify qos where name=hi set GrpJobs=2");
  EXPECT_TRUE(maxjob->getString("note").hasValue());
}

// --cluster: Nodes= from the snapshot, a regular expression matched against its nodes.
TEST(MigrateCluster, NodesComeFromTheSnapshot) {
  maui::migrate::Options o;
  for (int i = 1; i <= 4; ++i) o.cluster.push_back({"n" + std::to_string(i), 4, {"batch", "debug"}});
  o.cluster.push_back({"gpu01", 8, {"gpu"}});
  const auto m = migrate(std::string(kHead) +
                             "CLASSCFG[batch] PRIORITY=1\nCREDWEIGHT 1\nCLASSWEIGHT 1\n"
                             "SRCFG[r] HOSTLIST=^n[12]$ USERLIST=bob\n",
                         o);
  EXPECT_EQ(m.expected.partitions.at("batch").at("Nodes"), "n[1-4]");
  EXPECT_EQ(m.expected.partitions.at("gpu").at("Nodes"), "gpu01");
  EXPECT_EQ(m.expected.reservations.at("r").at("Nodes"), "n1,n2");
}

// A template's control block over several lines (`<% @users.each do |u|\n -%>`, Template
// Toolkit's `[%- IF ...;\n NEXT;\n END -%]`) sets nothing: its characters become blanks, its
// line breaks stay.
std::string blank_multiline_template_blocks(std::string text) {
  for (const auto& [open, close] :
       {std::pair{"<%", "%>"}, std::pair{"{%", "%}"}, std::pair{"{#", "#}"}, std::pair{"[%", "%]"}}) {
    for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at + 1)) {
      const std::size_t end = text.find(close, at + 2);
      if (end == std::string::npos) break;
      if (text.find('\n', at) > end) continue;  // on one line: the line's own check
      for (std::size_t i = at; i < end + 2; ++i)
        if (text[i] != '\n') text[i] = ' ';
    }
  }
  return text;
}

// The report lists every setting line of every file read: each line that is neither blank, a
// comment, a continuation nor a template's control line has a row (checked on the text, not
// through the syntax tree the report is made from).
void expect_every_line_reported(const fs::path& dir, const std::string& file) {
  const auto old = fs::current_path();
  fs::current_path(dir);
  auto unit = maui::checker::check_file(file);
  fs::current_path(old);
  if (!unit->loaded || unit->diagnostics.has_errors()) return;  // not migrated
  maui::migrate::Options o;
  o.config_name = file;
  const auto m = maui::migrate::migrate_to_slurm(*unit, o);
  std::set<std::pair<std::string, unsigned>> reported;
  for (const auto& s : m.settings) reported.insert({s.file, s.line});
  static const std::regex control(R"(^\s*(<%|\{%|\{#|\[%).*(%>|%\}|#\}|%\])\s*(#.*)?$)");
  for (unsigned b = 1; b <= unit->sources.buffer_count(); ++b) {
    const std::string& name = unit->sources.display_name(b);
    std::istringstream in{blank_multiline_template_blocks(std::string(unit->sources.text(b)))};
    std::string line, previous;
    for (unsigned number = 1; std::getline(in, line); ++number, previous = line) {
      const bool continued = !previous.empty() && previous.find('#') == std::string::npos &&
                             previous.find_last_not_of(" \t\r") != std::string::npos &&
                             previous[previous.find_last_not_of(" \t\r")] == '\\';
      const auto first = line.find_first_not_of(" \t\r\v\f\xc2\xa0");
      if (continued || first == std::string::npos || line[first] == '#' || std::regex_match(line, control)) continue;
      EXPECT_TRUE(reported.count({name, number}))
          << dir / file << ": " << name << ":" << number << " is not in the report: " << line;
    }
  }
}

TEST(MigrateEverySetting, CorpusConfigsThatCompile) {
  const fs::path corpus = fs::path(MAUI_TEST_DATA_DIR) / "corpus" / "configs";
  int migrated = 0;
  for (const auto& e : fs::directory_iterator(corpus)) {
    expect_every_line_reported(corpus, e.path().filename());
    auto unit = maui::checker::check_file(e.path().string());
    migrated += unit->loaded && !unit->diagnostics.has_errors();
  }
  EXPECT_GE(migrated, 20);  // 24 of the 33 compile
}

TEST(MigrateEverySetting, GoldenCasesAndExamples) {
  const fs::path root(MAUI_SOURCE_DIR);
  for (const auto& e : fs::directory_iterator(root / "tests" / "golden"))
    if (fs::exists(e.path() / "input.cfg")) expect_every_line_reported(e.path(), "input.cfg");
  for (const auto& e : fs::directory_iterator(root / "tests" / "migrate"))
    if (fs::exists(e.path() / "input.cfg")) expect_every_line_reported(e.path(), "input.cfg");
  for (const auto& e : fs::directory_iterator(root / "examples"))
    if (e.path().extension() == ".cfg") expect_every_line_reported(root / "examples", e.path().filename());
}

}  // namespace
