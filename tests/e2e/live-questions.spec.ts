import type { Page } from "@playwright/test";
import { endSessionThroughApi, expect, goLiveThroughApi, HEADMASTER, loginThroughApi, test, waitUntilInteractive } from "./helpers";

// The live room's questions (issue 28): a student asks and upvotes without
// JavaScript; with JavaScript a student asks, another member's vote and the
// host's "Mark answered" reach the room, and the host hides a question. Only
// one session may be live, so these run one after another and end what they start.
test.describe.configure({ mode: "serial" });

const EMPTY = "No questions yet. Ask the first one!";
const PLACEHOLDER = "Ask the host a question...";


const panelOf = (page: Page) => page.getByRole("region", { name: "Questions", exact: true });
const questionIn = (page: Page, text: string) => panelOf(page).getByTestId("live-question").filter({ hasText: text });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student asks and upvotes with plain forms", async ({ page, visit, request, student }) => {
    expect(student.username).toBeTruthy();
    const id = await goLiveThroughApi(request);
    try {
      await visit(`/join-conference/${id}?room=1`);
      const panel = panelOf(page);
      await expect(panel.getByText(EMPTY)).toBeVisible();
      await panel.getByRole("button", { name: "Ask" }).click();
      await expect(panel.getByText("Write a question first")).toBeVisible();

      await panel.getByPlaceholder(PLACEHOLDER).fill("Can we record our own readings?");
      await panel.getByRole("button", { name: "Ask" }).click();
      await expect(page).toHaveURL(`/join-conference/${id}?room=1#live-questions`);
      const mine = questionIn(page, "Can we record our own readings?");
      await expect(mine).toBeVisible();
      await expect(mine.getByTestId("question-votes")).toHaveText("0");

      await mine.getByRole("button", { name: /Upvote/ }).click();
      await expect(questionIn(page, "Can we record our own readings?").getByTestId("question-votes")).toHaveText("1");
      await questionIn(page, "Can we record our own readings?").getByRole("button", { name: /Remove your vote/ }).click();
      await expect(questionIn(page, "Can we record our own readings?").getByTestId("question-votes")).toHaveText("0");
      // Members see no host controls.
      await expect(panelOf(page).getByRole("button", { name: "Mark answered" })).toHaveCount(0);
    } finally {
      await endSessionThroughApi(request, id);
    }
  });
});

test.describe("with JavaScript", () => {
  test("questions, votes and answers reach the room live; the host hides one", async ({ browser, page, visit, request, student }) => {
    expect(student.username).toBeTruthy();
    test.slow(); // two browsers
    const id = await goLiveThroughApi(request);
    const hostContext = await browser.newContext();
    try {
      await loginThroughApi(hostContext.request, HEADMASTER);
      const host = await hostContext.newPage();
      await host.goto("/admin/conference");
      await waitUntilInteractive(host);
      await expect(panelOf(host).getByText(EMPTY)).toBeVisible();

      await visit(`/join-conference/${id}?room=1`);
      await panelOf(page).getByPlaceholder(PLACEHOLDER).fill("What is a good daily practice?");
      await panelOf(page).getByRole("button", { name: "Ask" }).click();
      await expect(questionIn(page, "What is a good daily practice?")).toBeVisible();
      await expect(page).toHaveURL(`/join-conference/${id}?room=1`);
      await expect(panelOf(page).getByPlaceholder(PLACEHOLDER)).toHaveValue("");

      // Another question from the host's side of the API, then the student upvotes it above the first.
      const other = await request.post(`/api/conferences/${id}/questions`, { data: { text: "How do I handle a sceptical client?" } });
      expect(other.status()).toBe(201);
      await expect(questionIn(page, "How do I handle a sceptical client?")).toBeVisible({ timeout: 10_000 });
      await questionIn(page, "How do I handle a sceptical client?").getByRole("button", { name: /Upvote/ }).click();
      await expect(questionIn(page, "How do I handle a sceptical client?").getByRole("button", { name: /Remove your vote/ })).toBeVisible();
      await expect(panelOf(page).getByTestId("live-question").first()).toContainText("How do I handle a sceptical client?");

      // The host sees both, marks one answered and hides the other; the student's room follows.
      await expect(questionIn(host, "What is a good daily practice?")).toBeVisible({ timeout: 10_000 });
      await expect(questionIn(host, "How do I handle a sceptical client?").getByTestId("question-votes")).toHaveText("1", { timeout: 10_000 });
      await questionIn(host, "How do I handle a sceptical client?").getByRole("button", { name: "Mark answered" }).click();
      await expect(panelOf(page).getByRole("list", { name: "Answered questions" })).toContainText("How do I handle a sceptical client?", { timeout: 10_000 });
      await questionIn(host, "What is a good daily practice?").getByRole("button", { name: "Hide" }).click();
      await expect(questionIn(page, "What is a good daily practice?")).toHaveCount(0, { timeout: 10_000 });
    } finally {
      await hostContext.close();
      await endSessionThroughApi(request, id);
    }
  });
});
