"""kill -9 of serve at any moment and a restart: every job runs once, none twice, and no
finished job's usage is lost or counted twice (FS files against Slurm's times). Then a clean
stop (SIGTERM) and a restart: the same."""
import random
import signal
import time

from harness import ClusterTest, main, wait_until
from test_fairshare import usage_by_user

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
FSPOLICY DEDICATEDPS
FSINTERVAL 01:00:00
FSDEPTH 4
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 2
"""


class Restart(ClusterTest):
    def test_kill_9_in_the_middle_of_40_jobs(self):
        rng = random.Random(24)
        serve = self.serve(CONFIG)
        jobs = []
        for i in range(40):
            user = "nobody" if i % 3 == 0 else None
            jobs.append(self.cluster.sbatch("-n", str(rng.randint(1, 6)), "--time=1", seconds=rng.randint(1, 4), user=user))
        serve.start()
        # Killed three times, each after a few more starts, at no particular moment of a turn.
        for kill in range(3):
            target = 8 * (kill + 1)
            wait_until(f"{target} jobs started", lambda: len(self.cluster.finished()) + len(self.cluster.running()) >= target, 120)
            time.sleep(rng.random())
            serve.kill9()
            time.sleep(rng.random() * 2)
            serve.start()
        serve.stop(signal.SIGTERM)
        serve.start()
        done = wait_until("all 40 jobs to finish", lambda: (lambda f: f if len(f) >= 40 else None)(self.cluster.finished()), 300)
        ids = [r["job_id"] for r in done]
        self.assertEqual(sorted(ids), sorted(jobs), "a job ended twice, or one never did")
        for r in done:
            self.assertEqual(r["state"], "COMPLETED", r)
        slurm = self.cluster.jobs()
        for j in jobs:
            self.assertEqual(slurm[j]["restart_cnt"], 0, f"job {j} was started more than once")
        last = max(r["end"] for r in done)
        wait_until("an iteration after the last end", lambda: [e for e in serve.events("ended") if e["time"] >= last], 30)
        self.assertEqual(serve.stop(), 0)
        expected = {}
        for r in done:
            expected[r["user"]] = expected.get(r["user"], 0) + r["procs"] * (r["end"] - r["start"])
        self.assertEqual(usage_by_user(serve.state_dir), expected)
        self.assertGreaterEqual(len(serve.events("state")), 4)  # each restart says where it came from


if __name__ == "__main__":
    main()
