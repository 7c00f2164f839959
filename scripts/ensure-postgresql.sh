#!/usr/bin/env bash
# PostgreSQL 15 from Debian (package postgresql), for the tests and benchmarks
# that run the academy on PostgreSQL (issue 43): scripts/pg-cluster.ts starts a
# private cluster from these binaries. Installs it when missing. The package's
# own cluster (main, port 5432) is not used by the project.
set -euo pipefail

if [ -x /usr/lib/postgresql/15/bin/initdb ] && [ -x /usr/lib/postgresql/15/bin/postgres ]; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" --no-install-recommends postgresql-15
/usr/lib/postgresql/15/bin/postgres --version
