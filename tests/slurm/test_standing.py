"""A standing reservation keeps its nodes for its class in its window: jobs of class debug run on
n1 and n2, the others never do while the reservation is in force."""
from harness import ClusterTest, main, node_set, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
SRCFG[debugnodes] HOSTLIST=n1,n2 CLASSLIST=debug PERIOD=INFINITY
"""


def hosts(record):
    return node_set(record["nodes"])


class Standing(ClusterTest):
    def test_the_reservation_keeps_its_nodes_for_its_class(self):
        serve = self.serve(CONFIG)
        serve.start()
        batch = [self.cluster.sbatch("-n", "4", "--time=1", seconds=4) for _ in range(6)]
        debug = [self.cluster.sbatch("-p", "debug", "-n", "4", "--time=1", seconds=4) for _ in range(2)]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 8 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 180)
        for j in batch:
            self.assertFalse(hosts(done[j]) & {"n1", "n2"}, f"batch job {j} ran on {done[j]['nodes']}")
        for j in debug:
            self.assertTrue(hosts(done[j]) <= {"n1", "n2"}, f"debug job {j} ran on {done[j]['nodes']}")
        # The batch jobs had n3 and n4 only: at most two at a time.
        points = sorted([(done[j]["start"], 1) for j in batch] + [(done[j]["end"], -1) for j in batch])
        now = most = 0
        for _, d in points:
            now += d
            most = max(most, now)
        self.assertEqual(most, 2)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
