# Backlot in production: one image, several of which run behind a load balancer over the shared
# engines (README, "Several servers"). Build: docker build -t backlot . ; run: docker run -p 3000:3000 backlot
# tests/smoke/production-install.test.ts repeats the runtime stage's install and start (no container
# engine runs where the tests do), and checks this file copies what it copies.

# Build: every dependency, then dist/ (server, CLI, storefront, console) through `npm ci`'s prepare.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund

# Runtime: production dependencies only (better-sqlite3 compiled here), the built dist/, the tenants
# and the shared images; no sources, no dev tools; not root.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production METADATA_SERVER_DETECTION=none HOST=0.0.0.0 PORT=3000 BACKLOT_DATA_DIR=/app/.data
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm pkg delete scripts.prepare && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/tenants ./tenants
COPY --from=build /app/storefront/shared-assets ./storefront/shared-assets
RUN mkdir -p /app/.data && chown -R node:node /app/.data /app/tenants
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/server/main.js"]
