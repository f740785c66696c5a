#!/usr/bin/env bash
# Runs a libFuzzer target for a bounded time.
#
#   bash tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET]
#
# BUILD_DIR is a MAUI_FUZZ=ON build (see tests/fuzz/CMakeLists.txt). TARGET is the maui.cfg
# front end (parser, the default), the SWF trace reader (swf), the Slurm accounting reader
# (sacct), reservation specs (reservation_spec: --reservation, setres), mauirun sweep's --vary
# (sweep_vary), what the Slurm adapter makes of Slurm's records (slurm_records), Maui's
# FS.<epoch> fairshare files (fairshare_file) or the admin socket's wire format
# (admin_protocol). Every target's kept corpus, tests/fuzz/corpus/TARGET/, is among its seeds.
# The parser's seed corpus is a
# copy of examples/*, tests/golden/*/input.cfg, the real-world configs of tests/data/corpus/configs/
# (a missing corpus is an error: fuzzing without it would look fine and test less) and
# tests/fuzz/crashes/*.cfg; the reader's, the first 200 lines of every trace in examples/traces/
# and tests/fuzz/crashes/*.swf (saved reproducers, so a fixed crash stays fixed). New inputs go to a
# temporary directory that is removed afterwards. Exits non-zero on any crash, sanitizer report,
# leak, timeout (-timeout=10 s per input) or out-of-memory (-rss_limit_mb=2048); the reproducer is
# then copied to BUILD_DIR/fuzz-artifacts/. Prints the number of executions.
# Environment: MAUI_FUZZ_KEEP_CORPUS=DIR keeps the grown corpus in DIR (created if needed).
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 BUILD_DIR SECONDS [parser|swf|sacct|reservation_spec|sweep_vary|slurm_records|fairshare_file|admin_protocol]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
target=${3:-parser}
case "$target" in
  parser) dict=$repo/tests/fuzz/maui.dict crash_glob='*.cfg' ;;
  swf) dict=$repo/tests/fuzz/swf.dict crash_glob='*.swf' ;;
  sacct) dict=$repo/tests/fuzz/sacct.dict crash_glob='*.sacct' ;;
  reservation_spec) dict=$repo/tests/fuzz/reservation_spec.dict crash_glob='*.spec' ;;
  sweep_vary) dict=$repo/tests/fuzz/sweep_vary.dict crash_glob='*.vary' ;;
  slurm_records) dict=$repo/tests/fuzz/slurm_records.dict crash_glob='*.records' ;;
  fairshare_file) dict=$repo/tests/fuzz/fairshare_file.dict crash_glob='*.fs' ;;
  admin_protocol) dict=$repo/tests/fuzz/admin_protocol.dict crash_glob='*.request' ;;
  *) echo "run.sh: unknown target '$target' (expected parser, swf, sacct, reservation_spec, sweep_vary, slurm_records, fairshare_file or admin_protocol)" >&2; exit 2 ;;
esac
fuzzer=$build/tests/fuzz/maui_${target}_fuzzer
if [ ! -x "$fuzzer" ]; then
  echo "run.sh: $fuzzer not found; build it first (cmake --build $1)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/maui-fuzz-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
corpus=$work/corpus
seeds=$work/seeds
artifacts=$work/artifacts
mkdir -p "$corpus" "$seeds" "$artifacts"
rm -rf "$build/fuzz-artifacts"  # stale reproducers of an earlier run

# Seeds: flat copies, named after their origin so that two input.cfg files do not collide.
n=0
add_seed() {  # add_seed FILE NAME
  cp -- "$1" "$seeds/$2"
  n=$((n + 1))
}
if [ "$target" = parser ]; then
  if [ -d "$repo/examples" ]; then
    while IFS= read -r -d '' f; do
      add_seed "$f" "examples__$(echo "${f#"$repo/examples/"}" | tr '/' '_')"
    done < <(find "$repo/examples" -type f -print0)
  fi
  for f in "$repo"/tests/golden/*/input.cfg; do
    [ -f "$f" ] || continue
    add_seed "$f" "golden__$(basename "$(dirname "$f")").cfg"
  done
  configs=0
  for f in "$repo"/tests/data/corpus/configs/*; do
    [ -f "$f" ] || continue
    add_seed "$f" "corpus__$(basename "$f")"
    configs=$((configs + 1))
  done
  if [ "$configs" -eq 0 ]; then
    echo "run.sh: no corpus configs in $repo/tests/data/corpus/configs" >&2
    exit 2
  fi
elif [ "$target" = swf ]; then
  # Trace heads: the header lines and the first jobs of each trace, plain text.
  for f in "$repo"/examples/traces/*.swf*; do
    [ -f "$f" ] || continue
    { zcat -f -- "$f" | head -n 200; } >"$seeds/examples__$(basename "$f").head" || true
    n=$((n + 1))
  done
  if [ "$n" -eq 0 ]; then
    echo "run.sh: no traces in $repo/examples/traces" >&2
    exit 2
  fi
fi
kept=0
for f in "$repo/tests/fuzz/corpus/$target"/*; do
  [ -f "$f" ] || continue
  add_seed "$f" "corpus__$(basename "$f")"
  kept=$((kept + 1))
done
if [ "$kept" -eq 0 ] && [ "$target" != parser ] && [ "$target" != swf ]; then
  echo "run.sh: no kept corpus in $repo/tests/fuzz/corpus/$target" >&2
  exit 2
fi
if [ -d "$repo/tests/fuzz/crashes" ]; then
  for f in "$repo"/tests/fuzz/crashes/$crash_glob; do
    [ -f "$f" ] || continue
    add_seed "$f" "crash__$(basename "$f")"
  done
fi
echo "run.sh: $n seed files; fuzzing for $seconds s"

keep=${MAUI_FUZZ_KEEP_CORPUS:-}
corpus_dirs=("$corpus")
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  corpus_dirs=("$keep")
fi

log=$work/fuzz.log
set +e
# The fuzzer writes its #INCLUDE fixtures under TMPDIR (see parser_fuzzer.cc): point it at $work,
# which is removed on exit even when the fuzzer dies without cleaning up. Run from $work so that
# nothing lands in the caller's directory.
(cd "$work" && TMPDIR="$work" ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  "$fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -dict="$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "${corpus_dirs[@]}" "$seeds") >"$log" 2>&1
rc=$?
set -e

# libFuzzer prints progress lines; show the tail and the summary.
awk '/^###### Recommended dictionary/ {skip = 1} !skip && !/^#[0-9]+[ \t]+(NEW|REDUCE|pulse)/ && !/^[ \t]+NEW_FUNC/ {print}
     /^###### End of recommended dictionary/ {skip = 0}' "$log" | tail -n 60 || true
execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -n 1 || true)
if [ -z "$execs" ]; then  # no final stats (the process died): take the last progress line
  execs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#' || true)
fi
echo "run.sh: executions: ${execs:-unknown} in ${seconds} s (exit code $rc)"

failed=0
[ "$rc" -ne 0 ] && failed=1
if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer|UndefinedBehaviorSanitizer)|runtime error:|==ERROR:|SUMMARY: (Address|Undefined|Leak)' "$log"; then
  failed=1
fi
if compgen -G "$artifacts/*" >/dev/null; then
  failed=1
fi
if [ "$failed" -ne 0 ]; then
  # The head of the first report (a deep recursion fills the tail with one frame).
  first=$(grep -n -m1 -E '==[0-9]+==ERROR|runtime error:|ERROR: libFuzzer|contract violated' "$log" | cut -d: -f1 || true)
  if [ -n "$first" ]; then
    echo "run.sh: first report (from line $first of the log):" >&2
    sed -n "${first},$((first + 40))p" "$log" >&2
  fi
  mkdir -p "$build/fuzz-artifacts"
  cp -- "$artifacts"/* "$build/fuzz-artifacts/" 2>/dev/null || true
  cp -- "$log" "$build/fuzz-artifacts/fuzz.log"
  echo "run.sh: FAILED: the fuzzer found a problem; reproducer(s) and log in $build/fuzz-artifacts/:" >&2
  ls -l "$build/fuzz-artifacts" >&2
  echo "run.sh: replay one with: $fuzzer $build/fuzz-artifacts/<file>" >&2
  exit 1
fi
echo "run.sh: OK, no crash"
