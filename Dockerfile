# Base images are pinned by digest (the tag says which release, the digest makes it exact).
# PLACEHOLDER digests (all zeros): no registry could be reached where this file was last
# edited. Run ops/pin-images.sh on a machine with Docker once to write the published digests
# in (it rewrites this file and docker-compose.yml); until then the pull fails, so nothing
# unpinned is ever built.

# Build stage: compiles TypeScript and better-sqlite3 (no prebuilt binary is assumed); npm ci also
# fetches the KurrentDB client's native bridge for linux-x64-gnu, which the glibc runtime below runs.
FROM node:24-bookworm@sha256:0000000000000000000000000000000000000000000000000000000000000000 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Runtime stage: only the compiled app and production dependencies.
FROM node:24-bookworm-slim@sha256:0000000000000000000000000000000000000000000000000000000000000000
ENV NODE_ENV=production LEDGER_DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# `npm run ledger -- ...` inside the container runs the compiled CLI (dist/cli.js).
COPY scripts/ledger.cjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the store answers, the read model is caught up, not shutting down (docker ps shows it).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
