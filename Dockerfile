# ParkHere's container image (README, Production). Build: docker build -t parkhere .
# The server runs its TypeScript through tsx, as `npm start` does; only the web app is built.

# The workspaces' manifests, what npm ci reads: both installs start from them, and a source change reuses
# their layers.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/web packages/web
RUN npm run build

# The server's runtime dependencies alone: no web, test or lint tooling.
FROM manifests AS server-deps
RUN npm ci --omit=dev --workspace @parkhere/server --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=server-deps /app/node_modules node_modules
COPY --from=server-deps /app/packages packages
COPY packages/contract/src packages/contract/src
COPY packages/server/src packages/server/src
COPY --from=build /app/packages/web/dist packages/web/dist
# DATA_DIR: PGlite's database on a single server, captured mail; mount a volume there to keep it.
RUN mkdir /data && chown node:node /data
ENV DATA_DIR=/data PORT=8080
USER node
EXPOSE 8080
# The slim image has no curl: Node asks the liveness probe itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1, so SIGTERM reaches the server's graceful shutdown (README, Crashes and stopping).
CMD ["node", "--import", "tsx", "packages/server/src/main.ts"]
