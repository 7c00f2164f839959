import type { Page, Request, Route } from "@playwright/test";
import { z } from "zod";
import { expect, test } from "./helpers";
import { FIRST_COURSE } from "./learning-helpers";

// The floating study companion, as a student uses it. The e2e server has no
// OPENAI_API_KEY, so it answers in offline mode: quotes from the demo lessons
// and articles, with citations.

const GROUNDING_LESSON = "Grounding and Centering Before a Reading";
const GROUNDING_QUESTION = "How do I ground myself before a reading?";

const toggle = (page: Page) => page.getByRole("button", { name: "Study companion", exact: true });
const panel = (page: Page) => page.getByRole("dialog", { name: "Study companion" });
const input = (page: Page) => panel(page).getByRole("textbox", { name: "Ask the study companion" });
const answers = (page: Page) => panel(page).getByTestId("companion-answer");
const questions = (page: Page) => panel(page).getByTestId("companion-question");

/** Counts the questions the page posts to /api/chat. */
function countChatPosts(page: Page): { readonly count: number } {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/chat") posts.push(request);
  });
  return {
    get count() {
      return posts.length;
    },
  };
}

/** Holds POST /api/chat until `release` is called, so the pending state can be looked at. */
async function holdChatRequests(page: Page): Promise<{ release: () => void; held: Promise<Route> }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let heldRoute: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => (heldRoute = resolve));
  await page.route("**/api/chat", async (route) => {
    heldRoute(route);
    await gate;
    await route.continue().catch(() => {
      // The page may have aborted the request (Stop) meanwhile.
    });
  });
  return { release, held };
}

async function openCompanion(page: Page) {
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

const LessonList = z.array(z.object({ id: z.number(), title: z.string() }));

test.describe("The study companion", () => {
  test("a visitor sees no companion", async ({ page, visit }) => {
    await visit("/");
    await expect(page.getByTestId("companion-toggle")).toHaveCount(0);
    await visit("/courses");
    await expect(page.getByTestId("companion-toggle")).toHaveCount(0);
  });

  test("a student asks about grounding, watches the answer stream in and follows a citation", async ({ page, visit, student: _student }) => {
    await visit("/courses");
    const posts = countChatPosts(page);
    await openCompanion(page);
    await expect(panel(page).getByTestId("companion-mode")).toHaveText("Answers from the course library (no AI model)");

    // Empty and whitespace-only input is not sent.
    await input(page).press("Enter");
    await input(page).fill("   ");
    await input(page).press("Enter");
    await expect(panel(page).getByRole("button", { name: "Send" })).toBeDisabled();
    // Shift+Enter makes a new line instead of sending.
    await input(page).fill("first line");
    await input(page).press("Shift+Enter");
    await expect(input(page)).toHaveValue("first line\n");
    expect(posts.count).toBe(0);
    await expect(questions(page)).toHaveCount(0);

    // While the answer is pending: Thinking, input disabled, a Stop button.
    const { release, held } = await holdChatRequests(page);
    await input(page).fill(GROUNDING_QUESTION);
    await input(page).press("Enter");
    const route = await held;
    expect(route.request().headers()["accept"]).toContain("text/event-stream");
    expect(route.request().postDataJSON()).toMatchObject({ message: GROUNDING_QUESTION, context: { conversationHistory: [] } });
    await expect(questions(page)).toHaveText([GROUNDING_QUESTION]);
    await expect(panel(page).getByTestId("companion-thinking")).toBeVisible();
    await expect(input(page)).toBeDisabled();
    await expect(input(page)).toHaveValue("");
    await expect(panel(page).getByRole("button", { name: "Stop" })).toBeVisible();

    const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/chat");
    release();
    expect((await streamed).headers()["content-type"]).toContain("text/event-stream");

    const answer = answers(page).last();
    const citation = answer.locator("a[data-citation]").first();
    await expect(citation).toBeVisible();
    await expect(citation).toHaveText(/^\[\d+\]$/);
    await expect(panel(page).getByTestId("companion-thinking")).toHaveCount(0);
    await expect(input(page)).toBeEnabled();
    await expect(input(page)).toBeFocused();
    await expect(answer.getByRole("list", { name: "Sources" }).getByTestId("companion-source").first()).toBeVisible();
    await expect(answer.getByTestId("companion-source").filter({ hasText: GROUNDING_LESSON }).first()).toBeVisible();
    await expect(panel(page).getByTestId("companion-usage")).toContainText("1 of");

    // The citation opens the lesson or article it points to; the conversation stays.
    const href = await citation.getAttribute("href");
    expect(href).toMatch(/^\/(course\/\d+\/lesson\/\d+|knowledge-base\/\d+)/);
    await citation.click();
    await expect(page).toHaveURL(new RegExp(`${href?.split(/[?#]/)[0]}`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(panel(page)).toBeVisible();
    await expect(questions(page)).toHaveText([GROUNDING_QUESTION]);

    // Escape closes the panel and gives focus back to the button.
    await input(page).press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();
  });

  test("an answer's request ends cleanly: read to its end, never aborted", async ({ page, visit, student: _student }) => {
    const failed: string[] = [];
    page.on("requestfailed", (request) => {
      if (new URL(request.url()).pathname === "/api/chat") failed.push(request.failure()?.errorText ?? "failed");
    });
    await visit("/courses");
    await openCompanion(page);
    await input(page).fill(GROUNDING_QUESTION);
    await input(page).press("Enter");
    await expect(answers(page).last().locator("a[data-citation]").first()).toBeVisible();
    await expect(input(page)).toBeEnabled();
    // Give a late abort the time to show up.
    await page.waitForTimeout(300);
    expect(failed).toEqual([]);
  });

  test("a pricing question points to the Session Rate Calculator, whose card the source opens", async ({ page, visit, student: _student }) => {
    await visit("/dashboard");
    await openCompanion(page);
    await input(page).fill("is there a worksheet to work out my session rate");
    await input(page).press("Enter");
    const calculator = answers(page).last().getByTestId("companion-source").filter({ hasText: "Session Rate Calculator" });
    await expect(calculator).toBeVisible();
    await expect(calculator).toContainText("Tool or template:");
    await page.screenshot({ path: "test-results/companion-template-source.png" });
    const href = await calculator.getAttribute("href");
    expect(href).toMatch(/^\/tools-templates\?category=calculators#template-\d+$/);
    await calculator.click();
    await expect(page).toHaveURL(/\/tools-templates\?category=calculators#template-\d+$/);
    await expect(page.locator(`article#${href?.split("#")[1]}`)).toHaveAttribute("aria-label", "Session Rate Calculator");
  });

  test("the conversation is kept between visits, goes along as context, and can be cleared", async ({ page, visit, student: _student }) => {
    await visit("/students");
    await openCompanion(page);
    await input(page).fill("What should a client intake form ask?");
    await input(page).press("Enter");
    await expect(answers(page)).toHaveCount(1);
    await expect(answers(page).first()).not.toContainText("Thinking");
    await expect(answers(page).first()).not.toBeEmpty();

    await visit("/courses");
    await openCompanion(page);
    await expect(questions(page)).toHaveText(["What should a client intake form ask?"]);
    await expect(answers(page)).toHaveCount(1);

    const request = page.waitForRequest((candidate) => candidate.method() === "POST" && new URL(candidate.url()).pathname === "/api/chat");
    await input(page).fill("And how should I confirm the booking?");
    await input(page).press("Enter");
    const history = z
      .object({ context: z.object({ conversationHistory: z.array(z.object({ role: z.string(), content: z.string() })) }) })
      .parse((await request).postDataJSON()).context.conversationHistory;
    expect(history.map((turn) => turn.role)).toEqual(["user", "assistant"]);
    expect(history[0]?.content).toBe("What should a client intake form ask?");
    await expect(answers(page)).toHaveCount(2);
    await expect(input(page)).toBeEnabled();

    await panel(page).getByRole("button", { name: "Clear conversation" }).click();
    await expect(questions(page)).toHaveCount(0);
    await visit("/courses");
    await openCompanion(page);
    await expect(panel(page).getByText("Ask about anything in your courses")).toBeVisible();
    await expect(questions(page)).toHaveCount(0);
  });

  test("the portal's Quick Action opens the companion", async ({ page, visit, student: _student }) => {
    await visit("/students");
    await expect(panel(page)).toBeHidden();
    await page.getByRole("link", { name: /Chat with the study companion/ }).click();
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await expect(page).toHaveURL("/students");
    await panel(page).getByRole("button", { name: "Close study companion" }).click();
    await expect(panel(page)).toBeHidden();

    // A link with ?companion=open opens it on arrival.
    await visit("/courses?companion=open");
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
  });

  test("Ask about this lesson offers three questions from the lesson and answers one", async ({ page, visit, student: _student }) => {
    const lessons = LessonList.parse(await (await page.request.get(`/api/courses/${FIRST_COURSE.id}/lessons`)).json());
    const lesson = lessons.find((candidate) => candidate.title === GROUNDING_LESSON);
    expect(lesson, "the demo course has the grounding lesson").toBeDefined();
    await visit(`/course/${FIRST_COURSE.id}/lesson/${lesson?.id}`);

    await page.getByText("Study help").click();
    await page.getByRole("button", { name: "Ask about this lesson" }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByTestId("companion-scope")).toContainText(GROUNDING_LESSON);
    const suggested = panel(page).getByRole("list", { name: "Suggested questions" }).getByRole("button");
    await expect(suggested).toHaveCount(3);

    const question = (await suggested.first().textContent()) ?? "";
    const request = page.waitForRequest((candidate) => candidate.method() === "POST" && new URL(candidate.url()).pathname === "/api/chat");
    await suggested.first().click();
    expect((await request).postDataJSON()).toMatchObject({
      message: question,
      context: { lessonId: lesson?.id, lessonTitle: GROUNDING_LESSON, courseTitle: FIRST_COURSE.title },
    });
    await expect(questions(page)).toHaveText([question]);
    await expect(answers(page).first().locator("a[data-citation]").first()).toBeVisible();

    // Back to questions about anything.
    await panel(page).getByRole("button", { name: "Ask about anything" }).click();
    await expect(panel(page).getByTestId("companion-scope")).toHaveCount(0);
  });

  test("Stop ends a pending answer and the input comes back", async ({ page, visit, student: _student }) => {
    await visit("/courses");
    await openCompanion(page);
    const { release, held } = await holdChatRequests(page);
    await input(page).fill(GROUNDING_QUESTION);
    await input(page).press("Enter");
    await held;
    await panel(page).getByRole("button", { name: "Stop" }).click();
    await expect(answers(page).last()).toContainText("Stopped.");
    await expect(input(page)).toBeEnabled();
    await expect(panel(page).getByRole("button", { name: "Send" })).toBeVisible();
    release();
  });

  test("a refusal shows the server's message; an unreachable server shows Connection Issue", async ({ page, visit, student: _student }) => {
    await visit("/courses");
    await openCompanion(page);

    await page.route("**/api/chat", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "60" }, json: { message: "You have used today's questions. Please come back tomorrow." } }),
    );
    await input(page).fill(GROUNDING_QUESTION);
    await input(page).press("Enter");
    await expect(panel(page).getByTestId("companion-error")).toHaveText("You have used today's questions. Please come back tomorrow.");
    // The question was not taken: it is back in the input to send again.
    await expect(input(page)).toHaveValue(GROUNDING_QUESTION);
    await expect(questions(page)).toHaveCount(0);

    await page.unroute("**/api/chat");
    await page.route("**/api/chat", (route) => route.fulfill({ status: 503, json: { message: "Service Unavailable" } }));
    await input(page).press("Enter");
    await expect(page.getByTestId("toast-title")).toHaveText("Connection Issue");
    await expect(page.getByText("Unable to reach your study companion. Please try again.", { exact: true })).toBeVisible();

    await page.unroute("**/api/chat");
    await page.route("**/api/chat", (route) => route.abort("internetdisconnected"));
    await input(page).press("Enter");
    await expect(page.getByTestId("toast-title")).toHaveText("Connection Issue");
    await expect(input(page)).toHaveValue(GROUNDING_QUESTION);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 780 } });

    test("the panel fills the screen and closes with its own button", async ({ page, visit, student: _student }) => {
      await visit("/courses");
      await toggle(page).click();
      await expect(panel(page)).toBeVisible();
      expect(await panel(page).boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 780 });
      await expect(toggle(page)).toBeHidden();
      await panel(page).getByRole("button", { name: "Close study companion" }).click();
      await expect(panel(page)).toBeHidden();
      await expect(toggle(page)).toBeVisible();
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Quick Action leads to a panel that explains it needs JavaScript", async ({ page, visit, student: _student }) => {
      await visit("/students");
      await page.getByRole("link", { name: /Chat with the study companion/ }).click();
      await expect(page).toHaveURL("/students?companion=open");
      await expect(panel(page)).toContainText("The study companion needs JavaScript");
      await panel(page).getByRole("link", { name: "Close study companion" }).click();
      await expect(page).toHaveURL("/students");
      await expect(panel(page)).toHaveCount(0);
    });
  });
});
