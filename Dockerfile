# Build stage: compiles TypeScript and better-sqlite3 (no prebuilt binary is assumed); npm ci also
# fetches the KurrentDB client's native bridge for linux-x64-gnu, which the glibc runtime below runs.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Runtime stage: only the compiled app and production dependencies.
FROM node:24-bookworm-slim
ENV NODE_ENV=production LEDGER_DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
CMD ["node", "dist/main.js"]
