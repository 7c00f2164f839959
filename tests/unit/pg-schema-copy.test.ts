import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { PG_SCHEMA, pgSchemaIsCurrent, pgSchemaSource, SCHEMA_SOURCE } from "../../scripts/generate-pg-schema";

const run = promisify(execFile);

describe("db/schema.pg.ts, generated from db/schema.ts", () => {
  test("the committed copy is current (npm run db:schema:pg -- --check passes)", async () => {
    const { stdout } = await run("npx", ["tsx", "scripts/generate-pg-schema.ts", "--check"]);
    expect(stdout).toContain("db/schema.pg.ts is current");
  });

  test("a copy left behind by a change to db/schema.ts fails the check", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-pg-schema-"));
    const changed = path.join(dir, "schema.ts");
    fs.writeFileSync(changed, `${fs.readFileSync(SCHEMA_SOURCE, "utf8")}\nexport const extra = table("extra", { id: id() });\n`);
    expect(pgSchemaIsCurrent(SCHEMA_SOURCE, PG_SCHEMA)).toBe(true);
    expect(pgSchemaIsCurrent(changed, PG_SCHEMA)).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });

  test("the copy differs only in the column helpers it imports", () => {
    const source = fs.readFileSync(SCHEMA_SOURCE, "utf8");
    const copy = pgSchemaSource(source);
    expect(copy).toMatch(/^import \{[^}]*\} from "\.\/columns\.pg";$/m);
    expect(copy).not.toMatch(/from "\.\/columns";/);
    const body = (text: string) => text.split("\n").filter((line) => !line.startsWith("//") && !line.includes("./columns"));
    expect(body(copy)).toEqual(body(source));
  });

  test("a schema that names an engine's own column types is refused", () => {
    const source = `import { integer } from "drizzle-orm/sqlite-core";\nimport { table } from "./columns";\n`;
    expect(() => pgSchemaSource(source)).toThrow(/must not import an engine's own modules/);
    expect(() => pgSchemaSource(`import { table } from "./columns.ts";\n`)).toThrow(/exactly once/);
  });
});
