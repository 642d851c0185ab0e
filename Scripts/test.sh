#!/usr/bin/env bash
# The whole test suite: system packages, build, unit tests, then every fixture through the
# conformance runner. Ends with the runner's "N passed, N failed" line.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh
swift build
swift test
Scripts/e2e.sh
junit_args=()
if [ -n "${CONFORMANCE_JUNIT:-}" ]; then junit_args=(--junit "$CONFORMANCE_JUNIT"); fi
swift run --skip-build deeplink-conformance Fixtures/ "${junit_args[@]}"
