"""A USERCFG MAXJOB limit is never exceeded, as Slurm's own start and end times show, and it is
reached (the limit, not the cluster, held the jobs back)."""
from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
USERCFG[nobody] MAXJOB=2
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


def most_at_once(runs):
    points = sorted([(s, 1) for s, e in runs] + [(e, -1) for s, e in runs])  # an end before a start at one second
    now = best = 0
    for _, d in points:
        now += d
        best = max(best, now)
    return best


class Limits(ClusterTest):
    def test_maxjob_is_never_exceeded(self):
        serve = self.serve(CONFIG)
        serve.start()
        theirs = [self.cluster.sbatch("-n", "1", "--time=1", seconds=4, user="nobody") for _ in range(8)]
        mine = [self.cluster.sbatch("-n", "1", "--time=1", seconds=4) for _ in range(4)]
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 12 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 180)
        self.assertEqual(sorted(done), sorted(theirs + mine))
        self.assertEqual(most_at_once([(done[j]["start"], done[j]["end"]) for j in theirs]), 2)
        # root has no limit: its four ran at once on the 16 free CPUs.
        self.assertEqual(most_at_once([(done[j]["start"], done[j]["end"]) for j in mine]), 4)
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
