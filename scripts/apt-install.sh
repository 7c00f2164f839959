#!/usr/bin/env bash
# Installs Debian packages (and any apt-get install options) as root or through sudo: the one way
# the project's scripts (ensure-chromium.sh, ensure-janus.sh, ensure-postgresql.sh) install them.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: scripts/apt-install.sh PACKAGE..." >&2; exit 2; }
echo "Installing with apt-get: $*" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "Not root and sudo is unavailable: install $* (apt-get install -y ...) and retry." >&2
    exit 1
  fi
fi
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
