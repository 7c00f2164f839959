import { describe, expect, it } from "vitest";
import { newStudent, useAcademy, Visitor } from "./helpers";

// Course ratings from students (issue 14): 1–5 stars, one per student per course
// (a new one replaces the old), only after starting the course; the academy's
// stored value is shown only until there are ratings.

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

interface CourseJson {
  id: number;
  rating: string;
  ratingAverage: number | null;
  ratingCount: number;
  isPremium: boolean;
}


const rate = (visitor: Visitor, courseId: number, body: unknown) => visitor.request(`/api/courses/${courseId}/rating`, { method: "PUT", json: body });
const courseJson = async (visitor: Visitor, id: number) => (await (await visitor.request(`/api/courses/${id}`)).json()) as CourseJson;
const start = async (visitor: Visitor, id: number) => expect((await visitor.request(`/api/courses/${id}/start`, { method: "POST" })).status).toBe(200);
const rateWithForm = (visitor: Visitor, courseId: number, fields: Record<string, string>) =>
  visitor.request(`/course/${courseId}`, { method: "POST", body: new URLSearchParams({ intent: "rate", ...fields }) });

describe("rating a course through the API", () => {
  it("is allowed only after starting the course, and one rating per student replaces the last", async () => {
    const student = await newStudent(academy.baseUrl);
    const before = await courseJson(student, 2);
    expect(before).toMatchObject({ ratingAverage: null, ratingCount: 0 });

    const early = await rate(student, 2, { rating: 5 });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ message: "Start this course before rating it." });

    await start(student, 2);
    const first = await rate(student, 2, { rating: 4 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ courseId: 2, yourRating: 4, ratingAverage: 4, ratingCount: 1, shown: { value: "4.0", count: 1, fromStudents: true } });

    const changed = await rate(student, 2, { rating: 2 });
    expect(await changed.json()).toMatchObject({ yourRating: 2, ratingAverage: 2, ratingCount: 1 });

    const other = await newStudent(academy.baseUrl);
    await start(other, 2);
    expect(await (await rate(other, 2, { rating: 5 })).json()).toMatchObject({ yourRating: 5, ratingAverage: 3.5, ratingCount: 2 });

    // The course shows the students' figures; the admin's stored value is untouched.
    expect(await courseJson(student, 2)).toMatchObject({ rating: before.rating, ratingAverage: 3.5, ratingCount: 2 });
    const mine = await student.request("/api/courses/2/rating");
    expect(await mine.json()).toMatchObject({ yourRating: 2, ratingCount: 2 });
  });

  it("answers bad input with a 4xx message", async () => {
    const student = await newStudent(academy.baseUrl);
    await start(student, 4);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: "4" }, {}]) {
      const response = await rate(student, 4, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ message: "Choose from 1 to 5 stars" });
    }
    expect((await student.request("/api/courses/4/rating", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{" })).status).toBe(400);
    expect((await rate(student, 999_999, { rating: 3 })).status).toBe(404);
    expect((await rate(student, Number.NaN, { rating: 3 })).status).toBe(404);
    expect((await student.request("/api/courses/4/rating", { method: "POST", json: { rating: 3 } })).status).toBe(405);
    expect((await rate(new Visitor(academy.baseUrl), 4, { rating: 3 })).status).toBe(401);
    expect(await courseJson(student, 4)).toMatchObject({ ratingAverage: null, ratingCount: 0 });
  });

  it("keeps a free member from rating a Premium course they could never start", async () => {
    const student = await newStudent(academy.baseUrl);
    const courses = (await (await student.request("/api/courses")).json()) as CourseJson[];
    const premium = courses.find((course) => course.isPremium);
    if (!premium) throw new Error("the demo has a Premium course");
    expect((await student.request(`/api/courses/${premium.id}/start`, { method: "POST" })).status).toBe(403);
    expect((await rate(student, premium.id, { rating: 1 })).status).toBe(403);
  });
});

describe("the course page's rating form (no JavaScript)", () => {
  it("rates with a plain post and redirects back; refuses before the start and bad values", async () => {
    const student = await newStudent(academy.baseUrl);
    expect((await rateWithForm(student, 5, { rating: "5" })).status).toBe(403);

    // The academy's value is shown until the first rating, with no count beside it.
    let page = await (await student.request("/course/5")).text();
    const stored = (await courseJson(student, 5)).rating;
    expect(page).toContain(`${stored} / 5`);
    expect(page).toContain(`${stored} out of 5`);
    expect(page).not.toMatch(/no (student )?ratings yet/);
    expect(page).not.toContain('name="rating"');

    await start(student, 5);
    page = await (await student.request("/course/5")).text();
    expect(page).toContain("Rate this course");
    expect(page.match(/type="radio" name="rating"/g)).toHaveLength(5);

    expect((await rateWithForm(student, 5, { rating: "9" })).status).toBe(400);
    expect((await rateWithForm(student, 5, {})).status).toBe(400);
    const saved = await rateWithForm(student, 5, { rating: "3" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/course/5");

    page = await (await student.request("/course/5")).text();
    expect(page).toContain("You rated it 3 of 5.");
    expect(page).toContain("3.0 / 5 from 1 student");
    const catalogue = await (await student.request("/courses")).text();
    expect(catalogue).toContain("3.0 out of 5 from 1 student rating");
  });
});
