import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fakes/fake-openai";
import { newStudent, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Generated captions (issue 38) through the real `openai` SDK against the local
// fake server: ffmpeg extracts the demo video's sound in pieces (15 seconds
// here, so its ~36 seconds make three uploads), each piece is transcribed as
// WebVTT, and the cues are placed at their piece's offset.

const fake = await startFakeOpenAI();
afterAll(() => fake.stop());
const academy = useAcademy({
  SIGNUPS_PER_HOUR: "1000",
  OPENAI_API_KEY: "sk-test-transcribe",
  OPENAI_BASE_URL: `${fake.url}/v1`,
  OPENAI_TRANSCRIBE_MODEL: "fake-whisper",
  OPENAI_TRANSCRIBE_PIECE_SECONDS: "15",
  OPENAI_TIMEOUT_SECONDS: "5",
});

interface CaptionJson {
  language: string;
  label: string;
  cues: Array<{ start: number; end: number; text: string }>;
  generated: boolean;
}

let admin: Visitor;
let sectionId = 0;
let courseId = 0;
let lessonId = 0;

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  const upload = new FormData();
  upload.append("video", new Blob([new Uint8Array(fs.readFileSync(path.resolve("content/media/grounding-breath.webm")))], { type: "video/webm" }), "breath.webm");
  const { videoUrl } = (await (await admin.request("/api/upload-video", { method: "POST", body: upload })).json()) as { videoUrl: string };
  const course = await admin.request("/api/courses", {
    method: "POST",
    json: { title: uniqueName("Spoken"), description: "Spoken practice", level: "Beginner", rating: "4.5", duration: "1 week", isActive: true, isPremium: false },
  });
  courseId = ((await course.json()) as { id: number }).id;
  const lesson = await admin.request(`/api/courses/${courseId}/lessons`, {
    method: "POST",
    json: { title: "Breath", contentSections: [{ type: "video", title: "Breathe along", url: videoUrl, content: "" }] },
  });
  const json = (await lesson.json()) as { id: number; contentSections: Array<{ id: number }> };
  lessonId = json.id;
  sectionId = json.contentSections[0]?.id ?? 0;
});

describe("generated captions", () => {
  it("transcribes the sound in pieces under the upload limit and places each piece's cues at its offset", async () => {
    fake.reset();
    const student = await newStudent(academy.baseUrl);
    expect((await student.request(`/api/sections/${sectionId}/captions/generate`, { method: "POST", json: {} })).status).toBe(403);

    const response = await admin.request(`/api/sections/${sectionId}/captions/generate`, { method: "POST", json: { language: "en" } });
    expect(response.status, await response.clone().text()).toBe(201);
    const { captions } = (await response.json()) as { captions: CaptionJson };
    expect(captions).toMatchObject({ language: "en", label: "English (generated)", generated: true });

    const requests = fake.transcriptionRequests();
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.body.model).toBe("fake-whisper");
      expect(request.body.transcription).toMatchObject({ responseFormat: "vtt" });
      const bytes = (request.body.transcription as { fileBytes: number }).fileBytes;
      expect(bytes).toBeGreaterThan(1000);
      expect(bytes).toBeLessThan(25 * 1024 * 1024);
    }
    // The fake puts one cue a second into each piece: pieces start at 0, 15 and 30 seconds.
    expect(captions.cues.map((cue) => Math.round(cue.start))).toEqual([1, 16, 31]);
    expect(captions.cues.map((cue) => cue.text)).toEqual([
      expect.stringMatching(/^Fake transcript of piece 1 \(\d+ bytes of audio\)\.$/),
      expect.stringMatching(/^Fake transcript of piece 2 /),
      expect.stringMatching(/^Fake transcript of piece 3 /),
    ]);
    expect((await student.request(`/api/sections/${sectionId}/captions/en`)).status).toBe(200);
  });

  it("marks them generated until an author saves them, and never overwrites an author's captions", async () => {
    const page = `/admin/courses/${courseId}/lessons/${lessonId}/captions`;
    expect(await (await admin.request(page)).text()).toContain("Generated, not reviewed");
    const form = new FormData();
    form.append("intent", "approve-captions");
    form.append("sectionId", String(sectionId));
    form.append("language", "en");
    expect((await admin.request(page, { method: "POST", body: form })).status).toBe(302);
    const list = (await (await admin.request(`/api/sections/${sectionId}/captions`)).json()) as { captions: CaptionJson[] };
    expect(list.captions[0]?.generated).toBe(false);

    fake.reset();
    const again = await admin.request(`/api/sections/${sectionId}/captions/generate`, { method: "POST", json: { language: "en" } });
    expect(again.status).toBe(409);
    expect(fake.transcriptionRequests()).toHaveLength(0);
  });

  it("answers 502 with the provider's failure, storing nothing", async () => {
    fake.reset();
    fake.setBehaviour({ type: "error", status: 400, message: "Invalid file format." });
    const failed = await admin.request(`/api/sections/${sectionId}/captions/generate`, { method: "POST", json: { language: "fr" } });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toMatch(/^Captions could not be generated: The AI provider refused the request \(400\)/);
    expect((await admin.request(`/api/sections/${sectionId}/captions/fr`)).status).toBe(404);
    fake.reset();
  });
});
