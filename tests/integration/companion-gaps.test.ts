import { beforeAll, describe, expect, it } from "vitest";
import { newStudent, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// The admin's usage page groups the questions the library could not answer by
// similar wording (issue 26), from the usage log kept with COMPANION_LOG_QUESTIONS.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000", COMPANION_LOG_QUESTIONS: "true", COMPANION_MESSAGES_PER_MINUTE: "30" });

async function ask(who: Visitor, message: string): Promise<{ answered: boolean }> {
  const response = await who.request("/api/chat", { method: "POST", json: { message, context: {} } });
  expect(response.status).toBe(200);
  return (await response.json()) as { answered: boolean };
}

describe("questions with no answer on /admin/companion", () => {
  let admin: Visitor;
  beforeAll(async () => {
    const student = await newStudent(academy.baseUrl);
    for (const question of ["How do I make a sourdough starter?", "sourdough starter recipe", "my sourdugh starter smells odd, what now"]) expect((await ask(student, question)).answered).toBe(false);
    expect((await ask(student, "best carpet cleaner for red wine")).answered).toBe(false);
    expect((await ask(student, "How do I ground myself before a reading?")).answered).toBe(true);
    admin = new Visitor(academy.baseUrl);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  });

  it("lists them grouped by wording, the most asked first, with every wording", async () => {
    const response = await admin.request("/admin/companion");
    expect(response.status).toBe(200);
    const html = await response.text();
    const groups = html.slice(html.indexOf('data-testid="unanswered-groups"'));
    const counts = [...groups.matchAll(/data-testid="unanswered-count">(\d+)×/g)].map((m) => Number(m[1]));
    expect(counts).toEqual([3, 1]);
    // The newest wording leads its group; the others are listed under it.
    expect(groups.indexOf("my sourdugh starter smells odd, what now")).toBeLessThan(groups.indexOf("best carpet cleaner for red wine"));
    expect(groups).toContain("All 3 wordings");
    expect(groups).toContain("sourdough starter recipe");
    expect(html).not.toContain("How do I ground myself before a reading?");
  });

  it("is for admins only", async () => {
    const student = await newStudent(academy.baseUrl);
    const response = await student.request("/admin/companion", { redirect: "manual" });
    expect([302, 303, 403]).toContain(response.status);
  });
});
