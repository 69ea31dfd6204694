# Spindle's image: built in one stage, run from another holding the compiled code and the production dependencies
# only, as the unprivileged `node` user (uid 1000). See docs/operator-guide.md, "Containers", and ADR 0046.
#   docker build -t spindle .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… spindle            (serve; `spindle migrate` first)
#   docker run spindle migrate | worker | import … | user add …               (any `spindle` command)

# The compiler and the dev dependencies: only the compiled code leaves this stage.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY domain ./domain
COPY application ./application
COPY adapters ./adapters
COPY composition ./composition
COPY test ./test
COPY bench ./bench
RUN npx tsc -p . && rm -rf dist/test dist/bench dist/.tsbuildinfo

# The production dependencies alone (npm ci --omit=dev), without npm's cache.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY docs/openapi.yaml ./docs/openapi.yaml
COPY composition/demo-data ./composition/demo-data
RUN mkdir -p /var/lib/spindle/images /var/lib/spindle/files && chown -R node:node /var/lib/spindle
ENV PORT=3000 \
    DATA_DIR=/var/lib/spindle \
    IMAGE_DIR=/var/lib/spindle/images \
    FILE_DIR=/var/lib/spindle/files
USER node
VOLUME ["/var/lib/spindle"]
EXPOSE 3000
# The process answers (liveness): Node's own fetch, as the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/composition/cli.js"]
CMD ["serve"]
