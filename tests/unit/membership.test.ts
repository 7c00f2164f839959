import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { subscriptions } from "#db/schema";
import { isPremium } from "~/models/membership.server";
import { getSubscription } from "~/models/subscription.server";
import { createStudent } from "~/models/user.server";

const DAY = 24 * 60 * 60 * 1000;

describe("the Premium rule", () => {
  it("holds for an active premium plan until its period ends, and never for basic or inactive plans", async () => {
    const member = await createStudent({ username: `premium-rule-${Date.now()}`, password: "a long enough password" });
    const now = new Date("2026-06-15T12:00:00Z");
    expect(isPremium(member, now)).toBe(false);

    db.insert(subscriptions).values({ userId: member.id, plan: "premium", status: "active", startDate: new Date(now.getTime() - 10 * DAY), currentPeriodEnd: new Date(now.getTime() + DAY) }).run();
    const set = (values: Partial<typeof subscriptions.$inferInsert>) => db.update(subscriptions).set(values).where(eq(subscriptions.userId, member.id)).run();
    expect(getSubscription(member.id)?.plan).toBe("premium");
    expect(isPremium(member, now)).toBe(true);
    // The period's end is compared with `now`, not with the clock.
    expect(isPremium(member, new Date(now.getTime() + DAY - 1))).toBe(true);
    expect(isPremium(member, new Date(now.getTime() + DAY))).toBe(false);

    set({ currentPeriodEnd: null });
    expect(isPremium(member, now)).toBe(true);
    set({ status: "cancelled" });
    expect(isPremium(member, now)).toBe(false);
    set({ status: "active", plan: "basic" });
    expect(isPremium(member, now)).toBe(false);
    expect(isPremium({ id: member.id, role: "admin" }, now)).toBe(true);
  });
});
