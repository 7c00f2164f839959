import { useNavigate, useRevalidator } from "@remix-run/react";
import { Camera, CameraOff, ChevronDown, Circle, Mic, MicOff, Monitor, MonitorOff, Settings, Square, Users } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/utils/misc";
import type { ChatMessageJson, MediaBackend, Participant } from "~/schemas/live-room";
import { STAGE_TEXTS } from "~/schemas/live-stage";
import type { QuestionUpdate } from "~/schemas/live-questions";
import {
  DEVICE_SWITCH_DELAY_MS,
  listDevices,
  openCameraAndMicrophone,
  openScreen,
  useAudioLevel,
  wait,
  type DeviceChoice,
} from "./local-media";
import { mixForRecording, startSessionRecorder, type RecordingMix, type SessionRecorder } from "./session-recorder";
import { useLiveConnection, type LiveConnection } from "./use-live-connection";
import { StageControls } from "./stage-controls";
import { useLiveKitConnection } from "./use-livekit-connection";

// The live room's media: the host publishes camera and microphone (or the
// screen) to everyone through the academy's SFU; students receive, and may
// turn on their own camera or microphone, which the host can mute for all.

function VideoTile({ stream, label, muted = false, testId }: { stream: MediaStream | null; label: string; muted?: boolean; testId?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <figure className="relative overflow-hidden rounded-lg bg-black/70">
      <video ref={ref} autoPlay playsInline muted={muted} className="h-full w-full object-contain" data-testid={testId} aria-label={label} />
      <figcaption className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{label}</figcaption>
    </figure>
  );
}

function RoundButton({ label, active, onClick, children, disabled }: { label: string; active: boolean; onClick: () => void; children: React.ReactNode; disabled?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn("grid h-12 w-12 place-items-center rounded-full border border-primary/50 transition disabled:opacity-50", active ? "bg-primary/80 text-on-primary" : "bg-red-700 text-white")}
    >
      {children}
    </button>
  );
}

interface LiveMediaRoomProps {
  conferenceId: number;
  isHost: boolean;
  initiallyRecording: boolean;
  /** Chat messages the room's WebSocket delivered, for the chat panel. */
  onChat?: (messages: ChatMessageJson[]) => void;
  /** Question changes the room's WebSocket delivered, for the questions panel. */
  onQuestion?: (update: QuestionUpdate | null) => void;
}

function EmbeddedMediaRoom(props: LiveMediaRoomProps & { media: "embedded" | "janus" }) {
  const { media, ...rest } = props;
  return <MediaRoom {...rest} room={useLiveConnection(props.conferenceId, media)} />;
}

function LiveKitMediaRoom(props: LiveMediaRoomProps) {
  return <MediaRoom {...props} room={useLiveKitConnection(props.conferenceId)} />;
}

/** The academy's own SFU, Janus, or a LiveKit server (MEDIA_BACKEND); the room looks and works the same. */
export function LiveMediaRoom({ backend, ...props }: LiveMediaRoomProps & { backend: MediaBackend }) {
  return backend === "livekit" ? <LiveKitMediaRoom {...props} /> : <EmbeddedMediaRoom {...props} media={backend} />;
}

function MediaRoom({ conferenceId, isHost, initiallyRecording, onChat, onQuestion, room }: LiveMediaRoomProps & { room: LiveConnection }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // On LiveKit only the host sends; on the embedded SFU a student the host invited to speak may too.
  const amSpeaker = room.stage?.speakers.some((speaker) => speaker.userId === room.you?.userId) ?? false;
  const mayPublish = isHost || (room.studentsMayPublish && amSpeaker);
  const { setOutgoingTrack, sendMediaState } = room;
  const cameraStream = useRef<MediaStream | null>(null);
  const screenStream = useRef<MediaStream | null>(null);
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [camera, setCamera] = useState(false);
  const [microphone, setMicrophone] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [view, setView] = useState<"camera" | "screen">("camera");
  const [requesting, setRequesting] = useState(isHost);
  const [recording, setRecording] = useState(initiallyRecording);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [devices, setDevices] = useState<{ cameras: DeviceChoice[]; microphones: DeviceChoice[] }>({ cameras: [], microphones: [] });
  const [chosen, setChosen] = useState<{ camera?: string; microphone?: string }>({});
  const [showParticipants, setShowParticipants] = useState(true);
  const audioLevel = useAudioLevel(microphone ? (cameraStream.current?.getAudioTracks()[0] ?? null) : null);

  // The chat panel takes its messages from the room once the room is connected (it polls until then).
  useEffect(() => {
    if (room.status === "connected" && room.chat) onChat?.(room.chat);
  }, [room.chat, room.status, onChat]);
  useEffect(() => {
    if (room.status === "connected" && room.question !== undefined) onQuestion?.(room.question);
  }, [room.question, room.status, onQuestion]);
  useEffect(() => {
    if (room.isRecording !== null) setRecording(room.isRecording);
  }, [room.isRecording]);

  // Tell the room what this member is sending, so the participant list and the slots follow.
  useEffect(() => sendMediaState({ camera, microphone, screen: sharing }), [camera, microphone, sharing, sendMediaState, room.you?.id]);

  const startCamera = useCallback(
    async (ids: { camera?: string; microphone?: string } = {}) => {
      setRequesting(true);
      try {
        const stream = await openCameraAndMicrophone(ids.camera, ids.microphone);
        cameraStream.current = stream;
        setPreview(stream);
        setCamera(true);
        setMicrophone(true);
        await setOutgoingTrack("audio", stream.getAudioTracks()[0] ?? null);
        if (!screenStream.current) await setOutgoingTrack("video", stream.getVideoTracks()[0] ?? null);
        setDevices(await listDevices());
        showToast({ type: "success", title: "Camera Ready", description: "Your camera and microphone are now active." });
        return true;
      } catch {
        showToast({ type: "error", title: "Camera Access Required", description: "Please allow camera and microphone access to join the conference." });
        return false;
      } finally {
        setRequesting(false);
      }
    },
    [setOutgoingTrack],
  );

  // The host goes on air at once; students only when they choose to.
  useEffect(() => {
    if (isHost) void startCamera();
    return () => {
      cameraStream.current?.getTracks().forEach((track) => track.stop());
      screenStream.current?.getTracks().forEach((track) => track.stop());
    };
  }, [isHost, startCamera]);

  // The session ended: students go to the home page (spec §2). The host stays:
  // their own End form is on its way, and reloading here would race it.
  useEffect(() => {
    if (room.status === "ended" && !isHost) navigate("/", { replace: true });
  }, [room.status, isHost, navigate]);

  // What the host muted stays off here too, so the member sees it.
  useEffect(() => {
    if (room.mutedByHost.audio) setMicrophone(false);
    if (room.mutedByHost.video) setCamera(false);
  }, [room.mutedByHost]);

  // Invited: the camera and microphone buttons appear. Turn ended: what this member sent stops.
  const wasSpeaker = useRef(false);
  useEffect(() => {
    if (isHost || amSpeaker === wasSpeaker.current) return;
    wasSpeaker.current = amSpeaker;
    if (amSpeaker) return void showToast({ type: "success", title: STAGE_TEXTS.invited, description: STAGE_TEXTS.invitedDescription });
    cameraStream.current?.getTracks().forEach((track) => track.stop());
    cameraStream.current = null;
    setPreview(null);
    setCamera(false);
    setMicrophone(false);
    void setOutgoingTrack("audio", null);
    void setOutgoingTrack("video", null);
    showToast({ type: "success", title: STAGE_TEXTS.ended });
  }, [amSpeaker, isHost, setOutgoingTrack]);

  useEffect(() => {
    cameraStream.current?.getAudioTracks().forEach((track) => (track.enabled = microphone));
    cameraStream.current?.getVideoTracks().forEach((track) => (track.enabled = camera));
  }, [camera, microphone]);

  async function toggleCamera() {
    if (room.mutedByHost.video) return;
    if (!cameraStream.current) return void (await startCamera(chosen));
    setCamera((on) => !on);
  }

  async function toggleMicrophone() {
    if (room.mutedByHost.audio) return;
    if (!cameraStream.current) return void (await startCamera(chosen));
    setMicrophone((on) => !on);
  }

  async function stopScreenShare() {
    screenStream.current?.getTracks().forEach((track) => track.stop());
    screenStream.current = null;
    setSharing(false);
    setView("camera");
    let cameraTrack = cameraStream.current?.getVideoTracks()[0] ?? null;
    if (!cameraTrack || cameraTrack.readyState === "ended") {
      if (camera) await startCamera(chosen);
      cameraTrack = cameraStream.current?.getVideoTracks()[0] ?? null;
    }
    await setOutgoingTrack("video", cameraTrack);
    setPreview(cameraStream.current);
    showToast({ type: "success", title: "Screen Sharing Stopped" });
  }

  async function toggleScreenShare() {
    if (sharing) return stopScreenShare();
    try {
      const stream = await openScreen();
      screenStream.current = stream;
      const track = stream.getVideoTracks()[0] ?? null;
      if (track) track.onended = () => void stopScreenShare();
      // Same sender, new source: no renegotiation, students see the screen at once.
      await setOutgoingTrack("video", track);
      setSharing(true);
      setView("screen");
      setPreview(stream);
      showToast({ type: "success", title: "Screen Sharing Started", description: "Your screen is now being shared. Toggle views with camera button." });
    } catch {
      // The member closed the picker: nothing changes.
    }
  }

  function toggleView() {
    const next = view === "screen" ? "camera" : "screen";
    setView(next);
    setPreview(next === "screen" ? screenStream.current : cameraStream.current);
  }

  async function toggleRecording() {
    const starting = !recording;
    const path = `/api/conferences/${conferenceId}/${starting ? "start-recording" : "stop-recording"}`;
    try {
      // Stopping: the last chunk is uploaded before the server finalises the file.
      if (!starting) await stopCapture();
      const response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: starting ? "{}" : JSON.stringify({ recordingUrl: `conference-${conferenceId}-${Date.now()}.webm` }),
      });
      if (!response.ok) throw new Error(String(response.status));
      if (starting) startCapture();
      setRecording(starting);
      showToast({ type: "success", title: starting ? "Recording Started" : "Recording Stopped" });
      // The page around the room (the live banner, the recordings tab) shows the new state.
      revalidator.revalidate();
    } catch {
      showToast({
        type: "error",
        title: "Recording Error",
        description: starting ? "Failed to start recording. Please try again." : "Failed to stop recording. Please try again.",
      });
    }
  }

  // The recording: what the students see (camera or screen) with every voice mixed in, uploaded in chunks as it is made.
  const capture = useRef<{ recorder: SessionRecorder; mix: RecordingMix } | null>(null);
  function startCapture() {
    const video = (sharing ? screenStream.current : cameraStream.current) ?? new MediaStream();
    const voices = [cameraStream.current, ...room.slotStreams].filter((stream): stream is MediaStream => stream !== null);
    const mix = mixForRecording(video, voices);
    const recorder = startSessionRecorder({
      conferenceId,
      stream: mix.stream,
      onError: (message) => showToast({ type: "error", title: "Recording Error", description: message }),
    });
    capture.current = { recorder, mix };
  }
  async function stopCapture() {
    const current = capture.current;
    capture.current = null;
    if (!current) return;
    await current.recorder.stop();
    current.mix.close();
  }
  // Screen share and back: the recording follows what the students see.
  useEffect(() => {
    const track = (sharing ? screenStream.current : cameraStream.current)?.getVideoTracks()[0] ?? null;
    capture.current?.mix.setVideo(track);
  }, [sharing, preview]);

  async function switchDevice(kind: "camera" | "microphone", id: string) {
    const next = { ...chosen, [kind]: id };
    setChosen(next);
    cameraStream.current?.getTracks().forEach((track) => track.stop());
    cameraStream.current = null;
    await wait(DEVICE_SWITCH_DELAY_MS);
    try {
      const stream = await openCameraAndMicrophone(next.camera, next.microphone);
      cameraStream.current = stream;
      await setOutgoingTrack("audio", stream.getAudioTracks()[0] ?? null);
      if (!sharing) {
        await setOutgoingTrack("video", stream.getVideoTracks()[0] ?? null);
        setPreview(stream);
      }
      showToast({ type: "success", title: "Device Changed", description: `Successfully switched to new ${kind}` });
    } catch {
      showToast({ type: "error", title: "Device Switch Failed", description: `Could not switch ${kind}. Please try again.` });
    }
  }

  const others = room.participants.filter((participant) => participant.id !== room.you?.id);
  const host = others.find((participant) => participant.isHost);
  const speakers = others.filter((participant) => !participant.isHost && participant.slot !== null && (participant.camera || participant.microphone));
  const streamOf = (participant: Participant) => (participant.slot === null ? null : (room.slotStreams[participant.slot] ?? null));

  if (room.status === "ended") {
    return (
      <p role="status" className="card m-auto max-w-md text-center" data-testid="live-room-ended">
        This session has ended.
      </p>
    );
  }

  if (room.status === "refused") {
    return (
      <p role="alert" className="card m-auto max-w-md text-center" data-testid="live-room-refused">
        {room.refusal ?? "The live room is not available."}
      </p>
    );
  }

  return (
    <div className="grid flex-1 gap-4 lg:grid-cols-[1fr_18rem]" data-testid="live-media-room" data-status={room.status}>
      <div className="flex min-h-[600px] flex-col gap-3">
        <div className="flex flex-wrap gap-2 text-xs" aria-live="polite">
          <span
            className="rounded-full border border-primary/40 px-2 py-0.5"
            data-testid="live-connection"
            data-audio-bytes={room.received.audioBytes}
            data-video-bytes={room.received.videoBytes}
          >
            {room.status === "connected" ? "Connected" : room.status === "reconnecting" ? "Reconnecting..." : "Connecting..."}
            {room.status === "connected" ? ` · ${Math.round((room.received.audioBytes + room.received.videoBytes) / 1024)} KB received` : ""}
          </span>
          {mayPublish && !camera ? <span className="rounded-full bg-red-700 px-2 py-0.5 text-white">Camera Off</span> : null}
          {mayPublish && !microphone ? <span className="rounded-full bg-red-700 px-2 py-0.5 text-white">Muted</span> : null}
          {sharing ? <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-white">Sharing Screen</span> : null}
          {recording ? <span className="rounded-full bg-red-600 px-2 py-0.5 text-white">Recording</span> : null}
          {room.mutedByHost.audio || room.mutedByHost.video ? (
            <span className="rounded-full bg-amber-600 px-2 py-0.5 text-white">The host turned off your {room.mutedByHost.video ? "camera" : "microphone"}</span>
          ) : null}
        </div>

        {requesting ? (
          <div className="grid flex-1 place-items-center rounded-lg bg-black/60 text-center text-white">
            <div>
              <p className="font-semibold">Requesting camera access...</p>
              <p className="text-sm opacity-80">Please allow camera permissions</p>
            </div>
          </div>
        ) : (
          <div className={cn("grid flex-1 gap-3", speakers.length > 0 || (isHost ? false : preview) ? "md:grid-cols-2" : "")}>
            {isHost ? (
              <VideoTile stream={preview} label={view === "screen" ? "Your screen" : "You (Host)"} muted testId="local-video" />
            ) : (
              <VideoTile stream={host ? streamOf(host) : null} label={host ? `${host.name} (Host)` : "Waiting for the host..."} testId="host-video" />
            )}
            {!isHost && preview ? <VideoTile stream={preview} label="You" muted testId="local-video" /> : null}
            {speakers.map((participant, index) => (
              <VideoTile key={participant.id} stream={streamOf(participant)} label={participant.name || `Participant ${index + 1}`} testId="participant-video" />
            ))}
          </div>
        )}

        <div className="flex flex-wrap items-center justify-center gap-3" role="toolbar" aria-label="Live room controls">
          {mayPublish ? (
            <>
            <RoundButton label={camera ? "Turn camera off" : "Turn camera on"} active={camera} onClick={() => void toggleCamera()} disabled={room.mutedByHost.video}>
              {camera ? <Camera className="h-5 w-5" aria-hidden /> : <CameraOff className="h-5 w-5" aria-hidden />}
            </RoundButton>
            <RoundButton label={microphone ? "Mute microphone" : "Unmute microphone"} active={microphone} onClick={() => void toggleMicrophone()} disabled={room.mutedByHost.audio}>
              {microphone ? <Mic className="h-5 w-5" aria-hidden /> : <MicOff className="h-5 w-5" aria-hidden />}
            </RoundButton>
            </>
          ) : null}
          {isHost ? (
            <>
              <RoundButton label={sharing ? "Stop sharing screen" : "Share screen"} active={!sharing} onClick={() => void toggleScreenShare()}>
                {sharing ? <MonitorOff className="h-5 w-5" aria-hidden /> : <Monitor className="h-5 w-5" aria-hidden />}
              </RoundButton>
              <RoundButton label={recording ? "Stop recording" : "Start recording"} active={!recording} onClick={() => void toggleRecording()}>
                {recording ? <Square className="h-5 w-5" aria-hidden /> : <Circle className="h-5 w-5" aria-hidden />}
              </RoundButton>
              {sharing ? (
                <button type="button" className={buttonClasses("outline", undefined, "sm")} onClick={toggleView}>
                  {view === "screen" ? "Show camera view" : "Show screen view"}
                </button>
              ) : null}
            </>
          ) : null}
          {mayPublish ? (
            <button type="button" className={buttonClasses("ghost", undefined, "icon")} aria-label="Conference Settings" onClick={() => setSettingsOpen((open) => !open)}>
              <Settings className="h-5 w-5" aria-hidden />
            </button>
          ) : null}
          {microphone ? (
            <meter min={0} max={100} value={audioLevel} aria-label="Microphone level" className="w-24" data-testid="audio-level" />
          ) : null}
        </div>

        {settingsOpen ? (
          <section className="card space-y-3" aria-label="Conference Settings">
            <h3 className="font-display text-lg">Conference Settings</h3>
            {(["camera", "microphone"] as const).map((kind) => {
              const list = kind === "camera" ? devices.cameras : devices.microphones;
              return (
                <label key={kind} className="block text-sm">
                  {kind === "camera" ? "Camera" : "Microphone"}
                  <select
                    className="mt-1 w-full rounded-md border border-primary/40 bg-transparent px-2 py-1"
                    value={chosen[kind] ?? ""}
                    onChange={(event) => void switchDevice(kind, event.target.value)}
                    disabled={list.length === 0}
                  >
                    <option value="" disabled>
                      {list.length === 0 ? "Turn your camera on to choose" : "Choose..."}
                    </option>
                    {list.map((device) => (
                      <option key={device.id} value={device.id}>
                        {device.label}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </section>
        ) : null}
      </div>

      <div className="space-y-4">
        {room.stage && room.status === "connected" ? (
          <StageControls conferenceId={conferenceId} stage={room.stage} isHost={isHost} you={room.you} amSpeaker={amSpeaker} />
        ) : null}
      <aside className="space-y-2" aria-label="Participants">
        <button type="button" className="flex w-full items-center justify-between font-semibold" onClick={() => setShowParticipants((open) => !open)} aria-expanded={showParticipants}>
          <span className="flex items-center gap-2">
            <Users className="h-4 w-4" aria-hidden /> Participants ({room.participants.length})
          </span>
          <ChevronDown className={cn("h-4 w-4 transition", showParticipants ? "rotate-180" : "")} aria-hidden />
        </button>
        {showParticipants ? (
          <ul className="space-y-1 text-sm" data-testid="participants">
            {room.participants.map((participant) => {
              const isYou = participant.id === room.you?.id;
              const name = isYou ? (participant.isHost ? "You (Host)" : "You") : participant.isHost ? `${participant.name} (Host)` : participant.name;
              const canControl = isHost && !participant.isHost;
              return (
                <li key={participant.id} className="flex items-center justify-between gap-2 rounded-md border border-primary/20 px-2 py-1" data-testid="participant">
                  <span>{name}</span>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      disabled={!canControl}
                      aria-label={`${participant.mutedByHost.video ? "Allow" : "Turn off"} ${participant.name}'s camera`}
                      onClick={() => room.hostMute(participant.id, "video", !participant.mutedByHost.video)}
                      className="rounded p-1 disabled:cursor-default"
                    >
                      {participant.camera && !participant.mutedByHost.video ? <Camera className="h-4 w-4" aria-hidden /> : <CameraOff className="h-4 w-4 text-red-400" aria-hidden />}
                    </button>
                    <button
                      type="button"
                      disabled={!canControl}
                      aria-label={`${participant.mutedByHost.audio ? "Allow" : "Turn off"} ${participant.name}'s microphone`}
                      onClick={() => room.hostMute(participant.id, "audio", !participant.mutedByHost.audio)}
                      className="rounded p-1 disabled:cursor-default"
                    >
                      {participant.microphone && !participant.mutedByHost.audio ? <Mic className="h-4 w-4" aria-hidden /> : <MicOff className="h-4 w-4 text-red-400" aria-hidden />}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
        {isHost ? <p className="text-xs opacity-75">Admin controls: Click camera/mic icons to manage participants</p> : null}
      </aside>
      </div>
    </div>
  );
}
