import { useRouteLoaderData } from "@remix-run/react";
// Only the loader's type: components read the root data through these hooks and never import root.tsx.
import type { RootLoaderData } from "~/root";

/** The signed-in user as the root loader saw it, or null. */
export function useOptionalUser() {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}

/** The academy's contact link (mailto: or https) set by an admin, or null. */
export function useContactLink() {
  return useRouteLoaderData<RootLoaderData>("root")?.contact ?? null;
}
