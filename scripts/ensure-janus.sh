#!/usr/bin/env bash
# The Janus WebRTC Server from Debian (package janus, 1.1.x), for
# MEDIA_BACKEND=janus and its tests. Installs it when missing.
set -euo pipefail

if [ -x /usr/bin/janus ] && [ -f /usr/lib/x86_64-linux-gnu/janus/plugins/libjanus_videoroom.so ]; then
  exit 0
fi

echo "Installing with apt-get: janus" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "Not root and sudo is unavailable: install janus (apt-get install -y janus) and retry." >&2
    exit 1
  fi
fi
"${as_root[@]}" apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends janus
/usr/bin/janus --version | head -1
