# The Academy as one container: the same start path as `npm start` (the server
# migrates, creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD and seeds an
# empty database at boot). Everything it keeps lives in the /data volume.
# See docs/deployment.md.

# ---- build: compilers, dev dependencies, the production bundle
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# better-sqlite3 compiles from source against the headers the official image
# keeps under /usr/local/include/node, so nothing is downloaded from GitHub.
ENV npm_config_nodedir=/usr/local npm_config_build_from_source=true
# patches/ is applied by npm ci's postinstall (patch-package): see docs/performance.md.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# Then production dependencies only, without what nothing runs (about 110 MB):
# better-sqlite3's SQLite sources and object files (the compiled addon is all it
# needs), source maps, type declarations, and TypeScript itself, which the
# Remix packages list as an optional peer and tsx (esbuild) never loads.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
           node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
           node_modules/better-sqlite3/build/deps node_modules/better-sqlite3/build/Release/test_extension.node \
           node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
 && npm cache clean --force

# ---- runtime: production dependencies, the bundles, the migrations, and the backup scripts tsx runs
FROM node:20-bookworm-slim
# Janus (Debian's janus, 1.1.x) carries the live rooms' media: the academy
# starts it itself (MEDIA_BACKEND=janus) with a configuration of its own.
# ffmpeg (ffprobe) checks that captions end within their video and extracts
# the sound for generated captions (issue 38).
# postgresql-client-15: pg_dump/pg_restore for `npm run backup`/`restore` when
# DATABASE_URL names a PostgreSQL 15 server (Debian bookworm's version).
RUN apt-get update \
 && apt-get install -y --no-install-recommends janus ffmpeg postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    MEDIA_BACKEND=janus \
    DATABASE_PATH=/data/academy.db \
    UPLOADS_DIR=/data/uploads \
    BACKUP_DIR=/backups \
    PORT=3000 \
    HOST=0.0.0.0
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# build/server.mjs is the HTTP layer (server/, bundled); it loads the Remix
# build in build/server/, which holds all the app's code (docs/decisions/019),
# and reads db/migrations at boot and content/ (the demo academy,
# CONTENT_DIR=./content from WORKDIR /app) when it seeds an empty database.
# `npm run backup`, `restore` and `db:copy` run their scripts through tsx; they
# import no app code (only db/). The code stays root-owned and
# read-only for `node`.
COPY package.json tsconfig.json ./
COPY db ./db
COPY content ./content
COPY scripts/backup.ts scripts/backup-error.ts scripts/backup-postgres.ts scripts/restore.ts scripts/db-copy.ts ./scripts/
# /data holds academy.db, uploads/ and the generated session-secret; `npm run
# backup` writes to /backups, which compose.yaml mounts as a volume of its own
# (not declared here, so a plain `docker run` does not create an anonymous one).
RUN mkdir -p /data /backups && chown node:node /data /backups
VOLUME /data
USER node
EXPOSE 3000
# The live rooms' media (WebRTC over UDP, RTC_MIN_PORT..RTC_MAX_PORT); publish
# the same range (`-p 40000-40199:40000-40199/udp`) and set ICE_PUBLIC_IP.
EXPOSE 40000-40199/udp
# Slim images have no curl: node's fetch does the probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself, so the server's
# shutdown handler runs on `docker stop`. It forks WEB_CONCURRENCY workers
# (default: the cores the container may use, at most 8) and drains them all.
CMD ["node", "build/server.mjs"]
