import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { startPgCluster, type PgCluster } from "../../scripts/pg-cluster";
import { startFakeSmtp, type FakeSmtp } from "../fakes/fake-smtp";
import { startLocalS3, type LocalS3 } from "../s3-server";

/**
 * Issue 44's proof on one machine (`npm run test:cluster`): a private PostgreSQL 15
 * cluster, a local S3-compatible server (s3rver), an SMTP sink, academy instances
 * that know nothing of each other but the database, the bucket and the secret
 * (each its own data folder and port, WEB_CONCURRENCY=1), and Debian's nginx
 * running deploy/nginx/academy.conf as shipped, with only the instances'
 * addresses, its port and its cache folder filled in.
 */
export interface Cluster {
  /** nginx: where every test goes unless it says otherwise. */
  url: string;
  postgres: PgCluster;
  databaseUrl: string;
  /** The bucket every instance keeps its files in (absent with `bucket: false`: each its own UPLOADS_DIR). */
  s3: LocalS3;
  smtp: FakeSmtp;
  instances: AcademyProcess[];
  /** kill -9: the instance gets no chance to finish anything. */
  kill(index: number): void;
  /** Starts instance `index` again on its port, data folder and database (after a kill). */
  restart(index: number): Promise<AcademyProcess>;
  stop(): Promise<void>;
}

/**
 * `bucket: false` leaves the files on each instance's disk: for the bench's load,
 * which uploads nothing (and runs under tsx, where s3rver's dependency
 * generator-function does not load).
 */
export async function startCluster({ instances: count = 2, env = {}, bucket = true }: { instances?: number; env?: Record<string, string>; bucket?: boolean } = {}): Promise<Cluster> {
  const postgres = await startPgCluster();
  const parts: { s3?: LocalS3; smtp?: FakeSmtp; nginx?: ChildProcess; nginxDir?: string } = {};
  const instances: AcademyProcess[] = [];
  try {
    const databaseUrl = await postgres.createDatabase("academy");
    if (bucket) parts.s3 = await startLocalS3("academy-cluster");
    parts.smtp = await startFakeSmtp();
    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const instanceEnv = (port: number): Record<string, string> => ({
      ...parts.s3?.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      PUBLIC_URL: url,
      TRUST_PROXY: "true",
      SMTP_URL: parts.smtp!.url,
      MAIL_FROM: "Academy <academy@academy.test>",
      // Live media on a LiveKit server (none is reached here): no media inside the instances, so several may run.
      MEDIA_BACKEND: "livekit",
      LIVEKIT_URL: "ws://127.0.0.1:9",
      LIVEKIT_API_KEY: "test-key",
      LIVEKIT_API_SECRET: "test-secret-test-secret-test-secret",
      ...env,
    });
    // The first seeds; the others find it done (both at once is a test of its own).
    for (const port of ports) instances.push(await startAcademy(instanceEnv(port)));
    parts.nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-nginx-"));
    parts.nginx = await startNginx(parts.nginxDir, nginxPort, ports);
    const nginxDir = parts.nginxDir;
    const nginx = parts.nginx;
    const [s3, smtp] = [parts.s3, parts.smtp];
    return {
      url,
      postgres,
      databaseUrl,
      get s3() {
        if (!s3) throw new Error("This cluster was started without a bucket");
        return s3;
      },
      smtp,
      instances,
      kill(index) {
        process.kill(instances[index]!.pid, "SIGKILL");
      },
      async restart(index) {
        const old = instances[index]!;
        await old.stop();
        fs.mkdirSync(old.dataDir, { recursive: true });
        instances[index] = await startAcademy(instanceEnv(ports[index]!), { dataDir: old.dataDir });
        return instances[index]!;
      },
      async stop() {
        nginx.kill("SIGTERM");
        await Promise.all(instances.map((instance) => instance.stop()));
        for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
        await smtp.close();
        await s3?.stop();
        await postgres.stop();
        fs.rmSync(nginxDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    parts.nginx?.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.stop()));
    await parts.smtp?.close();
    await parts.s3?.stop();
    await postgres.stop();
    throw error;
  }
}

/** deploy/nginx/academy.conf with this machine's addresses, in a private prefix (no root, no system config). */
export function nginxSite(dir: string, port: number, instancePorts: number[]): string {
  let site = fs
    .readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx/academy.conf"), "utf8")
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/listen \[::\]:80;/, "")
    .replace("/var/cache/nginx/academy", path.join(dir, "cache"));
  instancePorts.forEach((instancePort, index) => {
    site = site.replaceAll(`server academy-${index + 1}:3000`, `server 127.0.0.1:${instancePort}`);
  });
  // Fewer instances than the site names: the others' lines go.
  return site.replace(/^\s*server academy-\d+:3000.*\n/gm, "");
}

export async function startNginx(dir: string, port: number, instancePorts: number[]): Promise<ChildProcess> {
  fs.writeFileSync(path.join(dir, "academy.conf"), nginxSite(dir, port, instancePorts));
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
daemon off;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/academy.conf;
}
`,
  );
  const nginx = spawn("/usr/sbin/nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  nginx.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  await until(`nginx on ${port}`, async () => ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok ? true : undefined), 15_000).catch(
    (error: unknown) => {
      nginx.kill("SIGTERM");
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${errors}`);
    },
  );
  return nginx;
}

/** Polls `probe` every 100 ms until it answers, or fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
