#!/usr/bin/env bash
# Formats the sources in place with the toolchain's swift-format; `--lint` only reports.
set -euo pipefail
cd "$(dirname "$0")/.."
# Examples/ is left alone: its snippets are quoted byte for byte by the docs.
paths=(Package.swift Modules Apps Tests Fuzz Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources)
if [ "${1:-}" = "--lint" ]; then
  # --strict: a warning is a failure (CI runs this).
  swift format lint --strict --recursive "${paths[@]}"
else
  swift format format --in-place --recursive "${paths[@]}"
fi
