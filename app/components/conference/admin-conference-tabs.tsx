import { TabLinks } from "~/components/learning/tab-links";

const TABS = [
  { id: "sessions", label: "Sessions" },
  { id: "recordings", label: "Recordings" },
] as const;
export type AdminConferenceTab = (typeof TABS)[number]["id"];

const HREFS: Record<AdminConferenceTab, string> = {
  sessions: "/admin/conference",
  recordings: "/admin/recordings",
};

/** Spec §2: the admin sessions page and the recordings page share the tabs Sessions and Recordings, as plain links. */
export function AdminConferenceTabs({ current }: { current: AdminConferenceTab }) {
  return <TabLinks label="Live sessions" tabs={TABS} current={current} hrefFor={(id) => HREFS[id]} />;
}
