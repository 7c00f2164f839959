import { EventEmitter } from "node:events";
import { beforeAll, describe, expect, it } from "vitest";
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";
import type { WebSocket } from "ws";
import { useJanus } from "./janus-fixture";
import { janusRoomNumber, JanusLiveRoom } from "~/realtime/janus-room.server";
import { db } from "#db/client.server";
import { conferences, users } from "#db/schema";

// The live room over Janus (issue 28), driven through the room's socket
// protocol by werift bots: the host publishes ("publish" → "publish-answer"),
// a student receives the host's feed on the subscriber connection Janus
// offers (with the slot of each media line), a student who was not invited
// cannot publish, the host's mute stops a speaker's sound at Janus, and
// ending the session destroys the VideoRoom. Runs in the live tests'
// network namespace.

const live = useJanus([41200, 41299]);

// The members and sessions the rooms below hold: a room records who is inside (live_room_members, issue 41).
beforeAll(async () => {
  for (const [id, username] of [[1, "host"], [2, "sage"], [3, "listener"]] as const) {
    await db.insert(users).values({ id, username, passwordHash: "x", role: id === 1 ? "admin" : "student" }).onConflictDoNothing();
  }
  for (const id of [9001, 9002]) {
    await db.insert(conferences).values({ id, title: `Room ${id}`, description: "Live", scheduledAt: new Date() }).onConflictDoNothing();
  }
});

type Message = {
  participants?: { id: string; name: string }[];
  type: string;
  sdp?: { type: "offer" | "answer"; sdp: string };
  mids?: Record<string, number>;
  message?: string;
  target?: string;
};

/** A stand-in for the member's WebSocket: what the room sends is kept; `say` is what the browser sends. */
class BotSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly received: Message[] = [];
  send(text: string) {
    this.received.push(JSON.parse(text) as Message);
  }
  close() {
    this.readyState = 3;
  }
  say(message: object) {
    this.emit("message", Buffer.from(JSON.stringify(message)), false);
  }
  last(type: string): Message | undefined {
    return [...this.received].reverse().find((message) => message.type === type);
  }
}

const asSocket = (bot: BotSocket) => bot as unknown as WebSocket;

/** A werift sender that publishes audio and video through the room's socket, as the browser does; `stop` ends it. */
async function publishThrough(socket: BotSocket): Promise<{ offer: RTCPeerConnection["localDescription"]; stop: () => Promise<void> }> {
  const sender = new RTCPeerConnection({});
  const audio = new MediaStreamTrack({ kind: "audio" });
  const video = new MediaStreamTrack({ kind: "video" });
  sender.addTransceiver(audio, { direction: "sendonly" });
  sender.addTransceiver(video, { direction: "sendonly" });
  await sender.setLocalDescription(await sender.createOffer());
  socket.say({ type: "publish", sdp: sender.localDescription });
  await expect.poll(() => socket.last("publish-answer")).toBeTruthy();
  await sender.setRemoteDescription(socket.last("publish-answer")?.sdp as { type: "answer"; sdp: string });
  socket.say({ type: "media-state", camera: true, microphone: true, screen: false });
  let sequence = 0;
  const timer = setInterval(() => {
    sequence = (sequence + 1) & 0xffff;
    audio.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 960, marker: true }), Buffer.alloc(120, 1)));
    video.writeRtp(new RtpPacket(new RtpHeader({ sequenceNumber: sequence, timestamp: sequence * 3000, marker: true }), Buffer.alloc(900, 2)));
  }, 20);
  return { offer: sender.localDescription, stop: async () => (clearInterval(timer), await sender.close()) };
}

/** A werift receiver that answers every offer Janus sends this member, and counts the payload bytes of each track. */
function receiveThrough(socket: BotSocket): { tracks: { kind: string; bytes: number }[]; stop: () => Promise<void> } {
  const receiver = new RTCPeerConnection({});
  const tracks: { kind: string; bytes: number }[] = [];
  receiver.onTrack.subscribe((track) => {
    const counted = { kind: track.kind, bytes: 0 };
    tracks.push(counted);
    track.onReceiveRtp.subscribe((rtp) => (counted.bytes += rtp.payload.length));
  });
  let answered = 0;
  const answering = setInterval(() => {
    const offers = socket.received.filter((message) => message.type === "offer" && message.target === "subscriber");
    const offer = offers[answered];
    if (!offer) return;
    answered += 1;
    void (async () => {
      await receiver.setRemoteDescription(offer.sdp as { type: "offer"; sdp: string });
      await receiver.setLocalDescription(await receiver.createAnswer());
      socket.say({ type: "answer", sdp: receiver.localDescription, target: "subscriber" });
    })();
  }, 50);
  return { tracks, stop: async () => (clearInterval(answering), await receiver.close()) };
}

const bytesOf = (tracks: { kind: string; bytes: number }[], kind: string) => tracks.filter((track) => track.kind === kind).map((track) => track.bytes);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stage's say-so stands in for the host's invitation (the stage's rules have their own tests in tests/integration/live-stage.test.ts). */
class RoomWithSpeaker extends JanusLiveRoom {
  constructor(conferenceId: number, private readonly speakerId: number) {
    super(conferenceId, live.client, [], () => undefined);
  }
  protected override async mayPublish(member: Parameters<JanusLiveRoom["mayPublish"]>[0]): Promise<boolean> {
    return member.participant.userId === this.speakerId || await super.mayPublish(member);
  }
}

describe("a live room over Janus", () => {
  it("forwards the host to a student, keeps uninvited students from publishing, and ends", async () => {
    const conferenceId = 9001;
    let emptied = false;
    const room = new JanusLiveRoom(conferenceId, live.client, [], () => (emptied = true));

    // The host joins and publishes audio then video (the browser's order).
    const hostSocket = new BotSocket();
    await room.join({ userId: 1, name: "Host", isHost: true }, asSocket(hostSocket));
    const host = await publishThrough(hostSocket);

    // A student joins: Janus offers the host's feed, which arrives.
    const studentSocket = new BotSocket();
    const student = receiveThrough(studentSocket);
    try {
      await room.join({ userId: 2, name: "Sage", isHost: false }, asSocket(studentSocket));
      await expect.poll(() => studentSocket.last("offer"), { timeout: 10_000 }).toMatchObject({ target: "subscriber" });
      expect(Object.values(studentSocket.last("slots")?.mids ?? {})).toEqual([0, 0]);
      await expect.poll(() => bytesOf(student.tracks, "video")[0] ?? 0, { timeout: 10_000 }).toBeGreaterThan(20_000);
      expect(bytesOf(student.tracks, "audio")[0]).toBeGreaterThan(0);

      // Not invited to speak: no publishing.
      studentSocket.say({ type: "publish", sdp: host.offer });
      await expect.poll(() => studentSocket.last("error")?.message).toBe("Only the host and invited speakers send media.");

      // The session ends: everyone is disconnected and the VideoRoom is gone.
      await room.close();
      expect(emptied).toBe(true);
      expect(studentSocket.readyState).toBe(3);
      const probe = await live.client.attach(() => undefined);
      await expect.poll(async () => (await live.client.message(probe, { request: "exists", room: janusRoomNumber(conferenceId) })).data.exists).toBe(false);
    } finally {
      await host.stop();
      await student.stop();
    }
  });

  it("the host's mute stops a speaker's sound at Janus for everyone, the picture keeps flowing, and unmuting brings it back", async () => {
    const room = new RoomWithSpeaker(9002, 2);
    const hostSocket = new BotSocket();
    await room.join({ userId: 1, name: "Host", isHost: true }, asSocket(hostSocket));
    const speakerSocket = new BotSocket();
    await room.join({ userId: 2, name: "Speaker", isHost: false }, asSocket(speakerSocket));
    const speaker = await publishThrough(speakerSocket);
    const listenerSocket = new BotSocket();
    const listener = receiveThrough(listenerSocket);
    try {
      await room.join({ userId: 3, name: "Listener", isHost: false }, asSocket(listenerSocket));
      await expect.poll(() => bytesOf(listener.tracks, "audio")[0] ?? 0, { timeout: 10_000 }).toBeGreaterThan(2_000);
      const speakerId = hostSocket.last("participants")?.participants?.find((participant) => participant.name === "Speaker")?.id;
      expect(speakerId).toBeTruthy();

      /** Bytes of each kind that reach the listener in one second. */
      const flowing = async () => {
        const before = { audio: bytesOf(listener.tracks, "audio")[0] ?? 0, video: bytesOf(listener.tracks, "video")[0] ?? 0 };
        await sleep(1_000);
        return { audio: (bytesOf(listener.tracks, "audio")[0] ?? 0) - before.audio, video: (bytesOf(listener.tracks, "video")[0] ?? 0) - before.video };
      };
      hostSocket.say({ type: "host-mute", participantId: speakerId, kind: "audio", muted: true });
      await expect.poll(() => speakerSocket.last("muted-by-host")).toMatchObject({ kind: "audio", muted: true });
      await sleep(500);
      const muted = await flowing();
      expect(muted.audio).toBe(0);
      expect(muted.video).toBeGreaterThan(20_000);

      hostSocket.say({ type: "host-mute", participantId: speakerId, kind: "audio", muted: false });
      await expect.poll(async () => (await flowing()).audio, { timeout: 10_000 }).toBeGreaterThan(2_000);
    } finally {
      await room.close();
      await speaker.stop();
      await listener.stop();
    }
  });
});
