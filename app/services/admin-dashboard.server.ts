import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import type { Notice } from "~/schemas/notice";
import { DISMISS_REQUEST_INTENT, GRANT_REQUEST_INTENT, parseDashboardTab, SAVE_CONTACT_INTENT, type DashboardTab } from "~/schemas/admin-dashboard";
import { getContactAddress, setContactAddress } from "~/models/platform/academy-settings.server";
import { countArticlesByStatus, getAnalytics, listRecentActivity } from "~/models/reports/analytics.server";
import { listAllCourses } from "~/models/learning/course.server";
import { listArticles } from "~/models/community/knowledge-base.server";
import { countStudents, listMembers, MEMBER_PAGE_SIZE } from "~/models/accounts/members.server";
import { dismissPremiumRequest, grantPremiumRequest, listOpenPremiumRequests, PremiumRequestRefusal } from "~/models/billing/premium-requests.server";
import { getPlatformStats } from "~/models/reports/stats.server";
import { AcademyContactSchema } from "~/schemas/academy-contact";
import { getOptionalUser, requireAdmin } from "~/services/auth.server";
import type { RequestContext } from "~/models/accounts/session.server";
import { readForm } from "~/utils/form-data.server";
import { parsePageNumber, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";

const RECENT_ACTIVITY_LIMIT = 12;
const LATEST_ARTICLES = 5;

/** Only the open tab's figures are read, so each tab costs one tab's queries. */
async function loadTab(tab: DashboardTab, url: URL) {
  switch (tab) {
    case "overview":
      return {
        tab,
        stats: await getPlatformStats(),
        activity: await listRecentActivity(RECENT_ACTIVITY_LIMIT),
        premiumRequests: await listOpenPremiumRequests(),
        contact: await getContactAddress(),
      } as const;
    case "courses":
      return { tab, courses: await listAllCourses() } as const;
    case "members": {
      const total = await countStudents();
      const pageCount = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
      const page = parsePageNumber(url.searchParams.get("page"), pageCount);
      return { tab, members: await listMembers({ page }), total, page, pageCount } as const;
    }
    case "knowledge-base":
      return {
        tab,
        counts: await countArticlesByStatus(),
        latest: (await listArticles({ includeDrafts: true, limit: LATEST_ARTICLES })).map((article) => ({
          id: article.id,
          title: article.title,
          category: article.category,
          isPublished: article.isPublished,
          createdAt: article.createdAt.toISOString(),
        })),
      } as const;
    case "analytics":
      return { tab, analytics: await getAnalytics() } as const;
  }
}

/** The admin dashboard's data, shared by /dashboard and /admin. */
export async function loadAdminDashboard(request: Request, context: RequestContext) {
  // An instructor's admin area is their courses alone (issue 29).
  if ((await getOptionalUser(request, context))?.role === "instructor") throw redirect("/admin/courses");
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab = parseDashboardTab(url.searchParams.get("tab"));
  return json({ username: admin.username, content: await loadTab(tab, url) });
}

type DashboardActionData = { notice: Notice | null; contactResult?: SubmissionResult<string[]> };

function refused(status: number, title: string, description: string) {
  return json<DashboardActionData>({ notice: { type: "error", title, description } }, { status });
}

/** The overview's forms (Premium requests, the contact address): plain posts, back to the same tab with a toast. */
export async function adminDashboardAction(request: Request, context: RequestContext) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `${url.pathname}${url.search}`;
  const intent = formData.get("intent");

  if (intent === SAVE_CONTACT_INTENT) {
    const submission = parseWithZod(formData, { schema: AcademyContactSchema });
    if (submission.status !== "success") return json<DashboardActionData>({ notice: null, contactResult: submission.reply() }, { status: 400 });
    const saved = await setContactAddress(submission.value.contact);
    return await redirectWithToast(back, {
      type: "success",
      title: saved ? "Contact address saved" : "Contact address removed",
      description: saved ? `Members are sent to ${saved}.` : "Pages now ask members to contact the academy without a link.",
    });
  }

  if (intent !== GRANT_REQUEST_INTENT && intent !== DISMISS_REQUEST_INTENT) return refused(400, "Unknown action", "Reload the page and try again.");
  const requestId = parseRouteId(formData.get("requestId"));
  if (requestId === null) return refused(404, "Request not handled", "Premium request not found");
  try {
    if (intent === GRANT_REQUEST_INTENT) {
      const { username } = await grantPremiumRequest(admin, requestId);
      return await redirectWithToast(back, { type: "success", title: "Premium granted", description: `${username} is now a Premium Student.` });
    }
    const { username } = await dismissPremiumRequest(admin, requestId);
    return await redirectWithToast(back, { type: "message", title: "Request dismissed", description: `${username}'s plan is unchanged.` });
  } catch (error) {
    if (error instanceof PremiumRequestRefusal) return refused(error.status, "Request not handled", error.message);
    throw error;
  }
}
