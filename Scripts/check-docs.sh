#!/usr/bin/env bash
# Docs that compile: every ```swift block of README.md and of the DocC articles must be, byte for
# byte, a `// snippet` ... `// end snippet` region of a program under Examples/Sources, and every
# such program must build (as an app would, depending on this package by path) and run.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - <<'PY'
import glob, re, sys
regions = {}
for path in sorted(glob.glob("Examples/Sources/*/*.swift")):
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r"^// snippet\n(.*?)^// end snippet\n", text, re.S | re.M):
        regions.setdefault(m.group(1), []).append(path)
docs = ["README.md"] + sorted(glob.glob("Modules/*/*.docc/*.md") + glob.glob("Apps/*/*.docc/*.md"))
used, failures, blocks = set(), 0, 0
for doc in docs:
    text = open(doc, encoding="utf-8").read()
    for m in re.finditer(r"^```swift\n(.*?)^```\s*$", text, re.S | re.M):
        blocks += 1
        line = text[: m.start()].count("\n") + 1
        if m.group(1) in regions:
            used.add(m.group(1))
        else:
            failures += 1
            print(f"{doc}:{line}: this Swift block is not a snippet of any Examples/Sources program "
                  "(copy it there between `// snippet` and `// end snippet`, byte for byte)")
for region, paths in regions.items():
    if region not in used:
        print(f"note: the snippet in {paths[0]} is not shown in any document")
print(f"check-docs: {blocks} Swift blocks, {blocks - failures} match an example")
sys.exit(1 if failures else 0)
PY

# The README's sample runs (`$ command` then its output, in ```sh blocks) are what the tools
# print today: each is run against this build and compared line for line.
python3 - "$(swift build --show-bin-path)" <<'PY'
import re, subprocess, sys
bin_path = sys.argv[1]
text = open("README.md", encoding="utf-8").read()
failures = runs = 0
for block in re.findall(r"^```sh\n(.*?)^```", text, re.S | re.M):
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        command = re.sub(r"\s+#.*$", "", lines[i][2:])
        expected = []
        i += 1
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        shell = command.replace("swift run ", bin_path + "/")
        result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True)
        runs += 1
        if result.stdout.splitlines() != expected:
            failures += 1
            print(f"README: `{command}` prints something else now:\n{result.stdout}")
# The README's REPL session (```-block lines `deeplink> COMMAND`, each followed by its answer):
# the commands are fed to the REPL and its answers compared line for line.
sessions = [block for info, block in re.findall(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)
            if info == "" and block.startswith("deeplink> ")]
for block in sessions:
    lines = block.splitlines()
    commands = [line[len("deeplink> "):] for line in lines if line.startswith("deeplink> ")]
    expected = [line for line in lines if not line.startswith("deeplink> ")]
    result = subprocess.run([bin_path + "/deeplink-repl"], input="\n".join(commands) + "\n",
                            capture_output=True, text=True)
    runs += 1
    if result.stdout.splitlines() != expected:
        failures += 1
        print(f"README: the REPL session answers otherwise now:\n{result.stdout}")
if not sessions:
    failures += 1
    print("README: no REPL session found to check")
print(f"check-docs: {runs} README sample runs (REPL sessions included), {runs - failures} as shown")
sys.exit(1 if failures else 0)
PY

swift build --package-path Examples 2>&1 | tail -n 3
for dir in Examples/Sources/*/; do
  name="$(basename "$dir")"
  Examples/.build/debug/"$name"
done
