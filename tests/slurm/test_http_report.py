"""The live report (`mauirun serve --http 127.0.0.1:0`): its data shows the jobs Slurm runs, on
the nodes Slurm says they run on; the page draws in headless Chromium with no console error and
no network request, and served live draws itself again as the cluster changes; a client that
connects and sends nothing holds up neither the page nor the scheduling; an unknown page is a 404 that says what there is. Three 4-CPU jobs run; a 16-CPU one
waits with a reservation on all four nodes, and its priority (USERCFG[root] PRIORITY=100) is
on the page."""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from harness import HERE, ClusterTest, main, node_set, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
CREDWEIGHT 1
USERWEIGHT 1
USERCFG[root] PRIORITY=100
"""


def ranges(rows):
    """How many rectangles the Gantt draws for a run on these node rows: one per contiguous range."""
    rows = sorted(rows)
    return sum(1 for k, r in enumerate(rows) if k == 0 or rows[k - 1] != r - 1)


class HttpReport(ClusterTest):
    def test_the_live_report_shows_what_slurm_runs(self):
        serve = self.serve(CONFIG, "--http", "127.0.0.1:0")
        serve.start()
        started = [e for e in serve.events("serve") if e["reason"].startswith("started")][-1]["reason"]
        port = int(re.search(r"live report on http://127\.0\.0\.1:(\d+)/", started).group(1))
        base = f"http://127.0.0.1:{port}"
        silent = socket.create_connection(("127.0.0.1", port))  # connects, never sends

        jobs = [self.cluster.sbatch("-n", "4", "--time=2", seconds=90) for _ in range(3)]
        wait_until("the three jobs to run",
                   lambda: all(self.cluster.jobs()[j]["job_state"] == "RUNNING" for j in jobs), 60)
        where = {j: node_set(self.cluster.jobs()[j]["nodes"]) for j in jobs}

        def get(path):
            begin = time.time()
            with urllib.request.urlopen(base + path, timeout=5) as r:
                body = r.read()
                self.assertLess(time.time() - begin, 2.0, f"GET {path} was held up")
                return r.headers, body

        def with_three_runs():
            side = json.loads(get("/data.json")[1])["sides"][0]
            return side if len(side["blocks"]["job"]) >= 3 else None

        side = wait_until("the report to show the three runs", with_three_runs, 30)
        wide = self.cluster.sbatch("-n", "16", "--time=1", seconds=5)

        def with_its_reservation():
            side = json.loads(get("/data.json")[1])["sides"][0]
            return side if side["shades"]["name"] and side["priorities"] else None

        side = wait_until("the report to show the wide job's reservation", with_its_reservation, 30)
        self.assertEqual(side["shades"]["name"], [str(wide)])
        self.assertEqual(side["shades"]["kind"], [2])  # a job's reservation
        self.assertEqual((side["shades"]["node"], side["shades"]["nodes"]), ([0], [4]))
        now = side["priorities"][-1]
        self.assertEqual(now["queued"], 1)
        self.assertEqual(now["jobs"][0]["id"], str(wide))
        self.assertGreaterEqual(now["jobs"][0]["priority"], 100)
        self.assertEqual(side["label"], "live")
        self.assertEqual(sorted(side["nodes"]), ["n1", "n2", "n3", "n4"])
        ids = side["jobs"]["id"]
        self.assertEqual(sorted(ids), sorted(jobs + [wide]))
        # Each run's rectangles cover exactly the nodes Slurm runs the job on.
        covered = {}
        for k, j in enumerate(side["blocks"]["job"]):
            first, count = side["blocks"]["node"][k], side["blocks"]["nodes"][k]
            covered.setdefault(ids[j], set()).update(side["nodes"][first:first + count])
            self.assertGreaterEqual(side["jobs"]["start"][j], 0)
        self.assertEqual(covered, where)
        rectangles = sum(ranges([side["nodes"].index(n) for n in where[j]]) for j in jobs)
        self.assertEqual(len(side["blocks"]["job"]), rectangles)

        headers, html = get("/")
        self.assertTrue(headers["Content-Type"].startswith("text/html"))
        page = os.path.join(self.cluster.dir, "live.html")
        with open(page, "wb") as f:
            f.write(html)
        with self.assertRaises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "/etc/passwd", timeout=5)
        self.assertEqual(missing.exception.code, 404)
        self.assertIn(b"GET / is the report", missing.exception.read())

        # The page as a person sees it: the Gantt has the runs and the wide job's reservation; five
        # charts: Gantt, load, wait, slowdown, priorities (no FSTARGET, no SRCFG).
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        self.assertIsNotNone(chromium, "Debian's chromium is needed (.ci/install-deps installs it)")
        check = subprocess.run([sys.executable, os.path.join(HERE, "..", "report", "browser_check.py"),
                                f"--chromium={chromium}", page, "--expect", f"0:{rectangles}:1", "--screenshots",
                                "--charts", "5", "--max-seconds", "30"], capture_output=True, text=True, timeout=300)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        # The page served live draws itself again from data.json when the cluster changes (every
        # 15 s: no reload), and asks for nothing else.
        live = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "report", "browser_check.py"),
                                 f"--chromium={chromium}", "--url", base + "/", "--redraws", "2",
                                 "--redraw-seconds", "60", "--max-seconds", "30"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.cluster.sbatch("-n", "1", "--time=1", seconds=2)
        out, _ = live.communicate(timeout=300)
        self.assertEqual(live.returncode, 0, out)
        self.assertIn("drew itself 2 times", out)
        silent.close()
        self.assertEqual(serve.stop(), 0)


if __name__ == "__main__":
    main()
