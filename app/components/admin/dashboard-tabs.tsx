import { TabLinks } from "~/components/learning/tab-links";
import { DASHBOARD_TABS, type DashboardTab } from "~/schemas/admin-dashboard";

/** The dashboard's five tabs as links (`?tab=`), so they work without JavaScript. */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  return <TabLinks label="Dashboard sections" tabs={DASHBOARD_TABS} current={current} hrefFor={(id) => `?tab=${id}`} />;
}
