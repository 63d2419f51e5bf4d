# The service image used by docker-compose.yml. One image, several commands (serve, api, projector, migrate).

# The web console (docs/console.md), built where its build tools are installed.
FROM node:22-slim AS console
WORKDIR /build
COPY package.json package-lock.json ./
COPY console ./console
RUN SPRINTGUARD_SKIP_CONSOLE_BUILD=1 npm ci --workspace console --include-workspace-root=false && npm run build --workspace console

FROM node:22-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# The workspace's manifest and the install script (which skips the build here: it comes from the stage above).
COPY console/package.json ./console/package.json
COPY console/scripts ./console/scripts
RUN SPRINTGUARD_SKIP_CONSOLE_BUILD=1 npm ci --omit=dev
COPY --from=console /build/console/dist ./console/dist
COPY bin ./bin
COPY src ./src
COPY tsconfig.json ./
USER node
EXPOSE 8080
ENTRYPOINT ["node", "bin/sprintguard.js"]
CMD ["serve"]
