#!/usr/bin/env bash
# `npm start`: install if needed, build if needed, then run the production
# server. Migrations, the admin account and the demo content are applied by the
# server itself at boot (see server/bootstrap.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[1/3] Dependencies: checking (npm ci on the first run, about two minutes)..."
bash scripts/ensure-install.sh
echo "[2/3] Production build: checking (built on the first run and after changes)..."
bash scripts/ensure-build.sh
echo "[3/3] Starting: the database is migrated and, on a first run, the demo academy seeded..."
export NODE_ENV=production
# Settings from .env (see .env.example) when there is one; the environment wins.
env_file=()
if [ -f .env ]; then env_file=(--env-file=.env); fi
exec node "${env_file[@]}" build/server.mjs
