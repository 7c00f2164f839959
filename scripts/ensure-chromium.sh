#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browsers cannot be
# downloaded here). Installs it when it is missing, then checks that it runs.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "Chromium not found at $CHROMIUM: installing it with apt-get." >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "Not root and sudo is unavailable: install chromium (apt-get install -y chromium) and retry." >&2
    exit 1
  fi
fi

"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# The Debian launcher prints harmless shell warnings on stderr; only the exit code matters.
"$CHROMIUM" --version 2>/dev/null
