import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 47: the community home lists the latest topics the member may read;
// a Premium category's topics only for members with Premium, nothing inside
// the forum for visitors.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

async function postTopic(author: Visitor, categoryId: number, title: string) {
  const response = await author.request("/api/forum/topics", { method: "POST", json: { categoryId, title, content: "Fresh words." } });
  expect(response.status).toBe(201);
}

describe("the community home", () => {
  it("lists the newest topics each member may read", async () => {
    const premium = new Visitor(academy.baseUrl);
    expect((await premium.login(DEMO_PREMIUM.username, DEMO_PREMIUM.password)).status).toBe(200);
    const free = new Visitor(academy.baseUrl);
    expect((await free.register(uniqueName("free"))).status).toBe(201);
    const open = `Open circle ${uniqueName("t")}`;
    const mastermind = `Mastermind ${uniqueName("t")}`;
    await postTopic(free, 1, open);
    await postTopic(premium, 4, mastermind);

    const premiumHome = await (await premium.request("/community")).text();
    expect(premiumHome).toContain("Latest Discussions");
    expect(premiumHome).toContain(open);
    expect(premiumHome).toContain(mastermind);
    // Newest first.
    expect(premiumHome.indexOf(mastermind)).toBeLessThan(premiumHome.indexOf(open));

    const freeHome = await (await free.request("/community")).text();
    expect(freeHome).toContain(open);
    expect(freeHome).not.toContain(mastermind);

    const visitorHome = await (await new Visitor(academy.baseUrl).request("/community")).text();
    expect(visitorHome).not.toContain("Latest Discussions");
    expect(visitorHome).not.toContain(open);
  });
});
