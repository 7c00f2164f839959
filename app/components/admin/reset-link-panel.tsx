import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";

export interface CreatedResetLink {
  username: string;
  url: string;
  expiresAt: string;
}

/** The reset link an admin just made: shown this once (only its hash is stored), to copy and pass on. */
export function ResetLinkPanel({ link }: { link: CreatedResetLink }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const expires = new Date(link.expiresAt).toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
  return (
    <section
      role="status"
      aria-labelledby="reset-link-title"
      className="rounded-md border border-emerald-400/50 bg-emerald-950/40 p-4 text-sm"
      data-testid="reset-link-panel"
    >
      <h3 id="reset-link-title" className="font-semibold">
        Reset link for {link.username}
      </h3>
      <p className="mt-1 opacity-90">
        Pass it on to {link.username} privately. It works once, until{" "}
        <time dateTime={link.expiresAt} suppressHydrationWarning>
          {expires}
        </time>{" "}
        (1 hour), and will not be shown again.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="reset-link-url" className="sr-only">
          Reset link
        </label>
        <input
          id="reset-link-url"
          readOnly
          value={link.url}
          className={`${inputClasses} min-w-0 flex-1 font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              void navigator.clipboard.writeText(link.url).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
