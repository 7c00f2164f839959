import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_STUDENT, TEST_ADMIN, useAcademy, Visitor } from "./helpers";

// A course saved without an image (issue 31): every page that shows course
// images paints a placeholder with the course's title and level on the
// theme's gradient instead of an empty box, hidden from screen readers because
// the title and level are printed beside it.

const academy = useAcademy();

const imageless = {
  title: "Reading the Night Sky Without Pictures",
  description: "A course whose administrator has not chosen an image yet.",
  level: "Advanced",
  rating: "4.5",
  duration: "3 weeks",
  isActive: true,
};

let courseId: number;

async function signedIn(credentials: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(credentials.username, credentials.password)).status).toBe(200);
  return visitor;
}

async function html(visitor: Visitor, path: string): Promise<string> {
  const response = await visitor.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The `<article>` of a course's card, found by its title. */
function cardOf(page: string, title: string): string {
  const card = page.match(/<article[\s\S]*?<\/article>/g)?.find((article) => article.includes(title));
  if (!card) throw new Error(`no card for ${title}`);
  return card;
}

const PLACEHOLDER_TAG = /<div(?=[^>]*aria-hidden="true")(?=[^>]*class="course-placeholder[^"]*")[^>]*data-testid="course-image-placeholder"[^>]*>/;

/** The placeholder's markup, up to the end of its caption. */
function placeholderIn(markup: string): string | null {
  const start = markup.search(PLACEHOLDER_TAG);
  if (start < 0) return null;
  return markup.slice(start, markup.indexOf("</div></div>", start));
}

beforeAll(async () => {
  const admin = await signedIn(TEST_ADMIN);
  const created = await admin.request("/api/courses", { method: "POST", json: imageless });
  expect(created.status).toBe(201);
  const course: unknown = await created.json();
  if (!course || typeof course !== "object" || !("id" in course) || typeof course.id !== "number") throw new Error("no course id");
  courseId = course.id;
});

describe("a course without an image", () => {
  it("shows its title and level as a decorative placeholder on the catalogue's and the portal's cards", async () => {
    const student = await signedIn(DEMO_STUDENT);
    for (const path of ["/courses", "/students?tab=courses"]) {
      const card = cardOf(await html(student, path), imageless.title);
      const placeholder = placeholderIn(card);
      expect(placeholder, path).not.toBeNull();
      expect(placeholder).toContain(`>${imageless.level}</p>`);
      expect(placeholder).toContain(`>${imageless.title}</p>`);
      expect(card).not.toContain("<img");
      // The card's own heading is what a screen reader announces.
      expect(card).toMatch(new RegExp(`<h3[^>]*>${imageless.title}`));
    }
  });

  it("shows the placeholder on its course page and in the admin's course list", async () => {
    const coursePage = await html(await signedIn(DEMO_STUDENT), `/course/${courseId}`);
    expect(placeholderIn(coursePage)).toContain(imageless.title);
    expect(coursePage).toMatch(new RegExp(`<h1[^>]*>${imageless.title}</h1>`));

    const adminCard = cardOf(await html(await signedIn(TEST_ADMIN), "/admin/courses"), imageless.title);
    expect(placeholderIn(adminCard)).toContain(imageless.level);
    expect(adminCard).not.toContain("<img");
  });

  it("leaves a course with an image as it was", async () => {
    const catalogue = await html(await signedIn(DEMO_STUDENT), "/courses");
    const pictured = cardOf(catalogue, "Foundations of Intuitive Reading");
    expect(pictured).toMatch(/<img[^>]*src="\/images\/courses\/intuitive-reading-foundations\.svg"[^>]*alt=""/);
    expect(placeholderIn(pictured)).toBeNull();
  });
});
