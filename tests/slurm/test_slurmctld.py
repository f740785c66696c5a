"""slurmctld stopped and started again during a run: serve logs that Slurm cannot be read, keeps
running, and goes on when Slurm is back; every job completes once."""
import time

from harness import CLUSTER_SH, ClusterTest, main, wait_until
import subprocess

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Slurmctld(ClusterTest):
    def test_serve_survives_slurmctld_going_away(self):
        serve = self.serve(CONFIG)
        serve.start()
        first = [self.cluster.sbatch("-n", "4", "--time=1", seconds=12) for _ in range(6)]
        wait_until("four jobs running", lambda: len(self.cluster.running()) == 4, 60)
        subprocess.run(["bash", CLUSTER_SH, "stop-ctld", self.cluster.dir], check=True, capture_output=True)
        wait_until("serve to say Slurm cannot be read", lambda: [e for e in serve.events("error") if "Slurm" in e["reason"]], 60)
        time.sleep(2)
        self.assertIsNone(serve.proc.poll(), "serve died while slurmctld was down")
        subprocess.run(["bash", CLUSTER_SH, "start-ctld", self.cluster.dir], check=True, capture_output=True)
        wait_until("serve to read Slurm again", lambda: [e for e in serve.events("slurm") if "again" in e["reason"]], 90)
        later = [self.cluster.sbatch("-n", "2", "--time=1", seconds=2) for _ in range(2)]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 8 else None)(self.cluster.finished()), 240)
        self.assertEqual(sorted(r["job_id"] for r in done), sorted(first + later))
        self.assertTrue(all(r["state"] == "COMPLETED" for r in done), done)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
