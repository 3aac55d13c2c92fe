# Fiscus server and console in one image (docs/deploy.md#docker).
# Build: docker build -t fiscus .   Run: docker run -p 3000:3000 -v fiscus-data:/data fiscus

# 1. Build: every dependency, then the contracts, the console and the server.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# A compiler for better-sqlite3 where no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
# Only what the server needs at run time stays in node_modules.
RUN npm prune --omit=dev --no-audit --no-fund

# 2. Run: production dependencies and build output only, as an unprivileged user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts/package.json ./packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist ./packages/contracts/dist
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself (graceful shutdown), as process 1 of the container.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
