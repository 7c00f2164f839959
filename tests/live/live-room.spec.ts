import { execSync } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { HEADMASTER, loginThroughApi, newStudentCredentials, registerThroughApi } from "../e2e/helpers";

// A real live session through the embedded SFU: the host publishes a fake
// camera and microphone, three students receive them over WebRTC, and one
// student invited to speak is received by the others. Runs in a network
// namespace (playwright.live.config.ts), once per media backend: the embedded
// SFU, and Janus (the project's name is the backend).

test.describe.configure({ mode: "serial" });

async function hostPage(browser: Browser): Promise<{ page: Page; conferenceId: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughApi(page.request, HEADMASTER);
  const response = await page.request.post("/api/conferences/go-live");
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await page.goto("/admin/conference");
  await expect(page.getByTestId("local-video")).toBeVisible();
  return { page, conferenceId: id };
}

async function studentPage(browser: Browser, conferenceId: number): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const credentials = newStudentCredentials();
  await registerThroughApi(page.request, credentials);
  await page.goto(`/join-conference/${conferenceId}?room=1`);
  return { page, name: credentials.username };
}

/** The host's picture really plays: decoded frames with a size, and time moving on. */
async function expectHostVideoPlaying(page: Page) {
  const video = page.getByTestId("host-video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(before + 0.5);
}

async function receivedBytes(page: Page, kind: "audio" | "video"): Promise<number> {
  return Number(await page.getByTestId("live-connection").getAttribute(`data-${kind}-bytes`));
}

/** The recording plays in the library's player with a real duration, and seeks. */
async function expectRecordingPlays(page: Page, recordingId: number) {
  await page.goto(`/admin/recordings?play=${recordingId}`);
  const video = page.getByTestId("recording-player").locator("video");
  const playback = await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < HTMLMediaElement.HAVE_METADATA) {
      await new Promise((resolve, reject) => {
        element.addEventListener("loadedmetadata", resolve, { once: true });
        element.addEventListener("error", () => reject(new Error(`cannot load: ${element.error?.message ?? "unknown"}`)), { once: true });
      });
    }
    const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    element.currentTime = element.duration / 2;
    await seeked;
    return { duration: element.duration, currentTime: element.currentTime, width: element.videoWidth };
  });
  expect(Number.isFinite(playback.duration)).toBe(true);
  expect(playback.duration).toBeGreaterThan(2);
  expect(playback.width).toBeGreaterThan(0);
  expect(playback.currentTime).toBeCloseTo(playback.duration / 2, 0);
}

test("a host and three students: media flows, the list is real, chat and recording work, the host mutes a student, ending sends everyone home", async ({ browser }) => {
  const host = await hostPage(browser);
  // The room really runs on this project's backend.
  const target = await host.page.request.post(`/api/conferences/${host.conferenceId}/media-token`);
  expect(((await target.json()) as { backend: string }).backend).toBe(test.info().project.name);
  const students: { page: Page; name: string }[] = [];
  for (let index = 0; index < 3; index += 1) students.push(await studentPage(browser, host.conferenceId));

  for (const student of students) {
    await expect(student.page.getByTestId("live-connection")).toContainText("Connected");
    await expectHostVideoPlaying(student.page);
    const audio = await receivedBytes(student.page, "audio");
    await expect.poll(() => receivedBytes(student.page, "audio")).toBeGreaterThan(audio);
  }

  // Everyone sees the same four people; the host is 'You (Host)' on the host's own list.
  const hostList = host.page.getByTestId("participant");
  await expect(hostList).toHaveCount(4);
  await expect(hostList.first()).toHaveText(/You \(Host\)/);
  for (const student of students) await expect(hostList.filter({ hasText: student.name })).toHaveCount(1);
  await expect(host.page.getByText("Participants (4)")).toBeVisible();

  // The host records from the room; every student sees the badge.
  await host.page.getByRole("button", { name: "Start recording" }).click();
  await expect(host.page.getByTestId("toast-title")).toHaveText("Recording Started");
  for (const student of students) await expect(student.page.getByText("Recording", { exact: true })).toBeVisible();

  // Chat round-trips through the server: a student writes, the host and the others read it at once.
  const writer = students[1];
  if (!writer) throw new Error("no students");
  const line = `Blessings from ${writer.name}`;
  await writer.page.getByPlaceholder("Type a message...").fill(line);
  await writer.page.getByPlaceholder("Type a message...").press("Enter");
  for (const reader of [host.page, ...students.map((student) => student.page)]) {
    // The delivered message (the writer may also still show its own pending copy for a moment).
    await expect(reader.getByTestId("live-chat").getByTestId("chat-message").getByText(line)).toBeVisible();
  }

  // A student raises a hand; the host invites them to speak; the other students receive their video and sound.
  const speaker = students[0];
  const listener = students[1];
  if (!speaker || !listener) throw new Error("no students");
  await expect(speaker.page.getByRole("button", { name: "Unmute microphone" })).toHaveCount(0);
  await speaker.page.getByRole("button", { name: "Raise hand" }).click();
  await expect(host.page.getByTestId("raised-hand")).toHaveText(new RegExp(speaker.name));
  await host.page.getByRole("button", { name: `Invite to speak: ${speaker.name}` }).click();
  await expect(speaker.page.getByTestId("stage-speaking")).toBeVisible();
  await expect(host.page.getByTestId("stage-speaker")).toHaveText(new RegExp(speaker.name));
  await speaker.page.getByRole("button", { name: "Unmute microphone" }).click();
  await expect(speaker.page.getByTestId("toast-title")).toHaveText("Camera Ready");
  const speakerVideo = listener.page.getByTestId("participant-video");
  await expect.poll(() => speakerVideo.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
  const shown = await speakerVideo.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => speakerVideo.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(shown + 0.5);

  // The host turns the speaker's microphone off for everyone.
  await host.page.getByRole("button", { name: `Turn off ${speaker.name}'s microphone` }).click();
  await expect(speaker.page.getByText("The host turned off your microphone")).toBeVisible();
  await expect(speaker.page.getByRole("button", { name: "Unmute microphone" })).toBeDisabled();

  // Screen share swaps the host's video track in place; students keep receiving.
  await host.page.getByRole("button", { name: "Share screen" }).click();
  await expect(host.page.getByText("Sharing Screen")).toBeVisible();
  await expect(host.page.getByTestId("toast-title")).toHaveText("Screen Sharing Started");
  const video = await receivedBytes(students[1]?.page ?? speaker.page, "video");
  await expect.poll(() => receivedBytes(students[1]?.page ?? speaker.page, "video")).toBeGreaterThan(video);
  await host.page.getByRole("button", { name: "Stop sharing screen" }).click();
  await expect(host.page.getByText("Sharing Screen")).toHaveCount(0);

  // Stopping the recording files it (the last chunk first).
  await host.page.getByRole("button", { name: "Stop recording" }).click();
  await expect(host.page.getByTestId("toast-title")).toHaveText("Recording Stopped");

  // A student who closes the tab frees the place at once.
  await students[2]?.page.close();
  await expect(hostList).toHaveCount(3);

  // Ending the session closes every connection; students land on the home page.
  await host.page.getByRole("button", { name: "End Conference" }).click();
  for (const student of students.slice(0, 2)) await expect(student.page).toHaveURL(/\/$/);

  // The recording is in the library, ready, and plays.
  const listed = await host.page.request.get("/api/recordings");
  expect(listed.status()).toBe(200);
  const recordings = ((await listed.json()) as { id: number; conferenceId: number; status: string; size: number }[]).filter(
    (item) => item.conferenceId === host.conferenceId,
  );
  expect(recordings).toHaveLength(1);
  const [recording] = recordings;
  if (!recording) throw new Error("no recording");
  expect(recording).toMatchObject({ status: "ready" });
  expect(recording.size).toBeGreaterThan(10_000);
  await expectRecordingPlays(host.page, recording.id);
});

// Run by the "janus" project only (playwright.live.config.ts).
test("Janus crashes mid-session: it is started again and the room comes back", async ({ browser }) => {
  const host = await hostPage(browser);
  const student = await studentPage(browser, host.conferenceId);
  await expectHostVideoPlaying(student.page);

  // The academy's own Janus (its configuration lives in an academy-janus-* folder).
  // ("[c]" keeps pkill from matching the shell that runs it.)
  execSync("pkill -KILL -f '[c]onfigs-folder /tmp/academy-janus-'");
  // Members are disconnected, join again once Janus answers, and the host's picture plays again.
  await expect(student.page.getByTestId("live-connection")).toContainText("Reconnecting", { timeout: 20_000 });
  await expect(student.page.getByTestId("live-connection")).toContainText("Connected", { timeout: 30_000 });
  await expectHostVideoPlaying(student.page);
  await host.page.getByRole("button", { name: "End Conference" }).click();
  await expect(student.page).toHaveURL(/\/$/);
});
