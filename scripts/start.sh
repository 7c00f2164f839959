#!/usr/bin/env bash
# `npm start`: install if needed, build if needed, then run the production
# server. Migrations, the admin account and the demo content are applied by the
# server itself at boot (see app/bootstrap.server.ts).
# One line per step with its time; the installer's and the build's own output
# goes to data/start.log (shown when a step fails, or live with VERBOSE=1).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p data
log=data/start.log
: >"$log"
started=$SECONDS

run_step() {
  local label=$1
  shift
  local step_start=$SECONDS
  printf '%s ' "$label"
  if [ "${VERBOSE:-}" = "1" ]; then
    echo
    "$@" 2>&1 | tee -a "$log"
  elif ! "$@" >>"$log" 2>&1; then
    echo "failed. The last lines of $log:"
    tail -n 30 "$log"
    exit 1
  fi
  echo "done ($((SECONDS - step_start)) s)"
}

run_step "[1/3] Dependencies (npm ci on the first run: a few minutes, better-sqlite3 compiles)..." bash scripts/ensure-install.sh
run_step "[2/3] Production build (on the first run and after changes: about a minute)..." bash scripts/ensure-build.sh
echo "[3/3] Starting after $((SECONDS - started)) s: the database is migrated and, on a first run, the demo academy seeded; then one worker per core serves (WEB_CONCURRENCY)."
export NODE_ENV=production
# Settings from .env (see .env.example) when there is one; the environment wins.
env_file=()
if [ -f .env ]; then env_file=(--env-file=.env); fi
exec node "${env_file[@]}" build/server.mjs
