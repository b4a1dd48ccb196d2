# syntax=docker/dockerfile:1
# The card table bot: build stage installs every dependency, generates both Prisma clients and
# compiles the sources to dist/; the runtime stage keeps production dependencies and dist/, and
# runs it on plain node 22 (LTS; package.json's engines allow 20.19+ and 22.13+) as a non-root
# user under tini (signals reach node; SIGTERM stops the bot cleanly).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 ships prebuilt binaries; the toolchain is the fallback when none matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts tsconfig.json tsconfig.build.json ./
COPY prisma ./prisma
COPY src ./src
# postinstall runs `prisma generate` for SQLite and PostgreSQL (no engine download: JS engine),
# then `npm run build` (tsc to dist/), so the sources must be here first.
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/* \
  && groupadd --system bot && useradd --system --gid bot --home-dir /app --shell /usr/sbin/nologin bot
WORKDIR /app
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/bot.db
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./
# Migrations are read from prisma/ at start-up; the sandbox page's source is not needed (a
# production server without a token stops; it never serves the sandbox).
COPY --from=build --chown=root:root /app/prisma ./prisma
COPY --from=build --chown=root:root /app/dist ./dist
# The SQLite file (the default database) lives on a volume the bot user owns.
RUN mkdir -p /data && chown bot:bot /data
VOLUME ["/data"]
USER bot
ENTRYPOINT ["/usr/bin/tini", "--"]
# Migrations apply at start-up, on SQLite and on PostgreSQL alike.
CMD ["node", "--enable-source-maps", "dist/main.js"]
