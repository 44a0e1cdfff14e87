# syntax=docker/dockerfile:1
# The production install of scripts/production-install.sh (which CI runs natively, and which the
# cluster test's instances run as): build with the dev dependencies, then a runtime stage with
# `npm ci --omit=dev`, the built tree and the migrations only. Configuration comes from the
# environment at run time (docs/configuration.md); nothing secret is baked in.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
# The embedded PostgreSQL's install script (allowed in package.json) links its libraries.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/server/db/migrations ./server/db/migrations
# DATA_DIR: the embedded database (when DATABASE_URL is unset), local media, the outbox and the
# generated secrets. Owned by the unprivileged user the app runs as (PostgreSQL refuses root).
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
# 3000: the app; 9464: /metrics when METRICS_PORT=9464 with METRICS_HOST=0.0.0.0 and METRICS_TOKEN (keep it off the public network).
EXPOSE 3000 9464
# /readyz: the database answers and the app is not shutting down. The slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
