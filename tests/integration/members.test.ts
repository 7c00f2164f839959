import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyDatabase, type AcademyDatabase } from "../academy-database";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

// Many sign-ups from one address: lift the per-hour limit.
const academy = useAcademy({ SIGNUPS_PER_HOUR: "1000" });

interface MemberJson {
  id: number;
  username: string;
  name: string;
  email: string | null;
  joinDate: string;
  completedCourses: number;
  enrolledCourses: number;
}
interface SubscriptionJson {
  plan: "basic" | "premium";
  status: string;
  monthlyFee: number;
  startDate: string;
  isComped: boolean;
  currentPeriodEnd: string | null;
}
interface MemberWithSubscriptionJson {
  id: number;
  username: string;
  name: string;
  email: string | null;
  joinDate: string;
  isPremium: boolean;
  subscription: SubscriptionJson | null;
}
interface RevenueJson {
  monthlyRevenue: number;
  totalPremiumMembers: number;
  averageRevenuePerUser: number;
  annualProjection: number;
}

// The test reads the server's database itself, to know what the figures must
// be without asking the code under test.
let database: AcademyDatabase;
beforeAll(async () => {
  database = await academyDatabase(academy.process);
});
afterAll(() => database?.close());

async function expectedRevenue(): Promise<RevenueJson> {
  const now = new Date();
  const row = await database.get<{ students: number; premium: number; cents: number }>(
    `select
       count(*) as students,
       coalesce(sum(case when s.plan = 'premium' and s.status = 'active' and (s.current_period_end is null or s.current_period_end > ?) then 1 else 0 end), 0) as premium,
       coalesce(sum(case when s.plan = 'premium' and s.status = 'active' and (s.current_period_end is null or s.current_period_end > ?) and s.is_comped = false
                    then s.monthly_fee_cents else 0 end), 0) as cents
     from users u left join subscriptions s on s.user_id = u.id
     where u.role = 'student'`,
    now,
    now,
  );
  if (!row) throw new Error("no revenue row");
  return {
    monthlyRevenue: row.cents / 100,
    totalPremiumMembers: row.premium,
    averageRevenuePerUser: row.students ? Math.round(row.cents / row.students) / 100 : 0,
    annualProjection: (row.cents * 12) / 100,
  };
}

async function userId(username: string): Promise<number> {
  const row = await database.get<{ id: number }>("select id from users where username = ?", username);
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function countOf(sql: string): Promise<number> {
  const row = await database.get<{ n: number }>(sql);
  if (!row) throw new Error(`no count from ${sql}`);
  return row.n;
}

async function signedIn(credentials: { username: string; password: string }) {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

async function newStudent(prefix = "member") {
  const visitor = new Visitor(academy.baseUrl);
  const username = uniqueName(prefix);
  expect((await visitor.register(username)).status).toBe(201);
  return { visitor, username, id: await userId(username) };
}

async function getJson<T>(visitor: Visitor, path: string): Promise<T> {
  const response = await visitor.request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const revenue = (admin: Visitor) => getJson<RevenueJson>(admin, "/api/admin/revenue-stats");
const directory = (admin: Visitor, query = "") => getJson<MemberWithSubscriptionJson[]>(admin, `/api/admin/members-with-subscriptions${query}`);
const setPlan = (admin: Visitor, id: number | string, body: unknown) =>
  admin.request(`/api/admin/members/${id}/subscription`, { method: "PUT", json: body });

describe("the member endpoints", () => {
  it("are for administrators only", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const student = await signedIn(DEMO_STUDENT);
    const requests: Array<[string, string, unknown?]> = [
      ["GET", "/api/members"],
      ["GET", "/api/admin/members-with-subscriptions"],
      ["GET", "/api/admin/revenue-stats"],
      ["PUT", `/api/admin/members/${await userId(DEMO_STUDENT.username)}/subscription`, { plan: "premium", status: "active" }],
    ];
    for (const [method, path, json] of requests) {
      const anonymous = await visitor.request(path, { method, json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Authentication required" });
      const refused = await student.request(path, { method, json });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toEqual({ message: "Admin access required" });
    }
    // The student's attempt changed nothing.
    const admin = await signedIn(TEST_ADMIN);
    const [seeker] = await directory(admin, `?q=${DEMO_STUDENT.username}`);
    expect(seeker?.isPremium).toBe(false);
  });

  it("list every student with their course counts", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { username } = await newStudent("progress");
    const members = await getJson<MemberJson[]>(admin, "/api/members");
    const expected = await database.all<{ username: string; enrolled: number; completed: number }>(
      `select u.username, count(p.id) as enrolled, coalesce(sum(case when p.is_completed then 1 else 0 end), 0) as completed
       from users u left join user_progress p on p.user_id = u.id where u.role = 'student' group by u.id`,
    );
    expect(members).toHaveLength(expected.length);
    for (const row of expected) {
      const member = members.find((m) => m.username === row.username);
      expect(member, row.username).toMatchObject({ enrolledCourses: row.enrolled, completedCourses: row.completed });
    }
    expect(members.map((m) => m.username)).not.toContain(TEST_ADMIN.username);
    expect(members.find((m) => m.username === DEMO_PREMIUM.username)).toMatchObject({ name: "Luna Marsh", email: "oracle@example.com" });
    const fresh = members.find((m) => m.username === username);
    expect(fresh).toMatchObject({ name: username, completedCourses: 0, enrolledCourses: 0 });
    expect(Number.isNaN(Date.parse(fresh?.joinDate ?? ""))).toBe(false);
  });
});

describe("revenue stats", () => {
  it("match the members in the database, and a comped grant adds a member but no revenue", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const before = await revenue(admin);
    expect(before).toEqual(await expectedRevenue());
    // The demo's paying Premium student is there.
    expect(before.monthlyRevenue).toBeGreaterThanOrEqual(9.99);
    expect(before.totalPremiumMembers).toBeGreaterThanOrEqual(1);

    const lucky = await newStudent("lucky");
    await newStudent("plain");
    const afterSignUps = await revenue(admin);
    expect(afterSignUps).toEqual(await expectedRevenue());
    expect(afterSignUps.monthlyRevenue).toBe(before.monthlyRevenue);
    expect(afterSignUps.averageRevenuePerUser).toBeLessThanOrEqual(before.averageRevenuePerUser);

    const granted = await setPlan(admin, lucky.id, { plan: "premium", status: "active" });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ plan: "premium", status: "active", isComped: true, monthlyFee: 0, currentPeriodEnd: null, isPremium: true });
    const afterGrant = await revenue(admin);
    expect(afterGrant).toEqual(await expectedRevenue());
    expect(afterGrant.totalPremiumMembers).toBe(afterSignUps.totalPremiumMembers + 1);
    expect(afterGrant.monthlyRevenue).toBe(afterSignUps.monthlyRevenue);
    expect(afterGrant.annualProjection).toBe(afterSignUps.annualProjection);

    const [listed] = await directory(admin, `?q=${lucky.username}`);
    expect(listed).toMatchObject({ username: lucky.username, isPremium: true, subscription: { plan: "premium", isComped: true } });

    const revoked = await setPlan(admin, lucky.id, { plan: "basic", status: "cancelled" });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ plan: "basic", status: "cancelled", isPremium: false });
    const afterRevoke = await revenue(admin);
    expect(afterRevoke).toEqual(await expectedRevenue());
    expect(afterRevoke).toEqual(afterSignUps);
  });
});

describe("the member directory", () => {
  it("searches by name, email or username and filters by plan", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const byName = await directory(admin, "?q=luna");
    expect(byName.map((m) => m.username)).toEqual([DEMO_PREMIUM.username]);
    expect(byName[0]).toMatchObject({
      name: "Luna Marsh",
      email: "oracle@example.com",
      isPremium: true,
      subscription: { plan: "premium", status: "active", monthlyFee: 9.99, isComped: false },
    });
    expect((await directory(admin, "?q=SEEKER@EXAMPLE")).map((m) => m.username)).toEqual([DEMO_STUDENT.username]);
    expect((await directory(admin, "?q=example.com")).map((m) => m.username).sort()).toEqual([DEMO_PREMIUM.username, DEMO_STUDENT.username].sort());
    // Wildcards typed into the box are plain characters.
    expect(await directory(admin, "?q=%25")).toEqual([]);
    expect(await directory(admin, "?q=_")).toEqual([]);

    const { username } = await newStudent("searchable");
    const [fresh] = await directory(admin, `?q=${username}`);
    expect(fresh).toMatchObject({ username, isPremium: false, subscription: null });

    const premium = (await directory(admin, "?plan=premium")).map((m) => m.username);
    expect(premium).toContain(DEMO_PREMIUM.username);
    expect(premium).not.toContain(DEMO_STUDENT.username);
    const basic = (await directory(admin, "?plan=basic")).map((m) => m.username);
    expect(basic).toContain(DEMO_STUDENT.username);
    expect(basic).toContain(username);
    expect(basic).not.toContain(DEMO_PREMIUM.username);
    expect((await directory(admin, "?q=oracle&plan=basic")).length).toBe(0);
    expect((await directory(admin)).map((m) => m.username)).not.toContain(TEST_ADMIN.username);
  });

  it("pages through members, 20 at a time, newest first", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const prefix = uniqueName("page");
    for (let i = 0; i < 21; i++) {
      expect((await new Visitor(academy.baseUrl).register(`${prefix}-${i}`)).status).toBe(201);
    }
    const response = await admin.request(`/api/admin/members-with-subscriptions?q=${prefix}`);
    expect(response.headers.get("X-Total-Count")).toBe("21");
    expect(response.headers.get("X-Page-Count")).toBe("2");
    const first = (await response.json()) as MemberWithSubscriptionJson[];
    expect(first).toHaveLength(20);
    expect(first[0]?.username).toBe(`${prefix}-20`);
    const second = await directory(admin, `?q=${prefix}&page=2`);
    expect(second.map((m) => m.username)).toEqual([`${prefix}-0`]);
    // A page past the end shows the last one, with the same total.
    const beyond = await admin.request(`/api/admin/members-with-subscriptions?q=${prefix}&page=9`);
    expect(beyond.headers.get("X-Total-Count")).toBe("21");
    expect(beyond.headers.get("X-Page")).toBe("2");
    expect(((await beyond.json()) as MemberWithSubscriptionJson[]).map((m) => m.username)).toEqual([`${prefix}-0`]);
    const none = await admin.request(`/api/admin/members-with-subscriptions?q=${prefix}-nobody&page=3`);
    expect(none.headers.get("X-Total-Count")).toBe("0");
    expect(await none.json()).toEqual([]);
  });
});

describe("changing a member's plan", () => {
  it("validates the body and the member", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const seekerId = await userId(DEMO_STUDENT.username);

    const badPlan = await setPlan(admin, seekerId, { plan: "gold", status: "active" });
    expect(badPlan.status).toBe(400);
    const badPlanBody = (await badPlan.json()) as { message: string; errors: Record<string, string[]> };
    expect(badPlanBody.errors.plan).toEqual(["Plan must be basic or premium"]);

    const noStatus = await setPlan(admin, seekerId, { plan: "premium" });
    expect(noStatus.status).toBe(400);
    expect(((await noStatus.json()) as { errors: Record<string, string[]> }).errors.status?.[0]).toMatch(/^Status must be one of active/);

    expect((await setPlan(admin, 999_999, { plan: "premium", status: "active" })).status).toBe(404);
    expect((await setPlan(admin, "abc", { plan: "premium", status: "active" })).status).toBe(404);

    const adminChange = await setPlan(admin, await userId(TEST_ADMIN.username), { plan: "basic", status: "cancelled" });
    expect(adminChange.status).toBe(409);
    expect(await adminChange.json()).toEqual({ message: "Administrators always have Premium access; their plan cannot be changed." });

    expect((await admin.request(`/api/admin/members/${seekerId}/subscription`)).status).toBe(405);
    const [seeker] = await directory(admin, `?q=${DEMO_STUDENT.username}`);
    expect(seeker?.isPremium).toBe(false);
  });

  it("from the page works as a plain form post with a toast", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { id, username } = await newStudent("formgrant");
    const origin = { Origin: academy.baseUrl, "Content-Type": "application/x-www-form-urlencoded" };
    const granted = await admin.request(`/admin/members?q=${username}`, {
      method: "POST",
      headers: origin,
      body: new URLSearchParams({ intent: "grant", memberId: String(id) }).toString(),
    });
    expect(granted.status).toBe(302);
    expect(granted.headers.get("Location")).toBe(`/admin/members?q=${username}`);
    const page = await (await admin.request(`/admin/members?q=${username}`)).text();
    expect(page).toContain("Premium granted");
    expect(page).toContain("Premium Student");
    expect(page).toContain("Comped");

    const refused = await admin.request("/admin/members", {
      method: "POST",
      headers: origin,
      body: new URLSearchParams({ intent: "revoke", memberId: String(await userId(TEST_ADMIN.username)) }).toString(),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("their plan cannot be changed");

    const student = await signedIn(DEMO_STUDENT);
    const notAdmin = await student.request("/admin/members", {
      method: "POST",
      headers: origin,
      body: new URLSearchParams({ intent: "grant", memberId: String(await userId(DEMO_STUDENT.username)) }).toString(),
    });
    expect(notAdmin.status).toBe(302);
    expect(notAdmin.headers.get("Location")).toBe("/students");
  });
});

describe("premium courses", () => {
  it("refuse their lessons to a free student until an admin grants Premium", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { visitor: student, id } = await newStudent("aspirant");
    const lesson = await database.get<{ lessonId: number; courseId: number }>(
      `select l.id as "lessonId", l.course_id as "courseId" from lessons l join courses c on c.id = l.course_id
       where c.is_premium = true and c.is_active = true and l.is_active = true order by c.id, l.sort_order, l.id limit 1`,
    );
    if (!lesson) throw new Error("the demo has no premium course");

    const refused = await student.request(`/api/lessons/${lesson.lessonId}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Premium membership required" });
    expect((await student.request(`/course/${lesson.courseId}/lesson/${lesson.lessonId}`)).status).toBe(403);

    expect((await setPlan(admin, id, { plan: "premium", status: "active" })).status).toBe(200);
    expect((await student.request(`/api/lessons/${lesson.lessonId}`)).status).toBe(200);
    expect((await student.request(`/course/${lesson.courseId}/lesson/${lesson.lessonId}`)).status).toBe(200);

    expect((await setPlan(admin, id, { plan: "basic", status: "cancelled" })).status).toBe(200);
    expect((await student.request(`/api/lessons/${lesson.lessonId}`)).status).toBe(403);
  });
});

describe("the admin dashboard", () => {
  it("shows real figures on every tab", async () => {
    const admin = await signedIn(TEST_ADMIN);
    const { username } = await newStudent("dashboard");
    const overview = await (await admin.request("/admin")).text();
    expect(overview).toContain("Recent Activity");
    expect(overview).toContain(`${username} joined the Academy`);
    const students = await countOf("select count(*) as n from users where role = 'student'");
    expect(overview).toMatch(new RegExp(`data-testid="stat-active-members">${students}<`));

    // Member Progress: 20 members a page, by username; every student is on one of the pages.
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(students / 20); page++) {
      pages.push(await (await admin.request(`/dashboard?tab=members&page=${page}`)).text());
    }
    expect(pages[0]).toContain("Member Progress");
    const rows = pages.join("").match(/data-testid="member-progress-row"/g) ?? [];
    expect(rows).toHaveLength(students);
    expect(pages.join("")).toContain("Luna Marsh");
    expect(pages.join("")).toContain("seeker@example.com");

    const courses = await (await admin.request("/dashboard?tab=courses")).text();
    const first = await database.get<{ title: string }>("select title from courses order by id limit 1");
    if (!first) throw new Error("the demo has no course");
    const title = first.title;
    expect(courses).toContain(title.replace(/&/g, "&amp;"));
    expect(courses).toContain("/admin/courses/1/lessons");

    const kb = await (await admin.request("/dashboard?tab=knowledge-base")).text();
    const published = await countOf("select count(*) as n from knowledge_base_articles where is_published = true");
    expect(kb).toMatch(new RegExp(`data-testid="kb-published">${published}<`));

    const analytics = await (await admin.request("/dashboard?tab=analytics")).text();
    for (const chart of ["Sign-ups per week", "Lesson completions per week", "Premium members per month", "Revenue per month"]) {
      expect(analytics).toContain(chart);
    }

    // An unknown tab is the overview.
    expect(await (await admin.request("/admin?tab=nonsense")).text()).toContain("Recent Activity");
  });
});
