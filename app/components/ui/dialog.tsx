import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { X } from "~/components/ui/icons";
import { useRef, type ReactNode } from "react";
import { cn } from "~/utils/misc";

/**
 * A modal whose open state lives in the URL (?new=1, ?edit=3, ?delete=3), so
 * it also works without JavaScript: the server renders it open and closing is
 * a plain link back to `closeTo`. It is rendered in place, not in a portal,
 * because portals only mount in the browser.
 */
export function UrlDialog({
  title,
  description,
  closeTo,
  size = "md",
  children,
}: {
  title: string;
  description?: ReactNode;
  closeTo: string;
  size?: "md" | "lg";
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // The opener is a link to this URL, not a Radix Trigger: remember what had
  // focus when the dialog first rendered (in the browser, the clicked link)
  // and give focus back to it when the dialog closes.
  const opener = useRef(typeof document === "undefined" ? null : document.activeElement);
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70" />
      <DialogPrimitive.Content
        // Radix wants an explicit "no description" when there is none.
        {...(description ? {} : { "aria-describedby": undefined })}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const element = opener.current;
          if (element instanceof HTMLElement && element.isConnected && element !== document.body) element.focus();
        }}
        // Anchored to the top and kept clear of the bottom edge, where toasts
        // appear: a toast must never sit on top of the form's buttons.
        className={cn(
          "fixed left-1/2 top-8 z-50 max-h-[calc(100vh-11rem)] w-[calc(100%-2rem)] -translate-x-1/2 overflow-y-auto rounded-xl border border-primary/40 bg-background p-6 shadow-2xl",
          size === "lg" ? "max-w-3xl" : "max-w-xl",
        )}
      >
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <DialogPrimitive.Title className="font-display text-2xl">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm opacity-80">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          <Link to={closeTo} preventScrollReset aria-label="Close" className="rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-5 w-5" aria-hidden />
          </Link>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}
