# The console on Node 24 LTS. Four stages:
#   build   - every package (`npm ci`), then `npm run build`: dist/web (without its source maps
#             unless WEB_SOURCE_MAPS=on) and dist/server/main.js;
#   deps    - the server's run-time packages only (`npm ci --omit=dev`: package.json "dependencies",
#             which tests/server/dependencies.test.ts keeps equal to what dist/server/main.js loads),
#             without type declarations, source maps and docs;
#   base    - node:24-bookworm-slim without what the console never runs: npm, corepack, yarn and
#             Node's C headers (~25 MB);
#   runtime - that base as one layer, plus the app. 234 MB instead of 434 MB (measured on the stand-in base, 227 MB).
# The cost of the squashed base: the image shares no layer with node:24-bookworm-slim (a pull after
# an update fetches the whole image, not just the app), and it has no npm (`docker exec … npm` is
# not there; debug with the build stage: `docker build --target build .`).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY server ./server
COPY web ./web
COPY fixtures ./fixtures
COPY scripts ./scripts
# The web bundle's source maps (14 MB, 404 unless PUBLIC_SOURCE_MAPS=on) stay out of the image
# unless built with `--build-arg WEB_SOURCE_MAPS=on`.
ARG WEB_SOURCE_MAPS=off
RUN npm run build \
  && if [ "$WEB_SOURCE_MAPS" != on ]; then find dist/web -name '*.map' -delete; fi

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm leaves its cache in /root/.npm and a compile cache in /tmp: neither reaches the runtime stage,
# which copies node_modules alone.
RUN npm ci --omit=dev --no-audit --no-fund \
  && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -iname '*.md' \) -delete

FROM node:24-bookworm-slim AS base
# Named volumes start as a copy of the /data folders, so they belong to the node user (uid 1000).
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
      /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* /usr/local/include/node \
      /usr/local/share/doc/node /usr/local/share/man /usr/local/share/systemtap \
      /usr/local/CHANGELOG.md /usr/local/README.md /root/.npm /tmp/* /var/tmp/* \
  && mkdir -p /data/uploads /data/cache /data/recordings /data/audit \
  && chown -R node:node /data

FROM scratch
COPY --from=base / /
# glibc malloc as `npm run serve` sets it: two arenas rather than one per thread (11
# threads) and a fixed trim threshold. Left alone, glibc raises its mmap threshold to 16 MB and its
# trim threshold to 32 MB once the server frees its first large block, and from then on each arena
# may keep up to 32 MB of freed memory as RSS: after the memory bench's load the threads' arenas
# held 15-22 MB (under 2 MB of it in use); with these settings 3-5 MB.
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production PORT=8899 HOST=0.0.0.0 \
    UPLOAD_DIR=/data/uploads CACHE_DIR=/data/cache AUDIT_DB=/data/audit/audit.sqlite \
    CONSOLE_IN_CONTAINER=1 \
    MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
USER node
EXPOSE 8899
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8899)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# SIGTERM lets in-flight requests finish (SHUTDOWN_GRACE_MS).
STOPSIGNAL SIGTERM
# A 4 MB young generation: node grows it to 32 MB per semi-space under load, most of the RSS.
CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]
