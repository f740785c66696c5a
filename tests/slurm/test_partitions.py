"""A job asking several partitions (`-p debug,short`) runs in either, released into the partition
of the nodes chosen for it, from Slurm's own records (the jobcomp log's partition and nodes).
The cluster's partitions here: short = n1, n2; debug = n3, n4 (and batch, the default, all)."""
import os

from harness import Cluster, ClusterTest, main, node_set, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""

SPLIT = """PartitionName=debug Nodes=n[3-4] Default=NO MaxTime=INFINITE State=UP
PartitionName=short Nodes=n[1-2] Default=NO MaxTime=INFINITE State=UP
"""


class Partitions(ClusterTest):
    def setUp(self):
        path = f"/tmp/partitions-{os.getpid()}.conf"
        with open(path, "w") as f:
            f.write(SPLIT)
        self.cluster = Cluster(self.id().split(".")[-1], settings={"SLURM_CLUSTER_CONF_EXTRA": path})
        os.unlink(path)
        self.serves = []

    def test_a_job_asking_two_partitions_runs_in_either(self):
        c = self.cluster
        # Four whole-node jobs (4 CPUs each) asking both: all four run at once, two in each.
        jobs = [c.sbatch("-p", "debug,short", "-n", "4", "--time=1", seconds=3) for _ in range(4)]
        serve = self.serve(CONFIG)
        serve.start()
        done = wait_until("all four to end", lambda: (lambda f: f if set(jobs) <= set(f) else None)(
            {r["job_id"]: r for r in c.finished()}), 40)
        partitions = {"short": {"n1", "n2"}, "debug": {"n3", "n4"}}
        used = []
        for j in jobs:
            r = done[j]
            self.assertEqual(r["state"], "COMPLETED", r)
            self.assertLessEqual(node_set(r["nodes"]), partitions[r["partition"]], r)
            used.append(r["partition"])
        self.assertEqual(sorted(used), ["debug", "debug", "short", "short"])
        starts = [done[j]["start"] for j in jobs]
        self.assertLessEqual(max(starts) - min(starts), 2, "not all at once")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
