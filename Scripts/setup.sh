#!/usr/bin/env bash
# Installs the system packages the project needs (libedit for the REPL), once, on Linux.
set -euo pipefail

# macOS ships libedit with the system: nothing to install.
if [ "$(uname)" = "Darwin" ]; then
  exit 0
fi
if [ -f /usr/include/editline/readline.h ] || [ -f /usr/include/histedit.h ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: libedit-dev is missing and apt-get is not available; install libedit yourself" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "setup: installing libedit-dev" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libedit-dev >/dev/null
