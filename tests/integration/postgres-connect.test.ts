import net from "node:net";
import { describe, expect, inject, test } from "vitest";
import { connectPostgres, PostgresStartError } from "#db/postgres/connect";

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("bad PostgreSQL configuration stops start-up with a sentence (issue 43)", () => {
  const adminUrl = () => new URL(inject("postgresAdminUrl"));

  test("a reachable server with the right password gives a working pool", async () => {
    const pool = await connectPostgres(adminUrl().toString(), { poolSize: 2 });
    const result = await pool.query<{ one: number }>("SELECT 1 AS one");
    expect(result.rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  test("a wrong password names the user and never shows the password", async () => {
    const url = adminUrl();
    url.password = "wrong-secret-123";
    const failure = connectPostgres(url.toString(), { poolSize: 1 });
    await expect(failure).rejects.toBeInstanceOf(PostgresStartError);
    await expect(failure).rejects.toThrow(`refused user "${url.username}": wrong password in DATABASE_URL`);
    await expect(failure).rejects.not.toThrow(/wrong-secret-123/);
  });

  test("a missing database is named, with how to create it", async () => {
    const url = adminUrl();
    url.pathname = "/no_such_academy";
    await expect(connectPostgres(url.toString(), { poolSize: 1 })).rejects.toThrow(
      /has no database "no_such_academy": create it \(createdb no_such_academy\)/,
    );
  });

  test("an unreachable server is named by host and port", async () => {
    const url = adminUrl();
    url.port = String(await closedPort());
    const failure = connectPostgres(url.toString(), { poolSize: 1, connectTimeoutMs: 2000 });
    await expect(failure).rejects.toThrow(`Cannot reach PostgreSQL at 127.0.0.1:${url.port}/postgres (ECONNREFUSED)`);
    await expect(failure).rejects.not.toThrow(new RegExp(decodeURIComponent(adminUrl().password)));
  });
});
