import type { WebSocket } from "ws";
import type { Participant } from "~/schemas/live-room";
import { logger } from "~/utils/logger.server";
import type { HandleEvent, JanusClient, Jsep } from "./janus-client.server";
import { RoomMembers, type MediaMessage, type RoomMember } from "./room-members.server";

// A live room whose media Janus forwards (MEDIA_BACKEND=janus, issue 28): one
// VideoRoom per live session. Each member has up to two connections to Janus,
// both negotiated through this room's WebSocket: a publisher (the host, or a
// member the host invited to speak, offers what they send: "publish") and a
// subscriber (Janus offers the feeds of everyone publishing in a slot; the
// member answers). The slots follow the participant list, as on the embedded
// SFU; "slots" tells the browser which media line carries which slot.

interface Member extends RoomMember {
  publisher: number | null;
  /** The member's feed in the VideoRoom once they published. */
  feedId: number | null;
  /** True once Janus has the feed's media (WebRTC up): only then can others subscribe to it. */
  feedLive: boolean;
  subscriber: number | null;
  subscribed: Set<number>;
  /** One subscription change at a time per member: Janus renegotiates each. */
  subscribing: Promise<void>;
  /** What Janus was last told to hold back of this member's feed (host mute). */
  moderated: { audio: boolean; video: boolean };
}

/** The media lines of a publisher's offer, as the room's browser code makes it: audio first, then video. */
const PUBLISHER_MIDS = { audio: "0", video: "1" } as const;

/** Room numbers kept apart from any a Janus shared with others might use. */
export const janusRoomNumber = (conferenceId: number) => 7_000_000 + conferenceId;

export class JanusLiveRoom extends RoomMembers<Member> {
  private control: Promise<number> | null = null;

  constructor(
    conferenceId: number,
    private readonly janus: JanusClient,
    private readonly ice: { urls: string; username?: string; credential?: string }[],
    onEmpty: () => void,
  ) {
    // An emptied room lets its VideoRoom go too (the next member makes it again), so none is left in Janus.
    super(conferenceId, () => {
      this.destroyVideoRoom();
      onEmpty();
    });
  }

  private get room(): number {
    return janusRoomNumber(this.conferenceId);
  }

  /** The VideoRoom, made on the first join (an existing one, e.g. after our restart, is used as it is). */
  private ready(): Promise<number> {
    this.control ??= (async () => {
      const handle = await this.janus.attach(() => undefined);
      const exists = await this.janus.message(handle, { request: "exists", room: this.room });
      if (exists.data.exists !== true) {
        await this.janus.message(handle, { request: "create", room: this.room, publishers: 8, audiocodec: "opus", videocodec: "vp8,h264", notify_joining: false });
      }
      return handle;
    })();
    return this.control;
  }

  protected iceServers() {
    return this.ice;
  }

  protected createMember(participant: Participant, socket: WebSocket): Member {
    return { participant, socket, publisher: null, feedId: null, feedLive: false, subscriber: null, subscribed: new Set(), subscribing: Promise.resolve(), moderated: { audio: false, video: false } };
  }

  protected async connectMedia(member: Member): Promise<void> {
    await this.ready();
    this.resubscribe(member);
  }

  protected async handleMedia(member: Member, message: MediaMessage): Promise<void> {
    if (message.type === "publish") return await this.publish(member, message.sdp as Jsep);
    if (message.type === "answer") {
      if (member.subscriber !== null) await this.janus.message(member.subscriber, { request: "start" }, message.sdp as Jsep);
      return;
    }
    const handle = message.target === "publisher" ? member.publisher : member.subscriber;
    if (handle !== null) await this.janus.trickle(handle, message.candidate);
  }

  private async publish(member: Member, offer: Jsep): Promise<void> {
    if (!await this.mayPublish(member)) return this.send(member, { type: "error", message: "Only the host and invited speakers send media." });
    await this.ready();
    if (member.publisher === null) {
      member.publisher = await this.janus.attach((event) => this.onPublisherEvent(member, event));
      const joined = await this.janus.message(member.publisher, { request: "join", ptype: "publisher", room: this.room, display: member.participant.name });
      member.feedId = typeof joined.data.id === "number" ? joined.data.id : null;
    }
    const configured = await this.janus.message(member.publisher, { request: "configure", audio: true, video: true }, offer);
    if (configured.jsep?.type === "answer") this.send(member, { type: "publish-answer", sdp: { type: "answer", sdp: configured.jsep.sdp } });
    this.slotsChanged();
  }

  private onPublisherEvent(member: Member, event: HandleEvent): void {
    if (event.janus === "webrtcup" || event.janus === "hangup") {
      member.feedLive = event.janus === "webrtcup";
      this.slotsChanged();
    }
  }

  private onSubscriberEvent(member: Member, event: HandleEvent): void {
    // Janus renegotiates on its own when a feed it sends goes away.
    if (event.jsep?.type === "offer") this.offerTo(member, event.jsep, event.data);
  }

  protected releaseMedia(member: Member): void {
    for (const handle of [member.publisher, member.subscriber]) if (handle !== null) void this.janus.detach(handle);
    member.publisher = member.subscriber = member.feedId = null;
    member.feedLive = false;
  }

  /** The feeds a member should receive: everyone else who publishes in a slot (host mute is Janus's moderation). */
  private wantedFeeds(member: Member): Map<number, number> {
    const feeds = new Map<number, number>();
    for (const other of this.members.values()) {
      const { slot } = other.participant;
      if (other === member || other.feedId === null || !other.feedLive || slot === null) continue;
      feeds.set(other.feedId, slot);
    }
    return feeds;
  }

  protected slotsChanged(): void {
    for (const member of this.members.values()) {
      this.moderate(member);
      this.resubscribe(member);
    }
  }

  /** The host's mute: Janus stops forwarding that part of the member's feed to everyone. */
  private moderate(member: Member): void {
    const feed = member.feedId;
    if (feed === null || this.control === null) return;
    for (const kind of ["audio", "video"] as const) {
      const mute = member.participant.mutedByHost[kind];
      if (member.moderated[kind] === mute) continue;
      member.moderated[kind] = mute;
      void this.control
        .then(async (handle) => await this.janus.message(handle, { request: "moderate", room: this.room, id: feed, mid: PUBLISHER_MIDS[kind], mute }))
        .catch((error: unknown) => logger.warn({ err: error, conferenceId: this.conferenceId }, "janus moderation failed"));
    }
  }

  /** Brings a member's subscription in line with the feeds they should receive (queued per member). */
  private resubscribe(member: Member): void {
    member.subscribing = member.subscribing
      .then(async () => {
        if (!this.members.has(member.participant.id)) return;
        const wanted = this.wantedFeeds(member);
        const add = [...wanted.keys()].filter((feed) => !member.subscribed.has(feed));
        const drop = [...member.subscribed].filter((feed) => !wanted.has(feed));
        if (add.length === 0 && drop.length === 0) return;
        if (member.subscriber === null) {
          if (add.length === 0) return;
          member.subscriber = await this.janus.attach((event) => this.onSubscriberEvent(member, event));
          const joined = await this.janus.message(member.subscriber, {
            request: "join",
            ptype: "subscriber",
            room: this.room,
            streams: add.map((feed) => ({ feed })),
          });
          add.forEach((feed) => member.subscribed.add(feed));
          if (joined.jsep) this.offerTo(member, joined.jsep, joined.data);
          return;
        }
        const updated = await this.janus.message(member.subscriber, {
          request: "update",
          ...(add.length ? { subscribe: add.map((feed) => ({ feed })) } : {}),
          ...(drop.length ? { unsubscribe: drop.map((feed) => ({ feed })) } : {}),
        });
        add.forEach((feed) => member.subscribed.add(feed));
        drop.forEach((feed) => member.subscribed.delete(feed));
        if (updated.jsep) this.offerTo(member, updated.jsep, updated.data);
      })
      .catch((error: unknown) => logger.warn({ err: error, conferenceId: this.conferenceId }, "janus subscription failed"));
  }

  /** Janus's offer to a member's subscriber connection, with which media line carries which slot. */
  private offerTo(member: Member, jsep: Jsep, data: Record<string, unknown> | undefined): void {
    const slots = new Map<number, number>();
    for (const other of this.members.values()) if (other.feedId !== null && other.participant.slot !== null) slots.set(other.feedId, other.participant.slot);
    const mids: Record<string, number> = {};
    const streams = Array.isArray(data?.streams) ? (data.streams as { mid?: unknown; feed_id?: unknown; active?: unknown }[]) : [];
    for (const stream of streams) {
      const slot = typeof stream.feed_id === "number" ? slots.get(stream.feed_id) : undefined;
      if (typeof stream.mid === "string" && slot !== undefined && stream.active !== false) mids[stream.mid] = slot;
    }
    this.send(member, { type: "slots", mids });
    this.send(member, { type: "offer", sdp: { type: "offer", sdp: jsep.sdp }, target: "subscriber" });
  }

  private destroyVideoRoom(): void {
    const control = this.control;
    this.control = null;
    void control
      ?.then(async (handle) => {
        await this.janus.message(handle, { request: "destroy", room: this.room });
        await this.janus.detach(handle);
      })
      .catch(() => undefined);
  }
}
