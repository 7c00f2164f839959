import crypto from "node:crypto";
import type { WebSocket } from "ws";
import { logger } from "~/utils/logger.server";
import { ClientMessageSchema, CLOSE_CODES, MEDIA_SLOTS, type Participant, type ServerMessage } from "~/schemas/live-room";
import type { RtpPacket } from "werift";
import { isSpeaker, stageOf } from "~/models/live-stage.server";
import { STAGE_TEXTS, type Stage } from "~/schemas/live-stage";
import { MediaPeer, type MediaKind, type PeerOptions } from "./media-peer.server";

// One live session's room: who is connected, what each one publishes, and
// the forwarding between them. The host always publishes in slot 0; a student
// the host invited to speak (live-stage.server.ts) who turns on a camera or
// microphone takes a free slot 1..MEDIA_SLOTS-1. Nobody else is forwarded.

interface Member {
  participant: Participant;
  socket: WebSocket;
  peer: MediaPeer;
  lastKeyframeRequest: number;
}

export interface Joiner {
  userId: number;
  name: string;
  isHost: boolean;
}

const KEYFRAME_INTERVAL_MS = 500;

export class LiveRoom {
  private readonly members = new Map<string, Member>();

  constructor(
    readonly conferenceId: number,
    private readonly peerOptions: PeerOptions,
    private readonly onEmpty: () => void,
  ) {}

  get size(): number {
    return this.members.size;
  }

  hasUser(userId: number): boolean {
    return [...this.members.values()].some((member) => member.participant.userId === userId);
  }

  async join(joiner: Joiner, socket: WebSocket): Promise<void> {
    // A member who opens the room again (a second tab, a reconnect) replaces the old connection.
    // Removed without leave(): a room whose only member reconnects must not count as emptied and be forgotten.
    for (const member of this.members.values()) {
      if (member.participant.userId === joiner.userId) this.remove(member.participant.id, CLOSE_CODES.replaced, "Opened in another window");
    }
    const id = crypto.randomUUID();
    const participant: Participant = {
      id,
      userId: joiner.userId,
      name: joiner.name,
      isHost: joiner.isHost,
      camera: false,
      microphone: false,
      screen: false,
      mutedByHost: { audio: false, video: false },
      slot: joiner.isHost ? 0 : null,
    };
    const peer = new MediaPeer(
      this.peerOptions,
      (kind, packet) => this.forwardFrom(id, kind, packet),
      (slot) => this.requestKeyframeFor(slot),
    );
    const member: Member = { participant, socket, peer, lastKeyframeRequest: 0 };
    this.members.set(id, member);

    peer.pc.connectionStateChange.subscribe((state) => {
      // A new viewer needs a keyframe from every source to show anything; asked
      // again a moment later in case the first one raced the viewer's DTLS setup.
      if (state !== "connected") return;
      this.requestAllKeyframes();
      setTimeout(() => this.requestAllKeyframes(), 1000).unref();
    });
    socket.on("message", (data, isBinary) => {
      if (isBinary) return;
      void this.handleMessage(member, String(data));
    });
    socket.on("close", () => this.leave(id));
    socket.on("error", () => this.leave(id));

    this.send(member, { type: "welcome", you: participant, participants: this.participants(), iceServers: this.peerOptions.iceServers });
    this.send(member, { type: "stage", stage: stageOf(this.conferenceId) });
    this.send(member, { type: "offer", sdp: await peer.createOffer() });
    this.broadcastParticipants();
  }

  leave(id: string, code: number = 1000, reason = ""): void {
    if (!this.remove(id, code, reason)) return;
    this.broadcastParticipants();
    if (this.members.size === 0) this.onEmpty();
  }

  private remove(id: string, code: number, reason: string): boolean {
    const member = this.members.get(id);
    if (!member) return false;
    this.members.delete(id);
    void member.peer.close();
    if (member.socket.readyState === member.socket.OPEN) member.socket.close(code, reason);
    return true;
  }

  /** The session ended: everyone is told, then disconnected. */
  close(code: number = CLOSE_CODES.ended, reason = "The session has ended"): void {
    for (const id of [...this.members.keys()]) this.leave(id, code, reason);
  }

  broadcast(message: ServerMessage): void {
    for (const member of this.members.values()) this.send(member, message);
  }

  private send(member: Member, message: ServerMessage): void {
    if (member.socket.readyState === member.socket.OPEN) member.socket.send(JSON.stringify(message));
  }

  private participants(): Participant[] {
    return [...this.members.values()].map((member) => member.participant);
  }

  private broadcastParticipants(): void {
    this.broadcast({ type: "participants", participants: this.participants() });
  }

  private async handleMessage(member: Member, raw: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return this.send(member, { type: "error", message: "Messages must be JSON." });
    }
    const result = ClientMessageSchema.safeParse(parsed);
    if (!result.success) return this.send(member, { type: "error", message: "Unknown message." });
    const message = result.data;
    try {
      switch (message.type) {
        case "answer":
          await member.peer.acceptAnswer(message.sdp.sdp);
          break;
        case "candidate":
          await member.peer.addCandidate(message.candidate);
          break;
        case "media-state":
          this.updateMediaState(member, message);
          break;
        case "host-mute":
          this.hostMute(member, message.participantId, message.kind, message.muted);
          break;
      }
    } catch (error) {
      logger.warn({ err: error, conferenceId: this.conferenceId }, "live room message failed");
      this.send(member, { type: "error", message: "The room could not use that message." });
    }
  }

  private updateMediaState(member: Member, state: { camera: boolean; microphone: boolean; screen: boolean }): void {
    const participant = member.participant;
    const mayPublish = participant.isHost || isSpeaker(this.conferenceId, participant.userId);
    if (!mayPublish && (state.camera || state.microphone)) this.send(member, { type: "error", message: STAGE_TEXTS.listenOnly });
    participant.camera = mayPublish && state.camera;
    participant.microphone = mayPublish && state.microphone;
    participant.screen = participant.isHost && state.screen;
    if (!participant.isHost) {
      const publishing = participant.camera || participant.microphone;
      if (publishing && participant.slot === null) participant.slot = this.freeStudentSlot();
      if (!publishing) participant.slot = null;
    }
    this.broadcastParticipants();
  }

  /** Hands or speakers changed: everyone is told, and a member whose turn ended stops being forwarded at once. */
  stageChanged(stage: Stage): void {
    const speaking = new Set(stage.speakers.map((speaker) => speaker.userId));
    let changed = false;
    for (const member of this.members.values()) {
      const participant = member.participant;
      if (participant.isHost || speaking.has(participant.userId) || (participant.slot === null && !participant.camera && !participant.microphone)) continue;
      Object.assign(participant, { slot: null, camera: false, microphone: false });
      changed = true;
    }
    this.broadcast({ type: "stage", stage });
    if (changed) this.broadcastParticipants();
  }

  private freeStudentSlot(): number | null {
    const taken = new Set(this.participants().map((participant) => participant.slot));
    for (let slot = 1; slot < MEDIA_SLOTS; slot += 1) if (!taken.has(slot)) return slot;
    return null;
  }

  /** The host's camera/microphone buttons on a participant: the server stops forwarding it. */
  private hostMute(host: Member, participantId: string, kind: MediaKind, muted: boolean): void {
    if (!host.participant.isHost) return this.send(host, { type: "error", message: "Only the host can do that." });
    const target = this.members.get(participantId);
    if (!target || target.participant.isHost) return;
    target.participant.mutedByHost[kind] = muted;
    this.send(target, { type: "muted-by-host", kind, muted });
    if (!muted && kind === "video") target.peer.requestKeyframe();
    this.broadcastParticipants();
  }

  private forwardFrom(sourceId: string, kind: MediaKind, packet: RtpPacket): void {
    const source = this.members.get(sourceId);
    if (!source) return;
    const { slot, mutedByHost } = source.participant;
    if (slot === null || mutedByHost[kind]) return;
    for (const [id, member] of this.members) {
      if (id !== sourceId) member.peer.forward(slot, kind, packet);
    }
  }

  private requestAllKeyframes(): void {
    for (let slot = 0; slot < MEDIA_SLOTS; slot += 1) this.requestKeyframeFor(slot, true);
  }

  private requestKeyframeFor(slot: number, force = false): void {
    const now = Date.now();
    for (const member of this.members.values()) {
      if (member.participant.slot !== slot) continue;
      if (!force && now - member.lastKeyframeRequest < KEYFRAME_INTERVAL_MS) return;
      member.lastKeyframeRequest = now;
      member.peer.requestKeyframe();
    }
  }
}
