# The console on Node 24 LTS: build the web bundle and server, then run with production deps only.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY server ./server
COPY web ./web
COPY fixtures ./fixtures
COPY scripts ./scripts
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8899 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
USER node
EXPOSE 8899
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8899)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM lets in-flight requests finish (SHUTDOWN_GRACE_MS).
STOPSIGNAL SIGTERM
# A 4 MB young generation: node grows it to 32 MB per semi-space under load, most of the RSS (issue 13).
CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]
