# syntax=docker/dockerfile:1
# The Trading Bingo server (API, paper exchange and built web app) as one image; compose.yaml
# runs two of them behind Caddy on one PostgreSQL and one Redis. Build: docker build -t tb .

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency (dev included) and the build of every workspace.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/hyperliquid/package.json packages/hyperliquid/
COPY apps/paper-exchange/package.json apps/paper-exchange/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no compilers, test runners or browsers).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/hyperliquid/package.json packages/hyperliquid/
COPY --from=build /app/apps/paper-exchange/package.json apps/paper-exchange/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The runtime: production node_modules (workspace links included) and the built outputs.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/packages/hyperliquid/dist packages/hyperliquid/dist
COPY --from=build /app/apps/paper-exchange/dist apps/paper-exchange/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# Migrations are applied at start-up (apps/server/drizzle, beside dist).
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the development outbox (without SMTP_URL), or PGlite when DATABASE_URL is unset.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The built server directly: `npm start` (scripts/start.mjs) would first check the build
# against sources the image does not carry. node handles SIGTERM itself (graceful shutdown).
CMD ["node", "apps/server/dist/server.js"]
