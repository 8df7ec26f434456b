# syntax=docker/dockerfile:1
# Never built on the machine this was written on (it has no Docker engine): kept thin on
# purpose. It runs exactly the commands CI tests in scripts/release-check.mjs: `npm run build`,
# then `npm ci --omit=dev` beside only the built output, then `node scripts/start.mjs` with
# NODE_ENV=production. Both tiers run in one container; only the web tier's port is published.
#   docker build -t partner-platform .
#   docker run -p 3000:3000 -v partner-data:/data -e PUBLIC_URL=https://partners.example.com \
#     -e SMTP_URL=smtps://user:pass@smtp.example.com:465 -e MAIL_FROM="Partners <partners@example.com>" \
#     partner-platform

# 1. Every dependency, for the build, exactly as the lockfile has them (`npm ci`). The lockfile
#    holds the native binaries of linux-x64 and linux-arm64 (sharp, @node-rs/argon2, esbuild,
#    next's swc): docs/hosting.md says how to check that after a dependency change.
FROM node:24-bookworm-slim AS install
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The release build: .next (web tier) and dist/api (the API bundle with its migrations).
FROM install AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN npm run build && rm -rf .next/cache && mkdir -p public

# 3. What runs: production dependencies and the built output (the list in
#    scripts/release-check.mjs, RELEASE_FILES), as an unprivileged user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 API_PORT=4000 DATA_DIR=/data
# pg_dump for `npm run cli -- backup` on PostgreSQL (Debian 12 ships version 15: it dumps servers
# up to 15, hence postgres:15 in compose.yaml; for a newer server install its client from PGDG).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/lib/runtime ./lib/runtime
COPY --from=build /app/web/server ./web/server
COPY --from=build /app/i18n ./i18n
COPY --from=build /app/next.config.mjs ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node, not npm, as PID 1: `docker stop` sends its SIGTERM to the start script, which stops both
# tiers (in-flight requests finish first).
CMD ["node", "scripts/start.mjs"]
