#!/usr/bin/env bash
# `npm start`: install if needed, build if needed, then run the production
# server. Migrations, the admin account and the demo content are applied by the
# server itself at boot (see server/bootstrap.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-install.sh
bash scripts/ensure-build.sh
export NODE_ENV=production
# Production needs the academy's public address; on a first try-out that is this machine.
if [ -z "${PUBLIC_URL:-}" ]; then
  export PUBLIC_URL="http://localhost:${PORT:-3000}"
  echo "PUBLIC_URL is not set: using $PUBLIC_URL (set it to the address students use, e.g. https://academy.example)."
fi
exec node --import tsx server/index.ts
