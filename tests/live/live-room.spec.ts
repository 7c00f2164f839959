import { expect, test, type Browser, type Page } from "@playwright/test";
import { HEADMASTER, loginThroughApi, newStudentCredentials, registerThroughApi } from "../e2e/helpers";

// A real live session through the embedded SFU: the host publishes a fake
// camera and microphone, three students receive them over WebRTC. Runs in a
// network namespace (playwright.live.config.ts).

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

test("a host and three students: media flows, the list is real, the host mutes a student, ending sends everyone home", async ({ browser }) => {
  const host = await hostPage(browser);
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

  // A student turns the microphone on; the host turns it off for everyone.
  const speaker = students[0];
  if (!speaker) throw new Error("no students");
  await speaker.page.getByRole("button", { name: "Unmute microphone" }).click();
  await expect(speaker.page.getByTestId("toast-title")).toHaveText("Camera Ready");
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

  // A student who closes the tab frees the place at once.
  await students[2]?.page.close();
  await expect(hostList).toHaveCount(3);

  // Ending the session closes every connection; students land on the home page.
  await host.page.getByRole("button", { name: "End Conference" }).click();
  for (const student of students.slice(0, 2)) await expect(student.page).toHaveURL(/\/$/);
});
