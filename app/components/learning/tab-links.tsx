import { Link } from "@remix-run/react";
import { cn } from "~/utils/misc";

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
      <ul className={cn("flex flex-wrap gap-1 rounded-lg border border-primary/25 bg-black/25 p-1", size === "sm" && "text-sm")}>
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={hrefFor(tab.id)}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block rounded-md px-4 py-2 font-medium transition",
                  active ? "bg-primary text-on-primary shadow" : "opacity-80 hover:bg-primary/15 hover:opacity-100",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
