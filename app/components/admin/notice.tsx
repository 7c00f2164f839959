import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { showToast } from "~/components/toaster";
import type { Notice } from "~/schemas/notice";

export type { Notice };

/**
 * A message an action answers without redirecting (a refused upload, sample
 * sections added). With JavaScript it is a toast; without, the toast cookie
 * would only show on the next page, so it is shown in the form instead.
 */
export function FormNotice({ notice }: { notice: Notice | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (notice) showToast(notice);
  }, [notice]);
  if (!notice || hydrated) return null;
  return (
    <div
      role={notice.type === "error" ? "alert" : "status"}
      className={
        notice.type === "error"
          ? "rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm"
          : "rounded-md border border-emerald-400/50 bg-emerald-950/40 p-3 text-sm"
      }
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.description ? <p className="mt-1 opacity-90">{notice.description}</p> : null}
    </div>
  );
}
