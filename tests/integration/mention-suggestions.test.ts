import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, DEMO_STUDENT, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 47: what the editors' @ suggests: members whose username starts with
// what was typed and who may read the category being written in.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

async function signIn(who: { username: string; password: string }) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(who.username, who.password)).status).toBe(200);
  return visitor;
}

const suggested = async (visitor: Visitor, query: string) => {
  const response = await visitor.request(`/api/forum/mentions?${query}`);
  return { status: response.status, body: (await response.json()) as { members?: Array<{ username: string; name: string | null }>; message?: string } };
};

describe("mention suggestions", () => {
  it("offer members who may read the category, never the asker, and refuse bad queries", async () => {
    const premium = await signIn(DEMO_PREMIUM);
    const seeker = await signIn(DEMO_STUDENT);
    const free = new Visitor(academy.baseUrl);
    const freeName = uniqueName("orac");
    expect((await free.register(freeName)).status).toBe(201);

    // A free category: every member whose name starts so.
    const open = await suggested(seeker, "q=ora&categoryId=1");
    expect(open.status).toBe(200);
    expect(open.body.members?.map((member) => member.username)).toEqual(expect.arrayContaining([DEMO_PREMIUM.username, freeName]));
    expect(open.body.members?.find((member) => member.username === DEMO_PREMIUM.username)?.name).toBe("Luna Marsh");

    // The Premium category (4): only members who may read it; never the one asking.
    const mastermind = await suggested(premium, "q=ora&categoryId=4");
    expect(mastermind.body.members?.map((member) => member.username)).not.toContain(freeName);
    expect(mastermind.body.members?.map((member) => member.username)).not.toContain(DEMO_PREMIUM.username);
    const byTopic = await suggested(seeker, "q=or&topicId=1");
    expect(byTopic.status).toBe(200);

    // A member who may not read the category gets nothing from it.
    expect((await suggested(seeker, "q=ora&categoryId=4")).status).toBe(403);
    expect((await suggested(seeker, "q=o%25&categoryId=1")).status).toBe(400);
    expect((await suggested(seeker, "q=ora")).status).toBe(400);
    expect((await suggested(seeker, "q=ora&categoryId=999")).status).toBe(404);
    expect((await new Visitor(academy.baseUrl).request("/api/forum/mentions?q=ora&categoryId=1")).status).toBe(401);
  });
});
