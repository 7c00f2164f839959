import { useEffect } from "react";
import type { Toast } from "~/utils/toast.server";

/**
 * Plays the chime a success toast asks for (lesson completed, certificate
 * earned, post published) when the member's sound effects are on. The synth
 * is loaded only when a chime is due.
 */
export function SuccessChime({ toast, soundEffects }: { toast: Toast | null; soundEffects: boolean }) {
  const chime = toast?.chime;
  const toastId = toast?.id;
  useEffect(() => {
    if (!chime || !soundEffects) return;
    void import("~/utils/chimes").then(({ playChime }) => playChime(chime));
  }, [chime, toastId, soundEffects]);
  return null;
}
