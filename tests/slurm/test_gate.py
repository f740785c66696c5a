"""Slurm never starts a job by itself, and no user gets around the scheduler: with serve
stopped nothing starts (job_submit.lua holds every job, sched/builtin starts none held), the
owner's release is refused; serve starts what the policy starts, on the nodes it chose;
--dry-run changes nothing."""
import time

from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Gate(ClusterTest):
    def test_nothing_starts_without_serve_and_owners_cannot_release(self):
        mine = [self.cluster.sbatch("-n", "1", "--time=1", seconds=30, user="nobody") for _ in range(3)]
        root = [self.cluster.sbatch("-n", "2", "--time=1", seconds=30) for _ in range(2)]
        refused = self.cluster.run("scontrol", "release", str(mine[0]), user="nobody", check=False)
        self.assertNotEqual(refused.returncode, 0, refused.stdout)
        self.assertIn("pending scheduler release", refused.stderr)
        nice = self.cluster.run("scontrol", "update", f"jobid={mine[1]}", "nice=10", user="nobody", check=False)
        self.assertNotEqual(nice.returncode, 0)
        time.sleep(8)  # several scheduling passes of slurmctld
        jobs = self.cluster.jobs()
        for j in mine + root:
            self.assertEqual(jobs[j]["job_state"], "PENDING", f"job {j} started without the scheduler")
            self.assertEqual(jobs[j]["priority"], 0)

    def test_serve_starts_jobs_on_the_nodes_it_chose(self):
        jobs = [self.cluster.sbatch("-n", str(n), "--time=1", seconds=20) for n in (3, 4, 2)]
        serve = self.serve(CONFIG)
        serve.start()
        wait_until("the three jobs to run", lambda: len(self.cluster.running()) == 3, 30)
        starts = {int(e["job"]): e for e in serve.events("start")}
        self.assertEqual(sorted(starts), jobs)
        slurm = self.cluster.jobs()
        for j in jobs:
            chosen = {name for name, _ in starts[j]["nodes"]}
            ran = set()
            for alloc in slurm[j]["job_resources"]["allocated_nodes"]:
                ran.add(alloc["nodename"])
            self.assertEqual(ran, chosen, f"job {j} runs on {ran}, the scheduler chose {chosen}")
        self.assertEqual(serve.stop(), 0)

    def test_dry_run_changes_nothing(self):
        jobs = [self.cluster.sbatch("-n", "2", "--time=1", seconds=20) for _ in range(3)]
        serve = self.serve(CONFIG, "--dry-run")
        serve.start()
        wait_until("the decisions of a dry run", lambda: len(serve.events("start")) >= 3, 30)
        time.sleep(3)
        slurm = self.cluster.jobs()
        for j in jobs:
            self.assertEqual(slurm[j]["job_state"], "PENDING")
            self.assertEqual(slurm[j]["priority"], 0)
            self.assertEqual(slurm[j]["required_nodes"], "")
        self.assertTrue(all("dry run" in e["reason"] for e in serve.events("start")))
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
