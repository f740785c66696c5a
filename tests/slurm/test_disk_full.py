"""A full disk under the state directory: serve keeps running, starts no job it could not
journal (a start is written down before it is made), says why on standard error, and goes on
when there is room again. Needs root (a small tmpfs is mounted)."""
import os
import subprocess
import time

from harness import ClusterTest, main, wait_until

CONFIG = """SERVERHOST localhost
RMPOLLINTERVAL 00:00:05
QUEUETIMEWEIGHT 1
BACKFILLPOLICY FIRSTFIT
RESERVATIONDEPTH 1
"""


class DiskFull(ClusterTest):
    def setUp(self):
        super().setUp()
        self.mount = os.path.join(self.cluster.dir, "small")
        os.mkdir(self.mount)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", self.mount], check=True)

    def tearDown(self):
        # First: the cluster's directory, the mount point among it, is removed when the test passed.
        subprocess.run(["umount", "-l", self.mount])
        super().tearDown()

    def fill(self):
        fd = os.open(os.path.join(self.mount, "filler"), os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError:
            pass
        finally:
            os.close(fd)

    def test_no_start_without_its_journal_and_recovery(self):
        serve = self.serve(CONFIG, state_dir=os.path.join(self.mount, "state"))
        serve.start()
        first = self.cluster.sbatch("-n", "2", "--time=1", seconds=2)
        wait_until("the first job to run", lambda: self.cluster.jobs()[first]["job_state"] in ("RUNNING", "COMPLETED"), 30)
        self.fill()
        blocked = self.cluster.sbatch("-n", "2", "--time=1", seconds=2)
        time.sleep(6)
        self.assertIsNone(serve.proc.poll(), "serve died on a full disk")
        self.assertEqual(self.cluster.jobs()[blocked]["job_state"], "PENDING")
        out = serve.output()
        self.assertIn("No space left on device", out)
        # The turns that try again back off (1, 2, 4 ... s): a handful of refused starts in 6 s,
        # not one for each change Slurm shows (91 a second for 4 jobs before).
        refused = [line for line in out.splitlines() if f"refused job {blocked}" in line]
        self.assertGreaterEqual(len(refused), 1, out)
        self.assertLessEqual(len(refused), 6, "\n".join(refused))
        os.remove(os.path.join(self.mount, "filler"))
        wait_until("the job to run once there is room", lambda: self.cluster.jobs()[blocked]["job_state"] in ("RUNNING", "COMPLETED"), 60)
        self.assertEqual(serve.stop(), 0)
        self.assertIn("saved again", serve.output())


if __name__ == "__main__":
    main()
