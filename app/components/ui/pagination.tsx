import { useLocation, useSearchParams } from "@remix-run/react";
import { cn } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

/** The page numbers worth showing: first, last and a window around the current one. */
export function visiblePages(page: number, pageCount: number, radius = 2): Array<number | "gap"> {
  const pages: Array<number | "gap"> = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - page) <= radius;
    if (n === 1 || n === pageCount || near) pages.push(n);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

/** The current query with another page: the rest (?tab=, ?q=, ?plan=…) is kept; page 1 has no `page`. */
export function pageHref(search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** Plain links, so paging works without JavaScript. */
export function Pagination({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-2">
      {visiblePages(page, pageCount).map((item, index) =>
        item === "gap" ? (
          <span key={`gap-${index}`} className="px-1 opacity-60" aria-hidden>
            …
          </span>
        ) : (
          <AppLink
            key={item}
            to={`${pathname}${pageHref(searchParams, item).replace(/^\?$/, "")}`}
            aria-current={item === page ? "page" : undefined}
            className={cn("rounded-md border border-primary/50 px-3 py-1 text-sm", item === page && "bg-primary/40")}
          >
            {item}
          </AppLink>
        ),
      )}
    </nav>
  );
}
