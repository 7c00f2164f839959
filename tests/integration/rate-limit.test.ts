import { describe, expect, it } from "vitest";
import { DEMO_STUDENT, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ LOGIN_MAX_FAILURES: "3", SIGNUPS_PER_HOUR: "2" });

describe("rate limits", () => {
  it("locks a username after repeated failed sign-ins, with Retry-After", async () => {
    const visitor = new Visitor(academy.baseUrl);
    for (let i = 0; i < 3; i++) {
      expect((await visitor.login(DEMO_STUDENT.username, "guessing the passphrase")).status).toBe(401);
    }
    const blocked = await visitor.login(DEMO_STUDENT.username, DEMO_STUDENT.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ message: "Too many failed sign-in attempts. Please wait and try again later." });
  });

  it("limits sign-ups per network", async () => {
    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.register(uniqueName())).status).toBe(201);
    expect((await visitor.register(uniqueName())).status).toBe(201);
    const third = await visitor.register(uniqueName());
    expect(third.status).toBe(429);
    expect(third.headers.get("Retry-After")).toBeTruthy();
  });
});
