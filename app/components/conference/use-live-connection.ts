import { useCallback, useEffect, useRef, useState } from "react";
import { CLOSE_CODES, MEDIA_SLOTS, wsPath, ServerMessageSchema, type ChatMessageJson, type Participant } from "~/schemas/live-room";
import type { QuestionUpdate } from "~/schemas/live-questions";
import type { Stage } from "~/schemas/live-stage";
import { receivedBytes, type ReceivedBytes } from "./received-bytes";

// The browser's side of a live room: one WebSocket for signalling and room
// events, one RTCPeerConnection negotiated once (the server offers). What the
// member sends goes out on the first two m-lines; what others send arrives
// on MEDIA_SLOTS audio/video pairs (see app/schemas/live-room.ts).

export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "refused" | "ended";

const RECONNECT_DELAY_MS = 1500;

function slotOfMid(mid: string | null): number | null {
  const index = Number(mid);
  if (!Number.isInteger(index) || index < 2) return null;
  return Math.floor((index - 2) / 2);
}

/** What the media room needs from a connection, whichever backend carries the media. */
export interface LiveConnection {
  status: ConnectionStatus;
  refusal: string | null;
  you: Participant | null;
  participants: Participant[];
  /** Chat delivered by the connection; null when it carries none (the chat panel then polls the API). */
  chat: ChatMessageJson[] | null;
  /** The latest question change the connection delivered (a new object each time); undefined when it carries none. */
  question?: QuestionUpdate | null;
  /** Raised hands and invited speakers; null when the connection carries none (LiveKit: only the host speaks). */
  stage: Stage | null;
  isRecording: boolean | null;
  mutedByHost: { audio: boolean; video: boolean };
  /** Received media per slot; a participant's `slot` indexes it. */
  slotStreams: MediaStream[];
  received: ReceivedBytes;
  /** False where only the host may send (LiveKit grants students no publishing). */
  studentsMayPublish: boolean;
  setOutgoingTrack: (kind: "audio" | "video", track: MediaStreamTrack | null) => Promise<void>;
  sendMediaState: (state: { camera: boolean; microphone: boolean; screen: boolean }) => void;
  hostMute: (participantId: string, kind: "audio" | "video", muted: boolean) => void;
}

/**
 * `janus` (MEDIA_BACKEND=janus, issue 28): the same socket, but two
 * connections to Janus: one this member publishes on (only once they send
 * something: the host, or a member invited to speak), one Janus offers with
 * the feeds of everyone publishing; "slots" says which of its media lines
 * carries which slot.
 */
export function useLiveConnection(conferenceId: number, media: "embedded" | "janus" = "embedded"): LiveConnection {
  const [status, setStatus] = useState<ConnectionStatus>("connecting");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [you, setYou] = useState<Participant | null>(null);
  const [participants, setParticipants] = useState<Participant[]>([]);
  const [chat, setChat] = useState<ChatMessageJson[]>([]);
  const [question, setQuestion] = useState<QuestionUpdate | null>(null);
  const [stage, setStage] = useState<Stage>({ hands: [], speakers: [] });
  const [isRecording, setIsRecording] = useState<boolean | null>(null);
  const [mutedByHost, setMutedByHost] = useState({ audio: false, video: false });
  const [slotStreams, setSlotStreams] = useState<MediaStream[]>([]);
  const [received, setReceived] = useState({ audioBytes: 0, videoBytes: 0 });
  const socketRef = useRef<WebSocket | null>(null);
  const pcRef = useRef<RTCPeerConnection | null>(null);
  // Janus only: the connection this member publishes on.
  const publisherRef = useRef<RTCPeerConnection | null>(null);
  const iceServersRef = useRef<RTCIceServer[]>([]);
  // Janus: welcomed into the room on the current socket (a publish offer sent earlier would be lost).
  const welcomedRef = useRef(false);
  const outgoing = useRef<{ audio: MediaStreamTrack | null; video: MediaStreamTrack | null }>({ audio: null, video: null });

  const send = useCallback((message: object) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  const upstreamSenders = useCallback(() => {
    // The member's own lines: mids 0 and 1 of the one connection, or of the publisher connection on Janus.
    const transceivers = (media === "janus" ? publisherRef.current : pcRef.current)?.getTransceivers() ?? [];
    return {
      audio: transceivers.find((transceiver) => transceiver.mid === "0")?.sender ?? null,
      video: transceivers.find((transceiver) => transceiver.mid === "1")?.sender ?? null,
    };
  }, [media]);

  /** Janus: offers what this member sends, once there is something to send (again after a reconnect). */
  const publishIfNeeded = useCallback(async () => {
    if (media !== "janus" || !welcomedRef.current || publisherRef.current || (!outgoing.current.audio && !outgoing.current.video)) return;
    const publisher = new RTCPeerConnection({ iceServers: iceServersRef.current });
    publisherRef.current = publisher;
    // Audio on mid 0, video on mid 1: the server's host mute names them so.
    publisher.addTransceiver(outgoing.current.audio ?? "audio", { direction: "sendonly" });
    publisher.addTransceiver(outgoing.current.video ?? "video", { direction: "sendonly" });
    publisher.onicecandidate = (event) => {
      if (event.candidate) send({ type: "candidate", candidate: event.candidate.toJSON(), target: "publisher" });
    };
    publisher.oniceconnectionstatechange = () => {
      if (publisher.iceConnectionState === "failed") socketRef.current?.close(4900, "ICE failed");
    };
    await publisher.setLocalDescription(await publisher.createOffer());
    send({ type: "publish", sdp: publisher.localDescription?.toJSON() });
  }, [media, send]);

  /** Sends this track (or nothing) on the member's own audio or video line, without renegotiating. */
  const setOutgoingTrack = useCallback(
    async (kind: "audio" | "video", track: MediaStreamTrack | null) => {
      outgoing.current[kind] = track;
      const sender = upstreamSenders()[kind];
      if (sender) await sender.replaceTrack(track);
      else await publishIfNeeded();
    },
    [upstreamSenders, publishIfNeeded],
  );

  useEffect(() => {
    let stopped = false;
    let everOpened = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

    async function explainRefusal() {
      try {
        const response = await fetch(`/api/conferences/${conferenceId}/room`, { headers: { Accept: "application/json" } });
        const body: unknown = await response.json();
        const message = typeof body === "object" && body && "message" in body && typeof body.message === "string" ? body.message : null;
        if (response.status === 409 && message) return { ended: true, message };
        return { ended: false, message: message ?? (response.ok ? null : "The live room is not available.") };
      } catch {
        return { ended: false, message: null };
      }
    }

    function connect() {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const socket = new WebSocket(`${scheme}://${window.location.host}${wsPath(conferenceId)}`);
      socketRef.current = socket;
      let pc: RTCPeerConnection | null = null;
      const streams = Array.from({ length: MEDIA_SLOTS }, () => new MediaStream());
      // Janus: which slot each media line of the subscriber connection carries.
      let midSlots: Record<string, number> = {};
      const showTrack = (slot: number | null | undefined, track: MediaStreamTrack) => {
        const stream = slot === null || slot === undefined ? undefined : streams[slot];
        if (!stream) return;
        stream.getTracks().filter((old) => old.kind === track.kind).forEach((old) => stream.removeTrack(old));
        stream.addTrack(track);
        setSlotStreams([...streams]);
      };
      const subscriberConnection = () => {
        const subscriber = new RTCPeerConnection({ iceServers: iceServersRef.current });
        pcRef.current = subscriber;
        subscriber.onicecandidate = (event) => {
          if (event.candidate) send({ type: "candidate", candidate: event.candidate.toJSON(), target: "subscriber" });
        };
        subscriber.ontrack = (event) => showTrack(midSlots[event.transceiver.mid ?? ""], event.track);
        subscriber.oniceconnectionstatechange = () => {
          if (subscriber.iceConnectionState === "failed") socket.close(4900, "ICE failed");
        };
        return subscriber;
      };

      socket.onopen = () => {
        everOpened = true;
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        const parsed = ServerMessageSchema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return console.warn("live room: unknown message", parsed.error.issues[0]?.message);
        const message = parsed.data;
        switch (message.type) {
          case "welcome": {
            setYou(message.you);
            setParticipants(message.participants);
            if (media === "janus") {
              // The room is reached; media comes on the connections Janus negotiates as there is some.
              iceServersRef.current = message.iceServers;
              welcomedRef.current = true;
              setStatus("connected");
              void publishIfNeeded();
              break;
            }
            pc = new RTCPeerConnection({ iceServers: message.iceServers });
            pcRef.current = pc;
            pc.onicecandidate = (candidateEvent) => {
              if (candidateEvent.candidate) send({ type: "candidate", candidate: candidateEvent.candidate.toJSON() });
            };
            pc.ontrack = (trackEvent) => showTrack(slotOfMid(trackEvent.transceiver.mid), trackEvent.track);
            pc.oniceconnectionstatechange = () => {
              const state = pc?.iceConnectionState;
              if (state === "connected" || state === "completed") setStatus("connected");
              // Media lost for good: start over with a fresh connection (re-subscribe).
              if (state === "failed") socket.close(4900, "ICE failed");
            };
            break;
          }
          case "offer": {
            if (message.target === "subscriber") {
              pc ??= subscriberConnection();
              const subscriber = pc;
              void (async () => {
                await subscriber.setRemoteDescription(message.sdp);
                await subscriber.setLocalDescription(await subscriber.createAnswer());
                send({ type: "answer", sdp: subscriber.localDescription?.toJSON(), target: "subscriber" });
              })();
              break;
            }
            const connection = pc;
            if (!connection) return;
            void (async () => {
              await connection.setRemoteDescription(message.sdp);
              for (const transceiver of connection.getTransceivers()) {
                const own = transceiver.mid === "0" || transceiver.mid === "1";
                transceiver.direction = own ? "sendonly" : "recvonly";
                if (own) await transceiver.sender.replaceTrack(outgoing.current[transceiver.mid === "0" ? "audio" : "video"]);
              }
              await connection.setLocalDescription(await connection.createAnswer());
              send({ type: "answer", sdp: connection.localDescription?.toJSON() });
            })();
            break;
          }
          case "publish-answer":
            void publisherRef.current?.setRemoteDescription(message.sdp);
            break;
          case "slots":
            midSlots = message.mids;
            break;
          case "participants":
            setParticipants(message.participants);
            setYou((current) => message.participants.find((participant) => participant.id === current?.id) ?? current);
            break;
          case "chat":
            setChat((current) => (current.some((item) => item.id === message.message.id) ? current : [...current, message.message]));
            break;
          case "question":
            setQuestion(message.question);
            break;
          case "stage":
            setStage(message.stage);
            break;
          case "recording":
            setIsRecording(message.isRecording);
            break;
          case "muted-by-host":
            setMutedByHost((current) => ({ ...current, [message.kind]: message.muted }));
            break;
          case "error":
            console.warn("live room:", message.message);
            break;
        }
      };
      socket.onclose = (event) => {
        pc?.close();
        pcRef.current = null;
        publisherRef.current?.close();
        publisherRef.current = null;
        welcomedRef.current = false;
        if (stopped) return;
        if (event.code === CLOSE_CODES.ended) return setStatus("ended");
        if (event.code === CLOSE_CODES.replaced) {
          setRefusal("You opened this session in another window.");
          return setStatus("refused");
        }
        // Signed out, no longer allowed in, or too many messages: the server says why; rejoining would only be refused.
        if (event.code === CLOSE_CODES.signedOut || event.code === CLOSE_CODES.forbidden || event.code === CLOSE_CODES.tooManyMessages) {
          setRefusal(event.reason || "The live room closed this connection.");
          return setStatus("refused");
        }
        void explainRefusal().then(({ ended, message }) => {
          if (stopped) return;
          if (ended) return setStatus("ended");
          if (message && !everOpened) {
            setRefusal(message);
            return setStatus("refused");
          }
          setStatus("reconnecting");
          reconnectTimer = setTimeout(connect, RECONNECT_DELAY_MS);
        });
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      socketRef.current?.close(1000, "Left the room");
      pcRef.current?.close();
      publisherRef.current?.close();
    };
  }, [conferenceId, send, media, publishIfNeeded]);

  // What arrives over the network, shown as the connection's health (and read by the media tests).
  useEffect(() => {
    const timer = setInterval(() => {
      const pc = pcRef.current;
      if (!pc) return;
      void pc.getStats().then((report) => setReceived(receivedBytes([report])));
    }, 2000);
    return () => clearInterval(timer);
  }, []);

  const sendMediaState = useCallback((state: { camera: boolean; microphone: boolean; screen: boolean }) => send({ type: "media-state", ...state }), [send]);
  const hostMute = useCallback(
    (participantId: string, kind: "audio" | "video", muted: boolean) => send({ type: "host-mute", participantId, kind, muted }),
    [send],
  );

  return {
    status,
    refusal,
    you,
    participants,
    chat,
    question,
    stage,
    isRecording,
    mutedByHost,
    slotStreams,
    received,
    studentsMayPublish: true,
    setOutgoingTrack,
    sendMediaState,
    hostMute,
  };
}
