"""Slurm's own reservations (docs/slurm.md, "Slurm reservations"), checked from Slurm's records:
a maintenance window on n1 open now (for root) and a window on n2 opening in 40 s (for nobody).
FIRSTAVAILABLE would put every job on n1 first: no job that did not ask for a reservation runs
on its nodes during its window (root's neither, though the window is root's), the job that asked
for maint runs on n1 at once, and the one that asked for the later window waits for it, on n2."""
import time

from harness import ClusterTest, main, node_set, wait_until
from test_placement import CONFIG


def window(cluster, name):
    """The reservation's [start, end) in seconds since 1970, as Slurm shows it."""
    fields = dict(f.split("=", 1) for f in cluster.run("scontrol", "-o", "show", "reservation", name).stdout.split()
                  if "=" in f)
    parse = lambda t: time.mktime(time.strptime(t, "%Y-%m-%dT%H:%M:%S"))  # noqa: E731 (slurm.conf's local time)
    return parse(fields["StartTime"]), parse(fields["EndTime"])


class SlurmReservations(ClusterTest):
    def test_jobs_keep_out_of_reservations_they_did_not_ask_for(self):
        c = self.cluster
        c.run("scontrol", "create", "reservation", "ReservationName=maint", "StartTime=now", "Duration=3",
              "Nodes=n1", "Users=root", "Flags=MAINT")
        c.run("scontrol", "create", "reservation", "ReservationName=later", "StartTime=now+40", "Duration=2",
              "Nodes=n2", "Users=nobody")
        maint, later = window(c, "maint"), window(c, "later")
        serve = self.serve(CONFIG)
        serve.start()
        outside = [c.sbatch("-n", "4", "--time=1", seconds=6, user=u) for u in ["nobody"] * 6 + [None] * 2]
        inside = c.sbatch("-n", "2", "--time=1", "--reservation=maint", seconds=4)
        waiting = c.sbatch("-n", "1", "--time=1", "--reservation=later", seconds=4, user="nobody")
        jobs = outside + [inside, waiting]
        done = wait_until(f"{len(jobs)} jobs to finish", lambda: (lambda f: f if set(jobs) <= set(f) else None)(
            {r["job_id"]: r for r in c.finished()}), 240)

        def overlaps(record, span):
            return record["start"] < span[1] and span[0] < record["end"]

        for j in outside:
            where = node_set(done[j]["nodes"])
            self.assertFalse("n1" in where and overlaps(done[j], maint), f"job {j} ran in maint: {done[j]}")
            self.assertFalse("n2" in where and overlaps(done[j], later), f"job {j} ran in later: {done[j]}")
        self.assertEqual(node_set(done[inside]["nodes"]), {"n1"})
        self.assertLess(done[inside]["start"], maint[1])
        self.assertEqual(node_set(done[waiting]["nodes"]), {"n2"})
        self.assertGreaterEqual(done[waiting]["start"], later[0])
        self.assertFalse(serve.events("start-failed"), "Slurm refused a start")
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
