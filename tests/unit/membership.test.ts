import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { subscriptions } from "#db/schema";
import { answerPremiumOncePerPageView, isPremium } from "~/models/billing/membership.server";
import { getSubscription, saveSubscription } from "~/models/billing/subscription.server";
import { createStudent } from "~/models/accounts/user.server";

const DAY = 24 * 60 * 60 * 1000;

describe("the Premium rule", () => {
  it("holds for an active premium plan until its period ends, and never for basic or inactive plans", async () => {
    const member = await createStudent({ username: `premium-rule-${Date.now()}`, password: "a long enough password" });
    const now = new Date("2026-06-15T12:00:00Z");
    expect(await isPremium(member, now)).toBe(false);

    await db.insert(subscriptions).values({ userId: member.id, plan: "premium", status: "active", startDate: new Date(now.getTime() - 10 * DAY), currentPeriodEnd: new Date(now.getTime() + DAY) });
    const set = async (values: Partial<typeof subscriptions.$inferInsert>) => await db.update(subscriptions).set(values).where(eq(subscriptions.userId, member.id));
    expect((await getSubscription(member.id))?.plan).toBe("premium");
    expect(await isPremium(member, now)).toBe(true);
    // The period's end is compared with `now`, not with the clock.
    expect(await isPremium(member, new Date(now.getTime() + DAY - 1))).toBe(true);
    expect(await isPremium(member, new Date(now.getTime() + DAY))).toBe(false);

    await set({ currentPeriodEnd: null });
    expect(await isPremium(member, now)).toBe(true);
    await set({ status: "cancelled" });
    expect(await isPremium(member, now)).toBe(false);
    await set({ status: "active", plan: "basic" });
    expect(await isPremium(member, now)).toBe(false);
    expect(await isPremium({ id: member.id, role: "admin" }, now)).toBe(true);
  });

  it("is asked once per page view for the page view's member, and again after this process changes a subscription", async () => {
    const member = await createStudent({ username: `premium-view-${Date.now()}`, password: "a long enough password" });
    answerPremiumOncePerPageView(member);
    expect(await isPremium(member)).toBe(false);
    // Written behind the academy's back (another process): this page view keeps its answer.
    await db.insert(subscriptions).values({ userId: member.id, plan: "premium", status: "active", startDate: new Date() });
    expect(await isPremium(member)).toBe(false);
    // Anyone else (another request's copy of the member) is asked afresh.
    expect(await isPremium({ ...member })).toBe(true);
    // A write through the academy (a checkout completed in this very loader) is seen at once.
    await saveSubscription(member.id, { plan: "basic", status: "active" });
    expect(await isPremium(member)).toBe(false);
    await saveSubscription(member.id, { plan: "premium", status: "active" });
    expect(await isPremium(member)).toBe(true);
  });
});
