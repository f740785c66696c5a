// `mauic migrate --to slurm` as a command: its exit codes (0 everything mapped, 1 something
// approximated or not expressible, 2 usage or input error), the four files it writes, its JSON
// on standard output, and bad input (a config with errors, a bad --partition-map or --cluster,
// an output directory it cannot write, garbage) refused with a located message, never a crash.
// The binary under test is MAUIC_PATH (tests/CMakeLists.txt).
#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "llvm/Support/JSON.h"
#include "tests/command_test_support.h"

namespace {

namespace fs = std::filesystem;
using maui::testing_support::shell_quote;
using maui::testing_support::slurp;
using Outcome = maui::testing_support::CommandOutcome;

class Migrate : public maui::testing_support::TempDirTest {
 protected:
  Outcome mauic(const std::string& args) { return run_in_dir(MAUIC_PATH, args); }
  fs::path dir() const { return dir_; }
};

TEST_F(Migrate, WritesTheFourFilesAndExitsByWhatCarriesOver) {
  write("clean.cfg", "SERVERHOST head\nCREDWEIGHT 1\nQOSWEIGHT 1\nQOSCFG[hi] PRIORITY=10\n");
  Outcome r = mauic("migrate --to slurm clean.cfg -o out");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  for (const char* f : {"slurm.conf", "sacctmgr.sh", "scontrol.sh", "MIGRATION.md"})
    EXPECT_TRUE(fs::exists(dir() / "out" / f)) << f;
  EXPECT_NE(r.out.find("4 settings: 3 mapped, 0 approximated, 0 not expressible, 1 not needed"), std::string::npos)
      << r.out;
  EXPECT_NE(slurp(dir() / "out" / "sacctmgr.sh").find("sacctmgr -i modify qos where name=hi set Priority=10"),
            std::string::npos);
  EXPECT_EQ(fs::status(dir() / "out" / "sacctmgr.sh").permissions() & fs::perms::owner_exec, fs::perms::owner_exec);

  write("lossy.cfg", "SERVERHOST head\nXFACTORWEIGHT 10\n");
  r = mauic("migrate --to slurm lossy.cfg -o out2");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("lossy.cfg:2:1: not expressible: XFACTORWEIGHT: Slurm has no expansion-factor term"),
            std::string::npos)
      << r.out;
}

TEST_F(Migrate, JsonOnStandardOutput) {
  write("m.cfg", "SERVERHOST head\nUSERCFG[john] MAXJOB=2,4\n");
  Outcome r = mauic("migrate --to slurm m.cfg -o out --format json");
  EXPECT_EQ(r.code, 1);
  auto v = llvm::json::parse(r.out);
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  const auto* settings = v->getAsObject()->getArray("settings");
  ASSERT_EQ(settings->size(), 2u);
  const auto* maxjob = (*settings)[1].getAsObject();
  EXPECT_EQ(maxjob->getString("status").getValueOr("").str(), "approximated");
  EXPECT_EQ(maxjob->getString("parameter").getValueOr("").str(), "USERCFG[john] MAXJOB");
}

// A config with errors is not migrated: its diagnostics as lint prints them, exit 2, no files.
TEST_F(Migrate, AConfigWithErrorsIsNotMigrated) {
  write("bad.cfg", "SERVERHOST head\nUSERCFG[john MAXJOB=4\n");
  Outcome r = mauic("migrate --to slurm bad.cfg -o out");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.cfg:2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error: expected ']' to close the index [syntax-error]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nothing is migrated"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir() / "out"));
}

TEST_F(Migrate, UsageAndInputErrors) {
  write("m.cfg", "SERVERHOST head\n");
  Outcome r = mauic("migrate --to pbs m.cfg -o out");
  EXPECT_EQ(r.code, 2);
  r = mauic("migrate m.cfg -o out");  // --to is required
  EXPECT_EQ(r.code, 2);
  r = mauic("migrate --to slurm m.cfg");  // so is -o
  EXPECT_EQ(r.code, 2);
  r = mauic("migrate --to slurm missing.cfg -o out");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("missing.cfg"), std::string::npos) << r.err;
  r = mauic("migrate --to slurm m.cfg -o out --partition-map batch");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("expected CLASS=PARTITION, found 'batch'"), std::string::npos) << r.err;
  write("jobs.json", "{\"jobs\": [{\"id\": 1}]}");
  r = mauic("migrate --to slurm m.cfg -o out --cluster jobs.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("jobs.json:1:"), std::string::npos) << r.err;
  write("file", "x");
  r = mauic("migrate --to slurm m.cfg -o file/sub");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot create 'file/sub'"), std::string::npos) << r.err;
}

TEST_F(Migrate, PartitionMapAndCluster) {
  write("m.cfg", "SERVERHOST head\nCREDWEIGHT 1\nCLASSWEIGHT 1\nCLASSCFG[short] PRIORITY=5 MAX.WCLIMIT=1:00:00\n");
  write("jobs.json", R"({"jobs": [], "nodes": [{"name": "n1", "procs": 4, "classes": ["debug"]},
                                              {"name": "n2", "procs": 4, "classes": ["debug"]}]})");
  Outcome r = mauic("migrate --to slurm m.cfg -o out --partition-map short=debug --cluster jobs.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(
      slurp(dir() / "out" / "slurm.conf").find("PartitionName=debug Nodes=n[1-2] PriorityJobFactor=5 MaxTime=01:00:00"),
      std::string::npos)
      << slurp(dir() / "out" / "slurm.conf");
}

// Random bytes and truncated configs: a located error or a migration, never a crash.
TEST_F(Migrate, GarbageNeverCrashes) {
  std::mt19937 rng(35);
  const std::string seed = "SERVERHOST h\nUSERCFG[a] MAXJOB=2 FSTARGET=5\nSRCFG[r] HOSTLIST=n1 USERLIST=a DAYS=MON\n";
  for (int i = 0; i < 30; ++i) {
    std::string text = seed.substr(0, rng() % seed.size());
    for (int k = 0; k < 20; ++k)
      text.insert(text.begin() + static_cast<long>(rng() % (text.size() + 1)), static_cast<char>(rng() % 256));
    write("g.cfg", text);
    Outcome r = mauic("migrate --to slurm g.cfg -o out --format json");
    ASSERT_TRUE(r.exited) << "crashed (signal " << r.signal << ") on " << shell_quote(text);
    EXPECT_TRUE(r.code == 0 || r.code == 1 || r.code == 2) << r.code;
  }
}

}  // namespace
