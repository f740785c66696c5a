"""A standing reservation migrated to Slurm keeps its nodes in its window for its users:
tests/migrate/reservation/input.cfg (the whole day on n1 and n2 for nobody) migrated and applied to
a cluster with accounting; scontrol.sh makes the daily reservation and, the window being open now,
its instance until midnight (keep_now). Then root's jobs never land on n1 or n2 while nobody's may,
without asking for the reservation (Flags=MAGNETIC, as Maui places a job its ACL admits)."""
import time

from harness import main, node_set
from migration import SOURCE, MigrationTest, finished_jobs


class MigratedReservation(MigrationTest):
    def test_reserved_nodes_stay_with_their_users(self):
        if time.localtime().tm_hour == 23 and time.localtime().tm_min >= 58:
            time.sleep(150)  # not across midnight, when today's instance ends
        with open(f"{SOURCE}/tests/migrate/reservation/input.cfg") as f:
            applied = self.migrated(f.read())
        self.assertEqual(applied.differences(), [])
        now = applied.reservations()["keep_now"]
        self.assertEqual(now["State"], "ACTIVE")
        self.assertEqual(node_set(now["Nodes"]), {"n1", "n2"})
        # 4 root jobs of 4 CPUs: only n3 and n4 are theirs, so two run at a time, never on n1 / n2.
        mine = [self.sbatch_as("root", "-n", "4", "-N", "1", "-t", "1", seconds=3) for _ in range(4)]
        # nobody's 2-node job runs on the reserved nodes while root's queue waits.
        theirs = self.sbatch_as("nobody", "-n", "8", "-N", "2", "-t", "1", "-A", "users", seconds=3)
        done = finished_jobs(self.cluster, mine + [theirs])
        for j in mine:
            self.assertFalse(node_set(done[j]["nodes"]) & {"n1", "n2"}, done[j])
        self.assertEqual(node_set(done[theirs]["nodes"]), {"n1", "n2"})
        self.assertEqual(done[theirs]["reservation"], "keep_now")


if __name__ == "__main__":
    main()
