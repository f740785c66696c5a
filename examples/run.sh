#!/usr/bin/env bash
# The main job on a fresh machine: install the dependencies, build mauic and mauirun (Release),
# lint the shipped site config, then replay the KTH SP2 trace (28,476 jobs, 100 nodes, 1996-97)
# through it on the built-in simulator and print the schedule's figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-deps >/dev/null
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target mauic mauirun >/dev/null
echo "== mauic lint examples/site.cfg =="
status=0
build/release/tools/mauic lint examples/site.cfg || status=$?
echo "(exit status $status: 0 = no errors)"
echo
echo "== mauirun simulate --config examples/site.cfg --trace examples/traces/KTH-SP2-1996-2.1-cln.swf.gz =="
build/release/tools/mauirun simulate --config examples/site.cfg \
  --trace examples/traces/KTH-SP2-1996-2.1-cln.swf.gz --jobs-out build/kth-site-jobs.csv
