#!/usr/bin/env bash
# Instructions per operation, counted by callgrind (repeatable whatever the machine is doing):
# the GitHub lookup hit and miss, and the resolver's hit and miss lines, in release mode.
# Each mode runs N and 2N operations; the difference over N cancels start-up and set-up.
# Usage: Scripts/profile.sh [N]   (default 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
n="${1:-20000}"

command -v valgrind >/dev/null || { echo "profile: valgrind is not installed" >&2; exit 1; }
# The Benchmarks package names this repository by its folder, as Scripts/bench.sh sets it up.
mkdir -p .build-bench
ln -sfn "$root" .build-bench/DeepLinkRouting
swift build --package-path Benchmarks -c release --product LookupProfile >&2
bin="$(swift build --package-path Benchmarks -c release --show-bin-path)/LookupProfile"

instructions() {  # mode count -> total instructions
  local out
  out="$(mktemp)"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$2" >/dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$out"
  rm -f "$out"
}

for mode in hit miss resolver-hit resolver-miss; do
  one="$(instructions "$mode" "$n")"
  two="$(instructions "$mode" "$((2 * n))")"
  per=$(( (two - one) / n ))
  case "$mode" in
    hit) label="lookup hit" ;;
    miss) label="lookup miss" ;;
    resolver-hit) label="resolver hit line" ;;
    resolver-miss) label="resolver miss line" ;;
  esac
  printf '%-20s %8d instructions\n' "$label" "$per"
done
