import crypto from "node:crypto";
import type { WebSocket } from "ws";
import { recordRoomMember } from "~/models/live/live-rooms.server";
import { isSpeaker, stageOf } from "~/models/live/live-stage.server";
import { ClientMessageSchema, CLOSE_CODES, CLOSE_REASONS, MEDIA_SLOTS, type ClientMessage, type Participant, type ServerMessage } from "~/schemas/live-room";
import { STAGE_TEXTS, type Stage } from "~/schemas/live-stage";
import { logger } from "~/utils/logger.server";
import { MessageBudget } from "./message-budget.server";

// What a live room is whichever server forwards its media (the embedded SFU,
// live-room.server.ts, or Janus, janus-room.server.ts): who is connected, the
// participant list, the slots (the host always in 0; a student the host
// invited to speak, live-stage.server.ts, in a free 1..MEDIA_SLOTS-1 once
// their camera or microphone is on), host mute, and the stage. A subclass
// carries the media.

/**
 * Messages one socket may send: 20 a second, 80 at once. A browser sends an
 * answer (two on Janus), its ICE candidates (a handful per connection; a
 * machine with many interfaces and TURN servers a few dozen, all at the start)
 * and a message per button press, so only a runaway or hostile client runs out.
 */
export const MESSAGES_PER_SECOND = 20;
export const MESSAGE_BURST = 80;
/** Participant-list changes within this window go out as one broadcast. */
const PARTICIPANTS_BROADCAST_MS = 50;

export interface Joiner {
  userId: number;
  name: string;
  isHost: boolean;
}

export interface RoomMember {
  participant: Participant;
  socket: WebSocket;
}

/** A message about media, for the subclass: an answer, a candidate, a publish offer. */
export type MediaMessage = Extract<ClientMessage, { type: "answer" | "candidate" | "publish" }>;

export abstract class RoomMembers<M extends RoomMember> {
  protected readonly members = new Map<string, M>();
  private participantsBroadcast: ReturnType<typeof setTimeout> | null = null;
  private participantsBroadcastAt = -Infinity;
  /**
   * The room's membership writes, in order. A pool (PostgreSQL) may run two
   * statements on two connections: a reconnect's delete of the old place could
   * overtake that place's insert and leave it counted for good.
   */
  private memberWrites: Promise<void> = Promise.resolve();

  constructor(
    readonly conferenceId: number,
    private readonly onEmpty: () => void,
  ) {}

  get size(): number {
    return this.members.size;
  }

  hasUser(userId: number): boolean {
    return [...this.members.values()].some((member) => member.participant.userId === userId);
  }

  /** The subclass's member for this participant (its media connection made, not yet negotiated). */
  protected abstract createMember(participant: Participant, socket: WebSocket): M;
  /** After the welcome and the stage were sent: start negotiating. */
  protected abstract connectMedia(member: M): Promise<void>;
  protected abstract handleMedia(member: M, message: MediaMessage): Promise<void>;
  /** The member is gone: release what carried their media. */
  protected abstract releaseMedia(member: M): void;
  /** Who publishes in which slot changed (or a host mute): forward accordingly. */
  protected abstract slotsChanged(): void;
  /** The host turned a participant's audio or video back on: ask for a fresh keyframe where that helps. */
  protected unmuted(_member: M, _kind: "audio" | "video"): void {}

  async join(joiner: Joiner, socket: WebSocket): Promise<void> {
    // A member who opens the room again (a second tab, a reconnect) replaces the old connection.
    // Removed without leave(): a room whose only member reconnects must not count as emptied and be forgotten.
    for (const member of this.members.values()) {
      if (member.participant.userId === joiner.userId) await this.remove(member.participant.id, CLOSE_CODES.replaced, "Opened in another window");
    }
    const participant: Participant = {
      id: crypto.randomUUID(),
      userId: joiner.userId,
      name: joiner.name,
      isHost: joiner.isHost,
      camera: false,
      microphone: false,
      screen: false,
      mutedByHost: { audio: false, video: false },
      slot: joiner.isHost ? 0 : null,
    };
    const member = this.createMember(participant, socket);
    this.members.set(participant.id, member);
    await this.recordMember({ joined: true, participantId: participant.id, conferenceId: this.conferenceId, userId: joiner.userId });
    const budget = new MessageBudget(MESSAGES_PER_SECOND, MESSAGE_BURST);
    socket.on("message", (data, isBinary) => {
      if (!budget.take()) return this.leaveLogged(participant.id, CLOSE_CODES.tooManyMessages, CLOSE_REASONS.tooManyMessages);
      if (isBinary) return;
      void this.handleMessage(member, String(data));
    });
    socket.on("close", () => this.leaveLogged(participant.id));
    socket.on("error", () => this.leaveLogged(participant.id));

    this.send(member, { type: "welcome", you: participant, participants: this.participants(), iceServers: this.iceServers() });
    this.send(member, { type: "stage", stage: await stageOf(this.conferenceId) });
    await this.connectMedia(member);
    this.broadcastParticipants();
  }

  protected abstract iceServers(): { urls: string; username?: string; credential?: string }[];

  /** `leave` from an event handler, which has nobody to hand a failure to. */
  private leaveLogged(id: string, code?: number, reason?: string): void {
    this.leave(id, code, reason).catch((error: unknown) => logger.warn({ err: error, conferenceId: this.conferenceId }, "leaving the live room failed"));
  }

  async leave(id: string, code: number = 1000, reason = ""): Promise<void> {
    if (!await this.remove(id, code, reason)) return;
    this.broadcastParticipants();
    this.slotsChanged();
    if (this.members.size === 0) this.onEmpty();
  }

  /** Ends this socket's place in the room (its member's access ended): the others see the list change at once. */
  async disconnect(socket: WebSocket, code: number, reason: string): Promise<void> {
    for (const [id, member] of this.members) if (member.socket === socket) return await this.leave(id, code, reason);
    if (socket.readyState === socket.OPEN) socket.close(code, reason);
  }

  private async remove(id: string, code: number, reason: string): Promise<boolean> {
    const member = this.members.get(id);
    if (!member) return false;
    this.members.delete(id);
    await this.recordMember({ joined: false, participantId: id, conferenceId: this.conferenceId, userId: member.participant.userId });
    this.releaseMedia(member);
    if (member.socket.readyState === member.socket.OPEN) member.socket.close(code, reason);
    return true;
  }

  private recordMember(change: Parameters<typeof recordRoomMember>[0]): Promise<void> {
    const write = this.memberWrites.then(() => recordRoomMember(change));
    this.memberWrites = write.catch(() => undefined);
    return write;
  }

  /** The session ended: everyone is told, then disconnected. */
  async close(code: number = CLOSE_CODES.ended, reason = "The session has ended"): Promise<void> {
    for (const id of [...this.members.keys()]) await this.leave(id, code, reason);
  }

  broadcast(message: ServerMessage): void {
    for (const member of this.members.values()) this.send(member, message);
  }

  protected send(member: M, message: ServerMessage): void {
    if (member.socket.readyState === member.socket.OPEN) member.socket.send(JSON.stringify(message));
  }

  protected participants(): Participant[] {
    return [...this.members.values()].map((member) => member.participant);
  }

  /**
   * Coalesced: a change goes out at once when none went out in the last
   * PARTICIPANTS_BROADCAST_MS; later ones wait for the window's end and go out
   * as one list, the latest. At most one list per window, however many
   * messages arrive.
   */
  private broadcastParticipants(): void {
    if (this.participantsBroadcast) return;
    const wait = this.participantsBroadcastAt + PARTICIPANTS_BROADCAST_MS - performance.now();
    if (wait <= 0) return this.sendParticipants();
    this.participantsBroadcast = setTimeout(() => {
      this.participantsBroadcast = null;
      this.sendParticipants();
    }, wait);
    this.participantsBroadcast.unref();
  }

  private sendParticipants(): void {
    this.participantsBroadcastAt = performance.now();
    if (this.members.size > 0) this.broadcast({ type: "participants", participants: this.participants() });
  }

  private async handleMessage(member: M, raw: string): Promise<void> {
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
        case "media-state":
          await this.updateMediaState(member, message);
          break;
        case "host-mute":
          this.hostMute(member, message.participantId, message.kind, message.muted);
          break;
        default:
          await this.handleMedia(member, message);
      }
    } catch (error) {
      logger.warn({ err: error, conferenceId: this.conferenceId }, "live room message failed");
      this.send(member, { type: "error", message: "The room could not use that message." });
    }
  }

  /** The host, or a member the host invited to speak. */
  protected async mayPublish(member: M): Promise<boolean> {
    return member.participant.isHost || await isSpeaker(this.conferenceId, member.participant.userId);
  }

  private async updateMediaState(member: M, state: { camera: boolean; microphone: boolean; screen: boolean }): Promise<void> {
    const participant = member.participant;
    const { camera, microphone, screen, slot } = participant;
    const mayPublish = await this.mayPublish(member);
    if (!mayPublish && (state.camera || state.microphone)) this.send(member, { type: "error", message: STAGE_TEXTS.listenOnly });
    participant.camera = mayPublish && state.camera;
    participant.microphone = mayPublish && state.microphone;
    participant.screen = participant.isHost && state.screen;
    if (!participant.isHost) {
      const publishing = participant.camera || participant.microphone;
      if (publishing && participant.slot === null) participant.slot = this.freeStudentSlot();
      if (!publishing) participant.slot = null;
    }
    // A repeated state (a client resending it) changes nothing and is not broadcast.
    if (participant.camera === camera && participant.microphone === microphone && participant.screen === screen && participant.slot === slot) return;
    this.broadcastParticipants();
    this.slotsChanged();
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
    if (!changed) return;
    this.broadcastParticipants();
    this.slotsChanged();
  }

  private freeStudentSlot(): number | null {
    const taken = new Set(this.participants().map((participant) => participant.slot));
    for (let slot = 1; slot < MEDIA_SLOTS; slot += 1) if (!taken.has(slot)) return slot;
    return null;
  }

  /** The host's camera/microphone buttons on a participant: the server stops forwarding it. */
  private hostMute(host: M, participantId: string, kind: "audio" | "video", muted: boolean): void {
    if (!host.participant.isHost) return this.send(host, { type: "error", message: "Only the host can do that." });
    const target = this.members.get(participantId);
    if (!target || target.participant.isHost) return;
    target.participant.mutedByHost[kind] = muted;
    this.send(target, { type: "muted-by-host", kind, muted });
    if (!muted) this.unmuted(target, kind);
    this.broadcastParticipants();
    this.slotsChanged();
  }
}
