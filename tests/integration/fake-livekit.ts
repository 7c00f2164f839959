import http from "node:http";
import { TokenVerifier, type ClaimGrants } from "livekit-server-sdk";
import { z } from "zod";

// A stand-in for a LiveKit server's RoomService, enough for the academy's
// calls: livekit-server-sdk speaks Twirp over HTTP, POST
// /twirp/livekit.RoomService/<Method> with a JSON body and a bearer token it
// signs with the API key and secret. Like LiveKit, every call's token is
// verified and must carry the grant the method needs.

export interface RoomServiceCall {
  method: string;
  body: Record<string, unknown>;
  claims: ClaimGrants;
}

interface FakeRoom {
  name: string;
  maxParticipants: number;
  emptyTimeout: number;
  participants: string[];
}

/** "up" answers; "down" drops every connection (an unreachable server); "failing" answers 500. */
export type FakeMode = "up" | "down" | "failing";

export interface FakeLiveKit {
  /** As the academy is configured: ws://127.0.0.1:<port>. */
  url: string;
  apiKey: string;
  apiSecret: string;
  calls: RoomServiceCall[];
  refusedCalls: string[];
  /** Methods called while the fake was "down" or "failing". */
  droppedCalls: string[];
  rooms: Map<string, FakeRoom>;
  mode: FakeMode;
  /** Who LiveKit says is in a room (as if they had joined with their tokens). */
  seat: (room: string, identities: string[]) => void;
  close: () => Promise<void>;
}

function twirpError(res: http.ServerResponse, status: number, code: string, msg: string) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ code, msg }));
}

function roomJson(room: FakeRoom) {
  return {
    sid: `RM_${room.name}`,
    name: room.name,
    emptyTimeout: room.emptyTimeout,
    maxParticipants: room.maxParticipants,
    numParticipants: room.participants.length,
    creationTime: String(Math.floor(Date.now() / 1000)),
  };
}

/** The grant each RoomService method needs, as LiveKit checks it. */
function permitted(method: string, claims: ClaimGrants, body: Record<string, unknown>): boolean {
  const video = claims.video ?? {};
  if (method === "CreateRoom" || method === "DeleteRoom" || method === "ListRooms") return video.roomCreate === true || video.roomList === true;
  if (method === "ListParticipants") return video.roomAdmin === true && video.room === body.room;
  return false;
}

export async function startFakeLiveKit(apiKey = "APIfakeacademy", apiSecret = "fake-livekit-secret-for-the-academy-tests"): Promise<FakeLiveKit> {
  const verifier = new TokenVerifier(apiKey, apiSecret);
  const state: Omit<FakeLiveKit, "url" | "close"> = {
    apiKey,
    apiSecret,
    calls: [],
    refusedCalls: [],
    droppedCalls: [],
    rooms: new Map(),
    mode: "up",
    seat(room, identities) {
      const found = state.rooms.get(room);
      if (!found) throw new Error(`no room ${room}`);
      found.participants = identities;
    },
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const match = /^\/twirp\/livekit\.RoomService\/(\w+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match?.[1]) return twirpError(res, 404, "bad_route", `no handler for ${req.method} ${req.url}`);
    const method = match[1];
    let text = "";
    for await (const chunk of req) text += String(chunk);
    if (state.mode !== "up") state.droppedCalls.push(method);
    if (state.mode === "down") return req.socket.destroy();
    if (state.mode === "failing") return twirpError(res, 500, "internal", "the fake is failing on purpose");
    if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return twirpError(res, 415, "malformed", "expected JSON");
    const body = z.record(z.unknown()).parse(JSON.parse(text));
    let claims: ClaimGrants;
    try {
      claims = await verifier.verify((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    } catch {
      state.refusedCalls.push(method);
      return twirpError(res, 401, "unauthenticated", "invalid token");
    }
    if (!permitted(method, claims, body)) {
      state.refusedCalls.push(method);
      return twirpError(res, 403, "permission_denied", `the token does not permit ${method}`);
    }
    state.calls.push({ method, body, claims });
    const name = String(body.name ?? body.room ?? "");
    const room = state.rooms.get(name);
    const ok = (value: unknown) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    switch (method) {
      case "CreateRoom": {
        // LiveKit answers an existing room as it is.
        if (room) return ok(roomJson(room));
        const created = { name, maxParticipants: Number(body.maxParticipants ?? 0), emptyTimeout: Number(body.emptyTimeout ?? 0), participants: [] };
        state.rooms.set(name, created);
        return ok(roomJson(created));
      }
      case "DeleteRoom":
        if (!room) return twirpError(res, 404, "not_found", "requested room does not exist");
        state.rooms.delete(name);
        return ok({});
      case "ListParticipants":
        if (!room) return twirpError(res, 404, "not_found", "requested room does not exist");
        return ok({ participants: room.participants.map((identity) => ({ sid: `PA_${identity}`, identity, name: identity })) });
      default:
        return twirpError(res, 404, "bad_route", `unsupported method ${method}`);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => twirpError(res, 500, "internal", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the fake LiveKit has no port");
  return Object.assign(state, {
    url: `ws://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
