"""Where a job may run (docs/semantics.md 123-125), checked from Slurm's own records: a partition
restricted to some nodes runs only there, a --constraint job only on nodes with the feature, and
nothing shares the nodes of an --exclusive job while it runs. The partition and the feature are
made on the running cluster (scontrol), so that the other tests' cluster stays as it is."""
from harness import ClusterTest, main, wait_until
from test_standing import hosts

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:02
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
NODEALLOCATIONPOLICY FIRSTAVAILABLE
"""


def overlap(a, b):
    return a["start"] < b["end"] and b["start"] < a["end"]


class Placement(ClusterTest):
    def finished(self, jobs, timeout=240):
        return wait_until(f"{len(jobs)} jobs to finish", lambda: (lambda f: f if set(jobs) <= set(f) else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), timeout)

    def test_partition_nodes_features_and_exclusive(self):
        self.cluster.run("scontrol", "create", "PartitionName=small", "Nodes=n3,n4", "MaxTime=INFINITE", "State=UP")
        self.cluster.run("scontrol", "update", "NodeName=n4", "AvailableFeatures=fast", "ActiveFeatures=fast")
        serve = self.serve(CONFIG)
        serve.start()
        # FIRSTAVAILABLE would put each of these first on n1: only n3 and n4 run small's jobs,
        # only n4 has the feature.
        small = [self.cluster.sbatch("-p", "small", "-n", "2", "--time=1", seconds=3) for _ in range(6)]
        fast = [self.cluster.sbatch("--constraint=fast", "-n", "1", "--time=1", seconds=3) for _ in range(3)]
        done = self.finished(small + fast)
        for j in small:
            self.assertTrue(hosts(done[j]) <= {"n3", "n4"}, f"small's job {j} ran on {done[j]['nodes']}")
        for j in fast:
            self.assertEqual(hosts(done[j]), {"n4"}, f"job {j} asking for fast ran on {done[j]['nodes']}")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        # An exclusive job of one CPU holds its node: none of the one-CPU jobs around it is
        # ever on its node while it runs, though 3 of its 4 CPUs stay free.
        before = [self.cluster.sbatch("-n", "1", "--time=1", seconds=8) for _ in range(2)]
        exclusive = self.cluster.sbatch("--exclusive", "-n", "1", "--time=1", seconds=8)
        after = [self.cluster.sbatch("-n", "1", "--time=1", seconds=8) for _ in range(8)]
        done = self.finished(before + [exclusive] + after)
        x = done[exclusive]
        self.assertEqual(len(hosts(x)), 1)
        for j in before + after:
            if overlap(done[j], x):
                self.assertFalse(hosts(done[j]) & hosts(x), f"job {j} ran on {done[j]['nodes']} beside exclusive "
                                 f"{exclusive} on {x['nodes']}")
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
