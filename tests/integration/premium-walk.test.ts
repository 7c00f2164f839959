import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { academyDatabase } from "../academy-database";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";
import { listBuiltRoutes, type RouteModule } from "./built-routes";
import { fillPattern, forEachLimited, type Candidates, type ConcretePath } from "./route-walk";

// Issue 10, "Premium leak": walks every route the app serves as a
// visitor, two free students, a Premium member and an admin, against fixtures
// that carry unique markers, and fails wherever a marker reaches someone who
// may not read it. Routes are read from the build's route manifest at test
// time, so a route added later is walked without touching this file.

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });

const tag = crypto.randomBytes(6).toString("hex");
/** Premium content: Premium members and admins may read it, nobody else. */
const PREMIUM_MARK = `LEAKMARKP${tag}`;
/** Hidden content (inactive lessons and courses, a draft article, an inactive template): admins only. */
const HIDDEN_MARK = `LEAKMARKH${tag}`;
/**
 * A Premium-only live session's title and description are its upsell, like a
 * Premium template's title: every signed-in member may read them (the portal
 * lists the session, flagged isPremium, and the join page offers the upgrade),
 * visitors may not. What Premium guards is attending (the .ics, the feed) and
 * the session's recording, which carry the Premium marks below.
 */
const UPSELL_MARK = `LEAKMARKU${tag}`;
/**
 * A recording copies its session's title and description, so those cannot
 * tell the recording apart: the Premium recording's file name (the spec's
 * conference-{id}-{time}.webm, time chosen here) is its Premium mark, and its
 * file holds PREMIUM_MARK.
 */
const RECORDING_STAMP = String(Number.parseInt(tag, 16) % 10 ** 13).padStart(13, "0");
/** Stands next to the markers, for the search boxes (it is not itself a marker). */
const SEARCH_WORD = `walkword${tag}`;
const MARKERS = { premium: [PREMIUM_MARK, `-${RECORDING_STAMP}.webm`], hidden: [HIDDEN_MARK], upsell: [UPSELL_MARK] } as const;
type Marker = keyof typeof MARKERS;
const MARKER_NAMES: readonly Marker[] = ["premium", "hidden", "upsell"];

const CONCURRENCY = 8;
/** The app serves about 125 routes; far fewer means the manifest was not read as intended. */
const MIN_ROUTES = 120;

type RoleName = "visitor" | "new student" | "seeker (free)" | "oracle (Premium)" | "admin";
interface Role {
  name: RoleName;
  credentials: { username: string; password: string } | null;
  /** The markers this role may see. */
  allowed: readonly Marker[];
  cookie: string;
}

interface Probe {
  role: Role;
  method: "GET" | "POST" | "PUT";
  url: string;
  json?: unknown;
  route: RouteModule | null;
  /** Why it was sent, when it was not one of the route's own URLs. */
  via?: string;
}

interface Outcome {
  probe: Probe;
  status: number;
  seen: Array<{ marker: Marker; where: string }>;
  links: string[];
}

// ------------------------------------------------------------------ fixtures

const IdSchema = z.object({ id: z.number().int() });
const LessonSchema = IdSchema.extend({ contentSections: z.array(IdSchema) });
const UploadSchema = z.object({ fileUrl: z.string() });
const DownloadSchema = z.object({ downloadUrl: z.string() });
const AuthStatusSchema = z.object({ username: z.string().nullable() });
const CompletionSchema = z.object({ certificate: z.object({ id: z.number().int(), certificateNumber: z.string() }).nullable() });

interface Fixtures {
  premiumCourseId: number;
  premiumLessonId: number;
  premiumHiddenLessonId: number;
  freeCourseId: number;
  freeLessonId: number;
  freeHiddenLessonId: number;
  hiddenCourseId: number;
  hiddenCourseLessonId: number;
  premiumSectionId: number;
  hiddenSectionId: number;
  categoryId: number;
  topicId: number;
  replyId: number;
  draftArticleId: number;
  templateId: number;
  hiddenTemplateId: number;
  certificateId: number;
  certificateNumber: string;
  /** A Premium-only live session still to come. */
  premiumConferenceId: number;
  /** A Premium-only session that was recorded and has ended. */
  recordedConferenceId: number;
  /** Its recording, with a file. */
  premiumRecordingId: number;
  /** Download tokens issued to oracle and the admin, tried by everyone. */
  tokens: string[];
}

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  const response = await visitor.login(credentials.username, credentials.password);
  expect(response.status, `sign-in of ${credentials.username}`).toBe(200);
  return visitor;
}

async function created<T>(visitor: Visitor, url: string, schema: z.ZodType<T>, init: RequestInit & { json?: unknown }): Promise<T> {
  const response = await visitor.request(url, { method: "POST", ...init });
  const text = await response.text();
  expect(response.status, `${init.method ?? "POST"} ${url}: ${text}`).toBeLessThan(300);
  return schema.parse(JSON.parse(text));
}

const courseBody = (fields: { title: string; description: string; isPremium: boolean; isActive: boolean }) => ({
  level: "Beginner",
  rating: "4.5",
  duration: "1 week",
  ...fields,
});

/** Sections of every kind, each carrying the marker in its title and its text. */
const markedSections = (marker: string) => [
  { type: "text", title: `Reading ${marker}`, content: `The ${SEARCH_WORD} exercise: ${marker} in the body.` },
  { type: "video", title: `Watching ${marker}`, url: "https://www.youtube.com/watch?v=abcdefghijk", content: `Caption ${SEARCH_WORD} ${marker}` },
  { type: "image", title: `Looking ${marker}`, url: "/images/walk.png", content: `Alt text ${SEARCH_WORD} ${marker}` },
];

function firstSection(lesson: z.infer<typeof LessonSchema>): number {
  const section = lesson.contentSections[0];
  if (!section) throw new Error(`lesson ${lesson.id} has no sections`);
  return section.id;
}

async function uploadText(admin: Visitor, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  return (await created(admin, "/api/upload", UploadSchema, { body: form })).fileUrl;
}

async function tokenFor(visitor: Visitor, templateId: number): Promise<string> {
  const { downloadUrl } = await created(visitor, `/api/tools-templates/${templateId}/download`, DownloadSchema, {});
  const token = new URL(downloadUrl, academy.baseUrl).searchParams.get("token");
  if (!token) throw new Error(`no token in ${downloadUrl}`);
  return token;
}

/** Everything the walk guards, created through the admin API as an admin would. */
async function createFixtures(admin: Visitor, premium: Visitor, newStudent: Visitor): Promise<Fixtures> {
  // Course and lesson titles are the public outline: the markers stay out of them where the item itself is public.
  const premiumCourse = await created(admin, "/api/courses", IdSchema, {
    json: courseBody({ title: "Walk: Premium Course", description: "A Premium course the walk guards.", isPremium: true, isActive: true }),
  });
  const premiumLesson = await created(admin, `/api/courses/${premiumCourse.id}/lessons`, LessonSchema, {
    json: { title: "Walk: Premium Lesson", description: `Premium description ${SEARCH_WORD} ${PREMIUM_MARK}`, contentSections: markedSections(PREMIUM_MARK) },
  });
  const premiumHiddenLesson = await created(admin, `/api/courses/${premiumCourse.id}/lessons`, LessonSchema, {
    json: { title: `Walk: unpublished ${HIDDEN_MARK}`, description: `Hidden ${HIDDEN_MARK}`, isActive: false, contentSections: markedSections(HIDDEN_MARK) },
  });

  const freeCourse = await created(admin, "/api/courses", IdSchema, {
    json: courseBody({ title: "Walk: Free Course", description: "A free course with an unpublished lesson.", isPremium: false, isActive: true }),
  });
  const freeLesson = await created(admin, `/api/courses/${freeCourse.id}/lessons`, LessonSchema, {
    json: { title: "Walk: Open Lesson", description: "Open to every student.", contentSections: [{ type: "text", title: "Open", content: "Nothing secret." }] },
  });
  const freeHiddenLesson = await created(admin, `/api/courses/${freeCourse.id}/lessons`, LessonSchema, {
    json: { title: `Walk: draft lesson ${HIDDEN_MARK}`, description: `Draft ${SEARCH_WORD} ${HIDDEN_MARK}`, isActive: false, contentSections: markedSections(HIDDEN_MARK) },
  });

  const hiddenCourse = await created(admin, "/api/courses", IdSchema, {
    json: courseBody({ title: `Walk: retired course ${HIDDEN_MARK}`, description: `Retired ${HIDDEN_MARK}`, isPremium: false, isActive: false }),
  });
  const hiddenCourseLesson = await created(admin, `/api/courses/${hiddenCourse.id}/lessons`, LessonSchema, {
    json: { title: `Walk: retired lesson ${HIDDEN_MARK}`, description: `Retired ${SEARCH_WORD} ${HIDDEN_MARK}`, contentSections: markedSections(HIDDEN_MARK) },
  });

  // The category's name and description are its public upsell; the discussions in it are not.
  const category = await created(admin, "/api/admin/forum/categories", IdSchema, {
    json: { name: "Walk Premium Circle", description: "A Premium circle the walk guards.", permission: "advanced" },
  });
  const topic = await created(admin, "/api/forum/topics", IdSchema, {
    json: { title: `Walk topic ${PREMIUM_MARK}`, content: `Premium talk about ${SEARCH_WORD}: ${PREMIUM_MARK}`, categoryId: category.id },
  });
  const reply = await created(premium, "/api/forum/replies", IdSchema, {
    json: { content: `A Premium reply on ${SEARCH_WORD}: ${PREMIUM_MARK}`, topicId: topic.id },
  });

  const draft = await created(admin, "/api/knowledge-base", IdSchema, {
    json: { title: `Draft ${HIDDEN_MARK}`, summary: `Summary ${SEARCH_WORD} ${HIDDEN_MARK}`, content: `Body ${SEARCH_WORD} ${HIDDEN_MARK}`, category: "Study Tips", tags: [], isPublished: false },
  });

  // A Premium template's title and description are its upsell; only the file is Premium.
  const template = await created(admin, "/api/admin/tools-templates", IdSchema, {
    json: {
      title: "Walk Premium Planner",
      description: "A Premium planner the walk guards.",
      category: "templates",
      fileUrl: await uploadText(admin, "walk-planner.txt", `Premium planner ${SEARCH_WORD} ${PREMIUM_MARK}\n`),
      fileName: "walk-planner.txt",
      fileType: "text/plain",
      isPremiumOnly: true,
    },
  });
  const hiddenTemplate = await created(admin, "/api/admin/tools-templates", IdSchema, {
    json: {
      title: `Walk retired ${HIDDEN_MARK}`,
      description: `Retired ${HIDDEN_MARK}`,
      category: "templates",
      fileUrl: await uploadText(admin, "walk-retired.txt", `Retired ${HIDDEN_MARK}\n`),
      fileName: "walk-retired.txt",
      fileType: "text/plain",
      isActive: false,
    },
  });

  const conferences = await createConferenceFixtures(admin);

  // oracle finishes the Premium course (a certificate to walk); the new student starts the free one.
  const completion = await created(premium, `/api/lessons/${premiumLesson.id}/complete`, CompletionSchema, {});
  if (!completion.certificate) throw new Error("finishing the Premium course issued no certificate");
  await created(newStudent, `/api/courses/${freeCourse.id}/start`, z.unknown(), {});

  return {
    premiumCourseId: premiumCourse.id,
    premiumLessonId: premiumLesson.id,
    premiumHiddenLessonId: premiumHiddenLesson.id,
    freeCourseId: freeCourse.id,
    freeLessonId: freeLesson.id,
    freeHiddenLessonId: freeHiddenLesson.id,
    hiddenCourseId: hiddenCourse.id,
    hiddenCourseLessonId: hiddenCourseLesson.id,
    premiumSectionId: firstSection(premiumLesson),
    hiddenSectionId: firstSection(freeHiddenLesson),
    categoryId: category.id,
    topicId: topic.id,
    replyId: reply.id,
    draftArticleId: draft.id,
    templateId: template.id,
    hiddenTemplateId: hiddenTemplate.id,
    certificateId: completion.certificate.id,
    certificateNumber: completion.certificate.certificateNumber,
    ...conferences,
    tokens: [await tokenFor(premium, template.id), await tokenFor(admin, template.id), await tokenFor(admin, hiddenTemplate.id)],
  };
}

/**
 * Live sessions, made through the conferences API: a Premium-only Q&A to
 * come, and a Premium-only session held and recorded (its recording filed
 * directly, see below).
 */
async function createConferenceFixtures(admin: Visitor) {
  const inADay = new Date(Date.now() + 24 * 3_600_000).toISOString();
  const upcoming = await created(admin, "/api/conferences", IdSchema, {
    json: { title: `Walk: Premium Q&A ${UPSELL_MARK}`, description: `Questions ${UPSELL_MARK}`, scheduledAt: inADay, isPremium: true },
  });
  const recorded = await created(admin, "/api/conferences", IdSchema, {
    json: { title: `Walk: recorded Q&A ${UPSELL_MARK}`, description: `Recorded ${SEARCH_WORD} ${UPSELL_MARK}`, scheduledAt: inADay, isPremium: true },
  });
  await created(admin, `/api/conferences/${recorded.id}/start`, z.unknown(), {});
  await created(admin, `/api/conferences/${recorded.id}/end`, z.unknown(), {});
  // Its recording as the live room leaves it in the library (finalised, file in
  // place), filed here directly: the upload rewrites what it receives, and the
  // server names the file, so neither could carry the marks.
  const fileName = `conference-${recorded.id}-${RECORDING_STAMP}.webm`;
  const folder = path.join(academy.process.dataDir, "uploads", "recordings");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, fileName), `Premium recording ${PREMIUM_MARK}\n`);
  const database = await academyDatabase(academy.process);
  let premiumRecordingId: number;
  try {
    const row = await database.get(
      `insert into recordings (conference_id, title, description, duration, recording_url, size_bytes, status, is_premium_only)
       select id, title, description, 5, ?, ?, 'ready', is_premium_only from conferences where id = ? returning id`,
      fileName,
      fs.statSync(path.join(folder, fileName)).size,
      recorded.id,
    );
    premiumRecordingId = IdSchema.parse(row).id;
  } finally {
    await database.close();
  }
  return { premiumConferenceId: upcoming.id, recordedConferenceId: recorded.id, premiumRecordingId };
}

// ------------------------------------------------------------ what to send

/**
 * Every value a dynamic segment is tried with: the ids of the fixtures, mixed
 * across tables (an article id in a lesson's place is a request too). Section
 * ids are only read by one route: the first of each kind stands for them.
 */
function paramCandidates(f: Fixtures): string[] {
  const ids = [
    f.premiumCourseId,
    f.premiumLessonId,
    f.freeCourseId,
    f.freeHiddenLessonId,
    f.hiddenCourseId,
    f.hiddenCourseLessonId,
    f.premiumHiddenLessonId,
    f.premiumSectionId,
    f.hiddenSectionId,
    f.categoryId,
    f.topicId,
    f.replyId,
    f.draftArticleId,
    f.templateId,
    f.hiddenTemplateId,
    f.certificateId,
    f.premiumConferenceId,
    f.recordedConferenceId,
    f.premiumRecordingId,
  ];
  return [...new Set([...ids.map(String), f.certificateNumber])];
}

/**
 * Candidates for every dynamic segment. Routes with two params (a course and
 * its lesson) pair every value with each course and lesson id rather than
 * with every other value: the real pairs are all there, at a fraction of the
 * requests.
 */
function candidatesFor(f: Fixtures): Candidates {
  return {
    params: paramCandidates(f),
    splats: ["walk-missing-page", `lessons/${f.premiumLessonId}/content`],
    anchors: [f.premiumCourseId, f.premiumLessonId, f.freeCourseId, f.freeHiddenLessonId, f.hiddenCourseId, f.hiddenCourseLessonId].map(String),
  };
}

/**
 * Query strings that change what a route shows, by URL pattern. Every route
 * without dynamic segments is also tried with a search and a page number, so
 * a search page added later is searched too.
 */
const QUERY_VARIANTS: Record<string, (params: Record<string, string>, f: Fixtures) => string[]> = {
  "/course/:courseId/lesson/:lessonId": (params, f) => {
    const pairs = [
      [f.premiumCourseId, f.premiumLessonId],
      [f.premiumCourseId, f.premiumHiddenLessonId],
      [f.freeCourseId, f.freeHiddenLessonId],
      [f.hiddenCourseId, f.hiddenCourseLessonId],
    ];
    const known = pairs.some(([course, lesson]) => params.courseId === String(course) && params.lessonId === String(lesson));
    return known ? ["?section=1", "?section=2", "?section=3"] : [];
  },
  "/students": () => ["?tab=courses", "?tab=progress", "?tab=progress&view=courses", "?tab=progress&view=activity", "?tab=certificates"],
  "/dashboard": () => ["?tab=courses", "?tab=members", "?tab=knowledge-base", "?tab=analytics"],
  "/knowledge-base": () => [`?q=${SEARCH_WORD}`, `?q=${SEARCH_WORD}&category=Study%20Tips`, "?category=Study%20Tips"],
  "/api/knowledge-base": () => [`?q=${SEARCH_WORD}`, "?category=Study%20Tips"],
  "/community/category/:categoryId": (params, f) => (params.categoryId === String(f.categoryId) ? ["?page=1"] : []),
  "/community/topic/:topicId": (params, f) => (params.topicId === String(f.topicId) ? ["?page=1"] : []),
  "/api/forum/topic/:topicId": (params, f) => (params.topicId === String(f.topicId) ? ["?page=1"] : []),
  "/api/forum/topics/:categoryId": (params, f) => (params.categoryId === String(f.categoryId) ? ["?page=1"] : []),
  "/tools-templates": (_params, f) => ["?category=templates", `?premium=${f.templateId}`, `?premium=${f.hiddenTemplateId}`],
  "/api/tools-templates": () => ["?category=templates"],
  "/api/tools-templates/:templateId/file": (_params, f) => f.tokens.map((token) => `?token=${encodeURIComponent(token)}`),
  "/admin/knowledge-base": (_params, f) => [`?edit=${f.draftArticleId}`],
  "/api/recordings": () => [`?q=${SEARCH_WORD}`],
  "/api/recordings/:recordingId/file": (params, f) => (params.recordingId === String(f.premiumRecordingId) ? ["?download=1"] : []),
};
const STATIC_ROUTE_QUERIES = [`?q=${SEARCH_WORD}&page=1`];

/** Writes worth more than an empty body: they name the fixtures, so they pass validation and reach the rules. */
const PLAUSIBLE_WRITES: Record<string, (f: Fixtures) => Array<{ method: "POST" | "PUT"; json: unknown }>> = {
  "/api/forum/replies": (f) => [{ method: "POST", json: { content: "A walk reply", topicId: f.topicId } }],
  "/api/forum/topics": (f) => [{ method: "POST", json: { title: "A walk topic", content: "Hello", categoryId: f.categoryId } }],
  "/api/sections/:sectionId/position": () => [{ method: "PUT", json: { seconds: 3 } }],
  "/api/generate-lesson-content": () => [{ method: "POST", json: { title: "Walk" } }],
};

/** Routes that end the session they are sent with; each of their requests gets a session of its own. */
const endsSession = (route: RouteModule) => /logout|sign-out-everywhere/.test(route.id);
/** Routes that end every session of the member: walked after the check that the roles stayed signed in. */
const endsAllSessions = (route: RouteModule) => /sign-out-everywhere/.test(route.id);

const isApi = (route: RouteModule) => route.pattern.startsWith("/api/");

function probesFor(route: RouteModule, roles: Role[], f: Fixtures): Probe[] {
  const paths: ConcretePath[] = fillPattern(route.segments, candidatesFor(f));
  const probes: Probe[] = [];
  for (const role of roles) {
    for (const { path: url, params } of paths) {
      const queries = QUERY_VARIANTS[route.pattern]?.(params, f) ?? (Object.keys(params).length === 0 ? STATIC_ROUTE_QUERIES : []);
      for (const query of ["", ...queries]) probes.push({ role, method: "GET", url: url + query, route });
      // Admins' writes are real: the walk sends none, so it deletes and changes nothing of theirs.
      if (!isApi(route) || role.name === "admin") continue;
      probes.push({ role, method: "POST", url, json: {}, route }, { role, method: "PUT", url, json: {}, route });
      for (const write of PLAUSIBLE_WRITES[route.pattern]?.(f) ?? []) probes.push({ role, ...write, url, route });
    }
  }
  return probes;
}

// -------------------------------------------------------------- sending

async function send(probe: Probe, cookie = probe.role.cookie): Promise<Outcome> {
  // Uncompressed answers: the marker search needs plain text, and the server is spared gzip.
  const headers: Record<string, string> = { "Accept-Encoding": "identity" };
  if (cookie) headers.Cookie = cookie;
  let body: string | undefined;
  if (probe.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(probe.json);
  }
  const response = await fetch(new URL(probe.url, academy.baseUrl), { method: probe.method, headers, body, redirect: "manual" });
  const text = await response.text();
  // Calendars fold long lines (CRLF and a space), which could split a marker.
  const searchable = text.replace(/\r\n[ \t]/g, "").toLowerCase();
  const seen: Outcome["seen"] = [];
  for (const marker of MARKER_NAMES) {
    for (const needle of MARKERS[marker].map((m) => m.toLowerCase())) {
      if (searchable.includes(needle)) seen.push({ marker, where: "body" });
      for (const [name, headerValue] of response.headers) {
        if (headerValue.toLowerCase().includes(needle)) seen.push({ marker, where: `${name} header` });
      }
    }
  }
  return { probe, status: response.status, seen, links: probe.method === "GET" ? [] : linksIn(text) };
}

/** Same-site addresses a write answered with (download and share links): the walk follows them as the same role. */
function linksIn(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== "object") return [];
  return Object.values(parsed).flatMap((value) => {
    if (typeof value !== "string") return [];
    if (value.startsWith("/") && !value.startsWith("//")) return [value];
    try {
      const url = new URL(value);
      return url.protocol.startsWith("http") ? [url.pathname + url.search] : [];
    } catch {
      return [];
    }
  });
}

async function sessionCookie(credentials: { username: string; password: string }): Promise<string> {
  return (await signedIn(credentials)).cookieHeader;
}

const describeProbe = (outcome: Outcome) =>
  `${outcome.probe.role.name} ${outcome.probe.method} ${outcome.probe.url} → ${outcome.status}${outcome.probe.via ? ` (via ${outcome.probe.via})` : ""}`;

// ------------------------------------------------------------------- walk

interface WalkRecord {
  routes: RouteModule[];
  /** Route files none of whose URLs Remix routed to them. */
  unmatched: string[];
  outcomes: Outcome[];
  /** Requests that got no answer at all. */
  failures: string[];
  /** Roles whose session did not survive the walk. */
  signedOut: string[];
  fixtures: Fixtures | null;
}
const walk: WalkRecord = { routes: [], unmatched: [], outcomes: [], failures: [], signedOut: [], fixtures: null };

function outcomeOf(roleName: RoleName, method: Probe["method"], url: string): Outcome | undefined {
  return walk.outcomes.find((o) => o.probe.role.name === roleName && o.probe.method === method && o.probe.url === url);
}

/** Does `route` answer `url`? Remix refuses a `?_data=` naming a route that does not match the URL with 403 + X-Remix-Error. */
async function routeAnswers(route: RouteModule, url: string): Promise<boolean> {
  const probeUrl = `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route.id)}`;
  const response = await fetch(new URL(probeUrl, academy.baseUrl), { redirect: "manual" });
  await response.arrayBuffer();
  return !(response.status === 403 && response.headers.has("X-Remix-Error"));
}

beforeAll(async () => {
  const started = Date.now();
  walk.routes = await listBuiltRoutes();
  const admin = await signedIn(TEST_ADMIN);
  const premium = await signedIn(DEMO_PREMIUM);
  const newStudentCredentials = { username: uniqueName("walker"), password: "a calm and steady passphrase" };
  const newStudent = new Visitor(academy.baseUrl);
  expect((await newStudent.register(newStudentCredentials.username, newStudentCredentials.password)).status).toBe(201);
  const f = await createFixtures(admin, premium, newStudent);
  walk.fixtures = f;

  const roles: Role[] = [
    { name: "visitor", credentials: null, allowed: [], cookie: "" },
    { name: "new student", credentials: newStudentCredentials, allowed: ["upsell"], cookie: newStudent.cookieHeader },
    { name: "seeker (free)", credentials: DEMO_STUDENT, allowed: ["upsell"], cookie: await sessionCookie(DEMO_STUDENT) },
    { name: "oracle (Premium)", credentials: DEMO_PREMIUM, allowed: ["premium", "upsell"], cookie: premium.cookieHeader },
    { name: "admin", credentials: TEST_ADMIN, allowed: ["premium", "hidden", "upsell"], cookie: admin.cookieHeader },
  ];


  const record = async (probe: Probe, cookie?: string) => {
    try {
      walk.outcomes.push(await send(probe, cookie));
    } catch (error) {
      walk.failures.push(`${probe.role.name} ${probe.method} ${probe.url}: ${String(error)}`);
    }
  };

  // Each route file must really answer the URLs made from its name.
  await forEachLimited(walk.routes, CONCURRENCY, async (route) => {
    const candidates = fillPattern(route.segments, candidatesFor(f)).slice(0, 3);
    for (const { path: url } of candidates) if (await routeAnswers(route, url)) return;
    walk.unmatched.push(`${route.id} (tried ${candidates.map((c) => c.path).join(", ") || "nothing"})`);
  });

  // A route answers a method it does not take with 405 whatever the URL: the
  // first URL of each route, role and method is sent first, and the rest only
  // where that was not a 405.
  const probes = walk.routes.flatMap((route) => probesFor(route, roles, f));
  const walked = probes.filter((probe) => !probe.route || !endsSession(probe.route));
  const group = (probe: Probe) => `${probe.route?.id} ${probe.role.name} ${probe.method}`;
  const firsts = new Map<string, Probe>();
  for (const probe of walked) if (!firsts.has(group(probe))) firsts.set(group(probe), probe);
  await forEachLimited([...firsts.values()], CONCURRENCY, (probe) => record(probe));
  const refused = new Set(walk.outcomes.filter((o) => o.status === 405).map((o) => group(o.probe)));
  const firstProbes = new Set(firsts.values());
  const rest = walked.filter((probe) => !firstProbes.has(probe) && !refused.has(group(probe)));
  await forEachLimited(rest, CONCURRENCY, (probe) => record(probe));
  // Sign-out routes last, each request with a fresh session so the others keep theirs.
  for (const probe of probes.filter((p) => p.route && endsSession(p.route) && !endsAllSessions(p.route))) {
    await record(probe, probe.role.credentials ? await sessionCookie(probe.role.credentials) : "");
  }

  // Download and share links handed out by writes, opened by whoever received them.
  const seen = new Set<string>();
  const followUps: Probe[] = [];
  for (const outcome of walk.outcomes) {
    for (const link of outcome.links) {
      const key = `${outcome.probe.role.name} ${link}`;
      if (seen.has(key)) continue;
      seen.add(key);
      followUps.push({ role: outcome.probe.role, method: "GET", url: link, route: null, via: `${outcome.probe.method} ${outcome.probe.url}` });
    }
  }
  await forEachLimited(followUps, CONCURRENCY, (probe) => record(probe));

  for (const role of roles.filter((r) => r.credentials)) {
    const answer = await fetch(new URL("/api/auth-status", academy.baseUrl), { headers: { Cookie: role.cookie } });
    const status = AuthStatusSchema.parse(await answer.json());
    if (status.username !== role.credentials?.username) walk.signedOut.push(role.name);
  }
  // Signing out everywhere is walked last of all: it ends the roles' own sessions too.
  for (const probe of probes.filter((p) => p.route && endsAllSessions(p.route))) {
    await record(probe, probe.role.credentials ? await sessionCookie(probe.role.credentials) : "");
  }

  const byMethod = walk.outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o.probe.method]: (counts[o.probe.method] ?? 0) + 1 }), {});
  const serverErrors = walk.outcomes.filter((o) => o.status >= 500);
  console.log(
    `premium walk: ${walk.routes.length} routes, ${walk.outcomes.length} requests (${JSON.stringify(byMethod)}; ` +
      `${walked.length - firstProbes.size - rest.length} skipped after a 405), ` +
      `${followUps.length} followed links, ${serverErrors.length} answers ≥ 500, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (serverErrors.length) console.log(`answers ≥ 500 (not leaks, listed for the record):\n${serverErrors.slice(0, 40).map(describeProbe).join("\n")}`);
}, 300_000);

describe("the Premium walk over every route the app serves", () => {
  it("reads every route, and each one answers the URLs made from its pattern", () => {
    expect(walk.routes.length).toBeGreaterThanOrEqual(MIN_ROUTES);
    expect(walk.unmatched, "routes no walked URL reached").toEqual([]);
    const walkedIds = new Set(walk.outcomes.flatMap((o) => (o.probe.route ? [o.probe.route.id] : [])));
    expect(walk.routes.filter((route) => !walkedIds.has(route.id)).map((route) => route.id), "routes never requested").toEqual([]);
    const patterns = new Set(walk.routes.map((route) => route.pattern));
    const stale = [...Object.keys(QUERY_VARIANTS), ...Object.keys(PLAUSIBLE_WRITES)].filter((pattern) => !patterns.has(pattern));
    expect(stale, "query variants or writes for routes that no longer exist").toEqual([]);
    expect(walk.failures, "requests that got no answer").toEqual([]);
  });

  it("kept every role signed in for the whole walk", () => {
    expect(walk.signedOut).toEqual([]);
  });

  it("reached the guarded content where it may be read, so the walk is not vacuous", () => {
    const f = walk.fixtures;
    if (!f) throw new Error("no fixtures");
    const expectations: Array<[RoleName, string, Marker]> = [
      ["oracle (Premium)", `/course/${f.premiumCourseId}/lesson/${f.premiumLessonId}`, "premium"],
      ["oracle (Premium)", `/course/${f.premiumCourseId}/lesson/${f.premiumLessonId}?section=2`, "premium"],
      ["oracle (Premium)", `/api/lessons/${f.premiumLessonId}`, "premium"],
      ["oracle (Premium)", `/api/courses/${f.premiumCourseId}/lessons`, "premium"],
      ["oracle (Premium)", `/community/topic/${f.topicId}`, "premium"],
      ["oracle (Premium)", `/api/tools-templates/${f.templateId}/file?token=${encodeURIComponent(f.tokens[0] ?? "")}`, "premium"],
      ["admin", `/knowledge-base/${f.draftArticleId}`, "hidden"],
      ["admin", `/api/knowledge-base/${f.draftArticleId}`, "hidden"],
      ["admin", `/api/knowledge-base?q=${SEARCH_WORD}`, "hidden"],
      ["admin", `/course/${f.hiddenCourseId}/lesson/${f.hiddenCourseLessonId}`, "hidden"],
      ["oracle (Premium)", "/api/recordings", "premium"],
      ["oracle (Premium)", `/api/recordings?q=${SEARCH_WORD}`, "premium"],
      ["oracle (Premium)", `/api/recordings/${f.premiumRecordingId}/file`, "premium"],
      ["oracle (Premium)", `/api/recordings/${f.premiumRecordingId}/file?download=1`, "premium"],
      ["oracle (Premium)", `/api/conferences/${f.premiumConferenceId}/calendar.ics`, "upsell"],
      ["admin", "/api/recordings", "premium"],
      // The upsell is deliberately shown to free members: listed and readable by id.
      ["seeker (free)", "/api/conferences", "upsell"],
      ["seeker (free)", `/api/conferences/${f.premiumConferenceId}`, "upsell"],
      ["new student", `/api/conferences/${f.recordedConferenceId}`, "upsell"],
    ];
    for (const [role, url, marker] of expectations) {
      const outcome = outcomeOf(role, "GET", url);
      expect(outcome, `${role} GET ${url} was walked`).toBeDefined();
      expect(
        outcome?.seen.some((s) => s.marker === marker),
        `${role} GET ${url} → ${outcome?.status} shows the ${marker} marker`,
      ).toBe(true);
    }
  });

  it("shows Premium content only to Premium members and admins, and hidden content only to admins", () => {
    const violations = walk.outcomes
      .filter((outcome) => outcome.seen.some((s) => !outcome.probe.role.allowed.includes(s.marker)))
      .map((outcome) => {
        const what = outcome.seen.filter((s) => !outcome.probe.role.allowed.includes(s.marker)).map((s) => `${s.marker} marker in ${s.where}`);
        return `${describeProbe(outcome)}: ${[...new Set(what)].join(", ")}`;
      });
    expect(violations, `${violations.length} leaks:\n${violations.join("\n")}`).toEqual([]);
  });
});
