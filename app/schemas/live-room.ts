import { z } from "zod";
import { LiveChatMessageSchema, type LiveChatMessage } from "~/schemas/live-chat";
import { QuestionUpdateSchema } from "~/schemas/live-questions";
import { StageSchema } from "~/schemas/live-stage";

// The live room's WebSocket protocol (/ws/conferences/{id}), shared by the
// server's rooms and the browser. The server always makes the offers; the
// browser answers. Every peer connection is negotiated once, at join, with a
// fixed set of m-lines, so nothing is renegotiated while the session runs:
//   mid 0/1  audio/video the browser sends (students send nothing until they
//            turn their microphone or camera on);
//   then MEDIA_SLOTS pairs of audio/video the server sends: slot 0 is the
//   host, slots 1.. are students who turned on their camera or microphone.

export const MEDIA_SLOTS = 4;
export const WS_PATH_PATTERN = /^\/ws\/conferences\/(\d{1,12})$/;
export const wsPath = (conferenceId: number) => `/ws/conferences/${conferenceId}`;

/**
 * Close codes the browser reacts to (4000–4999 are the application's). The
 * socket's close reason carries a sentence the browser shows as it is.
 * signedOut: the member's sessions ended or the account went; forbidden: they
 * lost the right to this room (Premium ended); tooManyMessages (1008, policy
 * violation): the socket sent more than its message budget.
 */
export const CLOSE_CODES = { ended: 4000, removed: 4001, replaced: 4002, signedOut: 4401, forbidden: 4403, tooManyMessages: 1008 } as const;

/** What a closed socket's reason says (each under the 123 bytes a close frame carries). */
export const CLOSE_REASONS = {
  signedOut: "You were signed out. Sign in again to rejoin the live session.",
  accountDeleted: "Your account was deleted.",
  tooManyMessages: "Too many messages: the live room closed this connection.",
} as const;

export const ParticipantSchema = z.object({
  id: z.string(),
  userId: z.number(),
  name: z.string(),
  isHost: z.boolean(),
  camera: z.boolean(),
  microphone: z.boolean(),
  screen: z.boolean(),
  /** Set by the host: the server stops forwarding this participant's audio or video. */
  mutedByHost: z.object({ audio: z.boolean(), video: z.boolean() }),
  /** The downstream slot others receive this participant in, or null when not publishing. */
  slot: z.number().int().nullable(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

const Sdp = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(64_000) });
const Candidate = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(32).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
});

/** What the browser may send. Anything else closes nothing; it is answered with an error. */
export const ClientMessageSchema = z.discriminatedUnion("type", [
  // `target` names the connection with Janus (issue 28): "subscriber" (what the member receives) or
  // "publisher" (what they send); the embedded SFU has one connection and no target.
  z.object({ type: z.literal("answer"), sdp: Sdp, target: z.literal("subscriber").optional() }),
  z.object({ type: z.literal("candidate"), candidate: Candidate, target: z.enum(["publisher", "subscriber"]).optional() }),
  /** Janus: the member's offer for what they send (the host, or an invited speaker). */
  z.object({ type: z.literal("publish"), sdp: Sdp }),
  z.object({ type: z.literal("media-state"), camera: z.boolean(), microphone: z.boolean(), screen: z.boolean() }),
  z.object({ type: z.literal("host-mute"), participantId: z.string().max(64), kind: z.enum(["audio", "video"]), muted: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export type ChatMessageJson = LiveChatMessage;

/** What the server sends; the browser parses every message with it. */
export const ServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("welcome"),
    you: ParticipantSchema,
    participants: z.array(ParticipantSchema),
    iceServers: z.array(z.object({ urls: z.string(), username: z.string().optional(), credential: z.string().optional() })),
  }),
  z.object({ type: z.literal("offer"), sdp: z.object({ type: z.literal("offer"), sdp: z.string() }), target: z.literal("subscriber").optional() }),
  /** Janus: the answer to the member's "publish" offer. */
  z.object({ type: z.literal("publish-answer"), sdp: z.object({ type: z.literal("answer"), sdp: z.string() }) }),
  /** Janus: which slot each media line of the subscriber connection carries (mid → slot). */
  z.object({ type: z.literal("slots"), mids: z.record(z.number().int()) }),
  z.object({ type: z.literal("participants"), participants: z.array(ParticipantSchema) }),
  z.object({ type: z.literal("chat"), message: LiveChatMessageSchema }),
  z.object({ type: z.literal("recording"), isRecording: z.boolean() }),
  z.object({ type: z.literal("question"), question: QuestionUpdateSchema }),
  z.object({ type: z.literal("stage"), stage: StageSchema }),
  z.object({ type: z.literal("muted-by-host"), kind: z.enum(["audio", "video"]), muted: z.boolean() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

/** Which server carries a live room's media (MEDIA_BACKEND): the embedded SFU, Janus (signalled through the academy), or a LiveKit server. */
export const MEDIA_BACKENDS = ["embedded", "janus", "livekit"] as const;
export type MediaBackend = (typeof MEDIA_BACKENDS)[number];
