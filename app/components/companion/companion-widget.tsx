import { useLocation } from "@remix-run/react";
import { MessageCircle, X } from "~/components/ui/icons";
import { useCallback, useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { COMPANION_PANEL_ID, CompanionPanel } from "~/components/companion/companion-panel";
import {
  clearCompanionScope,
  closeCompanion,
  COMPANION_PARAM,
  companionHref,
  openCompanion,
  resetCompanion,
  useCompanionState,
} from "~/components/companion/companion-store";
import { useConversation } from "~/components/companion/use-conversation";
import { cn } from "~/utils/misc";

// One class (tailwind.css): the button is on every member's page.
const toggleClasses = "glow companion-toggle";

/**
 * The floating study companion, mounted once in the root for signed-in
 * members. It stays mounted across navigations so the conversation survives.
 * A link with ?companion=open opens it on arrival (also without JavaScript,
 * where the panel explains that it needs JavaScript).
 */
export function CompanionWidget() {
  const hydrated = useHydrated();
  const { open, scope, openings } = useCompanionState();
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get(COMPANION_PARAM) === "open";
  const conversation = useConversation({ open, scope });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (requested) openCompanion();
  }, [requested, location.key]);

  // The next member to sign in on this page starts with a closed, unscoped companion.
  useEffect(() => resetCompanion, []);

  // Focus moves into the input each time the panel opens.
  useEffect(() => {
    if (openings > 0) inputRef.current?.focus();
  }, [openings]);

  const close = useCallback(() => {
    closeCompanion();
    toggleRef.current?.focus();
  }, []);

  // On a phone the panel covers the page: following a link closes it so the page shows.
  const followed = useCallback(() => {
    if (!window.matchMedia("(min-width: 640px)").matches) closeCompanion();
  }, []);

  const otherParams = new URLSearchParams(location.search);
  otherParams.delete(COMPANION_PARAM);
  const closeHref = otherParams.toString() ? `${location.pathname}?${otherParams.toString()}` : location.pathname;
  const panelOpen = hydrated ? open : requested;

  return (
    <>
      {hydrated || requested ? (
        <CompanionPanel
          open={panelOpen}
          hydrated={hydrated}
          scope={scope}
          conversation={conversation}
          inputRef={inputRef}
          closeHref={closeHref}
          onClose={close}
          onClearScope={clearCompanionScope}
          onFollow={followed}
        />
      ) : null}
      {hydrated ? (
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={COMPANION_PANEL_ID}
          aria-label="Study companion"
          data-testid="companion-toggle"
          onClick={() => (open ? close() : openCompanion())}
          // On a phone the open panel fills the screen and has its own close button.
          className={cn(toggleClasses, open ? "hidden sm:inline-flex" : "inline-flex")}
        >
          {open ? <X className="h-6 w-6" aria-hidden /> : <MessageCircle className="h-6 w-6" aria-hidden />}
        </button>
      ) : (
        <a href={companionHref(location.pathname, location.search)} aria-label="Study companion" className={cn(toggleClasses, "inline-flex")} data-testid="companion-toggle">
          <MessageCircle className="h-6 w-6" aria-hidden />
        </a>
      )}
    </>
  );
}
