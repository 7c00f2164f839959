import { DisconnectReason, Room, RoomEvent, Track, type Participant, type RemoteParticipant } from "livekit-client";
import { receivedBytes, type ReceivedBytes } from "./received-bytes";

// The live room's media through a LiveKit server (MEDIA_BACKEND=livekit).
// Loaded only with `await import()` (see media-target.ts), so livekit-client
// stays in its own chunk and an academy on the embedded SFU never downloads it.

export interface LiveKitParticipant {
  identity: string;
  name: string;
  isHost: boolean;
  isLocal: boolean;
  cameraOn: boolean;
  microphoneOn: boolean;
}

/** A participant's received media; `stream` is null once they publish nothing (or left). */
export interface LiveKitRemoteStream {
  identity: string;
  name: string;
  isHost: boolean;
  stream: MediaStream | null;
}

/**
 * Why the room closed: "ended" the host ended the session (the room was
 * deleted), "removed" the host removed this participant, "replaced" the same
 * member joined from another tab, "lost" anything else (network, server).
 */
export type LiveKitDisconnect = "ended" | "removed" | "replaced" | "lost";

export interface ConnectLiveKitOptions {
  url: string;
  token: string;
  onRemoteStream: (remote: LiveKitRemoteStream) => void;
  onParticipants: (participants: LiveKitParticipant[]) => void;
  /** Not called after `leave()`: the caller already knows. */
  onDisconnected: (reason: LiveKitDisconnect) => void;
}

export interface LiveKitSession {
  /**
   * Sends this track as the host's camera (video: camera or screen) or
   * microphone: published the first time, replaced after that (screen share
   * and device switches need no renegotiation), muted when null. Students
   * have no publish grant: LiveKit refuses, so they never call this.
   */
  setTrack: (kind: "audio" | "video", track: MediaStreamTrack | null) => Promise<void>;
  /** Marks the published camera or microphone as on or off for everyone's participant list. */
  setEnabled: (kind: "audio" | "video", on: boolean) => Promise<void>;
  /** Bytes received so far on every subscribed track, for the connection badge. */
  receivedBytes: () => Promise<ReceivedBytes>;
  leave: () => Promise<void>;
}

function isHostMetadata(metadata: string | undefined): boolean {
  if (!metadata) return false;
  try {
    const parsed: unknown = JSON.parse(metadata);
    return typeof parsed === "object" && parsed !== null && "isHost" in parsed && parsed.isHost === true;
  } catch {
    return false;
  }
}

function disconnectReason(reason: DisconnectReason | undefined): LiveKitDisconnect {
  switch (reason) {
    case DisconnectReason.ROOM_DELETED:
    case DisconnectReason.ROOM_CLOSED:
      return "ended";
    case DisconnectReason.PARTICIPANT_REMOVED:
      return "removed";
    case DisconnectReason.DUPLICATE_IDENTITY:
      return "replaced";
    default:
      return "lost";
  }
}

function describe(participant: Participant, isLocal: boolean): LiveKitParticipant {
  return {
    identity: participant.identity,
    name: participant.name || participant.identity,
    isHost: isHostMetadata(participant.metadata),
    isLocal,
    cameraOn: participant.isCameraEnabled,
    microphoneOn: participant.isMicrophoneEnabled,
  };
}

/** Joins the room; rejects when LiveKit refuses (room full, bad token) or cannot be reached. */
export async function connectLiveKit(options: ConnectLiveKitOptions): Promise<LiveKitSession> {
  const room = new Room({
    // Adaptive stream pauses video that is not attach()ed to an element; we hand out plain MediaStreams.
    adaptiveStream: false,
    dynacast: true,
    // The page owns its camera and screen tracks and stops them itself.
    stopLocalTrackOnUnpublish: false,
    disconnectOnPageLeave: true,
  });
  let leaving = false;
  // The MediaStreamTracks last reported per remote participant, to report only changes.
  const reported = new Map<string, string>();

  const reportParticipants = () => {
    const remote = [...room.remoteParticipants.values()].map((participant) => describe(participant, false));
    options.onParticipants([describe(room.localParticipant, true), ...remote]);
  };

  const reportStream = (participant: RemoteParticipant, gone = false) => {
    const tracks = gone
      ? []
      : [...participant.trackPublications.values()].flatMap((publication) => (publication.track ? [publication.track.mediaStreamTrack] : []));
    const key = tracks.map((track) => track.id).join(",");
    if (reported.get(participant.identity) === key) return;
    if (gone) reported.delete(participant.identity);
    else reported.set(participant.identity, key);
    options.onRemoteStream({
      identity: participant.identity,
      name: participant.name || participant.identity,
      isHost: isHostMetadata(participant.metadata),
      stream: tracks.length > 0 ? new MediaStream(tracks) : null,
    });
  };

  room
    .on(RoomEvent.TrackSubscribed, (_track, _publication, participant) => reportStream(participant))
    .on(RoomEvent.TrackUnsubscribed, (_track, _publication, participant) => reportStream(participant))
    .on(RoomEvent.ParticipantConnected, reportParticipants)
    .on(RoomEvent.ParticipantDisconnected, (participant) => {
      if (reported.has(participant.identity)) reportStream(participant, true);
      reportParticipants();
    })
    .on(RoomEvent.ParticipantMetadataChanged, reportParticipants)
    .on(RoomEvent.ParticipantNameChanged, reportParticipants)
    .on(RoomEvent.TrackPublished, reportParticipants)
    .on(RoomEvent.TrackUnpublished, reportParticipants)
    .on(RoomEvent.TrackMuted, reportParticipants)
    .on(RoomEvent.TrackUnmuted, reportParticipants)
    .on(RoomEvent.LocalTrackPublished, reportParticipants)
    .on(RoomEvent.Disconnected, (reason) => {
      if (!leaving) options.onDisconnected(disconnectReason(reason));
    });

  try {
    await room.connect(options.url, options.token);
  } catch (error) {
    leaving = true;
    await room.disconnect(false);
    throw error;
  }
  reportParticipants();
  for (const participant of room.remoteParticipants.values()) reportStream(participant);

  const sourceOf = (kind: "audio" | "video") => (kind === "video" ? Track.Source.Camera : Track.Source.Microphone);

  return {
    async setTrack(kind, track) {
      const source = sourceOf(kind);
      const publication = room.localParticipant.getTrackPublication(source);
      if (!track) {
        await publication?.mute();
      } else if (publication?.track) {
        await publication.track.replaceTrack(track, { userProvidedTrack: true });
        await publication.unmute();
      } else {
        await room.localParticipant.publishTrack(track, { source, name: source });
      }
      reportParticipants();
    },
    async setEnabled(kind, on) {
      const publication = room.localParticipant.getTrackPublication(sourceOf(kind));
      if (!publication) return;
      if (on) await publication.unmute();
      else await publication.mute();
      reportParticipants();
    },
    async receivedBytes() {
      const tracks = [...room.remoteParticipants.values()].flatMap((participant) => [...participant.trackPublications.values()]);
      return receivedBytes(await Promise.all(tracks.map((publication) => publication.track?.getRTCStatsReport())));
    },
    async leave() {
      leaving = true;
      await room.disconnect(false);
    },
  };
}
