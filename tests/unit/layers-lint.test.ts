import path from "node:path";
import { ESLint } from "eslint";
import { WITHOUT_TYPE_INFORMATION } from "./lint-without-types";
import { describe, expect, it } from "vitest";

// The layer rule in eslint.config.js (README "Project layout"): imports only point down.
// The type-aware rules (floating promises) need a real program; these rules do not.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), overrideConfig: WITHOUT_TYPE_INFORMATION });

async function layerProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.message.includes("layer may not import")).map((message) => message.message);
}

// ESLint starts cold in each test (the TypeScript parser and the whole config): give it room on a busy machine.
describe("layers that only point down", { timeout: 30_000 }, () => {
  it("refuses an import that runs up a layer", async () => {
    expect(await layerProblems(`import { requireUser } from "~/services/auth.server";\nexport const f = requireUser;\n`, "app/models/fixture.server.ts")).toHaveLength(1);
    expect(await layerProblems(`import { listCourses } from "~/models/learning/course.server";\nexport const f = listCourses;\n`, "app/utils/fixture.ts")).toHaveLength(1);
    expect(await layerProblems(`import { db } from "#db/client.server";\nexport const f = db;\n`, "app/utils/fixture.ts")).toHaveLength(1);
    expect(await layerProblems(`import { loader } from "~/root";\nexport const f = loader;\n`, "app/components/fixture.tsx")).toHaveLength(1);
    expect(await layerProblems(`import { loader } from "~/routes/_index";\nexport const f = loader;\n`, "app/components/fixture.tsx")).toHaveLength(1);
    expect(await layerProblems(`import { listCourses } from "~/models/learning/course.server";\nexport const f = listCourses;\n`, "app/components/fixture.tsx")).toHaveLength(1);
    expect(await layerProblems(`import { env } from "~/utils/env.server";\nexport const f = env;\n`, "server/fixture.ts")).toHaveLength(0);
    expect(await layerProblems(`import { takeTurns } from "../server/take-turns";\nexport const f = takeTurns;\n`, "app/models/fixture.server.ts")).toHaveLength(1);
  });

  it("lets imports point down, and types cross where the layer allows it", async () => {
    expect(await layerProblems(`import { listCourses } from "~/models/learning/course.server";\nimport { requireUser } from "~/services/auth.server";\nexport const f = [listCourses, requireUser];\n`, "app/routes/fixture.tsx")).toHaveLength(0);
    expect(await layerProblems(`import { db } from "#db/client.server";\nimport { env } from "~/utils/env.server";\nexport const f = [db, env];\n`, "app/models/fixture.server.ts")).toHaveLength(0);
    expect(await layerProblems(`import type { PublicUser } from "~/models/accounts/user.server";\nimport { shownRating } from "~/models/learning/course-rating";\nexport type U = PublicUser;\nexport const f = shownRating;\n`, "app/components/fixture.tsx")).toHaveLength(0);
  });
});
