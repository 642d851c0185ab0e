#!/usr/bin/env bash
# The main job on a bundled batch: resolve example deep links with the built-in example table.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh
swift build --product deeplink-resolve >&2
.build/debug/deeplink-resolve < Fixtures/examples/batch.jsonl
