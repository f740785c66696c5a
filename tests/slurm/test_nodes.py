"""A node set DOWN (or DRAINED) gets no job; when it comes back it gets work again."""
from harness import ClusterTest, main, wait_until
from test_standing import hosts

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Nodes(ClusterTest):
    def test_a_down_node_gets_no_job(self):
        self.cluster.run("scontrol", "update", "NodeName=n2", "State=DOWN", "Reason=test")
        self.cluster.run("scontrol", "update", "NodeName=n3", "State=DRAIN", "Reason=test")
        serve = self.serve(CONFIG)
        serve.start()
        jobs = [self.cluster.sbatch("-n", "4", "--time=1", seconds=3) for _ in range(6)]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 6 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 180)
        for j in jobs:
            self.assertFalse(hosts(done[j]) & {"n2", "n3"}, f"job {j} ran on {done[j]['nodes']}")
        self.cluster.run("scontrol", "update", "NodeName=n2", "State=RESUME")
        self.cluster.run("scontrol", "update", "NodeName=n3", "State=RESUME")
        more = [self.cluster.sbatch("-n", "4", "--time=1", seconds=6) for _ in range(4)]
        wait_until("four jobs running at once on the four nodes",
                   lambda: len([j for j in self.cluster.running() if j["job_id"] in more]) == 4, 60)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
