# The service image used by docker-compose.yml. One image, several commands (serve, api, projector, migrate).
FROM node:22-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY bin ./bin
COPY src ./src
COPY tsconfig.json ./
USER node
EXPOSE 8080
ENTRYPOINT ["node", "bin/sprintguard.js"]
CMD ["serve"]
