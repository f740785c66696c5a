"""A USERCFG MAXJOB migrated to Slurm is a limit Slurm's own scheduler never lets the user exceed,
and reaches: tests/migrate/limits/input.cfg (nobody at most 2 running jobs, every other user 3)
migrated, applied to a cluster with accounting as MIGRATION.md says, then 6 one-CPU jobs each of
nobody and root on 16 free CPUs (so that only the limits can hold jobs back)."""
import os

from harness import main
from migration import SOURCE, MigrationTest, finished_jobs, most_at_once, wait_until


class MigratedLimits(MigrationTest):
    def test_maxjob_is_enforced_by_slurm(self):
        with open(os.path.join(SOURCE, "tests", "migrate", "limits", "input.cfg")) as f:
            applied = self.migrated(f.read())
        self.assertEqual(applied.differences(), [])
        theirs = [self.sbatch_as("nobody", "-n", "1", "-t", "1", "-A", "users", seconds=3) for _ in range(6)]
        mine = [self.sbatch_as("root", "-n", "1", "-t", "1", seconds=3) for _ in range(6)]
        done = finished_jobs(self.cluster, theirs + mine)
        self.assertEqual(most_at_once([(done[j]["start"], done[j]["end"]) for j in theirs]), 2)
        # root's jobs: root's MaxJobs (USERCFG[DEFAULT]) holds them to 3 as well.
        self.assertEqual(most_at_once([(done[j]["start"], done[j]["end"]) for j in mine]), 3)
        # The accounting database hears of a job's end after the jobcomp file does (slurmctld sends
        # it to slurmdbd from its own queue), so its record is waited for, not read once.
        def accounted():
            states = self.cluster.run("sacct", "-n", "-X", "-P", "--format=JobID,State", "-j",
                                      ",".join(map(str, theirs + mine))).stdout
            return states if states.count("COMPLETED") == 12 else None
        wait_until("the accounting database to record the 12 jobs COMPLETED", accounted, 30)


if __name__ == "__main__":
    main()
