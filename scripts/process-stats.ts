import { execSync } from "node:child_process";
import fs from "node:fs";

// What the benchmarks read about the server process they started (Linux only;
// each function answers undefined where that fails).

/** The server's process id, from the socket listening on its port (`ss`). */
export function listeningPid(baseUrl: string): number | undefined {
  try {
    const sockets = execSync(`ss -Hltnp 'sport = :${new URL(baseUrl).port}'`, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const pid = Number(sockets.match(/pid=(\d+)/)?.[1]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, all threads) a process has used, from /proc. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the parenthesised command name come fields 3.. of proc(5); utime and stime are fields 14 and 15, in 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MB, from /proc. */
export function rssMegabytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kilobytes) ? kilobytes / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The process ids of a process's children (its cluster workers), from /proc. */
export function childPids(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of a process and its children now running (the primary and its workers). */
export function treeCpuSeconds(pid: number | undefined): number | undefined {
  const own = cpuSeconds(pid);
  if (own === undefined) return undefined;
  return childPids(pid).reduce((sum, child) => sum + (cpuSeconds(child) ?? 0), own);
}
