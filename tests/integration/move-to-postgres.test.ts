import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { startAcademy, type AcademyProcess } from "../../scripts/academy-process";
import { freshPostgresDatabase } from "../postgres/database";
import { uniqueName, Visitor } from "./helpers";

// Issue 43, done when: "the copy script moves the demo academy and a member signs in on
// PostgreSQL with their old password". The whole move as an operator makes it: an academy
// on SQLite with a member who has done things, stopped; `npm run db:copy` into a new
// PostgreSQL database; the academy started on DATABASE_URL in a new data folder.

const runFile = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

const started: AcademyProcess[] = [];
const folders: string[] = [];
const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const academy of started) await academy.stop();
  for (const database of databases) await database.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** What anyone sees of the demo academy: its courses, forum, library and figures. */
async function publicContent(baseUrl: string) {
  const read = async (url: string) => {
    const response = await fetch(`${baseUrl}${url}`);
    expect(response.status, url).toBe(200);
    return (await response.json()) as unknown;
  };
  return {
    courses: await read("/api/courses"),
    categories: await read("/api/forum/categories"),
    articles: await read("/api/knowledge-base"),
    stats: await read("/api/stats"),
  };
}

/** What the member sees of their own: progress, and their topic in its category. */
async function membersView(member: Visitor, categoryId: number) {
  const progress = await member.request("/api/user/progress");
  const topics = await member.request(`/api/forum/topics/${categoryId}`);
  expect(progress.status).toBe(200);
  expect(topics.status).toBe(200);
  return { progress: (await progress.json()) as Array<{ courseId: number; progressPercentage: number }>, topics: JSON.stringify(await topics.json()) };
}

describe("moving an academy from SQLite to PostgreSQL", () => {
  it("keeps a member's password, sign-in, progress and posts, and every piece of demo content", async () => {
    // On SQLite whatever the suite's run (an empty DATABASE_URL means SQLite), in a data folder kept for the copy.
    const sqliteFolder = fs.mkdtempSync(path.join(os.tmpdir(), "academy-move-sqlite-"));
    folders.push(sqliteFolder);
    const onSqlite = await startAcademy({ DATABASE_URL: "" }, { dataDir: sqliteFolder });
    started.push(onSqlite);
    expect(onSqlite.databaseUrl || undefined).toBeUndefined();

    const member = { username: uniqueName("mover"), password: "a lantern that moved house" };
    const visitor = new Visitor(onSqlite.baseUrl);
    expect((await visitor.register(member.username, member.password)).status).toBeLessThan(300);
    expect((await visitor.request("/api/lessons/1/complete", { method: "POST" })).status).toBe(200);
    const categories = (await (await visitor.request("/api/forum/categories")).json()) as Array<{ id: number; permission: string }>;
    const categoryId = categories.find((category) => category.permission === "base")?.id ?? 0;
    const title = `Moving day notes ${uniqueName("topic")}`;
    const posted = await visitor.request("/api/forum/topics", { method: "POST", json: { title, content: "Packed the cards, kept the candles.", categoryId } });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const before = { content: await publicContent(onSqlite.baseUrl), member: await membersView(visitor, categoryId) };
    expect(before.member.progress.find((record) => record.courseId === 1)?.progressPercentage).toBeGreaterThan(0);
    expect(before.member.topics).toContain(title);
    const signedInCookie = visitor.cookieHeader;
    await onSqlite.stop();

    const target = await freshPostgresDatabase();
    databases.push(target);
    const { stdout } = await runFile("npm", ["run", "--silent", "db:copy", "--", onSqlite.databasePath, target.url], { cwd: ROOT, env: process.env });
    expect(stdout).toMatch(/^Copied \d+ rows in \d+ tables; every table's count matches\./m);

    const postgresFolder = fs.mkdtempSync(path.join(os.tmpdir(), "academy-move-postgres-"));
    folders.push(postgresFolder);
    const onPostgres = await startAcademy({ DATABASE_URL: target.url }, { dataDir: postgresFolder });
    started.push(onPostgres);
    expect(onPostgres.databaseUrl).toBe(target.url);

    // The member signs in with the password they chose on SQLite...
    const returning = new Visitor(onPostgres.baseUrl);
    expect((await returning.login(member.username, member.password)).status).toBe(200);
    expect((await returning.authStatus()).username).toBe(member.username);
    expect((await returning.login(member.username, "not the password they chose")).status).toBe(401);
    // ...and finds what they did there, as they left it.
    expect(await membersView(returning, categoryId)).toEqual(before.member);
    // The session they had on SQLite still signs them in (sessions moved, same secret).
    const stillSignedIn = new Visitor(onPostgres.baseUrl);
    stillSignedIn.setCookieHeader(signedInCookie);
    expect((await stillSignedIn.authStatus()).username).toBe(member.username);

    // The demo academy arrived whole: courses, forum counts, library and figures alike.
    expect(await publicContent(onPostgres.baseUrl)).toEqual(before.content);
  }, 180_000);
});
