#!/usr/bin/env bash
# Checks Schemas/manifest.schema.json: every fixture under Fixtures/ must validate, and the
# broken manifests under Tests/Schema/ must be refused. Installs the Python `jsonschema`
# package first if it is missing. Ends with a summary line; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "check-schema: installing the jsonschema Python package" >&2
  pip install -q jsonschema
fi
python3 Scripts/check_schema.py .
