import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Without Stripe keys a free member asks for Premium, and an admin grants or
// dismisses the request from the dashboard or the API. The admin also sets the
// contact address every "contact the academy" links to, and Recent Activity
// names started courses by title. Real server, real SQLite, payments off.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

interface OwnRequest {
  id: number;
  message: string | null;
  createdAt: string;
}
interface OpenRequest extends OwnRequest {
  member: { id: number; username: string; name: string; email: string | null };
}

const formHeaders = () => ({ Origin: academy.baseUrl, "Content-Type": "application/x-www-form-urlencoded" });

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

async function newMember(prefix: string): Promise<{ visitor: Visitor; username: string; id: number }> {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName(prefix);
  expect((await visitor.register(username)).status).toBe(201);
  const status = (await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } };
  return { visitor, username, id: status.user.id };
}

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

async function openRequests(admin: Visitor): Promise<OpenRequest[]> {
  return (await json<{ requests: OpenRequest[] }>(await admin.request("/api/admin/premium-requests"), 200)).requests;
}

async function isPremium(member: Visitor): Promise<boolean> {
  return (await json<{ isPremium: boolean }>(await member.request("/api/user/subscription"), 200)).isPremium;
}

/** React escapes text in the HTML; undo what our titles and names may contain. */
function textOf(html: string): string {
  return html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

describe("Request Premium while payments are off", () => {
  it("keeps the API to members and admins", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request("/api/premium-requests", { method: "POST", json: {} })).status).toBe(401);
    expect((await visitor.request("/api/admin/premium-requests")).status).toBe(401);
    expect((await visitor.request("/api/admin/premium-requests/1/grant", { method: "POST" })).status).toBe(401);

    const { visitor: member } = await newMember("nosy");
    expect((await member.request("/api/admin/premium-requests")).status).toBe(403);
    expect((await member.request("/api/admin/premium-requests/1/grant", { method: "POST" })).status).toBe(403);
    expect((await member.request("/api/admin/premium-requests/1/dismiss", { method: "POST" })).status).toBe(403);
    expect((await member.request("/api/admin/academy-contact", { method: "PUT", json: { contact: "me@evil.test" } })).status).toBe(403);
  });

  it("files one request from the plain form, shows it as waiting, and lets an admin grant it from the dashboard", async () => {
    const { visitor: member, username, id } = await newMember("asker");
    const upgrade = textOf(await (await member.request("/upgrade")).text());
    expect(upgrade).toContain("Online payments are not set up yet. Please contact the academy to upgrade.");
    expect(upgrade).toContain("Request Premium");

    // A note too long is refused with the reason, and nothing is filed.
    const tooLong = await member.request("/upgrade", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "request-premium", message: "x".repeat(501) }).toString(),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Keep your message under 500 characters");
    expect((await json<{ request: OwnRequest | null }>(await member.request("/api/premium-requests"), 200)).request).toBeNull();

    const sent = await member.request("/upgrade", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "request-premium", message: "I run a small practice in Leeds." }).toString(),
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/upgrade");
    const waiting = textOf(await (await member.request("/upgrade")).text());
    expect(waiting).toContain("Request sent");
    expect(waiting).toMatch(/You asked for Premium on .+\. An administrator will grant it soon/);

    // Asking again (page or API) changes nothing: still one open request.
    const again = await json<{ request: OwnRequest; created: boolean }>(
      await member.request("/api/premium-requests", { method: "POST", json: { message: "Please?" } }),
      200,
    );
    expect(again.created).toBe(false);
    expect(again.request.message).toBe("I run a small practice in Leeds.");
    const admin = await signedIn(TEST_ADMIN);
    const mine = (await openRequests(admin)).filter((request) => request.member.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ member: { username }, message: "I run a small practice in Leeds." });

    // The dashboard lists it; one click grants Premium and closes it.
    const dashboard = textOf(await (await admin.request("/admin")).text());
    expect(dashboard).toContain("Premium Requests");
    expect(dashboard).toContain(`Grant Premium to ${username}`);
    const granted = await admin.request("/admin?index", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "grant-premium-request", requestId: String(mine[0]!.id) }).toString(),
    });
    expect(granted.status).toBe(302);
    expect(granted.headers.get("Location")).toBe("/admin");
    expect(textOf(await (await admin.request("/admin")).text())).toContain(`${username} is now a Premium Student.`);
    expect(await isPremium(member)).toBe(true);
    expect((await openRequests(admin)).some((request) => request.member.id === id)).toBe(false);

    // Handled once only; a Premium member has nothing to ask for.
    expect((await admin.request(`/api/admin/premium-requests/${mine[0]!.id}/grant`, { method: "POST" })).status).toBe(409);
    const already = await member.request("/api/premium-requests", { method: "POST", json: {} });
    expect(already.status).toBe(409);
    expect(await already.json()).toEqual({ message: "You are already a Premium member." });
  });

  it("lets an admin dismiss through the API, after which the member may ask again", async () => {
    const { visitor: member, id } = await newMember("dismissed");
    const filed = await json<{ request: OwnRequest; created: boolean }>(await member.request("/api/premium-requests", { method: "POST", json: {} }), 201);
    expect(filed).toMatchObject({ created: true, request: { message: null } });

    const admin = await signedIn(TEST_ADMIN);
    expect(await json(await admin.request(`/api/admin/premium-requests/${filed.request.id}/dismiss`, { method: "POST" }), 200)).toMatchObject({
      id: filed.request.id,
      outcome: "dismissed",
    });
    expect(await isPremium(member)).toBe(false);
    expect((await openRequests(admin)).some((request) => request.member.id === id)).toBe(false);
    expect((await admin.request(`/api/admin/premium-requests/${filed.request.id}/dismiss`, { method: "POST" })).status).toBe(409);

    const second = await json<{ request: OwnRequest; created: boolean }>(await member.request("/api/premium-requests", { method: "POST", json: {} }), 201);
    expect(second.request.id).not.toBe(filed.request.id);
  });

  it("closes the request however Premium is granted, and refuses bad input with 4xx", async () => {
    const { visitor: member, id } = await newMember("directory");
    await json(await member.request("/api/premium-requests", { method: "POST", json: { message: "via the directory" } }), 201);
    const admin = await signedIn(TEST_ADMIN);
    expect((await admin.request(`/api/admin/members/${id}/subscription`, { method: "PUT", json: { plan: "premium", status: "active" } })).status).toBe(200);
    expect((await openRequests(admin)).some((request) => request.member.id === id)).toBe(false);

    const { visitor: other } = await newMember("badinput");
    expect((await other.request("/api/premium-requests", { method: "POST", json: { message: 42 } })).status).toBe(400);
    expect((await other.request("/api/premium-requests", { method: "POST", json: { message: "y".repeat(501) } })).status).toBe(400);
    expect(
      (await other.request("/api/premium-requests", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" })).status,
    ).toBe(400);
    expect((await other.request("/api/premium-requests", { method: "DELETE" })).status).toBe(405);
    expect((await admin.request("/api/admin/premium-requests/abc/grant", { method: "POST" })).status).toBe(404);
    expect((await admin.request("/api/admin/premium-requests/999999/dismiss", { method: "POST" })).status).toBe(404);
    const unknown = await admin.request("/admin?index", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "grant-premium-request", requestId: "999999" }).toString(),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Premium request not found");

    const premium = await signedIn(DEMO_PREMIUM);
    expect((await premium.request("/api/premium-requests", { method: "POST", json: {} })).status).toBe(409);
  });
});

const POLL = { timeout: 5_000, interval: 50 };

describe("The academy's contact address", () => {
  it("is set by an admin, validated, and linked wherever the site says to contact the academy", async () => {
    const { visitor: member } = await newMember("contact");
    const admin = await signedIn(TEST_ADMIN);

    // None set: the sentence stays, with no link and no footer entry.
    const upgrade = await (await member.request("/upgrade")).text();
    expect(upgrade).toContain("Please contact the academy to upgrade.");
    expect(upgrade).not.toContain('data-testid="contact-link"');
    expect(upgrade).not.toContain("Contact us</a>");

    // Anything but an email or an https page is refused, on the page and in the API.
    const bad = await admin.request("/admin?index", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "save-contact", contact: "javascript:alert(1)" }).toString(),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter an email address or a web address starting with https://");
    expect((await admin.request("/api/admin/academy-contact", { method: "PUT", json: { contact: "http://plain.example.com" } })).status).toBe(400);
    expect(await json(await admin.request("/api/admin/academy-contact"), 200)).toEqual({ contact: null });

    const saved = await admin.request("/admin?index", {
      method: "POST",
      headers: formHeaders(),
      body: new URLSearchParams({ intent: "save-contact", contact: "help@academy.example" }).toString(),
    });
    expect(saved.status).toBe(302);
    // The academy runs two processes here: the other one learns of the change over the bus, a moment later.
    const pageOf = (path: string) => async () => await (await member.request(path)).text();
    await expect.poll(pageOf("/upgrade"), POLL).toMatch(/<a href="mailto:help@academy\.example"[^>]*data-testid="contact-link"[^>]*>contact the academy<\/a>/);
    await expect.poll(pageOf("/students"), POLL).toMatch(/href="mailto:help@academy\.example"[^>]*data-testid="footer-contact"/);

    expect(await json(await admin.request("/api/admin/academy-contact", { method: "PUT", json: { contact: "https://help.academy.example/ask" } }), 200)).toEqual({
      contact: "https://help.academy.example/ask",
    });
    await expect.poll(pageOf("/upgrade"), POLL).toContain('href="https://help.academy.example/ask"');

    expect(await json(await admin.request("/api/admin/academy-contact", { method: "PUT", json: { contact: null } }), 200)).toEqual({ contact: null });
    await expect.poll(pageOf("/upgrade"), POLL).not.toContain('data-testid="contact-link"');
  });
});

describe("Recent activity", () => {
  it("names a started course by its title", async () => {
    const { visitor: member, username } = await newMember("starter");
    const courses = await json<{ id: number; title: string; isPremium: boolean }[]>(await member.request("/api/courses"), 200);
    const course = courses.find((candidate) => !candidate.isPremium);
    expect(course).toBeDefined();
    expect((await member.request(`/api/courses/${course!.id}/start`, { method: "POST" })).status).toBeLessThan(300);

    const admin = await signedIn(TEST_ADMIN);
    const dashboard = textOf(await (await admin.request("/admin")).text());
    expect(dashboard).toContain(`${username} started ${course!.title}`);
    expect(dashboard).not.toMatch(/started course #\d+/);
  });
});
