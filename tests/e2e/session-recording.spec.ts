import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import ts from "typescript";
import { z } from "zod";
import type { mixForRecording, startSessionRecorder } from "~/components/conference/session-recorder";
import { expect, HEADMASTER, loginThroughApi, test } from "./helpers";

// The host's browser records a live session and uploads it while recording
// (app/components/conference/session-recorder.ts); once stopped, the
// recording plays in the library with a real duration and seeks.
//
// The live room that will call the recorder is built separately, so this
// story loads the module itself: its TypeScript is compiled here and served
// at a same-origin address the test intercepts, then imported in the page,
// which records a canvas and an oscillator the way the room records a camera
// and microphones.

// Only one session may be live at a time in the shared e2e database.
test.describe.configure({ mode: "serial" });

const MODULE_URL = "/__e2e/session-recorder.js";
const recorderSource = ts.transpileModule(fs.readFileSync(path.resolve("app/components/conference/session-recorder.ts"), "utf8"), {
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
}).outputText;

interface RecorderModule {
  mixForRecording: typeof mixForRecording;
  startSessionRecorder: typeof startSessionRecorder;
}

const Conference = z.object({ id: z.number().int(), isLive: z.boolean(), isRecording: z.boolean() });
const Recording = z.object({ id: z.number().int(), status: z.string(), duration: z.number(), fileUrl: z.string().nullable() });

async function post(request: APIRequestContext, url: string): Promise<{ status: number; body: unknown }> {
  const response = await request.post(url);
  return { status: response.status(), body: await response.json() };
}

test("the headmaster records a live session; it plays with a duration and seeks", async ({ page, visit }) => {
  test.slow(); // six seconds of recording, then the library
  await loginThroughApi(page.request, HEADMASTER);
  const title = `Recorded circle ${Date.now().toString(36)}`;
  const scheduled = await page.request.post("/api/conferences", {
    data: { title, description: "A session recorded in the browser", scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(scheduled.status()).toBe(201);
  const { id } = Conference.parse(await scheduled.json());

  try {
    // Another story's session may still be live: wait for it to end.
    await expect.poll(async () => (await post(page.request, `/api/conferences/${id}/start`)).status, { timeout: 60_000 }).toBe(200);
    const recording = await post(page.request, `/api/conferences/${id}/start-recording`);
    expect(recording.status).toBe(200);
    expect(Conference.parse(recording.body)).toMatchObject({ isLive: true, isRecording: true });

    await page.route(`**${MODULE_URL}`, (route) => route.fulfill({ contentType: "text/javascript", body: recorderSource }));
    const chunks: number[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/conferences/${id}/recording/chunks`) chunks.push(Number(url.searchParams.get("seq")));
    });
    await visit("/admin/conference");

    const outcome = await page.evaluate(
      async ({ conferenceId, moduleUrl }) => {
        const recorderModule: RecorderModule = await import(moduleUrl);
        const canvas = document.createElement("canvas");
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no canvas");
        let frame = 0;
        const draw = setInterval(() => {
          frame += 1;
          context.fillStyle = `hsl(${(frame * 5) % 360} 70% 45%)`;
          context.fillRect(0, 0, 320, 240);
          context.fillStyle = "#fff";
          context.fillRect((frame * 4) % 320, 80, 24, 80);
        }, 33);
        const audio = new AudioContext();
        const tone = audio.createOscillator();
        const microphone = audio.createMediaStreamDestination();
        tone.connect(microphone);
        tone.start();

        const mix = recorderModule.mixForRecording(canvas.captureStream(30), [microphone.stream]);
        const errors: string[] = [];
        const recorder = recorderModule.startSessionRecorder({ conferenceId, stream: mix.stream, timesliceMs: 2000, onError: (message) => errors.push(message) });
        const kinds = mix.stream.getTracks().map((track) => track.kind).sort();
        // The recording's length is what is being tested: record for six seconds.
        await new Promise((resolve) => setTimeout(resolve, 6000));
        await recorder.stop();
        mix.close();
        clearInterval(draw);
        await audio.close();
        return { state: recorder.state, errors, kinds };
      },
      { conferenceId: id, moduleUrl: MODULE_URL },
    );
    expect(outcome).toEqual({ state: "stopped", errors: [], kinds: ["audio", "video"] });
    // A chunk every two seconds and the last one on stop, in order.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks).toEqual(chunks.map((_, index) => index));

    // Only now, with every chunk stored, the recording is stopped and finalised.
    const stopped = await post(page.request, `/api/conferences/${id}/stop-recording`);
    expect(stopped.status).toBe(201);
    const filed = Recording.parse(stopped.body);
    expect(filed).toMatchObject({ status: "ready", duration: 1, fileUrl: `/api/recordings/${filed.id}/file` });

    await visit(`/admin/recordings?q=${encodeURIComponent(title)}`);
    const card = page.getByRole("article", { name: title });
    await card.getByRole("link", { name: "Play" }).click();
    const video = page.getByTitle(`Recording: ${title}`);
    await expect(video).toBeVisible();
    const playback = await video.evaluate(async (element) => {
      if (!(element instanceof HTMLVideoElement)) throw new Error("not a video");
      if (element.readyState < HTMLMediaElement.HAVE_METADATA) {
        await new Promise((resolve, reject) => {
          element.addEventListener("loadedmetadata", resolve, { once: true });
          element.addEventListener("error", () => reject(new Error(`cannot load: ${element.error?.message ?? "unknown"}`)), { once: true });
        });
      }
      const duration = element.duration;
      const seekableEnd = element.seekable.length > 0 ? element.seekable.end(0) : 0;
      const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
      element.currentTime = duration / 2;
      await seeked;
      return { duration, seekableEnd, currentTime: element.currentTime };
    });
    expect(Number.isFinite(playback.duration)).toBe(true);
    expect(playback.duration).toBeGreaterThan(4);
    expect(playback.duration).toBeLessThan(9);
    expect(playback.seekableEnd).toBeCloseTo(playback.duration, 1);
    expect(playback.currentTime).toBeCloseTo(playback.duration / 2, 0);
  } finally {
    const ended = await page.request.post(`/api/conferences/${id}/end`);
    expect([200, 409]).toContain(ended.status());
  }
});
