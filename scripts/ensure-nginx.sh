#!/usr/bin/env bash
# nginx from Debian, for the tests that put several academy instances behind
# deploy/nginx/academy.conf (issue 44: tests/cluster/). The tests run their own
# nginx with a private prefix and config; the package's own site is not used.
set -euo pipefail

if [ -x /usr/sbin/nginx ]; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" --no-install-recommends nginx
/usr/sbin/nginx -v
