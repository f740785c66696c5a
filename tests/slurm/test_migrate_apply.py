"""Every generated command succeeds on a real Slurm 22.05 with accounting, and Slurm then shows
exactly what MIGRATION.md says (scontrol show config, sacctmgr show qos / assoc, scontrol show
reservation / partition), for the examples, the corpus configs that compile and the configs
written for these tests (tests/migrate/*/input.cfg). Each is migrated with --cluster (the test
cluster's nodes) and applied as MIGRATION.md says: sacctmgr.sh, slurm.conf merged and slurmctld
restarted, scontrol.sh; then sacctmgr.sh runs once more (it is idempotent), and what it made is
removed before the next. Configs whose three files are the same but for comments are applied
once (most corpus configs set no policy Slurm needs)."""
import glob
import os
import subprocess
import tempfile

from harness import main
from migration import MAUIC, SOURCE, TEST_DATA, Applied, MigrationTest, cluster_json, migrate, wait_until


def configs():
    """(directory, file) of every config to apply, those that compile."""
    out = [(os.path.dirname(p), "input.cfg") for p in sorted(glob.glob(f"{SOURCE}/tests/migrate/*/input.cfg"))]
    out += [(f"{SOURCE}/examples", os.path.basename(p)) for p in sorted(glob.glob(f"{SOURCE}/examples/*.cfg"))]
    corpus = os.path.join(TEST_DATA, "corpus", "configs")
    out += [(corpus, f) for f in sorted(os.listdir(corpus))]
    compiles = []
    for d, f in out:
        r = subprocess.run([MAUIC, "lint", f], capture_output=True, text=True, cwd=d)
        if r.returncode == 0:  # no error (warnings exit 0 too)
            compiles.append((d, f))
    return compiles


def content(out):
    """The three files without their comments: configs that migrate alike are applied once."""
    text = ""
    for name in ("slurm.conf", "sacctmgr.sh", "scontrol.sh"):
        with open(os.path.join(out, name)) as f:
            text += "".join(line for line in f if not line.startswith("#"))
    return text


class MigrationsApply(MigrationTest):
    def test_every_command_succeeds_and_slurm_shows_migration_md(self):
        nodes = cluster_json(os.path.join(self.cluster.dir, "nodes.json"))
        seen, applied_count, problems = {}, 0, []
        work = tempfile.mkdtemp(prefix="mig-", dir=self.cluster.dir)
        for i, (d, f) in enumerate(configs()):
            out = os.path.join(work, str(i))
            migrate(os.path.join(d, f), out, nodes, cwd=d)
            key = content(out)
            if key in seen:
                seen[key].append(f)
                continue
            seen[key] = [f]
            applied = Applied(self.cluster, out)
            try:
                applied.apply()
            except AssertionError as e:
                problems.append(f"{d}/{f}: {e}")
                applied.remove()
                continue
            self.nodes_ready()
            problems += [f"{d}/{f}: {p}" for p in applied.differences()]
            again = applied.script("sacctmgr.sh")
            if again.returncode != 0:
                problems.append(f"{d}/{f}: sacctmgr.sh a second time failed: {again.stderr}")
            applied.remove()
            applied_count += 1
        print(f"applied {applied_count} distinct migrations of {sum(len(v) for v in seen.values())} configs")
        self.assertEqual(problems, [], "\n".join(problems))
        self.assertGreaterEqual(applied_count, 8)

    def nodes_ready(self):
        wait_until("the nodes after the restart", self.nodes_idle, 60)


if __name__ == "__main__":
    main()
