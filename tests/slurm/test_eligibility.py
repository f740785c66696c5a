"""When a job may start, from Slurm's own records: not before its `--begin` time; after the jobs
it depends on (afterok, afterany, singleton), which Slurm does not judge while every job waits
held, so serve judges them; a dependency that can never be met leaves the job waiting, released
to Slurm, whose squeue shows DependencyNeverSatisfied, and with serve's reason in its
AdminComment; a job that can no longer end before its `--deadline` is never started, but left to
Slurm to end (DEADLINE), one that can is run. (`sbatch -H` released by its owner through
the scheduler: test_admin.py.)"""
import time

from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:30
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Eligibility(ClusterTest):
    def test_begin_times_and_dependencies(self):
        serve = self.serve(CONFIG)
        serve.start()
        c = self.cluster
        submitted = time.time()
        # RMPOLLINTERVAL is 30 s: only the begin time itself can bring the turn that starts it.
        later = c.sbatch("-n", "1", "--time=1", "--begin=now+15", seconds=1)
        ok = c.sbatch("-n", "1", "--time=1", seconds=3)
        bad = c.run("sbatch", "--parsable", "-o", "/dev/null", "-n", "1", "--time=1", "--wrap", "sleep 1; exit 3")
        bad = int(bad.stdout.strip())
        after_ok = c.sbatch("-n", "1", "--time=1", f"--dependency=afterok:{ok}", seconds=1)
        after_any = c.sbatch("-n", "1", "--time=1", f"--dependency=afterany:{bad}", seconds=1)
        never = c.sbatch("-n", "1", "--time=1", f"--dependency=afterok:{bad}", seconds=1)
        # Its 2 minutes cannot end within the 60 s to its deadline; 1 minute within 600 s can.
        too_late = c.sbatch("-n", "1", "--time=2", "--deadline=now+60", seconds=1)
        in_time = c.sbatch("-n", "1", "--time=1", "--deadline=now+600", seconds=1)
        single = [c.sbatch("-n", "1", "--time=1", "-J", "one-at-a-time", "--dependency=singleton", seconds=2)
                  for _ in range(3)]

        def finished():
            return {r["job_id"]: r for r in c.finished()}

        expected = {later, ok, bad, after_ok, after_any, in_time} | set(single)
        done = wait_until("every runnable job to end", lambda: (lambda f: f if expected <= set(f) else None)(finished()), 50)
        # Not before the begin time (Slurm's eligible time, to the second), and soon after it.
        begin = c.jobs()[later]["eligible_time"]
        self.assertGreaterEqual(begin, int(submitted) + 15)
        self.assertGreaterEqual(done[later]["start"], begin)
        self.assertLessEqual(done[later]["start"], begin + 5)
        self.assertEqual(done[bad]["state"], "FAILED")
        self.assertGreaterEqual(done[after_ok]["start"], done[ok]["end"])
        self.assertGreaterEqual(done[after_any]["start"], done[bad]["end"])
        self.assertEqual(done[after_ok]["state"], "COMPLETED")
        self.assertEqual(done[in_time]["state"], "COMPLETED")
        # Ended by Slurm for its deadline, never started by the scheduler.
        self.assertEqual(c.jobs()[too_late]["job_state"], "DEADLINE")
        self.assertNotIn(str(too_late), {e["job"] for e in serve.events("start") + serve.events("started")})
        self.assertIn(f"job {too_late}: it cannot end before its deadline: released to Slurm, which ends it (DEADLINE)",
                      [e["reason"] for e in serve.events("slurm")])
        # singleton: one at a time, in submission order.
        runs = [(done[j]["start"], done[j]["end"]) for j in single]
        for (s1, e1), (s2, e2) in zip(runs, runs[1:]):
            self.assertGreaterEqual(s2, e1, runs)
        # afterok on a failed job: never started, waiting with why.
        self.assertNotIn(never, finished())
        wait_until("the reason in squeue", lambda: c.run("squeue", "-h", "-j", str(never), "-o", "%T %r").stdout.strip()
                   == "PENDING DependencyNeverSatisfied", 10)
        self.assertEqual(c.jobs()[never]["admin_comment"],
                         f"mauirun: dependency never satisfied: afterok:{bad}: job {bad} ended FAILED")
        self.assertEqual(serve.stop(), 0)
        time.sleep(2)  # Slurm, with serve gone, does not start it either
        self.assertEqual(c.jobs()[never]["job_state"], "PENDING")
        self.assertNotIn(never, finished())

    def test_nice_lowers_the_priority(self):
        # Both wait before serve looks; one job at a time (MAXJOB 1): the first submitted, niced by
        # 1000 (1000 minutes of queue time), runs second.
        c = self.cluster
        niced = c.sbatch("-n", "1", "--time=1", "--nice=1000", seconds=2)
        plain = c.sbatch("-n", "1", "--time=1", seconds=2)
        serve = self.serve(CONFIG + "USERCFG[root] MAXJOB=1\n")
        serve.start()
        done = wait_until("both to end", lambda: (lambda f: f if {niced, plain} <= set(f) else None)(
            {r["job_id"]: r for r in c.finished()}), 40)
        self.assertGreaterEqual(done[niced]["start"], done[plain]["end"])
        first = [e for e in serve.events("start")][0]
        self.assertEqual(first["job"], str(plain))
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
