import fs from "node:fs";
import net from "node:net";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { startPgCluster } from "../../scripts/pg-cluster";

/** Whether anything accepts a TCP connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("a private PostgreSQL cluster for tests and scripts (scripts/pg-cluster.ts)", () => {
  test("runs unprivileged on loopback with password auth, and leaves nothing behind", async () => {
    const cluster = await startPgCluster();
    let dataDirectory = "";
    try {
      const url = await cluster.createDatabase("story");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const settings = await client.query<{ listen: string; data: string; version: number; database: string }>(
        `SELECT current_setting('listen_addresses') AS listen, current_setting('data_directory') AS data,
                current_setting('server_version_num')::int AS version, current_database() AS database`,
      );
      await client.end();
      const row = settings.rows[0]!;
      dataDirectory = row.data;
      expect(row).toMatchObject({ listen: "127.0.0.1", database: "story" });
      expect(row.version).toBeGreaterThanOrEqual(150000);
      // initdb refuses root: as root, the files belong to Debian's postgres user.
      const owner = fs.statSync(dataDirectory).uid;
      if (process.getuid?.() === 0) expect(owner).not.toBe(0);

      const wrong = new URL(url);
      wrong.password = "not-the-password";
      const intruder = new pg.Client({ connectionString: wrong.toString() });
      await expect(intruder.connect()).rejects.toMatchObject({ code: "28P01" });

      await cluster.dropDatabase("story");
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      const left = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'story'");
      await admin.end();
      expect(left.rowCount).toBe(0);
    } finally {
      await cluster.stop();
    }
    expect(await accepts(cluster.port)).toBe(false);
    expect(fs.existsSync(dataDirectory)).toBe(false);
  });
});
