#!/usr/bin/env bash
# Installs dependencies when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "Installing dependencies (better-sqlite3 compiles from source: about a minute)..."
  # `npm install` honours the lockfile; `npm ci` is not used because npm 11
  # wrongly reports platform-specific optional packages (rollup's) as missing.
  npm install --no-audit --no-fund
fi
