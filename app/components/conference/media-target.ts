import { z } from "zod";

// Where the live room connects for media (POST /api/conferences/{id}/media-token):
// the room's WebSocket on this server (embedded SFU or Janus), or a LiveKit server with a join token.

export const MediaTargetSchema = z.discriminatedUnion("backend", [
  z.object({ backend: z.literal("embedded"), url: z.string() }),
  z.object({ backend: z.literal("janus"), url: z.string() }),
  z.object({ backend: z.literal("livekit"), url: z.string(), token: z.string() }),
]);
export type MediaTarget = z.infer<typeof MediaTargetSchema>;

/** A refused join, with the server's message (401, 403 Premium, 404, 409 not live or full, 502/503 media server). */
export class MediaTargetError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MediaTargetError";
  }
}

const MessageSchema = z.object({ message: z.string() });

export async function fetchMediaTarget(conferenceId: number): Promise<MediaTarget> {
  const response = await fetch(`/api/conferences/${conferenceId}/media-token`, { method: "POST", headers: { Accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = MessageSchema.safeParse(body);
    throw new MediaTargetError(response.status, parsed.success ? parsed.data.message : "Could not join the live session. Please try again.");
  }
  return MediaTargetSchema.parse(body);
}

/** livekit-client is large: it is fetched only when the academy runs on LiveKit. */
export function loadLiveKitSession() {
  return import("./livekit-session");
}
