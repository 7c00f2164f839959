#!/usr/bin/env bash
# Builds the production bundle when there is none or the sources are newer.
set -euo pipefail
cd "$(dirname "$0")/.."
# build/server.mjs (the HTTP layer, which loads the Remix build in build/server/) is written last.
marker=build/server.mjs
if [ ! -f "$marker" ] || [ -n "$(find app public server db vite.config.ts tailwind.config.ts -newer "$marker" -print -quit)" ]; then
  echo "Building the production bundle..."
  npm run build --silent
fi
