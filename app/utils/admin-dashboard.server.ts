import { json } from "@remix-run/node";
import { parseDashboardTab, type DashboardTab } from "~/components/admin/dashboard-tabs";
import { countArticlesByStatus, getAnalytics, listRecentActivity } from "~/models/analytics.server";
import { listAllCourses } from "~/models/course.server";
import { listArticles } from "~/models/knowledge-base.server";
import { countStudents, listMembers, MEMBER_PAGE_SIZE } from "~/models/members.server";
import { getPlatformStats } from "~/models/stats.server";
import { requireAdmin } from "~/utils/auth.server";
import { parsePageNumber } from "~/utils/misc";

const RECENT_ACTIVITY_LIMIT = 12;
const LATEST_ARTICLES = 5;

/** Only the open tab's figures are read, so each tab costs one tab's queries. */
function loadTab(tab: DashboardTab, url: URL) {
  switch (tab) {
    case "overview":
      return { tab, stats: getPlatformStats(), activity: listRecentActivity(RECENT_ACTIVITY_LIMIT) } as const;
    case "courses":
      return { tab, courses: listAllCourses() } as const;
    case "members": {
      const total = countStudents();
      const pageCount = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
      const page = parsePageNumber(url.searchParams.get("page"), pageCount);
      return { tab, members: listMembers({ page }), total, page, pageCount } as const;
    }
    case "knowledge-base":
      return {
        tab,
        counts: countArticlesByStatus(),
        latest: listArticles({ includeDrafts: true, limit: LATEST_ARTICLES }).map((article) => ({
          id: article.id,
          title: article.title,
          category: article.category,
          isPublished: article.isPublished,
          createdAt: article.createdAt.toISOString(),
        })),
      } as const;
    case "analytics":
      return { tab, analytics: getAnalytics() } as const;
  }
}

/** The admin dashboard's data, shared by /dashboard and /admin. */
export async function loadAdminDashboard(request: Request) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const tab = parseDashboardTab(url.searchParams.get("tab"));
  return json({ username: admin.username, content: loadTab(tab, url) });
}
