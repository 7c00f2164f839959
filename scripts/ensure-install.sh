#!/usr/bin/env bash
# Installs dependencies exactly as locked (npm ci) when node_modules is missing
# or older than the lockfile or the dependency patches.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
# patches/ (applied by the postinstall) counts as part of the lockfile.
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ] || [ -n "$(find patches -newer "$stamp" 2>/dev/null)" ]; then
  echo "Installing dependencies (better-sqlite3 compiles from source: about a minute)..."
  # better-sqlite3 falls back to compiling when its prebuilt binary cannot be
  # downloaded; point node-gyp at the system's Node headers when npm has no
  # nodedir of its own, so that needs no download either.
  if [ -z "${npm_config_nodedir:-}" ] && [ "$(npm config get nodedir 2>/dev/null)" = "undefined" ] && [ -f /usr/include/node/common.gypi ]; then
    export npm_config_nodedir=/usr
  fi
  npm ci --no-audit --no-fund
fi
