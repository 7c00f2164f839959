/**
 * `npm run bench:compare -- <other checkout> [this checkout]`: is this tree
 * (or the second checkout given) slower than another one (say, the commit
 * before a refactor)? Both builds run side by
 * side on fresh demo databases and are measured in alternation, target by
 * target, round after round (which one goes first alternates too), so the
 * machine's drift hits both alike. A target is judged on the median of its
 * per-round ratios (this tree / the other), by throughput and by the server's
 * CPU time per request; a target more than 5% slower on both fails.
 *
 * Build both first (`npm run build` in each). Settings: COMPARE_ROUNDS
 * (default 5), COMPARE_SECONDS per measurement (default 3), COMPARE_ONLY (a
 * part of the paths to measure, e.g. "/api/").
 */
import path from "node:path";
import autocannon from "autocannon";
import { signIn, startAcademy, TEST_ADMIN, type AcademyProcess } from "./academy-process";
import { cpuSeconds } from "./process-stats";

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 3);
const SLOWER_LIMIT = 0.95;

type Role = "visitor" | "student" | "admin";
const ALL_TARGETS: { path: string; role: Role }[] = [
  { path: "/", role: "visitor" },
  { path: "/legal", role: "student" },
  { path: "/api/courses/1", role: "visitor" },
  { path: "/course/1", role: "student" },
  { path: "/course/1/lesson/1?section=2", role: "student" },
  { path: "/students?tab=progress", role: "student" },
  { path: "/students", role: "student" },
  { path: "/notifications", role: "student" },
  { path: "/community/topic/1", role: "student" },
  { path: "/knowledge-base?q=habit", role: "student" },
  { path: "/admin", role: "admin" },
  { path: "/api/user/progress", role: "student" },
  { path: "/api/courses/1", role: "student" },
];

const TARGETS = ALL_TARGETS.filter((target) => target.path.includes(process.env.COMPARE_ONLY ?? ""));

interface Side {
  name: string;
  academy: AcademyProcess;
  cookies: Record<Role, string>;
}

async function startSide(name: string, root: string): Promise<Side> {
  // One process per commit (WEB_CONCURRENCY=1; a commit before issue 41 ignores it): per-request cost, not the machine's cores.
  const academy = await startAcademy({ PAGE_CACHE_SECONDS: "5", WEB_CONCURRENCY: "1" }, { root });
  return {
    name,
    academy,
    cookies: {
      visitor: "",
      student: await signIn(academy.baseUrl, "seeker", "quiet-river-lantern"),
      admin: await signIn(academy.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password),
    },
  };
}

/** req/s and server CPU milliseconds per request for one target on one side. */
async function measure(side: Side, target: (typeof TARGETS)[number]) {
  const cookie = side.cookies[target.role];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const options = { url: `${side.academy.baseUrl}${target.path}`, connections: 20, headers };
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = cpuSeconds(side.academy.pid) ?? 0;
  const result = await autocannon({ ...options, duration: SECONDS });
  const cpu = (cpuSeconds(side.academy.pid) ?? 0) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${side.name} ${target.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: result.requests.average, cpuMsPerRequest: (cpu * 1000) / Math.max(result.requests.total, 1) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main() {
  const otherRoot = process.argv[2];
  if (!otherRoot) throw new Error("Usage: npm run bench:compare -- <path of the other checkout, built>");
  const here = path.resolve(process.argv[3] ?? path.resolve(import.meta.dirname, ".."));
  const other = await startSide(`other (${path.resolve(otherRoot)})`, path.resolve(otherRoot));
  const current = await startSide(`this tree (${here})`, here);
  const throughput = TARGETS.map(() => [] as number[]);
  const cpu = TARGETS.map(() => [] as number[]);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      process.stdout.write(`round ${round + 1}/${ROUNDS}`);
      for (const [index, target] of TARGETS.entries()) {
        const order = (round + index) % 2 === 0 ? [other, current] : [current, other];
        const [first, second] = [await measure(order[0] as Side, target), await measure(order[1] as Side, target)];
        const [mine, theirs] = order[0] === current ? [first, second] : [second, first];
        throughput[index]?.push(mine.reqPerSec / theirs.reqPerSec);
        cpu[index]?.push(theirs.cpuMsPerRequest / mine.cpuMsPerRequest);
        process.stdout.write(".");
      }
      process.stdout.write("\n");
    }
  } finally {
    await Promise.all([other.academy.stop(), current.academy.stop()]);
  }
  console.log(`\nThis tree against ${other.name}: median of ${ROUNDS} alternating rounds (1.00 = the same; below 1 = this tree is slower)`);
  console.log(`${"target".padEnd(40)} ${"req/s".padStart(7)} ${"CPU".padStart(7)}  verdict`);
  let failed = false;
  TARGETS.forEach((target, index) => {
    const speed = median(throughput[index] ?? []);
    const cpuRatio = median(cpu[index] ?? []);
    const slower = speed < SLOWER_LIMIT && cpuRatio < SLOWER_LIMIT;
    failed ||= slower;
    const label = `${target.path}${target.role === "visitor" ? "" : ` (${target.role})`}`;
    console.log(`${label.padEnd(40)} ${speed.toFixed(2).padStart(7)} ${cpuRatio.toFixed(2).padStart(7)}  ${slower ? "SLOWER" : "ok"}`);
  });
  process.exit(failed ? 1 : 0);
}

await main();
