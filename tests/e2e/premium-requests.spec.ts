import path from "node:path";
import Database from "better-sqlite3";
import {
  expect,
  HEADMASTER,
  login,
  newStudentCredentials,
  registerThroughApi,
  test,
} from "./helpers";

// The browser server runs with (fake) Stripe, so members pay online there and
// cannot ask for Premium; the member's side of "Request Premium" (payments off)
// is told in tests/integration/premium-requests.test.ts. Here the request a
// member filed while payments were off is put in the database as it was left,
// and the headmaster handles it, with JavaScript off and on.

function fileRequestWhilePaymentsWereOff(
  username: string,
  message: string
): void {
  const dataDir = process.env.ACADEMY_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("playwright.config.ts sets ACADEMY_E2E_DATA_DIR");
  const database = new Database(path.join(dataDir, "academy.db"), {
    fileMustExist: true,
  });
  try {
    database.pragma("busy_timeout = 5000");
    const member = database
      .prepare("select id from users where username = ?")
      .get(username) as { id: number } | undefined;
    if (!member) throw new Error(`no member ${username}`);
    database
      .prepare("insert into premium_requests (user_id, message) values (?, ?)")
      .run(member.id, message);
  } finally {
    database.close();
  }
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`Premium requests on the admin dashboard, JavaScript ${
    javaScriptEnabled ? "on" : "off"
  }`, () => {
    test.use({ javaScriptEnabled });

    test("the headmaster grants a waiting member Premium in one click and sets the contact address", async ({
      page,
      visit,
      request,
    }) => {
      const member = newStudentCredentials();
      await registerThroughApi(request, member);
      fileRequestWhilePaymentsWereOff(
        member.username,
        "Teaching tarot twice a week."
      );

      await visit("/login");
      await login(page, HEADMASTER);
      await expect(page).toHaveURL("/dashboard");
      await expect(
        page
          .getByRole("navigation", { name: "Quick actions" })
          .getByRole("link", { name: "Templates" })
      ).toHaveAttribute("href", "/tools-templates");

      const requests = page.getByRole("list", {
        name: "Open Premium requests",
      });
      const waiting = requests
        .getByTestId("premium-request")
        .filter({ hasText: member.username });
      await expect(waiting).toContainText("Teaching tarot twice a week.");
      await waiting
        .getByRole("button", { name: `Grant Premium to ${member.username}` })
        .click();

      await expect(page).toHaveURL("/dashboard");
      await expect(
        page.getByText(`${member.username} is now a Premium Student.`, { exact: true })
      ).toBeVisible();
      await expect(
        page.getByTestId("premium-request").filter({ hasText: member.username })
      ).toHaveCount(0);
      const activity = page.getByRole("list", { name: "Recent activity" });
      await expect(
        activity.getByText(
          `${member.username} became a Premium member (granted by an admin)`
        )
      ).toBeVisible();

      // The contact address: refused when it is neither an email nor an https page, then saved, shown, removed.
      const contact = page.getByLabel(
        "Contact address (email or https:// page)"
      );
      await contact.fill("www.academy.example");
      await page.getByRole("button", { name: "Save Contact" }).click();
      await expect(
        page.getByText(
          "Enter an email address or a web address starting with https://"
        )
      ).toBeVisible();
      await page
        .getByLabel("Contact address (email or https:// page)")
        .fill("help@academy.example");
      await page.getByRole("button", { name: "Save Contact" }).click();
      await expect(
        // exact: Radix also announces the toast for a second in a status span holding title and text together.
        page.getByText("Members are sent to help@academy.example.", { exact: true })
      ).toBeVisible();
      await expect(page.getByTestId("footer-contact")).toHaveAttribute(
        "href",
        "mailto:help@academy.example"
      );

      await page
        .getByLabel("Contact address (email or https:// page)")
        .fill("");
      await page.getByRole("button", { name: "Save Contact" }).click();
      await expect(page.getByText("Contact address removed", { exact: true })).toBeVisible();
      await expect(page.getByTestId("footer-contact")).toHaveCount(0);
    });
  });
}
