#!/usr/bin/env bash
# Live-room media tests (tests/live): real WebRTC between Chromium and the
# academy's SFU. Chromium gathers no ICE candidates on loopback, so they run in
# a private network namespace, which needs root (CI runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's own namespace runner; NETNS_RUN may point at another one.
NETNS_RUN="${NETNS_RUN:-scripts/netns-run.sh}"
# Janus's VideoRoom carrying RTP between two werift peers (vitest), then the browsers (Playwright).
LIVE_TESTS='npx vitest run --project live && npx playwright test -c playwright.live.config.ts "$@"'
if [ "$(id -u)" -ne 0 ]; then
  if sudo -n true 2>/dev/null; then exec sudo -E bash "$NETNS_RUN" bash -c "$LIVE_TESTS" live-tests "$@"; fi
  echo "Live media tests need root for a network namespace: run 'sudo npm test' or 'sudo bash scripts/test-live.sh'." >&2
  exit 1
fi
exec bash "$NETNS_RUN" bash -c "$LIVE_TESTS" live-tests "$@"
