# The bot as a container image. Build: `docker build -t olathe .`; run it with compose.yaml (`docker compose up -d`).
# The build steps live in scripts/container-build.sh, which `npm test` also runs outside Docker and then starts the
# result the way CMD does (test/container/container.test.ts); docker itself does not run where the tests run.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native module when no prebuilt one fits the platform.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The dependencies first, so a change to the code alone reuses this layer.
COPY package.json package-lock.json ./
COPY scripts/container-build.sh scripts/
RUN scripts/container-build.sh install
COPY . .
RUN scripts/container-build.sh build

# The same Debian release as the build stage: better-sqlite3's native module is linked against its libc.
FROM ${NODE_IMAGE}
# MALLOC_ARENA_MAX: glibc otherwise keeps freed memory in an arena per thread (V8's compiler and GC threads);
# the bot's own work is on one thread, and two arenas save about 10 MB of resident memory (npm run bench -- memory).
# MALLOC_MMAP_THRESHOLD_: a fixed 128 kB, so the score-sheet picture's pixel buffers (5 MB each) are always mapped
# and handed back when freed; glibc's sliding threshold otherwise moves them into its heap, which does not shrink
# (200 pictures in a row: 195 MB resident instead of 256; npm run bench -- soak).
ENV NODE_ENV=production \
    DATABASE_PATH=/data/olathe.sqlite \
    METRICS_PORT=9464 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# dist/ carries the migrations and the playground's page beside the code; node_modules has no dev dependencies.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
# What the bot stops cleanly on (stops taking clicks, finishes those under way, closes the database).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist/healthcheck.js"]
# node itself, not npm: it is the process that receives SIGTERM. --max-semi-space-size=1: as `npm start` (docs/PERFORMANCE.md,
# "Memory and start-up"): V8's young generation stays at 1 MB a half, so its heap stays near what is live.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=1", "dist/index.js"]
