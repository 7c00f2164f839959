import { Link } from "@remix-run/react";
import { visiblePages } from "~/components/ui/pagination";
import { cn } from "~/utils/misc";

/**
 * Page links that keep the rest of the query (?tab=, ?q=, ?plan=), which the
 * shared <Pagination> (plain `?page=n`) would drop. Plain links: no JavaScript needed.
 */
export function QueryPagination({ page, pageCount, label, search }: { page: number; pageCount: number; label: string; search: URLSearchParams }) {
  if (pageCount <= 1) return null;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-2">
      {visiblePages(page, pageCount).map((item, index) =>
        item === "gap" ? (
          <span key={`gap-${index}`} className="px-1 opacity-60" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            aria-current={item === page ? "page" : undefined}
            className={cn("rounded-md border border-primary/50 px-3 py-1 text-sm", item === page && "bg-primary/40")}
          >
            {item}
          </Link>
        ),
      )}
    </nav>
  );
}
