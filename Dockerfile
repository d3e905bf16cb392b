# The engine (HTTP API, research worker and cron in one process) as a container image, in the official
# Node.js image's conventions: Node 24, NODE_ENV=production, production dependencies only, run as the
# image's non-root `node` user. Build from the repository root: `docker build -t prospect-engine .`
# Run it with PostgreSQL: deploy/compose.yaml. See docs/deploying.md (these images are not built on
# the project's own machines, which have no container daemon).
FROM node:24-slim AS dashboard

# The dashboard is built in a stage of its own (Vite and React are build-time tools: devDependencies),
# and only its built files go into the image.
WORKDIR /app
COPY package.json package-lock.json ./
COPY engine/package.json engine/
COPY crm-app/package.json crm-app/
# The HubSpot app's UI extensions (HubSpot builds them; here only their manifests, which the lock file names).
COPY crm-app/src/app/cards/package.json crm-app/src/app/cards/
COPY crm-app/src/app/settings/package.json crm-app/src/app/settings/
COPY dashboard/package.json dashboard/
RUN npm ci --ignore-scripts --no-audit --no-fund -w dashboard
COPY dashboard dashboard
RUN npm run build -w dashboard

FROM node:24-slim

ENV NODE_ENV=production
WORKDIR /app

# Dependencies first, so that changing a source file does not reinstall them. The engine is an npm
# workspace of the root package: its lock file and both manifests decide what is installed.
COPY package.json package-lock.json ./
COPY engine/package.json engine/
COPY crm-app/package.json crm-app/
COPY crm-app/src/app/cards/package.json crm-app/src/app/cards/
COPY crm-app/src/app/settings/package.json crm-app/src/app/settings/
COPY dashboard/package.json dashboard/ensureBuilt.mjs dashboard/
# Before the install: the dashboard workspace's `prepare` (ensureBuilt.mjs) then finds the dashboard built (it cannot build it without Vite).
COPY --from=dashboard /app/dashboard/dist dashboard/dist
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Node 24 runs the engine's TypeScript sources as they are (type stripping): nothing to build.
COPY engine/bin engine/bin
COPY engine/migrations engine/migrations
COPY engine/src engine/src
# The HubSpot app, an extension package the engine loads from the workspaces (off unless HUBSPOT_* are set).
COPY crm-app/migrations crm-app/migrations
COPY crm-app/src crm-app/src

# The files stay root's (the engine only reads them). Without DATABASE_URL the engine keeps an embedded
# PostgreSQL in DATA_DIR: mount a volume there.
USER node
ENV DATA_DIR=/home/node/data
# Made here, owned by node, so that a new volume mounted on it is node's too.
RUN mkdir -p /home/node/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without npm in between, so that the engine itself receives SIGTERM and shuts down cleanly.
CMD ["node", "engine/bin/prospect-engine.js", "serve", "--quiet-bootstrap"]
