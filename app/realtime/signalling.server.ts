import fs from "node:fs";
import http, { type IncomingMessage, type Server } from "node:http";
import net from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { User } from "#db/schema";
import { ADMISSION_MESSAGES, admitToRoom, mayStayInRoom } from "~/models/live/live-admission.server";
import { onLiveEvent, onMemberAccessChange, type AccessChange } from "~/models/live/live-events.server";
import { liveDisplayName } from "~/models/accounts/user.server";
import { CLOSE_CODES, CLOSE_REASONS, WS_PATH_PATTERN } from "~/schemas/live-room";
import { getOptionalUser } from "~/services/auth.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { LiveRoom } from "./live-room.server";
import { JanusLiveRoom } from "./janus-room.server";
import { janusClient, mediaBackend, onJanusLost, stopMediaBackend } from "./media-backend.server";
import type { RoomMembers, RoomMember } from "./room-members.server";
import { findLiveRoom, forgetLiveRoom, liveRoomFor, openLiveRooms } from "~/models/live/live-rooms.server";
import { engine } from "#db/engine";
import { claimRoom, holdRoomLeases, isRelayedByInstance, relayMark, RELAY_HEADER } from "./room-instances.server";
import type { PeerOptions } from "./media-peer.server";

// WebSocket signalling for the embedded SFU, on the app's own port:
// /ws/conferences/{id}. An upgrade is refused (plain HTTP status, no
// WebSocket) unless it carries a valid session cookie, comes from our own
// origin, and the admission rule lets that member into that live room. An
// open socket is checked again (its session still live, its member still
// allowed in) on every heartbeat and at once when the member's access changes
// (sign-out everywhere, a password change, account deletion, Premium ending);
// one that fails is closed with 4401 or 4403 and a reason the browser shows.

//
// With several academy processes (issue 41) each live room lives in one of
// them, its owner: a room's members, its participant list and (on the
// embedded SFU) its media must be in one process. A socket that reaches
// another process is relayed, bytes as they come, to the owner's private Unix
// socket, where it is admitted like any other; chat, questions and the stage
// reach the owner on the bus (live-events.server.ts).
//
// Several instances on one PostgreSQL database (issue 44) do the same one
// level up: the owner process claims the room for its instance in the
// database (room-instances.server.ts); when another instance holds it, the
// socket is relayed to that instance's INSTANCE_URL, marked with an HMAC of
// SESSION_SECRET so the holder admits it instead of relaying it again. There
// the worker routing above applies as usual, and so does the admission.

const HEARTBEAT_MS = 10_000;

/** The process that holds a session's room: stable for the run, whichever process a member reached. */
export function roomOwner(conferenceId: number, workers = env.WORKERS): number {
  return conferenceId % workers;
}

/** Where process `index` takes the rooms' sockets relayed from the others. */
function roomSocketPath(index: number): string {
  return path.join(env.DATA_DIR, "run", `live-rooms-${index}.sock`);
}

/** Each process uses its own share of the RTP ports, so two processes' rooms never ask for the same one. */
export function portShare([min, max]: [number, number], workers: number, index: number): [number, number] {
  const share = Math.floor((max - min + 1) / workers);
  if (workers === 1 || share < 1) return [min, max];
  return [min + index * share, index === workers - 1 ? max : min + (index + 1) * share - 1];
}

function peerOptions(): PeerOptions {
  const iceServers: PeerOptions["iceServers"] = [];
  if (env.TURN_URL) iceServers.push({ urls: env.TURN_URL, username: env.TURN_USERNAME, credential: env.TURN_CREDENTIAL });
  return { iceServers, portRange: portShare([env.RTC_MIN_PORT, env.RTC_MAX_PORT], env.WORKERS, env.WORKER_INDEX), publicIp: env.ICE_PUBLIC_IP };
}

/**
 * Hands an upgrade request on (to the owner process's private socket, or to
 * the instance holding the room) and joins the two connections, bytes as they
 * come. `mark`: the relay header to set, replacing any the request came with.
 */
// Sockets piped to another process or instance: a stopping process ends them, so their members reconnect at once.
const relayedSockets = new Set<Duplex>();

function relay(req: IncomingMessage, socket: Duplex, head: Buffer, target: net.NetConnectOpts, mark?: string): void {
  relayedSockets.add(socket);
  socket.once("close", () => relayedSockets.delete(socket));
  const upstream = net.connect(target);
  let connected = false;
  upstream.once("connect", () => {
    connected = true;
    let request = `${req.method ?? "GET"} ${req.url ?? "/"} HTTP/${req.httpVersion}\r\n`;
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (mark !== undefined && req.rawHeaders[i]?.toLowerCase() === RELAY_HEADER) continue;
      request += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
    }
    if (mark !== undefined) request += `${RELAY_HEADER}: ${mark}\r\n`;
    upstream.write(`${request}\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on("error", (error) => {
    if (connected) return socket.destroy();
    logger.warn({ err: error, target }, "live room: the process or instance holding it cannot be reached");
    refuse(socket, 503, "The live room is restarting. Try again in a moment.");
  });
  socket.on("error", () => upstream.destroy());
  socket.on("close", () => upstream.destroy());
}

function relayToOwner(req: IncomingMessage, socket: Duplex, head: Buffer, owner: number): void {
  relay(req, socket, head, { path: roomSocketPath(owner) });
}

/** To the instance holding the room, at its INSTANCE_URL, marked so it holds the room instead of relaying it on. */
function relayToInstance(req: IncomingMessage, socket: Duplex, head: Buffer, holder: string): void {
  const url = new URL(holder);
  relay(req, socket, head, { host: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port || 80) }, relayMark(req));
}

/**
 * Several instances: true when this instance holds the room (claiming it if
 * free); otherwise the socket was relayed to the holder, or refused.
 */
async function heldHere(req: IncomingMessage, socket: Duplex, head: Buffer, conferenceId: number): Promise<boolean> {
  let holder: string;
  try {
    holder = await claimRoom(conferenceId);
  } catch (error) {
    logger.warn({ err: error, conferenceId }, "live room: its holder could not be looked up");
    refuse(socket, 503, "The live room is restarting. Try again in a moment.");
    return false;
  }
  if (holder === env.INSTANCE_URL) return true;
  // Relayed here, yet held elsewhere (the room moved meanwhile): refused rather than passed round in a circle.
  if (isRelayedByInstance(req)) refuse(socket, 503, "The live room is restarting. Try again in a moment.");
  else relayToInstance(req, socket, head, holder);
  return false;
}

/** The private Unix socket other processes relay this process's rooms to; returns what closes it. */
function listenForRelayedRooms(onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): () => void {
  const file = roomSocketPath(env.WORKER_INDEX);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Left by this worker's previous life (a crash): nobody listens on it any more.
  fs.rmSync(file, { force: true });
  const relayed = http.createServer((_req, res) => res.writeHead(404).end());
  relayed.on("upgrade", onUpgrade);
  relayed.on("error", (error) => logger.error({ err: error, file }, "live rooms: the private socket for the other processes failed; members who reach them cannot join"));
  // exclusive: a worker's own socket, not one shared through the cluster's primary.
  relayed.listen({ path: file, exclusive: true });
  return () => relayed.close();
}

function refuse(socket: Duplex, status: number, message: string): void {
  const reason = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 503: "Service Unavailable" }[status] ?? "Error";
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Our own origin as the browser names it: PUBLIC_URL, or the Host it used (with the proxy's scheme when trusted). */
function isOwnOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  if (env.PUBLIC_URL && origin === new URL(env.PUBLIC_URL).origin) return true;
  const forwarded = env.TRUST_PROXY ? String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]?.trim() : "";
  const scheme = forwarded || "http";
  return origin === `${scheme}://${req.headers.host ?? ""}`;
}

async function userFromCookie(cookie: string | undefined): Promise<User | null> {
  if (!cookie) return null;
  // One look-up per connection: nothing to share it with.
  return await getOptionalUser(new Request("http://localhost/ws", { headers: { Cookie: cookie } }), { memo: {} });
}

/** An open socket, as its member's access is checked again. */
interface Connection {
  userId: number;
  conferenceId: number;
  cookie: string | undefined;
  socket: WebSocket;
}

// The open sockets by member, so an access change finds that member's at once.
const connectionsByUser = new Map<number, Set<Connection>>();

function track(connection: Connection): () => void {
  const mine = connectionsByUser.get(connection.userId) ?? new Set<Connection>();
  connectionsByUser.set(connection.userId, mine.add(connection));
  return () => {
    mine.delete(connection);
    if (mine.size === 0 && connectionsByUser.get(connection.userId) === mine) connectionsByUser.delete(connection.userId);
  };
}

/** Closes the socket when its session ended or its member may no longer be in the room; the place frees at once. */
async function checkAccess(connection: Connection, change: AccessChange | "heartbeat"): Promise<void> {
  const refusal = await mayStayInRoom(await userFromCookie(connection.cookie), connection.userId, connection.conferenceId);
  if (!refusal) return;
  const [code, reason] =
    refusal === "premium"
      ? [CLOSE_CODES.forbidden, ADMISSION_MESSAGES.premium]
      : [CLOSE_CODES.signedOut, change === "account-deleted" ? CLOSE_REASONS.accountDeleted : CLOSE_REASONS.signedOut];
  logger.info({ userId: connection.userId, conferenceId: connection.conferenceId, refusal, change }, "live room socket closed: access ended");
  const room = findLiveRoom(connection.conferenceId);
  if (room) await room.disconnect(connection.socket, code, reason);
  else if (connection.socket.readyState === connection.socket.OPEN) connection.socket.close(code, reason);
}

/** Checks every open live-room socket of the member again (their sessions, account or membership changed). */
export function closeMemberSocketsWithoutAccess(userId: number, change: AccessChange): Promise<void> {
  const connections = [...(connectionsByUser.get(userId) ?? [])];
  return Promise.all(connections.map((connection) => checkAccess(connection, change))).then(() => undefined);
}

/** Serves the live rooms on `server`; returns what shutdown calls to close them. */
export function attachLiveRooms(server: Server): { closeAll: () => void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const options = peerOptions();

  const roomFor = (conferenceId: number) =>
    liveRoomFor(conferenceId, () => {
      const janus = janusClient();
      const forget = () => forgetLiveRoom(conferenceId, room);
      const room: RoomMembers<RoomMember> = janus
        ? new JanusLiveRoom(conferenceId, janus, options.iceServers, forget)
        : new LiveRoom(conferenceId, options, forget);
      return room;
    });
  // Janus went away: its rooms close (1012: the service restarts) and members join again once it is back.
  const stopWatchingJanus = onJanusLost(() => {
    for (const room of openLiveRooms()) room.close(1012, "The media server is restarting").catch((error: unknown) => logger.error({ err: error }, "closing a live room failed"));
  });

  const admit = async (req: IncomingMessage, socket: Duplex, head: Buffer, relayed: boolean) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    const match = WS_PATH_PATTERN.exec(pathname);
    if (!match?.[1] || mediaBackend() === "livekit") return refuse(socket, 404, "Not found");
    const conferenceId = Number(match[1]);
    const owner = roomOwner(conferenceId);
    if (!relayed && owner !== env.WORKER_INDEX) return relayToOwner(req, socket, head, owner);
    if (!isOwnOrigin(req)) return refuse(socket, 403, "WebSocket connections are only accepted from the academy's own pages.");
    const cookie = req.headers.cookie;
    void userFromCookie(cookie)
      .then(async (user) => {
        const admission = await admitToRoom(user, conferenceId);
        if (!admission.ok) return refuse(socket, admission.status, admission.message);
        // Claimed only for a member the room admits: nobody else makes this instance write leases.
        if (engine === "postgres" && !await heldHere(req, socket, head, conferenceId)) return;
        wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
          const connection: Connection = { userId: admission.user.id, conferenceId, cookie, socket: ws };
          const untrack = track(connection);
          const alive = { value: true };
          ws.on("pong", () => (alive.value = true));
          const heartbeat = setInterval(() => {
            // A tab that vanished without closing (sleep, lost network) frees its place within two beats.
            if (!alive.value) return ws.terminate();
            alive.value = false;
            ws.ping();
            // A session that expired or a Premium period that ran out has no event of its own.
            void checkAccess(connection, "heartbeat").catch((error: unknown) => logger.warn({ err: error, conferenceId }, "live room access check failed"));
          }, HEARTBEAT_MS);
          ws.on("close", () => {
            clearInterval(heartbeat);
            untrack();
          });
          const joiner = { userId: admission.user.id, name: liveDisplayName(admission.user), isHost: admission.isHost };
          roomFor(conferenceId)
            .join(joiner, ws)
            .catch((error: unknown) => {
              logger.error({ err: error, conferenceId }, "joining the live room failed");
              ws.close(1011, "Could not join the room");
            });
        });
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "live room upgrade failed");
        refuse(socket, 400, "Could not open the live room.");
      });
  };
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => void admit(req, socket, head, false));
  const stopHolding =
    engine === "postgres"
      ? holdRoomLeases(
          (conferenceId) => (findLiveRoom(conferenceId)?.size ?? 0) > 0,
          (conferenceId) => void findLiveRoom(conferenceId)?.close(1012, "The live room moved to another server").catch(() => undefined),
        )
      : async () => {};
  const stopRelaying = env.WORKERS > 1 ? listenForRelayedRooms((req, socket, head) => void admit(req, socket, head, true)) : () => {};

  const stopListening = onLiveEvent((event) => {
    const room = findLiveRoom(event.conferenceId);
    if (!room) return;
    if (event.type === "ended") room.close().catch((error: unknown) => logger.error({ err: error, conferenceId: event.conferenceId }, "closing an ended live room failed"));
    else if (event.type === "chat") room.broadcast({ type: "chat", message: event.message });
    else if (event.type === "question") room.broadcast({ type: "question", question: event.question });
    else if (event.type === "stage") room.stageChanged(event.stage);
    else room.broadcast({ type: "recording", isRecording: event.isRecording });
  });

  const stopWatchingAccess = onMemberAccessChange(({ userId, change }) => {
    void closeMemberSocketsWithoutAccess(userId, change).catch((error: unknown) => logger.error({ err: error, userId }, "live room access check failed"));
  });

  return {
    closeAll() {
      stopRelaying();
      // Let go of this instance's rooms, so members who join again are held by another one at once.
      void stopHolding().catch(() => undefined);
      for (const socket of relayedSockets) socket.destroy();
      stopListening();
      stopWatchingAccess();
      stopWatchingJanus();
      void stopMediaBackend();
      for (const room of openLiveRooms()) room.close(1001, "The server is restarting").catch((error: unknown) => logger.error({ err: error }, "closing a live room failed"));
      wss.close();
    },
  };
}
