# Base images are pinned by digest (the tag says which release, the digest makes it exact). The
# digests are the published ones as recorded in public deployments (this machine reaches no image
# registry); ops/pin-images.sh, on a machine with Docker, moves every pin to the tag's digest of
# the day.

# Build stage: compiles TypeScript and better-sqlite3 (no prebuilt binary is assumed); npm ci also
# fetches the KurrentDB client's native bridge for linux-x64-gnu, which the glibc runtime below runs.
FROM node:24-bookworm@sha256:3a09aa6354567619221ef6c45a5051b671f953f0a1924d1f819ffb236e520e6b AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Runtime stage: only the compiled app and production dependencies.
FROM node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d
ENV NODE_ENV=production LEDGER_DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# `npm run ledger -- ...` inside the container runs the compiled CLI (dist/cli.js).
COPY scripts/ledger.cjs ./scripts/
RUN mkdir -p /data /shared && chown node:node /data /shared
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the store answers, the read model is caught up, not shutting down (docker ps shows it).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
