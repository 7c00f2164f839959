import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpSender, type RTCRtpTransceiver } from "werift";
import { MEDIA_SLOTS } from "~/schemas/live-room";

// One member's WebRTC connection to the room, as werift sees it. The server
// makes the one offer: two m-lines the member sends on, then MEDIA_SLOTS
// audio/video pairs the server forwards other members' media on. RTP is
// passed through as it arrives, never decoded.

export type MediaKind = "audio" | "video";

/**
 * werift picks a UDP port from the range by binding a probe socket, closing
 * it, then binding the real one: two connections gathering at the same moment
 * can pick the same port, and the loser waits forever. Members joining
 * together (the start of a session) therefore gather one after another here,
 * each with a time limit so one stuck connection cannot block the rest.
 */
const GATHER_TIMEOUT_MS = 10_000;
let gatheringQueue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = gatheringQueue.then(() => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("ICE gathering timed out")), GATHER_TIMEOUT_MS);
    });
    return Promise.race([work(), limit]).finally(() => clearTimeout(timer));
  });
  gatheringQueue = turn.catch(() => undefined);
  return turn;
}

export interface PeerOptions {
  iceServers: { urls: string; username?: string; credential?: string }[];
  portRange: [number, number];
  /** Announced in place of the private address when the server sits behind NAT. */
  publicIp?: string;
}

export interface DownstreamSlot {
  audio: RTCRtpSender;
  video: RTCRtpSender;
}

export class MediaPeer {
  readonly pc: RTCPeerConnection;
  readonly upstream: Record<MediaKind, RTCRtpTransceiver>;
  readonly slots: DownstreamSlot[] = [];
  /** The source SSRC of what this member sends, once the first packet arrived (for keyframe requests). */
  readonly upstreamSsrc: Partial<Record<MediaKind, number>> = {};

  constructor(
    private readonly options: PeerOptions,
    onUpstreamRtp: (kind: MediaKind, packet: RtpPacket) => void,
    onSlotKeyframeWanted: (slot: number) => void,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: options.iceServers,
      icePortRange: options.portRange,
      iceUseIpv4: true,
      iceUseIpv6: false,
      // One ICE/DTLS transport for all ten m-lines. werift's default (max-compat)
      // gathers a transport per m-line before the answer: ten UDP ports per member
      // per interface, which used up the port range at about twenty members.
      bundlePolicy: "max-bundle",
    });
    const receive = (kind: MediaKind) => {
      const transceiver = this.pc.addTransceiver(kind, { direction: "recvonly" });
      transceiver.onTrack.subscribe((track: MediaStreamTrack) => {
        track.onReceiveRtp.subscribe((rtp) => {
          this.upstreamSsrc[kind] ??= rtp.header.ssrc;
          onUpstreamRtp(kind, rtp);
        });
      });
      return transceiver;
    };
    this.upstream = { audio: receive("audio"), video: receive("video") };
    for (let slot = 0; slot < MEDIA_SLOTS; slot += 1) {
      // A track on each sender, so the offer names its SSRC (receivers that route by SSRC need it).
      const audio = this.pc.addTransceiver(new MediaStreamTrack({ kind: "audio" }), { direction: "sendonly" }).sender;
      const video = this.pc.addTransceiver(new MediaStreamTrack({ kind: "video" }), { direction: "sendonly" }).sender;
      // A receiver that lost the picture asks for a keyframe; pass it on to the source.
      video.onPictureLossIndication.subscribe(() => onSlotKeyframeWanted(slot));
      this.slots.push({ audio, video });
    }
  }

  async createOffer(): Promise<{ type: "offer"; sdp: string }> {
    // setLocalDescription gathers the candidates, binding this connection's UDP ports.
    await oneAtATime(async () => this.pc.setLocalDescription(await this.pc.createOffer()));
    const local = this.pc.localDescription;
    if (!local) throw new Error("werift produced no local description");
    return { type: "offer", sdp: this.announce(local.sdp) };
  }

  async acceptAnswer(sdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: "answer", sdp });
  }

  async addCandidate(candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }): Promise<void> {
    await this.pc.addIceCandidate({
      candidate: candidate.candidate,
      sdpMid: candidate.sdpMid ?? undefined,
      sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
    });
  }

  forward(slot: number, kind: MediaKind, packet: RtpPacket): void {
    const sender = this.slots[slot]?.[kind];
    if (!sender) return;
    // werift rewrites the header (SSRC, sequence, timestamp, extensions) in
    // place, so each sender gets its own shallow copy of it. Copying the parsed
    // header costs far less than handing werift bytes to parse once per viewer
    // (its parser reads bits through strings: ~7% of the server's CPU at 100
    // viewers). The payload is shared: encrypting never writes to it.
    const copy = new RtpPacket(new RtpHeader({ ...packet.header }), packet.payload);
    void sender.sendRtp(copy).catch(() => undefined);
  }

  requestKeyframe(): void {
    const ssrc = this.upstreamSsrc.video;
    if (ssrc !== undefined) void this.upstream.video.receiver.sendRtcpPLI(ssrc);
  }

  async close(): Promise<void> {
    await this.pc.close().catch(() => undefined);
  }

  /** Adds a copy of each host candidate with the public address (ICE_PUBLIC_IP), like an announced IP. */
  private announce(sdp: string): string {
    const publicIp = this.options.publicIp;
    if (!publicIp) return sdp;
    return sdp
      .split("\r\n")
      .flatMap((line) => {
        const match = /^a=candidate:(\S+) (\d) (udp|tcp) (\d+) (\S+) (\d+) typ host(.*)$/i.exec(line);
        if (!match || match[5] === publicIp) return [line];
        const [, foundation, component, protocol, priority, , port, rest] = match;
        return [line, `a=candidate:${foundation}p ${component} ${protocol} ${Number(priority) - 1} ${publicIp} ${port} typ host${rest}`];
      })
      .join("\r\n");
  }
}
