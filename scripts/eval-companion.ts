/**
 * `npm run eval:companion`: how well the study companion finds and cites the
 * material that answers members' questions (tests/eval/companion-questions.yaml,
 * and the held-out tests/eval/companion-heldout.yaml, written before the second
 * round of tuning and never edited since), on the demo academy in a throwaway database, and how long an answer takes
 * once the library holds 10,000 passages — on SQLite and then on PostgreSQL
 * (issue 43). Exits 1 below a floor on either engine (CI runs it).
 *
 *   npm run eval:companion               the figures, per kind of question, for each engine
 *   npm run eval:companion -- --engine postgres   one engine only (sqlite or postgres)
 *   npm run eval:companion -- --misses   also every question that missed, with what came instead
 *   npm run eval:companion -- --quick    the quality figures only, without timing on a large library
 *
 * With OPENAI_API_KEY (and OPENAI_BASE_URL) set, the set is asked a second time
 * through the provider and its first-citation accuracy is reported too.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { EvalQuestion, QuestionResult } from "../tests/eval/companion-eval";
import { startPgCluster, type PgCluster } from "./pg-cluster";

// Both engines by default (issue 43): the academy's modules pick their engine
// once, when they load, so each engine is evaluated by a run of this script of
// its own (`--engine sqlite` or `--engine postgres`), one after the other.
const ENGINES = ["sqlite", "postgres"] as const;
type EvalEngine = (typeof ENGINES)[number];
const engineArgument = process.argv.find((arg) => arg.startsWith("--engine="))?.slice("--engine=".length) ?? process.argv[process.argv.indexOf("--engine") + 1];
const chosenEngine = ENGINES.find((name) => name === engineArgument);
if (process.argv.some((arg) => arg.startsWith("--engine")) && !chosenEngine) {
  console.error(`--engine is sqlite or postgres (got ${engineArgument ?? "nothing"})`);
  process.exit(2);
}
if (!chosenEngine) {
  const passed = process.argv.slice(2);
  let failed = false;
  for (const name of ENGINES) {
    console.log(`${name === "sqlite" ? "" : "\n"}=== ${name === "sqlite" ? "SQLite" : "PostgreSQL"} ===`);
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? "scripts/eval-companion.ts", ...passed, "--engine", name], { stdio: "inherit" });
    failed ||= child.status !== 0;
  }
  process.exit(failed ? 1 : 0);
}
const evalEngine: EvalEngine = chosenEngine;

// A database of its own, set before the academy's modules load (they open it on import):
// a SQLite file in a temporary folder, or, on PostgreSQL, a new database on the
// server DATABASE_URL names (the integration suite's: ACADEMY_TEST_POSTGRES), or
// else on a private cluster started for the run (scripts/pg-cluster.ts); dropped at the end.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-eval-"));
process.env.DATABASE_PATH = path.join(dataDir, "academy.db");
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.SESSION_SECRET ??= "eval-companion-secret-0123456789abcdef";
process.env.LOG_LEVEL = "warn";
// Questions are not written to the usage log here.
process.env.COMPANION_LOG_QUESTIONS = "false";

const POSTGRES_URL = /^postgres(ql)?:\/\//i;
let cluster: PgCluster | undefined;
let dropEvalDatabase = async () => {};
if (evalEngine === "sqlite") {
  delete process.env.DATABASE_URL;
} else {
  const server = [process.env.DATABASE_URL, process.env.ACADEMY_TEST_POSTGRES].find((url) => url && POSTGRES_URL.test(url));
  if (server) {
    const name = `academy_eval_${crypto.randomBytes(6).toString("hex")}`;
    const asServer = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await asServer(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    dropEvalDatabase = () => asServer(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } else {
    cluster = await startPgCluster();
    process.env.DATABASE_URL = await cluster.createDatabase("academy_eval");
  }
}

const { eq } = await import("drizzle-orm");
const { closeDatabase, db, first, openDatabase } = await import("#db/client.server");
const { courses, contentSections, knowledgeBaseArticles, lessons, toolTemplates, users } = await import("#db/schema");
const { DEMO_PREMIUM, seedDemoData } = await import("#db/seed");
const { loadDemoContent } = await import("#db/seed-content");
const { rebuildLibrary, searchLibrary, splitSentences } = await import("~/models/companion/companion-library.server");
const { answerQuestion, retrievalQuestion } = await import("~/models/companion/companion.server");
const { embedLibrary, embeddingsConfigured, nearestPassages } = await import("~/models/companion/companion-embeddings.server");
const { createCourse } = await import("~/models/learning/course.server");
const { createLesson } = await import("~/models/learning/lesson.server");
const { ensureAdmin } = await import("~/models/accounts/user.server");
const { ChatRequestSchema } = await import("~/schemas/companion");
const { env } = await import("~/utils/env.server");
const { markdownToPlainText } = await import("~/utils/markdown.server");
const evaluation = await import("../tests/eval/companion-eval");
const { FLOORS, GOALS, HELDOUT_FLOORS, PARAPHRASE_GOALS, QUESTION_KINDS, expectedKeys, figures, firstCitation, firstHit, loadHeldOutSet, loadQuestionSet, percentile, rankedSources, sourceKey } = evaluation;

const LARGE_LIBRARY = 10_000;
const HELDOUT_LABEL = path.relative(process.cwd(), evaluation.HELDOUT_SET_PATH);
const TIMING_ROUNDS = 3;
const showMisses = process.argv.includes("--misses");
const quick = process.argv.includes("--quick");

await openDatabase();
await ensureAdmin({ username: "evaladmin", password: "eval-admin-password-1" });
await seedDemoData();
const demoPassages = await rebuildLibrary();
const questions = loadQuestionSet();
const heldOut = loadHeldOutSet();

const member = await first(db.select().from(users).where(eq(users.username, DEMO_PREMIUM.username)).limit(1));
if (!member) throw new Error("The demo Premium member is missing");

// Every source the set names must exist, or a figure would measure a typo.
const known = new Set<string>();
for (const row of await db.select({ title: lessons.title, heading: contentSections.title }).from(contentSections).innerJoin(lessons, eq(lessons.id, contentSections.lessonId))) {
  known.add(sourceKey({ kind: "lesson", title: row.title, heading: row.heading }));
}
for (const row of await db.select({ title: knowledgeBaseArticles.title }).from(knowledgeBaseArticles)) known.add(sourceKey({ kind: "article", title: row.title, heading: null }));
for (const row of await db.select({ title: toolTemplates.title }).from(toolTemplates)) known.add(sourceKey({ kind: "template", title: row.title, heading: null }));
const unknown = [...questions, ...heldOut].flatMap((q) => [...expectedKeys(q)].filter((key) => !known.has(key)).map((key) => `${q.ask} → ${key}`));
const lessonIds = new Map((await db.select({ id: lessons.id, title: lessons.title, courseId: lessons.courseId }).from(lessons)).map((l) => [l.title, l]));
const askedFromUnknown = [...questions, ...heldOut].filter((q) => q.askedFrom && !lessonIds.has(q.askedFrom)).map((q) => `${q.ask} → asked from "${q.askedFrom}"`);
if (unknown.length || askedFromUnknown.length) {
  console.error(`The question set names sources that do not exist:\n  ${[...unknown, ...askedFromUnknown].join("\n  ")}`);
  await cleanUp();
  process.exit(1);
}

/** Removes the throwaway database (and the private cluster, if one was started). */
async function cleanUp() {
  await closeDatabase();
  await dropEvalDatabase();
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function scopeOf(question: EvalQuestion) {
  const lesson = question.askedFrom ? lessonIds.get(question.askedFrom) : undefined;
  return lesson ? { lessonId: lesson.id, courseId: lesson.courseId } : {};
}

// A follow-up is asked as the widget asks it: after its question, with that
// question and its answer as the conversation so far.
const previousAnswers = new Map<string, string>();
async function conversationBefore(question: EvalQuestion) {
  if (!question.after) return [];
  let response = previousAnswers.get(question.after);
  if (response === undefined) {
    const earlier = ChatRequestSchema.parse({ message: question.after, context: { lessonId: scopeOf(question).lessonId } });
    response = (await answerQuestion(member!, earlier)).response;
    previousAnswers.set(question.after, response);
  }
  return [
    { role: "user" as const, content: question.after },
    { role: "assistant" as const, content: response },
  ];
}

async function requestFor(question: EvalQuestion) {
  return ChatRequestSchema.parse({ message: question.ask, context: { lessonId: scopeOf(question).lessonId, conversationHistory: await conversationBefore(question) } });
}

async function ask(question: EvalQuestion) {
  const request = await requestFor(question);
  const started = performance.now();
  const answer = await answerQuestion(member!, request);
  return { answer, ms: performance.now() - started };
}

async function run(set: EvalQuestion[]): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const question of set) {
    const retrieval = await retrievalQuestion(await requestFor(question));
    const semantic = embeddingsConfigured() ? await nearestPassages(retrieval.question, member!, { limit: 20 }) : undefined;
    const ranked = rankedSources((await searchLibrary(retrieval.question, member!, { ...scopeOf(question), limit: 10, carried: retrieval.carried, semantic })).passages);
    const { answer, ms } = await ask(question);
    results.push({ question, hit: firstHit(ranked, expectedKeys(question)), cited: firstCitation(answer.response, answer.sources), ms, ranked });
  }
  return results;
}

/** A library the size of a large academy, in the demo lessons' own sentences, so words are as common or rare as in real course text. */
async function growLibrary(passages: number) {
  const sentences = loadDemoContent(path.resolve(env.CONTENT_DIR)).courses.flatMap((course) =>
    course.lessons.flatMap((lesson) => lesson.sections.flatMap((section) => splitSentences(markdownToPlainText(section.content)))),
  );
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => sentences[Math.floor(random() * sentences.length)] ?? "";
  const course = await createCourse({ title: "Generated Library", description: "Evaluation", imageUrl: null, level: "Beginner", rating: "4.5", duration: "1 week", isActive: true, isPremium: false });
  const perLesson = 20;
  for (let lesson = 0; lesson < passages / perLesson; lesson++) {
    await createLesson(course.id, {
      title: `Generated lesson ${lesson + 1}`,
      description: "",
      isActive: true,
      estimatedMinutes: 20,
      releaseAfterDays: null,
      releaseAt: null,
      contentSections: Array.from({ length: perLesson }, (_, index) => ({ type: "text" as const, title: `Section ${index + 1}`, content: Array.from({ length: 14 }, pick).join(" ") })),
    });
  }
  return course.id;
}

const fixed = (n: number) => n.toFixed(2);
const row = (cells: string[], widths: number[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 10)).join("  ");

// Offline figures: the provider is set aside for this pass (and used in the next one when configured).
const providerKey = env.OPENAI_API_KEY;
env.OPENAI_API_KEY = undefined;
const offline = await run(questions);
const overall = figures(offline);
const paraphrases = figures(offline.filter((r) => r.question.kind === "paraphrase"));
const offlineHeldOut = await run(heldOut);
const heldOutOverall = figures(offlineHeldOut);
const heldOutParaphrases = figures(offlineHeldOut.filter((r) => r.question.kind === "paraphrase"));

// Time per answer once the library is large.
const generatedCourse = quick ? null : await growLibrary(LARGE_LIBRARY - demoPassages);
const largePassages = quick ? demoPassages : await rebuildLibrary();
const samples: number[] = [];
for (let round = 0; round < (quick ? 0 : TIMING_ROUNDS + 1); round++) {
  for (const question of questions) {
    const { ms } = await ask(question);
    if (round > 0) samples.push(ms); // the first round warms caches
  }
}
const p50 = percentile(samples, 50);
const p95 = percentile(samples, 95);
if (generatedCourse) await db.update(courses).set({ isActive: false }).where(eq(courses.id, generatedCourse));

let provider: ReturnType<typeof figures> | null = null;
if (providerKey) {
  env.OPENAI_API_KEY = providerKey;
  // With OPENAI_EMBEDDING_MODEL, the library is embedded first and the pass uses the fused ranking.
  if (embeddingsConfigured()) console.error(`Embedded ${await embedLibrary()} passages with ${env.OPENAI_EMBEDDING_MODEL}`);
  provider = figures(await run(questions));
}

// Each figure has the goal issue 40 set and the floor CI holds it to: the
// offline search does not reach every goal yet (docs/decisions/027), and a
// floor, set just under what this commit measures, keeps it from sliding back.
interface Check {
  name: string;
  value: string;
  floor: string;
  pass: boolean | null;
  goal: string;
  met: boolean | null;
}
const atLeast = (name: string, value: number, floor: number, goal: number): Check => ({
  name,
  value: fixed(value),
  floor: `≥ ${floor}`,
  pass: value >= floor,
  goal: `≥ ${goal}`,
  met: value >= goal,
});
const shown = (name: string, value: string): Check => ({ name, value, floor: "", pass: null, goal: "", met: null });

/** One question set's quality figures against its floors and issue 40's goals. */
function qualityChecks(all: ReturnType<typeof figures>, paraphrased: ReturnType<typeof figures>, floors: Record<keyof typeof HELDOUT_FLOORS, number>): Check[] {
  return [
    shown("recall@1", fixed(all.recallAt1)),
    atLeast("recall@3", all.recallAt3, floors.recallAt3, GOALS.recallAt3),
    shown("MRR", fixed(all.mrr)),
    atLeast("first citation correct", all.firstCitationCorrect, floors.firstCitationCorrect, GOALS.firstCitationCorrect),
    atLeast("out-of-library refusals", all.refusals, floors.refusals, GOALS.refusals),
    atLeast("paraphrase recall@3", paraphrased.recallAt3, floors.paraphraseRecallAt3, PARAPHRASE_GOALS.recallAt3),
    atLeast("paraphrase first citation correct", paraphrased.firstCitationCorrect, floors.paraphraseFirstCitation, PARAPHRASE_GOALS.firstCitationCorrect),
  ];
}

// The time floor per engine: SQLite meets the 50 ms goal; PostgreSQL measured 61-63 ms at
// 10,000 passages (a round trip per statement, and ts_rank_cd reading each candidate's
// tsvector), so its floor holds that figure from growing while the goal stays unmet.
const P95_FLOOR_MS = { sqlite: GOALS.p95Ms, postgres: 80 } as const;

const checks: Check[] = qualityChecks(overall, paraphrases, FLOORS);
if (!quick) {
  checks.push(shown(`p50 per answer, ${largePassages.toLocaleString("en-US")} passages`, `${p50.toFixed(1)} ms`), {
    name: `p95 per answer, ${largePassages.toLocaleString("en-US")} passages`,
    value: `${p95.toFixed(1)} ms`,
    floor: `< ${P95_FLOOR_MS[evalEngine]} ms`,
    pass: p95 < P95_FLOOR_MS[evalEngine],
    goal: `< ${GOALS.p95Ms} ms`,
    met: p95 < GOALS.p95Ms,
  });
}
if (provider) {
  // Plumbing only: no real model is reachable in CI (the local fake cites the first passage it is sent).
  const check = atLeast("provider: first citation correct", provider.firstCitationCorrect, FLOORS.providerFirstCitation, GOALS.providerFirstCitation);
  // With embeddings the figure depends on the embedding model: reported, not held to the floor
  // (the local fake's vectors are hashed words, no model's meaning).
  checks.push(embeddingsConfigured() ? { ...check, floor: "", pass: null } : check);
}

const answerable = offline.filter((r) => r.question.answers.length > 0).length;
console.log(`Study companion evaluation on ${evalEngine === "sqlite" ? "SQLite" : "PostgreSQL"}: ${questions.length} questions (${answerable} the library answers, ${questions.length - answerable} it does not), ${demoPassages} passages, asked by a Premium member`);
console.log(`Provider: ${provider ? `${env.OPENAI_MODEL} at ${env.OPENAI_BASE_URL ?? "api.openai.com"}` : "none (OPENAI_API_KEY not set): offline answers only"}`);
console.log(`Embeddings: ${provider && env.OPENAI_EMBEDDING_MODEL ? `${env.OPENAI_EMBEDDING_MODEL}, fused with word matching in the provider pass` : "none"}\n`);
const widths = [34, 9, 9, 5, 9];
console.log(row(["figure", "value", "CI floor", "", "issue 40 goal", ""], widths));
for (const check of checks) {
  console.log(row([check.name, check.value, check.floor, check.pass === null ? "" : check.pass ? "pass" : "FAIL", check.goal, check.met === null ? "" : check.met ? "met" : "not met"], widths));
}

console.log(`\n${row(["kind", "questions", "recall@1", "recall@3", "MRR", "cited right", "refused"], [10, 9, 8, 8, 5, 11, 7])}`);
for (const kind of QUESTION_KINDS) {
  const of = figures(offline.filter((r) => r.question.kind === kind));
  if (of.questions === 0) continue;
  const cells = kind === "outside" ? ["", "", "", "", fixed(of.refusals)] : [fixed(of.recallAt1), fixed(of.recallAt3), fixed(of.mrr), fixed(of.firstCitationCorrect), ""];
  console.log(row([kind, String(of.questions), ...cells], [10, 9, 8, 8, 5, 11, 7]));
}

// The held-out set, held to floors of its own, so a change tuned on the main
// set shows at once whether it carries over to questions it was not tuned on.
const heldOutChecks: Check[] = qualityChecks(heldOutOverall, heldOutParaphrases, HELDOUT_FLOORS);
console.log(`\nHeld-out set (${HELDOUT_LABEL}): ${heldOut.length} questions, never tuned on`);
console.log(row(["figure", "value", "CI floor", "", "issue 40 goal", ""], widths));
for (const check of heldOutChecks) {
  console.log(row([check.name, check.value, check.floor, check.pass === null ? "" : check.pass ? "pass" : "FAIL", check.goal, check.met === null ? "" : check.met ? "met" : "not met"], widths));
}

if (showMisses) {
  console.log("\nMisses (expected → retrieved top 3 | first citation):");
  for (const result of [...offline, ...offlineHeldOut]) {
    const expected = expectedKeys(result.question);
    const citedRight = result.cited !== null && expected.has(result.cited);
    const wrong = expected.size ? !(result.hit === 1 && citedRight) : result.cited !== null;
    if (!wrong) continue;
    console.log(`- [${result.question.kind}${heldOut.includes(result.question) ? ", held-out" : ""}] ${result.question.ask}\n    expected: ${[...expected].join(" · ") || "nothing"}\n    got: ${result.ranked.slice(0, 3).join(" · ")} | cited: ${result.cited ?? "nothing"}`);
  }
}

await cleanUp();
const allChecks = [...checks, ...heldOutChecks.map((check) => ({ ...check, name: `held-out ${check.name}` }))];
const failed = allChecks.filter((check) => check.pass === false);
const unmet = allChecks.filter((check) => check.met === false);
if (unmet.length) console.log(`\neval:companion: issue 40's goal not met yet for ${unmet.map((f) => f.name).join(", ")}`);
if (failed.length) console.log(`\neval:companion: below the CI floor for ${failed.map((f) => f.name).join(", ")}`);
process.exit(failed.length ? 1 : 0);
