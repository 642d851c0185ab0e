#!/usr/bin/env bash
# Runs the router benchmarks (ordo-one/benchmark, package Benchmarks/) in release mode and ends
# with a table and the ratio lines of issue 8. Extra arguments go to the benchmark tool, e.g.
# `Scripts/bench.sh --filter 'github.*'`.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

Scripts/setup.sh
# A path dependency is named by its folder: give the repository a stable one.
mkdir -p .build-bench
ln -sfn "$root" .build-bench/DeepLinkRouting
results="$root/.build-bench/results"
rm -rf "$results"
mkdir -p "$results"

cd Benchmarks
echo "bench: building and running (the first build of ordo-one/benchmark takes a few minutes)" >&2
swift package --allow-writing-to-directory "$results" benchmark \
  --format histogramPercentiles --path "$results" --no-progress "$@" >"$results/run.log" 2>&1 || {
  cat "$results/run.log" >&2
  echo "bench: the benchmark run failed" >&2
  exit 1
}
grep -v '^\s*$' "$results/run.log" | tail -n 5 >&2 || true
python3 "$root/Scripts/bench-report.py" "$results"

# The resolver binary on a large mixed input, one job and one job per core (records in order).
cd "$root"
swift build -c release --product deeplink-resolve >&2
resolver="$(swift build -c release --show-bin-path)/deeplink-resolve"
python3 - "$resolver" <<'PY'
import os, subprocess, sys, tempfile, time
lines = [b'{"url":"myapp://profile/42","id":1}', b'"myapp://tweet/7/retweet"', b'myapp://user/3/follow',
         b'"myapp://nothing/here"', b'{"url":"myapp://tweet/x/retweet"}']
count = 1_000_000
with tempfile.TemporaryFile() as data:
    data.write(b"\n".join(lines[i % len(lines)] for i in range(count)) + b"\n")
    cores = os.cpu_count() or 1
    rates = {}
    for jobs in sorted({1, cores}):
        best = 0.0
        for _ in range(3):
            data.seek(0)
            start = time.perf_counter()
            subprocess.run([sys.argv[1], "--jobs", str(jobs)], stdin=data, stdout=subprocess.DEVNULL, check=True)
            best = max(best, count / (time.perf_counter() - start))
        rates[jobs] = best
        print(f"resolver lines/s, {jobs} job{'s' if jobs > 1 else ''} (binary): {best:.0f}")
    if cores > 1:
        print(f"resolver speed-up, {cores} jobs: {rates[cores] / rates[1]:.2f}")
PY
