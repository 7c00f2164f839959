import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, HEADMASTER, loginThroughApi, test, waitUntilInteractive } from "./helpers";

// Issue 38: the demo academy's grounding lesson (course 1, lesson 2) has its
// own short video with English captions (content/media). A member watches it
// with the captions track showing, opens the transcript and seeks from it;
// without JavaScript ?t= starts the player; an admin uploads and deletes
// captions with the plain forms.

const PLAYER = "/course/1/lesson/2?section=4";
const CAPTIONS_PAGE = "/admin/courses/1/lessons/2/captions";

/** The video's first text track as the browser sees it, after seeking to `seconds`. */
async function showingCueAt(page: Page, seconds: number) {
  return page.evaluate(async (at) => {
    const video = document.querySelector("video");
    if (!video) throw new Error("no video");
    const track = video.textTracks[0];
    if (!track) return { tracks: video.textTracks.length, mode: null, label: null, cue: null };
    const seeked = new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
    video.currentTime = at;
    await seeked;
    // Cues load with the track; the active ones follow the current time.
    for (let i = 0; i < 50 && !(track.activeCues && track.activeCues.length); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const cue = track.activeCues?.[0];
    return { tracks: video.textTracks.length, mode: track.mode, label: track.label, cue: cue instanceof VTTCue ? cue.text : null };
  }, seconds);
}

async function blockingViolations(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

test.describe("Captions and transcripts with JavaScript", () => {
  test("a member sees the captions track show the right cue, and the transcript seeks the video", async ({ page, visit, student: _student }) => {
    await visit(PLAYER);
    await waitUntilInteractive(page);
    const video = page.locator("video");
    await expect(video.locator("track")).toHaveAttribute("kind", "captions");
    await expect(video.locator("track")).toHaveAttribute("srclang", "en");
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1);

    expect(await showingCueAt(page, 5)).toEqual({ tracks: 1, mode: "showing", label: "English", cue: "Sit with both feet flat on the floor, and let your hands rest." });
    expect((await showingCueAt(page, 20)).cue).toBe("Notice the weight of your body on the chair.");

    const transcript = page.getByTestId("transcript");
    await expect(transcript).not.toHaveAttribute("open", "");
    await transcript.getByText("Transcript").click();
    await expect(transcript.getByText("Breathe in slowly, for a count of four.")).toBeVisible();
    await transcript.getByRole("link", { name: "Play from 0:23" }).click();
    // Seeking, not navigating: the address stays, the video moves to the cue (and plays on).
    await expect(page).toHaveURL(PLAYER);
    await page.waitForFunction(() => {
      const time = document.querySelector("video")?.currentTime ?? 0;
      return time >= 23 && time < 30;
    });
    await page.evaluate(() => document.querySelector("video")?.pause());
    expect(await blockingViolations(page, "main")).toEqual([]);

    // The player paused on a cue, with the transcript open (docs/screenshots/ keeps a copy for the README).
    await showingCueAt(page, 24);
    // The sticky site header would cover the top of an element screenshot.
    await page.addStyleTag({ content: "body > header { position: static !important; }" });
    await page.locator("article").first().screenshot({ path: "test-results/screenshots/captions-player.png", animations: "disabled" });
  });
});

test("with JavaScript the same forms upload and delete captions in place", async ({ page, visit }) => {
  await loginThroughApi(page.request, HEADMASTER);
  await visit(CAPTIONS_PAGE);
  await waitUntilInteractive(page);
  await page.getByLabel("Language").fill("es");
  await page.getByLabel(/^Caption file/).setInputFiles({ name: "es.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:00:00.600 --> 00:00:03.600\nBienvenidos.\n") });
  await page.getByRole("button", { name: "Upload captions" }).click();
  await expect(page.getByTestId("toast-title")).toHaveText("Captions uploaded");
  await expect(page.getByRole("list", { name: "Captions" })).toContainText("Spanish");
  await page.getByRole("button", { name: "Delete the Spanish captions" }).click();
  await expect(page.getByRole("list", { name: "Captions" })).not.toContainText("Spanish");
});

test.describe("Captions and transcripts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("?t= starts the player at that second, and the transcript's times are links to it", async ({ page, visit, student: _student }) => {
    await visit(`${PLAYER}&t=19`);
    await expect(page.locator("video")).toHaveAttribute("src", /^\/uploads\/videos\/grounding-breath\.webm#t=19$/);
    await page.getByTestId("transcript").getByText("Transcript").click();
    await page.getByRole("link", { name: "Play from 0:09" }).click();
    await expect(page).toHaveURL(`${PLAYER}&t=9`);
    await expect(page.locator("video")).toHaveAttribute("src", /#t=9$/);
  });

  test("an admin uploads, replaces and deletes captions with the plain forms, and sees the line of a mistake", async ({ page, visit }) => {
    await loginThroughApi(page.request, HEADMASTER);
    await visit("/admin/courses/1/lessons?captions=missing");
    await expect(page.getByRole("link", { name: /Videos without captions \(0\)/ })).toBeVisible();
    await visit(CAPTIONS_PAGE);
    await expect(page.getByRole("heading", { name: /Section 4: A one-minute grounding breath/ })).toBeVisible();
    await expect(page.getByText("captions cannot be generated here")).toBeVisible();

    await page.getByLabel("Language").fill("fr");
    await page.getByLabel(/^Label/).fill("Français");
    await page.getByLabel(/^Caption file/).setInputFiles({
      name: "souffle.srt",
      mimeType: "application/x-subrip",
      buffer: Buffer.from("1\n00:00:00,600 --> 00:00:03,600\nBienvenue.\n"),
    });
    await page.getByRole("button", { name: "Upload captions" }).click();
    await expect(page.getByText("Captions uploaded")).toBeVisible();
    await expect(page.getByRole("list", { name: "Captions" })).toContainText("Français");

    await page.getByLabel("Language").fill("fr");
    await page.getByLabel(/^Caption file/).setInputFiles({ name: "bad.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:09 --> 00:00:10.000\nTwo\n") });
    await page.getByRole("button", { name: "Upload captions" }).click();
    await expect(page.getByText("line 6: expected a cue timing like 00:00:01.000 --> 00:00:04.000")).toBeVisible();

    await page.getByRole("button", { name: "Delete the Français captions" }).click();
    await expect(page.getByText("Captions deleted")).toBeVisible();
    await expect(page.getByRole("list", { name: "Captions" })).not.toContainText("Français");
    // (axe runs in the page's JavaScript: the accessibility sweep checks this page with it on.)
    await page.locator("main").screenshot({ path: "test-results/screenshots/captions-admin.png" });
  });
});
