import type { WebSocket } from "ws";
import type { RtpPacket } from "werift";
import { MEDIA_SLOTS, type Participant } from "~/schemas/live-room";
import { MediaPeer, type MediaKind, type PeerOptions } from "./media-peer.server";
import { RoomMembers, type MediaMessage, type RoomMember } from "./room-members.server";

export type { Joiner } from "./room-members.server";

// A live room on the embedded SFU (werift): each member has one connection
// to this process, negotiated once (the server offers), and RTP is forwarded
// here from the members who publish in a slot to everyone else.

interface Member extends RoomMember {
  peer: MediaPeer;
  lastKeyframeRequest: number;
}

const KEYFRAME_INTERVAL_MS = 500;

export class LiveRoom extends RoomMembers<Member> {
  constructor(
    conferenceId: number,
    private readonly peerOptions: PeerOptions,
    onEmpty: () => void,
  ) {
    super(conferenceId, onEmpty);
  }

  protected iceServers() {
    return this.peerOptions.iceServers;
  }

  protected createMember(participant: Participant, socket: WebSocket): Member {
    const id = participant.id;
    const peer = new MediaPeer(
      this.peerOptions,
      (kind, packet) => this.forwardFrom(id, kind, packet),
      (slot) => this.requestKeyframeFor(slot),
    );
    peer.pc.connectionStateChange.subscribe((state) => {
      // A new viewer needs a keyframe from every source to show anything; asked
      // again a moment later in case the first one raced the viewer's DTLS setup.
      if (state !== "connected") return;
      this.requestAllKeyframes();
      setTimeout(() => this.requestAllKeyframes(), 1000).unref();
    });
    return { participant, socket, peer, lastKeyframeRequest: 0 };
  }

  protected async connectMedia(member: Member): Promise<void> {
    this.send(member, { type: "offer", sdp: await member.peer.createOffer() });
  }

  protected async handleMedia(member: Member, message: MediaMessage): Promise<void> {
    if (message.type === "answer") await member.peer.acceptAnswer(message.sdp.sdp);
    else if (message.type === "candidate") await member.peer.addCandidate(message.candidate);
  }

  protected releaseMedia(member: Member): void {
    void member.peer.close();
  }

  // Forwarding reads the slots on every packet: nothing to set up.
  protected slotsChanged(): void {}

  protected unmuted(member: Member, kind: MediaKind): void {
    if (kind === "video") member.peer.requestKeyframe();
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
