"""EASY backfill on the live cluster: a short job starts ahead of a blocked wide job, which
starts no later than the reservation the scheduler logged for it; the live report (`--http`)
counts as backfilled the start the log says was a backfill, and no other."""
import json
import re
import urllib.request

from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class Backfill(ClusterTest):
    def test_a_short_job_backfills_and_the_wide_one_keeps_its_reservation(self):
        serve = self.serve(CONFIG, "--http", "127.0.0.1:0")
        serve.start()
        running = self.cluster.sbatch("-n", "12", "--time=2", seconds=15)
        wait_until("the 12-CPU job to run", lambda: self.cluster.jobs()[running]["job_state"] == "RUNNING", 30)
        wide = self.cluster.sbatch("-n", "16", "--time=1", seconds=2)
        wait_until("a reservation for the wide job", lambda: [e for e in serve.events("reservation")
                                                             if e["job"] == str(wide)], 30)
        short = self.cluster.sbatch("-n", "4", "--time=1", seconds=3)
        done = wait_until("all jobs to finish", lambda: (lambda f: f if len(f) >= 3 else None)(
            {r["job_id"]: r for r in self.cluster.finished()}), 180)
        self.assertLess(done[short]["start"], done[wide]["start"], "the short job did not start ahead")
        self.assertLess(done[short]["start"], done[running]["end"], "the short job waited for the running one")
        backfilled = [e for e in serve.events("start") if e["job"] == str(short)]
        self.assertEqual(len(backfilled), 1)
        self.assertIn("backfill", backfilled[0]["reason"])
        reserved_at = min(int(e["reason"].split("(at ")[1].split(")")[0])
                          for e in serve.events("reservation") if e["job"] == str(wide))
        self.assertLessEqual(done[wide]["start"], reserved_at)
        started = [e for e in serve.events("serve") if e["reason"].startswith("started")][-1]["reason"]
        port = int(re.search(r"live report on http://127\.0\.0\.1:(\d+)/", started).group(1))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/data.json", timeout=5) as r:
            jobs = json.load(r)["sides"][0]["jobs"]
        self.assertEqual({j for j, b in zip(jobs["id"], jobs["backfilled"]) if b}, {short})
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
