#!/usr/bin/env bash
# Builds the production bundle when there is none or the sources are newer.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=build/server/index.js
if [ ! -f "$marker" ] || [ -n "$(find app public vite.config.ts tailwind.config.ts -newer "$marker" -print -quit)" ]; then
  echo "Building the production bundle..."
  npx remix vite:build
fi
