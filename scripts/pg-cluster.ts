import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A private PostgreSQL 15 cluster for tests, benchmarks and scripts (issue 43):
 * `initdb` in a temp dir, one server on a free loopback port, removed at the end.
 * Debian's `postgresql` package provides the binaries (scripts/ensure-postgresql.sh
 * installs it). initdb and postgres refuse to run as root, and CI runs as root, so
 * then they run as Debian's unprivileged `postgres` user, which owns the temp dir.
 */
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";
const SUPERUSER = "academy";
const DIR_PREFIX = "academy-pg-";

export interface PgCluster {
  port: number;
  /** A superuser URL for `database` (default: the maintenance database `postgres`). */
  url(database?: string): string;
  /** Creates an empty database (optionally copied from `template`) and returns its URL. */
  createDatabase(name?: string, options?: { template?: string }): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /**
   * Stops the server (fast shutdown: open connections are cut), keeps it down for
   * `downMs`, and starts it again on the same port and data (a database restart).
   */
  restart(downMs?: number): Promise<void>;
  /** Stops the server (fast shutdown) and removes its files. */
  stop(): Promise<void>;
}

/**
 * `durable`: keep fsync and full-page writes on (the benchmark compares with SQLite,
 * whose WAL file is synced at checkpoints); only `synchronous_commit=off` stays, which
 * like SQLite's `synchronous = NORMAL` does not wait for a flush at each commit.
 * Without it (tests) the server never syncs: the data is throwaway.
 */
export async function startPgCluster(options: { durable?: boolean } = {}): Promise<PgCluster> {
  if (!fs.existsSync(path.join(POSTGRES_BIN, "initdb"))) {
    throw new Error(`PostgreSQL 15 is not installed (${POSTGRES_BIN}): run bash scripts/ensure-postgresql.sh`);
  }
  removeAbandonedClusters();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  const dataDir = path.join(dir, "data");
  const password = crypto.randomBytes(18).toString("base64url");
  const asServerUser = serverUser(dir);
  try {
    const passwordFile = path.join(dir, "password");
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    asServerUser.chown(passwordFile);
    // C.UTF-8: text sorts by code point as SQLite's default collation does, and
    // lower()/upper() still know non-ASCII letters. No fsync: the data is throwaway.
    execFileSync(
      asServerUser.command[0]!,
      [
        ...asServerUser.command.slice(1),
        path.join(POSTGRES_BIN, "initdb"),
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
        "--no-sync",
      ],
      { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
    );
    fs.rmSync(passwordFile);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  let server: { child: ChildProcess; port: number } | undefined;
  let lastError: unknown;
  // A free port can be taken between asking and binding: try a few.
  for (let attempt = 0; attempt < 3 && !server; attempt++) {
    try {
      server = await startServer(asServerUser.command, dataDir, dir, await freePort(), options.durable ?? false);
    } catch (error) {
      lastError = error;
    }
  }
  if (!server) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }
  const port = server.port;
  let child = server.child;
  const durable = options.durable ?? false;

  // If this process ends without stop() (a crash, Ctrl-C), take the server down with it.
  const onExit = () => {
    child.kill("SIGQUIT");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);

  const url = (database = "postgres") =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };

  const stopServer = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGINT"); // fast shutdown: open sessions are ended
    const timer = setTimeout(() => child.kill("SIGQUIT"), 10_000);
    await exited;
    clearTimeout(timer);
  };

  let stopped: Promise<void> | undefined;
  return {
    port,
    url,
    async createDatabase(name = `academy_${crypto.randomBytes(6).toString("hex")}`, options = {}) {
      const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : "";
      await admin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template}`));
      return url(name);
    },
    async dropDatabase(name) {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
    },
    async restart(downMs = 0) {
      await stopServer();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = (await startServer(asServerUser.command, dataDir, dir, port, durable)).child;
    },
    stop() {
      stopped ??= (async () => {
        process.removeListener("exit", onExit);
        await stopServer();
        fs.rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

/**
 * A process killed outright (SIGKILL) takes its server down (--pdeathsig) but leaves
 * its temp dir: remove those whose server is gone. A dir without a server yet is
 * left alone for five minutes (another run may be inside initdb).
 */
function removeAbandonedClusters(): void {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(tmp, name);
    try {
      const pidFile = path.join(dir, "data", "postmaster.pid");
      const abandoned = fs.existsSync(pidFile)
        ? !isRunning(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]))
        : Date.now() - fs.statSync(dir).mtimeMs > 5 * 60_000;
      if (abandoned) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run's dir, changing under us: not ours to judge now.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user.
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

/** How to run a PostgreSQL binary here: as is, or, for root, as the `postgres` system user. */
function serverUser(dir: string): { command: string[]; chown(file: string): void } {
  if (process.getuid?.() !== 0) return { command: [], chown: () => {} };
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  fs.chownSync(dir, uid, gid);
  return {
    // The server stops with its parent (--pdeathsig, applied by setpriv after the user change)
    // even if that parent is killed outright and its exit handler never runs.
    command: ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--init-groups", "--pdeathsig=INT", "--"],
    chown: (file) => fs.chownSync(file, uid, gid),
  };
}

function startServer(
  prefix: string[],
  dataDir: string,
  socketDir: string,
  port: number,
  durable: boolean,
): Promise<{ child: ChildProcess; port: number }> {
  const args = [
    path.join(POSTGRES_BIN, "postgres"),
    "-D",
    dataDir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `port=${port}`,
    "-c",
    `unix_socket_directories=${socketDir}`,
    // Throwaway data: durability traded for speed (a durable cluster keeps fsync and full pages).
    ...(durable ? [] : ["-c", "fsync=off", "-c", "full_page_writes=off"]),
    "-c",
    "synchronous_commit=off",
    "-c",
    "max_connections=200",
  ];
  const [command, ...rest] = prefix.length > 0 ? [...prefix, ...args] : args;
  const child = spawn(command!, rest, { cwd: socketDir, stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      child.kill("SIGQUIT");
      reject(new Error(`PostgreSQL did not start within 30 s:\n${log}`));
    }, 30_000);
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      // The log is kept only until the server is up; after that it is read and dropped.
      if (log.length < 20_000) log += text;
      if (log.includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        log = "";
        resolve({ child, port });
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${signal ?? code}) while starting:\n${log}`));
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
