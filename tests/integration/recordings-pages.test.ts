import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// The recordings library as people use it without JavaScript: the admin's
// /admin/recordings and the members' /recordings, read as server-rendered HTML.
// Recordings are written straight into the server's database (the live room
// that makes them is not part of this page), one of them with a real file.

const academy = useAcademy();

const PREMIUM_MARK = `PREMIUMREC${crypto.randomBytes(5).toString("hex")}`;
const NO_RECORDINGS = "No Recordings Found";
const NO_MATCH = "No recordings match your search criteria. Try adjusting your search terms.";
const NONE_YET = "Start recording your live sessions to see them appear here.";

interface SeedRecording {
  title: string;
  description: string;
  duration: number;
  createdAt: number;
  recordingUrl: string | null;
  isPremiumOnly?: boolean;
  /** Bytes written to UPLOADS_DIR/recordings/<recordingUrl>. */
  file?: Buffer;
}

const JAN_15_2026_1830_UTC = Date.UTC(2026, 0, 15, 18, 30);
const HOUR = 3_600_000;
const WEBM_BYTES = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), crypto.randomBytes(2048)]);

const SEEDS = {
  moon: {
    title: "Full MOON Circle",
    description: "Reading the lunar calendar together.",
    duration: 95,
    createdAt: JAN_15_2026_1830_UTC,
    recordingUrl: `conference-1-${JAN_15_2026_1830_UTC}.webm`,
    file: WEBM_BYTES,
  },
  tarot: {
    title: "Tarot Basics Live",
    description: "Progress report: 100% of the major arcana covered",
    duration: 45,
    createdAt: JAN_15_2026_1830_UTC - 24 * HOUR,
    recordingUrl: null,
  },
  // Named, but its file never arrived.
  axb: {
    title: "Axb Workshop",
    description: "Spreads for axb readers",
    duration: 60,
    createdAt: JAN_15_2026_1830_UTC - 48 * HOUR,
    recordingUrl: `conference-2-${JAN_15_2026_1830_UTC - 48 * HOUR}.webm`,
  },
  underscore: {
    title: "The a_b notation",
    description: "Underscores, literally",
    duration: 5,
    createdAt: JAN_15_2026_1830_UTC - 72 * HOUR,
    recordingUrl: null,
  },
  premium: {
    title: `Monthly Premium Q&A ${PREMIUM_MARK}`,
    description: `Answers for oracles only ${PREMIUM_MARK}`,
    duration: 61,
    createdAt: JAN_15_2026_1830_UTC + HOUR,
    recordingUrl: `conference-3-${JAN_15_2026_1830_UTC + HOUR}.webm`,
    isPremiumOnly: true,
    file: WEBM_BYTES,
  },
} satisfies Record<string, SeedRecording>;
type SeedName = keyof typeof SEEDS;
const ids = {} as Record<SeedName, number>;

let database: AcademyDatabase;
afterAll(() => database?.close());

async function insertRecording(seed: SeedRecording): Promise<number> {
  const row = await database.get<{ id: number }>(
    `insert into recordings (title, description, duration, recording_url, size_bytes, is_premium_only, created_at)
     values (?, ?, ?, ?, ?, ?, ?) returning id`,
    seed.title,
    seed.description,
    seed.duration,
    seed.recordingUrl,
    seed.file?.length ?? 0,
    seed.isPremiumOnly ?? false,
    new Date(seed.createdAt),
  );
  if (!row) throw new Error(`${seed.title} was not stored`);
  if (seed.file && seed.recordingUrl) {
    const folder = path.join(academy.process.dataDir, "uploads", "recordings");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, seed.recordingUrl), seed.file);
  }
  return row.id;
}

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

interface Card {
  title: string;
  html: string;
}

/** The recording cards of a page, in order. */
function cardsOf(html: string): Card[] {
  return [...html.matchAll(/<article[^>]*data-testid="recording-card"[^>]*>[\s\S]*?<\/article>/g)].map(([chunk]) => ({
    title: decode(/aria-label="([^"]*)"/.exec(chunk)?.[1] ?? ""),
    html: chunk,
  }));
}

const text = (html: string) => decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

async function page(visitor: Visitor, url: string): Promise<string> {
  const response = await visitor.request(url);
  const html = await response.text();
  expect(response.status, `GET ${url}`).toBe(200);
  return html;
}

async function titlesFor(visitor: Visitor, url: string): Promise<string[]> {
  return cardsOf(await page(visitor, url)).map((card) => card.title);
}

function cardFor(html: string, name: SeedName): Card {
  const card = cardsOf(html).find((c) => c.title === SEEDS[name].title);
  if (!card) throw new Error(`no card for ${SEEDS[name].title}`);
  return card;
}

let admin: Visitor;
let seeker: Visitor;
let oracle: Visitor;

beforeAll(async () => {
  database = await academyDatabase(academy.process);
  admin = await signedIn(TEST_ADMIN);
  seeker = await signedIn(DEMO_STUDENT);
  oracle = await signedIn(DEMO_PREMIUM);
});

describe("who may open the recordings pages", () => {
  it("sends a visitor to the login page and back to /recordings afterwards", async () => {
    const response = await new Visitor(academy.baseUrl).request("/recordings?q=moon");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/recordings?q=moon")}`);
  });

  it("refuses /admin/recordings to a student and to a visitor", async () => {
    const student = await seeker.request("/admin/recordings");
    expect(student.status).toBe(302);
    expect(student.headers.get("Location")).toBe("/students");
    const visitor = await new Visitor(academy.baseUrl).request("/admin/recordings");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/admin/recordings")}`);
  });
});

describe("an empty library", () => {
  it("asks the admin to record live sessions, with tabs and a way back", async () => {
    const html = await page(admin, "/admin/recordings");
    expect(cardsOf(html)).toEqual([]);
    expect(text(html)).toContain(NO_RECORDINGS);
    expect(text(html)).toContain(NONE_YET);
    expect(text(html)).not.toContain(NO_MATCH);
    expect(html).toContain('href="/dashboard"');
    const tab = (label: string) => new RegExp(`<a[^>]*>${label}</a>`).exec(html)?.[0] ?? "";
    expect(tab("Sessions")).toContain('href="/admin/conference"');
    expect(tab("Sessions")).not.toContain("aria-current");
    expect(tab("Recordings")).toContain('href="/admin/recordings"');
    expect(tab("Recordings")).toContain('aria-current="page"');
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin\/recordings"/);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*placeholder="Search recordings..."/);
  });

  it("says a search found nothing when there was a search", async () => {
    const html = await page(admin, "/admin/recordings?q=anything");
    expect(text(html)).toContain(NO_RECORDINGS);
    expect(text(html)).toContain(NO_MATCH);
    expect(text(html)).not.toContain(NONE_YET);
  });
});

describe("a library with recordings", () => {
  beforeAll(async () => {
    for (const name of Object.keys(SEEDS) as SeedName[]) ids[name] = await insertRecording(SEEDS[name]);
  });

  it("lists every recording for the admin, newest first, with badge, date, duration and the Premium marker", async () => {
    admin.setCookieHeader(`${admin.cookieHeader}; tz=Europe%2FBerlin`);
    const html = await page(admin, "/admin/recordings");
    expect(cardsOf(html).map((card) => card.title)).toEqual(
      (["premium", "moon", "tarot", "axb", "underscore"] as const).map((name) => SEEDS[name].title),
    );
    const moon = text(cardFor(html, "moon").html);
    expect(moon).toContain("Recorded");
    expect(moon).toContain(SEEDS.moon.description);
    // Spec §9: 'Xh Ym' from an hour on; the date in the viewer's zone (the tz cookie).
    expect(moon).toContain("Duration 1h 35m");
    expect(moon).toContain("Thu, Jan 15, 2026, 7:30 PM GMT+1");
    expect(moon).not.toContain("Premium");
    expect(text(cardFor(html, "tarot").html)).toContain("Duration 45m");
    expect(text(cardFor(html, "axb").html)).toContain("Duration 1h 0m");
    const premium = text(cardFor(html, "premium").html);
    expect(premium).toContain("Premium");
    expect(premium).toContain("Duration 1h 1m");
  });

  it("searches title and description case-insensitively", async () => {
    expect(await titlesFor(admin, "/admin/recordings?q=moon")).toEqual([SEEDS.moon.title]);
    expect(await titlesFor(admin, "/admin/recordings?q=LUNAR+CALENDAR")).toEqual([SEEDS.moon.title]);
    expect(await titlesFor(admin, "/admin/recordings?q=%20%20tarot%20")).toEqual([SEEDS.tarot.title]);
    expect(await titlesFor(admin, "/admin/recordings?q=oracles")).toEqual([SEEDS.premium.title]);
    const html = await page(admin, "/admin/recordings?q=moon");
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="moon"/);
  });

  it("takes % and _ literally", async () => {
    expect(await titlesFor(admin, "/admin/recordings?q=%25")).toEqual([SEEDS.tarot.title]);
    expect(await titlesFor(admin, "/admin/recordings?q=100%25")).toEqual([SEEDS.tarot.title]);
    expect(await titlesFor(admin, "/admin/recordings?q=a_b")).toEqual([SEEDS.underscore.title]);
    const none = await page(admin, "/admin/recordings?q=_x_");
    expect(cardsOf(none)).toEqual([]);
    expect(text(none)).toContain(NO_MATCH);
  });

  it("answers odd searches calmly", async () => {
    for (const query of ["?q=", "?q=%E0%A4%A", `?q=${"x".repeat(5000)}`, "?q=a&q=b", "?play=-1", "?play=abc", "?play=99999999999"]) {
      const response = await admin.request(`/admin/recordings${query}`);
      expect(response.status, query).toBe(200);
      await response.arrayBuffer();
    }
  });

  it("disables Play and Download without a file, and links them when there is one", async () => {
    const html = await page(admin, "/admin/recordings");
    for (const name of ["tarot", "axb"] as const) {
      const card = cardFor(html, name).html;
      expect(card, name).toMatch(/<button type="button" disabled=""[^>]*>[\s\S]*?Play<\/button>/);
      expect(card, name).toMatch(/<button type="button" disabled=""[^>]*>[\s\S]*?Download<\/button>/);
      expect(card, name).not.toContain("/api/recordings/");
      expect(text(card)).toContain("The recording file is not available yet.");
    }
    const moon = cardFor(html, "moon").html;
    expect(moon).not.toContain('disabled=""');
    expect(moon).toMatch(new RegExp(`<a[^>]*href="/admin/recordings\\?play=${ids.moon}"[^>]*>[\\s\\S]*?Play</a>`));
    expect(moon).toMatch(new RegExp(`<a[^>]*href="/api/recordings/${ids.moon}/file\\?download=1"[^>]*download=""[^>]*>[\\s\\S]*?Download</a>`));
  });

  it("opens the player in the page for ?play=, keeping the search", async () => {
    const html = await page(admin, `/admin/recordings?q=moon&play=${ids.moon}`);
    expect(html).toMatch(new RegExp(`<video controls="" preload="metadata" src="/api/recordings/${ids.moon}/file"`));
    const card = cardFor(html, "moon").html;
    expect(card).toContain("<video");
    expect(card).toMatch(/<a[^>]*href="\/admin\/recordings\?q=moon"[^>]*>[\s\S]*?Close Player<\/a>/);
    const withSearch = await page(admin, "/admin/recordings?q=circle");
    expect(cardFor(withSearch, "moon").html).toContain(`href="/admin/recordings?q=circle&amp;play=${ids.moon}"`);
    // No player for a recording without a file, or one the search left out.
    expect(await page(admin, `/admin/recordings?play=${ids.axb}`)).not.toContain("<video");
    expect(await page(admin, `/admin/recordings?q=tarot&play=${ids.moon}`)).not.toContain("<video");
    expect(await page(admin, "/admin/recordings")).not.toContain("<video");
  });
});

describe("the members' own recordings page", () => {
  it("shows a free student the free recordings only, and tells them Premium ones exist", async () => {
    const html = await page(seeker, "/recordings");
    expect(text(html)).toContain("Session Recordings");
    expect(cardsOf(html).map((card) => card.title)).toEqual(
      (["moon", "tarot", "axb", "underscore"] as const).map((name) => SEEDS[name].title),
    );
    expect(html).not.toContain(PREMIUM_MARK);
    expect(text(html)).toContain("1 more recording, from the monthly live Q&A, is for Premium members.");
    expect(html).toContain('data-testid="recordings-upsell"');
    expect(html).toMatch(new RegExp(`href="/recordings\\?play=${ids.moon}"`));
  });

  it("never lets a free student reach a Premium recording by search or by ?play=", async () => {
    for (const url of [
      `/recordings?q=oracles&play=${ids.premium}`,
      `/recordings?play=${ids.premium}`,
      `/recordings?q=premium&play=${ids.premium}`,
    ]) {
      const response = await seeker.request(url);
      const html = await response.text();
      expect(response.status, url).toBe(200);
      expect(html, url).not.toContain(PREMIUM_MARK);
      expect(html, url).not.toContain(`/api/recordings/${ids.premium}/`);
      expect(html, url).not.toContain("<video");
    }
    expect(text(await page(seeker, "/recordings?q=oracles"))).toContain(NO_MATCH);
  });

  it("shows a Premium member the Premium recordings too, and plays them", async () => {
    const html = await page(oracle, "/recordings");
    expect(cardsOf(html).map((card) => card.title)).toEqual(
      (["premium", "moon", "tarot", "axb", "underscore"] as const).map((name) => SEEDS[name].title),
    );
    expect(html).not.toContain('data-testid="recordings-upsell"');
    expect(text(cardFor(html, "premium").html)).toContain("Premium");
    const playing = await page(oracle, `/recordings?q=oracles&play=${ids.premium}`);
    expect(playing).toMatch(new RegExp(`<video[^>]*src="/api/recordings/${ids.premium}/file"`));
  });

  it("searches the same way on the members' page", async () => {
    expect(await titlesFor(seeker, "/recordings?q=MOON")).toEqual([SEEDS.moon.title]);
    expect(await titlesFor(seeker, "/recordings?q=%25")).toEqual([SEEDS.tarot.title]);
    expect(await titlesFor(seeker, "/recordings?q=a_b")).toEqual([SEEDS.underscore.title]);
  });

  it("is linked from the portal's Quick Actions", async () => {
    const html = await page(seeker, "/students");
    expect(html).toMatch(/<a[^>]*href="\/recordings"[^>]*>[\s\S]*?Session Recordings/);
  });
});
