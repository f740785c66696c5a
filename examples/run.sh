#!/usr/bin/env bash
# The main job on a fresh machine: install the dependencies, build mauic (Release), then compile
# and lint the shipped site config and print the results.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-deps >/dev/null
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target mauic >/dev/null
MAUIC=build/release/tools/mauic
echo "== mauic lint examples/site.cfg =="
status=0
"$MAUIC" lint examples/site.cfg || status=$?
echo "(exit status $status: 0 = no errors)"
echo
echo "== mauic compile examples/site.cfg -o build/site.policy.json =="
"$MAUIC" compile examples/site.cfg -o build/site.policy.json 2>/dev/null || true
python3 - <<'PY'
import json
p = json.load(open("build/site.policy.json"))
w = p["priority"]
print(f"policy IR version {p['version']}, files {p['files']}")
print(f"credentials: {len(p['credentials'])}, standing reservations: {len(p['standing_reservations'])}, "
      f"scalar settings: {len(p['scalars'])}")
print(f"fairshare: {p['fairshare']['metric']['value']}, depth {p['fairshare']['depth']['value']}, "
      f"interval {p['fairshare']['interval']['value']} s, decay {p['fairshare']['decay']['value']}")
print(f"backfill: {p['scheduling']['backfill_policy']['value']}, "
      f"reservation depth {p['scheduling']['reservation_groups'][0]['depth']['value']}")
PY
