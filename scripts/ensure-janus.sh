#!/usr/bin/env bash
# The Janus WebRTC Server from Debian (package janus, 1.1.x), for
# MEDIA_BACKEND=janus and its tests. Installs it when missing.
set -euo pipefail

if [ -x /usr/bin/janus ] && [ -f /usr/lib/x86_64-linux-gnu/janus/plugins/libjanus_videoroom.so ]; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" --no-install-recommends janus
/usr/bin/janus --version | head -1
