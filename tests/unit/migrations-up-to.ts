import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A copy of db/migrations holding only the first `count` migrations: a database as an older academy left it. */
export function migrationsUpTo(count: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "academy-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(`db/migrations/${entry.tag}.sql`, path.join(folder, `${entry.tag}.sql`));
  return folder;
}
