#!/usr/bin/env bash
# `npm test`: everything CI runs — typecheck, lint, unit, integration and
# browser tests — from a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-install.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-janus.sh
bash scripts/ensure-postgresql.sh
bash scripts/ensure-nginx.sh
step() { printf '\n==> %s\n' "$1"; }
# Typecheck and lint side by side: each mostly uses one core.
step "Typecheck and lint"
npx tsc --noEmit &
typecheck=$!
npx eslint --max-warnings=0 .
wait "$typecheck"
step "Build" && npm run build --silent
step "Unit tests" && npx vitest run --project unit
step "Integration tests" && npx vitest run --project integration
step "Integration tests again, every academy on PostgreSQL 15" && npx vitest run --project integration-postgres
step "Several instances behind nginx (PostgreSQL, a bucket, an SMTP sink; faults)" && npm run test:cluster
step "Study companion evaluation (fails below its goals)" && npx tsx scripts/eval-companion.ts
step "Browser tests" && npx playwright test
step "Visual tests (screenshots against tests/visual baselines)" && npx playwright test -c playwright.visual.config.ts
step "Live media tests (network namespace)" && bash scripts/test-live.sh
