#!/usr/bin/env bash
# The whole test suite: system packages, build, unit tests, then every fixture through the
# conformance runner. Ends with the runner's "N passed, N failed" line.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/setup.sh
# The house style: any swift-format warning fails the run.
Scripts/format.sh --lint
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
# The Deeper DSL must stay cheap for the type checker (see Package.swift, DeeperRouterTests).
if grep -q "to type-check (limit" "$log"; then
  echo "test.sh: an expression exceeded the type-check budget" >&2
  exit 1
fi
swift test --skip-build
Scripts/check-dsl-misuse.sh
# Every Swift block of the README and DocC articles builds and runs (Examples/, by path).
Scripts/check-docs.sh
# The DocC documentation of every library target, warnings as errors.
Scripts/check-docc.sh
# Every fixture is a valid manifest by Schemas/manifest.schema.json; a broken one is refused.
Scripts/check-schema.sh
Scripts/e2e.sh
Scripts/e2e-applinks.sh
Scripts/repl-tmux.sh
# Routers and tables shared between tasks, under the thread sanitizer (own build folder).
swift test --scratch-path .build-tsan --sanitize=thread --filter Concurrency
# The resolver's parallel jobs (one batch answered while the next is read) under the same
# sanitizer: any race it reports fails the run, and the records match one job's, in order.
swift build --scratch-path .build-tsan --sanitize=thread --product deeplink-resolve
tsan_bin="$(swift build --scratch-path .build-tsan --sanitize=thread --show-bin-path)"
python3 - "$tsan_bin/deeplink-resolve" <<'PY'
import subprocess, sys
lines = [b'{"url":"myapp://profile/42","id":1}', b'"myapp://tweet/7/retweet"', b'myapp://user/3/follow',
         b'"myapp://nothing/here"', b'{"url":"bad', b'']
data = b"\n".join(lines[i % len(lines)] for i in range(20000)) + b"\n"
one = subprocess.run([sys.argv[1], "--jobs", "1"], input=data, capture_output=True, check=True)
three = subprocess.run([sys.argv[1], "--jobs", "3"], input=data, capture_output=True)
if three.returncode != 0 or three.stdout != one.stdout:
    sys.stderr.write(three.stderr.decode(errors="replace")[-4000:])
    sys.exit("test: --jobs 3 under the thread sanitizer failed or wrote other records than --jobs 1")
print("test: --jobs 3 under the thread sanitizer: 20,000 lines, same records, no race")
PY
# In CI (or when FUZZ_SECONDS is set) a short libFuzzer run of every input language.
if [ "${CI:-}" = "true" ] || [ -n "${FUZZ_SECONDS:-}" ]; then
  Scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
fi
junit_args=()
if [ -n "${CONFORMANCE_JUNIT:-}" ]; then junit_args=(--junit "$CONFORMANCE_JUNIT"); fi
swift run --skip-build deeplink-conformance Fixtures/ "${junit_args[@]}"
