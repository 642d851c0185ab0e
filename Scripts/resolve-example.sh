#!/usr/bin/env bash
# The main job on a bundled batch: resolve example deep links with the built-in example table.
set -euo pipefail
cd "$(dirname "$0")/.."

# (No libedit needed: only the REPL links it.)
swift build --product deeplink-resolve >&2
.build/debug/deeplink-resolve < Fixtures/examples/batch.jsonl
