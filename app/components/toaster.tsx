import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "~/components/ui/icons";
import { useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Toast } from "~/utils/toast.server";
import { cn } from "~/utils/misc";

export type ClientToast = Pick<Toast, "title" | "description" | "type"> & { id?: string };

// One toast at a time (spec §9): a new one replaces the current one.
let current: ClientToast | null = null;
const listeners = new Set<() => void>();
function emit(next: ClientToast | null) {
  current = next;
  listeners.forEach((listener) => listener());
}
export function showToast(toast: ClientToast) {
  emit({ ...toast, id: toast.id ?? Math.random().toString(36).slice(2) });
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const toneClasses: Record<Toast["type"], string> = {
  message: "border-primary/50",
  success: "border-emerald-400/60",
  error: "border-red-500/80 bg-red-950/90",
};

function ToastBody({ toast }: { toast: ClientToast }) {
  return (
    <>
      <p className="font-semibold" data-testid="toast-title">
        {toast.title}
      </p>
      {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
    </>
  );
}

/** Shows the server's flash toast (also without JavaScript) and client toasts. */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const hydrated = useHydrated();
  const toast = useSyncExternalStore(subscribe, () => current, () => null);

  useEffect(() => {
    if (serverToast) showToast(serverToast);
  }, [serverToast]);

  const base = "w-full max-w-[420px] rounded-lg border bg-background/95 p-4 pr-10 text-foreground shadow-xl backdrop-blur";

  if (!hydrated) {
    return serverToast ? (
      // Without JavaScript nothing can close it: clicks pass through, and it fades after 5 s (CSS).
      <div role="status" aria-live="polite" className="static-toast pointer-events-none fixed bottom-4 right-4 z-50">
        <div className={cn(base, toneClasses[serverToast.type])}>
          <ToastBody toast={serverToast} />
        </div>
      </div>
    ) : null;
  }

  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toast ? (
        <ToastPrimitive.Root
          key={toast.id}
          defaultOpen
          // "background" makes Radix announce it politely (aria-live="polite").
          type="background"
          onOpenChange={(open) => {
            if (!open) emit(null);
          }}
          className={cn(base, "relative", toneClasses[toast.type])}
        >
          <ToastPrimitive.Title asChild>
            <p className="font-semibold" data-testid="toast-title">
              {toast.title}
            </p>
          </ToastPrimitive.Title>
          {toast.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{toast.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport hotkey={["F8"]} className="fixed bottom-4 right-4 z-50 flex w-full max-w-[420px] flex-col gap-2 outline-none" />
    </ToastPrimitive.Provider>
  );
}
