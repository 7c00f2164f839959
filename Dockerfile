# A single-container deployment: the same `npm start` as on a plain server.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npx remix vite:build
ENV NODE_ENV=production DATABASE_PATH=/data/academy.db UPLOADS_DIR=/data/uploads PORT=3000
VOLUME /data
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/index.ts"]
