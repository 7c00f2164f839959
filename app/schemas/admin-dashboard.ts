// The admin dashboard's tabs and form intents: shared by its page, its
// components and the action that answers them (services/admin-dashboard.server.ts).

export const DASHBOARD_TABS = [
  { id: "overview", label: "Overview" },
  { id: "courses", label: "Course Management" },
  { id: "members", label: "Member Progress" },
  { id: "knowledge-base", label: "Knowledge Base" },
  { id: "analytics", label: "Analytics" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** ?tab= picks a tab; anything unknown shows the overview. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? "overview";
}

export const SAVE_CONTACT_INTENT = "save-contact";
export const GRANT_REQUEST_INTENT = "grant-premium-request";
export const DISMISS_REQUEST_INTENT = "dismiss-premium-request";
