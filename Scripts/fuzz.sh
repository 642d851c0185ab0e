#!/usr/bin/env bash
# Fuzzes every input language with libFuzzer: the URL parser, the four pattern syntaxes,
# manifests and resolver lines. Usage: Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# (default 30 s each, all targets). Seed corpora come from Fixtures/ and from the corpora kept
# under Fuzz/corpus/TARGET (inputs earlier long runs found interesting). Built in release mode
# with the fuzzer and address sanitizers: debug builds run too few inputs a second to find much.
# Prints executions and crashes per target; exits 1 if any target crashed (its input is kept
# under .build-fuzz/crashes). FUZZ_KEEP=1 copies each run's new corpus into Fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(
    fuzz-url fuzz-deeper fuzz-func fuzz-mapping fuzz-crossroad fuzz-manifest fuzz-resolver
    fuzz-engine fuzz-aasa fuzz-android
  )
fi
root="$PWD/.build-fuzz"
mkdir -p "$root/crashes"

# Seed corpora from the fixtures: URLs, each dialect's patterns, whole manifests, resolver lines.
python3 - "$root/corpus" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
corpora = {name: set() for name in ["fuzz-url", "fuzz-deeper", "fuzz-func", "fuzz-mapping",
                                     "fuzz-crossroad", "fuzz-manifest", "fuzz-resolver",
                                     "fuzz-engine", "fuzz-aasa", "fuzz-android"]}
def tables(doc):
    return doc.get("tables", [doc]) if isinstance(doc, dict) else []
for path in glob.glob("Fixtures/**/*.json", recursive=True):
    raw = open(path, "rb").read()
    if len(raw) < 65536:
        corpora["fuzz-manifest"].add(raw)
    try:
        doc = json.loads(raw)
    except ValueError:
        continue
    for table in tables(doc):
        dialect = table.get("dialect")
        for route in table.get("routes", []):
            pattern = route.get("pattern", "")
            if dialect in ("deeper", "func", "crossroad"):
                corpora["fuzz-" + dialect].add(pattern.encode())
        for group in table.get("groups", []):
            for item in group.get("maps", []):
                corpora["fuzz-mapping"].add((item.get("route") or item.get("action") or "").encode())
        for case in table.get("cases", []) + doc.get("cases", []):
            url = case.get("url", "")
            if len(url) < 4096:
                corpora["fuzz-url"].add(url.encode())
                corpora["fuzz-resolver"].add(json.dumps({"url": url}).encode())
# The OS files: association files, assetlinks.json and Android manifests of the applinks
# fixtures and of the example site.
for path in glob.glob("Fixtures/applinks/*.json"):
    doc = json.loads(open(path, "rb").read())
    for part in [doc, doc.get("check", {})]:
        if "aasa" in part:
            corpora["fuzz-aasa"].add(json.dumps(part["aasa"]).encode())
        if "assetlinks" in part:
            corpora["fuzz-aasa"].add(json.dumps(part["assetlinks"]).encode())
        for key in ("manifest", "android"):
            if key in part:
                corpora["fuzz-android"].add("\n".join(part[key]).encode())
for path in glob.glob("Examples/AppLinks/*"):
    name = "fuzz-android" if path.endswith(".xml") else "fuzz-aasa"
    corpora[name].add(open(path, "rb").read())
for path in glob.glob("Fixtures/examples/*.jsonl"):
    corpora["fuzz-resolver"].update(line for line in open(path, "rb").read().split(b"\n") if line)
for name, items in corpora.items():
    os.makedirs(os.path.join(out, name), exist_ok=True)
    for index, item in enumerate(sorted(items)):
        with open(os.path.join(out, name, "seed-%04d" % index), "wb") as f:
            f.write(item)
PY

flags=(-c release --scratch-path "$root/build" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
export DEEPLINK_FUZZ=1
for target in "${targets[@]}"; do
  swift build "${flags[@]}" --product "$target" >&2
done
bin="$(swift build "${flags[@]}" --show-bin-path)"

export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0"
total_crashes=0
for target in "${targets[@]}"; do
  log="$root/$target.log"
  work="$root/work/$target"
  mkdir -p "$work" "$root/crashes/$target"
  set +e
  kept="Fuzz/corpus/$target"
  seeds=("$root/corpus/$target")
  if [ -d "$kept" ]; then seeds+=("$kept"); fi
  "$bin/$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$root/crashes/$target/" \
    "$work" "${seeds[@]}" > "$log" 2>&1
  status=$?
  set -e
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  crashes=$(find "$root/crashes/$target" -type f | wc -l)
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
  echo "$target: ${executions:-0} executions, $crashes crashes"
  if [ "${FUZZ_KEEP:-}" = "1" ]; then
    # Keep the minimized corpus: only inputs that add coverage.
    mkdir -p "$kept"
    "$bin/$target" -merge=1 "$kept" "$work" > /dev/null 2>&1 || true
  fi
  if [ "$crashes" -ne 0 ]; then
    total_crashes=$((total_crashes + crashes))
    grep -m 5 -E "ERROR|Fatal error|Precondition failed|SUMMARY" "$log" | sed 's/^/  /' >&2 || true
  fi
done
echo "fuzz: $total_crashes crashes in ${#targets[@]} targets (${seconds} s each)"
[ "$total_crashes" -eq 0 ]
