#!/usr/bin/env bash
# Runs "$@" inside a new, private network namespace: loopback plus a veth pair
# (10.99.0.1 <-> 10.99.0.2). Chromium gathers no ICE candidates on loopback
# alone, and inside the namespace WebRTC media never reaches a real interface.
# Needs root (or CAP_SYS_ADMIN and CAP_NET_ADMIN) and iproute2.
set -euo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: scripts/netns-run.sh COMMAND [ARGS...]" >&2
  exit 2
fi
exec unshare --net bash -c '
  set -e
  ip link set lo up
  ip link add academy0 type veth peer name academy1
  ip addr add 10.99.0.1/24 dev academy0
  ip addr add 10.99.0.2/24 dev academy1
  ip link set academy0 up
  ip link set academy1 up
  exec "$@"' netns-run "$@"
