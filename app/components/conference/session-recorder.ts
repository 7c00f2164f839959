// Recording a live session in the host's browser (issue 13). No React here.
//
//   const mix = mixForRecording(cameraStream, [micStream, ...remoteStreams]);
//   const recorder = startSessionRecorder({ conferenceId, stream: mix.stream, onError: toast });
//   … mix.setVideo(screenTrack) when the host shares the screen, mix.addAudio(stream) when someone speaks …
//   await recorder.stop();            // the last chunk is uploaded
//   mix.close();
//   POST /api/conferences/{id}/stop-recording   // only now: the server finalises what arrived
//
// The recording (WebM, VP8 + Opus) is uploaded while it is made, one
// MediaRecorder slice every `timesliceMs`, to
// POST /api/conferences/{id}/recording/chunks?seq=N. Chunks go strictly in
// order: chunk N+1 is not sent before N is stored. A failed chunk is retried
// with backoff; what the server stored stays even if this tab crashes.

export const RECORDING_MIME_TYPE = "video/webm;codecs=vp8,opus";
const FALLBACK_MIME_TYPE = "video/webm";
const VIDEO_BITS_PER_SECOND = 1_500_000;
const AUDIO_BITS_PER_SECOND = 64_000;
/** A keyframe every few seconds: the finalised file gets a cue (a seek point) at each. */
const KEYFRAME_INTERVAL_MS = 4000;
/** Waits before the retries of a chunk (ms); after the last one the upload gives up. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 8000];

export type SessionRecorderState = "recording" | "stopping" | "stopped" | "failed";

export interface SessionRecorderOptions {
  conferenceId: number;
  /** What to record: one video and one audio track (see mixForRecording). */
  stream: MediaStream;
  /** How often a chunk is cut and uploaded. */
  timesliceMs?: number;
  /**
   * Told once if the upload cannot go on (the session stopped recording, a
   * size limit, a full disk, the network gone for good). Recording stops
   * then; what was uploaded is kept.
   */
  onError?: (message: string) => void;
}

export interface SessionRecorder {
  readonly state: SessionRecorderState;
  /** Why recording stopped early, when it did. */
  readonly error: string | null;
  /** Stops recording and resolves once the last chunk is uploaded (or the upload gave up). */
  stop(): Promise<void>;
}

export function startSessionRecorder({ conferenceId, stream, timesliceMs = 5000, onError }: SessionRecorderOptions): SessionRecorder {
  const mimeType = MediaRecorder.isTypeSupported(RECORDING_MIME_TYPE) ? RECORDING_MIME_TYPE : FALLBACK_MIME_TYPE;
  const options: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
    mimeType,
    videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS, // Chromium; others ignore it
  };
  const recorder = new MediaRecorder(stream, options);
  let state: SessionRecorderState = "recording";
  let error: string | null = null;

  const uploader = createChunkUploader({
    conferenceId,
    onFatal: (message) => {
      if (error !== null) return;
      error = message;
      state = "failed";
      if (recorder.state !== "inactive") recorder.stop();
      onError?.(message);
    },
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener("stop", () => resolve(), { once: true }));

  recorder.addEventListener("dataavailable", (event) => uploader.push(event.data));
  recorder.addEventListener("error", () => uploader.fail("The browser stopped recording."));
  recorder.start(timesliceMs);

  return {
    get state() {
      return state;
    },
    get error() {
      return error;
    },
    async stop() {
      if (state === "recording") state = "stopping";
      if (recorder.state !== "inactive") recorder.stop();
      await stopped;
      await uploader.drained();
      if (state === "stopping") state = "stopped";
    },
  };
}

export interface ChunkUploaderOptions {
  conferenceId: number;
  onFatal: (message: string) => void;
  /** For tests: how requests are sent and how a retry waits. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface ChunkUploader {
  /** Queues the next chunk (empty ones are skipped). */
  push(chunk: Blob): void;
  /** Gives up: queued chunks are dropped and `onFatal` is told. */
  fail(message: string): void;
  /** Resolves once every queued chunk is sent, or the upload gave up. */
  drained(): Promise<void>;
}

const MessageBody = (value: unknown): { message?: string; expectedSeq?: number } => {
  if (typeof value !== "object" || value === null) return {};
  const message = "message" in value && typeof value.message === "string" ? value.message : undefined;
  const expectedSeq = "expectedSeq" in value && typeof value.expectedSeq === "number" ? value.expectedSeq : undefined;
  return { message, expectedSeq };
};

/** Sends chunks one after the other, in order, each retried with backoff. */
export function createChunkUploader({
  conferenceId,
  onFatal,
  fetch: send = (...args) => fetch(...args),
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: ChunkUploaderOptions): ChunkUploader {
  const queue: Blob[] = [];
  let seq = 0;
  let running: Promise<void> | null = null;
  let failed = false;

  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    queue.length = 0;
    onFatal(message);
  };

  /** True once the server has the chunk; false to retry; a refusal that cannot be retried fails the upload. */
  async function sendOnce(chunk: Blob): Promise<boolean> {
    let response: Response;
    try {
      response = await send(`/api/conferences/${conferenceId}/recording/chunks?seq=${seq}`, {
        method: "POST",
        headers: { "Content-Type": "video/webm" },
        body: chunk,
        credentials: "same-origin",
      });
    } catch {
      return false; // offline for a moment
    }
    if (response.ok) return true;
    if (response.status >= 500 && response.status !== 507) return false;
    const body = MessageBody(await response.json().catch(() => null));
    // Stored already (an earlier answer was lost): the server is past this chunk.
    if (response.status === 409 && body.expectedSeq !== undefined && body.expectedSeq > seq) return true;
    fail(body.message ?? `The recording could not be uploaded (${response.status}).`);
    return false;
  }

  async function run(): Promise<void> {
    while (queue.length > 0 && !failed) {
      const chunk = queue[0];
      if (!chunk) break;
      let stored = await sendOnce(chunk);
      for (const delay of RETRY_DELAYS_MS) {
        if (stored || failed) break;
        await sleep(delay);
        stored = await sendOnce(chunk);
      }
      if (failed) return;
      if (!stored) {
        fail("The recording could not be uploaded: the server did not answer. What was uploaded is kept.");
        return;
      }
      queue.shift();
      seq += 1;
    }
  }

  const kick = () => {
    running ??= run().finally(() => {
      running = null;
      if (queue.length > 0 && !failed) kick();
    });
  };

  return {
    push(chunk) {
      if (failed || chunk.size === 0) return;
      queue.push(chunk);
      kick();
    },
    fail,
    async drained() {
      while (running) await running;
    },
  };
}

// ---------------------------------------------------------------------------
// What is recorded
// ---------------------------------------------------------------------------

export interface RecordingMix {
  /** Record this: the current video and every given audio, mixed into one track. */
  readonly stream: MediaStream;
  /** Makes another video the recorded one (camera ↔ screen share); null shows the last frame. */
  setVideo(track: MediaStreamTrack | null): void;
  /** Mixes one more stream's audio in (a participant who starts speaking); the function returned takes it out. */
  addAudio(stream: MediaStream): () => void;
  /** Stops mixing. Stop the recorder first. */
  close(): void;
}

type TrackProcessorClass = new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> };
type TrackGeneratorClass = new (init: { kind: "video" }) => MediaStreamTrack & { writable: WritableStream<VideoFrame> };

function isClass<T>(value: unknown): value is T {
  return typeof value === "function";
}

/**
 * One stream for MediaRecorder: the video of `videoStream` (its first video
 * track) and the audio of every stream in `audioStreams` (the host's
 * microphone, the participants'), mixed with WebAudio. A recorder cannot
 * change tracks once started, so the recorded video track stays the same and
 * `setVideo` changes what it shows: frames are passed through with
 * insertable streams where the browser has them (Chromium; keeps working in a
 * background tab), else drawn onto a canvas.
 *
 * Remote WebRTC audio is heard by WebAudio only while it also plays in an
 * <audio> element (a Chromium rule), as it does in the live room.
 */
export function mixForRecording(videoStream: MediaStream, audioStreams: MediaStream[]): RecordingMix {
  const audio = new AudioContext();
  void audio.resume();
  const destination = audio.createMediaStreamDestination();
  const addAudio = (stream: MediaStream) => {
    if (stream.getAudioTracks().length === 0) return () => undefined;
    const source = audio.createMediaStreamSource(stream);
    source.connect(destination);
    return () => source.disconnect();
  };
  for (const stream of audioStreams) addAudio(stream);

  const video = createVideoRelay(videoStream.getVideoTracks()[0] ?? null);
  const stream = new MediaStream([video.track, ...destination.stream.getAudioTracks()]);
  return {
    stream,
    setVideo: video.setSource,
    addAudio,
    close() {
      video.close();
      void audio.close();
    },
  };
}

interface VideoRelay {
  track: MediaStreamTrack;
  setSource(track: MediaStreamTrack | null): void;
  close(): void;
}

function createVideoRelay(initial: MediaStreamTrack | null): VideoRelay {
  const Processor: unknown = Reflect.get(globalThis, "MediaStreamTrackProcessor");
  const Generator: unknown = Reflect.get(globalThis, "MediaStreamTrackGenerator");
  if (isClass<TrackProcessorClass>(Processor) && isClass<TrackGeneratorClass>(Generator)) {
    return insertableRelay(Processor, Generator, initial);
  }
  return canvasRelay(initial);
}

function insertableRelay(Processor: TrackProcessorClass, Generator: TrackGeneratorClass, initial: MediaStreamTrack | null): VideoRelay {
  const generator = new Generator({ kind: "video" });
  const writer = generator.writable.getWriter();
  let current: ReadableStreamDefaultReader<VideoFrame> | null = null;

  async function pump(reader: ReadableStreamDefaultReader<VideoFrame>) {
    for (;;) {
      const { value: frame, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done || !frame) return;
      if (reader !== current) {
        frame.close();
        return;
      }
      await writer.write(frame).catch(() => frame.close());
    }
  }
  const setSource = (track: MediaStreamTrack | null) => {
    void current?.cancel().catch(() => undefined);
    current = track ? new Processor({ track }).readable.getReader() : null;
    if (current) void pump(current);
  };
  setSource(initial);
  return {
    track: generator,
    setSource,
    close() {
      setSource(null);
      generator.stop();
    },
  };
}

const CANVAS_FPS = 30;

function canvasRelay(initial: MediaStreamTrack | null): VideoRelay {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  const player = document.createElement("video");
  player.muted = true;
  player.playsInline = true;
  const track = canvas.captureStream(CANVAS_FPS).getVideoTracks()[0];
  if (!track || !context) throw new Error("This browser cannot record video.");
  const draw = window.setInterval(() => {
    if (player.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || player.videoWidth === 0) return;
    if (canvas.width !== player.videoWidth || canvas.height !== player.videoHeight) {
      canvas.width = player.videoWidth;
      canvas.height = player.videoHeight;
    }
    context.drawImage(player, 0, 0);
  }, 1000 / CANVAS_FPS);
  const setSource = (source: MediaStreamTrack | null) => {
    if (!source) return; // keep the last frame
    player.srcObject = new MediaStream([source]);
    void player.play().catch(() => undefined);
  };
  setSource(initial);
  return {
    track,
    setSource,
    close() {
      window.clearInterval(draw);
      player.srcObject = null;
      track.stop();
    },
  };
}
