#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browsers cannot be
# downloaded here). The visual tests also need the fonts their baselines were
# drawn with (pinned to Debian's DejaVu (core and extra) and Liberation packages: the academy's
# Georgia falls back to them) and libfaketime (their server's fixed clock).
# Installs whatever is missing, then checks that Chromium runs.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
FAKETIME_LIB=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
packages=()
[ -x "$CHROMIUM" ] || packages+=(chromium)
[ -f "$FAKETIME_LIB" ] || packages+=(libfaketime)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || packages+=(fonts-dejavu-core)
dpkg -s fonts-dejavu-extra >/dev/null 2>&1 || packages+=(fonts-dejavu-extra)
dpkg -s fonts-liberation >/dev/null 2>&1 || packages+=(fonts-liberation)
command -v ip >/dev/null 2>&1 || packages+=(iproute2)

if [ "${#packages[@]}" -eq 0 ]; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" "${packages[@]}"

# The Debian launcher prints harmless shell warnings on stderr; only the exit code matters.
"$CHROMIUM" --version 2>/dev/null
