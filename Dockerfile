# syntax=docker/dockerfile:1
# Multi-stage build: compile with dev dependencies, run with production dependencies only.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci installs exactly the lock file (which lists every platform's optional packages).
# The `node` devDependency installs a second Node 24 here; the image runs the base image's Node 24.
RUN npm ci --no-audit --no-fund
COPY . .
# The image has no .git: the commit that app_build_info reports comes from this argument
# (`docker build --build-arg GIT_COMMIT=$(git rev-parse --short=12 HEAD) .`), "unknown" without it.
ARG GIT_COMMIT=unknown
RUN npm run build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    REQUIRE_SECRETS=true
WORKDIR /app
# The code belongs to root and the user that runs it can only read it: a compromised server can't
# rewrite itself or its dependencies. Nothing in /app is written at run time (REQUIRE_SECRETS means
# no generated session secret is kept), so the container can also run with a read-only filesystem.
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts cluster.ts tracing.ts ./
# npm run db:backup / db:restore without npm: `node scripts/db-backup.ts --out <file>` (Node strips
# the types, as it does for server.ts); they import only the driver and the secret-file reader.
COPY scripts/db-archive.ts scripts/db-backup.ts scripts/db-restore.ts ./scripts/
COPY app/lib/config/secret-files.server.ts ./app/lib/config/
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# cluster.ts runs server.ts (which loads the one server bundle, build/server/index.js) once per
# available core; WEB_CONCURRENCY sets another count. It forwards SIGTERM to
# every worker and waits until they have drained.
CMD ["node", "cluster.ts"]
