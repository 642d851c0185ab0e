#!/usr/bin/env python3
"""Validates every fixture against Schemas/manifest.schema.json, and checks that the schema
refuses the deliberately broken manifests under Tests/Schema/ for the reasons they were broken.

Usage: Scripts/check_schema.py [REPO_ROOT]. Prints one line per failure and a summary line;
exits 1 on any failure.
"""
import glob
import json
import os
import sys

import jsonschema

# Each broken manifest, with the places (JSON paths) the schema must complain about.
BROKEN = {
    "Tests/Schema/broken-manifest.json": ["$.dialect", "$.routes[1]"],
    # Keys of a declared type that its base does not take (the tools refuse each).
    "Tests/Schema/broken-types.json": [
        "$.types.length", "$.types.half.min", "$.types.pick", "$.types.site",
    ],
}


def load(path):
    with open(path, "rb") as handle:
        return json.loads(handle.read())


def location(error):
    return error.json_path


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    os.chdir(root)
    schema = load("Schemas/manifest.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    failures = 0
    # Fixtures/applinks holds the OS matchers' and the checker's fixtures, not route manifests
    # (their format is described in AppLinksFixtures.swift and the AppLinks DocC article).
    fixtures = sorted(
        path
        for path in glob.glob("Fixtures/**/*.json", recursive=True)
        if not path.startswith("Fixtures/applinks/")
    )
    for path in fixtures:
        try:
            document = load(path)
        except ValueError as error:
            print(f"FAIL {path}: not JSON: {error}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            print(f"FAIL {path}: {location(error)}: {error.message}")
        failures += 1 if errors else 0

    for path, expected in BROKEN.items():
        errors = list(validator.iter_errors(load(path)))
        found = {location(error) for error in errors}
        missing = [place for place in expected if place not in found]
        if not errors:
            print(f"FAIL {path}: the schema accepted a broken manifest")
            failures += 1
        elif missing:
            print(f"FAIL {path}: rejected, but not at {', '.join(missing)} (errors at {sorted(found)})")
            failures += 1

    checked = len(fixtures) + len(BROKEN)
    print(
        f"schema: {len(fixtures)} fixtures valid, {len(BROKEN)} broken manifests rejected"
        if failures == 0
        else f"schema: {failures} of {checked} files failed"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
