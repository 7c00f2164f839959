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
 *
 * `npm run bench:compare -- --engines`: this tree on PostgreSQL against itself
 * on SQLite, the same way (issue 43's goal for members' pages: at least 60% of
 * SQLite's rate, at most 2× its p99). `npm run bench` measures the engines one
 * after the other, minutes apart; on this shared 2-vCPU machine a page's share
 * moved by ten points or more between such runs, so alternating is the fairer
 * measure of the ratio.
 */
import path from "node:path";
import autocannon from "autocannon";
import { signIn, startAcademy, TEST_ADMIN, type AcademyProcess } from "./academy-process";
import { startPgCluster } from "./pg-cluster";
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
  { path: "/admin/members?q=s", role: "admin" },
  { path: "/courses", role: "student" },
  { path: "/community", role: "student" },
  { path: "/course/1/lesson/2?section=3", role: "student" },
  { path: "/knowledge-base?q=", role: "student" },
  { path: "/api/user/progress", role: "student" },
  { path: "/api/courses/1", role: "student" },
];

const TARGETS = ALL_TARGETS.filter((target) => target.path.includes(process.env.COMPARE_ONLY ?? ""));

interface Side {
  name: string;
  academy: AcademyProcess;
  cookies: Record<Role, string>;
}

async function startSide(name: string, root: string, databaseUrl?: string): Promise<Side> {
  // One process per commit (WEB_CONCURRENCY=1; a commit before issue 41 ignores it): per-request cost, not the machine's cores.
  const academy = await startAcademy({ PAGE_CACHE_SECONDS: "5", WEB_CONCURRENCY: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { root });
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
  return { reqPerSec: result.requests.average, cpuMsPerRequest: (cpu * 1000) / Math.max(result.requests.total, 1), p99Ms: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

type Ratios = { throughput: number[]; cpu: number[]; p99: number[] };

/** Each target on both sides in turn, round after round (which goes first alternates): per round, `mine` against `theirs`. */
async function alternate(theirs: Side, mine: Side): Promise<Ratios[]> {
  const ratios = TARGETS.map((): Ratios => ({ throughput: [], cpu: [], p99: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    process.stdout.write(`round ${round + 1}/${ROUNDS}`);
    for (const [index, target] of TARGETS.entries()) {
      const order = (round + index) % 2 === 0 ? [theirs, mine] : [mine, theirs];
      const [first, second] = [await measure(order[0] as Side, target), await measure(order[1] as Side, target)];
      const [m, t] = order[0] === mine ? [first, second] : [second, first];
      ratios[index]?.throughput.push(m.reqPerSec / t.reqPerSec);
      ratios[index]?.cpu.push(t.cpuMsPerRequest / m.cpuMsPerRequest);
      // autocannon's p99 is whole milliseconds: below 1 ms it reads 0.
      ratios[index]?.p99.push(Math.max(1, m.p99Ms) / Math.max(1, t.p99Ms));
      process.stdout.write(".");
    }
    process.stdout.write("\n");
  }
  return ratios;
}

const labelOf = (target: (typeof TARGETS)[number]) => `${target.path}${target.role === "visitor" ? "" : ` (${target.role})`}`;

// Issue 43: every members' page on PostgreSQL at least 60% of its rate on SQLite, at most 2× its p99.
const MIN_POSTGRES_RATE_SHARE = 0.6;
const MAX_POSTGRES_P99_RATIO = 2;

async function compareEngines(): Promise<boolean> {
  const here = path.resolve(import.meta.dirname, "..");
  const cluster = await startPgCluster({ durable: true });
  let sides: Side[] = [];
  try {
    const sqlite = await startSide("SQLite", here);
    sides = [sqlite];
    const postgres = await startSide("PostgreSQL", here, await cluster.createDatabase("academy_compare"));
    sides.push(postgres);
    const ratios = await alternate(sqlite, postgres);
    console.log(`\nPostgreSQL against SQLite, this tree: median of ${ROUNDS} alternating rounds (members' pages: req/s at least ${MIN_POSTGRES_RATE_SHARE}, p99 at most ${MAX_POSTGRES_P99_RATIO}×)`);
    console.log(`${"target".padEnd(40)} ${"req/s".padStart(7)} ${"p99".padStart(7)}  verdict`);
    let within = 0;
    let judged = 0;
    TARGETS.forEach((target, index) => {
      const rate = median(ratios[index]?.throughput ?? []);
      const p99 = median(ratios[index]?.p99 ?? []);
      const member = target.role !== "visitor" && !target.path.startsWith("/api/");
      const ok = rate >= MIN_POSTGRES_RATE_SHARE && p99 <= MAX_POSTGRES_P99_RATIO;
      if (member) {
        judged++;
        if (ok) within++;
      }
      console.log(`${labelOf(target).padEnd(40)} ${rate.toFixed(2).padStart(7)} ${`${p99.toFixed(1)}×`.padStart(7)}  ${member ? (ok ? "ok" : "MISSED") : "(not judged)"}`);
    });
    console.log(`Members' pages within the goal: ${within} of ${judged}`);
    return within === judged;
  } finally {
    await Promise.all(sides.map((side) => side.academy.stop()));
    await cluster.stop();
  }
}

async function main() {
  if (process.argv[2] === "--engines") process.exit((await compareEngines()) ? 0 : 1);
  const otherRoot = process.argv[2];
  if (!otherRoot) throw new Error("Usage: npm run bench:compare -- <path of the other checkout, built> | --engines");
  const here = path.resolve(process.argv[3] ?? path.resolve(import.meta.dirname, ".."));
  const other = await startSide(`other (${path.resolve(otherRoot)})`, path.resolve(otherRoot));
  const current = await startSide(`this tree (${here})`, here);
  let ratios: Ratios[];
  try {
    ratios = await alternate(other, current);
  } finally {
    await Promise.all([other.academy.stop(), current.academy.stop()]);
  }
  console.log(`\nThis tree against ${other.name}: median of ${ROUNDS} alternating rounds (1.00 = the same; below 1 = this tree is slower)`);
  console.log(`${"target".padEnd(40)} ${"req/s".padStart(7)} ${"CPU".padStart(7)}  verdict`);
  let failed = false;
  TARGETS.forEach((target, index) => {
    const speed = median(ratios[index]?.throughput ?? []);
    const cpuRatio = median(ratios[index]?.cpu ?? []);
    const slower = speed < SLOWER_LIMIT && cpuRatio < SLOWER_LIMIT;
    failed ||= slower;
    console.log(`${labelOf(target).padEnd(40)} ${speed.toFixed(2).padStart(7)} ${cpuRatio.toFixed(2).padStart(7)}  ${slower ? "SLOWER" : "ok"}`);
  });
  process.exit(failed ? 1 : 0);
}

await main();
