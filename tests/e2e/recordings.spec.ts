import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { z } from "zod";
import { expect, HEADMASTER, loginThroughApi, test, waitUntilInteractive } from "./helpers";

// The recordings library in a browser. Recordings come from the live room,
// which these stories do not drive: they are written straight into the e2e
// server's database (playwright.config.ts: ACADEMY_E2E_DATA_DIR), one of the
// free ones and the Premium one with a file on disk.

const dataDir = process.env.ACADEMY_E2E_DATA_DIR;
if (!dataDir) throw new Error("ACADEMY_E2E_DATA_DIR is set by playwright.config.ts");
const DATABASE_PATH = path.join(dataDir, "academy.db");
const RECORDINGS_DIR = path.join(dataDir, "uploads", "recordings");

const NO_RECORDINGS = "No Recordings Found";
const NO_MATCH = "No recordings match your search criteria. Try adjusting your search terms.";
const NONE_YET = "Start recording your live sessions to see them appear here.";

// A word of this run, so the searches find these recordings and nothing else.
const word = `astral${crypto.randomBytes(4).toString("hex")}`;
const RECORDINGS = {
  circle: { title: `Full Moon Circle ${word}`, description: "Reading the lunar calendar together.", duration: 95, file: true, premium: false },
  tarot: { title: `Tarot Basics ${word}`, description: "The major arcana, card by card.", duration: 45, file: false, premium: false },
  qa: { title: `Premium Q&A ${word}`, description: "Answers for Premium members.", duration: 61, file: true, premium: true },
} as const;
type RecordingName = keyof typeof RECORDINGS;
const ids = {} as Record<RecordingName, number>;

function withDatabase<T>(work: (database: Database.Database) => T): T {
  const database = new Database(DATABASE_PATH, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    return work(database);
  } finally {
    database.close();
  }
}

/** Writes the recordings once per run (a worker restarted after a failure finds them there). */
function seedRecordings(): void {
  fs.mkdirSync(RECORDINGS_DIR, { recursive: true });
  withDatabase((database) => {
    const find = database.prepare("select id from recordings where title = ?");
    const found = (Object.keys(RECORDINGS) as RecordingName[]).map((name) => [name, find.get(RECORDINGS[name].title)] as const);
    if (found.every(([, row]) => row !== undefined)) {
      for (const [name, row] of found) ids[name] = z.object({ id: z.number() }).parse(row).id;
      return;
    }
    const insert = database.prepare(
      `insert into recordings (conference_id, title, description, duration, recording_url, size_bytes, is_premium_only, created_at)
       values (null, @title, @description, @duration, @recordingUrl, @size, @premium, @createdAt)`,
    );
    let createdAt = Date.now() - 60_000;
    for (const name of Object.keys(RECORDINGS) as RecordingName[]) {
      const recording = RECORDINGS[name];
      createdAt += 1_000;
      const recordingUrl = `conference-${900_000 + createdAt % 1000}-${createdAt}.webm`;
      const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), crypto.randomBytes(1024)]);
      if (recording.file) fs.writeFileSync(path.join(RECORDINGS_DIR, recordingUrl), bytes);
      const result = insert.run({
        title: recording.title,
        description: recording.description,
        duration: recording.duration,
        recordingUrl: recording.file ? recordingUrl : null,
        size: recording.file ? bytes.length : 0,
        premium: recording.premium ? 1 : 0,
        createdAt,
      });
      ids[name] = Number(result.lastInsertRowid);
    }
  });
}

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search recordings" });
const cards = (page: Page) => page.getByTestId("recording-card");
const card = (page: Page, name: RecordingName) => page.getByRole("article", { name: RECORDINGS[name].title });

test.describe("The recordings library", () => {
  test.describe("before anything was recorded", () => {
    test.use({ javaScriptEnabled: false });

    test("shows the headmaster the library's tabs, and says so when a search finds nothing", async ({ page, visit }) => {
      await loginThroughApi(page.request, HEADMASTER);
      // Other stories (the sessions page) may have recorded by now, so the empty
      // library's own text is checked on a fresh database in recordings-pages.test.ts.
      await visit("/admin/recordings");
      await expect(page.getByRole("heading", { level: 1, name: "Session Recordings" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Recordings", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Sessions", exact: true })).toHaveAttribute("href", "/admin/conference");

      await searchBox(page).fill("no recording is called this 7f3c");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/admin\/recordings\?q=no/);
      await expect(page.getByText(NO_RECORDINGS)).toBeVisible();
      await expect(page.getByText(NO_MATCH)).toBeVisible();
      await expect(page.getByText(NONE_YET)).toHaveCount(0);
    });
  });

  test.describe("with recordings", () => {
    test.beforeAll(() => seedRecordings());

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the headmaster searches with the form and plays a recording in the page", async ({ page, visit }) => {
        await loginThroughApi(page.request, HEADMASTER);
        await visit("/admin/recordings");
        await searchBox(page).fill(`MOON CIRCLE ${word.toUpperCase()}`);
        await page.getByRole("button", { name: "Search" }).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=MOON\\+CIRCLE\\+${word.toUpperCase()}$`));
        await expect(cards(page)).toHaveCount(1);
        await expect(card(page, "circle")).toContainText("Recorded");
        await expect(card(page, "circle")).toContainText("1h 35m");

        await searchBox(page).fill("LUNAR calendar");
        await page.getByRole("button", { name: "Search" }).click();
        await expect(card(page, "circle")).toBeVisible();

        await searchBox(page).fill(`${word} no such session`);
        await page.getByRole("button", { name: "Search" }).click();
        await expect(cards(page)).toHaveCount(0);
        await expect(page.getByText(NO_RECORDINGS)).toBeVisible();
        await expect(page.getByText(NO_MATCH)).toBeVisible();

        await searchBox(page).fill(word);
        await page.getByRole("button", { name: "Search" }).click();
        await expect(cards(page)).toHaveCount(3);
        await expect(card(page, "qa")).toContainText("Premium");
        // No file yet: both buttons are there, and disabled.
        await expect(card(page, "tarot").getByRole("button", { name: "Play" })).toBeDisabled();
        await expect(card(page, "tarot").getByRole("button", { name: "Download" })).toBeDisabled();
        await expect(card(page, "circle").getByRole("link", { name: "Download" })).toHaveAttribute(
          "href",
          `/api/recordings/${ids.circle}/file?download=1`,
        );

        await card(page, "circle").getByRole("link", { name: "Play" }).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=${word}&play=${ids.circle}$`));
        const video = card(page, "circle").locator("video");
        await expect(video).toHaveAttribute("src", `/api/recordings/${ids.circle}/file`);
        await expect(video).toHaveAttribute("controls", "");
        await expect(page.locator("video")).toHaveCount(1);
        await card(page, "circle").getByRole("link", { name: "Close Player" }).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
        await expect(page.locator("video")).toHaveCount(0);
      });
    });

    test.describe("with JavaScript", () => {
      test("filters as the headmaster types and opens the player without leaving the page", async ({ page, visit }) => {
        await loginThroughApi(page.request, HEADMASTER);
        await visit("/admin/recordings");
        // A full page load would forget this.
        await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

        await searchBox(page).fill(`tarot basics ${word}`);
        await expect(page).toHaveURL(new RegExp(`\\?q=tarot\\+basics\\+${word}$`));
        await expect(cards(page)).toHaveCount(1);
        await expect(card(page, "tarot")).toContainText("45m");

        await searchBox(page).fill(`${word} nothing like this`);
        await expect(page.getByText(NO_MATCH)).toBeVisible();
        await expect(searchBox(page)).toBeFocused();

        await searchBox(page).fill(word);
        await expect(cards(page)).toHaveCount(3);
        await card(page, "qa").getByRole("link", { name: "Play" }).click();
        await expect(page).toHaveURL(new RegExp(`\\?q=${word}&play=${ids.qa}$`));
        await expect(card(page, "qa").locator("video")).toHaveAttribute("src", `/api/recordings/${ids.qa}/file`);
        expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);

        await page.goBack();
        await expect(page.locator("video")).toHaveCount(0);
        await expect(searchBox(page)).toHaveValue(word);
      });
    });

    test("a student finds the recordings from the portal, without the Premium-only one", async ({ page, visit, student: _student }) => {
      await visit("/students");
      await page.getByRole("link", { name: /Session Recordings/ }).click();
      await expect(page).toHaveURL(/\/recordings$/);
      await expect(page.getByRole("heading", { level: 1, name: "Session Recordings" })).toBeVisible();

      await searchBox(page).fill(word);
      await expect(page).toHaveURL(new RegExp(`/recordings\\?q=${word}$`));
      await expect(cards(page)).toHaveCount(2);
      await expect(card(page, "circle")).toBeVisible();
      await expect(card(page, "tarot")).toBeVisible();
      await expect(card(page, "qa")).toHaveCount(0);
      await expect(page.getByTestId("recordings-upsell")).toContainText("for Premium members");
      await expect(page.getByTestId("recordings-upsell").getByRole("link", { name: "Upgrade to Premium" })).toBeVisible();

      await card(page, "circle").getByRole("link", { name: "Play" }).click();
      await expect(card(page, "circle").locator("video")).toHaveAttribute("src", `/api/recordings/${ids.circle}/file`);
    });
  });
});

/** A finished recording with a file, made for one story; answers its id and where its file is. */
function seedRecordingToDelete(title: string): { id: number; file: string } {
  fs.mkdirSync(RECORDINGS_DIR, { recursive: true });
  return withDatabase((database) => {
    const createdAt = Date.now();
    const recordingUrl = `conference-${800_000 + Math.floor(Math.random() * 100_000)}-${createdAt}.webm`;
    const file = path.join(RECORDINGS_DIR, recordingUrl);
    const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), crypto.randomBytes(4096)]);
    fs.writeFileSync(file, bytes);
    const result = database
      .prepare(
        `insert into recordings (conference_id, title, description, duration, recording_url, size_bytes, is_premium_only, created_at)
         values (null, ?, 'A session nobody needs any more.', 30, ?, ?, 0, ?)`,
      )
      .run(title, recordingUrl, bytes.length, createdAt);
    return { id: Number(result.lastInsertRowid), file };
  });
}

test.describe("Deleting a recording (issue 30)", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the headmaster confirms on a page of its own, and the recording and its file are gone", async ({ page, visit }) => {
      const title = `Old rehearsal ${crypto.randomBytes(4).toString("hex")}`;
      const doomed = seedRecordingToDelete(title);
      await loginThroughApi(page.request, HEADMASTER);
      await visit(`/admin/recordings?q=${encodeURIComponent(title)}`);
      await expect(page.getByTestId("recording-storage")).toContainText(/Storage: [\d.,]+ MB of [\d,]+ MB/);
      const recording = page.getByRole("article", { name: title });
      await recording.getByRole("link", { name: `Delete ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`delete=${doomed.id}$`));

      const confirm = page.getByRole("dialog", { name: "Delete this recording?" });
      await expect(confirm.getByText(title)).toBeVisible();
      // Changing one's mind leaves it there.
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(recording).toBeVisible();

      await recording.getByRole("link", { name: `Delete ${title}` }).click();
      await page.getByRole("dialog", { name: "Delete this recording?" }).getByRole("button", { name: "Delete Recording" }).click();
      await expect(page.getByTestId("toast-title")).toHaveText("Recording deleted");
      await expect(page).toHaveURL(/\/admin\/recordings\?q=Old\+rehearsal/);
      await expect(recording).toHaveCount(0);
      expect(fs.existsSync(doomed.file)).toBe(false);
    });
  });

  test.describe("with JavaScript", () => {
    test("the headmaster confirms in the browser's dialog, without leaving the page", async ({ page, visit }) => {
      const title = `Spare take ${crypto.randomBytes(4).toString("hex")}`;
      const doomed = seedRecordingToDelete(title);
      await loginThroughApi(page.request, HEADMASTER);
      await visit(`/admin/recordings?q=${encodeURIComponent(title)}`);
      await waitUntilInteractive(page);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      const recording = page.getByRole("article", { name: title });

      // "Cancel" in the browser's confirm(): nothing happens.
      page.once("dialog", (dialog) => void dialog.dismiss());
      await recording.getByRole("button", { name: `Delete ${title}` }).click();
      await expect(recording).toBeVisible();
      expect(fs.existsSync(doomed.file)).toBe(true);

      let question = "";
      page.once("dialog", (dialog) => {
        question = dialog.message();
        void dialog.accept();
      });
      await recording.getByRole("button", { name: `Delete ${title}` }).click();
      await expect(page.getByTestId("toast-title")).toHaveText("Recording deleted");
      await expect(recording).toHaveCount(0);
      expect(question).toContain(title);
      expect(fs.existsSync(doomed.file)).toBe(false);
      expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
    });
  });
});
