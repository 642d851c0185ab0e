#!/usr/bin/env bash
# Formats the sources in place with the toolchain's swift-format; `--lint` only reports.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Modules Apps Tests)
if [ "${1:-}" = "--lint" ]; then
  swift format lint --recursive "${paths[@]}"
else
  swift format format --in-place --recursive "${paths[@]}"
fi
