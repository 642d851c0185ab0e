#!/usr/bin/env bash
# Drives the real deeplink-repl in a real terminal (tmux): history across runs (Up arrow),
# Tab completion of commands and intents, Ctrl-C cancelling a line. Installs tmux if it can;
# skips with a clear message if no tmux can be had. Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null) || true
  fi
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "repl-tmux: SKIPPED: tmux is not installed and could not be installed here"
  exit 0
fi

bin="$(swift build --show-bin-path)/deeplink-repl"
work="$(mktemp -d)"
session="dlrepl-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() {
  echo "repl-tmux: FAIL: $*" >&2
  echo "--- screen ---" >&2
  tmux capture-pane -p -t "$session" >&2 || true
  exit 1
}

start() {
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux -u new-session -d -s "$session" -x 160 -y 40 \
    "env TERM=xterm NO_COLOR=1 $bin --routes Fixtures/examples/twitter-handlers.json --history $work/history; sleep 30"
  wait_for "deeplink>"
}

# Waits until the last non-empty line of the screen contains the text.
wait_for() {
  for _ in $(seq 100); do
    if tmux capture-pane -p -t "$session" | grep -v '^$' | tail -n 1 | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "timed out waiting for: $1"
}

screen_has() {
  for _ in $(seq 50); do
    if tmux capture-pane -p -t "$session" | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  return 1
}

# 1. A URL resolves on a real terminal.
start
tmux send-keys -t "$session" "myapp://profile/42" Enter
screen_has "route 0  profile/:userId" || fail "no match shown"
wait_for "deeplink>"

# 2. Tab completes a command (:ro -> :routes) and an intent after :url.
tmux send-keys -t "$session" ":ro" Tab
screen_has "deeplink> :routes" || fail "Tab did not complete :ro to :routes"
tmux send-keys -t "$session" Enter
screen_has "tweet/:tweetId/retweet" || fail ":routes did not run"
wait_for "deeplink>"
tmux send-keys -t "$session" ":url showP" Tab
screen_has "deeplink> :url showProfile" || fail "Tab did not complete the intent"
tmux send-keys -t "$session" " userId=7" Enter
screen_has "myapp://profile/7" || fail ":url did not print"
wait_for "deeplink>"

# 2b. Tab completes a URL beginning after :explain.
tmux send-keys -t "$session" ":explain myapp://us" Tab
screen_has "deeplink> :explain myapp://user" || fail "Tab did not complete the URL after :explain"
tmux send-keys -t "$session" "/7/follow" Enter
screen_has "result: route 1 of twitter" || fail ":explain did not run"
wait_for "deeplink>"

# 2c. Tab completes a file name after :load, a directory with its `/` (so Tab goes on down).
tmux send-keys -t "$session" ":load Fixtu" Tab
screen_has "deeplink> :load Fixtures/" || fail "Tab did not complete the directory after :load"
tmux send-keys -t "$session" "deeper/basi" Tab
screen_has "deeplink> :load Fixtures/deeper/basics.json" || fail "Tab did not go on down the path"
tmux send-keys -t "$session" C-u
wait_for "deeplink>"

# 2d. A character beyond ASCII typed on the terminal reaches the router (libedit reads it by
# the locale's encoding).
tmux send-keys -t "$session" "myapp://profile/aé€b" Enter
screen_has 'userId = "aé€b"' || fail "a non-ASCII character typed was dropped"
wait_for "deeplink>"

# 3. Ctrl-C cancels the line, not the program.
tmux send-keys -t "$session" "half typed" C-c
wait_for "deeplink>"
tmux send-keys -t "$session" ":help" Enter
screen_has ":quit" || fail "the REPL did not survive Ctrl-C"
wait_for "deeplink>"

# 4. Ctrl-D leaves; the history survives into a new run, and Up brings it back.
tmux send-keys -t "$session" C-d
sleep 0.5
grep -qF "myapp://profile/42" "$work/history" || fail "history was not written to $work/history"
start
tmux send-keys -t "$session" Up
screen_has "deeplink> :help" || fail "Up arrow did not recall the last command of the previous run"
tmux send-keys -t "$session" Up Up Up Up Up
screen_has "deeplink> myapp://profile/42" || fail "Up arrow did not recall the previous run's history"

echo "repl-tmux: ok (resolve, Tab completion of commands, intents, files after :load and URLs after :explain, non-ASCII input, Ctrl-C, Ctrl-D, history across runs)"
