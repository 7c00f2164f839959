#!/usr/bin/env bash
# Installs dependencies when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "Installing dependencies (better-sqlite3 compiles from source: about a minute)..."
  if [ -f package-lock.json ]; then npm ci; else npm install; fi
fi
