/**
 * The study companion's offline answers, timed in-process (server time, no
 * HTTP): search + extractive answer for the retrieval-quality questions, on
 * the demo academy and again on a generated library of 10,000 passages.
 * Target: p95 under 50 ms at 10k passages. Run by `npm run bench` in a child
 * process on its own temporary database (set up before this module loads).
 */
import path from "node:path";
import { seedDemoData } from "#db/seed";
import { loadDemoContent } from "#db/seed-content";
import { createCourse } from "~/models/course.server";
import { rebuildLibrary, searchLibrary, splitSentences } from "~/models/companion-library.server";
import { offlineAnswer } from "~/models/companion-offline.server";
import { createLesson } from "~/models/lesson.server";
import { ensureAdmin } from "~/models/user.server";
import { env } from "~/utils/env.server";
import { markdownToPlainText } from "~/utils/markdown.server";

const QUESTIONS = [
  "How do I ground myself before a reading?",
  "Should I ask open or closed questions?",
  "When should I refer a client to another professional?",
  "What do I do when a client is in crisis?",
  "What does the Tower card mean?",
  "How should I interpret reversed cards?",
  "What are the sun, moon and rising signs?",
  "How long should I keep client records?",
  "How do I build a steady study habit?",
  "My camera doesn't work in the live session",
];
const TARGET_PASSAGES = 10_000;
const P95_LIMIT_MS = 50;
const VIEWER = { id: 1, role: "student" as const };

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

function timeAnswers(rounds: number): { p95: number; mean: number } {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const question of QUESTIONS) {
      const started = performance.now();
      const { passages, locked } = searchLibrary(question, VIEWER, { limit: 6 });
      offlineAnswer(question, passages, locked);
      samples.push(performance.now() - started);
    }
  }
  return { p95: p95(samples), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/**
 * A library the size of a large academy, written in the demo academy's own
 * words: each generated section is ~14 sentences drawn at random from the demo
 * lessons, so words are as common or rare as in real course text.
 */
function generateLibrary(sections: number) {
  const sentences = loadDemoContent(path.resolve(env.CONTENT_DIR)).courses.flatMap((course) =>
    course.lessons.flatMap((lesson) => lesson.sections.flatMap((section) => splitSentences(markdownToPlainText(section.content)))),
  );
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => sentences[Math.floor(random() * sentences.length)] ?? "";
  const course = createCourse({ title: "Generated Library", description: "Benchmark", imageUrl: null, level: "Beginner", rating: "4.5", duration: "1 week", isActive: true, isPremium: false });
  const perLesson = 20;
  for (let lesson = 0; lesson < sections / perLesson; lesson++) {
    createLesson(course.id, {
      title: `Generated lesson ${lesson + 1}`,
      description: "",
      isActive: true,
      estimatedMinutes: 20,
      contentSections: Array.from({ length: perLesson }, (_, index) => ({
        type: "text" as const,
        title: `Section ${index + 1}`,
        content: Array.from({ length: 14 }, pick).join(" "),
      })),
    });
  }
}

async function main() {
  await ensureAdmin({ username: "benchadmin", password: "bench-admin-password-1" });
  await seedDemoData();
  const demoPassages = rebuildLibrary();
  timeAnswers(2);
  const demo = timeAnswers(20);
  console.log(`Companion offline answer, demo library (${demoPassages} passages): p95 ${demo.p95.toFixed(2)} ms, mean ${demo.mean.toFixed(2)} ms`);

  generateLibrary(TARGET_PASSAGES - demoPassages);
  const total = rebuildLibrary();
  timeAnswers(2);
  const large = timeAnswers(10);
  const pass = large.p95 < P95_LIMIT_MS;
  console.log(
    `Companion offline answer, ${total.toLocaleString("en-US")} passages: p95 ${large.p95.toFixed(2)} ms, mean ${large.mean.toFixed(2)} ms (limit ${P95_LIMIT_MS} ms): ${pass ? "PASS" : "FAIL"}`,
  );
  process.exit(pass ? 0 : 1);
}

await main();
