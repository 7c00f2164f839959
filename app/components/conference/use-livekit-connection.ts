import { useCallback, useEffect, useRef, useState } from "react";
import type { Participant } from "~/schemas/live-room";
import type { LiveKitParticipant, LiveKitRemoteStream, LiveKitSession } from "./livekit-session";
import { fetchMediaTarget, loadLiveKitSession, MediaTargetError } from "./media-target";
import type { ConnectionStatus, LiveConnection } from "./use-live-connection";

// The media room's connection when a LiveKit server carries the media
// (MEDIA_BACKEND=livekit). It gives the room what the embedded SFU's
// connection gives it, so the room's screen is one and the same. Differences,
// by design: students only receive (their token has no publish grant), the
// chat stays on the academy's API (the panel polls it), and the host's
// recording state is the page's own.

const RECONNECT_DELAY_MS = 1500;
const STATS_INTERVAL_MS = 2000;
const NOT_MUTED = { audio: false, video: false };

function userIdOf(identity: string): number {
  const id = Number(identity.replace(/^user-/, ""));
  return Number.isInteger(id) ? id : 0;
}

function asParticipant(participant: LiveKitParticipant, slot: number | null): Participant {
  return {
    id: participant.identity,
    userId: userIdOf(participant.identity),
    name: participant.name,
    isHost: participant.isHost,
    camera: participant.cameraOn,
    microphone: participant.microphoneOn,
    screen: false,
    mutedByHost: { audio: false, video: false },
    slot,
  };
}

export function useLiveKitConnection(conferenceId: number): LiveConnection {
  const [status, setStatus] = useState<ConnectionStatus>("connecting");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [people, setPeople] = useState<LiveKitParticipant[]>([]);
  const [streams, setStreams] = useState<LiveKitRemoteStream[]>([]);
  const [received, setReceived] = useState({ audioBytes: 0, videoBytes: 0 });
  const session = useRef<LiveKitSession | null>(null);
  // What the host sends, re-published after a reconnect.
  const outgoing = useRef<{ audio: MediaStreamTrack | null; video: MediaStreamTrack | null }>({ audio: null, video: null });

  useEffect(() => {
    let stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

    async function join() {
      try {
        const target = await fetchMediaTarget(conferenceId);
        if (target.backend !== "livekit") throw new MediaTargetError(500, "The live room is not available.");
        const { connectLiveKit } = await loadLiveKitSession();
        const connected = await connectLiveKit({
          url: target.url,
          token: target.token,
          onParticipants: (list) => !stopped && setPeople(list),
          onRemoteStream: (remote) =>
            !stopped &&
            setStreams((current) => {
              const others = current.filter((item) => item.identity !== remote.identity);
              return remote.stream ? [...others, remote] : others;
            }),
          onDisconnected: (reason) => {
            session.current = null;
            if (stopped) return;
            setStreams([]);
            if (reason === "ended") return setStatus("ended");
            if (reason === "replaced" || reason === "removed") {
              setRefusal(reason === "replaced" ? "You opened this session in another window." : "The host removed you from this session.");
              return setStatus("refused");
            }
            // Network or media server trouble: ask for a fresh token and join again.
            setStatus("reconnecting");
            reconnectTimer = setTimeout(() => void join(), RECONNECT_DELAY_MS);
          },
        });
        if (stopped) return void (await connected.leave());
        session.current = connected;
        for (const kind of ["audio", "video"] as const) {
          const track = outgoing.current[kind];
          if (track) await connected.setTrack(kind, track);
        }
        setStatus("connected");
      } catch (error) {
        if (stopped) return;
        if (error instanceof MediaTargetError) {
          // 409: the session is over (or not live); the room shows it and students go home.
          if (error.status === 409) return setStatus("ended");
          if (error.status !== 502 && error.status !== 503) {
            setRefusal(error.message);
            return setStatus("refused");
          }
        }
        // The media server (or the network) is away for now: keep trying.
        setStatus("reconnecting");
        reconnectTimer = setTimeout(() => void join(), RECONNECT_DELAY_MS * 2);
      }
    }

    void join();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      void session.current?.leave();
      session.current = null;
    };
  }, [conferenceId]);

  useEffect(() => {
    const timer = setInterval(() => {
      void session.current?.receivedBytes().then(setReceived);
    }, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const setOutgoingTrack = useCallback(async (kind: "audio" | "video", track: MediaStreamTrack | null) => {
    outgoing.current[kind] = track;
    await session.current?.setTrack(kind, track);
  }, []);

  const sendMediaState = useCallback((state: { camera: boolean; microphone: boolean; screen: boolean }) => {
    const current = session.current;
    if (!current) return;
    if (outgoing.current.video) void current.setEnabled("video", state.camera || state.screen);
    if (outgoing.current.audio) void current.setEnabled("audio", state.microphone);
  }, []);

  // Students publish nothing here, so there is nothing for the host to turn off.
  const hostMute = useCallback(() => undefined, []);

  const slotOf = (identity: string) => {
    const index = streams.findIndex((item) => item.identity === identity);
    return index === -1 ? null : index;
  };
  const participants = people.map((person) => asParticipant(person, person.isLocal ? null : slotOf(person.identity)));
  const local = people.find((person) => person.isLocal);

  return {
    status,
    refusal,
    you: local ? asParticipant(local, null) : null,
    participants,
    chat: null,
    stage: null,
    isRecording: null,
    mutedByHost: NOT_MUTED,
    slotStreams: streams.map((item) => item.stream ?? new MediaStream()),
    received,
    studentsMayPublish: false,
    setOutgoingTrack,
    sendMediaState,
    hostMute,
  };
}
