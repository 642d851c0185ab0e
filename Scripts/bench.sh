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
