import { describe, expect, it } from "vitest";
import { composeEmail, retryDelayMs } from "~/models/notifications/email-outbox.server";
import { latestSlot } from "~/models/notifications/notification-schedule.server";
import { mentionedUsernames } from "~/models/notifications/notification-events.server";

// Issue 25: the rules behind notifications and their emails.
describe("mentions", () => {
  it("finds @usernames, once each, in lower case, not inside email addresses", () => {
    expect(mentionedUsernames("Thanks @Luna and @star_gazer! Also @luna again.")).toEqual(["luna", "star_gazer"]);
    expect(mentionedUsernames("Write to me at reader@example.com")).toEqual([]);
    expect(mentionedUsernames("@a is too short, @ok.")).toEqual(["ok"]);
    expect(mentionedUsernames(Array.from({ length: 30 }, (_, i) => `@user${i}`).join(" "))).toHaveLength(20);
  });
});

describe("email retries", () => {
  it("wait the base delay, then twice as long each time, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20, 60)).toBe(3_600_000);
  });
});

describe("digest slots", () => {
  it("are the digest hour in the academy's time zone, the latest one passed", () => {
    // DIGEST_HOUR defaults to 8; the unit tests run with ACADEMY_TIMEZONE=UTC unless set.
    const since = new Date("2026-11-20T09:00:00Z");
    expect(latestSlot("daily", since, new Date("2026-11-20T10:00:00Z"))).toBeUndefined();
    expect(latestSlot("daily", since, new Date("2026-11-23T07:59:00Z"))?.toISOString()).toBe("2026-11-22T08:00:00.000Z");
    expect(latestSlot("daily", since, new Date("2026-11-23T08:00:00Z"))?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
    // Weekly: Mondays.
    expect(latestSlot("weekly", since, new Date("2026-11-26T12:00:00Z"))?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });
});

describe("emails", () => {
  it("escape what members wrote in the HTML part and keep it in the text part", async () => {
    const email = await composeEmail({ subject: "Hello", intro: "News", items: [{ title: "<script>alert(1)</script> & more", body: "a < b", url: "/community/topic/1" }] });
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(email.html).not.toContain("<script>");
    expect(email.text).toContain("<script>alert(1)</script> & more");
    expect(email.text).toMatch(/\/community\/topic\/1/);
    expect(email.text).toMatch(/\/notifications#preferences/);
    expect(email.unsubscribeUrl).toBeUndefined();
  });
});
