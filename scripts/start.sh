#!/usr/bin/env bash
# `npm start`: install if needed, build if needed, then run the production
# server. Migrations, the admin account and the demo content are applied by the
# server itself at boot (see server/bootstrap.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-install.sh
bash scripts/ensure-build.sh
export NODE_ENV=production
exec node --import tsx server/index.ts
