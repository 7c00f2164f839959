import { expect, test } from "./helpers";
import { answerQuizInPage, FIRST_COURSE, lessonPosition, quizAnswers, readLessonPosition, walkToLastSection } from "./learning-helpers";

const CERTIFICATE_NUMBER = /ACD-\d{4}-[2-9A-HJ-NP-Z]{6}/;

test.describe("Taking a course in the lesson player", () => {
  test("a new student walks every lesson, finishes the course and earns a verifiable certificate", async ({ page, visit, student }) => {
    await visit(`/course/${FIRST_COURSE.id}`);
    await expect(page.getByRole("heading", { level: 1, name: FIRST_COURSE.title })).toBeVisible();
    await expect(page.getByTestId("course-progress")).toHaveText("0%");
    await page.getByRole("button", { name: "Start Course" }).click();

    for (let order = 1; order <= FIRST_COURSE.lessons; order++) {
      await expect(page).toHaveURL(/\/course\/1\/lesson\/\d+$/);
      await expect(lessonPosition(page)).toContainText(`Lesson ${order} • Section 1 of `);
      const last = order === FIRST_COURSE.lessons;
      // The course's last lesson ends with a quiz, which is what completes it.
      await walkToLastSection(page, { quiz: last });
      // Earlier sections are marked done in the sidebar; the current one is highlighted.
      const { total } = await readLessonPosition(page);
      const sections = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
      await expect(sections.nth(total - 1)).toHaveAttribute("aria-current", "step");
      if (total > 1) await expect(sections.first()).toContainText("(done)");
      if (last) break;

      await page.getByRole("button", { name: "Complete Lesson" }).click();
      await expect(lessonPosition(page)).toContainText(`Lesson ${order + 1} • Section 1 of `);
      await expect(page.getByTestId("toast-title")).toHaveText("Lesson Completed!");
    }

    // A first try with two wrong answers: the score, right and wrong per question, the explanations, no completion.
    const questions = await quizAnswers(new URL(page.url()).origin, FIRST_COURSE.quizLessonId);
    await answerQuizInPage(page, questions, { wrong: [0, 1] });
    await expect(page.getByTestId("quiz-score")).toHaveText(`Score: ${Math.round(((questions.length - 2) / questions.length) * 100)}%`);
    await expect(page.getByTestId("quiz-result")).toContainText("Not passed yet");
    await expect(page.getByRole("list", { name: "Your answers" }).getByLabel("Wrong")).toHaveCount(2);
    await expect(page.getByTestId("quiz-result")).toContainText("An impression is the raw material");
    await page.getByRole("link", { name: "Try again" }).click();
    await answerQuizInPage(page, questions);
    await expect(page.getByTestId("quiz-score")).toHaveText("Score: 100%");
    await expect(page.getByTestId("toast-title")).toHaveText("Certificate earned!");
    const toastText = (await page.getByText(/^Quiz passed with 100%. Your certificate number is /).textContent()) ?? "";
    const certificateNumber = CERTIFICATE_NUMBER.exec(toastText)?.[0];
    expect(certificateNumber, toastText).toBeDefined();

    await visit(`/course/${FIRST_COURSE.id}`);
    await expect(page.getByTestId("course-progress")).toHaveText("100%");
    // A finished course leads to its certificate instead of "Continue Learning" (issue 47).
    await expect(page.getByRole("link", { name: "Completed — view certificate" })).toBeVisible();

    await visit("/students");
    await expect(page.getByTestId("stat-enrolled")).toHaveText("1");
    await expect(page.getByTestId("stat-completed")).toHaveText("1");

    await page.getByRole("navigation", { name: "Portal sections" }).getByRole("link", { name: "Certificates" }).click();
    await expect(page).toHaveURL("/students?tab=certificates");
    const card = page.getByTestId("certificate-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading")).toHaveText(FIRST_COURSE.title);
    await expect(card.getByTestId("certificate-number")).toHaveText(certificateNumber ?? "");
    await expect(card.getByText("Verified")).toBeVisible();

    const verification = await visit(`/certificates/${certificateNumber}`);
    expect(verification?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: FIRST_COURSE.title })).toBeVisible();
    await expect(page.getByText("Valid certificate")).toBeVisible();
    await expect(page.getByTestId("certificate-assessed")).toContainText("average best score of 100%");
    await expect(page.getByText(student.username)).toBeVisible();
    await expect(page.getByText(certificateNumber ?? "", { exact: true })).toBeVisible();
  });

  test("shows each kind of section: Markdown text, an image with its description, an embedded video", async ({ page, visit, student: _student }) => {
    await visit("/course/1/lesson/1");
    await expect(page.locator(".prose-academy p").first()).toBeVisible();

    await visit("/course/1/lesson/1?section=3");
    await expect(page.getByRole("img", { name: /abstract night sky/ })).toHaveAttribute("src", "/images/courses/intuitive-reading-foundations.svg");

    await visit("/course/1/lesson/2?section=3");
    await expect(page.locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/kT7qLmR2vXe");
    await expect(page.locator("iframe")).toHaveAttribute("title", /Guided grounding practice/);

    // A section number out of range falls back to the first section.
    await visit("/course/1/lesson/2?section=99");
    await expect(lessonPosition(page)).toHaveText("Lesson 2 • Section 1 of 4");
  });

  test("shows a skeleton while a course page loads", async ({ page, visit, student: _student }) => {
    await visit("/courses");
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the course page's data until the skeleton has been seen.
    await page.route(
      (url) => url.pathname === `/course/${FIRST_COURSE.id}` && url.searchParams.has("_data"),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.getByRole("link", { name: "View Course" }).first().click();
    await expect(page.getByTestId("course-skeleton")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: FIRST_COURSE.title })).toBeVisible();
    await expect(page.getByTestId("course-skeleton")).toHaveCount(0);
  });

  test("an unknown course reads Course Not Found", async ({ page, visit }) => {
    const response = await visit("/course/9999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Course Not Found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return home" })).toHaveAttribute("href", "/");
  });

  test("a lesson opened under another course reads Lesson not found", async ({ page, visit, student: _student }) => {
    // Lesson 1 belongs to course 1.
    const response = await visit("/course/2/lesson/1");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Lesson not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Course" })).toHaveAttribute("href", "/course/2");

    const nonsense = await visit("/course/1/lesson/not-a-number");
    expect(nonsense?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Lesson not found" })).toBeVisible();
  });

  test("a visitor is asked to sign in, on the course page and in the player", async ({ page, visit }) => {
    await visit(`/course/${FIRST_COURSE.id}`);
    await expect(page.getByText("Please log in to start this course")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log In to Enroll" })).toHaveAttribute("href", "/login?redirect=/course/1");

    await visit("/course/1/lesson/1?section=2");
    await expect(page).toHaveURL("/login?redirect=%2Fcourse%2F1%2Flesson%2F1%3Fsection%3D2");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a student starts a course and completes the first lesson with plain forms", async ({ page, visit, student: _student }) => {
      await visit(`/course/${FIRST_COURSE.id}`);
      await page.getByRole("button", { name: "Start Course" }).click();
      await expect(page).toHaveURL(/\/course\/1\/lesson\/\d+$/);
      await expect(lessonPosition(page)).toContainText("Lesson 1 • Section 1 of ");

      // The study help panel opens without JavaScript.
      await page.getByText("Study help").click();
      await expect(page.locator('[data-slot="study-companion"]')).toContainText("The study companion answers questions about this lesson when JavaScript is on.");

      await walkToLastSection(page);
      await page.getByRole("button", { name: "Complete Lesson" }).click();
      await expect(lessonPosition(page)).toContainText("Lesson 2 • Section 1 of ");
      await expect(page.getByTestId("toast-title")).toHaveText("Lesson Completed!");

      await visit(`/course/${FIRST_COURSE.id}`);
      await expect(page.getByTestId("course-progress")).toHaveText("25%");
      await expect(page.getByRole("list", { name: "Lessons" }).getByRole("listitem").first()).toContainText("✓");
      await expect(page.getByRole("button", { name: "Continue Learning" })).toBeVisible();
    });
  });
});
