#!/usr/bin/env bash
# End-to-end checks of the real deeplink-resolve binary (run by Scripts/test.sh after a build).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)/deeplink-resolve"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "e2e: FAIL: $*" >&2; exit 1; }

# 1,000 mixed lines (valid, invalid JSON, invalid URLs, empty, CRLF, invalid UTF-8) give
# 1,000 records, numbered in order.
python3 - "$work/in.jsonl" <<'PY'
import sys
kinds = [b'{"url":"myapp://profile/42","id":1}', b'not json', b'', b'{"url":"myapp://bad%zz"}',
         b'"myapp://tweet/7/retweet"\r', b'"\xff\xfe"', b'[1,2]', b'{"url":"myapp://x\\u0000y"}']
with open(sys.argv[1], "wb") as f:
    for i in range(1000):
        f.write(kinds[i % len(kinds)] + b"\n")
PY
"$bin" < "$work/in.jsonl" > "$work/out.jsonl"
[ "$(wc -l < "$work/out.jsonl")" -eq 1000 ] || fail "expected 1000 output lines"
python3 - "$work/out.jsonl" <<'PY' || fail "records are not numbered 1..1000 JSON objects"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
assert [json.loads(l)["line"] for l in lines] == list(range(1, 1001))
assert {json.loads(l)["status"] for l in lines} == {"matched", "error"}
PY

# 100,000 lines of everything that can go wrong: lines in equal lines out, numbered in order,
# each a JSON object; the batch never stops.
python3 - "$work/mixed.jsonl" <<'PY'
import random, sys
random.seed(9)
kinds = [
    b'{"url":"myapp://profile/42","id":1}', b'"myapp://tweet/7/retweet"', b'not json', b'',
    b'   ', b'{"url":"myapp://bad%zz"}', b'[1,2]', b'null', b'42', b'{"id":"x"}', b'{"url":5}',
    b'"\xff\xfe"', b'{"url":"myapp://a\u0000b"}', b'{"url":"myapp://x"}\r', b'\x00\x00',
    b'"myapp://profile/\xc3\xa9"', b'{"intent":"showProfile","params":{"userId":"1"}}',
    b'{"url":"myapp://' + b'a/' * 300 + b'"}', b'{"url"', b'"\\ud800"',
]
lines = [random.choice(kinds) for _ in range(99_998)]
lines.insert(500, b'{"url":"myapp://' + b'x' * (1 << 20) + b'"}')  # a 1 MB line
with open(sys.argv[1], "wb") as f:
    f.write(b"\n".join(lines) + b"\n" + b'"myapp://profile/last"')  # the last line has no newline
PY
"$bin" < "$work/mixed.jsonl" > "$work/mixed.out"
python3 - "$work/mixed.out" <<'PY' || fail "100,000 mixed lines did not give 100,000 ordered records"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
assert len(records) == 100_000, len(records)
assert [r["line"] for r in records] == list(range(1, 100_001))
assert records[-1]["status"] == "matched", records[-1]
assert records[500]["error"]["code"] == "limit_exceeded", records[500]
PY

# The example from the issue: one matched line.
out="$(echo '{"url":"myapp://profile/42"}' | "$bin" --routes Fixtures/deeper/basics.json)"
case "$out" in *'"status":"matched"'*'"intent":"showProfile"'*) ;; *) fail "basics: $out" ;; esac

# A malformed pattern: exit 2 before reading stdin, caret diagnostic on stderr.
printf '%s' '{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"profile/(info/:userId","intent":"x"}]}' > "$work/bad.json"
set +e
"$bin" --routes "$work/bad.json" < /dev/null > "$work/bad.out" 2> "$work/bad.err"
status=$?
set -e
[ "$status" -eq 2 ] || fail "bad manifest exited $status, expected 2"
[ ! -s "$work/bad.out" ] || fail "bad manifest wrote to stdout"
grep -q "^          ^ '(' opened here is never closed" "$work/bad.err" || fail "no caret: $(cat "$work/bad.err")"

# A file saved with a UTF-8 byte-order mark (manifest or input) reads as if it had none.
{ printf '\xef\xbb\xbf'; cat Fixtures/deeper/basics.json; } > "$work/bom.json"
out="$(printf '\xef\xbb\xbf{"url":"myapp://profile/42"}\n' | "$bin" --routes "$work/bom.json")"
case "$out" in *'"line":1,'*'"status":"matched"'*) ;; *) fail "byte-order mark: $out" ;; esac
# Files joined with `cat`: a mark at the start of any line is skipped too (URL or JSON line).
out="$(printf 'myapp://profile/1\n\xef\xbb\xbfmyapp://profile/2\n\xef\xbb\xbf"myapp://profile/3"\n' \
  | "$bin" --routes "$work/bom.json" | grep -c '"status":"matched"')"
[ "$out" = 3 ] || fail "byte-order mark on a later line: $out of 3 matched"

# Plain URL lines: `cat urls.txt | deeplink-resolve`.
printf 'myapp://profile/42\nmyapp://tweet/x/retweet\n' | "$bin" > "$work/plain.out"
python3 - "$work/plain.out" <<'PY' || fail "plain URL lines: $(cat "$work/plain.out")"
import json, sys
records = [json.loads(line) for line in open(sys.argv[1])]
assert [r["status"] for r in records] == ["matched", "unmatched"], records
assert records[0]["url"] == "myapp://profile/42" and records[0]["intent"] == "showProfile"
PY

# A manifest that cannot be read says why, in the system's words, and exits 2.
for case in "/nonexistent/routes.json:no such file or directory" "$work:is a directory"; do
  path="${case%%:*}"
  reason="${case#*:}"
  set +e
  "$bin" --routes "$path" < /dev/null 2> "$work/read.err"
  status=$?
  set -e
  [ "$status" -eq 2 ] || fail "unreadable $path exited $status"
  grep -qF "cannot read \`$path\`: $reason" "$work/read.err" || fail "no reason: $(cat "$work/read.err")"
done

# A bad source is reported at sources[i].
printf '%s' '{"name":"t","dialect":"crossroad","sources":["pokedex","poke/dex"],"routes":[{"pattern":"pokedex://a","intent":"a"}]}' > "$work/src.json"
set +e
"$bin" --routes "$work/src.json" < /dev/null 2> "$work/src.err"
set -e
grep -qF -- "--> $work/src.json, table \`t\`, sources[1]" "$work/src.err" || fail "sources origin: $(cat "$work/src.err")"

# deeplink-conformance: a directory it cannot list is an unreadable fixture (exit 1), not
# skipped. Checked as an unprivileged user (root reads every directory) when that is possible.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  mkdir -p "$work/perm/locked"
  cp Fixtures/deeper/basics.json "$work/perm/"
  cp Fixtures/deeper/basics.json "$work/perm/locked/"
  cp "$(swift build --show-bin-path)/deeplink-conformance" "$work/perm/conformance"
  chmod 755 "$work" "$work/perm" "$work/perm/conformance"
  chmod 644 "$work/perm/basics.json"
  chmod 000 "$work/perm/locked"
  status=0
  setpriv --reuid=65534 --regid=65534 --clear-groups "$work/perm/conformance" "$work/perm" \
    > "$work/perm.out" 2>&1 || status=$?
  chmod 755 "$work/perm/locked"
  [ "$status" -eq 1 ] || fail "an unlistable fixture directory: exit $status, not 1"
  grep -q "cannot list the directory \`$work/perm/locked\`: permission denied" "$work/perm.out" \
    || fail "an unlistable fixture directory: $(cat "$work/perm.out")"
fi

# --version on the four apps; --help (and each subcommand's) fits 80 columns.
for app in deeplink-resolve deeplink-conformance deeplink-repl deeplink-applinks; do
  app_bin="$(swift build --show-bin-path)/$app"
  [ "$("$app_bin" --version)" = "0.1.0" ] || fail "$app --version"
  COLUMNS=80 "$app_bin" --help > "$work/help.txt"
  if awk 'length > 80' "$work/help.txt" | grep -q .; then fail "$app --help is wider than 80 columns"; fi
done
for sub in check generate; do
  COLUMNS=80 "$(swift build --show-bin-path)/deeplink-applinks" "$sub" --help > "$work/help.txt"
  if awk 'length > 80' "$work/help.txt" | grep -q .; then
    fail "deeplink-applinks $sub --help is wider than 80 columns"
  fi
done
# The terminal note goes to a terminal only: a pipe gets records and nothing else.
echo '"myapp://profile/1"' | "$bin" 2> "$work/note.err" > /dev/null
[ ! -s "$work/note.err" ] || fail "a pipe got the terminal note: $(cat "$work/note.err")"

# --jobs: the same records, in the same order, whatever the number of jobs; --first-line
# numbers them from there.
"$bin" --jobs 1 < "$work/mixed.jsonl" > "$work/jobs1.out"
"$bin" --jobs 3 < "$work/mixed.jsonl" > "$work/jobs3.out"
cmp -s "$work/jobs1.out" "$work/jobs3.out" || fail "--jobs 3 wrote other records than --jobs 1"
first="$(printf 'myapp://profile/1\n' | "$bin" --first-line 501)"
case "$first" in '{"line":501,'*) ;; *) fail "--first-line: $first" ;; esac
set +e
"$bin" --jobs 0 < /dev/null 2> "$work/jobs.err"
status=$?
set -e
[ "$status" -ne 0 ] && grep -qF -- "--jobs must be at least 1" "$work/jobs.err" || fail "--jobs 0 accepted"
# Line numbers stay JSON numbers a reader keeps exactly, and counting on cannot overflow.
set +e
printf 'a\n' | "$bin" --first-line 9223372036854775807 > /dev/null 2> "$work/first.err"
status=$?
set -e
[ "$status" -eq 64 ] && grep -qF -- "--first-line must be at most" "$work/first.err" \
  || fail "--first-line past 2^53 - 1 gave status $status"
# ... and no record is numbered past 2^53 - 1: the line numbered that is answered, then the
# run stops with the reason (status 1), whatever the number of jobs.
for jobs in 1 2; do
  set +e
  printf 'a:\nb:\nc:\n' | "$bin" --jobs "$jobs" --first-line 9007199254740991 \
    > "$work/last.out" 2> "$work/last.err"
  status=$?
  set -e
  [ "$status" -eq 1 ] && [ "$(wc -l < "$work/last.out")" -eq 1 ] \
    && grep -q '^{"line":9007199254740991,"url":"a:"' "$work/last.out" \
    && grep -qF "would be numbered 9007199254740992" "$work/last.err" \
    || fail "numbering past 2^53 - 1 (--jobs $jobs): status $status, $(cat "$work/last.out" "$work/last.err")"
done

# Interactive use: each answer arrives before the next line is written (output is flushed
# whenever reading more would wait), and memory stays flat on a long stream.
python3 - "$bin" <<'PY' || fail "records are not flushed as lines arrive"
import select, subprocess, sys
process = subprocess.Popen([sys.argv[1], "--jobs", "2"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for url in [b"myapp://profile/1", b"myapp://user/2/follow", b"oops"]:
    process.stdin.write(url + b"\n")
    process.stdin.flush()
    ready, _, _ = select.select([process.stdout], [], [], 10)
    assert ready, "no answer within 10 s for " + url.decode()
    line = process.stdout.readline()
    assert line.startswith(b'{"line":'), line
process.stdin.close()
assert process.wait(10) == 0
PY
# A line that has only partly arrived does not hold back the answers to the lines before it,
# whether they came in the same write or alone.
python3 - "$bin" <<'PY' || fail "a partly arrived line held back earlier answers"
import os, select, subprocess, sys
for jobs in ["1", "2"]:
    process = subprocess.Popen([sys.argv[1], "--jobs", jobs], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, bufsize=0)
    received = b""
    def wait_for(records):
        # Reads the descriptor itself: a buffered reader would hide records already read.
        global received
        while received.count(b"\n") < records:
            ready, _, _ = select.select([process.stdout], [], [], 10)
            assert ready, "--jobs %s: %d records of %d within 10 s" % (
                jobs, received.count(b"\n"), records)
            received += os.read(process.stdout.fileno(), 65536)
    for chunk, records in [(b"myapp://profile/1\nmyapp://pro", 1), (b"file/2\n", 2),
                           (b"myapp://user/3/follow\nmyapp://user/4/follow\nmyapp://us", 4)]:
        process.stdin.write(chunk)
        process.stdin.flush()
        wait_for(records)
    process.stdin.close()
    wait_for(5)
    assert process.wait(10) == 0
    lines = received.split(b"\n")[:5]
    assert all(b'"matched"' in line for line in lines[:4]), lines
    assert lines[4].startswith(b'{"line":5,'), lines[4]
PY
python3 - "$bin" <<'PY' || fail "resident memory grew with the input"
import resource, subprocess, sys
line = b'{"url":"myapp://profile/42","id":1}\n"myapp://nothing/here"\n'
process = subprocess.Popen([sys.argv[1], "--jobs", "2"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
chunk = line * 10_000
for _ in range(15):  # 300,000 lines
    process.stdin.write(chunk)
process.stdin.close()
assert process.wait() == 0
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
assert peak_kb < 64 * 1024, f"peak resident memory {peak_kb} kB"
PY
python3 - "$bin" "$work/long-lines.jsonl" <<'PY' || fail "resident memory grew with the length of the lines"
# Long lines (8 KB URLs, and 20 KB lines that are limit errors) from a file, all at hand, with
# many jobs: batches are capped in bytes as well as in lines, so they do not take 2048 long
# lines per job.
import resource, subprocess, sys
long_url = b'"myapp://profile/' + b"a" * 8000 + b'"\n'
too_long = b'"myapp://' + b"b" * 20000 + b'"\n'
with open(sys.argv[2], "wb") as data:
    data.write((long_url + too_long + b'"myapp://profile/42"\n') * 1000)  # 28 MB
with open(sys.argv[2], "rb") as data:
    subprocess.run([sys.argv[1], "--jobs", "16"], stdin=data, stdout=subprocess.DEVNULL, check=True)
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
assert peak_kb < 100 * 1024, f"peak resident memory {peak_kb} kB"
PY

# A closed stdout ends the run quietly.
for _ in $(seq 100000); do echo '"myapp://profile/1"'; done > "$work/many.jsonl"
set +o pipefail
"$bin" < "$work/many.jsonl" 2> "$work/pipe.err" | head -n 1 > /dev/null
status=${PIPESTATUS[0]}
set -o pipefail
[ "$status" -eq 0 ] || fail "closed stdout: exit $status"
[ ! -s "$work/pipe.err" ] || fail "closed stdout printed: $(cat "$work/pipe.err")"

# The REPL with piped input writes a clean transcript: no prompt, no banner, no colour.
repl="$(swift build --show-bin-path)/deeplink-repl"
"$repl" < Tests/Transcripts/repl-session.in > "$work/repl.out" 2> "$work/repl.err"
diff -u Tests/Transcripts/repl-session.expected "$work/repl.out" || fail "REPL transcript differs"
# Its reader leaving ends it quietly too (status 0), not by SIGPIPE (141).
set +o pipefail
head -n 5000 "$work/many.jsonl" | "$repl" --routes Fixtures/deeper/basics.json 2> "$work/repl-pipe.err" | head -n 1 > /dev/null
status=${PIPESTATUS[1]}
set -o pipefail
[ "$status" -eq 0 ] || fail "REPL with a closed stdout: exit $status"
[ ! -s "$work/repl-pipe.err" ] || fail "REPL closed stdout printed: $(cat "$work/repl-pipe.err")"

echo "e2e: deeplink-resolve ok (1000 and 100,000 mixed lines in, as many out; bad manifest exits 2; closed stdout is quiet); deeplink-repl transcript ok"
