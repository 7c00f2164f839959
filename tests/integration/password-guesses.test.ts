import { describe, expect, it } from "vitest";
import { uniqueName, useAcademy, Visitor } from "./helpers";

// Issue 30, point 2: whoever holds a member's cookie (stolen, or a shared
// computer left signed in) must not be able to guess the member's password
// through the forms that ask for it: those checks are counted per session, and
// the check that spends the allowance signs that session out. Issue 39: what a
// guesser does elsewhere never refuses the member's own session or trusted
// browser (OWASP device cookies). TRUST_PROXY lets the tests speak from several
// client addresses through X-Forwarded-For.
const MAX_FAILURES = 10;
const academy = useAcademy({ TRUST_PROXY: "true", LOGIN_MAX_FAILURES: String(MAX_FAILURES), SIGNUPS_PER_HOUR: "100" });

const PASSWORD = "a calm and steady passphrase";
const NEW_PASSWORD = "a brand new passphrase";
const TOO_MANY = "Too many wrong passwords.";

/** A browser at one network address. */
class VisitorAt extends Visitor {
  constructor(
    baseUrl: string,
    private ip: string,
  ) {
    super(baseUrl);
  }

  override request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.ip);
    return super.request(path, { ...init, headers });
  }
}

let network = 0;
/** A fresh address for each story, so one story's failures never limit another. */
function newAddress(): string {
  network += 1;
  return `198.51.100.${network}`;
}

async function newMember(ip: string): Promise<{ username: string; visitor: VisitorAt }> {
  const username = uniqueName("guarded");
  const visitor = new VisitorAt(academy.baseUrl, ip);
  expect((await visitor.register(username, PASSWORD)).status).toBe(201);
  return { username, visitor };
}

async function signedIn(username: string, ip: string, password = PASSWORD): Promise<VisitorAt> {
  const visitor = new VisitorAt(academy.baseUrl, ip);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

/** The same session cookie, replayed after the browser that held it was told to drop it. */
function replay(cookie: string, ip: string): VisitorAt {
  const copy = new VisitorAt(academy.baseUrl, ip);
  copy.setCookieHeader(cookie);
  return copy;
}

function postForm(visitor: Visitor, path: string, fields: Record<string, string>): Promise<Response> {
  return visitor.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: academy.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
}

function expectSignedOutAnswer(answer: Response) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(60);
  expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("academy_session=;") || /academy_session=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie))).toBe(true);
}

describe("guessing the current password with a signed-in cookie", () => {
  it("PUT /api/user/password: the session's tenth wrong guess answers 429 with Retry-After and signs that session out", async () => {
    const ip = newAddress();
    const { username, visitor: thief } = await newMember(ip);
    // The member's own laptop on the same network, and their phone elsewhere.
    const laptop = await signedIn(username, ip);
    const phoneAddress = newAddress();
    const phone = await signedIn(username, phoneAddress);
    const stolenCookie = thief.cookieHeader;

    const statuses: number[] = [];
    let firstRefusal: Response | undefined;
    for (let guess = 0; guess < 40; guess++) {
      const answer = await thief.request("/api/user/password", { method: "PUT", json: { currentPassword: `guess number ${guess} here`, newPassword: NEW_PASSWORD } });
      statuses.push(answer.status);
      if (answer.status === 429 && !firstRefusal) {
        firstRefusal = answer;
        expect(await answer.json()).toMatchObject({ message: expect.stringContaining(TOO_MANY) });
      }
    }
    expect(statuses.slice(0, MAX_FAILURES - 1)).toEqual(Array(MAX_FAILURES - 1).fill(400));
    expect(statuses[MAX_FAILURES - 1]).toBe(429);
    // Signed out: the browser dropped the cookie, and the server ended its session.
    expect(statuses.slice(MAX_FAILURES)).toEqual(Array(40 - MAX_FAILURES).fill(401));
    if (!firstRefusal) throw new Error("never limited");
    expectSignedOutAnswer(firstRefusal);
    expect((await replay(stolenCookie, ip).request("/api/user")).status).toBe(401);

    // The phone, which guessed nothing, stays signed in; the password is unchanged.
    expect((await phone.request("/api/user")).status).toBe(200);
    expect((await new VisitorAt(academy.baseUrl, phoneAddress).login(username, NEW_PASSWORD)).status).toBe(401);
    // The laptop's session guessed nothing either: its right password is neither counted nor refused.
    const right = await laptop.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(right.status).toBe(200);
    expect((await new VisitorAt(academy.baseUrl, ip).login(username, NEW_PASSWORD)).status).toBe(200);
  });

  it("DELETE /api/user: wrong passwords meet the same limit, and the account stays", async () => {
    const ip = newAddress();
    const { username, visitor: thief } = await newMember(ip);
    const stolenCookie = thief.cookieHeader;
    for (let guess = 0; guess < MAX_FAILURES - 1; guess++) {
      expect((await thief.request("/api/user", { method: "DELETE", json: { password: `guess number ${guess} here` } })).status).toBe(400);
    }
    const refused = await thief.request("/api/user", { method: "DELETE", json: { password: "the last wrong guess" } });
    expectSignedOutAnswer(refused);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining(TOO_MANY) });
    expect((await replay(stolenCookie, ip).request("/api/user")).status).toBe(401);
    await signedIn(username, newAddress());
  });

  it("wrong sign-ins elsewhere never count against a signed-in session: its right current password is accepted", async () => {
    const ip = newAddress();
    const { username, visitor } = await newMember(ip);
    for (let guess = 0; guess < MAX_FAILURES; guess++) {
      expect((await new VisitorAt(academy.baseUrl, ip).login(username, `guess number ${guess} here`)).status).toBe(401);
    }
    expect((await new VisitorAt(academy.baseUrl, ip).login(username, PASSWORD)).status).toBe(429);
    const accepted = await visitor.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(accepted.status).toBe(200);
    expect((await visitor.request("/api/user")).status).toBe(200);
  });

  it("the settings page's password form, with JavaScript off, shows the message with 429 and signs the browser out", async () => {
    const ip = newAddress();
    const { username, visitor: thief } = await newMember(ip);
    const stolenCookie = thief.cookieHeader;
    const guess = (currentPassword: string) =>
      postForm(thief, "/settings", { intent: "password", currentPassword, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt++) {
      const wrong = await guess(`guess number ${attempt} here`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("Your current password is not correct.");
    }
    const refused = await guess("the last wrong guess");
    expectSignedOutAnswer(refused);
    const page = await refused.text();
    expect(page).toContain(TOO_MANY);
    expect(page).toContain('href="/login?redirect=%2Fsettings"');

    const replayed = await replay(stolenCookie, ip).request("/settings");
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("Location")).toBe("/login?redirect=%2Fsettings");
    expect((await new VisitorAt(academy.baseUrl, newAddress()).login(username, NEW_PASSWORD)).status).toBe(401);
  });

  it("the settings page's delete form meets the same limit", async () => {
    const ip = newAddress();
    const { username, visitor: thief } = await newMember(ip);
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt++) {
      expect((await postForm(thief, "/settings", { intent: "delete-account", password: `guess number ${attempt} here` })).status).toBe(400);
    }
    const refused = await postForm(thief, "/settings", { intent: "delete-account", password: "the last wrong guess" });
    expectSignedOutAnswer(refused);
    expect(await refused.text()).toContain(TOO_MANY);
    await signedIn(username, newAddress());
  });

  it("a right password before the limit is accepted, as at sign-in", async () => {
    const { visitor } = await newMember(newAddress());
    for (let guess = 0; guess < MAX_FAILURES - 1; guess++) {
      expect((await visitor.request("/api/user/password", { method: "PUT", json: { currentPassword: `guess ${guess} is wrong`, newPassword: NEW_PASSWORD } })).status).toBe(400);
    }
    expect((await visitor.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect((await visitor.request("/api/user")).status).toBe(200);
  });
});

describe("guessing at sign-in from elsewhere (OWASP device cookies)", () => {
  it("fifty wrong passwords from five addresses lock out untrusted browsers, never the owner's browser or session", async () => {
    const home = newAddress();
    const { username } = await newMember(home);
    const laptop = await signedIn(username, home);
    expect(laptop.cookieHeader).toMatch(/academy_device=/);

    for (let address = 0; address < 5; address++) {
      const ip = newAddress();
      for (let guess = 0; guess < MAX_FAILURES; guess++) {
        expect((await new VisitorAt(academy.baseUrl, ip).login(username, `guess ${address}.${guess} here`)).status).toBe(401);
      }
    }
    // A browser the account never signed in from is refused, even with the right password; so is a forged device cookie.
    expect((await new VisitorAt(academy.baseUrl, newAddress()).login(username, PASSWORD)).status).toBe(429);
    const forged = new VisitorAt(academy.baseUrl, home);
    forged.setCookieHeader(`academy_device=${encodeURIComponent(Buffer.from(JSON.stringify([{ login: username, nonce: "forgednonce1234567890" }])).toString("base64"))}`);
    expect((await forged.login(username, PASSWORD)).status).toBe(429);

    // The owner's signed-in session changes the password with the right current one: not counted, not refused.
    const changed = await laptop.request("/api/user/password", { method: "PUT", json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect((await laptop.request("/api/user")).status).toBe(200);
    // Signed out, the laptop signs in again: it is a trusted browser for this account.
    expect((await laptop.request("/api/logout", { method: "POST" })).status).toBe(200);
    expect((await laptop.login(username, NEW_PASSWORD)).status).toBe(200);
  });

  it("a trusted browser's own wrong passwords lock only that browser", async () => {
    const home = newAddress();
    const { username } = await newMember(home);
    const laptop = await signedIn(username, home);
    expect((await laptop.request("/api/logout", { method: "POST" })).status).toBe(200);
    for (let guess = 0; guess < MAX_FAILURES; guess++) {
      expect((await laptop.login(username, `typo number ${guess}`)).status).toBe(401);
    }
    const locked = await laptop.login(username, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another browser on the same network is not held back by the laptop's typos.
    expect((await new VisitorAt(academy.baseUrl, home).login(username, PASSWORD)).status).toBe(200);
  });
});
