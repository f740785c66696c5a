"""The queue is served in the policy's priority order: class priority (CLASSCFG PRIORITY), QOS
priority (the QOS a user's QDEF gives), then queue time, checked from Slurm's own start times."""
from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
CREDWEIGHT 1
CLASSWEIGHT 1
QOSWEIGHT 1
QUEUETIMEWEIGHT 1
CLASSCFG[debug] PRIORITY=1000
QOSCFG[hi] PRIORITY=500
USERCFG[nobody] QDEF=hi QLIST=hi
BACKFILLPOLICY NONE
RESERVATIONDEPTH 1
"""


class Order(ClusterTest):
    def test_class_then_qos_then_queue_time(self):
        serve = self.serve(CONFIG)
        serve.start()
        blocker = self.cluster.sbatch("-n", "16", "--time=1", seconds=8)
        wait_until("the blocker to run", lambda: self.cluster.jobs()[blocker]["job_state"] == "RUNNING", 30)
        # Every job wants the whole cluster: they run one after the other, in priority order.
        first_in = self.cluster.sbatch("-n", "16", "--time=1", seconds=2)            # queue time only
        by_qos = self.cluster.sbatch("-n", "16", "--time=1", seconds=2, user="nobody")  # QOS hi: 500
        by_class = self.cluster.sbatch("-p", "debug", "-n", "16", "--time=1", seconds=2)  # class debug: 1000
        last_in = self.cluster.sbatch("-n", "16", "--time=1", seconds=2)             # queue time only, later
        wanted = [by_class, by_qos, first_in, last_in]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 5 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 120)
        starts = [done[j]["start"] for j in wanted]
        self.assertEqual(starts, sorted(starts), f"start order {wanted} -> {starts}")
        self.assertLess(starts[0], starts[1])
        self.assertLess(starts[2], starts[3])
        self.assertTrue(all(done[j]["start"] >= done[blocker]["end"] for j in wanted))
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
