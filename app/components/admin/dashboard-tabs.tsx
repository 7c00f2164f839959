import { TabLinks } from "~/components/learning/tab-links";

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

/** The dashboard's five tabs as links (`?tab=`), so they work without JavaScript. */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  return <TabLinks label="Dashboard sections" tabs={DASHBOARD_TABS} current={current} hrefFor={(id) => `?tab=${id}`} />;
}
