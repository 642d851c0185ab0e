#!/usr/bin/env bash
# Builds the DocC documentation of every library target with warnings as errors: a broken
# symbol link or a missing article fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/docs
targets=(
  PatternCore HandlingEngine DeeperRouter FuncRouter MappingRouter CrossroadRouter DeepLinkManifest
  DeepLinkTools AppLinks
)
for target in "${targets[@]}"; do
  echo "docs: $target" >&2
  swift package --disable-sandbox generate-documentation --target "$target" \
    --warnings-as-errors --output-path ".build/docs/$target" >/dev/null 2>".build/docs-$target.log" \
    || { cat ".build/docs-$target.log" >&2; echo "docs: $target has warnings" >&2; exit 1; }
done
echo "docs: ${#targets[@]} targets, 0 warnings" >&2
