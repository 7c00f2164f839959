import { useSyncExternalStore } from "react";

// Whether the floating companion is open, and what it is scoped to. Entry
// points elsewhere on the page (the portal's Quick Action, the lesson
// player's "Ask about this lesson") open it through here without knowing
// where the widget is mounted.

/** What the panel is about: the whole academy, or one lesson ("Ask about this lesson"). */
export interface CompanionScope {
  lessonId: number;
  courseTitle: string;
  lessonTitle: string;
}

export interface CompanionState {
  open: boolean;
  /** Set when opened from a lesson; cleared by the panel's "Ask about anything". */
  scope: CompanionScope | null;
  /** Counts openings, so the panel can move focus into its input each time. */
  openings: number;
}

let state: CompanionState = { open: false, scope: null, openings: 0 };
const listeners = new Set<() => void>();

function update(next: Partial<CompanionState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

/** Opens the panel; with a scope, questions are about that lesson. Without one, the current scope stays. */
export function openCompanion(scope?: CompanionScope) {
  update({ open: true, scope: scope ?? state.scope, openings: state.openings + 1 });
}

export function closeCompanion() {
  update({ open: false });
}

/** Back to closed and unscoped (the widget unmounts when its member signs out). */
export function resetCompanion() {
  update({ open: false, scope: null });
}

export function clearCompanionScope() {
  update({ scope: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const closed: CompanionState = { open: false, scope: null, openings: 0 };

export function useCompanionState(): CompanionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
}

/** The search parameter that opens the companion on page load (links that work without JavaScript). */
export const COMPANION_PARAM = "companion";

/** `path` with ?companion=open added, keeping its other parameters. */
export function companionHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(COMPANION_PARAM, "open");
  return `${pathname}?${params.toString()}`;
}
