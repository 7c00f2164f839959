// The demo academy (courses, forum, knowledge base, templates and the monthly
// live session), read from the Markdown files under content/ (content/README.md
// describes the layout). Plain data only; db/seed.ts decides how to store it.
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { AssignmentSchema, type AssignmentInput } from "~/schemas/assignment";
import { QuizSchema, type QuizData } from "~/schemas/quiz";
import { ReleaseAfterDaysSchema, ReleaseAtSchema } from "~/schemas/lesson";
import { canonicalLanguage, CaptionFormatError, languageName, parseCaptions } from "~/utils/captions";
import { COURSE_LEVELS, FORUM_COLORS, FORUM_PERMISSIONS, KB_CATEGORIES, TEMPLATE_CATEGORIES } from "./schema";

export const SEED_AUTHORS = ["admin", "student", "premium"] as const;
export type SeedAuthor = (typeof SEED_AUTHORS)[number];

export interface SeedCaptions {
  language: string;
  label: string;
  /** Checked and normalised by parseCaptions. */
  vtt: string;
}

export interface SeedSection {
  type: "text" | "image" | "video";
  title: string;
  content: string;
  url?: string;
  /** An uploaded video (`Video: /uploads/videos/<name>`): its file under content/media, copied to the uploads on seeding. */
  mediaFile?: string;
  /** Its captions: content/media/<name without extension>.<language>.vtt (issue 38). */
  captions?: SeedCaptions[];
}

export interface SeedLesson {
  title: string;
  description: string;
  sections: SeedSection[];
  quiz?: QuizData;
  assignment?: AssignmentInput;
  /** A demo member's version awaiting review, so a new admin finds the review queue in use. */
  demoSubmission?: { author: SeedAuthor; text: string };
  releaseAfterDays?: number | null;
  releaseAt?: Date | null;
}

export interface SeedCourse {
  title: string;
  description: string;
  level: (typeof COURSE_LEVELS)[number];
  rating: string;
  duration: string;
  isPremium: boolean;
  imageUrl: string;
  lessons: SeedLesson[];
}

export interface SeedReply {
  author: SeedAuthor;
  content: string;
}

export interface SeedTopic {
  title: string;
  content: string;
  author: SeedAuthor;
  isPinned?: boolean;
  isLocked?: boolean;
  replies: SeedReply[];
}

export interface SeedForumCategory {
  name: string;
  description: string;
  permission: (typeof FORUM_PERMISSIONS)[number];
  color: (typeof FORUM_COLORS)[number];
  topics: SeedTopic[];
}

export interface SeedArticle {
  title: string;
  summary: string;
  content: string;
  category: (typeof KB_CATEGORIES)[number];
  tags: string[];
  isPublished: boolean;
}

export interface SeedTemplate {
  title: string;
  description: string;
  category: (typeof TEMPLATE_CATEGORIES)[number];
  fileName: string;
  isPremiumOnly: boolean;
  body: string;
}

export interface SeedConference {
  title: string;
  description: string;
  daysFromNow: number;
  hour: number;
  duration: number;
  maxParticipants: number;
  isPremiumOnly: boolean;
}

export interface DemoContent {
  courses: SeedCourse[];
  forumCategories: SeedForumCategory[];
  articles: SeedArticle[];
  templates: SeedTemplate[];
  conference: SeedConference | null;
}

// Front matter: what each kind of file may carry between its `---` lines.
// Strict, so a misspelt field is an error rather than silently ignored.
const text = z.string().trim().min(1);
const Author = z.enum(SEED_AUTHORS);
const CourseMeta = z
  .object({
    title: text,
    level: z.enum(COURSE_LEVELS),
    // Written as a number (4.8); stored as the admin form stores it, with one decimal.
    rating: z.number().min(0).max(5).transform((rating) => rating.toFixed(1)),
    duration: text,
    premium: z.boolean(),
    image: text,
  })
  .strict();
// A lesson's quiz is written in its front matter, checked by the same rules as the quiz builder's.
// A scheduled lesson (issue 29): `releaseAfterDays` after the member starts the course, and/or on `releaseAt`.
const LessonMeta = z
  .object({
    title: text,
    description: z.string().default(""),
    quiz: QuizSchema.optional(),
    // A practice assignment (issue 45), checked by the builder's rules, and a demo hand-in.
    assignment: AssignmentSchema.optional(),
    demoSubmission: z.object({ author: Author, text }).strict().optional(),
    releaseAfterDays: ReleaseAfterDaysSchema.optional(),
    releaseAt: ReleaseAtSchema.optional(),
  })
  .strict();
const CategoryMeta = z
  .object({ name: text, permission: z.enum(FORUM_PERMISSIONS), color: z.enum(FORUM_COLORS) })
  .strict();
const TopicMeta = z
  .object({ title: text, author: Author, pinned: z.boolean().optional(), locked: z.boolean().optional() })
  .strict();
const ArticleMeta = z
  .object({ title: text, summary: text, category: z.enum(KB_CATEGORIES), tags: z.array(text), published: z.boolean() })
  .strict();
const TemplateMeta = z
  .object({
    title: text,
    description: text,
    category: z.enum(TEMPLATE_CATEGORIES),
    // Becomes the download's name under uploads/templates/, so a plain file name.
    file: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, "must be a plain file name such as session-planning-sheet.txt"),
    premium: z.boolean(),
  })
  .strict();
const LiveSessionMeta = z
  .object({
    title: text,
    daysFromNow: z.number().int().min(0),
    hourUtc: z.number().int().min(0).max(23),
    durationMinutes: z.number().int().positive(),
    maxParticipants: z.number().int().positive(),
    premium: z.boolean(),
  })
  .strict();

const FRONT_MATTER = /^---\n(?:([\s\S]*?)\n)?---(?:\n|$)/;

class ContentError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = "ContentError";
  }
}

/** A Markdown file's front matter, checked against its schema, and the text after it. */
function readMarkdown<Schema extends z.ZodTypeAny>(file: string, schema: Schema): { meta: z.output<Schema>; body: string } {
  // Windows line endings and a byte-order mark from an editor change nothing.
  const source = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(file, "must start with front matter between two `---` lines");
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "") ?? {};
  } catch (error) {
    throw new ContentError(file, `front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "front matter"} ${issue.message}`);
    throw new ContentError(file, problems.join("; "));
  }
  return { meta: parsed.data, body: source.slice(match[0].length) };
}

/** Entries in file-name order, numbers compared as numbers (2-… before 10-…); none when the folder is absent. */
function listSorted(dir: string, kind: "file" | "directory"): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith(".") && (kind === "file" ? entry.isFile() && entry.name.endsWith(".md") : entry.isDirectory()))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    .map((name) => path.join(dir, name));
}

/** Splits text at lines matching `heading`; what comes before the first such line is the lead. */
function splitAtHeadings(body: string, heading: RegExp): { lead: string; parts: Array<{ heading: RegExpExecArray; text: string }> } {
  const lines = body.split("\n");
  const lead: string[] = [];
  const parts: Array<{ heading: RegExpExecArray; lines: string[] }> = [];
  for (const line of lines) {
    const match = heading.exec(line);
    if (match) parts.push({ heading: match, lines: [] });
    else (parts.at(-1)?.lines ?? lead).push(line);
  }
  return { lead: lead.join("\n").trim(), parts: parts.map((part) => ({ heading: part.heading, text: part.lines.join("\n").trim() })) };
}

const SECTION_HEADING = /^## (.+?)\s*$/;
const MEDIA_LINE = /^(Image|Video): (\S+)$/;

const UPLOADED_VIDEO_PREFIX = "/uploads/videos/";

/**
 * A lesson's own uploaded video (`Video: /uploads/videos/<name>`) is kept as
 * content/media/<name>, with its captions beside it as <name without
 * extension>.<language>.vtt, checked here like an author's upload.
 */
function withDemoMedia(lessonFile: string, section: SeedSection, url: string): SeedSection {
  const mediaDir = path.resolve(path.dirname(lessonFile), "../../media");
  const name = url.slice(UPLOADED_VIDEO_PREFIX.length);
  if (!/^[\w-]+\.(webm|mp4)$/.test(name)) throw new ContentError(lessonFile, `an uploaded video's name must be letters, digits and dashes ending in .webm or .mp4 (${name})`);
  const mediaFile = path.join(mediaDir, name);
  if (!fs.existsSync(mediaFile)) throw new ContentError(lessonFile, `the video ${url} must be in content/media/${name}`);
  const stem = name.replace(/\.(webm|mp4)$/, "");
  const captions = fs
    .readdirSync(mediaDir)
    .filter((entry) => entry.startsWith(`${stem}.`) && entry.endsWith(".vtt"))
    .sort()
    .map((entry): SeedCaptions => {
      const captionFile = path.join(mediaDir, entry);
      const language = canonicalLanguage(entry.slice(stem.length + 1, -".vtt".length));
      if (!language) throw new ContentError(captionFile, "name captions <video name>.<language>.vtt, with a language tag such as en or pt-BR");
      try {
        return { language, label: languageName(language), vtt: parseCaptions(fs.readFileSync(captionFile, "utf8")).vtt };
      } catch (error) {
        if (error instanceof CaptionFormatError) throw new ContentError(captionFile, error.message);
        throw error;
      }
    });
  return { ...section, mediaFile, captions };
}

function readLesson(file: string): SeedLesson {
  const { meta, body } = readMarkdown(file, LessonMeta);
  const { lead, parts } = splitAtHeadings(body, SECTION_HEADING);
  if (lead) throw new ContentError(file, "text before the first `## ` section heading belongs in a section");
  if (parts.length === 0) throw new ContentError(file, "a lesson needs at least one `## ` section");
  const sections = parts.map(({ heading, text: content }): SeedSection => {
    const title = heading[1] ?? "";
    const [firstLine = "", ...rest] = content.split("\n");
    const media = MEDIA_LINE.exec(firstLine);
    if (!media) return { type: "text", title, content };
    const section: SeedSection = { type: media[1] === "Image" ? "image" : "video", title, content: rest.join("\n").trim(), url: media[2] };
    return section.type === "video" && section.url?.startsWith(UPLOADED_VIDEO_PREFIX) ? withDemoMedia(file, section, section.url) : section;
  });
  return {
    title: meta.title,
    description: meta.description,
    sections,
    ...(meta.quiz ? { quiz: meta.quiz } : {}),
    ...(meta.assignment ? { assignment: meta.assignment } : {}),
    ...(meta.demoSubmission ? { demoSubmission: meta.demoSubmission } : {}),
    ...(meta.releaseAfterDays != null ? { releaseAfterDays: meta.releaseAfterDays } : {}),
    ...(meta.releaseAt ? { releaseAt: meta.releaseAt } : {}),
  };
}

function readCourse(dir: string): SeedCourse {
  const courseFile = path.join(dir, "course.md");
  if (!fs.existsSync(courseFile)) throw new ContentError(dir, "a course folder needs a course.md");
  const { meta, body } = readMarkdown(courseFile, CourseMeta);
  const lessons = listSorted(dir, "file")
    .filter((file) => path.basename(file) !== "course.md")
    .map(readLesson);
  return {
    title: meta.title,
    description: body.trim(),
    level: meta.level,
    rating: meta.rating,
    duration: meta.duration,
    isPremium: meta.premium,
    imageUrl: meta.image,
    lessons,
  };
}

const REPLY_HEADING = /^## Reply by (.+?)\s*$/;

function readTopic(file: string): SeedTopic {
  const { meta, body } = readMarkdown(file, TopicMeta);
  const { lead, parts } = splitAtHeadings(body, REPLY_HEADING);
  const author = (name: string | undefined) => {
    const parsed = Author.safeParse(name);
    if (!parsed.success) throw new ContentError(file, `"## Reply by ${name}": the author must be one of ${SEED_AUTHORS.join(", ")}`);
    return parsed.data;
  };
  return {
    title: meta.title,
    author: meta.author,
    content: lead,
    isPinned: meta.pinned,
    isLocked: meta.locked,
    replies: parts.map(({ heading, text: content }) => ({ author: author(heading[1]), content })),
  };
}

function readForumCategory(dir: string): SeedForumCategory {
  const categoryFile = path.join(dir, "category.md");
  if (!fs.existsSync(categoryFile)) throw new ContentError(dir, "a forum folder needs a category.md");
  const { meta, body } = readMarkdown(categoryFile, CategoryMeta);
  const topics = listSorted(dir, "file")
    .filter((file) => path.basename(file) !== "category.md")
    .map(readTopic);
  return { name: meta.name, description: body.trim(), permission: meta.permission, color: meta.color, topics };
}

function readArticle(file: string): SeedArticle {
  const { meta, body } = readMarkdown(file, ArticleMeta);
  return { title: meta.title, summary: meta.summary, content: body.trim(), category: meta.category, tags: meta.tags, isPublished: meta.published };
}

function readTemplate(file: string): SeedTemplate {
  const { meta, body } = readMarkdown(file, TemplateMeta);
  // The body is the downloadable file itself, kept as written.
  return { title: meta.title, description: meta.description, category: meta.category, fileName: meta.file, isPremiumOnly: meta.premium, body };
}

function readLiveSession(file: string): SeedConference {
  const { meta, body } = readMarkdown(file, LiveSessionMeta);
  return {
    title: meta.title,
    description: body.trim(),
    daysFromNow: meta.daysFromNow,
    hour: meta.hourUtc,
    duration: meta.durationMinutes,
    maxParticipants: meta.maxParticipants,
    isPremiumOnly: meta.premium,
  };
}

/** Reads the whole demo academy from `dir` (CONTENT_DIR); throws naming the file at the first problem. */
export function loadDemoContent(dir: string): DemoContent {
  if (!fs.existsSync(dir)) throw new ContentError(dir, "the demo content folder does not exist (set CONTENT_DIR, or SEED_DEMO_DATA=false)");
  const liveSession = path.join(dir, "live-session.md");
  const templates = listSorted(path.join(dir, "templates"), "file").map(readTemplate);
  const fileNames = templates.map((template) => template.fileName);
  const duplicate = fileNames.find((name, i) => fileNames.indexOf(name) !== i);
  if (duplicate) throw new ContentError(path.join(dir, "templates"), `two templates share the file name ${duplicate}`);
  return {
    courses: listSorted(path.join(dir, "courses"), "directory").map(readCourse),
    forumCategories: listSorted(path.join(dir, "forum"), "directory").map(readForumCategory),
    articles: listSorted(path.join(dir, "articles"), "file").map(readArticle),
    templates,
    conference: fs.existsSync(liveSession) ? readLiveSession(liveSession) : null,
  };
}
