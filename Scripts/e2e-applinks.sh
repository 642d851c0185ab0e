#!/usr/bin/env bash
# End-to-end checks of deeplink-applinks (check, generate) and of the opensApp field of
# deeplink-resolve and the REPL, with the real binaries (run by Scripts/test.sh after a build).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "e2e-applinks: FAIL: $*" >&2; exit 1; }
app=ABCDE12345.com.example.shop
site=Examples/AppLinks
routes=Fixtures/examples/shop.json

# check: the example's deliberate gaps are found (exit 1), one JSON object per finding.
status=0
"$bin/deeplink-applinks" check --routes "$routes" --aasa "$site/apple-app-site-association" \
  --app-id "$app" --android-manifest "$site/AndroidManifest.xml" \
  --assetlinks "$site/assetlinks.json" --json > "$work/findings.jsonl" || status=$?
[ "$status" -eq 1 ] || fail "check with findings should exit 1, got $status"
python3 - "$work/findings.jsonl" <<'PY' || fail "check --json did not report each kind of gap"
import json, sys
findings = [json.loads(line) for line in open(sys.argv[1])]
kinds = {(f["kind"], f["os"]) for f in findings}
for wanted in [("unreachable_route", "ios"), ("partly_reachable_route", "ios"),
               ("unhandled_links", "ios"), ("unhandled_links", "android"),
               ("unverified_host", "android")]:
    assert wanted in kinds, wanted
for f in findings:
    assert f["witness"].startswith("https://shop.example.com/"), f
PY

# generate -> check: what generate writes leaves no route unreachable or partly reachable.
for format in aasa android; do
  "$bin/deeplink-applinks" generate --routes "$routes" --app-id "$app" --format "$format" \
    > "$work/generated.$format"
done
{
  echo '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop"><application><activity android:name=".A">'
  cat "$work/generated.android"
  echo '</activity></application></manifest>'
} > "$work/AndroidManifest.xml"
status=0
"$bin/deeplink-applinks" check --routes "$routes" --aasa "$work/generated.aasa" --app-id "$app" \
  --android-manifest "$work/AndroidManifest.xml" --json > "$work/generated.jsonl" || status=$?
[ "$status" -le 1 ] || fail "check of generated files exited $status"
if grep -q '"kind":"unreachable_route"\|"kind":"partly_reachable_route"' "$work/generated.jsonl"; then
  fail "generated files leave routes unreachable: $(cat "$work/generated.jsonl")"
fi

# Routes with no web link: generate writes a comment that check reads as no filter.
"$bin/deeplink-applinks" generate --routes Fixtures/crossroad/seed-pokedex.json --app-id "$app" \
  --format android > "$work/none.android"
"$bin/deeplink-applinks" check --routes Fixtures/crossroad/seed-pokedex.json \
  --android-manifest "$work/none.android" > /dev/null || fail "check of an empty generated filter set failed"

# Nothing to find: exit 0.
printf '%s' '{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/help//*","exclude":true},{"/":"/help/?*"}]}]}}' > "$work/help.aasa"
printf '%s' '{"name":"h","dialect":"crossroad","sources":["https://example.com"],"routes":[{"pattern":"/help/*topic","intent":"help"}]}' > "$work/help.json"
"$bin/deeplink-applinks" check --routes "$work/help.json" --aasa "$work/help.aasa" --app-id T.app \
  > "$work/clean.txt" || fail "a clean check should exit 0"

# Bad input: exit 2 with the file and the place.
expect_2() {
  local wanted="$1"; shift
  local status=0
  "$@" > /dev/null 2> "$work/err.txt" || status=$?
  [ "$status" -eq 2 ] || fail "expected exit 2 from: $* (got $status)"
  grep -q -- "$wanted" "$work/err.txt" || fail "expected \`$wanted\` in: $(cat "$work/err.txt")"
}
printf '%s' '{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/$(nope)"}]}]}}' > "$work/bad.aasa"
expect_2 "applinks.details\[0\].components\[0\]./" "$bin/deeplink-applinks" check --routes "$routes" --aasa "$work/bad.aasa" --app-id T.app
printf '%s' '{"applinks": [' > "$work/broken.aasa"
expect_2 "not valid JSON" "$bin/deeplink-applinks" check --routes "$routes" --aasa "$work/broken.aasa" --app-id T.app
expect_2 "needs --app-id" "$bin/deeplink-applinks" check --routes "$routes" --aasa "$site/apple-app-site-association"
expect_2 "no such file" "$bin/deeplink-applinks" check --routes "$routes" --android-manifest "$work/missing.xml"
printf '<manifest>\n  <application>\n</manifest>\n' > "$work/bad.xml"
expect_2 "line 3" "$bin/deeplink-applinks" check --routes "$routes" --android-manifest "$work/bad.xml"
expect_2 "format" "$bin/deeplink-applinks" generate --routes "$routes" --app-id T.app --format ios
# An option without the one it goes with is an error, not ignored.
expect_2 "--app-id goes with --aasa" "$bin/deeplink-applinks" check --routes "$routes" --app-id T.app \
  --android-manifest "$site/AndroidManifest.xml"
expect_2 "--package goes with --assetlinks" "$bin/deeplink-applinks" check --routes "$routes" \
  --android-manifest "$site/AndroidManifest.xml" --package com.example.shop
expect_2 "--app-id goes with --aasa" "$bin/deeplink-resolve" --routes "$routes" --app-id T.app
expect_2 "--app-id is empty" "$bin/deeplink-applinks" check --routes "$routes" \
  --aasa "$site/apple-app-site-association" --app-id ""
expect_2 "--app-id is empty" "$bin/deeplink-applinks" generate --routes "$routes" --app-id "" \
  --format aasa
# generate --host: one domain's file; a host no route answers is bad input.
"$bin/deeplink-applinks" generate --routes Fixtures/examples/real-apps.json --app-id T.app \
  --format aasa --host en.wikipedia.org > "$work/one-host.json" 2> "$work/one-host.err"
grep -q '/wiki/' "$work/one-host.json" || fail "generate --host left out the host's routes"
! grep -q '/mbar' "$work/one-host.json" || fail "generate --host claimed another host's routes"
[ ! -s "$work/one-host.err" ] || fail "generate --host wrote a note: $(cat "$work/one-host.err")"
"$bin/deeplink-applinks" generate --routes Fixtures/examples/real-apps.json --app-id T.app \
  --format aasa > /dev/null 2> "$work/hosts.err"
grep -q 'note: the routes answer 2 hosts' "$work/hosts.err" || fail "no note on several hosts"
expect_2 "no route answers the host \`nope.example\`" "$bin/deeplink-applinks" generate \
  --routes "$routes" --app-id T.app --format aasa --host nope.example
# A usage error is bad input too.
expect_2 "Unknown option '--bogus'" "$bin/deeplink-applinks" check --routes "$routes" --bogus
expect_2 "Unexpected argument 'bogus'" "$bin/deeplink-applinks" bogus
expect_2 "missing subcommand" "$bin/deeplink-applinks"

# deeplink-resolve: http(s) records say whether each OS opens the app, and by which rule.
echo 'https://shop.example.com/orders/drafts/1' | "$bin/deeplink-resolve" --routes "$routes" \
  --aasa "$site/apple-app-site-association" --app-id "$app" \
  --android-manifest "$site/AndroidManifest.xml" > "$work/resolved.json"
grep -q '"opensApp":{"ios":false,"rule":"details\[0\].components\[1\]","android":true,"androidRule":"intent-filter at line 5"}' \
  "$work/resolved.json" || fail "resolver opensApp: $(cat "$work/resolved.json")"
# An app the file does not name: no rule of its decided (another app's rule matching is not).
echo 'https://shop.example.com/products/5' | "$bin/deeplink-resolve" --routes "$routes" \
  --aasa "$site/apple-app-site-association" --app-id OTHER.com.example.other \
  > "$work/other.json" 2>/dev/null
grep -q '"opensApp":{"ios":false,"rule":null}' "$work/other.json" \
  || fail "opensApp for an app the file does not name: $(cat "$work/other.json")"
# A printed web link says it too.
echo '{"intent": "product", "params": {"id": 5}}' | "$bin/deeplink-resolve" --routes "$routes" \
  --aasa "$site/apple-app-site-association" --app-id "$app" > "$work/printed.json"
grep -q '"status":"printed".*"opensApp":{"ios":true,"rule":"details\[0\].components\[0\]"}' \
  "$work/printed.json" || fail "printed opensApp: $(cat "$work/printed.json")"
# ... and the REPL shows the same line.
echo 'https://shop.example.com/products/4' | "$bin/deeplink-repl" --routes "$routes" \
  --aasa "$site/apple-app-site-association" --app-id "$app" \
  --android-manifest "$site/AndroidManifest.xml" 2>/dev/null > "$work/repl.txt"
grep -q 'opens app: iOS yes (details\[0\].components\[0\]), Android yes (intent-filter at line 5)' \
  "$work/repl.txt" || fail "REPL opens-app line: $(cat "$work/repl.txt")"
echo "e2e-applinks: check, generate, resolve and REPL as documented"
