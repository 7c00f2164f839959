import { AppLink } from "~/components/ui/app-link";

/** Tabs as plain links, so they work without JavaScript and can be bookmarked. */
export function TabLinks<T extends string>({
  label,
  tabs,
  current,
  hrefFor,
  size = "md",
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  current: T;
  hrefFor: (id: T) => string;
  size?: "md" | "sm";
}) {
  return (
    <nav aria-label={label}>
      <ul className={size === "sm" ? "tab-list text-sm" : "tab-list"}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            {/* The current tab's look comes from aria-current (tailwind.css). */}
            <AppLink to={hrefFor(tab.id)} preventScrollReset aria-current={tab.id === current ? "page" : undefined} className="tab-link">
              {tab.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
